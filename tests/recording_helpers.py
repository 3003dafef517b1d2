"""Signals to feed the virtual microphone and checks on what was recorded."""

from __future__ import annotations

import subprocess
import time
import wave
from pathlib import Path

import numpy as np

RATE = 44100


def tone(freq: float, seconds: float, amplitude: float = 0.5, rate: int = RATE) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    return amplitude * np.sin(2 * np.pi * freq * t)


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    """Samples as float (frames, channels) and the rate."""
    with wave.open(str(path), "rb") as w:
        assert w.getsampwidth() == 2
        raw = w.readframes(w.getnframes())
        data = np.frombuffer(raw, dtype="<i2").reshape(-1, w.getnchannels()) / 32768.0
        return data, w.getframerate()


def dominant_hz(signal: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(signal * np.hanning(len(signal))))
    return float(np.argmax(spectrum) * rate / len(signal))


def envelope(signal: np.ndarray, rate: int, window: float = 0.01) -> np.ndarray:
    """RMS per ``window`` seconds."""
    n = int(rate * window)
    usable = len(signal) - len(signal) % n
    return np.sqrt(np.mean(np.square(signal[:usable].reshape(-1, n)), axis=1))


def loud_span(signal: np.ndarray, rate: int, threshold: float = 0.05) -> tuple[float, float]:
    """(start, end) seconds of the part louder than ``threshold`` RMS (10 ms windows)."""
    env = envelope(signal, rate)
    loud = np.flatnonzero(env > threshold)
    assert loud.size, "nothing loud was recorded"
    return loud[0] * 0.01, (loud[-1] + 1) * 0.01


def espeak_speech(text: str, out: Path) -> np.ndarray:
    """Speech by espeak-ng, as mono float samples at 44.1 kHz (ffmpeg resamples)."""
    wav = out.with_suffix(".espeak.wav")
    subprocess.run(["espeak-ng", "-w", str(wav), text], check=True, capture_output=True)
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(wav), "-f", "f32le", "-ac", "1",
                          "-ar", str(RATE), "-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype="<f4").astype(np.float64)


def wait_for(condition, timeout: float = 20.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def take_growing(path: Path) -> bool:
    """Whether the recorder has written samples after the header."""
    return path.exists() and path.stat().st_size > 44 + 4410


def make_episode_dir(folder: Path) -> Path:
    """An episode folder with three short segments, written as the script writer would."""
    from studio.episode import Episode, Segment, Sentence, save_episode

    episode = Episode(title="PyTorch: A Recorded Day", summary="Recorded by hand.",
                      date="2026-02-09", repo="pytorch/pytorch", show="PyTorch")
    for seg_id, text in [("intro", "Hey there, PyTorch developers! Welcome back."),
                         ("news", "Twelve commits today, three of them rollbacks."),
                         ("outro", "That's it for today. See you tomorrow!")]:
        episode.segments.append(Segment(seg_id, seg_id.title(), text, [], [Sentence(text)]))
    episode.refresh_transcript()
    save_episode(episode, folder)
    return folder


def studio_process(*args: str, **kw) -> subprocess.Popen:
    """``studio ARGS`` running, its output piped."""
    import sys

    return subprocess.Popen([sys.executable, "-m", "studio", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def record_until_the_server_dies(tmp_path: Path, **mic) -> tuple[int, str, Path, Path]:
    """`studio record` from a virtual microphone (``mic``: as for VirtualMic) on a PulseAudio
    server of its own, which is killed 1.5 s into a 440 Hz tone (skips where PulseAudio cannot
    run). Returns the exit code, stderr, the take and the episode folder."""
    import os

    import pytest
    from pulse import PulseDaemon, PulseUnavailable, VirtualMic

    daemon = PulseDaemon(tmp_path / "pulse")
    feeder = None
    try:
        daemon.start()
    except PulseUnavailable as exc:
        pytest.skip(f"PulseAudio cannot run here: {exc}")
    try:
        daemon.add_mic()
        feeder = VirtualMic(daemon.fifo, **mic).start()
        ep = make_episode_dir(tmp_path / "ep")
        proc = studio_process("record", str(ep), "--segment", "intro", "--device", "virtual_mic",
                              env={**os.environ, **daemon.env})
        take = ep / "takes" / "intro-rec-1.wav"
        wait_for(lambda: take_growing(take), what="the recording to start")
        feeder.play(tone(440, 30.0))
        wait_for(lambda: take.stat().st_size > 44 + RATE * 2 * 1.5, what="1.5 s of audio")
        daemon.proc.kill()
        _out, err = proc.communicate(timeout=30)
    finally:
        daemon.stop()
        if feeder:
            feeder.stop()
    return proc.returncode, err, take, ep
