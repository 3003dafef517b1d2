"""Pulling a day from GitHub (PyGithub against a local API server) gives the git source's Day,
within a small request budget, and an unchanged day costs no rate limit the second time."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from github_history import pytorch_history, repo_data, squash_history
from github_server import GitHubApiServer

from studio.sources.github import pull_github
from studio.sources.github.auth import Token
from studio.sources.github.transport import NetworkPolicy
from studio.sources.gitlocal import pull_git
from studio.sources.model import Day

TOKEN = "ghp_testTOKEN0123456789abcdefABCDEF0123"
DAY = dt.date(2026, 2, 9)
LA = "America/Los_Angeles"
FAST = NetworkPolicy(timeout=2.0, retries=2, backoff=0.01, max_rate_wait=3.0, min_interval=None)


@pytest.fixture
def server():
    with GitHubApiServer(token=TOKEN) as srv:
        yield srv


def pull(server: GitHubApiServer, repo: str, cache: Path | None, **kw) -> Day:
    kw.setdefault("tz", LA)
    kw.setdefault("policy", FAST)
    kw.setdefault("token", Token(TOKEN, "GITHUB_TOKEN"))
    return pull_github(repo, DAY, api_url=server.api_url, cache_dir=cache,
                       use_cache=cache is not None, **kw)


def list_requests(server: GitHubApiServer) -> int:
    return sum(1 for h in server.hits if h.path.endswith("/commits"))


def assert_same_day(git_day: Day, gh_day: Day) -> None:
    """The same history read from a clone and from the API gives the same Day."""
    for part in ("commits", "lookback"):
        ours, theirs = getattr(git_day, part), getattr(gh_day, part)
        assert [c.sha for c in theirs] == [c.sha for c in ours], part
        for a, b in zip(ours, theirs, strict=True):
            for name in ("title", "body", "author_name", "author_email", "committer_name",
                         "committer_email", "parents"):
                assert getattr(a, name) == getattr(b, name), (part, name, a.sha)
            for name in ("committed_at", "authored_at"):
                assert (dt.datetime.fromisoformat(getattr(a, name))
                        == dt.datetime.fromisoformat(getattr(b, name)))
            assert sorted(b.files) == sorted(a.files), (part, a.sha)
            assert sorted(b.changes, key=str) == sorted(a.changes, key=str), (part, a.sha)
            assert b.pr_body == a.pr_body, (part, a.sha)
            assert (b.release_notes, b.record) == (a.release_notes, a.record), (part, a.sha)
    for name in ("branch", "date", "tz", "start", "end", "lookback_days", "lookback_total",
                 "merged_prs"):
        assert getattr(git_day, name) == getattr(gh_day, name), name
    assert gh_day.source == "github"


def test_pytorch_day_matches_git_with_sizes_and_prs_in_one_query(tmp_path, server):
    zone = ZoneInfo(LA)
    hist = pytorch_history(tmp_path / "pytorch.git", DAY, count=30, zone=zone)
    server.add_repo(repo_data(hist, "pytorch/pytorch", server.api_url, merged=False))

    gh_day = pull(server, "pytorch/pytorch", tmp_path / "cache")
    git_day = pull_git(hist.path, DAY, tz=LA, branch="main")

    assert len(gh_day.commits) == 30 and gh_day.lookback_total == 6
    assert len(gh_day.lookback) == 2  # the reverted originals; the rest is only counted
    assert_same_day(git_day, gh_day)  # files, sizes and PR bodies included, for every commit
    assert all(c.changes for c in gh_day.commits + gh_day.lookback)
    # Bot-landed PRs are closed, not merged, on GitHub; each still landed a pull request.
    assert gh_day.merged_prs == git_day.merged_prs == 28
    assert {c.author_login for c in gh_day.commits} >= {"alice", "pytorchmergebot"}
    landed = [c for c in gh_day.commits + gh_day.lookback if not c.title.startswith("Revert")]
    for commit in landed:
        assert commit.pr_title and commit.title.startswith(commit.pr_title)
        assert len(commit.pr_labels) == 2
    # Budget: repository + one list page + one GraphQL query for all 32 commits kept + one
    # REST request for each revert (no pull request of its own to carry its files).
    assert list_requests(server) == 1 and len(server.graphql_queries()) == 1
    assert gh_day.requests == server.count() == 3 + 2
    assert gh_day.notes == []


def test_squash_day_counts_merged_prs_and_reads_pr_titles(tmp_path, server):
    hist = squash_history(tmp_path / "widgets.git", DAY, count=30, zone=ZoneInfo("UTC"))
    server.add_repo(repo_data(hist, "acme/widgets", server.api_url, merged=True))

    gh_day = pull(server, "acme/widgets", None, tz="UTC", detail_limit=2)
    git_day = pull_git(hist.path, DAY, tz="UTC", branch="main")

    assert_same_day(git_day, gh_day)
    assert gh_day.merged_prs == 30  # each squash-merged PR of the day, the revert's included
    revert = next(c for c in gh_day.commits if c.title.startswith("Revert "))
    assert revert.pr_title == 'Revert "Add widget option 0 (#500)"'
    assert revert.files == ["src/a0.py"]
    assert revert.changes[0].deleted == 1 and revert.changes[0].added == 1
    assert gh_day.requests == server.count() == 3  # repository, one page, one GraphQL query


def test_300_commit_day_pages_the_list_and_spends_no_request_per_commit(tmp_path, server):
    hist = pytorch_history(tmp_path / "big.git", DAY, count=300, zone=ZoneInfo(LA))
    server.add_repo(repo_data(hist, "pytorch/pytorch", server.api_url, merged=False))

    gh_day = pull(server, "pytorch/pytorch", tmp_path / "cache", detail_limit=3)
    git_day = pull_git(hist.path, DAY, tz=LA, branch="main")

    assert len(gh_day.commits) == 300
    assert_same_day(git_day, gh_day)
    listed = len(gh_day.commits) + (gh_day.lookback_total or 0)
    pages = [h for h in server.hits if h.path.endswith("/commits")]
    assert len(pages) == math.ceil(listed / 100) == 4
    assert [h.query["page"][0] for h in pages[1:]] == ["2", "3", "4"]
    assert all(h.query["per_page"] == ["100"] for h in pages)
    # the time-zone trap: since/until went out as the UTC instants of the LA day's bounds
    assert pages[0].query["until"] == ["2026-02-10T08:00:00Z"]
    assert pages[0].query["since"] == ["2026-01-26T08:00:00Z"]
    assert len(server.graphql_queries()) == math.ceil(302 / 100)  # 300 + 2 originals kept
    assert gh_day.requests == server.count() == 1 + 4 + 4 + 2  # the reverts' files: REST


def test_unchanged_day_pulled_again_costs_no_rate_limit(tmp_path, server):
    hist = squash_history(tmp_path / "widgets.git", DAY, count=150, zone=ZoneInfo("UTC"))
    server.add_repo(repo_data(hist, "acme/widgets", server.api_url, merged=True))
    cache = tmp_path / "cache"

    first = pull(server, "acme/widgets", cache, tz="UTC")
    spent = server.count()
    assert server.charged() == spent and spent == first.requests
    assert server.rate_remaining == server.rate_limit - spent
    server.reset_counts()

    again = pull(server, "acme/widgets", cache, tz="UTC")
    graphql = 2  # 150 commits and one original: two queries, kept with the unchanged listing
    assert server.count() == spent - graphql  # the same REST requests ...
    assert server.count(304) == spent - graphql and server.charged() == 0  # ... all 304, free
    assert server.rate_remaining == server.rate_limit - spent
    assert all(h.query.get("page", ["1"]) for h in server.hits)
    assert {**again.to_dict(), "requests": None} == {**first.to_dict(), "requests": None}
    # another identity does not reuse this identity's cache entries
    server.reset_counts()
    pull(server, "acme/widgets", cache, tz="UTC", token=Token("", "anonymous"))
    assert server.count(304) == 0


def test_merge_commit_history_follows_the_first_parent_line(tmp_path, server):
    """A project that merges with merge commits: GitHub lists the merged branch's commits too;
    the Day keeps the first-parent line and credits the merge to the branch's author."""
    repo = tmp_path / "merges"
    git = git_as(repo, tmp_path)

    repo.mkdir()
    git("init", "-q", "--initial-branch=main")
    (repo / "a.txt").write_text("1\n")
    git("add", "a.txt")
    git("commit", "-q", "-m", "Start", when="2026-02-08T09:00:00+00:00")
    git("checkout", "-q", "-b", "feature")
    (repo / "b.txt").write_text("2\n")
    git("add", "b.txt")
    git("commit", "-q", "-m", "Feature work", when="2026-02-09T09:00:00+00:00",
        who=("Finn", "finn@example.com"))
    git("checkout", "-q", "main")
    git("merge", "-q", "--no-ff", "-m", "Merge pull request #7 from finn/feature", "-m",
        "Add the feature flag\n\nLets users turn the feature on per project.", "feature",
        when="2026-02-09T11:00:00+00:00")

    # A branch worked on late that day and merged the next: GitHub lists its commit too.
    git("checkout", "-q", "-b", "late", "HEAD~1")
    (repo / "c.txt").write_text("3\n")
    git("add", "c.txt")
    git("commit", "-q", "-m", "Late work", when="2026-02-09T23:00:00+00:00",
        who=("Lee", "lee@example.com"))
    git("checkout", "-q", "main")
    git("merge", "-q", "--no-ff", "-m", "Merge pull request #8 from lee/late", "late",
        when="2026-02-10T08:00:00+00:00")
    data = repo_data_from(repo, server.api_url)
    server.add_repo(data)
    gh_day = pull(server, "acme/merges", None, tz="UTC", detail_limit=0)
    git_day = pull_git(repo, DAY, tz="UTC", branch="main")
    assert len(server.repos["acme/merges"].commits) == 5
    listed = [h for h in server.hits if h.path.endswith("/commits")]
    assert listed and len(git_day.commits) == 1
    assert_same_day(git_day, gh_day)
    assert [c.author_name for c in gh_day.commits] == ["Finn"]
    assert gh_day.commits[0].committer_name == "Ann"
    # the merged PR: its body is the merge commit's, its size what the branch brought
    assert gh_day.commits[0].pr_body == git_day.commits[0].pr_body == (
        "Add the feature flag\n\nLets users turn the feature on per project.")
    assert [(f.path, f.added, f.status) for f in gh_day.commits[0].changes] == [
        ("b.txt", 1, "added")]


def git_as(repo: Path, home: Path):
    """``git(*args, when=…, who=(name, email))`` in ``repo``, as that person at that time."""
    import subprocess

    env = {"GIT_CONFIG_NOSYSTEM": "1", "HOME": str(home), "PATH": "/usr/bin:/bin"}

    def git(*args: str, when: str = "2026-02-09T10:00:00+00:00",
            who: tuple[str, str] = ("Ann", "ann@example.com")) -> None:
        full = dict(env, GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when, GIT_AUTHOR_NAME=who[0],
                    GIT_AUTHOR_EMAIL=who[1], GIT_COMMITTER_NAME=who[0],
                    GIT_COMMITTER_EMAIL=who[1])
        subprocess.run(["git", "-C", str(repo), *args], check=True, env=full,
                       capture_output=True)

    return git


def repo_data_from(path: Path, api_url: str):
    from github_history import History

    hist = History.__new__(History)  # an existing clone: no history to plan or write
    hist.path, hist.branch = path, "main"
    return repo_data(hist, "acme/merges", api_url, merged=True)


def test_a_quiet_day_costs_three_requests(tmp_path, server):
    hist = squash_history(tmp_path / "widgets.git", DAY, count=5, zone=ZoneInfo("UTC"))
    server.add_repo(repo_data(hist, "acme/widgets", server.api_url, merged=True))
    day = pull_github("acme/widgets", DAY + dt.timedelta(days=3), tz="UTC", lookback_days=1,
                      api_url=server.api_url, token=Token(TOKEN, "GITHUB_TOKEN"), policy=FAST,
                      use_cache=False)
    assert day.commits == [] and day.lookback == [] and day.merged_prs == 0
    # repository, one empty page, one GraphQL query (for the project's own name)
    assert day.requests == server.count() == 3


def test_cache_keeps_a_bounded_number_of_entries(tmp_path):
    import os

    from studio.sources.github.cache import EtagCache

    cache = EtagCache(tmp_path, Token(TOKEN, "GITHUB_TOKEN").identity)
    for i in range(6):
        cache.put(f"http://h/api/v3/x?page={i}", {"ETag": f'"e{i}"'}, b"[]")
        os.utime(cache._path(f"http://h/api/v3/x?page={i}", ""), (1000 + i, 1000 + i))
    assert cache.prune(max_entries=4) == 2
    assert cache.get("http://h/api/v3/x?page=0") is None
    assert cache.get("http://h/api/v3/x?page=5").etag == '"e5"'
    assert TOKEN not in "".join(p.read_text() for p in tmp_path.iterdir())


def test_a_branch_brought_up_to_date_by_the_maintainer_is_still_its_authors(tmp_path, server):
    """pip 2026-06-08: the maintainer merged main into the contributor's branch ("Merge branch
    'main' into fix-broken-pipe"), then merged the pull request; the change is the
    contributor's, from a clone and from GitHub alike."""
    repo = tmp_path / "merges"
    git = git_as(repo, tmp_path)

    repo.mkdir()
    git("init", "-q", "--initial-branch=main", when="2026-02-08T08:00:00+00:00")
    (repo / "a.txt").write_text("1\n")
    git("add", "a.txt", when="2026-02-08T08:00:00+00:00")
    git("commit", "-q", "-m", "Start", when="2026-02-08T09:00:00+00:00")
    git("checkout", "-q", "-b", "fix-broken-pipe", when="2026-02-08T09:00:00+00:00")
    (repo / "b.txt").write_text("2\n")
    git("add", "b.txt", when="2026-02-09T08:00:00+00:00")
    git("commit", "-q", "-m", "Fix broken pipe error", when="2026-02-09T08:00:00+00:00",
        who=("Sepehr", "sepehr@example.com"))
    git("checkout", "-q", "main", when="2026-02-09T08:30:00+00:00")
    (repo / "c.txt").write_text("3\n")
    git("add", "c.txt", when="2026-02-09T08:30:00+00:00")
    git("commit", "-q", "-m", "Docs fix", when="2026-02-09T08:30:00+00:00",
        who=("Bea", "bea@example.com"))
    git("checkout", "-q", "fix-broken-pipe", when="2026-02-09T09:00:00+00:00")
    git("merge", "-q", "--no-ff", "-m", "Merge branch 'main' into fix-broken-pipe", "main",
        when="2026-02-09T09:00:00+00:00")
    git("checkout", "-q", "main", when="2026-02-09T10:00:00+00:00")
    git("merge", "-q", "--no-ff", "-m", "Merge pull request #7 from sepehr/fix-broken-pipe",
        "-m", "Fix broken pipe", "fix-broken-pipe", when="2026-02-09T10:00:00+00:00")
    server.add_repo(repo_data_from(repo, server.api_url))
    gh_day = pull(server, "acme/merges", None, tz="UTC")
    git_day = pull_git(repo, DAY, tz="UTC", branch="main")
    merge = next(c for c in git_day.commits if len(c.parents) > 1)
    assert (merge.author_name, merge.committer_name) == ("Sepehr", "Ann")
    assert_same_day(git_day, gh_day)
