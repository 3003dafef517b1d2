"""The model server's API key: from the environment or the OS keyring, never from a file.

Looked up in ``STUDIO_LLM_API_KEY``, then ``OPENAI_API_KEY``, then the keyring entry
``commitcast-studio`` / ``llm:HOST`` (see :func:`studio.credentials.store_llm_key`). A server on
this machine (Ollama, llama-server) needs none. The key is handed to the client library only;
no message, log line, cache key or file ever holds it.
"""

from __future__ import annotations

import ipaddress
import os
import urllib.parse
from dataclasses import dataclass, field

from ...plumbing.errors import StudioError
from .config import host_of

ENV_VARS = ("STUDIO_LLM_API_KEY", "OPENAI_API_KEY")
LOCAL_PLACEHOLDER = "no-key"  # what a local server is sent: the client library needs some value


@dataclass(frozen=True)
class ApiKey:
    value: str = field(repr=False)
    source: str  # "STUDIO_LLM_API_KEY", "keyring", "none (local server)"

    def __str__(self) -> str:
        return f"API key from {self.source}"


def keyring_user(base_url: str) -> str:
    return "llm:" + host_of(base_url)


def is_local(base_url: str) -> bool:
    host = urllib.parse.urlsplit(base_url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def api_key(base_url: str, environ: dict[str, str] | None = None) -> ApiKey:
    """The key for the server at ``base_url``; a one-line StudioError when a remote server
    has none (naming where it may come from, never a value)."""
    env = os.environ if environ is None else environ
    for name in ENV_VARS:
        value = env.get(name, "").strip()
        if value:
            return ApiKey(value, name)
    from ...credentials import stored_llm_key

    value = stored_llm_key(keyring_user(base_url))
    if value:
        return ApiKey(value, "keyring")
    if is_local(base_url):
        return ApiKey(LOCAL_PLACEHOLDER, "none (local server)")
    raise StudioError(f"no API key for the model server {host_of(base_url)}: set "
                      f"{ENV_VARS[0]} or store one in the keyring "
                      f"(`keyring set commitcast-studio {keyring_user(base_url)}`)")
