"""Assembling the programme: takes (trimmed, faded) with pauses and the sting, end to end.

The programme is written as raw float32 to a file block by block, so its length does not
decide the memory used. Positions are counted in samples, so segment starts and ends are
exact, not estimates.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ..jobs import CancelToken, Progress, no_progress
from ..plumbing.errors import StudioError
from .pcm import AudioInfo, audio_info, read_blocks

log = logging.getLogger(__name__)


@dataclass
class Clip:
    """A stretch of one file: [start, end) seconds, with fades; ``key`` names it in results."""

    path: Path
    start: float = 0.0
    end: float | None = None
    fade_in: float = 0.0
    fade_out: float = 0.0
    key: str = ""
    gain_db: float = 0.0  # applied before the fades (evens out the takes' levels)


@dataclass
class Silence:
    seconds: float


@dataclass
class Programme:
    path: Path  # raw float32 little-endian, interleaved
    rate: int
    channels: int
    frames: int
    peak: float  # highest absolute sample
    placed: dict[str, tuple[float, float]]  # clip key -> (start, end) seconds

    @property
    def duration(self) -> float:
        return self.frames / self.rate


def assembly_rate(infos: list[AudioInfo]) -> int:
    """The rate most clips already have (ties: the highest), so few need resampling."""
    counts = Counter(i.rate for i in infos)
    return max(counts, key=lambda r: (counts[r], r))


def assemble(
    pieces: list[Clip | Silence],
    out: Path,
    channels: int,
    rate: int | None = None,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> Programme:
    cancel = cancel or CancelToken()
    infos = {id(p): audio_info(p.path) for p in pieces if isinstance(p, Clip)}
    if not infos:
        raise StudioError("there is nothing to assemble: no segment has a take")
    rate = rate or assembly_rate(list(infos.values()))
    placed: dict[str, tuple[float, float]] = {}
    frames, peak = 0, 0.0
    with open(out, "wb") as fh:
        for n, piece in enumerate(pieces):
            cancel.check()
            if isinstance(piece, Silence):
                count = int(round(piece.seconds * rate))
                _write(fh, np.zeros((count, channels), dtype=np.float32))
                frames += count
                continue
            written, top = _write_clip(fh, piece, infos[id(piece)], rate, channels)
            if piece.key:
                placed[piece.key] = (frames / rate, (frames + written) / rate)
            frames += written
            peak = max(peak, top)
            log.info("assembled %s", piece.path.name)  # the file: a detail, under -v
            progress((n + 1) / len(pieces), f"assembled {n + 1} of {len(pieces)} parts")
    return Programme(out, rate, channels, frames, peak, placed)


def _write(fh: BinaryIO, block: np.ndarray) -> None:
    try:
        fh.write(np.ascontiguousarray(block, dtype="<f4").tobytes())
    except OSError as exc:
        raise StudioError(f"cannot write the programme: {exc.strerror or exc}") from exc


def _write_clip(fh: BinaryIO, clip: Clip, info: AudioInfo, rate: int,
                channels: int) -> tuple[int, float]:
    """Write the clip's [start, end) with its fades; returns (frames, peak)."""
    first = int(round(clip.start * rate))
    last = None if clip.end is None else int(round(clip.end * rate))
    fade_in = int(round(clip.fade_in * rate))
    fade_out = int(round(clip.fade_out * rate))
    pos, written, peak = 0, 0, 0.0
    tail: np.ndarray | None = None  # frames held back until the clip's end is known
    for block in read_blocks(clip.path, rate, channels, info):
        lo = max(first, pos)
        hi = pos + len(block) if last is None else min(last, pos + len(block))
        if hi > lo:
            part = block[lo - pos:hi - pos].copy()
            if clip.gain_db:
                part *= np.float32(10 ** (clip.gain_db / 20))
            if fade_in and lo - first < fade_in:
                idx = np.arange(lo - first, hi - first, dtype=np.float32)
                part *= np.minimum(1.0, idx / fade_in)[:, None]
            tail = part if tail is None else np.concatenate([tail, part])
            if len(tail) > 2 * max(fade_out, 1):
                keep = max(fade_out, 1)
                out = tail[:-keep]
                peak = max(peak, float(np.abs(out).max()))
                _write(fh, out)
                written += len(out)
                tail = tail[-keep:]
        pos += len(block)
        if last is not None and pos >= last:
            break
    if tail is None:
        raise StudioError(f"{clip.path.name}: the trim selects no audio")
    if fade_out:
        # The frames still held back are at least the fade's length (or the whole clip).
        n = min(fade_out, len(tail))
        tail[-n:] *= np.linspace(1.0, 0.0, n, dtype=np.float32)[:, None]
    peak = max(peak, float(np.abs(tail).max()))
    _write(fh, tail)
    return written + len(tail), peak
