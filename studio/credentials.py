"""The GitHub token as the settings dialog sees it: set, forget, and shown only masked.

The token lives in the OS keyring under the same entry `studio auth login` and the GitHub
source use (:mod:`studio.sources.github.auth`); what a user is ever shown is :func:`masked`,
the last four characters at most.
"""

from __future__ import annotations

GITHUB_HOST = "github.com"


def _auth():
    # lazily: the GitHub package pulls in requests, which the app's start does not need
    from .sources.github import auth

    return auth


def stored_token(host: str = GITHUB_HOST) -> str:
    """The stored token, or "" when none (or no keyring is usable)."""
    return _auth().keyring_token(host)


def store_token(value: str, host: str = GITHUB_HOST) -> None:
    _auth().store_token(host, value)


def clear_token(host: str = GITHUB_HOST) -> None:
    _auth().delete_token(host)


def masked(token: str) -> str:
    """What the user is shown of a stored token: never more than its last four characters."""
    if not token:
        return ""
    tail = token[-4:] if len(token) >= 12 else ""
    return "••••••••" + tail


# The language-model writer's API key (studio.script.llm.key): one keyring entry per server
# host, user name ``llm:HOST``, in the same service as the GitHub token.


def stored_llm_key(user: str) -> str:
    """The model server key stored under ``user`` (``llm:HOST``), or "" when none."""
    from .sources.github.auth import KEYRING_SERVICE, _keyring

    try:
        return _keyring().get_password(KEYRING_SERVICE, user) or ""
    except Exception:  # noqa: BLE001 - any keyring backend failure means "no key here"
        return ""


def store_llm_key(user: str, value: str) -> None:
    from .sources.github.auth import KEYRING_SERVICE, _keyring

    _keyring().set_password(KEYRING_SERVICE, user, value)
