"""Turn what PyGithub and requests raise into one-line StudioErrors a user can act on."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass

import requests

from ...plumbing.errors import Cancelled, StudioError
from ...textsafe import clean_line
from .auth import Token

log = logging.getLogger(__name__)


@dataclass
class PullContext:
    """What the pull was doing, so a failure can say what it means."""

    repo: str
    host: str
    token: Token
    branch: str = ""
    stage: str = "repository"  # repository | commits | pull requests | commit details
    tries: int = 4


def _server_message(exc) -> str:
    data = getattr(exc, "data", None)
    message = data.get("message", "") if isinstance(data, dict) else ""
    return clean_line(str(message))[:200]


def _scrub(text: str, token: Token) -> str:
    return text.replace(token.value, "[token]") if token.value else text


def explain(exc: BaseException, ctx: PullContext) -> StudioError:
    """The user-facing error for ``exc`` raised while pulling ``ctx.repo``."""
    from github import BadAttributeException, GithubException

    if isinstance(exc, GithubException):
        status = exc.status
        message = _server_message(exc)
        if status == 401:
            if ctx.token.value:
                text = (f"GitHub rejected the token from {ctx.token.source} (401 bad credentials): "
                        "renew it, or sign in again with `studio auth login`")
            else:
                text = "GitHub asks for a token (401): sign in with `studio auth login`"
        elif status in (404, 422) and ctx.stage == "commits":
            text = f"no branch {ctx.branch!r} in {ctx.repo} on {ctx.host}"
        elif status == 404:
            hint = ("if it is private, sign in with `studio auth login` or set GITHUB_TOKEN"
                    if not ctx.token.value else
                    f"or the token from {ctx.token.source} cannot see it")
            text = f"repository {ctx.repo} not found on {ctx.host} ({hint})"
        elif status == 403:
            text = f"GitHub refused access to {ctx.repo} (403): {message or 'forbidden'}"
        elif status >= 500:
            text = (f"GitHub kept failing ({status} server error) after {ctx.tries} tries "
                    f"while reading the {ctx.stage}: try again later")
        else:
            text = f"GitHub answered {status} while reading the {ctx.stage}: {message or 'error'}"
        return StudioError(_scrub(text, ctx.token))
    if isinstance(exc, (json.JSONDecodeError, BadAttributeException, KeyError, TypeError,
                        AttributeError, AssertionError, ValueError)):
        log.debug("unexpected GitHub response", exc_info=exc)
        return StudioError(f"GitHub sent a malformed response while reading the {ctx.stage} "
                           f"of {ctx.repo}")
    if isinstance(exc, requests.RequestException):
        return StudioError(f"cannot reach GitHub at {ctx.host}: {type(exc).__name__}")
    return StudioError(_scrub(f"GitHub pull failed: {type(exc).__name__}", ctx.token))


@contextlib.contextmanager
def github_errors(ctx: PullContext) -> Iterator[PullContext]:
    """Within this block, every failure comes out as one StudioError with no token in it."""
    try:
        yield ctx
    except Cancelled:
        raise
    except StudioError as exc:
        raise StudioError(_scrub(str(exc), ctx.token)) from None
    except Exception as exc:  # noqa: BLE001 - anything left is translated, never a traceback
        raise explain(exc, ctx) from None
