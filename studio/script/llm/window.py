"""The model's context window, and how many tokens a prompt takes of it.

Asked of the server first: Ollama (``POST /api/show``: the model's ``num_ctx`` parameter when
its Modelfile sets one, else its ``<arch>.context_length`` capped at Ollama's default window,
which is what the OpenAI-compatible endpoint runs with), llama-server (``GET /props``:
``default_generation_settings.n_ctx``). A ``[writer] context = N`` (``--llm-context``) can only
lower what the server says, and stands alone when the server says nothing; else
:data:`DEFAULT_CONTEXT`. Tokens are estimated as characters / 4 (English prose and JSON run
at 3.5-4.5 characters a token in the common tokenizers), with a margin for the chat template.
"""

from __future__ import annotations

import json
import logging
import re
import urllib.error
import urllib.parse
import urllib.request

from .config import WriterSettings

log = logging.getLogger(__name__)

DEFAULT_CONTEXT = 8192  # what a 7-8B model on a laptop is usually run with
OLLAMA_DEFAULT_CTX = 4096  # Ollama's num_ctx when the model's Modelfile sets none
CHARS_PER_TOKEN = 4
MESSAGE_OVERHEAD = 8  # tokens of the chat template per message
ASK_TIMEOUT = 3.0


def estimate_tokens(messages: list[dict[str, str]]) -> int:
    """Tokens ``messages`` take: characters / 4, rounded up, plus the template's few."""
    chars = sum(len(m.get("content", "")) for m in messages)
    return -(-chars // CHARS_PER_TOKEN) + MESSAGE_OVERHEAD * len(messages)


def answer_tokens(words: int) -> int:
    """``max_tokens`` for a draft of about ``words`` words: the JSON around each sentence
    (its commits, quotes, braces) roughly doubles a draft's tokens; room for half again."""
    return 3 * words + 400


def _root(base_url: str) -> str:
    parts = urllib.parse.urlsplit(base_url)
    path = re.sub(r"/v1/?$", "", parts.path.rstrip("/"))
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def _json(url: str, body: dict | None = None) -> dict | None:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=ASK_TIMEOUT) as r:  # noqa: S310 - the user's URL
            out = json.loads(r.read(4_000_000) or b"null")
    except (OSError, ValueError, urllib.error.URLError):
        return None
    return out if isinstance(out, dict) else None


def ollama_context(root: str, model: str) -> int | None:
    data = _json(f"{root}/api/show", {"model": model})
    if data is None:
        return None
    m = re.search(r"(?m)^\s*num_ctx\s+(\d+)", str(data.get("parameters") or ""))
    if m:
        return int(m.group(1))
    info = data.get("model_info") or {}
    arch = info.get("general.architecture", "")
    length = info.get(f"{arch}.context_length") if arch else None
    if not isinstance(length, int):
        length = next((v for k, v in info.items() if k.endswith(".context_length")
                       and isinstance(v, int)), None)
    return min(length, OLLAMA_DEFAULT_CTX) if isinstance(length, int) else None


def llama_server_context(root: str) -> int | None:
    data = _json(f"{root}/props")
    if data is None:
        return None
    settings = data.get("default_generation_settings") or {}
    for value in (settings.get("n_ctx"), data.get("n_ctx")):
        if isinstance(value, int) and value > 0:
            return value
    return None


def context_window(settings: WriterSettings) -> tuple[int, str]:
    """(tokens, where that came from) for the model ``settings`` name."""
    root = _root(settings.base_url)
    said = llama_server_context(root)
    source = "the server's /props"
    if said is None:
        said = ollama_context(root, settings.model)
        source = "Ollama's /api/show"
    if said is not None and settings.context:
        return min(said, settings.context), f"{source} and the writer's context setting"
    if said is not None:
        return said, source
    if settings.context:
        return settings.context, "the writer's context setting"
    return DEFAULT_CONTEXT, "the default (the server did not say)"
