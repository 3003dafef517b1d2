"""The time ruler above the waveform: ticks labelled ``m:ss.mmm`` with as many decimals as
the zoom needs, the kept stretch between the in and out points, and the playhead. Clicking it
places the playhead, as clicking the waveform does; dragging along it scrubs."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from .. import timeline
from .waveform import PLAYHEAD, WaveformView

HEIGHT = 26


class TimeRuler(QWidget):
    def __init__(self, wave: WaveformView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("timeRuler")
        self.wave = wave
        self.setFixedHeight(HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip("Click or drag to place the playhead")
        self.labels: list[str] = []  # what the last paint wrote, left to right
        wave.view_changed.connect(self.update)

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        pal = self.palette()
        w, h = self.width(), self.height()
        p.fillRect(self.rect(), pal.color(QPalette.ColorRole.Button))
        wave = self.wave
        self.labels = []
        if wave.duration <= 0:
            return
        kept = QColor(pal.color(QPalette.ColorRole.Highlight))
        kept.setAlpha(90)
        x0, x1 = max(0.0, wave.x_of(wave.start)), min(float(w), wave.x_of(wave.end))
        if x1 > x0:
            p.fillRect(QRectF(x0, h - 5, x1 - x0, 5), kept)
        step, major, minor = timeline.ticks(wave.view, w)
        text = pal.color(QPalette.ColorRole.ButtonText)
        p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        p.drawLines([QLineF(wave.x_of(t), h - 5, wave.x_of(t), h) for t in minor])
        p.setPen(QPen(text, 1))
        p.drawLines([QLineF(wave.x_of(t), h - 11, wave.x_of(t), h) for t in major])
        for t in major:
            label = timeline.time_label(t, step)
            self.labels.append(label)
            p.drawText(QRectF(wave.x_of(t) + 3, 1, 90, h - 8),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
        p.drawLine(QLineF(0, h - 0.5, w, h - 0.5))
        if wave.playhead is not None:
            x = wave.x_of(wave.playhead)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(PLAYHEAD)
            p.drawPolygon(QPolygonF([QPointF(x - 6, h - 12), QPointF(x + 6, h - 12),
                                     QPointF(x, h)]))

    def mousePressEvent(self, e: QMouseEvent) -> None:
        if self.wave.duration > 0:
            self.wave.seek_requested.emit(round(self.wave.seconds_at(e.position().x()), 3))

    def mouseMoveEvent(self, e: QMouseEvent) -> None:
        """Dragging along the ruler scrubs the playhead."""
        if e.buttons() & Qt.MouseButton.LeftButton:
            self.mousePressEvent(e)
