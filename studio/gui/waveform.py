"""A take's waveform with the trim's in/out handles, fades, the cut-away regions and a playhead,
zoomable down to a few milliseconds and scrollable.

Mouse: drag a handle to move it (Esc cancels the drag); click elsewhere to put the playhead
there (and move playback there when the take is playing); Ctrl+wheel zooms around the
pointer, the wheel scrolls. Keys (when the waveform has the focus): ``[`` / ``]`` select the
in / out handle, Left / Right nudge the selected handle by 10 ms (Shift: 100 ms), ``+`` /
``-`` zoom in / out, ``0`` fits the whole take, Home / End put the playhead on the in / out
point. Dragging and nudging only move the handles on screen (``trim_moving``); letting go of
the mouse, or of the arrow key, emits ``trim_dragged`` once, which the audio editor turns
into one undoable trim command: one undo step per key press, however long the key is held.

Drawing batches the waveform into one ``drawLines`` call per colour into a cached picture
(a moving playhead repaints over it), and uses the palette so it follows the system's light
or dark colours.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from .. import timeline
from .waveform_paint import FLOOR_DB, paint_fades, paint_handles, paint_selection, wave_layer

GRAB_PX = 8
MIN_KEPT = 0.05  # seconds a trim keeps at least
MIN_CUT = 0.02  # seconds a selection spans at least (a click is a click, not a cut)
NUDGE, BIG_NUDGE = 0.010, 0.100
ZOOM_STEP = 2.0
PLAYHEAD = QColor("#e01b24")
NUDGE_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right)
TOOLTIP = ("Drag a handle to trim (Esc cancels); click to place the playhead.\n"
           "[ / ] select the in / out handle, Left / Right nudge it 10 ms (Shift: 100 ms);\n"
           "each key press is one undo step. Home / End: playhead to the in / out point.\n"
           "Ctrl+wheel or + / - zoom, 0 shows the whole take, the wheel scrolls.\n"
           "Shift+drag selects a stretch (a stumble, a cough): Delete cuts it out.")


class WaveformView(QWidget):
    trim_dragged = Signal(float, float)  # new start, end (seconds), once per drag or key press
    trim_moving = Signal(float, float)  # the handles while they move on screen
    seek_requested = Signal(float)
    cut_requested = Signal(float, float)  # the selected stretch, Delete pressed
    selection_changed = Signal()
    view_changed = Signal()  # zoom, scroll, trim or playhead: what the ruler shows

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("waveform")
        self.setMinimumHeight(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip(TOOLTIP)
        self.levels: list[float] = []
        self.loudest = FLOOR_DB
        self.duration = 0.0
        self.view = timeline.fit(0.0)
        self.start = 0.0
        self.end = 0.0
        self.fade_in = 0.0
        self.fade_out = 0.0
        self.playhead: float | None = None
        self.cuts: list[list[float]] = []  # stretches cut out inside the take
        self.selection: tuple[float, float] | None = None  # Shift+drag: what Delete cuts
        self._selecting = False
        self.selected = "start"  # the handle the arrow keys move
        self.message = "No take yet: synthesize or import one."
        self._drag: str | None = None
        self._before_drag = (0.0, 0.0)  # the handles as they were, for Esc
        self._nudged = False
        self.layer: tuple[tuple, QPixmap] | None = None  # the cached waveform picture
        self.wave_id = 0

    # --- data --------------------------------------------------------------------------------
    def set_wave(self, levels: list[float], duration: float) -> None:
        self.levels, self.duration = levels, duration
        self.wave_id += 1
        self.loudest = max(levels) if levels else FLOOR_DB
        self.view = timeline.fit(duration)
        self.message = ""
        self._changed()

    def clear(self, message: str) -> None:
        self.levels, self.duration, self.playhead = [], 0.0, None
        self.view = timeline.fit(0.0)
        self.message = message
        self._changed()

    def set_trim(self, start: float, end: float | None, fade_in: float, fade_out: float,
                 cuts: list[list[float]] | None = None) -> None:
        if self._drag is not None or self._nudged:
            return  # the host is moving a handle: the screen shows theirs until they let go
        self.start = start
        self.end = self.duration if end is None else end
        self.fade_in, self.fade_out = fade_in, fade_out
        self.cuts = [list(c) for c in cuts or []]
        self._changed()

    def set_selection(self, selection: tuple[float, float] | None) -> None:
        self.selection = selection
        self.selection_changed.emit()
        self._changed()

    def set_playhead(self, seconds: float | None, follow: bool = False) -> None:
        self.playhead = seconds
        if follow and seconds is not None and self.duration > 0:
            self.view = timeline.showing(self.view, seconds, self.duration)
        self._changed()

    def _changed(self) -> None:
        self.update()
        self.view_changed.emit()

    # --- the view ----------------------------------------------------------------------------
    def set_view(self, view: timeline.View) -> None:
        self.view = timeline.clamp(view, self.duration)
        self._changed()

    def zoom(self, factor: float, anchor: float | None = None) -> None:
        if self.duration <= 0:
            return
        if anchor is None:
            inside = self.playhead is not None and self.view.start <= self.playhead <= self.view.end
            anchor = self.playhead if inside else self.view.start + self.view.span / 2
        self.set_view(timeline.zoomed(self.view, factor, anchor, self.duration))

    def zoom_fit(self) -> None:
        self.set_view(timeline.fit(self.duration))

    def x_of(self, seconds: float) -> float:
        if self.duration <= 0:
            return 0.0
        return (seconds - self.view.start) / self.view.span * self.width()

    def seconds_at(self, x: float) -> float:
        if self.width() <= 0:
            return 0.0
        return max(0.0, min(self.duration, self.view.start + x / self.width() * self.view.span))

    # --- painting ----------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        pal = self.palette()
        w, h = self.width(), self.height()
        p.fillRect(self.rect(), pal.color(QPalette.ColorRole.Base))
        if not self.levels or self.duration <= 0:
            p.setPen(pal.color(QPalette.ColorRole.PlaceholderText))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.message)
            return
        accent = pal.color(QPalette.ColorRole.Highlight)
        p.drawPixmap(0, 0, wave_layer(self, pal, w, h))
        paint_selection(self, p, pal, h)
        paint_fades(self, p, pal, h)
        paint_handles(self, p, pal, h)
        if self.playhead is not None:
            x = self.x_of(self.playhead)
            p.setPen(QPen(PLAYHEAD, 1.5))
            p.drawLine(QLineF(x, 0, x, h))
        if self.hasFocus():
            p.setPen(QPen(accent, 1))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(0.5, 0.5, w - 1, h - 1))

    # --- mouse -------------------------------------------------------------------------------
    def _handle_at(self, x: float) -> str | None:
        if abs(x - self.x_of(self.start)) <= GRAB_PX:
            return "start"
        if abs(x - self.x_of(self.end)) <= GRAB_PX:
            return "end"
        return None

    def mousePressEvent(self, e: QMouseEvent) -> None:
        if self.duration <= 0:
            return
        self._drag = self._handle_at(e.position().x())
        self._before_drag = (self.start, self.end)
        at = round(self.seconds_at(e.position().x()), 3)
        if self._drag is None and e.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self._selecting = True  # Shift+drag: a stretch to cut (a stumble, a cough)
            self.set_selection((at, at))
        elif self._drag is None:
            if self.selection is not None:
                self.set_selection(None)
            self.seek_requested.emit(at)
        else:
            self.selected = self._drag
            self.update()

    def mouseMoveEvent(self, e: QMouseEvent) -> None:
        x = e.position().x()
        if self._selecting and self.selection is not None:
            self.selection = (self.selection[0], round(self.seconds_at(x), 3))
            self._changed()
            return
        if self._drag is None:
            cursor = Qt.CursorShape.SizeHorCursor if self._handle_at(x) else Qt.CursorShape.IBeamCursor
            self.setCursor(cursor)
            return
        self._move_handle(self._drag, self.seconds_at(x))

    def mouseReleaseEvent(self, _e: QMouseEvent) -> None:
        if self._selecting:
            self._selecting = False
            a, b = sorted(self.selection or (0.0, 0.0))
            self.set_selection((a, b) if b - a >= MIN_CUT else None)
            return
        if self._drag is not None:
            self._drag = None
            self._commit()

    def wheelEvent(self, e: QWheelEvent) -> None:
        if self.duration <= 0:
            return
        delta = e.angleDelta().y() or e.angleDelta().x()
        notches = delta / 120
        if e.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom(2 ** (notches / 2), self.seconds_at(e.position().x()))
        else:
            self.set_view(timeline.scrolled(self.view, -notches * self.view.span / 8, self.duration))
        e.accept()

    # --- keys --------------------------------------------------------------------------------
    def keyPressEvent(self, e: QKeyEvent) -> None:
        key, text = e.key(), e.text()
        if self.duration <= 0:
            super().keyPressEvent(e)
        elif text in ("[", "]"):
            self.selected = "start" if text == "[" else "end"
            self.update()
        elif key in NUDGE_KEYS:
            step = BIG_NUDGE if e.modifiers() & Qt.KeyboardModifier.ShiftModifier else NUDGE
            step = -step if key == Qt.Key.Key_Left else step
            secs = self.start if self.selected == "start" else self.end
            self._nudged = True
            self._move_handle(self.selected, secs + step)
            self.view = timeline.showing(self.view, self.start if self.selected == "start"
                                         else self.end, self.duration)
            self._changed()
        elif text in ("+", "="):
            self.zoom(ZOOM_STEP)
        elif text == "-":
            self.zoom(1 / ZOOM_STEP)
        elif text == "0":
            self.zoom_fit()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.selection is not None:
            a, b = self.selection
            self.set_selection(None)
            self.cut_requested.emit(a, b)
        elif key in (Qt.Key.Key_Home, Qt.Key.Key_End):
            self.seek_requested.emit(self.start if key == Qt.Key.Key_Home else self.end)
        elif key == Qt.Key.Key_Escape and self.selection is not None and self._drag is None:
            self.set_selection(None)
        elif key == Qt.Key.Key_Escape and self._drag is not None:
            self.start, self.end = self._before_drag
            self._drag = None
            self.trim_moving.emit(self.start, self.end)
            self._changed()
        else:
            super().keyPressEvent(e)

    def keyReleaseEvent(self, e: QKeyEvent) -> None:
        if e.key() in NUDGE_KEYS and not e.isAutoRepeat() and self._nudged:
            self._nudged = False
            self._commit()
        else:
            super().keyReleaseEvent(e)

    def focusOutEvent(self, e: QFocusEvent) -> None:
        if self._nudged:
            self._nudged = False
            self._commit()
        super().focusOutEvent(e)

    def focusInEvent(self, e: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(e)

    # --- moving handles ----------------------------------------------------------------------
    def _move_handle(self, which: str, secs: float) -> None:
        secs = round(secs, 3)
        if which == "start":
            self.start = max(0.0, min(secs, self.end - MIN_KEPT))
        else:
            self.end = min(self.duration, max(secs, self.start + MIN_KEPT))
        self.trim_moving.emit(self.start, self.end)
        self._changed()

    def _commit(self) -> None:
        self.trim_dragged.emit(round(max(0.0, self.start), 3), round(min(self.duration, self.end), 3))
