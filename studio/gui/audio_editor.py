"""The audio editor for one take: a time ruler over the waveform (computed off the UI thread,
cached), zoom and scroll, trim handles and numeric in / out / fade fields, auto-trim, play the
selection, a playhead that follows playback and click-to-seek. Every change is an undoable trim
command; the take file itself is never changed. Keys and mouse: see :mod:`.waveform`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .. import editing
from ..audio.alignment import take_sentences
from ..audio.cuts import cut_seconds, with_cut
from ..audio.meter import TakeMeter, take_meter
from ..episode import Trim
from ..plumbing.errors import StudioError
from ..timeline import showing, time_label
from . import audio_jobs, commands
from .level_meter import LevelMeter
from .player import Player
from .project import Project
from .take_text import TakeText
from .tasks import TaskRunner
from .time_ruler import TimeRuler
from .waveform import ZOOM_STEP, WaveformView

SCROLL_UNIT = 1e-4  # seconds per scroll bar step: smooth down to the closest zoom


def _seconds_field(name: str, tip: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setObjectName(name)
    spin.setToolTip(tip)
    spin.setRange(0.0, 5.0)
    spin.setSingleStep(0.01)
    spin.setDecimals(3)
    spin.setSuffix(" s")
    spin.setKeyboardTracking(False)  # one trim command on Enter or leaving the field
    return spin


def _gain_field() -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setObjectName("takeGain")
    spin.setToolTip("This take's gain, on top of the automatic levelling (the master's "
                    "loudness target still holds for the episode)")
    spin.setRange(-editing.MAX_GAIN_DB, editing.MAX_GAIN_DB)
    spin.setSingleStep(0.5)
    spin.setDecimals(1)
    spin.setSuffix(" dB")
    spin.setKeyboardTracking(False)
    return spin


def _tool(text: str, name: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setObjectName(name)
    button.setToolTip(tip)
    return button


class AudioEditor(QWidget):
    def __init__(self, project: Project, runner: TaskRunner, player: Player,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.project, self.runner, self.player = project, runner, player
        self.segment_id = ""
        self._wave_path = ""  # the take file the waveform shows
        self._loading: tuple[str, str] | None = None  # (segment, take file) being read
        # the take's status label and why it is stale: given by the narration tab
        self.status_of: Callable[[str], tuple[str, str]] | None = None
        self.header = QLabel()
        self.header.setObjectName("takeHeader")
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.header.setWordWrap(True)
        self.wave = WaveformView()
        self.ruler = TimeRuler(self.wave)
        self.scroll = QScrollBar(Qt.Orientation.Horizontal)
        self.scroll.setObjectName("waveScroll")
        self.zoom_out = _tool("\u2212", "zoomOut", "Zoom out (-)")
        self.zoom_in = _tool("+", "zoomIn", "Zoom in (+, Ctrl+wheel)")
        self.zoom_fit = _tool("Fit", "zoomFit", "Show the whole take (0)")
        self.in_point = _seconds_field("inPoint", "Where the take starts playing ([ then Left/Right)")
        self.out_point = _seconds_field("outPoint", "Where the take stops (] then Left/Right)")
        self.fade_in = _seconds_field("fadeIn", "Fade in from the in point")
        self.fade_out = _seconds_field("fadeOut", "Fade out to the out point")
        self.gain = _gain_field()
        self.auto = QPushButton("Auto-trim silence")
        self.auto.setObjectName("autoTrim")
        self.play_sel = QPushButton("Play selection")
        self.play_sel.setObjectName("playSelection")
        self.cut = QPushButton("Cut")
        self.cut.setObjectName("cutSelection")
        self.cut.setToolTip("Cut the selected stretch out of the take (Shift+drag to select; "
                            "Delete). The take file is not changed.")
        self.uncut = QPushButton("Restore cuts")
        self.uncut.setObjectName("restoreCuts")
        self.uncut.setToolTip("Put back every stretch cut out of this take")
        self.info = QLabel()
        self.info.setObjectName("trimInfo")
        self.words = TakeText()
        self.meter = LevelMeter()
        self._levels: tuple[str, TakeMeter] | None = None  # (take file, its levels)
        self.clock = QLabel()
        self.clock.setObjectName("playheadTime")
        self.clock.setToolTip("Where the playhead is")
        view_row = QHBoxLayout()
        view_row.addWidget(self.scroll, 1)
        view_row.addSpacing(8)
        view_row.addWidget(self.clock)
        for button in (self.zoom_out, self.zoom_in, self.zoom_fit):
            view_row.addWidget(button)
        controls = QHBoxLayout()
        for label, spin in (("In", self.in_point), ("Out", self.out_point),
                            ("Fade in", self.fade_in), ("Fade out", self.fade_out),
                            ("Gain", self.gain)):
            controls.addWidget(QLabel(label))
            controls.addWidget(spin)
            controls.addSpacing(8)
        controls.addStretch(1)
        # the buttons on a row of their own: one row of fields and buttons made the panel so
        # wide that at 1280x800 the Day panel was squeezed to 392 px
        actions = QHBoxLayout()
        actions.addStretch(1)
        for button in (self.auto, self.cut, self.uncut, self.play_sel):
            actions.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.info)
        layout.addLayout(top)
        layout.addWidget(self.meter)
        layout.addSpacing(4)
        layout.addWidget(self.ruler)
        layout.addWidget(self.wave, 1)
        layout.addLayout(view_row)
        layout.addSpacing(4)
        layout.addLayout(controls)
        layout.addSpacing(2)
        layout.addLayout(actions)
        layout.addSpacing(4)
        layout.addWidget(self.words)

        self.wave.trim_dragged.connect(self._dragged)
        self.wave.trim_moving.connect(self._show_points)
        self.wave.seek_requested.connect(self._seek)
        self.wave.view_changed.connect(self._sync_scroll)
        self.wave.view_changed.connect(lambda: self.clock.setText(
            "" if self.wave.playhead is None else f"\u25b6 {time_label(self.wave.playhead)}"))
        self.scroll.valueChanged.connect(self._scrolled)
        self.zoom_in.clicked.connect(lambda: self.wave.zoom(ZOOM_STEP))
        self.zoom_out.clicked.connect(lambda: self.wave.zoom(1 / ZOOM_STEP))
        self.zoom_fit.clicked.connect(self.wave.zoom_fit)
        for spin in (self.in_point, self.out_point, self.fade_in, self.fade_out, self.gain):
            spin.valueChanged.connect(lambda _v, s=spin: self._typed(s))
        self.auto.clicked.connect(self.auto_trim)
        self.play_sel.clicked.connect(self.play_selection)
        self.cut.clicked.connect(lambda: self.wave.selection and self.cut_out(*self.wave.selection))
        self.uncut.clicked.connect(self.restore_cuts)
        self.wave.cut_requested.connect(self.cut_out)
        self.wave.selection_changed.connect(
            lambda: self.cut.setEnabled(self.wave.selection is not None and self.wave.duration > 0))
        player.position.connect(self._played)
        self.words.sentence_clicked.connect(self.play_from)
        self.words.words_selected.connect(self._words_selected)
        player.state_changed.connect(lambda on: on or (self.meter.set_levels(None, None),
                                                       self.words.show_heard(None)))
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
        for w in (self.in_point, self.out_point, self.fade_in, self.fade_out, self.gain,
                  self.auto, self.play_sel, self.zoom_in, self.zoom_out, self.zoom_fit,
                  self.scroll):
            w.setEnabled(on)
        self.cut.setEnabled(on and self.wave.selection is not None)
        self.uncut.setEnabled(False)

    def show_segment(self, segment_id: str) -> None:
        self.segment_id = segment_id
        self._show_header()
        path = self.take_path()
        self._enable(False)
        self._wave_path = ""
        for spin in (self.in_point, self.out_point, self.fade_in, self.fade_out, self.gain):
            _quietly(spin, 0.0)  # greyed and empty: never the values of the take shown before
        if path is None or not path.is_file():
            self.wave.clear("No take yet: synthesize or import one." if segment_id else "")
            self.info.setText("")
            return
        self.wave.clear("Reading the take…")
        self._loading = (segment_id, str(path))

        def failed(msg: str) -> None:
            self._loading = None
            self.wave.clear(msg)

        self.runner.run_task("Waveform", lambda p, c: audio_jobs.waveform(path, p, c),
                             lambda w, sid=segment_id: self._loaded(sid, w), failed)

    def _changed(self) -> None:
        """The segment changed (a trim, or a new take): redraw, or reload a new take file —
        once: typing in a segment whose take is still loading must not start a load a key."""
        path = self.take_path()
        if path is not None and str(path) != self._wave_path:
            if self._loading == (self.segment_id, str(path)):
                self._show_header()
                return
            self.show_segment(self.segment_id)
        else:
            self._refresh_trim()

    def _loaded(self, segment_id: str, wave) -> None:
        if self._loading == (segment_id, wave.path):
            self._loading = None
        if segment_id != self.segment_id or str(self.take_path()) != wave.path:
            return
        self.wave.set_wave(wave.levels, wave.duration)
        self._wave_path = wave.path
        self._enable(True)
        self._refresh_trim()
        if self._levels is None or self._levels[0] != wave.path:
            path = wave.path
            self.runner.run_task("Level meter", lambda p, c: take_meter(path),
                                 lambda meter: self._metered(path, meter),
                                 lambda _msg: None)  # no meter: the take still plays

    def _metered(self, path: str, meter: TakeMeter) -> None:
        self._levels = (path, meter)

    def _refresh_trim(self) -> None:
        ep = self.project.episode
        if ep is None or not self.segment_id or self.wave.duration <= 0:
            return
        seg = ep.segment(self.segment_id)
        if seg.take is None:
            self.show_segment(self.segment_id)
            return
        self._show_header()
        t = seg.take.trim
        self.wave.set_trim(t.start, t.end, t.fade_in, t.fade_out, t.cuts)
        self.uncut.setEnabled(bool(t.cuts))
        for spin in (self.in_point, self.out_point):
            # quietly: a shorter take clamping the value is not the host trimming it (it was
            # pushed as a "Trim" the first Undo after a synthesis took back)
            spin.blockSignals(True)
            spin.setMaximum(self.wave.duration)
            spin.blockSignals(False)
        self._show_points(self.wave.start, self.wave.end)
        for spin, value in ((self.fade_in, t.fade_in), (self.fade_out, t.fade_out),
                            (self.gain, t.gain_db)):
            _quietly(spin, value)
        gone = cut_seconds(t.cuts)
        cuts = f", {len(t.cuts)} cut{'s' if len(t.cuts) > 1 else ''} ({gone:.3f} s)" if t.cuts else ""
        self.info.setText(f"{self.wave.end - t.start - gone:.3f} s kept"
                          f"{' (auto)' if t.auto else ''}{cuts}")
        self.words.set_spoken(take_sentences(seg.text, self.wave.levels, self.wave.duration, t))

    def _show_header(self) -> None:
        """Which take this is and its status; a stale one says why and what to do."""
        ep = self.project.episode
        try:
            seg = ep.segment(self.segment_id) if ep is not None and self.segment_id else None
        except StudioError:
            seg = None
        if seg is None or seg.take is None:
            self.header.setText(seg.title if seg else "")
            self.header.setStyleSheet("")
            return
        label, reason = self.status_of(seg.id) if self.status_of else ("", "")
        self.header.setText(editing.take_heading(seg, label, reason))
        self.header.setStyleSheet("color: #e66100; font-weight: bold" if reason else "")

    def _show_points(self, start: float, end: float) -> None:
        """The in / out fields follow the handles, also while they are dragged."""
        _quietly(self.in_point, start)
        _quietly(self.out_point, end)

    # --- view --------------------------------------------------------------------------------
    def _sync_scroll(self) -> None:
        view, duration = self.wave.view, self.wave.duration
        self.scroll.blockSignals(True)
        self.scroll.setRange(0, max(0, round((duration - view.span) / SCROLL_UNIT)))
        self.scroll.setPageStep(max(1, round(view.span / SCROLL_UNIT)))
        self.scroll.setSingleStep(max(1, round(view.span / 10 / SCROLL_UNIT)))
        self.scroll.setValue(round(view.start / SCROLL_UNIT))
        self.scroll.blockSignals(False)

    def _scrolled(self, value: int) -> None:
        view = self.wave.view
        self.wave.set_view(type(view)(value * SCROLL_UNIT, view.span))

    def _played(self, seconds: float) -> None:
        if self.player.path is not None and self.player.path == self.take_path():
            self.wave.set_playhead(seconds, follow=True)
            if self._levels is not None and self._levels[0] == str(self.player.path):
                self.words.show_heard(seconds)
                peak, lufs = self._levels[1].at(seconds)
                gain = self.current_trim().gain_db  # the take as the episode will play it
                self.meter.set_levels(peak + gain, lufs + gain)

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
        if (start, end) == (t.start, self.wave.duration if t.end is None else t.end):
            return  # a click on a handle that did not move it
        self.apply_trim(replace(t, start=start, end=end, auto=False), "Trim")

    def _typed(self, spin: QDoubleSpinBox) -> None:
        """A value typed (or stepped) into one of the fields: one trim command."""
        if self.project.episode is None or not self.segment_id or self.wave.duration <= 0:
            return
        trim = replace(self.current_trim(), start=self.in_point.value(),
                       end=self.out_point.value(), fade_in=self.fade_in.value(),
                       fade_out=self.fade_out.value(), gain_db=round(self.gain.value(), 1),
                       auto=False)
        label = "Change the gain of" if spin is self.gain else \
            "Change the fades of" if spin in (self.fade_in, self.fade_out) else "Trim"
        if not self.apply_trim(trim, label):
            why = self.info.text()
            self._refresh_trim()  # a value that makes no sense: the fields show the trim again
            self.info.setText(why)

    def auto_trim(self) -> None:
        path = self.take_path()
        if path is None:
            return
        sid = self.segment_id
        t = self.current_trim()
        cuts, gain = [list(c) for c in t.cuts], t.gain_db
        self.runner.run_task("Auto-trim", lambda p, c: audio_jobs.auto_trim_of(path),
                             lambda trim: sid == self.segment_id and
                             self.apply_trim(replace(trim, cuts=cuts, gain_db=gain),
                                             "Trim the silence around"),
                             lambda msg: self.info.setText(msg))

    def cut_out(self, a: float, b: float) -> None:
        """Cut [a, b] out of the take (one undo step; overlapping cuts merge)."""
        t = self.current_trim()
        a, b = max(min(a, b), t.start), min(max(a, b), self.wave.end)
        if b - a <= 0:
            self.info.setText("The selection is outside the kept stretch: nothing to cut")
            return
        self.wave.set_selection(None)
        self.apply_trim(replace(t, cuts=with_cut(t.cuts, a, b), auto=False),
                        f"Cut {b - a:.2f} s from")

    def play_from(self, seconds: float) -> None:
        """Play the take from ``seconds`` (a sentence clicked in its text) to the out point."""
        path = self.take_path()
        if path is None or self.wave.duration <= 0:
            return
        t = self.current_trim()
        self.wave.set_playhead(seconds, follow=True)
        self.player.play(path, seconds, t.end, t.cuts)

    def _words_selected(self, span: tuple[float, float] | None) -> None:
        """Words selected in the text: where they are said, selected on the waveform."""
        if span is None or span[1] - span[0] < 0.02:
            return
        self.wave.set_selection(span)
        self.wave.set_view(showing(self.wave.view, span[0], self.wave.duration))

    def restore_cuts(self) -> None:
        t = self.current_trim()
        if t.cuts:
            self.apply_trim(replace(t, cuts=[]), "Restore the cuts of")

    def play_selection(self) -> None:
        path = self.take_path()
        if path is not None:
            t = self.current_trim()
            self.player.play(path, t.start, t.end, t.cuts)

    def _seek(self, seconds: float) -> None:
        """Put the playhead at ``seconds``; a playing take carries on from there."""
        self.wave.set_playhead(seconds)
        path = self.take_path()
        if path is not None and self.player.playing and self.player.path == path:
            self.player.seek(seconds)

    def play_from_playhead(self) -> None:
        """Play to the out point from the playhead when it is inside the kept stretch, else
        from the in point (Space in the narration tab)."""
        path = self.take_path()
        if path is None:
            return
        t = self.current_trim()
        end = self.wave.duration if t.end is None else t.end
        head = self.wave.playhead
        start = head if head is not None and t.start <= head < end - 0.02 else t.start
        self.player.play(path, start, t.end, t.cuts)


def _quietly(spin: QDoubleSpinBox, value: float) -> None:
    spin.blockSignals(True)
    spin.setValue(value)
    spin.blockSignals(False)
