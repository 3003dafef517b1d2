"""Playback out of process (studio/gui/player.py), for takes and the whole episode: real
ffplay through the test session's PulseAudio daemon, its audio clock as the position, the
out point, the cuts jumped over, a seek, and a machine with no sound server or no ffplay said
in one line."""

from __future__ import annotations

import subprocess

import pytest
import shiboken6

from studio.gui.player import NO_FFPLAY, Player, file_time, filter_for, pieces

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def made():
    """Players made by a test, ended and deleted while the application still runs: one left
    to the interpreter's exit was destroyed after Qt and crashed it (a bus error, 1 run in 12)."""
    players: list[Player] = []

    def make(**kw) -> Player:
        players.append(Player(**kw))
        return players[-1]

    yield make
    for player in players:
        player.stop()
        shiboken6.delete(player)


@pytest.fixture
def tone(tmp_path):
    path = tmp_path / "tone.wav"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "sine=f=440:d=2",
                    "-y", str(path)], check=True)
    return path


def test_it_plays_from_a_point_reports_the_clock_and_ends(qtbot, made, pulse, tone):
    player = made(what="the episode")
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


def test_a_seek_starts_it_again_at_the_new_place(qtbot, made, pulse, tone):
    player = made(what="the episode")
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


def test_no_sound_server_is_one_line_and_nothing_plays(qtbot, made, tone, monkeypatch, tmp_path):
    monkeypatch.setenv("PULSE_SERVER", f"unix:{tmp_path}/no-such-server")
    monkeypatch.setenv("SDL_AUDIODRIVER", "pulseaudio")
    player = made(what="the episode")
    said: list[str] = []
    player.error.connect(said.append)
    player.play(tone, 0.0, 2.0)
    qtbot.waitUntil(lambda: bool(said), timeout=15_000)
    assert not player.playing and player._proc is None
    assert len(said) == 1 and said[0].startswith("No audio output device to play the episode on"), said
    assert "\n" not in said[0]


def test_without_ffplay_it_says_so(qtbot, made, tone, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    player = made(what="the episode")
    said: list[str] = []
    player.error.connect(said.append)
    assert not player.play(tone)
    assert not player.playing
    assert said == [NO_FFPLAY] and Player.unavailable() == NO_FFPLAY


def test_the_parts_that_play_and_where_the_clock_is_in_the_file():
    assert pieces(0.5, 3.0, []) == [(0.5, 3.0)]
    assert pieces(0.5, None, [(1.0, 2.0)]) == [(0.5, 1.0), (2.0, None)]
    assert pieces(1.5, 3.0, [(1.0, 2.0), (2.5, 4.0)]) == [(2.0, 2.5)]  # from inside a cut
    assert pieces(0.0, 1.0, [(2.0, 3.0)]) == [(0.0, 1.0)]  # a cut past the out point
    parts = [(0.5, 1.0), (2.0, 3.0)]
    assert [file_time(parts, c) for c in (0.0, 0.25, 0.5, 1.2, 9.0)] == [0.5, 0.75, 2.0, 2.7, 3.0]
    assert "concat=n=2" in filter_for(parts) and filter_for([(0.5, None)]).startswith("atrim")


def test_cuts_are_jumped_over_and_it_ends_on_the_out_point(qtbot, made, pulse, tone):
    player = made()
    heard: list[float] = []
    player.position.connect(heard.append)
    assert player.play(tone, 0.2, 1.6, [[0.5, 1.2]])
    qtbot.waitUntil(lambda: not player.playing, timeout=15_000)
    assert heard and heard == sorted(heard) and min(heard) >= 0.2 - 0.01, heard
    assert not [h for h in heard if 0.5 + 0.01 < h < 1.2], heard  # nothing of the cut is heard
    assert heard[-1] == pytest.approx(1.6) and any(1.2 <= h < 1.6 for h in heard)
