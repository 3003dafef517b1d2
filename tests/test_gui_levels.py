"""Levels through the real window (issue 26 item 12): a take's own gain typed in the audio
editor (one undo step, kept by later trims), and the level meter — peak and short-term
loudness of the take as it plays, the master's loudness target marked."""

from __future__ import annotations

import pytest
from guikit import import_take, narration_window, recording
from PySide6.QtCore import Qt
from test_gui_audio_editor import type_into

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from narration_window(qtbot, monkeypatch, tmp_path)


def _trim(window):
    return window.project.episode.segment(window.narration.editor.segment_id).take.trim


def test_a_takes_gain_is_one_undo_step_and_trims_keep_it(qtbot, window, tmp_path):
    import_take(qtbot, window, recording(tmp_path / "host.flac", seconds=2.0))
    editor = window.narration.editor
    qtbot.waitUntil(lambda: editor.wave.duration > 0, timeout=30_000)
    stack = window.project.undo_stack
    index = stack.index()
    type_into(qtbot, editor.gain, "4.5")
    assert _trim(window).gain_db == pytest.approx(4.5)
    assert stack.index() == index + 1 and stack.undoText().startswith("Change the gain of")
    type_into(qtbot, editor.fade_in, "0.1")
    assert _trim(window).gain_db == pytest.approx(4.5)  # a later trim keeps the gain
    stack.undo()
    stack.undo()
    assert _trim(window).gain_db == 0.0 and editor.gain.value() == 0.0
    # past the limit is refused by the field itself ("30" stops at "3")
    type_into(qtbot, editor.gain, "30")
    assert _trim(window).gain_db <= 12.0


def test_the_meter_shows_the_take_as_it_plays_against_the_target(qtbot, window, tmp_path):
    import_take(qtbot, window, recording(tmp_path / "host.flac", seconds=2.0))
    editor = window.narration.editor
    qtbot.waitUntil(lambda: editor.wave.duration > 0 and editor._levels is not None,
                    timeout=30_000)
    meter, player = editor.meter, window.narration.player
    assert meter.target == window.session.settings.loudness_target
    assert meter.loudness is None and "—" in meter.text()
    readings: list[tuple[float, float]] = []
    player.position.connect(lambda _s: meter.peak is not None and
                            readings.append((meter.peak, meter.loudness)))
    qtbot.mouseClick(editor.play_sel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not player.playing and len(readings) > 5, timeout=15_000)
    # the recording helper's tone is ffmpeg's sine, an eighth of full scale: its peak near
    # -18 dBFS, its loudness about -21 LUFS (a 997 Hz sine at full scale reads -3.01)
    assert max(p for p, _ in readings) == pytest.approx(-18.1, abs=1.0)
    assert -30.0 < max(lufs for _, lufs in readings) < -18.0
    assert meter.loudness is None  # stopped: the meter is empty
    # the take's own gain moves the meter as it will move the episode
    type_into(qtbot, editor.gain, "-6")
    readings.clear()
    qtbot.mouseClick(editor.play_sel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not player.playing and len(readings) > 5, timeout=15_000)
    assert max(p for p, _ in readings) == pytest.approx(-24.1, abs=1.0)
