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
    name: the story writer, or the language-model writer backed by it."""
    if settings is None or not settings.llm:
        return default_writer(minutes)
    from .llm.writer import LlmWriter

    return LlmWriter(settings, minutes, progress, cancel)


def write_script(digest: Digest, profile: Profile, writer: ScriptWriter | None = None,
                 minutes: float | None = None) -> Episode:
    """The episode ``writer`` (default: the story writer, aiming at ``minutes``) makes."""
    from .merge import stamp_written

    if writer is None:
        writer = default_writer(minutes) if minutes else DEFAULT_WRITER
    return stamp_written(writer.write(digest, profile))
