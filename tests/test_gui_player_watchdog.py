"""A sound server that stops answering never freezes the window: playback runs on its own
thread, and a command it does not answer in time is reported instead of waited for."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest
from guikit import open_window
from PySide6.QtCore import QTimer

from studio.gui.player import NOT_ANSWERING, WATCHDOG_MS

pytestmark = pytest.mark.usefixtures("qapp")


def tone(path, hz: int):
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=frequency={hz}:duration=3", "-ar", "44100", str(path)], check=True)
    return path


def test_a_stuck_sound_server_is_reported_not_waited_for(qtbot, monkeypatch, tmp_path, pulse):
    window = open_window(qtbot, monkeypatch, tmp_path)
    player = window.narration.player
    first, second = tone(tmp_path / "a.wav", 330), tone(tmp_path / "b.wav", 440)
    heard: list[float] = []
    player.position.connect(heard.append)
    assert player.play(first)
    qtbot.waitUntil(lambda: bool(heard) and heard[-1] > 0.5, timeout=10_000)  # it sounds
    errors: list[str] = []
    player.error.connect(errors.append)
    beats: list[float] = []
    heart = QTimer()
    heart.timeout.connect(lambda: beats.append(time.monotonic()))
    heart.start(50)
    os.kill(pulse.proc.pid, signal.SIGSTOP)  # the server stops answering, mid-playback
    try:
        started = time.monotonic()
        player.play(second)  # a new source: the playing stream is closed, which waits on it
        assert time.monotonic() - started < 1.0
        qtbot.waitUntil(lambda: bool(errors), timeout=WATCHDOG_MS + 5_000)
        assert errors[-1] == NOT_ANSWERING and not player.playing
        assert player.play(first) is False and errors[-1] == NOT_ANSWERING
        waited = [b - a for a, b in zip(beats, beats[1:], strict=False)]
        assert beats and max(waited) < 0.5  # the window went on all along
    finally:
        os.kill(pulse.proc.pid, signal.SIGCONT)
        heart.stop()
    qtbot.waitUntil(lambda: not player.stuck, timeout=40_000)  # it answers again
    assert player.play(first)
    qtbot.waitUntil(lambda: player.playing, timeout=10_000)
    player.stop()


def test_rapid_play_stop_and_source_switches_never_stick(qtbot, monkeypatch, tmp_path, pulse):
    """A host clicking through takes: play, stop and switch files hundreds of times. The
    player's thread once deadlocked on the GIL inside QMediaPlayer.stop() (the ffmpeg
    backend's thread needed the GIL to destroy an object connected to the Python-made
    QAudioOutput); every command must be answered and the window never reports a stuck
    output on a healthy sound server."""
    window = open_window(qtbot, monkeypatch, tmp_path)
    player = window.narration.player
    files = [tone(tmp_path / f"t{k}.wav", 300 + 40 * k) for k in range(3)]
    errors: list[str] = []
    player.error.connect(errors.append)
    for i in range(150):
        assert player.play(files[i % 3], start=0.1 * (i % 5))
        qtbot.wait(5 + (i * 7) % 25)
        if i % 2:
            player.stop()
        assert not player.stuck, f"stuck after {i + 1} commands"
    player.stop()
    qtbot.waitUntil(lambda: player._done >= player._sent, timeout=WATCHDOG_MS)
    assert errors == [] and not player.stuck
