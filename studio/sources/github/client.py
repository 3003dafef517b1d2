"""Build a PyGithub client for one pull: base URL, token, page size and our transport."""

from __future__ import annotations

import datetime as dt
import math

from ... import __version__
from .auth import Token, host_of, normalize_api_url
from .transport import NetworkPolicy, Transport, install


def make_client(api_url: str | None, token: Token, transport: Transport):
    """A ``github.Github`` whose requests all go through ``transport`` (100 items a page)."""
    from github import Auth, Github

    policy = transport.policy
    client = Github(
        base_url=normalize_api_url(api_url),
        auth=Auth.Token(token.value) if token.value else None,
        per_page=100,
        timeout=max(1, math.ceil(policy.timeout)),  # the transport applies the exact value
        retry=None,  # the transport retries, with a visible countdown
        seconds_between_requests=policy.min_interval,
        seconds_between_writes=policy.min_interval,  # GraphQL queries are POSTs, not writes
        user_agent=f"commitcast-studio/{__version__}",
    )
    install(client, transport)
    return client


def rate_limit_status(api_url: str | None, token: Token,
                      policy: NetworkPolicy | None = None) -> tuple[int, int, dt.datetime]:
    """(remaining, limit, reset time) of the core rate limit for ``token``: a free request
    that also tells whether GitHub accepts the token."""
    from .errors import PullContext, github_errors

    transport = Transport(policy=policy or NetworkPolicy(min_interval=None),
                          anonymous=not token.value)
    ctx = PullContext(repo=host_of(api_url), host=host_of(api_url), token=token,
                      stage="rate limit")
    client = make_client(api_url, token, transport)
    try:
        with github_errors(ctx):
            rate = client.get_rate_limit().rate
            return rate.remaining, rate.limit, rate.reset
    finally:
        client.close()
