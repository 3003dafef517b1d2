"""A WAV file written while it is being recorded, and the repair of one a crash left behind.

The writer puts a header with zero sizes first, appends 16-bit PCM as it arrives and syncs the
file to disk about once a second, so a crash loses at most that second. ``close`` writes the
real sizes. A file whose writer died keeps sizes of 0 (or stale ones): :func:`repair_wav`
rewrites them from the file's length, dropping a torn last frame.
"""

from __future__ import annotations

import logging
import os
import struct
import time
from dataclasses import dataclass
from pathlib import Path

from ..plumbing.errors import StudioError

log = logging.getLogger(__name__)

HEADER_BYTES = 44
SAMPLE_WIDTH = 2  # bytes: the takes are 16-bit PCM whatever the device gives
SYNC_SECONDS = 1.0


def wav_header(rate: int, channels: int, data_bytes: int) -> bytes:
    """The 44-byte header of a 16-bit PCM WAV holding ``data_bytes`` of samples."""
    block = channels * SAMPLE_WIDTH
    riff = 36 + data_bytes + (data_bytes & 1)
    return (b"RIFF" + struct.pack("<I", min(riff, 0xFFFFFFFF)) + b"WAVE"
            + b"fmt " + struct.pack("<IHHIIHH", 16, 1, channels, rate, rate * block, block,
                                    8 * SAMPLE_WIDTH)
            + b"data" + struct.pack("<I", min(data_bytes, 0xFFFFFFFF)))


class StreamingWavWriter:
    """Append-only 16-bit PCM WAV; at most about ``sync_seconds`` of audio is unsynced."""

    def __init__(self, path: str | Path, rate: int, channels: int,
                 sync_seconds: float = SYNC_SECONDS) -> None:
        if rate <= 0 or not 1 <= channels <= 8:
            raise StudioError(f"cannot record {channels} channel(s) at {rate} Hz")
        self.path = Path(path)
        self.rate = rate
        self.channels = channels
        self.sync_seconds = sync_seconds
        self.data_bytes = 0
        try:
            if self.path.exists() and self.path.stat().st_size > 0:
                raise StudioError(f"{self.path.name} already exists: not overwriting a take")
            self._fh = open(self.path, "wb")
        except OSError as exc:
            raise StudioError(f"cannot write {self.path}: {exc.strerror or exc}") from exc
        self._fh.write(wav_header(rate, channels, 0))
        self._sync()
        self._last_sync = time.monotonic()

    @property
    def frames(self) -> int:
        return self.data_bytes // (self.channels * SAMPLE_WIDTH)

    @property
    def seconds(self) -> float:
        return self.frames / self.rate

    @property
    def closed(self) -> bool:
        return self._fh.closed

    def fileno(self) -> int:
        return self._fh.fileno()

    def write(self, pcm: bytes) -> None:
        """Append interleaved little-endian int16 samples (whole frames)."""
        if not pcm:
            return
        try:
            self._fh.write(pcm)
        except OSError as exc:
            raise StudioError(f"cannot write {self.path.name}: {exc.strerror or exc}") from exc
        self.data_bytes += len(pcm)
        if time.monotonic() - self._last_sync >= self.sync_seconds:
            self._sync()

    def _sync(self) -> None:
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self._last_sync = time.monotonic()

    def close(self) -> float:
        """Write the real sizes into the header and sync; returns the seconds recorded."""
        if self._fh.closed:
            return self.seconds
        try:
            if self.data_bytes & 1:
                self._fh.write(b"\0")
            self._fh.seek(0)
            self._fh.write(wav_header(self.rate, self.channels, self.data_bytes))
            self._sync()
        except OSError as exc:
            raise StudioError(f"cannot finish {self.path.name}: {exc.strerror or exc}") from exc
        finally:
            self._fh.close()
        return self.seconds


@dataclass
class WavRepair:
    path: Path
    rate: int
    channels: int
    frames: int
    repaired: bool  # whether the header had to be rewritten

    @property
    def seconds(self) -> float:
        return self.frames / self.rate if self.rate else 0.0


def repair_wav(path: str | Path) -> WavRepair:
    """Make the header of a PCM WAV agree with the file's length (a crashed recording)."""
    p = Path(path)
    try:
        with open(p, "r+b") as fh:
            head = fh.read(HEADER_BYTES)
            size = os.fstat(fh.fileno()).st_size
            if len(head) < HEADER_BYTES or head[:4] != b"RIFF" or head[8:12] != b"WAVE" \
                    or head[12:16] != b"fmt " or head[36:40] != b"data":
                raise StudioError(f"{p.name} is not a WAV file the recorder wrote")
            fmt, channels, rate, _, block, bits = struct.unpack("<HHIIHH", head[20:36])
            if fmt != 1 or channels < 1 or rate < 1 or block != channels * bits // 8 or block < 1:
                raise StudioError(f"{p.name} has a WAV header that cannot be repaired")
            data = size - HEADER_BYTES
            data -= data % block
            stated = struct.unpack("<I", head[40:44])[0]
            repaired = stated != data or struct.unpack("<I", head[4:8])[0] != 36 + data
            if repaired:
                fh.truncate(HEADER_BYTES + data)
                fh.seek(0)
                fh.write(wav_header(rate, channels, data))
                fh.flush()
                os.fsync(fh.fileno())
    except FileNotFoundError:
        raise StudioError(f"recording {p} is missing") from None
    except OSError as exc:
        raise StudioError(f"cannot repair {p}: {exc.strerror or exc}") from exc
    if repaired:
        log.info("repaired the header of %s: %d bytes of audio", p.name, data)
    return WavRepair(p, rate, channels, data // block, repaired)
