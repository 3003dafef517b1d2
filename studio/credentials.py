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
    from .plumbing.redact import remember
    from .sources.github.auth import KEYRING_SERVICE, _keyring

    try:
        value = _keyring().get_password(KEYRING_SERVICE, user) or ""
        remember(value)
        return value
    except Exception:  # noqa: BLE001 - any keyring backend failure means "no key here"
        return ""


def store_llm_key(user: str, value: str) -> None:
    """Keep ``value`` in the OS keyring under ``user``; a one-line StudioError (never holding
    the key) when it is not a key or no keyring can keep it."""
    from .plumbing.errors import StudioError
    from .sources.github.auth import KEYRING_SERVICE, _keyring

    value = value.strip()
    if not value or any(c.isspace() for c in value):
        raise StudioError("that does not look like an API key (it is empty or has spaces)")
    try:
        kr = _keyring()
        kr.set_password(KEYRING_SERVICE, user, value)
        kept = kr.get_password(KEYRING_SERVICE, user) == value
    except Exception as exc:  # noqa: BLE001 - keyring raises many backend-specific errors
        raise StudioError(f"cannot store the API key in the OS keyring ({type(exc).__name__}): "
                          "set STUDIO_LLM_API_KEY in the environment instead") from None
    if not kept:
        raise StudioError("the OS keyring did not keep the API key: set STUDIO_LLM_API_KEY in "
                          "the environment instead")


def clear_llm_key(user: str) -> None:
    """Forget the model server key stored under ``user`` (nothing stored: nothing to do)."""
    from .plumbing.errors import StudioError
    from .sources.github.auth import KEYRING_SERVICE, _keyring

    kr = _keyring()
    try:
        if kr.get_password(KEYRING_SERVICE, user):
            kr.delete_password(KEYRING_SERVICE, user)
    except Exception as exc:  # noqa: BLE001
        raise StudioError(f"cannot reach the OS keyring ({type(exc).__name__})") from None
