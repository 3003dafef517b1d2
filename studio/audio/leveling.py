"""Evening out the takes: synthesized, recorded and imported segments at one speech level.

A home recording may sit 15 dB below the synthesized voice; mastering the programme as a
whole would keep that difference. Each take's active speech level is measured (the mean power
of its 10 ms frames above the speech threshold, within its trim), and the take gets the gain
that brings it to the median level of all takes; the programme is then mastered as before.
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np

from .trim import FRAME, analyze

log = logging.getLogger(__name__)

MAX_BOOST_DB = 24.0  # beyond this a take is mostly noise: raise it no further
MAX_CUT_DB = 24.0


def speech_level(path: Path, start: float, end: float | None) -> float | None:
    """Active speech level of ``path`` between ``start`` and ``end`` (dBFS), None if silent."""
    analysis = analyze(path)
    first = int(start / FRAME)
    last = analysis.levels.size if end is None else int(end / FRAME)
    levels = analysis.levels[first:last]
    active = levels[levels > analysis.threshold()]
    if active.size == 0:
        return None
    return float(10 * np.log10(np.mean(np.power(10.0, active / 10.0))))


def matching_gains(levels: dict[str, float | None]) -> dict[str, float]:
    """Gain (dB) per key that brings each level to the median of them all."""
    known = [v for v in levels.values() if v is not None]
    if len(known) < 2:
        return {k: 0.0 for k in levels}
    reference = float(np.median(known))
    gains = {k: 0.0 if v is None else float(np.clip(reference - v, -MAX_CUT_DB, MAX_BOOST_DB))
             for k, v in levels.items()}
    log.info("speech levels matched to %.1f dBFS: %s", reference,
             ", ".join(f"{k} {g:+.1f} dB" for k, g in gains.items()))
    return gains
