"""Each way GitHub can fail comes out as one clear line (never a traceback, never the token),
and the transient ones are waited out or retried within their bounds."""

from __future__ import annotations

import datetime as dt
import re
import threading
import time

import pytest
from github_history import repo_data as make_repo_data
from github_history import serving, squash_history
from github_server import Fault

from studio.jobs import CancelToken
from studio.plumbing.errors import Cancelled, StudioError
from studio.sources.github import pull_github
from studio.sources.github.auth import Token
from studio.sources.github.transport import NetworkPolicy

TOKEN = "ghp_faultTOKEN0123456789abcdefABCDEF0123"
DAY = dt.date(2026, 2, 9)
FAST = NetworkPolicy(timeout=0.4, retries=2, backoff=0.01, max_rate_wait=3.0, min_interval=None)


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return squash_history(tmp_path_factory.mktemp("hist") / "w.git", DAY, count=12)


@pytest.fixture
def server(history):
    with serving(history, TOKEN, "acme/widgets", merged=True) as srv:
        private = make_repo_data(history, "acme/secret", srv.api_url, merged=True, private=True)
        srv.add_repo(private)
        yield srv


def pull(server, repo="acme/widgets", token=TOKEN, messages=None, **kw):
    def progress(fraction: float, message: str) -> None:
        if messages is not None:
            messages.append(message)

    kw.setdefault("policy", FAST)
    return pull_github(repo, DAY, api_url=server.api_url, use_cache=False,
                       token=Token(token, "GITHUB_TOKEN") if token else Token("", "anonymous"),
                       progress=progress, **kw)


def failure(server, **kw) -> str:
    with pytest.raises(StudioError) as info:
        pull(server, **kw)
    text = str(info.value)
    assert "\n" not in text and TOKEN not in text and "Traceback" not in text
    return text


def test_bad_token_is_a_clear_401(server):
    text = failure(server, token="ghp_wrong_" + "x" * 30)
    assert "401" in text and "GITHUB_TOKEN" in text and "studio auth login" in text
    assert "ghp_wrong_" not in text


def test_unknown_repository_is_a_clear_404(server):
    text = failure(server, repo="acme/nothing")
    assert text.startswith("repository acme/nothing not found on 127.0.0.1:")


def test_private_repository_without_a_token_says_to_sign_in(server):
    assert "sign in" in failure(server, repo="acme/secret", token="")
    assert len(pull(server, repo="acme/secret").commits) == 12  # the token sees it


def test_unknown_branch(server):
    assert failure(server, branch="nope") == (
        f"no branch 'nope' in acme/widgets on {server.api_url.split('/')[2]}")


def test_bad_repository_name_is_refused_before_any_request(server):
    with pytest.raises(StudioError, match="OWNER/NAME"):
        pull(server, repo="../../etc")
    assert server.count() == 0


def test_rate_limit_longer_than_the_bound_says_when_to_retry(server):
    reset = int(time.time()) + 3600
    server.add_fault(Fault("/commits", 403, headers={
        "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(reset)},
        body='{"message": "API rate limit exceeded for 127.0.0.1."}'))
    started = time.monotonic()
    text = failure(server)
    assert time.monotonic() - started < 2  # no hour-long wait
    # the first whole minute after the reset (and the second's margin): never one before it
    when = dt.datetime.fromtimestamp(reset + 1, dt.UTC).replace(second=0) + dt.timedelta(minutes=1)
    expected = {f"{when:%H:%M}", f"{when + dt.timedelta(minutes=1):%H:%M}"}  # a slow second
    assert text.startswith("GitHub rate limit reached: try again after ")
    assert any(f"after {hhmm} UTC" in text for hhmm in expected), text


def test_anonymous_rate_limit_suggests_signing_in(server):
    server.add_fault(Fault("/repos/acme/widgets", 403, headers={
        "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(int(time.time()) + 900)}))
    assert "studio auth login" in failure(server, token="")


def test_short_rate_limit_is_waited_out_with_a_countdown(server):
    server.add_fault(Fault("/commits", 403, headers={
        "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(int(time.time()) + 1)}))
    messages: list[str] = []
    started = time.monotonic()
    day = pull(server, messages=messages)
    assert len(day.commits) == 12
    assert time.monotonic() - started >= 0.9
    waits = [m for m in messages if "rate limit" in m]
    assert waits and all(re.fullmatch(r"waiting \d+s: GitHub rate limit, until "
                                      r"\d\d:\d\d:\d\d UTC", m) for m in waits)
    assert all(len(m) <= 60 for m in messages)  # the terminal's progress line shows 60


def test_429_retry_after_is_honoured(server):
    server.add_fault(Fault("graphql", 429, headers={"Retry-After": "1"}))
    messages: list[str] = []
    day = pull(server, messages=messages)
    assert day.merged_prs == 12 and day.notes == []
    assert any("waiting 1s" in m for m in messages)
    assert [h.status for h in server.hits if h.path == "/graphql"] == [429, 200]


def test_server_error_is_retried_with_backoff(server):
    server.add_fault(Fault("/commits", 502, times=2))
    day = pull(server)
    assert len(day.commits) == 12
    assert [h.status for h in server.hits if h.path.endswith("/commits")] == [502, 502, 200]
    assert day.requests == server.count()


def test_server_error_that_persists_gives_up_after_the_bound(server):
    server.add_fault(Fault("/commits", 500, times=99))
    text = failure(server)
    assert text == ("GitHub kept failing (500 server error) after 3 tries while reading the "
                    "commits: try again later")
    assert server.count(500) == 3


def test_timeout_is_retried_then_reported(server):
    server.add_fault(Fault("/repos/acme/widgets", 200, times=1, delay=1.0))
    assert len(pull(server).commits) == 12  # one slow answer: retried
    server.add_fault(Fault("/repos/acme/widgets", 200, times=3, delay=1.0))
    text = failure(server)
    assert text.startswith("cannot reach GitHub at 127.0.0.1:") and "timed out 3 times" in text


def test_malformed_json_is_reported(server):
    server.add_fault(Fault("/commits", 200, body='[{"sha": "abc", "commit": '))
    assert failure(server) == (
        "GitHub sent a malformed response (not JSON) for /api/v3/repos/acme/widgets/commits")


def test_unexpected_shape_is_reported(server):
    server.add_fault(Fault("/commits", 200, body='[{"sha": 5, "commit": "nope"}]'))
    assert failure(server) == "GitHub sent a malformed response while reading the commits of " \
        "acme/widgets"


def test_cancel_stops_a_rate_limit_wait(server):
    server.add_fault(Fault("/commits", 429, headers={"Retry-After": "3"}))
    cancel = CancelToken()
    threading.Timer(0.3, cancel.cancel).start()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        pull(server, cancel=cancel)
    assert time.monotonic() - started < 2
