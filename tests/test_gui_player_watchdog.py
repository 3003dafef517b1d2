"""A sound server that stops answering never freezes the window: playback runs in a child
process (ffplay), and a child that reports no audio clock in time is ended and reported
instead of waited for."""

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
        assert player.play(second)  # a new child: it waits on the server, the window does not
        assert time.monotonic() - started < 1.0
        qtbot.waitUntil(lambda: bool(errors), timeout=WATCHDOG_MS + 5_000)
        assert errors == [NOT_ANSWERING] and not player.playing and player._proc is None
        waited = [b - a for a, b in zip(beats, beats[1:], strict=False)]
        assert beats and max(waited) < 0.5  # the window went on all along
    finally:
        os.kill(pulse.proc.pid, signal.SIGCONT)
        heart.stop()
    heard.clear()
    assert player.play(first)  # the server answers again: so does playback
    qtbot.waitUntil(lambda: bool(heard) and heard[-1] > 0.3, timeout=15_000)
    player.stop()
    assert errors == [NOT_ANSWERING]


def test_rapid_play_stop_and_source_switches_never_stick(qtbot, monkeypatch, tmp_path, pulse):
    """A host clicking through takes: play, stop and switch files hundreds of times. The
    in-process QMediaPlayer this replaced once deadlocked on the GIL inside stop(); every
    child must be ended, none left behind, and a healthy sound server never reported
    stuck."""
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
    heard: list[float] = []
    player.position.connect(heard.append)
    assert player.play(files[0])
    qtbot.waitUntil(lambda: bool(heard), timeout=WATCHDOG_MS)  # and it still plays
    player.stop()
    assert errors == [] and not player.playing and player._proc is None
    from PySide6.QtCore import QProcess

    qtbot.wait(300)  # the ended children are deleted on the next turns of the loop
    assert [p for p in player.findChildren(QProcess)
            if p.state() != QProcess.ProcessState.NotRunning] == []
