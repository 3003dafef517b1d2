"""Secrets never leave the process: every text studio lets out (an error's line, a log
record, a note saved in a file) passes :func:`redact`, whatever its source.

A server can echo a request's headers back in its error body (GitHub's API behind a proxy, an
S3-compatible service), and a library puts that body in its exception; so the known secrets
are replaced wherever they appear, not only where studio itself formats a message. Known are
the values of the environment's secret variables (the GitHub and AWS ones, and any whose name
says TOKEN, SECRET, PASSWORD or KEY), the values studio read from the OS keyring or from
``gh auth token`` (:func:`remember`), and text shaped like a credential (GitHub tokens, AWS
key ids, ``Authorization:`` values, ``X-Amz-Security-Token`` headers).

Child processes get :func:`child_env`: the environment without those variables, since none
of git, ffmpeg, the speech workers or a model server needs them.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Mapping
from urllib.parse import quote

MASK = "[redacted]"
MIN_SECRET = 6  # shorter values ("1", "true") would mask ordinary words
SECRET_VARS = ("GITHUB_TOKEN", "GH_TOKEN", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN",
               "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
               "AWS_SECURITY_TOKEN", "STUDIO_LLM_API_KEY", "OPENAI_API_KEY")
_SECRET_NAME = re.compile(r"TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|CREDENTIAL",
                          re.IGNORECASE)
_SHAPES = [
    re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
    re.compile(r"\b(?:AKIA|ASIA|AIDA|AROA)[A-Z0-9]{16}\b"),
    re.compile(r"(?i)(authorization[\"']?\s*[:=]\s*[\"']?)[^\n\"'\\]+"),
    re.compile(r"(?i)(x-amz-security-token[\"']?\s*[:=]\s*[\"']?)[^\s\"',;]+"),
    re.compile(r"(?i)(x-amz-credential=)[^&\s\"']+"),
]
_remembered: set[str] = set()
_guard = threading.Lock()


def remember(value: str | None) -> None:
    """Treat ``value`` as a secret from now on (a token read from the keyring or ``gh``)."""
    if value and len(value.strip()) >= MIN_SECRET:
        with _guard:
            _remembered.add(value.strip())


def is_secret_var(name: str) -> bool:
    return name.upper() in SECRET_VARS or bool(_SECRET_NAME.search(name))


def known_secrets(env: Mapping[str, str] | None = None) -> list[str]:
    """Every secret value known now, longest first (so a longer one is masked whole)."""
    env = os.environ if env is None else env
    values = {v.strip() for k, v in env.items() if is_secret_var(k) and v}
    with _guard:
        values |= _remembered
    found: set[str] = set()
    for value in values:
        if len(value) < MIN_SECRET:
            continue
        found.update({value, quote(value, safe=""), value.replace("/", "\\/")})
    return sorted(found, key=len, reverse=True)


def redact(text: str) -> str:
    """``text`` with every known secret, and anything shaped like a credential, masked."""
    if not text:
        return text
    for secret in known_secrets():
        if secret in text:
            text = text.replace(secret, MASK)
    for shape in _SHAPES:
        text = shape.sub(lambda m: (m.group(1) if m.groups() else "") + MASK, text)
    return text


def child_env(env: Mapping[str, str] | None = None, keep: tuple[str, ...] = ()) -> dict[str, str]:
    """``env`` (default: this process's) without its secret variables, except ``keep``."""
    env = os.environ if env is None else env
    return {k: v for k, v in env.items() if k in keep or not is_secret_var(k)}


_installed = False


def install_log_redaction() -> None:
    """Make every log record (any logger, any handler, Python's last-resort one too) carry
    its message redacted: set once, at a process's start."""
    global _installed
    if _installed:
        return
    _installed = True
    previous = logging.getLogRecordFactory()

    def factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format string: logging reports it later
            return record
        record.msg, record.args = redact(message), ()
        return record

    logging.setLogRecordFactory(factory)
