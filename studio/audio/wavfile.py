"""The length of a PCM WAV file from its header, with no decoding (0 when unreadable)."""

from __future__ import annotations

import wave
from pathlib import Path


def wav_seconds(path: str | Path) -> float:
    try:
        with wave.open(str(path), "rb") as w:
            return w.getnframes() / w.getframerate()
    except (wave.Error, EOFError, OSError, ZeroDivisionError):
        return 0.0
