"""Script writers: a Digest in, an Episode (titled segments of spoken text) out.

``ScriptWriter`` is the seam where another writer (a language model, say) can be plugged in;
the built-in one is the story writer (:mod:`.story`): the day's threads in order of what
matters, varied by the date so the same day always reads the same.
"""

from __future__ import annotations

from typing import Protocol

from ..digest.model import Digest
from ..episode import Episode
from ..jobs import CancelToken, Progress, no_progress
from ..profile import Profile
from .llm.config import WriterSettings


class ScriptWriter(Protocol):
    name: str

    def write(self, digest: Digest, profile: Profile) -> Episode: ...


def default_writer(minutes: float | None = None) -> ScriptWriter:
    """The offline writer every show starts with: the editorial plan realized from the record
    (:mod:`.editor`)."""
    from .editor.writer import EditorWriter

    return EditorWriter(minutes)


DEFAULT_WRITER: ScriptWriter = default_writer()


def writer_for(settings: WriterSettings | None, minutes: float | None = None,
               progress: Progress = no_progress, cancel: CancelToken | None = None
               ) -> ScriptWriter:
    """The writer ``settings`` (show.toml's ``[writer]`` with the command line's choices)
    name: the story writer, or the language-model writer backed by it; ``auto``: the
    configured model, else one a server on this machine offers, else the story writer (said
    in one line)."""
    if settings is not None and settings.kind == "auto":
        settings = auto_settings(settings)
    if settings is None or not settings.llm:
        return default_writer(minutes)
    from .llm.writer import LlmWriter

    return LlmWriter(settings, minutes, progress, cancel)


def auto_settings(settings: WriterSettings) -> WriterSettings:
    """``kind = "auto"`` made concrete: the LLM writer with the configured model, else with
    the first model a local server (Ollama, llama-server) offers, else the story writer."""
    import logging
    from dataclasses import replace

    from .llm.local import find_local_servers, first_model

    log = logging.getLogger(__name__)
    if settings.model.strip():
        return replace(settings, kind="llm").checked()
    found = first_model(find_local_servers())
    if found is None:
        log.warning("writer auto: no model configured and no model server on this machine "
                    "(Ollama at 127.0.0.1:11434, llama-server at 127.0.0.1:8080); the story "
                    "writer writes this script")
        return replace(settings, kind="story")
    log.warning("writer auto: using %s from %s at %s", found.model, found.kind, found.base_url)
    return replace(settings, kind="llm", base_url=found.base_url, model=found.model).checked()


def write_script(digest: Digest, profile: Profile, writer: ScriptWriter | None = None,
                 minutes: float | None = None) -> Episode:
    """The episode ``writer`` (default: the story writer, aiming at ``minutes``) makes."""
    from .merge import stamp_written

    if writer is None:
        writer = default_writer(minutes) if minutes else DEFAULT_WRITER
    return stamp_written(writer.write(digest, profile))
