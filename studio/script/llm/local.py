"""Model servers on this machine: Ollama (127.0.0.1:11434) and llama-server (127.0.0.1:8080).

Each is asked with a short timeout (Ollama ``GET /api/tags``; llama-server ``GET /v1/models``,
else ``GET /props``); what answers is a :class:`LocalServer` with its models and the exact way
to use it (the command line's flags, show.toml's lines). Plain ``urllib``: no key is sent (a
server on this machine needs none) and nothing here needs the ``openai`` package.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass

PROBE_TIMEOUT = 0.6  # seconds per address: a server on this machine answers in milliseconds
OLLAMA = "http://127.0.0.1:11434"
LLAMA_SERVER = "http://127.0.0.1:8080"


@dataclass(frozen=True)
class LocalServer:
    kind: str  # "Ollama" | "llama-server"
    base_url: str  # the OpenAI-compatible base URL (ends in /v1)
    models: tuple[str, ...]

    @property
    def model(self) -> str:
        return self.models[0] if self.models else ""

    def flags(self) -> str:
        return f"--writer llm --llm-base-url {self.base_url} --llm-model {self.model or 'NAME'}"

    def toml(self) -> str:
        return (f'[writer]\nkind = "llm"\nbase_url = "{self.base_url}"\n'
                f'model = "{self.model or "NAME"}"')

    def how(self) -> str:
        """One line: what was found and how to use it."""
        names = ", ".join(self.models[:4]) + (" …" if len(self.models) > 4 else "")
        return (f"{self.kind} at {self.base_url} ({names or 'no models'}): use it with "
                f"{self.flags()}, or in show.toml [writer] kind = \"llm\", "
                f"base_url = \"{self.base_url}\", model = \"{self.model or 'NAME'}\"")


def _get(url: str, timeout: float) -> dict | None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:  # noqa: S310 - loopback only
            data = json.loads(r.read(1_000_000) or b"null")
    except (OSError, ValueError, urllib.error.URLError):
        return None
    return data if isinstance(data, dict) else None


def _ollama(root: str, timeout: float) -> LocalServer | None:
    data = _get(f"{root}/api/tags", timeout)
    if data is None or not isinstance(data.get("models"), list):
        return None
    names = [str(m.get("name") or m.get("model")) for m in data["models"]
             if isinstance(m, dict) and (m.get("name") or m.get("model"))]
    return LocalServer("Ollama", f"{root}/v1", tuple(names))


def _llama_server(root: str, timeout: float) -> LocalServer | None:
    data = _get(f"{root}/v1/models", timeout)
    if data is not None and isinstance(data.get("data"), list):
        names = [str(m["id"]) for m in data["data"] if isinstance(m, dict) and m.get("id")]
        return LocalServer("llama-server", f"{root}/v1", tuple(names))
    props = _get(f"{root}/props", timeout)
    if props is None:
        return None
    path = str(props.get("model_path") or "")
    name = path.rsplit("/", 1)[-1] or "default"
    return LocalServer("llama-server", f"{root}/v1", (name,))


def find_local_servers(ollama: str = "", llama_server: str = "",
                       timeout: float = PROBE_TIMEOUT) -> list[LocalServer]:
    """The model servers answering on this machine, Ollama first (their addresses:
    ``STUDIO_OLLAMA_URL`` and ``STUDIO_LLAMA_SERVER_URL`` when set, else the defaults)."""
    ollama = ollama or os.environ.get("STUDIO_OLLAMA_URL", "") or OLLAMA
    llama_server = llama_server or os.environ.get("STUDIO_LLAMA_SERVER_URL", "") or LLAMA_SERVER
    found = [_ollama(ollama.rstrip("/"), timeout), _llama_server(llama_server.rstrip("/"), timeout)]
    return [s for s in found if s is not None]


def first_model(servers: list[LocalServer]) -> LocalServer | None:
    """The first server that offers a model."""
    return next((s for s in servers if s.models), None)
