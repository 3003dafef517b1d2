"""Regenerate resources/art/cover.jpg: the show's square cover art (1400 x 1400).

Drawn with numpy (a night-blue gradient, a commit line with nodes, waveform bars) and
encoded by ffmpeg: no third-party artwork. Run: .venv/bin/python resources/art/make_cover.py
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np

SIZE = 1400
OUT = Path(__file__).resolve().parent / "cover.jpg"


def draw() -> np.ndarray:
    y, x = np.mgrid[0:SIZE, 0:SIZE] / SIZE
    img = np.zeros((SIZE, SIZE, 3))
    img[..., 0] = 0.06 + 0.10 * y
    img[..., 1] = 0.08 + 0.12 * (1 - x) * y
    img[..., 2] = 0.20 + 0.25 * (1 - y)
    # Waveform bars across the middle.
    rng = np.random.default_rng(7)
    bars = 48
    heights = np.abs(np.sin(np.linspace(0, 3 * np.pi, bars))) * 0.22 + rng.random(bars) * 0.06
    width = 1.0 / bars
    for i, h in enumerate(heights):
        cx = (i + 0.5) * width
        mask = (np.abs(x - cx) < width * 0.32) & (np.abs(y - 0.55) < h)
        img[mask] = (0.98, 0.62, 0.20)
    # A commit line with nodes above the bars.
    line = (np.abs(y - 0.22) < 0.006) & (x > 0.12) & (x < 0.88)
    img[line] = (0.85, 0.90, 1.0)
    for cx in np.linspace(0.15, 0.85, 6):
        ring = np.hypot(x - cx, y - 0.22)
        img[ring < 0.035] = (0.85, 0.90, 1.0)
        img[ring < 0.022] = (0.20, 0.75, 0.55)
    # A frame.
    edge = (x < 0.03) | (x > 0.97) | (y < 0.03) | (y > 0.97)
    img[edge] = img[edge] * 0.5
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                    "-s", f"{SIZE}x{SIZE}", "-i", "-", "-frames:v", "1", "-q:v", "3",
                    "-pix_fmt", "yuvj444p", str(OUT)], input=draw().tobytes(), check=True)


if __name__ == "__main__":
    main()
