"""Loudness of raw PCM by ITU-R BS.1770 (K-weighting, 400 ms blocks, the two gates), in numpy.

Used to know the assembled programme before it is encoded: its K-weighted energy and its
highest sample per millisecond (a ``Profile``), from which the loudness after any gain, with
or without the limiter, is computed without another pass over the audio (see
audio.limiter_model). The K-weighting filters are ffmpeg's (libebur128's) at any rate, applied
through their frequency response on long FFT blocks; integrated loudness agrees with
ffmpeg's ``ebur128`` to within its 0.1 LU display.
"""

from __future__ import annotations

import math
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..jobs import CancelToken
from ..plumbing.errors import StudioError

SUB_SECONDS = 0.001  # the profile's resolution: the limiter's gain changes within a few ms
_FFT = 1 << 17
_PRE = 4096  # samples of lead-in per FFT block: the filters' memory, decayed to nothing
SILENT_LUFS = -60.0
PROFILE_THREADS = 2


@dataclass
class Profile:
    """A programme in 1 ms steps: highest absolute sample and K-weighted energy of each."""

    rate: int
    sub: int  # samples per step
    peaks: np.ndarray  # float32, linear, the highest of all channels
    energy: np.ndarray  # float32, K-weighted sum of squares, channels summed (BS.1770 weights 1)

    def loudness(self, gains_db: np.ndarray | float = 0.0) -> float:
        """Integrated loudness (LUFS) with a gain (dB) per step or one for all."""
        power = self.energy * np.power(np.float32(10), np.asarray(gains_db, dtype=np.float32) / 10)
        return integrated(power, self.sub, self.rate)


def k_response(rate: int, n: int) -> np.ndarray:
    """BS.1770's K-weighting (high shelf, then high pass) on the grid of an ``n``-point rfft."""
    f0, gain, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = math.tan(math.pi * f0 / rate)
    vh = 10 ** (gain / 20)
    vb = vh ** 0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf_b = ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0)
    shelf_a = (1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    f0, q = 38.13547087602444, 0.5003270373238773
    k = math.tan(math.pi * f0 / rate)
    d = 1 + k / q + k * k
    pass_b = (1.0, -2.0, 1.0)
    pass_a = (1.0, 2 * (k * k - 1) / d, (1 - k / q + k * k) / d)
    z = np.exp(-1j * np.pi * np.arange(n // 2 + 1) / (n // 2))

    def biquad(b: tuple[float, ...], a: tuple[float, ...]) -> np.ndarray:
        return (b[0] + b[1] * z + b[2] * z * z) / (a[0] + a[1] * z + a[2] * z * z)

    return biquad(shelf_b, shelf_a) * biquad(pass_b, pass_a)


def profile_raw(path: Path, rate: int, channels: int,
                cancel: CancelToken | None = None) -> Profile:
    """The profile of a raw float32 little-endian interleaved file, read in blocks.

    The blocks' FFTs run on two threads (numpy releases the GIL in them): mastering waits
    for this profile before it can encode, so it is on every export's critical path."""
    cancel = cancel or CancelToken()
    sub = max(1, round(rate * SUB_SECONDS))
    response = k_response(rate, _FFT).astype(np.complex64)[:, None]  # float32 FFTs: enough
    step = _FFT - _PRE
    frames = path.stat().st_size // (4 * channels)
    whole = frames // sub
    peaks = np.zeros(whole, dtype=np.float32)  # 8 bytes a millisecond: 29 MB for an hour
    energy = np.zeros(whole, dtype=np.float32)

    def measure(lead: np.ndarray, block: np.ndarray, first: int) -> None:
        both = np.concatenate([lead, block])
        weighted = np.fft.irfft(np.fft.rfft(both, _FFT, axis=0) * response,
                                _FFT, axis=0)[len(lead):len(both)]
        n = len(block) // sub
        peaks[first:first + n] = np.abs(block).max(axis=1).reshape(n, sub).max(axis=1)
        energy[first:first + n] = np.square(weighted, dtype=np.float64).sum(
            axis=1).reshape(n, sub).sum(axis=1)

    lead = np.zeros((0, channels), dtype=np.float32)
    running: deque[Future[None]] = deque()
    try:
        with open(path, "rb") as fh, ThreadPoolExecutor(PROFILE_THREADS) as pool:
            start = 0
            while start < whole * sub:
                cancel.check()
                count = min(step, whole * sub - start)  # a multiple of sub but at the end
                count -= count % sub
                raw = np.frombuffer(fh.read(count * 4 * channels), dtype="<f4")
                block = raw.reshape(-1, channels)
                if len(block) < count:
                    raise StudioError(f"{path.name} ended early")
                running.append(pool.submit(measure, lead, block, start // sub))
                while len(running) > PROFILE_THREADS:  # a few blocks in memory at a time
                    running.popleft().result()
                lead = block[-_PRE:]
                start += count
            while running:
                running.popleft().result()
    except OSError as exc:
        raise StudioError(f"cannot read the programme: {exc.strerror or exc}") from exc
    return Profile(rate, sub, peaks, energy)


def integrated(power: np.ndarray, sub: int, rate: int) -> float:
    """Integrated loudness of K-weighted energies per step of ``sub`` samples: 400 ms blocks
    every 100 ms, gated at -70 LUFS, then 10 LU below the mean of what passed."""
    per = max(1, round(0.1 * rate / sub))  # steps in 100 ms
    quarters = power[:power.size // per * per].reshape(-1, per).sum(axis=1, dtype=np.float64) / (
        per * sub)
    if quarters.size < 4:
        quarters = np.array([power.sum() / max(power.size * sub, 1)] * 4)
    blocks = (quarters[:-3] + quarters[1:-2] + quarters[2:-1] + quarters[3:]) / 4
    passed = blocks[blocks > _power(-70.0)]
    if passed.size == 0:
        return -math.inf
    passed = passed[passed > passed.mean() * 0.1]  # -10 LU
    return _lufs(float(passed.mean()))


def _power(lufs: float) -> float:
    return 10 ** ((lufs + 0.691) / 10)


def _lufs(power: float) -> float:
    return -0.691 + 10 * math.log10(power) if power > 0 else -math.inf
