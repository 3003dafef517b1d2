"""Build a PyGithub client for one pull: base URL, token, page size and our transport."""

from __future__ import annotations

import math

from ... import __version__
from .auth import Token, normalize_api_url
from .transport import Transport, install


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
        user_agent=f"commitcast-studio/{__version__}",
    )
    install(client, transport)
    return client
