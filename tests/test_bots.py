"""Bots are told apart from people in every profile, and the day's counts follow everywhere:
the digest's numbers, the script's "the work of N authors", the episode's people (the feed's
podcast:person). Days come from a real git repository and from the local GitHub API server."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from github_history import History, Planned, serving
from gitrepo import RepoBuilder, at

from studio.digest.build import build_digest
from studio.pipeline import write_script_for
from studio.profile import profile_for
from studio.script.llm.factlock import check_sentence
from studio.script.llm.facts import day_facts
from studio.sources.github import pull_github
from studio.sources.github.auth import Token
from studio.sources.github.transport import NetworkPolicy
from studio.sources.gitlocal import pull_git
from studio.sources.model import save_day

DATE = "2026-02-09"
TOKEN = "ghp_botsTOKEN0123456789abcdefABCDEF0123"
FAST = NetworkPolicy(timeout=2.0, retries=2, backoff=0.01, max_rate_wait=3.0, min_interval=None)

BOTS = [  # (name, login, email) as commits carry them
    ("PyTorch MergeBot", "", "pytorchmergebot@users.noreply.github.com"),
    ("PyTorch MergeBot", "", "mergebot@pytorch.example"),
    ("dependabot[bot]", "", "49699333+dependabot[bot]@users.noreply.github.com"),
    ("Dependabot", "", "49699333+dependabot[bot]@users.noreply.github.com"),
    ("", "github-actions[bot]", ""),
    ("Nightly", "", "41898282+nightlybuild[bot]@users.noreply.github.com"),
    ("Release Bot", "", "release@corp.example"),
    ("docs-bot", "", "docs@corp.example"),
    ("k8s ci", "k8s-ci-robot", ""),
    ("pytorchbot", "", "soumith+bot@pytorch.example"),
    ("ci", "", "ci-bot@corp.example"),
    ("Updater", "", "updatebot@users.noreply.github.com"),
    ("zaniebot", "", "zaniebot@accounts.zanie.blue"),  # ruff's release account
    ("Copilot", "", "198982749+Copilot@users.noreply.github.com"),
    ("GitHub", "", "noreply@github.com"),  # the web-flow committer
    ("Merge Queue", "", "github@github.com"),
]
PEOPLE = [
    ("Jane Abbott", "", "jane@abbott.example"),
    ("Abbott", "abbott", "abbott@users.noreply.github.com"),
    ("Cabot Lodge", "", "cabot@lodge.example"),
    ("Bo Botha", "", "bo.botha@example.com"),
    ("Ada Lovelace", "adal", "12345+adal@users.noreply.github.com"),
    ("Robert Botwin", "", "robert@botwin.example"),
    ("Talbot", "", "talbot@example.com"),
    ("Sam Talbot", "talbot", "42+talbot@users.noreply.github.com"),
    ("cabot", "", "cabot@example.com"),
    ("Paul Tarjan", "", "github@paulisageek.com"),  # git/git: a person's mailbox named "github"
]


@pytest.mark.parametrize("who", BOTS, ids=[b[0] or b[1] for b in BOTS])
def test_the_generic_profile_knows_the_common_bot_shapes(who):
    profile = profile_for("someone/unknown")
    assert not profile.bots or "pytorchmergebot" not in profile.bots
    assert profile.is_bot(*who), who


@pytest.mark.parametrize("who", PEOPLE, ids=[p[0] for p in PEOPLE])
def test_people_whose_names_hold_bot_are_people(who):
    assert not profile_for("someone/unknown").is_bot(*who), who


def test_a_show_lists_its_own_bots():
    profile = profile_for("someone/unknown")
    assert not profile.is_bot("Nightly Builder", "", "builder@corp.example")
    mine = profile.with_bots(["builder@corp.example", "Chores"])
    assert mine.is_bot("Nightly Builder", "", "builder@corp.example")
    assert mine.is_bot("Chores", "", "x@corp.example")
    assert not mine.is_bot("Jane Abbott", "", "jane@abbott.example")
    assert not profile.is_bot("Chores", "", "x@corp.example")  # the shared profile is untouched


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    path = tmp_path_factory.mktemp("bots") / "widgets"
    with RepoBuilder(path, origin="https://github.com/octo/widgets.git") as r:
        r.commit("Speed up the widget cache (#101)", at(DATE, 6), "Ada Lovelace",
                 "12345+adal@users.noreply.github.com", files={"cache/a.py": "x\n" * 40})
        r.commit("Fix the parser on empty input (#102)", at(DATE, 7), "Grace Hopper",
                 "grace@example.com", files={"parser/p.py": "y\n" * 30})
        r.commit("Land the scheduler rework (#103)", at(DATE, 8), "PyTorch MergeBot",
                 "pytorchmergebot@users.noreply.github.com", files={"sched/s.py": "s\n" * 20})
        r.commit("Bump lxml from 5.1 to 5.2 (#104)", at(DATE, 9), "dependabot[bot]",
                 "49699333+dependabot[bot]@users.noreply.github.com", files={"req.txt": "lxml\n"})
        r.commit("Document the cache (#105)", at(DATE, 10), "Jane Abbott", "jane@abbott.example",
                 files={"docs/cache.md": "w\n" * 10})
        r.commit("Speed up the parser again (#106)", at(DATE, 11), "Ada Lovelace",
                 "ada@lovelace.example", files={"parser/q.py": "z\n" * 25})
    return path


def test_a_built_repositorys_day_counts_only_its_people(repo):
    day = pull_git(repo, dt.date.fromisoformat(DATE))
    digest = build_digest(day, profile_for(day.repo))
    assert digest.stats.commits == 6
    assert digest.stats.bot_commits == 2
    # Ada twice (two addresses, one name) is one author; the merge bot and dependabot are none.
    assert digest.stats.author_names == ["Ada Lovelace", "Grace Hopper", "Jane Abbott"]
    assert digest.stats.authors == 3

    episode = write_script_for(day)
    assert episode.stats.authors == 3
    # the people and the automation counted apart (round 24: "five commits, written by two
    # authors" of four by two people and one by a bot was heard as wrong)
    assert "four from three people, and two from automation" in episode.transcript.lower()
    assert [(p.name, p.url) for p in episode.people] == [
        ("Ada Lovelace", "https://github.com/adal"),  # the noreply address names the account
        ("Grace Hopper", ""), ("Jane Abbott", "")]


def test_a_show_toml_bot_leaves_the_count(repo):
    day = pull_git(repo, dt.date.fromisoformat(DATE))
    episode = write_script_for(day, bots=["grace@example.com"])
    assert episode.stats.authors == 2
    assert "from two people, and three from automation" in episode.transcript.lower()
    assert [p.name for p in episode.people] == ["Ada Lovelace", "Jane Abbott"]


MERGEBOT = ("PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com")
COPILOT = ("Copilot", "198982749+Copilot@users.noreply.github.com")  # a GitHub App, type Bot
DEPENDABOT = ("dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com")
HUMANS = [("Alice Zhang", "alice@example.com"), ("Bob Okafor", "1234+bobo@users.noreply.github.com")]


def test_a_github_day_counts_only_its_people(tmp_path):
    hist = History(tmp_path / "w.git")
    start = dt.datetime(2026, 2, 9, 6, tzinfo=dt.UTC)
    who = [HUMANS[0], MERGEBOT, COPILOT, HUMANS[1], DEPENDABOT, HUMANS[0]]
    for i, author in enumerate(who):
        hist.add(Planned(title=f"Improve kernel {i} (#{300 + i})", body="", author=author,
                         committer=MERGEBOT, when=start + dt.timedelta(hours=i), pr=300 + i,
                         files={f"src/k{i}.py": "x\n" * (5 + i)}))
    hist.write()
    with serving(hist, TOKEN, "acme/widgets", merged=True) as srv:
        day = pull_github("acme/widgets", dt.date(2026, 2, 9), tz="UTC", api_url=srv.api_url,
                          token=Token(TOKEN, "GITHUB_TOKEN"), policy=FAST, use_cache=False)
    assert {c.author_login for c in day.commits} >= {"Copilot", "alice", "bobo"}
    digest = build_digest(day, profile_for(day.repo))
    assert digest.stats.author_names == ["Alice Zhang", "Bob Okafor"]
    assert digest.stats.bot_commits == 3
    episode = write_script_for(day)
    assert episode.stats.authors == 2
    assert "three from two people, and three from automation" in episode.transcript.lower()
    # Logins come from the API: each person links to their profile on the repository's host.
    host = episode.repo_url.rsplit("/", 2)[0]
    assert [(p.name, p.url) for p in episode.people] == [
        ("Alice Zhang", f"{host}/alice"), ("Bob Okafor", f"{host}/bobo")]


def test_the_fact_lock_counts_no_bot_as_an_author(repo):
    day = pull_git(repo, dt.date.fromisoformat(DATE))
    profile = profile_for(day.repo)
    digest = build_digest(day, profile)
    facts = day_facts(digest, profile)
    by_title = {c.title.split(" (")[0]: c.sha for c in digest.commits}
    told = [by_title["Fix the parser on empty input"], by_title["Land the scheduler rework"]]
    # Grace Hopper and the merge bot: one author (the day has three)
    assert check_sentence("These two landed from one author.", told, facts) == ""
    assert "not the count" in check_sentence("These landed from two authors.", told, facts)


def test_studio_script_in_a_show_counts_its_bots(repo, tmp_path):
    save_day(pull_git(repo, dt.date.fromisoformat(DATE)), tmp_path / "day.json")
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text('bots = ["grace@example.com"]\n')
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    out = show / "episodes" / DATE
    run = subprocess.run([sys.executable, "-m", "studio", "script", str(tmp_path / "day.json"),
                          "-o", str(out)], capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    episode = json.loads((out / "episode.json").read_text())
    assert episode["stats"]["authors"] == 2
    assert [p["name"] for p in episode["people"]] == ["Ada Lovelace", "Jane Abbott"]
