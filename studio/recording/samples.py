"""Turning whatever an input device delivers into the 16-bit PCM a take is stored as.

Devices give unsigned 8-bit, 16-bit, 32-bit integer or 32-bit float samples at their own rate
and channel count. The rate is kept (mastering resamples), up to two channels are kept and more
are mixed down to mono, and samples are scaled and clipped to int16. The level of each chunk
(peak, RMS, clipped samples) is measured on the device's own samples, before any clipping.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..plumbing.errors import StudioError

# name -> (numpy dtype, value of full scale, offset of zero)
SAMPLE_FORMATS: dict[str, tuple[str, float, float]] = {
    "uint8": ("u1", 128.0, 128.0),
    "int16": ("<i2", 32768.0, 0.0),
    "int32": ("<i4", 2147483648.0, 0.0),
    "float": ("<f4", 1.0, 0.0),
}
CLIP_LEVEL = 0.999  # of full scale: a sample this loud was (or is about to be) clipped


@dataclass
class Level:
    """The loudness of one chunk, as fractions of full scale."""

    peak: float = 0.0
    rms: float = 0.0
    clipped: int = 0  # samples at or beyond full scale
    lufs: float | None = None  # short-term loudness of the last 3 s, when measured

    @property
    def peak_dbfs(self) -> float:
        return 20 * math.log10(self.peak) if self.peak > 1e-6 else -120.0

    @property
    def rms_dbfs(self) -> float:
        return 20 * math.log10(self.rms) if self.rms > 1e-6 else -120.0


def stored_channels(device_channels: int) -> int:
    """Channels a take keeps: mono and stereo as they are, anything wider mixed to mono."""
    return device_channels if device_channels in (1, 2) else 1


def bytes_per_frame(sample_format: str, channels: int) -> int:
    return np.dtype(_spec(sample_format)[0]).itemsize * channels


def to_float(raw: bytes, sample_format: str, channels: int) -> np.ndarray:
    """Samples as float32 of shape (frames, channels), full scale = 1.0; a torn frame is dropped."""
    dtype, scale, zero = _spec(sample_format)
    width = np.dtype(dtype).itemsize * channels
    usable = len(raw) - len(raw) % width
    data = np.frombuffer(raw[:usable], dtype=dtype).astype(np.float32)
    if zero:
        data -= zero
    if scale != 1.0:
        data /= scale
    return data.reshape(-1, channels)


def to_take_pcm(block: np.ndarray) -> bytes:
    """Float samples (frames, channels) as the take's interleaved int16 bytes."""
    if block.shape[1] not in (1, 2):
        block = block.mean(axis=1, keepdims=True)
    scaled = np.clip(np.rint(block * 32768.0), -32768, 32767).astype("<i2")  # int16 exact
    return scaled.tobytes()


def level_of(block: np.ndarray) -> Level:
    if block.size == 0:
        return Level()
    mags = np.abs(block)
    return Level(peak=float(mags.max()), rms=float(np.sqrt(np.mean(np.square(block)))),
                 clipped=int(np.count_nonzero(mags >= CLIP_LEVEL)))


def _spec(sample_format: str) -> tuple[str, float, float]:
    try:
        return SAMPLE_FORMATS[sample_format]
    except KeyError:
        raise StudioError(f"unsupported sample format {sample_format!r} "
                          f"(known: {', '.join(SAMPLE_FORMATS)})") from None
