"""Cutting a stumble or a cough out of a take, through the real window (issue 26 item 11):
Shift+drag selects a stretch on the waveform, Delete (or *Cut*) cuts it as one undo step,
the cut is shaded, trims keep it, *Restore cuts* puts it back, and the export plays what is
left at the master's loudness."""

from __future__ import annotations

import re

import pytest
from guikit import export_unpublished, import_take, narration_window, recording
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from test_gui_host_work import keep_segments

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from narration_window(qtbot, monkeypatch, tmp_path)


def _trim(window):
    ep = window.project.episode
    return ep.segment(window.narration.editor.segment_id).take.trim


def _shift_drag(qtbot, wave, a: float, b: float) -> None:
    y = wave.height() // 2
    shift = Qt.KeyboardModifier.ShiftModifier
    x0, x1 = int(wave.x_of(a)), int(wave.x_of(b))
    qtbot.mousePress(wave, Qt.MouseButton.LeftButton, shift, QPoint(x0, y))
    move = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(x1, y), QPointF(x1, y),
                       Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, shift)
    QApplication.sendEvent(wave, move)
    qtbot.mouseRelease(wave, Qt.MouseButton.LeftButton, shift, QPoint(x1, y))


def test_a_stretch_is_selected_cut_undone_and_restored(qtbot, window, tmp_path):
    import_take(qtbot, window, recording(tmp_path / "host.flac", seconds=2.0))
    editor = window.narration.editor
    qtbot.waitUntil(lambda: editor.wave.duration > 0, timeout=30_000)
    wave, stack = editor.wave, window.project.undo_stack
    trim = _trim(window)
    a, b = trim.start + 0.6, trim.start + 1.0
    assert not editor.cut.isEnabled()
    _shift_drag(qtbot, wave, a, b)
    assert wave.selection == (pytest.approx(a, abs=0.02), pytest.approx(b, abs=0.02))
    assert editor.cut.isEnabled()
    index = stack.index()
    wave.setFocus()
    qtbot.keyClick(wave, Qt.Key.Key_Delete)
    cuts = _trim(window).cuts
    assert len(cuts) == 1 and cuts[0] == [pytest.approx(a, abs=0.02), pytest.approx(b, abs=0.02)]
    assert stack.index() == index + 1 and re.match(r"Cut 0\.[34]\d s from", stack.undoText())
    assert wave.selection is None and re.search(r"1 cut \(0\.[34]\d\d s\)", editor.info.text())
    assert editor.uncut.isEnabled()
    # the cut is drawn greyed like the trimmed ends: no plain background inside it
    image = wave.grab().toImage()
    base = wave.palette().color(wave.palette().ColorRole.Base).rgb()
    mid = int(wave.x_of((a + b) / 2))
    assert base not in {image.pixel(x, y) for x in range(mid - 3, mid + 3)
                        for y in range(wave.height() - 30, wave.height() - 14)}
    # a trim afterwards keeps the cut
    editor.fade_in.setValue(0.05)
    assert _trim(window).cuts == cuts and _trim(window).fade_in == pytest.approx(0.05)
    # undo takes the cut back (after the fade), redo brings it, Restore cuts clears it
    stack.undo()
    stack.undo()
    assert _trim(window).cuts == []
    stack.redo()
    assert _trim(window).cuts == cuts
    qtbot.mouseClick(editor.uncut, Qt.MouseButton.LeftButton)
    assert _trim(window).cuts == [] and not editor.uncut.isEnabled()
    stack.undo()
    assert _trim(window).cuts == cuts
    # a plain click clears a selection; a selection outside the kept stretch cuts nothing
    _shift_drag(qtbot, wave, trim.start + 0.2, trim.start + 0.3)
    qtbot.mouseClick(wave, Qt.MouseButton.LeftButton, pos=QPoint(int(wave.x_of(trim.start + 1.2)),
                                                                  wave.height() // 2))
    assert wave.selection is None and not editor.cut.isEnabled()


def test_the_export_plays_what_is_left_at_the_masters_loudness(qtbot, window, tmp_path):
    keep_segments(window, 1)
    import_take(qtbot, window, recording(tmp_path / "host.flac", seconds=2.0))
    editor = window.narration.editor
    qtbot.waitUntil(lambda: editor.wave.duration > 0, timeout=30_000)
    trim = _trim(window)
    editor.cut_out(trim.start + 0.5, trim.start + 1.0)
    assert window.session.save()
    dialog, saved = export_unpublished(qtbot, window, tmp_path / "show")
    seg = saved["segments"][0]
    kept = (trim.end - trim.start) - 0.5
    assert seg["end"] - seg["start"] == pytest.approx(kept, abs=0.06)
    assert seg["take"]["trim"]["cuts"] == [[pytest.approx(trim.start + 0.5),
                                            pytest.approx(trim.start + 1.0)]]
    assert abs(saved["loudness_lufs"] - saved["loudness_target"]) <= 1.0
    assert saved["true_peak_dbtp"] <= -1.0 + 0.05


def test_playing_the_take_jumps_over_its_cuts(qtbot, window, tmp_path):
    import_take(qtbot, window, recording(tmp_path / "host.flac", seconds=2.0))
    editor = window.narration.editor
    qtbot.waitUntil(lambda: editor.wave.duration > 0, timeout=30_000)
    trim = _trim(window)
    a, b = trim.start + 0.4, trim.start + 1.2
    editor.cut_out(a, b)
    player, seen = window.narration.player, []
    player.position.connect(seen.append)
    qtbot.mouseClick(editor.play_sel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not player.playing and len(seen) > 5, timeout=15_000)
    inside = [s for s in seen if a + 0.05 < s < b - 0.001]
    assert not inside, inside  # at most a tick of the cut is heard
    assert any(s >= b for s in seen) and max(seen) <= trim.end + 0.03
