"""One chat completion from an OpenAI-compatible server, through the ``openai`` client library.

Here: retries of 429 (after the server's Retry-After), 5xx, timeouts (not of a server on this
machine, which goes on computing an abandoned request) and dropped connections with back-off,
cancellable and within a deadline over the whole draft; streaming with progress and cancel
between chunks, stopped when it runs away (:mod:`.runaway`); a retry with ``json_object`` and
then without a format for a server that fails a JSON schema; a prompt too long for the
server's context window told apart (:class:`ContextExceeded`); and errors sorted in two: the
user's configuration (:class:`~studio.plumbing.errors.StudioError`, one line: unknown model, refused
key) and the server failing (:class:`LlmUnavailable`: the episode goes on with the story
writer). Every request given up on has its connection closed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

from ...jobs import CancelToken, Progress, no_progress
from ...plumbing.errors import StudioError
from .config import WriterSettings, host_of
from .key import ApiKey, is_local
from .runaway import Runaway, StreamGuard

log = logging.getLogger(__name__)

CHARS_PER_WORD = 9  # of a JSON draft, for streaming progress


class LlmUnavailable(Exception):
    """The server could not give a draft (down, slow, failing, truncated); one line why."""


def _openai():
    try:
        import openai
    except ImportError:
        raise StudioError("the language-model writer needs the openai package: "
                          "pip install 'commitcast-studio[llm]'") from None
    return openai


def make_client(settings: WriterSettings, key: ApiKey) -> Any:
    """The library's client; retries are ours (:func:`complete`), so that a back-off can be
    cancelled and never runs past the draft's deadline."""
    openai = _openai()
    return openai.OpenAI(base_url=settings.base_url, api_key=key.value, timeout=settings.timeout,
                         max_retries=0)


class ContextExceeded(LlmUnavailable):
    """The server says the prompt does not fit its context window (``n_ctx`` when it said)."""

    def __init__(self, message: str, n_ctx: int | None = None) -> None:
        super().__init__(message)
        self.n_ctx = n_ctx


def complete(client: Any, settings: WriterSettings, messages: list[dict[str, str]],
             response_format: dict | None, expected_words: int = 500,
             progress: Progress = no_progress, cancel: CancelToken | None = None,
             max_tokens: int | None = None) -> str:
    """The model's answer text, retried ``settings.retries`` times on 408/409/429/5xx, timeouts
    and dropped connections (after the server's Retry-After, else 0.5 s doubling to 8 s); a
    timeout of a server on this machine is not retried (it is still busy with the request).

    Any other error of a try with the JSON schema (a server that refuses ``response_format``
    with 400, or llama-cpp-python's 500 "Input should be 'text' or 'json_object'") is tried
    again at once with ``{"type": "json_object", "schema": …}`` (llama-cpp-python's own form,
    which holds the model to the schema with a grammar), then ``{"type": "json_object"}``, then
    without a format; those tries count as retries. Raises ContextExceeded (the prompt is too
    long for the server), LlmUnavailable (with the server's own message), StudioError
    (configuration) or Cancelled."""
    openai = _openai()
    host = host_of(settings.base_url)
    started = time.monotonic()
    attempt = 0
    formats = [response_format, *_schema_in_json_object(response_format), JSON_OBJECT, None] \
        if response_format else [None]
    fmt = 0
    while True:
        try:
            return _with_format(client, settings, messages, formats[fmt], expected_words,
                                progress, cancel, started, max_tokens)
        except (openai.APITimeoutError, openai.APIConnectionError, openai.APIStatusError) as exc:
            status = getattr(exc, "status_code", None)
            said = server_message(exc)
            if isinstance(exc, openai.APIStatusError) and is_context_error(said):
                raise ContextExceeded(f"{host} answered {status}: {said}",
                                      context_of(exc)) from None
            format_error = (isinstance(exc, openai.APIStatusError) and status not in RETRIED
                            and fmt + 1 < len(formats))
            if format_error:
                attempt += 1
                fmt += 1
                log.info("%s answered %s to a request with %s (%s); asking %s", host, status,
                         _format_name(formats[fmt - 1]), said or "no message",
                         _format_name(formats[fmt], "with"))
                continue
            if isinstance(exc, openai.APIStatusError) and status not in RETRIED and status < 500:
                raise LlmUnavailable(_why(exc, settings)) from None
            if isinstance(exc, openai.APITimeoutError) and is_local(settings.base_url):
                # a server on this machine that timed out is still computing the answer: a
                # new request would queue behind it (and slow the next draft too)
                raise LlmUnavailable(f"{_why(exc, settings)}; not asked again, as a server on "
                                     "this machine goes on with a request it was sent") from None
            attempt += 1
            if attempt > settings.retries:
                raise LlmUnavailable(_why(exc, settings)) from None
            wait = _retry_after(exc) or min(MAX_BACKOFF, FIRST_BACKOFF * 2 ** (attempt - 1))
            if time.monotonic() - started + wait > settings.deadline:
                raise LlmUnavailable(f"{_why(exc, settings)}; waiting {wait:g} s more would pass "
                                     f"the {settings.deadline:g} s deadline") from None
            log.info("%s: %s; retry %d of %d in %.1f s", host, _why(exc, settings), attempt,
                     settings.retries, wait)
            progress(0.0, f"{host} is busy: trying again in {_seconds(wait)} s")
            _sleep(wait, cancel)


JSON_OBJECT = {"type": "json_object"}


def _schema_in_json_object(fmt: dict) -> list[dict]:
    """The schema of a ``json_schema`` response format as llama-cpp-python's server asks for
    it (``{"type": "json_object", "schema": …}``), or nothing for another format."""
    schema = (fmt.get("json_schema") or {}).get("schema") if fmt.get("type") == "json_schema" \
        else None
    return [{"type": "json_object", "schema": schema}] if isinstance(schema, dict) else []
CONTEXT_WORDS = ("exceeds the available context size", "maximum context length",
                 "context length", "context window", "too many tokens", "prompt is too long",
                 "exceed_context_size")


def _format_name(fmt: dict | None, prefix: str = "") -> str:
    if fmt is None:
        return "without a response format" if prefix else "no response format"
    name = "a JSON schema" if fmt.get("type") == "json_schema" else \
        "json_object with its schema" if "schema" in fmt else "json_object"
    return f"{prefix} {name}".strip()


def server_message(exc: Exception) -> str:
    """The server's own error message, on one line (at most 200 characters)."""
    body = getattr(exc, "body", None)
    text = ""
    if isinstance(body, dict):
        err = body.get("error", body)
        text = str(err.get("message", "") if isinstance(err, dict) else err)
        if not text and isinstance(body.get("detail"), (str, list)):
            text = str(body["detail"])
    elif isinstance(body, str):
        text = body
    if not text:
        response = getattr(exc, "response", None)
        try:
            text = response.text if response is not None else ""
        except Exception:  # noqa: BLE001 - a body that cannot be read says nothing
            text = ""
    text = " ".join(str(text).split())
    return text[:197] + "..." if len(text) > 200 else text


def is_context_error(message: str) -> bool:
    low = message.lower()
    return any(w in low for w in CONTEXT_WORDS)


def context_of(exc: Exception) -> int | None:
    """The context size a context error names (llama-server's ``n_ctx``), if any."""
    import re

    body = getattr(exc, "body", None)
    err = body.get("error", body) if isinstance(body, dict) else None
    if isinstance(err, dict) and isinstance(err.get("n_ctx"), int):
        return err["n_ctx"]
    m = re.search(r"(?:context length is|n_ctx\W+|context size of)\s*(\d{3,7})",
                  server_message(exc))
    return int(m.group(1)) if m else None


RETRIED = {408, 409, 429}
FIRST_BACKOFF = 0.5
MAX_BACKOFF = 8.0
MAX_RETRY_AFTER = 120.0


def _why(exc: Exception, settings: WriterSettings) -> str:
    openai = _openai()
    host = host_of(settings.base_url)
    if isinstance(exc, openai.RateLimitError):
        return f"{host} kept answering 429 (rate limited)"
    if isinstance(exc, openai.APITimeoutError):
        return f"{host} did not answer within {settings.timeout:g} s"
    if isinstance(exc, openai.APIConnectionError):
        return f"cannot reach {host}"
    if isinstance(exc, openai.APIStatusError):
        said = server_message(exc)
        return f"{host} answered {exc.status_code}" + (f": {said}" if said else "")
    return f"{host} failed ({type(exc).__name__})"


def _retry_after(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            value = float(headers.get(name, "")) * scale
        except (TypeError, ValueError):
            continue
        if 0 <= value <= MAX_RETRY_AFTER:
            return value
    return None


def _sleep(seconds: float, cancel: CancelToken | None) -> None:
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        if cancel is not None:
            cancel.check()
        time.sleep(min(0.1, left))
    if cancel is not None:
        cancel.check()


def _with_format(client: Any, settings: WriterSettings, messages: list[dict[str, str]],
                 fmt: dict | None, expected_words: int, progress: Progress,
                 cancel: CancelToken | None, started: float, max_tokens: int | None) -> str:
    """One try with the response format ``fmt`` (None: none); status errors go to
    :func:`complete`, which decides whether to try again and how."""
    openai = _openai()
    host = host_of(settings.base_url)
    extra: dict[str, Any] = {"response_format": fmt} if fmt else {}
    if max_tokens:
        extra["max_tokens"] = max_tokens
    try:
        return _ask(client, settings, messages, extra, expected_words, progress, cancel,
                    started)
    except openai.NotFoundError:
        raise StudioError(f"the model server {host} has no model {settings.model!r} "
                          "(or no chat-completions endpoint at that base_url)") from None
    except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
        raise StudioError(f"the model server {host} refused the API key "
                          f"({exc.status_code})") from None
    except (openai.APITimeoutError, openai.APIConnectionError, openai.APIStatusError):
        raise  # retried by complete()
    except openai.APIError as exc:  # e.g. an error event inside the stream, bad chunks
        raise LlmUnavailable(f"{host} sent a broken answer ({type(exc).__name__})") from None


def _ask(client: Any, settings: WriterSettings, messages: list[dict[str, str]],
         extra: dict[str, Any], expected_words: int, progress: Progress,
         cancel: CancelToken | None, started: float) -> str:
    host = host_of(settings.base_url)
    if not settings.stream:
        response = client.chat.completions.create(model=settings.model, messages=messages,
                                                  temperature=settings.temperature, **extra)
        if cancel is not None:
            cancel.check()
        if isinstance(response, (str, bytes)):  # a body the library could not read as JSON
            raise LlmUnavailable(not_an_api(host, response))
        choices = getattr(response, "choices", None) or []
        if not choices or not getattr(choices[0], "message", None):
            raise LlmUnavailable(f"{host} sent an answer without a message")
        if choices[0].finish_reason == "length":
            raise LlmUnavailable(f"{host} cut the draft short (the model's length limit)")
        return choices[0].message.content or ""
    stream = client.chat.completions.create(model=settings.model, messages=messages,
                                            temperature=settings.temperature, stream=True,
                                            **extra)
    parts: list[str] = []
    size = 0
    finished = ""
    expected = max(1, expected_words * CHARS_PER_WORD)
    guard = StreamGuard()
    chunks = 0
    try:
        for chunk in _chunks(stream):
            chunks += 1
            if cancel is not None:
                cancel.check()
            if time.monotonic() - started > settings.deadline:
                raise LlmUnavailable(f"{host} took longer than {settings.deadline:g} s")
            for choice in getattr(chunk, "choices", None) or []:
                delta = getattr(choice, "delta", None)
                text = getattr(delta, "content", None) if delta is not None else None
                if text:
                    parts.append(text)
                    size += len(text)
                    try:
                        guard.feed(text)
                    except Runaway as exc:
                        raise LlmUnavailable(f"stopped the stream from {host}: {exc}") from None
                if choice.finish_reason:
                    finished = choice.finish_reason
            progress(min(0.95, size / expected), drafting_message(settings.model, size))
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    if finished == "length":
        raise LlmUnavailable(f"{host} cut the draft short (the model's length limit)")
    if not chunks:
        response = getattr(stream, "response", None)
        kind = getattr(response, "headers", {}).get("content-type", "") if response else ""
        raise LlmUnavailable(not_an_api(host, "", kind))
    if not finished:
        raise LlmUnavailable(f"the stream from {host} ended before the draft was finished")
    return "".join(parts)


def _seconds(wait: float) -> str:
    """0.5 as "0.5", 2.0 as "2", 12.4 as "12": never "0"."""
    return f"{wait:.0f}" if wait >= 10 else f"{wait:.1f}".rstrip("0").rstrip(".")


def not_an_api(host: str, body: str | bytes, kind: str = "") -> str:
    """What to say of a 200 answer that is no chat completion (a web page, a proxy's notice)."""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    head = text[:500].lower()
    what = ("a web page" if "html" in kind.lower() or "<html" in head or "<!doctype" in head
            else f"{kind.split(';')[0]}" if kind else "something else")
    return (f"{host} did not answer as a chat-completions API (it sent {what}; is the base URL "
            "the server's OpenAI-compatible address, usually ending in /v1?)")


def drafting_message(model: str, size: int) -> str:
    """What streaming progress says: ``drafting with MODEL… 1,234 characters``."""
    return f"drafting with {model}… {size:,} characters"


def _chunks(stream: Any) -> Iterator[Any]:
    """The stream's chunks; a connection dropped mid-stream is LlmUnavailable."""
    openai = _openai()
    try:
        yield from stream
    except openai.APIError:
        raise
    except Exception as exc:  # noqa: BLE001 - httpx transport errors while reading the body
        raise LlmUnavailable(f"the stream broke off ({type(exc).__name__})") from None
