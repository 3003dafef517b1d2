"""The time axis of the audio editor, as plain numbers: which stretch of a take is in view,
zooming and scrolling it, and the ruler's ticks and their ``m:ss.mmm`` labels. No Qt here."""

from __future__ import annotations

import math
from dataclasses import dataclass

MIN_SPAN = 0.005  # seconds across the view at the closest zoom: a few milliseconds
# (step between labelled ticks in seconds, minor ticks per step), finest first
_STEPS = ((0.001, 5), (0.002, 4), (0.005, 5), (0.01, 5), (0.02, 4), (0.05, 5), (0.1, 5),
          (0.2, 4), (0.5, 5), (1.0, 5), (2.0, 4), (5.0, 5), (10.0, 5), (15.0, 3), (30.0, 3),
          (60.0, 4), (120.0, 4), (300.0, 5), (600.0, 5))


@dataclass(frozen=True)
class View:
    """The stretch of the take on screen: from ``start``, ``span`` seconds wide."""

    start: float
    span: float

    @property
    def end(self) -> float:
        return self.start + self.span


def fit(duration: float) -> View:
    """The whole take in view."""
    return View(0.0, max(duration, MIN_SPAN))


def clamp(view: View, duration: float) -> View:
    """``view`` made to lie inside the take and be no narrower than :data:`MIN_SPAN`."""
    span = min(max(view.span, MIN_SPAN), max(duration, MIN_SPAN))
    start = max(0.0, min(view.start, duration - span))
    return View(start, span)


def zoomed(view: View, factor: float, anchor: float, duration: float) -> View:
    """Zoom in (``factor`` > 1) or out (< 1) keeping the time ``anchor`` at the same place."""
    span = view.span / factor
    ratio = 0.5 if view.span <= 0 else (anchor - view.start) / view.span
    ratio = min(1.0, max(0.0, ratio))
    clamped = clamp(View(0.0, span), duration)
    return clamp(View(anchor - ratio * clamped.span, clamped.span), duration)


def scrolled(view: View, seconds: float, duration: float) -> View:
    return clamp(View(view.start + seconds, view.span), duration)


def showing(view: View, seconds: float, duration: float) -> View:
    """``view``, paged along if needed so that ``seconds`` is in it (a playhead or a handle
    leaving the screen brings the next screenful, as audio editors do)."""
    if view.start <= seconds <= view.end:
        return view
    if seconds > view.end:
        return clamp(View(seconds - 0.05 * view.span, view.span), duration)
    return clamp(View(seconds - 0.95 * view.span, view.span), duration)


def column_peaks(levels: list[float], duration: float, view: View, width_px: int) -> list[float]:
    """The loudest level (of ``levels``, frames spread evenly over ``duration``) under each of
    ``width_px`` pixel columns showing ``view``: what the waveform draws."""
    n = len(levels)
    if n == 0 or duration <= 0 or width_px <= 0:
        return []
    per_frame = duration / n
    per_px = view.span / width_px
    peaks = []
    for x in range(width_px):
        t0 = view.start + x * per_px
        i0 = min(n - 1, int(t0 / per_frame))
        i1 = max(i0 + 1, min(n, int((t0 + per_px) / per_frame) + 1))
        peaks.append(max(levels[i0:i1]))
    return peaks


def tick_step(span: float, width_px: int, min_px: int = 80) -> tuple[float, int]:
    """The step between labelled ticks (and minor ticks per step): the finest that leaves
    at least ``min_px`` pixels between labels."""
    for step, minor in _STEPS:
        if width_px <= 0 or step / max(span, 1e-9) * width_px >= min_px:
            return step, minor
    return _STEPS[-1]


def ticks(view: View, width_px: int, min_px: int = 80) -> tuple[float, list[float], list[float]]:
    """The step, the labelled tick times and the minor tick times inside ``view``."""
    step, minor = tick_step(view.span, width_px, min_px)
    fine = step / minor
    first, last = math.ceil(view.start / fine - 1e-9), math.floor(view.end / fine + 1e-9)
    major: list[float] = []
    small: list[float] = []
    for k in range(first, last + 1):
        (major if k % minor == 0 else small).append(round(k * fine, 6))
    return step, major, small


def time_label(seconds: float, step: float = 0.001) -> str:
    """``m:ss.mmm``, with only as many decimals as the tick ``step`` needs (``1:02``,
    ``1:02.5``, ``0:00.125``)."""
    decimals = 0 if step >= 1 else 1 if step >= 0.1 else 2 if step >= 0.01 else 3
    scale = 10 ** decimals
    total = round(max(0.0, seconds) * scale)
    minutes, rest = divmod(total, 60 * scale)
    whole, frac = divmod(rest, scale)
    return f"{minutes}:{whole:02d}" + (f".{frac:0{decimals}d}" if decimals else "")
