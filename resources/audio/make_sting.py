"""Regenerate resources/audio/sting-intro.wav and sting-outro.wav (the show's chime).

Made from sine partials with numpy (all below 3.2 kHz, so 22050 Hz loses nothing and is the
rate synthesized speech has: the studio reads it without resampling). No third-party audio.
Run: .venv/bin/python resources/audio/make_sting.py
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

RATE = 22050
OUT = Path(__file__).resolve().parent


def note(freq: float, start: float, length: float, total: float) -> np.ndarray:
    t = np.arange(int(total * RATE)) / RATE
    local = t - start
    on = local >= 0
    env = np.where(on, (1 - np.exp(-np.maximum(local, 0) / 0.008))
                   * np.exp(-np.maximum(local, 0) / length), 0.0)
    tone = (np.sin(2 * np.pi * freq * local) + 0.35 * np.sin(2 * np.pi * 2 * freq * local)
            + 0.12 * np.sin(2 * np.pi * 3.01 * freq * local))
    return env * tone


def chime(freqs: list[float], gap: float = 0.16, total: float = 2.4) -> np.ndarray:
    out = sum(note(f, i * gap, 0.55 + 0.1 * i, total) for i, f in enumerate(freqs))
    out = np.asarray(out)
    fade = np.linspace(1.0, 0.0, int(0.3 * RATE))
    out[-fade.size:] *= fade
    return (out / np.abs(out).max() * 10 ** (-8 / 20)).astype(np.float32)


def write_wav(signal: np.ndarray, path: Path) -> None:
    pcm = np.clip(np.round(signal * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    write_wav(chime([c5, e5, g5, c6]), OUT / "sting-intro.wav")
    write_wav(chime([c6, g5, e5, c5], total=2.2), OUT / "sting-outro.wav")


if __name__ == "__main__":
    main()
