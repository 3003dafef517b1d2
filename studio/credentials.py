"""The GitHub token in the OS keyring, as the settings dialog sees it: set, clear, masked.

The token's value is only ever written to the keyring and read back for a pull; what a user
sees is :func:`masked`, the last four characters at most.
"""

from __future__ import annotations

import logging

from .errors import StudioError

log = logging.getLogger(__name__)

KEYRING_SERVICE = "commitcast-studio"  # the same entry `studio auth login` uses
GITHUB_HOST = "github.com"
_ADVICE = "set GITHUB_TOKEN in the environment instead"


def _keyring():
    import keyring

    return keyring


def stored_token(host: str = GITHUB_HOST) -> str:
    """The stored token, or "" when none (or no keyring is usable)."""
    try:
        return _keyring().get_password(KEYRING_SERVICE, host) or ""
    except Exception as exc:  # noqa: BLE001 - any backend failure means "no token here"
        log.info("keyring not usable: %s", type(exc).__name__)
        return ""


def store_token(value: str, host: str = GITHUB_HOST) -> None:
    value = value.strip()
    if not value or any(c.isspace() for c in value):
        raise StudioError("that does not look like a token (it is empty or has spaces)")
    try:
        kr = _keyring()
        kr.set_password(KEYRING_SERVICE, host, value)
        kept = kr.get_password(KEYRING_SERVICE, host) == value
    except Exception as exc:  # noqa: BLE001 - keyring raises many backend-specific errors
        raise StudioError(f"cannot store the token in the OS keyring "
                          f"({type(exc).__name__}): {_ADVICE}") from None
    if not kept:
        raise StudioError(f"the OS keyring did not keep the token: {_ADVICE}")


def clear_token(host: str = GITHUB_HOST) -> None:
    try:
        kr = _keyring()
        if kr.get_password(KEYRING_SERVICE, host):
            kr.delete_password(KEYRING_SERVICE, host)
    except Exception as exc:  # noqa: BLE001
        raise StudioError(f"cannot reach the OS keyring ({type(exc).__name__})") from None


def masked(token: str) -> str:
    """What the user is shown of a stored token: never more than its last four characters."""
    if not token:
        return ""
    tail = token[-4:] if len(token) >= 12 else ""
    return "••••••••" + tail
