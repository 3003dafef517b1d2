"""Reading audio files as float32 blocks, a bounded chunk at a time.

16-bit PCM WAV at the wanted rate (what the engine and the recorder write) is read directly;
anything else is decoded by ffmpeg into a pipe. Memory stays at one block whatever the length.
"""

from __future__ import annotations

import subprocess
import wave
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..plumbing.children import kill_group, popen
from ..plumbing.errors import StudioError
from .tools import ffmpeg_cmd, last_line, media_path, probe

BLOCK_FRAMES = 1 << 16


@dataclass
class AudioInfo:
    rate: int
    channels: int
    duration: float  # seconds
    wav16: bool  # a plain 16-bit PCM WAV that Python can read itself


def audio_info(path: str | Path) -> AudioInfo:
    """Rate, channels and length of an audio file; a StudioError when it is not one."""
    p = Path(path)
    if not p.is_file():
        raise StudioError(f"audio file not found: {p}")
    if p.stat().st_size == 0:
        raise StudioError(f"{p.name} is empty (zero bytes)")
    try:
        with wave.open(str(p), "rb") as w:
            if w.getframerate() <= 0 or w.getnchannels() <= 0:
                raise StudioError(f"not an audio file we can read: {p.name} (its header says "
                                  f"{w.getframerate()} Hz, {w.getnchannels()} channels)")
            if w.getsampwidth() == 2 and w.getcomptype() == "NONE":
                return AudioInfo(w.getframerate(), w.getnchannels(),
                                 w.getnframes() / w.getframerate(), True)
    except (wave.Error, EOFError, OSError):
        pass
    data = probe(p)
    streams = [s for s in data.get("streams", []) if s.get("codec_type") == "audio"]
    if not streams:
        raise StudioError(f"not an audio file we can read: {p.name} (no audio stream in it)")
    s = streams[0]
    try:
        duration = float(s.get("duration") or data.get("format", {}).get("duration") or 0)
        rate, channels = int(s["sample_rate"]), int(s["channels"])
        if rate <= 0 or channels <= 0 or not duration >= 0:
            raise ValueError(f"{rate} Hz, {channels} channels")
        return AudioInfo(rate, channels, duration, False)
    except (KeyError, ValueError) as exc:
        raise StudioError(f"{p.name}: cannot tell its sample rate or channels") from exc


def read_blocks(path: str | Path, rate: int, channels: int,
                info: AudioInfo | None = None) -> Iterator[np.ndarray]:
    """Blocks of shape (frames, channels), float32 in [-1, 1], at ``rate`` Hz."""
    info = info or audio_info(path)
    if info.wav16 and info.rate == rate:
        yield from _wav_blocks(Path(path), channels)
    else:
        yield from _ffmpeg_blocks(Path(path), rate, channels)


def _wav_blocks(path: Path, channels: int) -> Iterator[np.ndarray]:
    with wave.open(str(path), "rb") as w:
        src = w.getnchannels()
        while True:
            raw = w.readframes(BLOCK_FRAMES)
            if not raw:
                return
            usable = len(raw) - len(raw) % (2 * src)
            block = np.frombuffer(raw[:usable], dtype="<i2").reshape(-1, src)
            yield remix(block.astype(np.float32) / 32768.0, channels)


def _ffmpeg_blocks(path: Path, rate: int, channels: int) -> Iterator[np.ndarray]:
    cmd = ffmpeg_cmd("-i", media_path(path), "-vn", "-f", "f32le", "-ac", str(channels),
                     "-ar", str(rate), "-")
    proc = popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    step = BLOCK_FRAMES * channels * 4
    try:
        while True:
            raw = proc.stdout.read(step)
            if not raw:
                break
            usable = len(raw) - len(raw) % (4 * channels)
            yield np.frombuffer(raw[:usable], dtype="<f4").reshape(-1, channels)
        err = proc.stderr.read().decode("utf-8", "replace")
        if proc.wait() != 0:
            raise StudioError(f"not an audio file we can read: {path.name} "
                              f"(ffmpeg: {last_line(err)[:80]})")
    finally:
        kill_group(proc)
        proc.stdout.close()
        proc.stderr.close()


def remix(block: np.ndarray, channels: int) -> np.ndarray:
    """The block with ``channels`` channels: a mono mix-down or a copy to both sides."""
    have = block.shape[1]
    if have == channels:
        return block
    mono = block.mean(axis=1, keepdims=True, dtype=np.float32)
    return mono if channels == 1 else np.repeat(mono, channels, axis=1)
