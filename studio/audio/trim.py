"""Where the speech is in a take: leading/trailing silence and the pauses in between.

Non-destructive: the results are numbers for ``Take.trim`` in ``episode.json``; the take file
is never changed. The level is measured in 10 ms frames of the mono mix, so an hour-long
recording costs a few megabytes at most.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..episode import Trim
from ..plumbing.errors import StudioError
from .pcm import audio_info, read_blocks

FRAME = 0.01  # seconds per level frame
SILENCE_DB = -50.0  # speech threshold: -16 (pydub's default) would cut soft consonants
LEAD_IN = 0.12  # seconds kept before the first sound
TAIL = 0.20  # seconds kept after the last sound (tails, breaths)
FADE_IN = 0.02
FADE_OUT = 0.05


@dataclass
class Analysis:
    rate: int
    duration: float  # seconds of the take file
    levels: np.ndarray  # dBFS per 10 ms frame

    def threshold(self) -> float:
        loudest = float(self.levels.max()) if self.levels.size else -120.0
        return SILENCE_DB if loudest - 25 > SILENCE_DB else loudest - 25


_CACHE: OrderedDict[tuple, Analysis] = OrderedDict()  # by the file's identity and stat
_CACHED = 32
_LOCK = threading.Lock()


def analyze(path: str | Path) -> Analysis:
    """Measure a take's level frame by frame; a StudioError when it is empty or unreadable.

    A take is analysed once while its file is unchanged (same inode, size and mtime):
    narration, levelling, mastering and export each ask for it. The levels array is shared:
    read it, do not change it."""
    try:
        st = os.stat(path)
        key = (os.path.abspath(path), st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        return _analyze(path)  # says what is wrong with it
    with _LOCK:  # the app analyses on worker threads
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    analysis = _analyze(path)
    with _LOCK:
        _CACHE[key] = analysis
        while len(_CACHE) > _CACHED:
            _CACHE.popitem(last=False)
    return analysis


def _analyze(path: str | Path) -> Analysis:
    info = audio_info(path)
    hop = max(1, int(round(info.rate * FRAME)))
    levels: list[np.ndarray] = []
    carry = np.zeros(0, dtype=np.float32)
    frames = 0
    for block in read_blocks(path, info.rate, 1, info):
        mono = block[:, 0]
        frames += mono.size
        data = np.concatenate([carry, mono]) if carry.size else mono
        whole = data.size - data.size % hop
        if whole:
            power = np.mean(np.square(data[:whole].reshape(-1, hop), dtype=np.float64), axis=1)
            levels.append(10 * np.log10(np.maximum(power, 1e-12)))
        carry = data[whole:].copy()
    if frames == 0:
        raise StudioError(f"{Path(path).name} is a zero-length take (no audio in it)")
    return Analysis(info.rate, frames / info.rate,
                    np.concatenate(levels) if levels else np.full(1, -120.0))


def auto_trim(analysis: Analysis) -> Trim:
    """In/out points around the speech, with short fades."""
    loud = np.flatnonzero(analysis.levels > analysis.threshold())
    if loud.size == 0:
        return Trim(0.0, round(analysis.duration, 3), FADE_IN, FADE_OUT, auto=True)
    start = max(0.0, loud[0] * FRAME - LEAD_IN)
    end = min(analysis.duration, (loud[-1] + 1) * FRAME + TAIL)
    return Trim(round(start, 3), round(end, 3), FADE_IN, FADE_OUT, auto=True)


def pauses(analysis: Analysis, start: float, end: float,
           min_length: float = 0.15) -> list[tuple[float, float]]:
    """Silent stretches of at least ``min_length`` seconds between ``start`` and ``end``
    (whole runs of quiet frames, not touching either end). Found with numpy: the audio
    editor asks on the UI thread whenever a trim changes, for takes of any length."""
    quiet = analysis.levels <= analysis.threshold()
    first, last = max(0, int(start / FRAME)), min(quiet.size, int(end / FRAME))
    if last <= first:
        return []
    edges = np.diff(np.concatenate([[0], quiet[first:last].astype(np.int8), [0]]))
    starts = np.flatnonzero(edges == 1) + first
    ends = np.flatnonzero(edges == -1) + first
    keep = ((ends - starts) * FRAME >= min_length) & (starts > first) & (ends < last)
    return list(zip((starts[keep] * FRAME).tolist(), (ends[keep] * FRAME).tolist(), strict=True))


def effective(trim: Trim, duration: float) -> tuple[float, float]:
    """The (start, end) a trim selects, clamped to the take; an empty range is an error."""
    start = min(max(0.0, trim.start), duration)
    end = duration if trim.end is None else min(max(0.0, trim.end), duration)
    if end - start <= 0.0:
        raise StudioError(f"the trim selects nothing (start {start:.2f} s, end {end:.2f} s)")
    return start, end
