"""``[writer]`` of show.toml and the command line: which writer, and the model server it uses.

``kind = "story"`` (the default) is the story writer; ``kind = "llm"`` drafts with a language
model behind an OpenAI-compatible chat-completions endpoint (Ollama, llama-server, vLLM, LM
Studio or a hosted one); ``kind = "auto"`` uses the configured model, else one a local server
offers (:mod:`.local`), else the story writer. The API key is never part of these settings: see :mod:`.key`.
"""

from __future__ import annotations

import logging
import math
import urllib.parse
from dataclasses import dataclass, fields, replace
from typing import Any

from ...plumbing.errors import StudioError

log = logging.getLogger(__name__)

KINDS = ("story", "llm", "auto")
WHERE = "show.toml: writer."


@dataclass(frozen=True)
class WriterSettings:
    kind: str = "story"
    base_url: str = "http://localhost:11434/v1"  # Ollama's OpenAI-compatible endpoint
    model: str = ""
    temperature: float = 0.4
    timeout: float = 120.0  # seconds without a byte from the server before giving up
    deadline: float = 600.0  # seconds a whole draft may take, retries included
    retries: int = 2  # on 429 (after its Retry-After), 5xx, timeouts and dropped connections
    stream: bool = True
    cache: bool = True  # reuse a draft made from the same model, prompt and facts
    context: int = 0  # the model's context window in tokens; 0: ask the server (else 8192)

    @property
    def llm(self) -> bool:
        return self.kind == "llm"

    @property
    def drafts(self) -> bool:
        """Whether a language model may draft (``llm``, or ``auto`` finding one)."""
        return self.kind in ("llm", "auto")

    def checked(self, where: str = WHERE) -> WriterSettings:
        """These settings, or a one-line StudioError naming the first bad value (as
        ``show.toml: writer.NAME``, or ``--llm-NAME`` when ``where`` is "--llm-")."""

        def name(key: str) -> str:
            return where + (key.replace("_", "-") if where.startswith("--") else key)

        if self.kind not in KINDS:
            raise StudioError(f"{WHERE}kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if not 0 <= self.context <= 10_000_000:
            raise StudioError(f"{name('context')} must be a number of tokens, "
                              f"not {self.context}")
        if self.kind == "auto":  # a configured model is checked as the LLM writer's
            if self.model.strip():
                replace(self, kind="llm").checked(where)
            return self
        if not self.llm:
            return self
        check_base_url(self.base_url, name("base_url"))
        if not self.model.strip():
            raise StudioError(f"{name('model')} is not set: name the model the server at "
                              f"{host_of(self.base_url)} should use (e.g. qwen2.5:7b)")
        if not 0.0 <= self.temperature <= 2.0:
            raise StudioError(f"{name('temperature')} must be from 0 to 2, "
                              f"not {self.temperature:g}")
        for key in ("timeout", "deadline"):
            value = getattr(self, key)
            if not (math.isfinite(value) and 0 < value <= 3600):
                raise StudioError(f"{name(key)} must be seconds from 0 to 3600, not {value:g}")
        if not 0 <= self.retries <= 10:
            raise StudioError(f"{name('retries')} must be from 0 to 10, not {self.retries}")
        return self


def check_base_url(url: str, what: str = WHERE + "base_url") -> str:
    parts = urllib.parse.urlsplit((url or "").strip())
    try:
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError:
        raise StudioError(f"{what} {url[:80]!r} has an invalid port") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise StudioError(f"{what} must be an http:// or https:// URL such as "
                          f"http://localhost:11434/v1, not {url[:80]!r}")
    if parts.username or parts.password:
        raise StudioError(f"{what} must not hold a user name or password "
                          "(the API key comes from the environment or the keyring)")
    return url


def host_of(url: str) -> str:
    """The server's host[:port], what messages name (never the full URL's query)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or "?"
    try:
        return f"{host}:{parts.port}" if parts.port else host
    except ValueError:
        return host


_TYPES: dict[str, tuple[type, ...]] = {"str": (str,), "float": (int, float), "int": (int,),
                                       "bool": (bool,)}


def parse_writer(data: Any) -> WriterSettings:
    """``[writer]`` as read from show.toml (a dict), checked."""
    if not isinstance(data, dict):
        raise StudioError("show.toml: [writer] must be a table")
    known = {f.name: f for f in fields(WriterSettings)}
    unknown = set(data) - set(known)
    if unknown:
        log.warning("show.toml: ignoring unknown keys %s in [writer]", ", ".join(sorted(unknown)))
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            continue
        want = _TYPES[str(known[name].type)]
        if not isinstance(value, want) or (bool not in want and isinstance(value, bool)):
            kind = {"str": "a string", "bool": "true or false", "int": "a whole number"}.get(
                str(known[name].type), "a number")
            raise StudioError(f"{WHERE}{name} must be {kind}")
        values[name] = float(value) if str(known[name].type) == "float" else value
    return WriterSettings(**values).checked()


def with_overrides(base: WriterSettings, **chosen: Any) -> WriterSettings:
    """``base`` with what the command line chose (None: not chosen), checked. Naming a model
    or server on the command line implies the LLM writer."""
    changes = {k: v for k, v in chosen.items() if v is not None}
    if ("model" in changes or "base_url" in changes) and "kind" not in changes \
            and base.kind != "auto":
        changes["kind"] = "llm"
    return replace(base, **changes).checked("--llm-") if changes else base.checked()
