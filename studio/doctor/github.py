"""The GitHub token: is there one, does GitHub take it, how many requests are left.

The token is looked up as a pull would (GITHUB_TOKEN, GH_TOKEN, the OS keyring, gh) and
checked with ``/rate_limit``, which costs no rate limit. Only its source is ever shown.
"""

from __future__ import annotations

from pathlib import Path

from ..plumbing.errors import StudioError
from .model import Check

LOGIN_FIX = ("set GITHUB_TOKEN in the job's environment, or run `studio auth login` "
             "(a token with read access to public repositories is enough)")


def _push_repo(show_dir: Path | None) -> str:
    """The [github] repo the show pushes to, when show.toml is readable and names one."""
    if show_dir is None:
        return ""
    try:
        from ..publish.show import read_settings

        return read_settings(show_dir).github.repo
    except StudioError:
        return ""  # the show check reports a broken show.toml


def check_github_token(api_url: str | None = None, offline: bool = False,
                       show_dir: Path | None = None) -> Check:
    from ..sources.github.auth import host_of, resolve_token

    try:
        host = host_of(api_url)
    except StudioError as exc:
        return Check("GitHub token", False, str(exc), "pass --api-url https://HOST/api/v3")
    token = resolve_token(api_url)
    pushes = _push_repo(show_dir)
    if not token.value:
        if pushes:
            return Check("GitHub token", False,
                         f"no token for {host}, and show.toml pushes the site to {pushes}",
                         LOGIN_FIX.replace("public repositories", f"{pushes} (contents: write)"))
        return Check("GitHub token", False,
                     f"no token for {host}: --github pulls run anonymously, 60 requests an "
                     "hour, public repositories only (local --git clones need none)",
                     LOGIN_FIX, needed=False)
    if offline:
        return Check("GitHub token", True, f"token from {token.source} (not checked: --offline)")
    from ..sources.github.client import rate_limit_status
    from ..sources.github.transport import NetworkPolicy

    policy = NetworkPolicy(timeout=10.0, retries=0, max_rate_wait=0.0, min_interval=None)
    try:
        remaining, limit, reset = rate_limit_status(api_url, token, policy)
    except StudioError as exc:
        text = str(exc)
        if "rejected the token" in text or "401" in text:
            return Check("GitHub token", False, f"{host}: {text}",
                         f"make a new token and set it (GITHUB_TOKEN, or `studio auth login`); "
                         f"the one from {token.source} no longer works")
        return Check("GitHub token", False, f"token from {token.source}, not checked: {text}",
                     f"check the network connection to {host}, or run with --offline",
                     needed=False)
    detail = (f"token from {token.source} accepted by {host}: {remaining} of {limit} "
              f"requests left until {reset:%H:%M} UTC")
    if remaining == 0:
        return Check("GitHub token", False, detail,
                     f"wait until {reset:%H:%M} UTC, or use a token of another account",
                     needed=False)
    return Check("GitHub token", True, detail)
