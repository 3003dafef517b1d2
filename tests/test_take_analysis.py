"""A take is analysed once while its file is unchanged; a changed file is analysed again."""

from __future__ import annotations

import os
import wave

import numpy as np

from studio.audio.trim import analyze


def write_take(path, level: float) -> None:
    t = np.arange(22050) / 22050
    pcm = (level * 32767 * np.sin(2 * np.pi * 220 * t)).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(pcm.tobytes())


def test_one_analysis_per_file_state(tmp_path):
    take = tmp_path / "take.wav"
    write_take(take, 0.5)
    first = analyze(take)
    assert analyze(take) is first  # narration, levelling, mastering and export share it
    write_take(tmp_path / "new.wav", 0.05)  # re-made: same length, 20 dB softer
    os.replace(tmp_path / "new.wav", take)  # as takes are written: a new file renamed in
    again = analyze(take)
    assert again is not first
    assert abs(float(again.levels.max()) - (float(first.levels.max()) - 20.0)) < 0.1
