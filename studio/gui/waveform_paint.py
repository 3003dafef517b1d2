"""Drawing the waveform view: the waveform and the shaded cuts into a cached picture (one
``drawLines`` call per colour), then the fades and the handles over it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPalette, QPen, QPixmap, QPolygonF

from .. import timeline

if TYPE_CHECKING:
    from .waveform import WaveformView

FLOOR_DB = -60.0


def wave_layer(wave: WaveformView, pal: QPalette, w: int, h: int) -> QPixmap:
    """The waveform and the shaded cuts, drawn again only when the view, the size, the
    trim or the colours change: a moving playhead just repaints over this picture."""
    ratio = wave.devicePixelRatioF()
    key = (w, h, ratio, wave.view, wave.start, wave.end, tuple(map(tuple, wave.cuts)),
           wave.wave_id, pal.cacheKey())
    if wave.layer is not None and wave.layer[0] == key:
        return wave.layer[1]
    pixmap = QPixmap(round(w * ratio), round(h * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(pal.color(QPalette.ColorRole.Base))
    p = QPainter(pixmap)
    muted = pal.color(QPalette.ColorRole.Mid)
    p.setPen(QPen(muted, 1))
    p.drawLine(QLineF(0, h / 2, w, h / 2))
    kept, cut = wave_lines(wave, w, h)
    p.setPen(QPen(pal.color(QPalette.ColorRole.Highlight), 1))
    p.drawLines(kept)
    p.setPen(QPen(muted, 1))
    p.drawLines(cut)
    paint_cuts(wave, p, pal, w, h)
    p.end()
    wave.layer = (key, pixmap)
    return pixmap


def wave_lines(wave: WaveformView, w: int, h: int) -> tuple[list[QLineF], list[QLineF]]:
    """One vertical line per pixel column, the loudest frame under it; kept and cut."""
    mid, per_px = h / 2, wave.view.span / max(1, w)
    kept: list[QLineF] = []
    cut: list[QLineF] = []
    for x, db in enumerate(timeline.column_peaks(wave.levels, wave.duration, wave.view, w)):
        # linear amplitude relative to the loudest frame: speech reads as words and gaps
        amp = 0.0 if db <= FLOOR_DB else 10 ** ((db - wave.loudest) / 20) * (mid - 4)
        line = QLineF(x + 0.5, mid - amp - 0.5, x + 0.5, mid + amp + 0.5)
        centre = wave.view.start + (x + 0.5) * per_px
        heard = wave.start <= centre <= wave.end and not any(a <= centre <= b for a, b in wave.cuts)
        (kept if heard else cut).append(line)
    return kept, cut


def paint_cuts(wave: WaveformView, p: QPainter, pal: QPalette, w: int, h: int) -> None:
    """The trimmed-away ends and the cuts inside the take: greyed, hatched and labelled
    "cut"."""
    shade = QColor(pal.color(QPalette.ColorRole.Window))
    shade.setAlpha(170)
    hatch = QColor(pal.color(QPalette.ColorRole.Text))
    hatch.setAlpha(40)
    p.setPen(pal.color(QPalette.ColorRole.PlaceholderText))
    inner = [(wave.x_of(a), wave.x_of(b)) for a, b in wave.cuts]  # cut inside the take
    for x0, x1 in ((0.0, wave.x_of(wave.start)), (wave.x_of(wave.end), float(w)), *inner):
        x0, x1 = max(0.0, x0), min(float(w), x1)
        if x1 - x0 < 1:
            continue
        area = QRectF(x0, 0, x1 - x0, h)
        p.fillRect(area, shade)
        p.fillRect(area, QBrush(hatch, Qt.BrushStyle.BDiagPattern))
        if x1 - x0 > 30:
            p.drawText(area.adjusted(0, 4, 0, 0),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "cut")


def paint_fades(wave: WaveformView, p: QPainter, pal: QPalette, h: int) -> None:
    p.setPen(QPen(pal.color(QPalette.ColorRole.Text), 1, Qt.PenStyle.DashLine))
    if wave.fade_in > 0:
        p.drawPolyline(QPolygonF([QPointF(wave.x_of(wave.start), h - 2),
                                  QPointF(wave.x_of(wave.start + wave.fade_in), 2)]))
    if wave.fade_out > 0:
        p.drawPolyline(QPolygonF([QPointF(wave.x_of(wave.end - wave.fade_out), 2),
                                  QPointF(wave.x_of(wave.end), h - 2)]))


def paint_handles(wave: WaveformView, p: QPainter, pal: QPalette, h: int) -> None:
    """Each handle: a bar with a grab tab at the top; the selected one in the accent."""
    for name, secs in (("start", wave.start), ("end", wave.end)):
        x = wave.x_of(secs)
        colour = (pal.color(QPalette.ColorRole.Highlight).darker(130) if name == wave.selected
                  else pal.color(QPalette.ColorRole.Text))
        p.setPen(QPen(colour, 2))
        p.drawLine(QLineF(x, 0, x, h))
        tab = QRectF(x - 14, 0, 14, 16) if name == "end" else QRectF(x, 0, 14, 16)
        p.fillRect(tab, colour)
        p.setPen(pal.color(QPalette.ColorRole.HighlightedText))
        p.drawText(tab, Qt.AlignmentFlag.AlignCenter, "[" if name == "start" else "]")


def paint_selection(wave: WaveformView, p: QPainter, pal: QPalette, h: int) -> None:
    """The stretch selected for a cut (Shift+drag): tinted, with its length."""
    if wave.selection is None:
        return
    a, b = sorted(wave.selection)
    x0, x1 = wave.x_of(a), wave.x_of(b)
    tint = QColor(pal.color(QPalette.ColorRole.Highlight))
    tint.setAlpha(60)
    area = QRectF(x0, 0, max(1.0, x1 - x0), h)
    p.fillRect(area, tint)
    if x1 - x0 > 60:
        p.setPen(pal.color(QPalette.ColorRole.Text))
        p.drawText(area.adjusted(0, 0, 0, -4),
                   Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, f"{b - a:.3f} s")
