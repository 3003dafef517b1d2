"""The local git source: day boundaries, bare clones, merges and hostile commit data."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
from zoneinfo import ZoneInfo

import pytest
from gitrepo import PT_BOT, RepoBuilder, at, pt_landed, squash

from studio.plumbing.errors import StudioError
from studio.sources.gitlocal import pull_git
from studio.sources.model import load_day, save_day

DAY = dt.date(2026, 3, 10)


def _titles(commits):
    return [c.title for c in commits]


def test_day_and_lookback_window(tmp_path):
    with RepoBuilder(tmp_path / "r", origin="git@github.com:octo/widgets.git") as r:
        r.commit(squash("Old work", 1), at("2026-02-20"))  # outside the 14-day window
        r.commit(squash("Recent work", 2), at("2026-03-01"))
        r.commit(squash("Yesterday late", 3), at("2026-03-09", 23, 59))
        r.commit(squash("Morning", 4), at("2026-03-10", 0, 0))
        r.commit(squash("Evening", 5), at("2026-03-10", 23, 59))
        r.commit(squash("Tomorrow", 6), at("2026-03-11", 0, 0))
    day = pull_git(tmp_path / "r", DAY, branch="main")
    assert _titles(day.commits) == ["Evening (#5)", "Morning (#4)"]  # newest first
    assert day.lookback_total == 2  # counted; nothing in it is needed for pairing
    assert day.lookback == []
    assert day.repo == "octo/widgets"
    assert day.repo_url == "https://github.com/octo/widgets"
    assert day.start == "2026-03-10T00:00:00+00:00"
    short = pull_git(tmp_path / "r", DAY, branch="main", lookback_days=0)
    assert short.lookback == []


def test_lookback_keeps_what_pairing_needs(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        by_sha = r.commit(squash("Reverted by sha", 1), at("2026-03-01"))
        r.commit(squash("Reverted by PR number", 2), at("2026-03-02"))
        r.commit(squash("Unrelated", 3), at("2026-03-03"))
        gone = r.commit(squash("Reverted earlier", 4), at("2026-03-04"))
        r.commit(f'Revert "Reverted earlier (#4)"\n\nThis reverts commit {gone}.\n',
                 at("2026-03-05"))
        r.commit(f'Revert "Reverted by sha (#1)"\n\nThis reverts commit {by_sha}.\n',
                 at("2026-03-10", 1))
        r.commit('Revert "Reverted by PR number (#2)" (#9)\n\nReverts o/r#2\n', at("2026-03-10", 2))
        r.commit(squash("[Reland] Reverted earlier", 5), at("2026-03-10", 3))
    day = pull_git(tmp_path / "r", DAY)
    assert day.lookback_total == 5
    assert set(_titles(day.lookback)) == {
        "Reverted by sha (#1)", "Reverted by PR number (#2)", "Reverted earlier (#4)",
        'Revert "Reverted earlier (#4)"'}
    original = next(c for c in day.lookback if c.sha == by_sha)
    assert original.files  # a reverted original keeps its file list


def test_day_boundaries_follow_the_time_zone(tmp_path):
    berlin = ZoneInfo("Europe/Berlin")
    with RepoBuilder(tmp_path / "r") as r:
        # 23:30 UTC on the 9th is 00:30 on the 10th in Berlin
        r.commit(squash("Late UTC", 1), at("2026-03-09", 23, 30))
        # 06:30 UTC on the 10th is still the 9th in Los Angeles (UTC-7 after DST on 03-08)
        r.commit(squash("Early UTC", 2), at("2026-03-10", 6, 30))
        # committed with a local offset: 01:00+01:00 is 00:00 UTC on the 10th
        r.commit(squash("Offset", 3), dt.datetime(2026, 3, 10, 1, 0, tzinfo=berlin))
    utc = pull_git(tmp_path / "r", DAY, tz="UTC")
    assert set(_titles(utc.commits)) == {"Early UTC (#2)", "Offset (#3)"}
    de = pull_git(tmp_path / "r", DAY, tz="Europe/Berlin")
    assert set(_titles(de.commits)) == {"Late UTC (#1)", "Early UTC (#2)", "Offset (#3)"}
    us = pull_git(tmp_path / "r", DAY, tz="America/Los_Angeles")
    assert _titles(us.commits) == []
    assert dt.datetime.fromisoformat(us.start).utcoffset() == dt.timedelta(hours=-7)
    assert us.start.startswith("2026-03-10T00:00:00")


def test_bare_repository_and_other_branch(tmp_path):
    with RepoBuilder(tmp_path / "bare.git", bare=True) as r:
        r.commit(squash("On main", 1), at("2026-03-10", 9))
        r.commit(squash("On release", 2), at("2026-03-10", 10), branch="release")
    day = pull_git(tmp_path / "bare.git", DAY)
    assert day.branch == "main" and _titles(day.commits) == ["On main (#1)"]
    assert day.repo == "bare"
    rel = pull_git(tmp_path / "bare.git", DAY, branch="release")
    assert _titles(rel.commits) == ["On release (#2)", "On main (#1)"]


def test_merge_commits_are_the_unit(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        r.commit("Initial\n", at("2026-03-09", 8))
        r.commit("WIP one\n", at("2026-03-10", 8), "Bob Branch", "bob@example.com",
                 branch="feature", files=["lib/a.py"])
        r.commit("WIP two\n", at("2026-03-10", 9), "Bob Branch", "bob@example.com",
                 branch="feature", files=["lib/b.py"])
        r.commit("Merge pull request #42 from bob/feature\n\nAdd the widget cache\n",
                 at("2026-03-10", 10), "Maintainer", "m@example.com", merge="feature",
                 files=["lib/a.py", "lib/b.py"])
    day = pull_git(tmp_path / "r", DAY)
    assert len(day.commits) == 1
    merge = day.commits[0]
    assert merge.title == "Merge pull request #42 from bob/feature"
    assert merge.author_name == "Bob Branch" and merge.committer_name == "Maintainer"
    assert sorted(merge.files) == ["lib/a.py", "lib/b.py"]


def test_hostile_commit_data_comes_through(tmp_path):
    huge = "x" * 100_000
    with RepoBuilder(tmp_path / "r") as r:
        r.commit(b"Caf\xe9 latin-1 title\n\nbody \xff\xfe bytes\n", at("2026-03-10", 1))
        r.commit("Bell \x07 and escape \x1b[31m red\n\nnul-free but \x01 odd\n", at("2026-03-10", 2))
        r.commit(f"Huge message\n\n{huge}\n", at("2026-03-10", 3))
        r.commit("Empty author\n", at("2026-03-10", 4), raw_author=b"<>")
        r.commit("Odd author\n", at("2026-03-10", 5), raw_author=b"\xff\xfe Name <bad@>")
        r.commit(b"\n", at("2026-03-10", 6))
        r.commit("RTL \u202e gnp.exe <script>alert(1)</script> ]]>\n", at("2026-03-10", 7),
                 files=["weird name\twith tab.txt", "ünïcode/文件.py"])
    day = pull_git(tmp_path / "r", DAY)
    assert len(day.commits) == 7
    titles = _titles(day.commits)
    assert any(t.startswith("Caf") and "latin-1 title" in t for t in titles)
    assert all("\x07" not in c.title and "\x1b" not in c.title for c in day.commits)
    huge_commit = next(c for c in day.commits if c.title == "Huge message")
    assert 60_000 <= len(huge_commit.body) <= 70_000
    assert "" in titles  # the empty message
    rtl = day.commits[0]
    assert "ünïcode/文件.py" in rtl.files
    path = tmp_path / "day.json"
    save_day(day, path)
    json.loads(path.read_text(encoding="utf-8"))
    assert load_day(path).commits[0].title == rtl.title


def test_pytorch_format_keeps_author_not_bot(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        r.commit(pt_landed("[XPU] Faster GEMM", 100), at("2026-03-10"), "Xin Lin", "xl@example.com",
                 committer=PT_BOT[0], committer_email=PT_BOT[1])
    c = pull_git(tmp_path / "r", DAY).commits[0]
    assert c.author_name == "Xin Lin" and c.committer_name == "PyTorch MergeBot"
    assert "Pull Request resolved" in c.body


@pytest.mark.parametrize(
    "setup, message",
    [
        (lambda p: p.mkdir(), "not a git repository"),
        (lambda p: None, "no such folder"),
    ],
)
def test_not_a_repository(tmp_path, setup, message):
    target = tmp_path / "nothing"
    setup(target)
    with pytest.raises(StudioError, match=message):
        pull_git(target, DAY)


def test_missing_branch(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        r.commit("x\n", at("2026-03-10"))
    with pytest.raises(StudioError, match="no branch 'nope'"):
        pull_git(tmp_path / "r", DAY, branch="nope")


def test_empty_repository_has_no_branch(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path / "empty")], check=True)
    with pytest.raises(StudioError, match="no branch"):
        pull_git(tmp_path / "empty", DAY)
