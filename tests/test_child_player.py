"""The episode player's audio out of process (studio/gui/programme/child_player.py): real
ffplay through the test session's PulseAudio daemon, its audio clock as the position, the end
of the file, a seek, and a machine with no sound server or no ffplay said in one line."""

from __future__ import annotations

import subprocess

import pytest

from studio.gui.programme.child_player import ChildPlayer

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def tone(tmp_path):
    path = tmp_path / "tone.wav"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "sine=f=440:d=2",
                    "-y", str(path)], check=True)
    return path


def test_it_plays_from_a_point_reports_the_clock_and_ends(qtbot, pulse, tone):
    player = ChildPlayer()
    heard: list[float] = []
    states: list[bool] = []
    player.position.connect(heard.append)
    player.state_changed.connect(states.append)
    assert player.play(tone, 0.8, 2.0)
    assert player.playing and states == [True]
    qtbot.waitUntil(lambda: not player.playing, timeout=15_000)
    assert states == [True, False]
    assert heard and min(heard) >= 0.8 - 0.05 and max(heard) >= 2.0 - 0.1, heard
    assert heard == sorted(heard)  # the clock runs forward
    assert player._proc is None  # ended at the file's end, not left lingering


def test_a_seek_starts_it_again_at_the_new_place(qtbot, pulse, tone):
    player = ChildPlayer()
    heard: list[float] = []
    player.position.connect(heard.append)
    player.play(tone, 0.0, 2.0)
    qtbot.waitUntil(lambda: bool(heard), timeout=10_000)
    first = player._proc
    player.seek(1.5)
    heard.clear()
    qtbot.waitUntil(lambda: bool(heard), timeout=10_000)
    assert player._proc is not first and min(heard) >= 1.45, heard
    player.stop()
    assert not player.playing and player._proc is None


def test_no_sound_server_is_one_line_and_nothing_plays(qtbot, tone, monkeypatch, tmp_path):
    monkeypatch.setenv("PULSE_SERVER", f"unix:{tmp_path}/no-such-server")
    monkeypatch.setenv("SDL_AUDIODRIVER", "pulseaudio")
    player = ChildPlayer()
    said: list[str] = []
    player.error.connect(said.append)
    player.play(tone, 0.0, 2.0)
    qtbot.waitUntil(lambda: bool(said), timeout=15_000)
    assert not player.playing and player._proc is None
    assert len(said) == 1 and said[0].startswith("No audio output to play the episode on"), said
    assert "\n" not in said[0]


def test_without_ffplay_it_says_so(qtbot, tone, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    player = ChildPlayer()
    said: list[str] = []
    player.error.connect(said.append)
    assert not player.play(tone)
    assert not player.playing
    assert said == ["Cannot play the episode: ffplay (part of FFmpeg) is not installed."]
