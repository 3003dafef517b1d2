"""A take's waveform with the trim's in/out handles (drag them), fades and a playhead.

Drawing uses the palette, so it follows the system's light or dark colours. Dragging only
moves the handles on screen; letting go emits ``trim_dragged`` once, which the audio editor
turns into one undoable trim command.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

FLOOR_DB = -60.0
GRAB_PX = 8


class WaveformView(QWidget):
    trim_dragged = Signal(float, float)  # new start, end (seconds)
    seek_requested = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("waveform")
        self.setMinimumHeight(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.levels: list[float] = []
        self.duration = 0.0
        self.start = 0.0
        self.end = 0.0
        self.fade_in = 0.0
        self.fade_out = 0.0
        self.playhead: float | None = None
        self.message = "No take yet: synthesize or import one."
        self._drag: str | None = None

    # --- data --------------------------------------------------------------------------------
    def set_wave(self, levels: list[float], duration: float) -> None:
        self.levels, self.duration = levels, duration
        self.message = ""
        self.update()

    def clear(self, message: str) -> None:
        self.levels, self.duration, self.playhead = [], 0.0, None
        self.message = message
        self.update()

    def set_trim(self, start: float, end: float | None, fade_in: float, fade_out: float) -> None:
        self.start = start
        self.end = self.duration if end is None else end
        self.fade_in, self.fade_out = fade_in, fade_out
        self.update()

    def set_playhead(self, seconds: float | None) -> None:
        self.playhead = seconds
        self.update()

    # --- geometry ----------------------------------------------------------------------------
    def x_of(self, seconds: float) -> float:
        return 0.0 if self.duration <= 0 else seconds / self.duration * self.width()

    def seconds_at(self, x: float) -> float:
        if self.width() <= 0:
            return 0.0
        return max(0.0, min(self.duration, x / self.width() * self.duration))

    # --- painting ----------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        pal = self.palette()
        p.fillRect(self.rect(), pal.color(QPalette.ColorRole.Base))
        if not self.levels or self.duration <= 0:
            p.setPen(pal.color(QPalette.ColorRole.PlaceholderText))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.message)
            return
        w, h = self.width(), self.height()
        mid = h / 2
        accent = pal.color(QPalette.ColorRole.Highlight)
        muted = pal.color(QPalette.ColorRole.Mid)
        n = len(self.levels)
        step = max(1, n // max(1, w))
        loudest = max(self.levels)
        p.setPen(Qt.PenStyle.NoPen)
        for x in range(w):
            i0 = int(x / w * n)
            chunk = self.levels[i0:i0 + step] or [FLOOR_DB]
            db = max(chunk)
            # linear amplitude relative to the loudest frame: speech reads as words and gaps
            amp = 0.0 if db <= FLOOR_DB else 10 ** ((db - loudest) / 20) * (mid - 4)
            secs = x / w * self.duration
            inside = self.start <= secs <= self.end
            p.fillRect(QRectF(x, mid - amp, 1, 2 * amp + 1), accent if inside else muted)
        shade = QColor(pal.color(QPalette.ColorRole.Window))
        shade.setAlpha(150)
        p.fillRect(QRectF(0, 0, self.x_of(self.start), h), shade)
        p.fillRect(QRectF(self.x_of(self.end), 0, w - self.x_of(self.end), h), shade)
        fade_pen = QPen(pal.color(QPalette.ColorRole.Text), 1, Qt.PenStyle.DashLine)
        p.setPen(fade_pen)
        if self.fade_in > 0:
            p.drawPolyline(QPolygonF([QPointF(self.x_of(self.start), h - 2),
                                      QPointF(self.x_of(self.start + self.fade_in), 2)]))
        if self.fade_out > 0:
            p.drawPolyline(QPolygonF([QPointF(self.x_of(self.end - self.fade_out), 2),
                                      QPointF(self.x_of(self.end), h - 2)]))
        handle = QPen(pal.color(QPalette.ColorRole.Highlight).darker(140), 3)
        p.setPen(handle)
        for secs in (self.start, self.end):
            x = self.x_of(secs)
            p.drawLine(QPointF(x, 0), QPointF(x, h))
        if self.playhead is not None:
            p.setPen(QPen(pal.color(QPalette.ColorRole.Text), 1))
            x = self.x_of(self.playhead)
            p.drawLine(QPointF(x, 0), QPointF(x, h))
        p.setPen(pal.color(QPalette.ColorRole.Text))
        p.drawText(QRectF(4, 2, w - 8, 16), Qt.AlignmentFlag.AlignLeft,
                   f"in {self.start:.2f} s")
        p.drawText(QRectF(4, 2, w - 8, 16), Qt.AlignmentFlag.AlignRight,
                   f"out {self.end:.2f} s of {self.duration:.2f} s")

    # --- dragging ----------------------------------------------------------------------------
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
            self.seek_requested.emit(self.seconds_at(e.position().x()))

    def mouseMoveEvent(self, e: QMouseEvent) -> None:
        x = e.position().x()
        if self._drag is None:
            cursor = Qt.CursorShape.SizeHorCursor if self._handle_at(x) else Qt.CursorShape.ArrowCursor
            self.setCursor(cursor)
            return
        secs = self.seconds_at(x)
        if self._drag == "start":
            self.start = min(secs, self.end - 0.05)
        else:
            self.end = max(secs, self.start + 0.05)
        self.update()

    def mouseReleaseEvent(self, _e: QMouseEvent) -> None:
        if self._drag is not None:
            self._drag = None
            self.trim_dragged.emit(round(max(0.0, self.start), 3),
                                   round(min(self.duration, self.end), 3))
