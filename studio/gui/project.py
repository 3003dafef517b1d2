"""The open episode: its data, its folder, its undo stack, its autosave.

Widgets read the episode from here and change it only by pushing undo commands
(:mod:`studio.gui.commands`), which call the core edit functions and then announce the change
through this object's signals. "Modified" is ``not undo_stack.isClean()``, or never saved.
"""

from __future__ import annotations

import logging
import uuid
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from .. import projects
from ..episode import Episode
from ..plumbing.errors import StudioError
from ..sources.model import Day
from ..sources.span import Span

log = logging.getLogger(__name__)

AUTOSAVE_MS = 60_000


class Project(QObject):
    reset = Signal()  # a different episode (or none) is open
    structure_changed = Signal()  # segments added, removed, moved or replaced
    segment_changed = Signal(str)  # one segment's text, title or take
    reveal = Signal(str)  # show the host this segment (an undo/redo changed it)
    meta_changed = Signal()
    modified_changed = Signal(bool)
    problem = Signal(str)  # something that failed on its own (an autosave): for the window

    def __init__(self, parent: QObject | None = None, autosave_ms: int = AUTOSAVE_MS) -> None:
        super().__init__(parent)
        self.episode: Episode | None = None
        self.day: Day | None = None
        self.span: Span | None = None  # a recap's days (then ``day`` is None)
        self.folder: Path | None = None
        self.day_changed = False  # the day was pulled again since the folder's day.json
        self.session = uuid.uuid4().hex[:12]
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda _clean: self._announce())
        self._autosave = QTimer(self)
        self._autosave.setInterval(autosave_ms)
        self._autosave.timeout.connect(lambda: self.autosave(background=True))
        self.runner = None  # the window's task runner, for background autosaves
        self._autosave.start()

    # --- state -----------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.episode is not None

    @property
    def modified(self) -> bool:
        if self.episode is None:
            return False
        return not self.undo_stack.isClean() or self.folder is None

    def _announce(self) -> None:
        self.modified_changed.emit(self.modified)

    def set_episode(self, episode: Episode | None, day: Day | None, folder: Path | None,
                    recovered: bool = False, span: Span | None = None) -> None:
        """Open ``episode`` (a fresh pull, a file, or a recovered autosave); a recap comes
        with its ``span`` of days instead of a day."""
        if self.episode is not None:
            projects.discard_autosave(self.folder, self.session)
        self.episode, self.day, self.folder, self.span = episode, day, folder, span
        self.day_changed = recovered and day is not None  # a recovered day may be newer
        self.undo_stack.clear()
        if recovered:
            # recovered work is unsaved: leave the stack "dirty" until the user saves
            self.undo_stack.resetClean()
        self.recovered = recovered
        self.reset.emit()
        self._announce()

    # --- files -----------------------------------------------------------------------------
    def save(self, folder: Path | None = None) -> Path:
        assert self.episode is not None
        target = Path(folder) if folder is not None else self.folder
        if target is None:
            raise ValueError("no folder to save to")
        projects.save_project(self.episode, target, self.day, self.span, self.day_changed)
        self.day_changed = False
        if self.folder is not None and target.resolve() != self.folder.resolve():
            projects.discard_autosave(self.folder, self.session)
        projects.discard_autosave(None, self.session)
        self.folder = target
        projects.discard_autosave(self.folder, self.session)
        self.recovered = False
        self.undo_stack.setClean()
        self._announce()
        return target

    def autosave(self, background: bool = False) -> Path | None:
        """Keep a copy of unsaved work (every minute, in a worker when ``background``, so the
        write and its fsync never stall the UI); returns the path when written here."""
        if self.episode is None or not self.modified:
            return None
        snapshot = self.episode.to_dict()  # small; the day is never edited, so shared safely
        folder, session, day, span = self.folder, self.session, self.day, self.span
        with_day = self.day_changed

        def write(_progress=None, _cancel=None) -> Path | None:
            try:
                return projects.write_autosave(snapshot, folder, session, day, span, with_day)
            except Exception as exc:  # noqa: BLE001 - autosave must never take the app down
                log.warning("autosave failed: %s", exc)
                raise StudioError(f"Autosave failed ({exc}): save the episode to keep your "
                                  "changes.") from None

        if background and self.runner is not None:
            self.runner.run_task("Autosave", write, None, self.problem.emit)
            return None
        try:
            return write()
        except StudioError as exc:
            self.problem.emit(str(exc))
            return None

    def mark_saved(self, folder: Path) -> None:
        """A worker saved the episode into ``folder`` (export does): now clean."""
        if self.folder is not None and folder.resolve() != self.folder.resolve():
            projects.discard_autosave(self.folder, self.session)
        projects.discard_autosave(None, self.session)
        self.folder = folder
        projects.discard_autosave(folder, self.session)
        self.recovered = False
        self.undo_stack.setClean()
        self._announce()

    def close(self) -> None:
        """Forget the episode and its autosave (after a save or a deliberate discard)."""
        if self.episode is not None:
            projects.discard_autosave(self.folder, self.session)
        self.set_episode(None, None, None)
