"""A host's working day, scripted through the real window: typing, waveform repaints, trim
drags, play/stop, and whole pull → edit → synthesize → trim → export runs.

Used by the soak tests (small sizes, seconds) and by ``bench/bench_gui_soak.py`` (the same
steps for half an hour). It drives the window with QTest only — no pytest — so the bench can
run it in a plain child process and see whether the app survived.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QDate, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

WORDS = ("the kernel lands again after a quiet revert while reviewers watch the "
         "numbers settle ").split()


def rss_mb() -> float:
    """This process's resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def none_refs() -> int:
    """``None``'s reference count (constant on CPython 3.12+, where None is immortal)."""
    gc.collect()
    return sys.getrefcount(None)


def wait_until(condition: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what or condition}")
        QTest.qWait(10)


class HostDay:
    """The scripted host. ``window`` is a shown main window; ``repo`` a fixture repository
    (tests/guikit.build_repo) with commits on ``date``; ``workdir`` a scratch folder."""

    def __init__(self, window, repo: Path, date: str, workdir: Path) -> None:
        self.win, self.repo, self.date, self.workdir = window, repo, date, workdir
        self.runs = 0
        self.blocks: dict[str, float] = {}  # job -> the UI thread's longest block while it ran

    def measured(self, name: str, run: Callable[[], None]) -> None:
        """Run a step that waits for a job, keeping the UI thread's longest block in it."""
        from heartbeat import Heartbeat

        with Heartbeat() as beat:
            run()
        self.blocks[name] = max(self.blocks.get(name, 0.0), beat.max_gap)

    def switch_voice(self, voice: str) -> None:
        """Choose ``voice`` in Settings and accept, as a host does; every take goes stale."""
        dialog = self.win.settings_dialog()
        index = dialog.voice.findData(voice)
        if index < 0:
            raise RuntimeError(f"Settings offers no voice {voice!r}")
        dialog.voice.setCurrentIndex(index)
        self.win.apply_settings(dialog)
        dialog.deleteLater()
        if self.win.session.settings.voice != voice:
            raise RuntimeError(f"the voice is {self.win.session.settings.voice!r}, not {voice!r}")

    @property
    def episode(self):
        return self.win.project.episode

    def idle(self) -> bool:
        return not self.win.runner.busy()

    # --- the day's steps ---------------------------------------------------------------------
    def pull(self) -> None:
        self.measured("pull", self._pull)

    def _pull(self) -> None:
        panel = self.win.pull_panel
        panel.repo.setEditText(str(self.repo))
        panel.date.setDate(QDate.fromString(self.date, "yyyy-MM-dd"))
        panel.tz.setCurrentText("UTC")
        QTest.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
        wait_until(lambda: self.win.project.is_open and self.idle(), 60, "the pull")

    def type_chars(self, count: int, segment_index: int = 1) -> None:
        """Type ``count`` characters at the end of a segment, word by word, then undo them
        all (as a host who writes and rewrites), so the script does not grow without end."""
        ed = self.win.editor
        seg = self.episode.segments[min(segment_index, len(self.episode.segments) - 1)]
        self.win.tabs.setCurrentWidget(ed)
        ed.select_segment(seg.id)
        ed.text.setFocus()
        original = seg.text
        typed = 0
        i = 0
        while typed < count:
            ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
            word = " " + WORDS[i % len(WORDS)]
            QTest.keyClicks(ed.text, word[: count - typed])
            typed += len(word[: count - typed])
            i += 1
        stack = self.win.project.undo_stack
        while self.episode.segment(seg.id).text != original and stack.canUndo():
            stack.undo()

    def take_segment(self):
        """The first segment with a take (synthesizing one if none has)."""
        seg = next((s for s in self.episode.segments if s.take is not None), None)
        if seg is None:
            seg = next(s for s in self.episode.segments if s.text.strip())
            self.synthesize([seg.id])
        panel = self.win.narration
        self.win.tabs.setCurrentWidget(panel)
        panel.select_segment(seg.id)
        wait_until(lambda: panel.editor.wave.duration > 0, 60, "the waveform")
        return seg

    def synthesize(self, ids: list[str] | None = None) -> None:
        panel = self.win.narration
        if ids is None:
            QTest.mouseClick(panel.synth_all, Qt.MouseButton.LeftButton)
        else:
            panel.synthesize(ids)
        if self.win.project.folder is None:
            raise RuntimeError("synthesis needs a saved episode: the save was refused")
        wanted = ids or [s.id for s in self.episode.segments if s.text.strip()]
        wait_until(lambda: self.idle() and all(self.episode.segment(i).take is not None
                                               for i in wanted), 300, "synthesis")

    def repaint_waveform(self, count: int) -> None:
        self.take_segment()
        wave = self.win.narration.editor.wave
        for i in range(count):
            wave.set_playhead((i % 50) / 50 * wave.duration)
            wave.repaint()
        wave.set_playhead(None)

    def drag_trim(self, count: int) -> None:
        """Drag the in-handle right and back ``count`` times, ten moves a drag, each drag one
        undoable trim; then undo them all."""
        seg = self.take_segment()
        wave = self.win.narration.editor.wave
        stack = self.win.project.undo_stack
        base = stack.index()
        y = wave.height() // 2
        for i in range(count):
            start = self.episode.segment(seg.id).take.trim.start
            x0 = int(round(wave.x_of(start)))
            target = start + (0.3 if i % 2 == 0 else -0.3)
            target = max(0.0, target)
            x1 = int(round(wave.x_of(target)))
            QTest.mousePress(wave, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                             QPoint(x0, y))
            for step in range(1, 11):
                x = x0 + (x1 - x0) * step / 10
                move = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(x, y), QPointF(x, y),
                                   Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                                   Qt.KeyboardModifier.NoModifier)
                QApplication.sendEvent(wave, move)
            QTest.mouseRelease(wave, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                               QPoint(x1, y))
        if stack.index() - base != count:
            raise RuntimeError(f"{count} drags made {stack.index() - base} trim edits")
        while stack.index() > base:
            stack.undo()

    def play_stop(self, cycles: int, play_ms: int = 120) -> int:
        """Play the current take and stop it, ``cycles`` times; returns how many cycles the
        player really reported playing (0 where no sound server is reachable)."""
        self.take_segment()
        panel = self.win.narration
        played = 0
        for _ in range(cycles):
            panel.toggle_play()
            QTest.qWait(play_ms)
            if panel.player.playing:
                played += 1
                panel.toggle_play()
            wait_until(lambda: not panel.player.playing, 10, "playback to stop")
        return played

    def whole_run(self, show: Path) -> Path:
        """Pull → edit → synthesize all → trim → export, as a host's whole episode."""
        self.pull()
        self.win.dialogs.folder = self.workdir / f"run-{self.runs}"  # the save synthesis asks for
        self.type_chars(40, 1)
        ed = self.win.editor
        seg = self.episode.segments[1]
        ed.select_segment(seg.id)
        ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
        QTest.keyClicks(ed.text, f" Run {self.runs}.")
        self.measured("synthesis", self.synthesize)
        self.drag_trim(2)
        dialog = self.win.open_export()
        dialog.show_dir.setText(str(show))
        errors = self.win.dialogs.errors

        def export() -> None:
            QTest.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
            wait_until(lambda: getattr(dialog, "result", None) is not None or bool(errors), 300,
                       "the export")

        self.measured("export", export)
        if errors:
            raise RuntimeError(f"export failed: {errors[-1]}")
        dialog.close()
        self.runs += 1
        return dialog.result.folder
