"""Levels a host watches: the peak (dBFS) and the short-term loudness (LUFS, BS.1770's
K-weighting over the last 3 s) of a take as it plays, and of the microphone as it records.

:func:`take_meter` measures a whole take once, in 100 ms steps, streaming it block by block
(a recording of hours costs a few kilobytes a minute); :class:`LiveMeter` keeps the last few
seconds of a recording and says where it stands now. Both use the K-weighting of
:mod:`.bs1770`, applied through its frequency response on FFT blocks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .bs1770 import k_response
from .pcm import audio_info, read_blocks

STEP = 0.1  # seconds per meter reading
SHORT_TERM = 3.0  # seconds of BS.1770's short-term loudness window
FLOOR = -70.0  # LUFS and dBFS shown as silence
_LEAD = 4096  # samples of lead-in per FFT block: the filters' memory
_FFT = 1 << 16


def _lufs(mean_square: float) -> float:
    return -0.691 + 10 * math.log10(mean_square) if mean_square > 0 else FLOOR


def _weighted(samples: np.ndarray, rate: int) -> np.ndarray:
    """``samples`` (frames, channels) K-weighted, by the filters' frequency response."""
    n = 1 << max(10, int(len(samples) - 1).bit_length())
    response = k_response(rate, n)[:, None]
    return np.fft.irfft(np.fft.rfft(samples, n, axis=0) * response, n, axis=0)[:len(samples)]


@dataclass
class TakeMeter:
    """A take's levels in steps of ``STEP`` seconds from its start."""

    peaks_db: np.ndarray  # the highest sample of each step, dBFS
    short_lufs: np.ndarray  # short-term loudness at the end of each step, LUFS

    def at(self, seconds: float) -> tuple[float, float]:
        """(peak dBFS, short-term LUFS) at ``seconds`` into the take."""
        if not self.peaks_db.size:
            return FLOOR, FLOOR
        i = min(max(0, int(seconds / STEP)), self.peaks_db.size - 1)
        return float(self.peaks_db[i]), float(self.short_lufs[i])


def take_meter(path: str | Path) -> TakeMeter:
    """The take's peak and short-term loudness in 100 ms steps."""
    info = audio_info(path)
    rate, channels = info.rate, max(1, min(2, info.channels))
    per = max(1, round(STEP * rate))
    response = k_response(rate, _FFT)[:, None]
    energy: list[float] = []
    peaks: list[float] = []
    lead = np.zeros((0, channels), dtype=np.float32)
    pending = np.zeros((0, channels), dtype=np.float32)
    size = (_FFT - _LEAD) // per * per  # whole steps a block: no step split across two
    for block in read_blocks(path, rate, channels, info):
        pending = np.concatenate([pending, block]) if pending.size else block
        while len(pending) >= size:
            chunk, pending = pending[:size], pending[size:]
            _measure(lead, chunk, per, response, energy, peaks)
            lead = chunk[-_LEAD:]
    if len(pending):
        _measure(lead, pending, per, response, energy, peaks)
    if not energy:
        return TakeMeter(np.zeros(0), np.zeros(0))
    steps = round(SHORT_TERM / STEP)
    e = np.asarray(energy, dtype=np.float64)
    running = np.convolve(e, np.ones(steps), mode="full")[:e.size]
    counts = np.minimum(np.arange(1, e.size + 1), steps) * per
    short = np.array([_lufs(x) for x in running / counts])
    peak_db = 20 * np.log10(np.maximum(np.asarray(peaks), 10 ** (FLOOR / 20)))
    return TakeMeter(peak_db.astype(np.float32), np.maximum(short, FLOOR).astype(np.float32))


def _measure(lead: np.ndarray, chunk: np.ndarray, per: int, response: np.ndarray,
             energy: list[float], peaks: list[float]) -> None:
    both = np.concatenate([lead, chunk]) if lead.size else chunk
    weighted = np.fft.irfft(np.fft.rfft(both, _FFT, axis=0) * response, _FFT,
                            axis=0)[len(both) - len(chunk):len(both)]
    for i in range(0, len(chunk), per):
        part = weighted[i:i + per]
        energy.append(float(np.square(part, dtype=np.float64).sum(axis=1).sum()))
        peaks.append(float(np.abs(chunk[i:i + per]).max()))


class LiveMeter:
    """The short-term loudness of what a microphone is recording: the last ``SHORT_TERM``
    seconds, K-weighted; fed block by block."""

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self.keep = int((SHORT_TERM * rate) + _LEAD)
        self.tail = np.zeros((0, 1), dtype=np.float32)

    def push(self, block: np.ndarray) -> None:
        mono = block.mean(axis=1, keepdims=True) if block.ndim == 2 else block[:, None]
        self.tail = np.concatenate([self.tail, mono.astype(np.float32)])[-self.keep:]

    def short_lufs(self) -> float:
        if len(self.tail) <= _LEAD:
            return FLOOR
        weighted = _weighted(self.tail, self.rate)[_LEAD:]
        return max(FLOOR, _lufs(float(np.mean(np.square(weighted, dtype=np.float64)))))
