"""Independent checks on exported audio: ffmpeg's meter, ffprobe and pyloudnorm."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import numpy as np


def ffprobe_json(path: Path) -> dict:
    out = subprocess.run(["ffprobe", "-v", "error", "-print_format", "json", "-show_format",
                          "-show_streams", "-show_chapters", str(path)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def ebur128(path: Path) -> tuple[float, float]:
    """(integrated LUFS, true peak dBTP) by ffmpeg's ebur128 filter."""
    err = subprocess.run(["ffmpeg", "-hide_banner", "-nostats", "-i", str(path), "-af",
                          "ebur128=peak=true:framelog=verbose", "-f", "null", "-"],
                         capture_output=True, text=True, check=True).stderr
    summary = err[err.rfind("Summary:"):]
    i = float(re.search(r"I:\s+(-?[\d.]+) LUFS", summary).group(1))
    tp = float(re.search(r"Peak:\s+(-?[\d.]+) dBFS", summary).group(1))
    return i, tp


def decode(path: Path, rate: int = 44100) -> np.ndarray:
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "f32le", "-ac", "1",
                          "-ar", str(rate), "-"], capture_output=True, check=True).stdout
    return np.frombuffer(raw, dtype="<f4")


def pyloudnorm_lufs(path: Path) -> float:
    import pyloudnorm

    return float(pyloudnorm.Meter(44100).integrated_loudness(decode(path).astype(np.float64)))


def tone_file(path: Path, seconds: float = 1.0, rate: int = 48000, channels: int = 2,
              lead: float = 1.5, tail: float = 1.5) -> Path:
    """A speech-like burst (modulated tone) between silences, encoded by ffmpeg by suffix."""
    t = np.arange(int(seconds * rate)) / rate
    burst = 0.3 * np.sin(2 * np.pi * 220 * t) * (0.6 + 0.4 * np.sin(2 * np.pi * 3 * t))
    signal = np.concatenate([np.zeros(int(lead * rate)), burst, np.zeros(int(tail * rate))])
    data = np.repeat(signal[:, None], channels, axis=1).astype("<f4")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "f32le", "-ar", str(rate), "-ac",
                    str(channels), "-i", "-", str(path)], input=data.tobytes(), check=True)
    return path


def episode_mp3(folder: Path) -> Path:
    """The exported MP3 of an episode folder (named after its show and day)."""
    from studio.episode import load_episode

    return folder / load_episode(folder).audio.file
