"""The level meter's numbers (issue 26 item 12): a take's peak and short-term loudness as it
plays, and the microphone's as it records, by BS.1770 — checked against its reference signal
(a 997 Hz sine at full scale reads -3.01 LUFS) and against ffmpeg's own ebur128 meter."""

from __future__ import annotations

import re
import subprocess
import wave

import numpy as np
import pytest

from studio.audio.meter import FLOOR, LiveMeter, take_meter

RATE = 48000


def _sine(path, amplitude: float, seconds: float, rate: int = RATE, channels: int = 1):
    t = np.arange(int(seconds * rate)) / rate
    x = amplitude * np.sin(2 * np.pi * 997 * t)
    data = np.repeat(x[:, None], channels, axis=1)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes((data * 32767).astype("<i2").tobytes())
    return path


def test_a_sine_reads_its_bs1770_loudness_and_its_peak(tmp_path):
    meter = take_meter(_sine(tmp_path / "s.wav", 0.1, 5.0))
    peak, lufs = meter.at(4.0)
    assert peak == pytest.approx(-20.0, abs=0.1)
    assert lufs == pytest.approx(-23.01, abs=0.1)  # -3.01 LUFS at full scale, 20 dB down
    assert meter.peaks_db.size == 50  # one reading per 100 ms


def test_the_short_term_loudness_agrees_with_ffmpeg_on_speech_like_audio(tmp_path):
    rng = np.random.default_rng(3)
    t = np.arange(int(6.0 * RATE)) / RATE
    speech = 0.3 * np.sin(2 * np.pi * 180 * t) * (0.5 + 0.5 * np.sin(2 * np.pi * 2.5 * t))
    speech += 0.02 * rng.standard_normal(t.size)
    path = tmp_path / "speech.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((np.clip(speech, -1, 1) * 32767).astype("<i2").tobytes())
    err = subprocess.run(["ffmpeg", "-hide_banner", "-nostats", "-v", "verbose", "-i", str(path), "-af",
                          "ebur128=framelog=verbose", "-f", "null", "-"],
                         capture_output=True, text=True).stderr
    frames = [(float(m[1]), float(m[2])) for m in
              re.finditer(r"t:\s*([\d.]+)\s+TARGET.*?S:\s*(-?[\d.]+)", err)]
    ours = take_meter(path)
    compared = [(at, theirs) for at, theirs in frames if 3.0 <= at <= 5.5]  # a full window
    assert len(compared) >= 20, err[-400:]
    for at, theirs in compared:
        assert ours.at(at - 0.05)[1] == pytest.approx(theirs, abs=0.5), at


def test_the_live_meter_reads_what_the_microphone_hears(tmp_path):
    live = LiveMeter(RATE)
    assert live.short_lufs() == FLOOR
    t = np.arange(int(0.25 * RATE)) / RATE
    for k in range(16):  # four seconds in quarter-second chunks, as the recorder reports
        block = 0.1 * np.sin(2 * np.pi * 997 * (t + k * 0.25))
        live.push(block[:, None].astype(np.float32))
    assert live.short_lufs() == pytest.approx(-23.01, abs=0.2)
