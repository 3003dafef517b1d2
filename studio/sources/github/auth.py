"""Where a GitHub token comes from: the environment, the OS keyring, or `gh auth token`.

The token's value never leaves this module's callers in readable form: :class:`Token` hides it
from ``repr``/``str``, and only its source ("GITHUB_TOKEN", "keyring", ...) is ever shown.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import subprocess
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field

from ...plumbing.errors import StudioError
from ...plumbing.redact import child_env

log = logging.getLogger(__name__)

KEYRING_SERVICE = "commitcast-studio"
DEFAULT_API_URL = "https://api.github.com"
ENV_VARS = ("GITHUB_TOKEN", "GH_TOKEN")


@dataclass(frozen=True)
class Token:
    """A token and where it came from; ``value`` is empty for anonymous access."""

    value: str = field(repr=False)
    source: str = "anonymous"

    def __str__(self) -> str:
        return f"token from {self.source}" if self.value else "anonymous"

    @property
    def identity(self) -> str:
        """A one-way fingerprint of the token (for cache keys), never the token itself."""
        if not self.value:
            return "anonymous"
        return hashlib.sha256(b"commitcast-cache\0" + self.value.encode()).hexdigest()[:24]


def normalize_api_url(api_url: str | None) -> str:
    """``https://HOST/api/v3`` for GitHub Enterprise, the public API otherwise."""
    url = (api_url or DEFAULT_API_URL).strip().rstrip("/")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise StudioError(f"not a valid API URL: {api_url!r} (expected e.g. https://HOST/api/v3)")
    if parts.username or parts.password:
        raise StudioError("the API URL must not contain a user name or password")
    return url


def host_of(api_url: str | None) -> str:
    """The host a token belongs to: ``github.com`` for the public API, else the URL's host."""
    parts = urllib.parse.urlsplit(normalize_api_url(api_url))
    host = parts.hostname or "github.com"
    if host == "api.github.com":
        return "github.com"
    return f"{host}:{parts.port}" if parts.port else host


def _keyring():
    import keyring

    return keyring


def keyring_token(host: str) -> str:
    """The token stored for ``host`` in the OS keyring, or "" (no keyring counts as none)."""
    from ...plumbing.redact import remember

    try:
        value = _keyring().get_password(KEYRING_SERVICE, host) or ""
        remember(value)  # a keyring value is masked in every text that leaves the process
        return value
    except Exception as exc:  # noqa: BLE001 - any keyring backend failure means "no token here"
        log.info("keyring not usable: %s", type(exc).__name__)
        return ""


def gh_token(host: str, timeout: float = 10.0) -> str:
    """What `gh auth token --hostname HOST` prints, or "" when gh is missing or signed out."""
    gh = shutil.which("gh")
    if gh is None:
        return ""
    try:
        out = subprocess.run(
            [gh, "auth", "token", "--hostname", host.split(":")[0]],
            capture_output=True,
            timeout=timeout,
            check=False,
            env=dict(child_env(), GH_PROMPT_DISABLED="1", NO_COLOR="1"),
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    if out.returncode != 0:
        return ""
    return out.stdout.decode(errors="replace").strip()


def resolve_token(api_url: str | None = None, env: Mapping[str, str] | None = None) -> Token:
    """The first token found: GITHUB_TOKEN, GH_TOKEN, the keyring, then gh; else anonymous."""
    from ...plumbing.redact import remember

    env = os.environ if env is None else env
    for name in ENV_VARS:
        value = env.get(name, "").strip()
        if value:
            remember(value)  # masked wherever it shows up, whatever env it came from
            return Token(value, name)
    host = host_of(api_url)
    value = keyring_token(host)
    if value:
        return Token(value, "keyring")
    value = gh_token(host)
    if value:
        remember(value)
        return Token(value, "gh auth token")
    return Token("", "anonymous")


def store_token(host: str, value: str) -> None:
    """Save ``value`` in the OS keyring for ``host``."""
    value = value.strip()
    if not value or any(c.isspace() for c in value):
        raise StudioError("that does not look like a token (it is empty or has spaces)")
    advice = "set GITHUB_TOKEN in the environment instead"
    try:
        kr = _keyring()
        kr.set_password(KEYRING_SERVICE, host, value)
        kept = kr.get_password(KEYRING_SERVICE, host) == value
    except Exception as exc:  # noqa: BLE001 - keyring raises many backend-specific errors
        raise StudioError(
            f"cannot store the token in the OS keyring ({type(exc).__name__}): {advice}"
        ) from None
    if not kept:  # e.g. keyring's null backend accepts and forgets
        raise StudioError(f"the OS keyring did not keep the token: {advice}")


def delete_token(host: str) -> bool:
    """Remove the token stored for ``host``; False when there was none."""
    kr = _keyring()
    try:
        if not kr.get_password(KEYRING_SERVICE, host):
            return False
        kr.delete_password(KEYRING_SERVICE, host)
    except kr.errors.PasswordDeleteError:
        return False
    except Exception as exc:  # noqa: BLE001
        raise StudioError(f"cannot reach the OS keyring ({type(exc).__name__})") from None
    return True
