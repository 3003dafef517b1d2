"""The audio editor for one take: waveform (computed off the UI thread, cached), trim handles,
auto-trim, fades, play the selection, playhead. Every change is an undoable trim command;
the take file itself is never changed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .. import editing
from ..episode import Trim
from ..errors import StudioError
from . import audio_jobs, commands
from .player import Player
from .project import Project
from .tasks import TaskRunner
from .waveform import WaveformView


class AudioEditor(QWidget):
    def __init__(self, project: Project, runner: TaskRunner, player: Player,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.project, self.runner, self.player = project, runner, player
        self.segment_id = ""
        self.wave = WaveformView()
        self.fade_in = QDoubleSpinBox()
        self.fade_out = QDoubleSpinBox()
        for spin in (self.fade_in, self.fade_out):
            spin.setRange(0.0, 5.0)
            spin.setSingleStep(0.05)
            spin.setDecimals(2)
            spin.setSuffix(" s")
            spin.setKeyboardTracking(False)
        self.auto = QPushButton("Auto-trim silence")
        self.auto.setObjectName("autoTrim")
        self.play_sel = QPushButton("Play selection")
        self.play_sel.setObjectName("playSelection")
        self.info = QLabel()
        controls = QHBoxLayout()
        controls.addWidget(QLabel("Fade in"))
        controls.addWidget(self.fade_in)
        controls.addWidget(QLabel("Fade out"))
        controls.addWidget(self.fade_out)
        controls.addStretch(1)
        controls.addWidget(self.info)
        controls.addWidget(self.auto)
        controls.addWidget(self.play_sel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.wave, 1)
        layout.addLayout(controls)

        self.wave.trim_dragged.connect(self._dragged)
        self.wave.seek_requested.connect(self._seek)
        self.fade_in.valueChanged.connect(lambda _v: self._fades())
        self.fade_out.valueChanged.connect(lambda _v: self._fades())
        self.auto.clicked.connect(self.auto_trim)
        self.play_sel.clicked.connect(self.play_selection)
        player.position.connect(lambda s: self.wave.set_playhead(s)
                                if self.player.path == self.take_path() else None)
        project.segment_changed.connect(lambda sid: sid == self.segment_id and self._changed())
        project.reset.connect(lambda: self.show_segment(""))
        self._enable(False)

    # --- which take --------------------------------------------------------------------------
    def take_path(self) -> Path | None:
        ep, folder = self.project.episode, self.project.folder
        if ep is None or folder is None or not self.segment_id:
            return None
        try:
            seg = ep.segment(self.segment_id)
        except StudioError:
            return None
        return folder / seg.take.path if seg.take else None

    def _enable(self, on: bool) -> None:
        for w in (self.fade_in, self.fade_out, self.auto, self.play_sel):
            w.setEnabled(on)

    def show_segment(self, segment_id: str) -> None:
        self.segment_id = segment_id
        path = self.take_path()
        self._enable(False)
        self._wave_path = ""
        if path is None or not path.is_file():
            self.wave.clear("No take yet: synthesize or import one." if segment_id else "")
            self.info.setText("")
            return
        self.wave.clear("Reading the take…")
        self.runner.run_task("Waveform", lambda p, c: audio_jobs.waveform(path, p, c),
                             lambda w, sid=segment_id: self._loaded(sid, w),
                             lambda msg: self.wave.clear(msg))

    def _changed(self) -> None:
        """The segment changed (a trim, or a new take): redraw, or reload a new take file."""
        path = self.take_path()
        if path is not None and str(path) != getattr(self, "_wave_path", ""):
            self.show_segment(self.segment_id)
        else:
            self._refresh_trim()

    def _loaded(self, segment_id: str, wave) -> None:
        if segment_id != self.segment_id or str(self.take_path()) != wave.path:
            return
        self.wave.set_wave(wave.levels, wave.duration)
        self._wave_path = wave.path
        self._enable(True)
        self._refresh_trim()

    def _refresh_trim(self) -> None:
        ep = self.project.episode
        if ep is None or not self.segment_id or self.wave.duration <= 0:
            return
        seg = ep.segment(self.segment_id)
        if seg.take is None:
            self.show_segment(self.segment_id)
            return
        t = seg.take.trim
        self.wave.set_trim(t.start, t.end, t.fade_in, t.fade_out)
        for spin, value in ((self.fade_in, t.fade_in), (self.fade_out, t.fade_out)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        end = self.wave.end
        self.info.setText(f"{end - t.start:.2f} s kept{' (auto)' if t.auto else ''}")

    # --- edits -------------------------------------------------------------------------------
    def current_trim(self) -> Trim:
        seg = self.project.episode.segment(self.segment_id)
        return seg.take.trim

    def apply_trim(self, trim: Trim, label: str) -> bool:
        try:
            editing.check_trim(trim, self.wave.duration or None)
        except StudioError as exc:
            self.info.setText(str(exc))
            return False
        self.project.undo_stack.push(commands.SetTrim(self.project, self.segment_id, trim, label))
        return True

    def _dragged(self, start: float, end: float) -> None:
        t = self.current_trim()
        self.apply_trim(Trim(start, end, t.fade_in, t.fade_out, auto=False), "Trim")

    def _fades(self) -> None:
        t = self.current_trim()
        self.apply_trim(Trim(t.start, t.end, self.fade_in.value(), self.fade_out.value(),
                             auto=False), "Fade")

    def auto_trim(self) -> None:
        path = self.take_path()
        if path is None:
            return
        sid = self.segment_id
        self.runner.run_task("Auto-trim", lambda p, c: audio_jobs.auto_trim_of(path),
                             lambda trim: sid == self.segment_id and
                             self.apply_trim(trim, "Auto-trim"),
                             lambda msg: self.info.setText(msg))

    def play_selection(self) -> None:
        path = self.take_path()
        if path is not None:
            t = self.current_trim()
            self.player.play(path, t.start, t.end)

    def _seek(self, seconds: float) -> None:
        path = self.take_path()
        if path is not None:
            self.player.play(path, seconds, self.current_trim().end)
