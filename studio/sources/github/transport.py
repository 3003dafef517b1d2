"""The HTTP layer under PyGithub: ETag cache, rate-limit waits, retries, request counting.

PyGithub talks to GitHub through a ``requests`` session held by its Requester's connection
object. :func:`install` gives one Github client its own connection class whose session
mounts :class:`StudioAdapter`, so every request of that client (and of no other) goes through
the policy here; PyGithub's own retries are switched off (``retry=None``).
"""

from __future__ import annotations

import datetime as dt
import email.utils
import json
import logging
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field

import requests
from requests.adapters import HTTPAdapter

from ...jobs import CancelToken
from ...plumbing.errors import StudioError
from .cache import EtagCache

log = logging.getLogger(__name__)


@dataclass
class NetworkPolicy:
    """How patient to be with GitHub. Times in seconds."""

    timeout: float = 15.0  # per request
    retries: int = 3  # extra tries after a server error or a timeout
    backoff: float = 1.0  # first retry's delay, doubled each time
    max_rate_wait: float = 120.0  # longest wait for a rate limit before giving up
    rate_retries: int = 2  # rate-limit waits per request
    min_interval: float | None = 0.25  # PyGithub's pause between requests (None: none)


class RateLimited(StudioError):
    """GitHub's rate limit is used up for longer than we are willing to wait."""


@dataclass
class Transport:
    """What the adapter shares with the pull: policy, cache, counters and the user's callbacks."""

    policy: NetworkPolicy = field(default_factory=NetworkPolicy)
    cache: EtagCache | None = None
    notify: Callable[[str], None] = lambda message: None
    cancel: CancelToken = field(default_factory=CancelToken)
    anonymous: bool = True
    requests: int = 0  # HTTP requests sent, retries included
    not_modified: int = 0  # of which GitHub answered 304 (free of rate limit)

    def wait(self, seconds: float, what: str) -> None:
        """Sleep ``seconds`` in one-second steps, telling the user and honouring cancel."""
        deadline = time.monotonic() + seconds
        first = True
        while True:
            self.cancel.check()
            left = deadline - time.monotonic()
            if left <= 0:
                return
            whole = int(left + 0.999)
            if first or whole <= 10 or whole % 10 == 0:  # a countdown, not a flood of lines
                self.notify(f"waiting {whole}s: {what}")
            first = False
            time.sleep(min(1.0, left))


def _rate_limit_wait(resp: requests.Response) -> float | None:
    """Seconds GitHub asks us to wait, if this response is a rate-limit refusal."""
    if resp.status_code not in (403, 429):
        return None
    headers = resp.headers
    retry_after = headers.get("Retry-After")
    if retry_after:
        try:
            return max(1.0, float(retry_after))
        except ValueError:
            when = email.utils.parsedate_to_datetime(retry_after)
            if when is not None:
                return max(1.0, when.timestamp() - time.time())
    if headers.get("X-RateLimit-Remaining") == "0":
        try:
            return max(1.0, float(headers.get("X-RateLimit-Reset", "0")) - time.time() + 1)
        except ValueError:
            return 60.0
    if b"secondary rate limit" in (resp.content or b"").lower():
        return 60.0
    return None


def _is_graphql(url: str) -> bool:
    """A GraphQL query (a POST that only reads: safe to send again)."""
    return (urllib.parse.urlsplit(url).path or "").endswith("/graphql")


def _describe(url: str) -> str:
    return urllib.parse.urlsplit(url).path or "/"


class StudioAdapter(HTTPAdapter):
    """Sends one request with the studio's policy: conditional GETs, waits and retries."""

    def __init__(self, transport: Transport) -> None:
        super().__init__(max_retries=0)
        self.transport = transport

    def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
        t = self.transport
        accept = request.headers.get("Accept", "")
        cached = None
        if request.method == "GET" and t.cache is not None:
            cached = t.cache.get(request.url, accept)
            if cached is not None:
                request.headers["If-None-Match"] = cached.etag
        failures = rate_waits = 0
        while True:
            t.cancel.check()
            t.requests += 1
            try:
                resp = super().send(request, stream=stream, timeout=t.policy.timeout,
                                    verify=verify, cert=cert, proxies=proxies)
            except (requests.ConnectionError, requests.Timeout) as exc:
                failures += 1
                if failures > t.policy.retries:
                    kind = "timed out" if isinstance(exc, requests.Timeout) else "connection failed"
                    host = urllib.parse.urlsplit(request.url).netloc
                    raise StudioError(
                        f"cannot reach GitHub at {host}: {kind} {failures} times; "
                        "check the network or the GitHub API URL (--api-url; Settings in the "
                        "desktop app) and try again"
                    ) from None
                self._backoff(failures, "GitHub did not answer")
                continue
            wait = _rate_limit_wait(resp)
            if wait is not None:
                resp.close()
                if wait > t.policy.max_rate_wait or rate_waits >= t.policy.rate_retries:
                    raise self._rate_limited(wait)
                rate_waits += 1
                until = (dt.datetime.now(dt.UTC) + dt.timedelta(seconds=wait)).strftime("%H:%M:%S")
                t.wait(wait, f"GitHub rate limit, until {until} UTC")
                continue
            idempotent = request.method == "GET" or _is_graphql(request.url)
            if resp.status_code >= 500 and idempotent and failures < t.policy.retries:
                failures += 1
                resp.close()
                self._backoff(failures, f"GitHub answered {resp.status_code}")
                continue
            break
        if resp.status_code == 304 and cached is not None:
            t.not_modified += 1
            fresh = {k: v for k, v in resp.headers.items() if k.lower() != "content-length"}
            resp.status_code, resp.reason = 200, "OK (not modified)"
            resp._content = cached.body
            resp.headers.clear()
            resp.headers.update(fresh)
            resp.headers.update(cached.headers)
            resp.encoding = "utf-8"
        elif 200 <= resp.status_code < 300 and request.method == "GET" and not stream:
            self._check_json(resp, request.url)
            if t.cache is not None:
                t.cache.put(request.url, dict(resp.headers), resp.content, accept)
        return resp

    def _backoff(self, failures: int, what: str) -> None:
        t = self.transport
        delay = t.policy.backoff * (2 ** (failures - 1))
        log.info("%s; retry %d of %d in %.1fs", what, failures, t.policy.retries, delay)
        t.wait(delay, f"{what}, retry {failures} of {t.policy.retries}")

    def _rate_limited(self, wait: float) -> RateLimited:
        when = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=wait)
        if when.second or when.microsecond:  # the minute it is surely over, not the one before
            when = when.replace(second=0, microsecond=0) + dt.timedelta(minutes=1)
        minutes = max(1, round(wait / 60))
        hint = " (or sign in with `studio auth login` for a higher limit)" if (
            self.transport.anonymous) else ""
        return RateLimited(
            f"GitHub rate limit reached: try again after {when:%H:%M} UTC "
            f"(in about {minutes} min){hint}"
        )

    @staticmethod
    def _check_json(resp: requests.Response, url: str) -> None:
        body = resp.content or b""
        if not body.strip():
            return
        try:
            json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise StudioError(
                f"GitHub sent a malformed response (not JSON) for {_describe(url)}"
            ) from None


def install(github_client, transport: Transport) -> None:
    """Route every request of ``github_client`` (a ``github.Github``) through ``transport``."""
    requester = github_client.requester
    attr = "_Requester__connectionClass"
    base = getattr(requester, attr, None)
    if base is None or not hasattr(base, "__init__"):
        raise StudioError("this PyGithub version is not supported: install PyGithub 2.x")

    class StudioConnection(base):  # type: ignore[valid-type, misc]
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.session.mount(f"{self.protocol}://", StudioAdapter(transport))

    setattr(requester, attr, StudioConnection)
