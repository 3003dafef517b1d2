"""Issue 26 item 10 through the real window: the whole episode played as it will be exported
(the export's running order and master, rendered off the UI thread with progress and a
Cancel), from the start or from the selected segment, with a position read-out; it renders
again only when the episode changed."""

from __future__ import annotations

import re
import wave

import pytest
from guikit import demo_window, export_unpublished
from heartbeat import Heartbeat
from PySide6.QtCore import Qt

from studio.audio.loudness import measure_file
from studio.gui import audio_jobs
from studio.timeline import time_label

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path, pulse):
    monkeypatch.setenv("STUDIO_CACHE_DIR", str(tmp_path / "cache"))
    yield from demo_window(qtbot, monkeypatch, tmp_path)


def synthesized(qtbot, win, keep: int = 3) -> None:
    ep = win.project.episode
    for seg in list(ep.segments[keep:]):
        win.editor.select_segment(seg.id)
        win.editor.delete_segment()
    assert win.session.save()
    qtbot.mouseClick(win.narration.synth_all, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not win.runner.busy() and set(win.narration.statuses().values())
                    == {audio_jobs.FRESH}, timeout=240_000)


def wav_seconds(path) -> float:
    with wave.open(str(path)) as w:
        return w.getnframes() / w.getframerate()


def test_the_whole_episode_plays_as_it_will_be_exported(qtbot, window, tmp_path):
    win, bar = window, window.episode_player
    assert bar.isVisible() and not bar.play.isEnabled()  # no take yet: nothing to play
    assert bar.position.text() == "No take yet: nothing to play"
    synthesized(qtbot, win)
    ep = win.project.episode
    assert bar.play.isEnabled() and bar.position.text() == "Not rendered yet: press Play"
    fractions: list[int] = []
    bar.progress.valueChanged.connect(fractions.append)
    with Heartbeat() as beat:
        qtbot.mouseClick(bar.play, Qt.MouseButton.LeftButton)
        assert bar.rendering and bar.cancel.isEnabled() and not bar.play.isEnabled()
        qtbot.waitUntil(lambda: bar.playing, timeout=120_000)
    assert beat.max_gap < 0.3, beat.max_gap  # rendered in a child, never on the UI thread
    assert any(0 < f < 1000 for f in fractions)  # its progress was shown
    preview = bar.preview
    assert list(preview.segments) == [s.id for s in ep.segments]  # every segment, in order
    starts = [preview.segments[s.id][0] for s in ep.segments]
    assert starts[0] > 1.0  # after the intro sting and its pause
    assert abs(wav_seconds(preview.wav) - preview.duration) < 0.05
    total = time_label(preview.duration, 1)
    assert bar.position.text() == f"0:00 / {total} · intro"  # the sting plays first
    first = f"“{ep.segments[0].title}”"
    qtbot.waitUntil(lambda: bar.position.text().endswith(first), timeout=10_000)
    assert re.fullmatch(rf"0:0\d / {total} · {re.escape(first)}", bar.position.text())
    assert bar.play.text() == "Pause"
    # heard through the sound server by a child process (ffplay), never QtMultimedia in here:
    # the position is the audio clock the child reports
    child = bar.player._proc
    assert child is not None and bar.player._heard and child.program().endswith("ffplay")

    # from the selected segment: the read-out names it, playback starts at its place
    third = ep.segments[2]
    win.editor.select_segment(third.id)
    qtbot.mouseClick(bar.from_segment, Qt.MouseButton.LeftButton)
    assert bar.task is None  # nothing changed: no render again
    qtbot.waitUntil(lambda: bar.position.text().endswith(f"“{third.title}”"), timeout=10_000)
    assert bar.slider.value() >= int(preview.segments[third.id][0] * 10)
    qtbot.mouseClick(bar.stop_button, Qt.MouseButton.LeftButton)
    assert not bar.playing and bar.slider.value() == 0
    assert bar.player._proc is None  # the child is gone: nothing plays on

    # what plays is what the export makes: the same length, segments at the same places,
    # the loudness at the target
    dialog, saved = export_unpublished(qtbot, win, tmp_path / "show")
    assert abs(saved["duration_seconds"] - preview.duration) < 0.1
    for seg in saved["segments"]:
        assert abs(seg["start"] - preview.segments[seg["id"]][0]) < 0.01, seg["id"]
    heard = measure_file(preview.wav)
    print(f"render blocked the UI {beat.max_gap * 1000:.0f} ms at most; preview "
          f"{preview.duration:.2f} s at {heard.integrated:.1f} LUFS, {heard.true_peak:.1f} dBTP;"
          f" export {saved['duration_seconds']:.2f} s at {saved['loudness_lufs']} LUFS")
    assert abs(heard.integrated - saved["loudness_lufs"]) < 1.0
    assert heard.true_peak <= -1.0 + 0.3


def test_an_edit_renders_again_and_cancel_stops_it(qtbot, window):
    win, bar = window, window.episode_player
    synthesized(qtbot, win, keep=2)
    ep = win.project.episode
    bar.start()
    qtbot.waitUntil(lambda: bar.playing, timeout=120_000)
    first, length = bar.preview.wav, bar.preview.duration
    bar.pause()
    # a trim of the first take: the episode changed, Play renders it again, shorter
    win.tabs.setCurrentWidget(win.narration)
    win.narration.select_segment(ep.segments[0].id)
    editor = win.narration.editor
    qtbot.waitUntil(editor.in_point.isEnabled, timeout=30_000)
    editor.in_point.setValue(editor.in_point.value() + 0.5)
    assert win.project.undo_stack.undoText().startswith("Trim “")
    seg = ep.segments[1]  # and a stale take: the player says the export will not play it
    win.editor.select_segment(seg.id)
    win.editor.text.setPlainText(seg.text + " One more sentence.")
    win.tabs.setCurrentWidget(win.narration)
    bar.toggle()
    assert bar.rendering
    qtbot.mouseClick(bar.cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not bar.rendering, timeout=30_000)
    assert not bar.playing and bar.preview.wav == first  # cancelled: nothing new plays
    assert "cancelled" in win.statusBar().currentMessage()
    assert bar.play.isEnabled() and not bar.cancel.isEnabled()
    qtbot.mouseClick(bar.play, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.playing, timeout=120_000)
    assert bar.preview.wav != first and not first.exists()
    assert bar.preview.duration == pytest.approx(length - 0.5, abs=0.05)
    assert win.statusBar().currentMessage() == ("1 stale take played as it is: the export "
                                                "synthesizes it afresh.")
    # a take played in the audio editor takes the episode's place: one thing heard at a time
    moved = bar.slider.value()
    win.narration.editor.play_selection()
    qtbot.waitUntil(lambda: win.narration.player.playing and not bar.playing and
                    bar.play.text() == "Play episode", timeout=10_000)
    qtbot.wait(300)
    assert bar.slider.value() <= moved + 5  # the take's position is not the episode's
    # and the episode stops a take
    bar.toggle()
    qtbot.waitUntil(lambda: bar.playing and not win.narration.player.playing, timeout=10_000)
    bar.stop()
    win.narration.player.stop()
