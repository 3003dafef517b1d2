"""GitHub's GraphQL API as the studio uses it: the local server answers like GitHub, a day's
pull requests and sizes come in a few queries, and REST stands in where GraphQL cannot."""

from __future__ import annotations

import datetime as dt
import json
import logging
from zoneinfo import ZoneInfo

import pytest
import requests
from github_history import pytorch_history, serving, squash_history
from github_server import Fault, GitHubApiServer

from studio.sources.github import pull_github
from studio.sources.github.auth import Token
from studio.sources.github.graphql import build_query
from studio.sources.github.transport import NetworkPolicy
from studio.sources.gitlocal import pull_git

TOKEN = "ghp_graphTOKEN0123456789abcdefABCDEF0123"
DAY = dt.date(2026, 2, 9)
FAST = NetworkPolicy(timeout=2.0, retries=2, backoff=0.01, max_rate_wait=3.0, min_interval=None)


@pytest.fixture(scope="module")
def squash(tmp_path_factory):
    return squash_history(tmp_path_factory.mktemp("sq") / "w.git", DAY, count=12)


@pytest.fixture
def server(squash):
    with serving(squash, TOKEN, "acme/widgets", merged=True) as srv:
        yield srv


def graphql_url(server: GitHubApiServer) -> str:
    return server.api_url.removesuffix("/v3") + "/graphql"


def post(server, query: str, variables: dict | None = None, token: str = TOKEN):
    headers = {"Authorization": f"bearer {token}"} if token else {}
    return requests.post(graphql_url(server), json={"query": query, "variables": variables or {}},
                         headers=headers, timeout=5)


def pull(server, token: str = TOKEN, **kw):
    kw.setdefault("policy", FAST)
    return pull_github("acme/widgets", DAY, tz="UTC", api_url=server.api_url, use_cache=False,
                       token=Token(token, "GITHUB_TOKEN") if token else Token("", "anonymous"),
                       **kw)


def test_the_server_answers_a_query_in_githubs_shape(server, squash):
    sha = squash.shas[-1]
    resp = post(server, build_query([sha]), {"owner": "acme", "name": "widgets"})
    assert resp.status_code == 200
    assert resp.headers["X-RateLimit-Resource"] == "graphql"
    data = resp.json()
    assert "errors" not in data
    node = data["data"]["repository"]["c0"]
    assert node["oid"] == sha
    (pr,) = node["associatedPullRequests"]["nodes"]
    assert set(pr) == {"number", "title", "body", "merged", "baseRefName", "additions",
                       "deletions", "mergeCommit", "labels", "files"}
    assert pr["mergeCommit"] == {"oid": sha} and pr["merged"] is True
    assert pr["files"]["totalCount"] == len(pr["files"]["nodes"]) >= 1
    assert set(pr["files"]["nodes"][0]) == {"path", "additions", "deletions", "changeType"}
    assert data["data"]["rateLimit"]["remaining"] > 0
    assert server.graphql_queries() == [build_query([sha])]


def test_the_server_refuses_unknown_fields_and_anonymous_callers(server, squash):
    sha = squash.shas[-1]
    bad = post(server, '{ repository(owner: "acme", name: "widgets") { object(oid: "' + sha
               + '") { ... on Commit { oid filesChanged } } } }')
    assert bad.status_code == 200
    (error,) = bad.json()["errors"]
    assert error["message"] == "Field 'filesChanged' doesn't exist on type 'Commit'"
    assert "data" not in bad.json()
    anonymous = post(server, "{ rateLimit { remaining } }", token="")
    assert anonymous.status_code == 401
    missing = post(server, '{ repository(owner: "acme", name: "nope") { nameWithOwner } }')
    assert missing.json()["errors"][0]["type"] == "NOT_FOUND"


def test_a_day_costs_one_query_per_hundred_commits(tmp_path):
    zone = ZoneInfo("America/Los_Angeles")
    hist = pytorch_history(tmp_path / "big.git", DAY, count=250, zone=zone)
    with serving(hist, TOKEN, "pytorch/pytorch", merged=False) as server:
        day = pull_github("pytorch/pytorch", DAY, tz="America/Los_Angeles", policy=FAST,
                          api_url=server.api_url, token=Token(TOKEN, "GITHUB_TOKEN"),
                          use_cache=False)
        queries = server.graphql_queries()
    assert len(day.commits) == 250 and len(day.lookback) == 2
    assert len(queries) == 3 and [q.count("object(oid:") for q in queries] == [100, 100, 52]
    assert sum(bool(c.changes) for c in day.commits) == 250  # 248 from GraphQL, 2 reverts REST
    git_day = pull_git(hist.path, DAY, tz="America/Los_Angeles", branch="main")
    assert [c.changes for c in day.commits] == [c.changes for c in git_day.commits]


def _fallback_checks(day, caplog) -> None:
    assert len(day.notes) == 1 and "GraphQL" in day.notes[0] and "REST" in day.notes[0]
    detailed = [c for c in day.commits + day.lookback if c.changes]
    assert 0 < len(detailed) <= 8  # the lead stories, within the detail limit
    revert = next(c for c in day.commits if c.title.startswith("Revert "))
    assert revert in detailed and revert.pr_title.startswith("Revert ")
    assert day.merged_prs == 12
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "GraphQL" in logged and TOKEN not in logged and TOKEN not in day.notes[0]


def test_without_graphql_rest_gives_the_lead_stories_and_says_so(server, caplog):
    server.graphql_enabled = False  # an old GitHub Enterprise
    with caplog.at_level(logging.INFO):
        day = pull(server)
    assert "404" in day.notes[0]
    _fallback_checks(day, caplog)


def test_graphql_errors_fall_back_to_rest(server, caplog):
    answer = {"errors": [{"message": "Field 'associatedPullRequests' doesn't exist on type "
                                     "'Commit'"}]}
    server.add_fault(Fault("graphql", status=200, body=json.dumps(answer)))
    with caplog.at_level(logging.INFO):
        day = pull(server)
    assert "doesn't exist" in day.notes[0]
    _fallback_checks(day, caplog)


def test_forbidden_graphql_falls_back_to_rest(server, caplog):
    server.add_fault(Fault("graphql", status=403, body=json.dumps(
        {"message": "Resource not accessible by integration"})))
    with caplog.at_level(logging.INFO):
        day = pull(server)
    assert "403" in day.notes[0]
    _fallback_checks(day, caplog)


def test_anonymous_pulls_use_rest_and_say_a_token_would_do_more(server, caplog):
    with caplog.at_level(logging.INFO):
        day = pull(server, token="")
    assert "token" in day.notes[0]
    assert server.graphql_queries() == []  # GitHub refuses anonymous GraphQL: not even tried
    _fallback_checks(day, caplog)


def test_a_server_error_on_a_query_is_retried(server):
    server.add_fault(Fault("graphql", status=502))
    day = pull(server)
    assert day.notes == [] and all(c.changes for c in day.commits)
    assert [h.status for h in server.hits if h.path == "/graphql"] == [502, 200]


def test_graphql_failing_past_its_retries_falls_back_to_rest(server, caplog):
    server.add_fault(Fault("graphql", status=502, times=3))
    with caplog.at_level(logging.INFO):
        day = pull(server)
    assert [h.status for h in server.hits if h.path == "/graphql"] == [502, 502, 502]
    assert "502" in day.notes[0]
    _fallback_checks(day, caplog)


def test_a_pr_named_but_not_tied_to_its_commit_is_asked_by_number(tmp_path):
    """A merge bot's own push closes the PR it names without GitHub tying the two: the PRs
    are read by number, 100 a query, and the commits are sized all the same."""
    zone = "America/Los_Angeles"
    hist = pytorch_history(tmp_path / "pt.git", DAY, count=30, zone=ZoneInfo(zone))
    with serving(hist, TOKEN, "pytorch/pytorch", merged=False, associate=False) as server:
        day = pull_github("pytorch/pytorch", DAY, tz=zone, policy=FAST, api_url=server.api_url,
                          token=Token(TOKEN, "GITHUB_TOKEN"), use_cache=False)
        queries = server.graphql_queries()
    assert len(queries) == 2 and queries[1].count("pullRequest(number:") == 30  # 28 + 2 orig.
    git_day = pull_git(hist.path, DAY, tz=zone, branch="main")
    assert [c.changes for c in day.commits + day.lookback] == [
        c.changes for c in git_day.commits + git_day.lookback]
    landed = [c for c in day.commits if not c.title.startswith("Revert")]
    assert all(c.pr_title and len(c.pr_labels) == 2 for c in landed)
    assert day.requests == 1 + 1 + 2 + 2  # repository, page, two queries, the reverts' files


@pytest.mark.parametrize("token", [TOKEN, ""])
def test_the_project_is_named_as_the_clone_names_it(tmp_path, token):
    """The show's name comes from the project's metadata and README on both sources: through
    the first GraphQL query, or (anonymous, REST) the top-level listing and the files read."""
    from gitrepo import RepoBuilder, at, squash

    with RepoBuilder(tmp_path / "r.git", bare=True) as r:
        r.commit(squash("Initial", 1), at("2026-02-01"), files={
            "pyproject.toml": '[project]\nname = "torchao"\n', "README.md": "# TorchAO\n",
            "setup.py": "setup()\n"})
        r.commit(squash("Work of the day", 2), at("2026-02-09", 10))

    class Hist:
        path, branch = r.path, "main"

    with serving(Hist, TOKEN, "acme/ao", merged=True) as server:
        day = pull_github("acme/ao", DAY, tz="UTC", policy=FAST, api_url=server.api_url,
                          use_cache=False, token=Token(token, "GITHUB_TOKEN") if token else
                          Token("", "anonymous"))
        contents = [h.path for h in server.hits if "/contents" in h.path]
    assert day.project == pull_git(r.path, DAY, tz="UTC").project == "TorchAO"
    if token:
        assert contents == [] and day.requests == 3
    else:  # listing, pyproject.toml, README.md: setup.cfg and the rest are not there
        assert contents == ["/repos/acme/ao/contents/", "/repos/acme/ao/contents/pyproject.toml",
                            "/repos/acme/ao/contents/README.md"]
