"""The level meter: two bars, the peak (dBFS) and the short-term loudness (LUFS, the last
3 s), with the master's loudness target marked on the loudness bar. The numbers come from
:mod:`studio.audio.meter`; this only draws them."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

PEAK_RANGE = (-60.0, 0.0)  # dBFS across the peak bar
LOUD_RANGE = (-40.0, 0.0)  # LUFS across the loudness bar
HOT = -1.0  # dBFS: a peak above this is drawn red (the master's true-peak ceiling)
LABEL_PX = 64


class LevelMeter(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("takeMeter")
        self.setMinimumHeight(34)
        self.setMinimumWidth(220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.target = -16.0
        self.peak: float | None = None
        self.loudness: float | None = None
        self._tip()

    def _tip(self) -> None:
        self.setToolTip(f"Peak (dBFS) and short-term loudness (LUFS, the last 3 s) as the take "
                        f"plays; the mark is the episode's loudness target, {self.target:g} LUFS")

    def set_target(self, lufs: float) -> None:
        self.target = lufs
        self._tip()
        self.update()

    def set_levels(self, peak_db: float | None, lufs: float | None) -> None:
        """The levels to show now; None clears a bar (nothing playing)."""
        if (peak_db, lufs) != (self.peak, self.loudness):
            self.peak, self.loudness = peak_db, lufs
            self.update()

    def text(self) -> str:
        """What the meter shows, in words (for its accessible name and tests)."""
        if self.peak is None or self.loudness is None:
            return f"— dBFS peak, — LUFS (target {self.target:g})"
        return f"{self.peak:.1f} dBFS peak, {self.loudness:.1f} LUFS (target {self.target:g})"

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        pal = self.palette()
        w, h = self.width(), self.height()
        half = (h - 2) / 2
        rows = (("Peak", self.peak, PEAK_RANGE, 1.0), ("Loudness", self.loudness, LOUD_RANGE,
                                                        1.0 + half))
        self.setAccessibleName(self.text())
        for label, value, (lo, hi), y in rows:
            bar = QRectF(LABEL_PX, y, max(1.0, w - LABEL_PX - 46), half - 2)
            p.setPen(pal.color(QPalette.ColorRole.Text))
            p.drawText(QRectF(0, y, LABEL_PX - 4, half), Qt.AlignmentFlag.AlignVCenter |
                       Qt.AlignmentFlag.AlignRight, label)
            p.fillRect(bar, pal.color(QPalette.ColorRole.Base))
            if value is not None:
                share = min(1.0, max(0.0, (value - lo) / (hi - lo)))
                colour = QColor("#c01c28") if label == "Peak" and value > HOT else \
                    pal.color(QPalette.ColorRole.Highlight)
                p.fillRect(QRectF(bar.left(), bar.top(), bar.width() * share, bar.height()),
                           colour)
            p.setPen(pal.color(QPalette.ColorRole.Mid))
            p.drawRect(bar)
            p.setPen(pal.color(QPalette.ColorRole.Text))
            shown = "—" if value is None else f"{value:.1f}"
            p.drawText(QRectF(bar.right() + 4, y, 42, half), Qt.AlignmentFlag.AlignVCenter, shown)
            if label == "Loudness":
                x = bar.left() + bar.width() * (self.target - lo) / (hi - lo)
                p.setPen(QPen(QColor("#26a269"), 2))
                p.drawLine(int(x), int(bar.top()) - 1, int(x), int(bar.bottom()) + 1)
