"""A model server on this machine for the language-model writer (optional): what answers
and how to use it."""

from __future__ import annotations

from .model import Check


def check_local_model() -> Check:
    from ..script.llm.local import LLAMA_SERVER, OLLAMA, find_local_servers

    found = find_local_servers()
    with_models = [s for s in found if s.models]
    if with_models:
        return Check("language model", True, "; ".join(s.how() for s in with_models))
    if found:
        return Check("language model", False, f"{found[0].kind} at {found[0].base_url} lists "
                     "no models", "ollama pull qwen2.5:7b (or start llama-server with a model)",
                     needed=False)
    return Check("language model", True, f"none on this machine (optional; Ollama at {OLLAMA} "
                 f"or llama-server at {LLAMA_SERVER} would be used by --writer auto)")
