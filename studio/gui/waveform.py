"""A take's waveform with the trim's in/out handles, fades, the cut-away regions and a playhead,
zoomable down to a few milliseconds and scrollable.

Mouse: drag a handle to move it; click elsewhere to put the playhead there (and move playback
there when the take is playing); Ctrl+wheel zooms around the pointer, the wheel scrolls.
Keys (when the waveform has the focus): ``[`` / ``]`` select the in / out handle, Left / Right
nudge the selected handle by 10 ms (Shift: 100 ms), ``+`` / ``-`` zoom in / out, ``0`` fits the
whole take. Dragging and nudging only move the handles on screen (``trim_moving``); letting go
of the mouse, or of the arrow key, emits ``trim_dragged`` once, which the audio editor turns
into one undoable trim command: one undo step per key press, however long the key is held.

Drawing batches the waveform into one ``drawLines`` call per colour into a cached picture
(a moving playhead repaints over it), and uses the palette so it follows the system's light
or dark colours.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from .. import timeline

FLOOR_DB = -60.0
GRAB_PX = 8
MIN_KEPT = 0.05  # seconds a trim keeps at least
NUDGE, BIG_NUDGE = 0.010, 0.100
ZOOM_STEP = 2.0
PLAYHEAD = QColor("#e01b24")
NUDGE_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right)
TOOLTIP = ("Drag a handle to trim; click to place the playhead.\n"
           "[ / ] select the in / out handle, Left / Right nudge it 10 ms (Shift: 100 ms);\n"
           "each key press is one undo step.\n"
           "Ctrl+wheel or + / - zoom, 0 shows the whole take, the wheel scrolls.")


class WaveformView(QWidget):
    trim_dragged = Signal(float, float)  # new start, end (seconds), once per drag or key press
    trim_moving = Signal(float, float)  # the handles while they move on screen
    seek_requested = Signal(float)
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
        self.selected = "start"  # the handle the arrow keys move
        self.message = "No take yet: synthesize or import one."
        self._drag: str | None = None
        self._nudged = False
        self._layer: tuple[tuple, QPixmap] | None = None  # the cached waveform picture
        self._wave_id = 0

    # --- data --------------------------------------------------------------------------------
    def set_wave(self, levels: list[float], duration: float) -> None:
        self.levels, self.duration = levels, duration
        self._wave_id += 1
        self.loudest = max(levels) if levels else FLOOR_DB
        self.view = timeline.fit(duration)
        self.message = ""
        self._changed()

    def clear(self, message: str) -> None:
        self.levels, self.duration, self.playhead = [], 0.0, None
        self.view = timeline.fit(0.0)
        self.message = message
        self._changed()

    def set_trim(self, start: float, end: float | None, fade_in: float, fade_out: float) -> None:
        if self._drag is not None or self._nudged:
            return  # the host is moving a handle: the screen shows theirs until they let go
        self.start = start
        self.end = self.duration if end is None else end
        self.fade_in, self.fade_out = fade_in, fade_out
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
        p.drawPixmap(0, 0, self._wave_layer(pal, w, h))
        self._paint_fades(p, pal, h)
        self._paint_handles(p, pal, h)
        if self.playhead is not None:
            x = self.x_of(self.playhead)
            p.setPen(QPen(PLAYHEAD, 1.5))
            p.drawLine(QLineF(x, 0, x, h))
        if self.hasFocus():
            p.setPen(QPen(accent, 1))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(0.5, 0.5, w - 1, h - 1))

    def _wave_layer(self, pal: QPalette, w: int, h: int) -> QPixmap:
        """The waveform and the shaded cuts, drawn again only when the view, the size, the
        trim or the colours change: a moving playhead just repaints over this picture."""
        ratio = self.devicePixelRatioF()
        key = (w, h, ratio, self.view, self.start, self.end, self._wave_id, pal.cacheKey())
        if self._layer is not None and self._layer[0] == key:
            return self._layer[1]
        pixmap = QPixmap(round(w * ratio), round(h * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(pal.color(QPalette.ColorRole.Base))
        p = QPainter(pixmap)
        muted = pal.color(QPalette.ColorRole.Mid)
        p.setPen(QPen(muted, 1))
        p.drawLine(QLineF(0, h / 2, w, h / 2))
        kept, cut = self._wave_lines(w, h)
        p.setPen(QPen(pal.color(QPalette.ColorRole.Highlight), 1))
        p.drawLines(kept)
        p.setPen(QPen(muted, 1))
        p.drawLines(cut)
        self._paint_cuts(p, pal, w, h)
        p.end()
        self._layer = (key, pixmap)
        return pixmap

    def _wave_lines(self, w: int, h: int) -> tuple[list[QLineF], list[QLineF]]:
        """One vertical line per pixel column, the loudest frame under it; kept and cut."""
        mid, per_px = h / 2, self.view.span / max(1, w)
        kept: list[QLineF] = []
        cut: list[QLineF] = []
        for x, db in enumerate(timeline.column_peaks(self.levels, self.duration, self.view, w)):
            # linear amplitude relative to the loudest frame: speech reads as words and gaps
            amp = 0.0 if db <= FLOOR_DB else 10 ** ((db - self.loudest) / 20) * (mid - 4)
            line = QLineF(x + 0.5, mid - amp - 0.5, x + 0.5, mid + amp + 0.5)
            centre = self.view.start + (x + 0.5) * per_px
            (kept if self.start <= centre <= self.end else cut).append(line)
        return kept, cut

    def _paint_cuts(self, p: QPainter, pal: QPalette, w: int, h: int) -> None:
        """The trimmed-away ends: greyed, hatched and labelled "cut"."""
        shade = QColor(pal.color(QPalette.ColorRole.Window))
        shade.setAlpha(170)
        hatch = QColor(pal.color(QPalette.ColorRole.Text))
        hatch.setAlpha(40)
        p.setPen(pal.color(QPalette.ColorRole.PlaceholderText))
        for x0, x1 in ((0.0, self.x_of(self.start)), (self.x_of(self.end), float(w))):
            x0, x1 = max(0.0, x0), min(float(w), x1)
            if x1 - x0 < 1:
                continue
            area = QRectF(x0, 0, x1 - x0, h)
            p.fillRect(area, shade)
            p.fillRect(area, QBrush(hatch, Qt.BrushStyle.BDiagPattern))
            if x1 - x0 > 30:
                p.drawText(area.adjusted(0, 4, 0, 0),
                           Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "cut")

    def _paint_fades(self, p: QPainter, pal: QPalette, h: int) -> None:
        p.setPen(QPen(pal.color(QPalette.ColorRole.Text), 1, Qt.PenStyle.DashLine))
        if self.fade_in > 0:
            p.drawPolyline(QPolygonF([QPointF(self.x_of(self.start), h - 2),
                                      QPointF(self.x_of(self.start + self.fade_in), 2)]))
        if self.fade_out > 0:
            p.drawPolyline(QPolygonF([QPointF(self.x_of(self.end - self.fade_out), 2),
                                      QPointF(self.x_of(self.end), h - 2)]))

    def _paint_handles(self, p: QPainter, pal: QPalette, h: int) -> None:
        """Each handle: a bar with a grab tab at the top; the selected one in the accent."""
        for name, secs in (("start", self.start), ("end", self.end)):
            x = self.x_of(secs)
            colour = (pal.color(QPalette.ColorRole.Highlight).darker(130) if name == self.selected
                      else pal.color(QPalette.ColorRole.Text))
            p.setPen(QPen(colour, 2))
            p.drawLine(QLineF(x, 0, x, h))
            tab = QRectF(x - 14, 0, 14, 16) if name == "end" else QRectF(x, 0, 14, 16)
            p.fillRect(tab, colour)
            p.setPen(pal.color(QPalette.ColorRole.HighlightedText))
            p.drawText(tab, Qt.AlignmentFlag.AlignCenter, "[" if name == "start" else "]")

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
        if self._drag is None:
            self.seek_requested.emit(round(self.seconds_at(e.position().x()), 3))
        else:
            self.selected = self._drag
            self.update()

    def mouseMoveEvent(self, e: QMouseEvent) -> None:
        x = e.position().x()
        if self._drag is None:
            cursor = Qt.CursorShape.SizeHorCursor if self._handle_at(x) else Qt.CursorShape.IBeamCursor
            self.setCursor(cursor)
            return
        self._move_handle(self._drag, self.seconds_at(x))

    def mouseReleaseEvent(self, _e: QMouseEvent) -> None:
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
