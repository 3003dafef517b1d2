"""Long silences inside a take are shortened when the programme is assembled.

A take the host left running (a recording of three hours, most of it silence) must not end
up whole in the MP3. Every stretch quieter than the take's speech threshold (and always
below -60 dBFS) that lasts more than ``LONG`` seconds keeps ``KEEP`` seconds, half at each
end; the take file is not changed. :mod:`.cuts` says which stretches of a take play once its
silences are shortened and the host's cuts removed, and where a moment of it is heard.
"""

from __future__ import annotations

import numpy as np

from .trim import FRAME, Analysis

LONG = 2.0  # seconds: longer silences are shortened
KEEP = 0.8  # seconds kept of each
FLOOR_DB = -60.0  # quieter than this is silence, whatever the take's own level


def long_silences(analysis: Analysis, start: float, end: float,
                  longer_than: float = LONG) -> list[tuple[float, float]]:
    """Silent stretches longer than ``longer_than`` seconds between ``start`` and ``end``."""
    quiet = analysis.levels <= max(analysis.threshold(), FLOOR_DB)
    first = max(0, int(round(start / FRAME)))
    last = min(quiet.size, int(end / FRAME))
    if last <= first:
        return []
    edges = np.diff(np.concatenate([[0], quiet[first:last].astype(np.int8), [0]]))
    runs = zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True)
    found = []
    for lo, hi in runs:
        a, b = max(start, (first + lo) * FRAME), min(end, (first + hi) * FRAME)
        if b - a > longer_than:
            found.append((a, b))
    return found


def removed_seconds(silences: list[tuple[float, float]], keep: float = KEEP) -> float:
    return sum(max(0.0, b - a - keep) for a, b in silences)
