"""The audio editor through the real window: time ruler, zoom and scroll, playhead and
click-to-seek, numeric trim fields, shaded cuts, keyboard nudging, why a take is stale."""

from __future__ import annotations

import re

import pytest
from guikit import import_take, narration_window, recording
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from narration_window(qtbot, monkeypatch, tmp_path)


@pytest.fixture
def editor(qtbot, window, tmp_path):
    """The audio editor showing an imported take of the first segment."""
    import_take(qtbot, window, recording(tmp_path / "host.flac"))
    qtbot.waitUntil(lambda: window.narration.editor.wave.duration > 0, timeout=30_000)
    assert window.dialogs.errors == []
    return window.narration.editor


def trim_of(window):
    ep = window.project.episode
    return ep.segment(window.narration.editor.segment_id).take.trim


def wheel(widget, x: float, notches: int, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    pos = QPointF(x, widget.height() / 2)
    event = QWheelEvent(pos, widget.mapToGlobal(pos), QPoint(), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_ruler_zoom_and_scroll(qtbot, editor):
    wave, ruler = editor.wave, editor.ruler
    duration = wave.duration
    assert 2.0 < duration < 3.0
    assert wave.view.start == 0 and wave.view.span == pytest.approx(duration)
    ruler.grab()
    assert ruler.labels[:3] == ["0:00.0", "0:00.5", "0:01.0"]  # the whole take: tenths
    # the + button zooms in, around the middle; the scroll bar now has somewhere to go
    qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
    assert wave.view.span == pytest.approx(duration / 2)
    assert editor.scroll.maximum() > 0 and editor.scroll.value() > 0
    # Ctrl+wheel zooms around the pointer, down to a few milliseconds
    anchor = wave.seconds_at(wave.width() / 4)
    for _ in range(30):
        wheel(wave, wave.width() / 4, 1, Qt.KeyboardModifier.ControlModifier)
    assert wave.view.span <= 0.01
    assert wave.seconds_at(wave.width() / 4) == pytest.approx(anchor, abs=0.005)
    ruler.grab()
    assert all(len(label.split(".")[1]) == 3 for label in ruler.labels)  # m:ss.mmm
    assert len(ruler.labels) >= 3
    # the wheel scrolls, so does the scroll bar
    before = wave.view.start
    wheel(wave, 10, -2)
    assert wave.view.start > before
    editor.scroll.setValue(0)
    assert wave.view.start == 0
    # keys on the focused waveform: - zooms out, 0 shows it all
    wave.setFocus()
    span = wave.view.span
    qtbot.keyClick(wave, Qt.Key.Key_Minus)
    assert wave.view.span == pytest.approx(span * 2)
    qtbot.keyClick(wave, Qt.Key.Key_0)
    assert wave.view.span == pytest.approx(duration)
    qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.zoom_fit, Qt.MouseButton.LeftButton)
    assert wave.view.span == pytest.approx(duration) and editor.scroll.maximum() == 0


def test_playhead_follows_playback_and_click_seeks(qtbot, window, editor):
    wave, panel = editor.wave, window.narration
    y = wave.height() // 2
    # a click away from the handles puts the playhead there; nothing plays yet
    qtbot.mouseClick(wave, Qt.MouseButton.LeftButton, pos=QPoint(int(wave.x_of(1.0)), y))
    assert wave.playhead == pytest.approx(1.0, abs=0.01) and not panel.player.playing
    # Play (Space) starts from the playhead, and the playhead moves with playback
    seen = []
    panel.player.position.connect(seen.append)
    panel.toggle_play()
    qtbot.waitUntil(lambda: wave.playhead > 1.25, timeout=10_000)
    assert min(seen) >= 0.95  # not from the start of the file
    # clicking while it plays moves playback there
    qtbot.mouseClick(wave, Qt.MouseButton.LeftButton, pos=QPoint(int(wave.x_of(0.5)), y))
    seen.clear()
    qtbot.waitUntil(lambda: bool(seen) and 0.45 <= seen[-1] < 1.0, timeout=10_000)
    assert 0.45 <= wave.playhead < 1.0
    panel.player.stop()
    # zoomed in, the view pages along with the playhead (and the ruler is clickable too)
    editor.ruler.grab()
    qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
    ruler = editor.ruler
    qtbot.mousePress(ruler, Qt.MouseButton.LeftButton, pos=QPoint(200, 5))
    drag = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(3, 5), QPointF(3, 5),
                       Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(ruler, drag)  # scrubbing along the ruler
    qtbot.mouseRelease(ruler, Qt.MouseButton.LeftButton, pos=QPoint(3, 5))
    start = wave.view.start
    assert wave.playhead == pytest.approx(start, abs=0.01)
    panel.toggle_play()
    qtbot.waitUntil(lambda: wave.view.start > start, timeout=10_000)
    assert wave.view.start <= wave.playhead <= wave.view.end
    panel.player.stop()


def test_play_selection_plays_from_the_in_to_the_out_point_smoothly(qtbot, window, editor):
    player = window.narration.player
    seen = []
    player.position.connect(seen.append)
    type_into(qtbot, editor.out_point, f"{trim_of(window).start + 0.6:.3f}")
    qtbot.mouseClick(editor.play_sel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(seen) >= 2, timeout=10_000)
    assert min(seen) >= trim_of(window).start - 0.05
    qtbot.waitUntil(lambda: not player.playing, timeout=10_000)
    assert max(seen) <= trim_of(window).end + 0.03  # stopped at the out point, not past it
    steps = [b - a for a, b in zip(seen, seen[1:], strict=False) if b > a]
    assert len(seen) >= 15 and sorted(steps)[len(steps) // 2] < 0.05  # in small steps


def type_into(qtbot, spin, text: str) -> None:
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), text)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)


def test_numeric_fields_follow_the_handles_and_push_one_trim(qtbot, window, editor):
    wave, stack = editor.wave, window.project.undo_stack
    before = trim_of(window)
    assert editor.in_point.value() == pytest.approx(before.start, abs=0.001)
    assert editor.out_point.value() == pytest.approx(before.end, abs=0.001)
    assert editor.in_point.decimals() == 3 and editor.fade_out.decimals() == 3
    # dragging the in handle: the field follows while the mouse moves
    y = wave.height() // 2
    x0, x1 = int(wave.x_of(before.start)), int(wave.x_of(before.start + 0.3))
    qtbot.mousePress(wave, Qt.MouseButton.LeftButton, pos=QPoint(x0, y))
    qtbot.mouseMove(wave, QPoint(x1, y))
    move = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(x1, y), QPointF(x1, y),
                       Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(wave, move)
    assert editor.in_point.value() == pytest.approx(before.start + 0.3, abs=0.01)
    assert trim_of(window).start == before.start  # nothing committed yet
    qtbot.mouseRelease(wave, Qt.MouseButton.LeftButton, pos=QPoint(x1, y))
    assert trim_of(window).start == pytest.approx(editor.in_point.value())
    window.undo_action.trigger()
    assert editor.in_point.value() == pytest.approx(before.start, abs=0.001)
    # typing a value: one undoable trim, the handle moves there
    count = stack.index()
    type_into(qtbot, editor.in_point, "0.512")
    assert trim_of(window).start == pytest.approx(0.512) and wave.start == pytest.approx(0.512)
    assert stack.index() == count + 1 and not trim_of(window).auto
    type_into(qtbot, editor.out_point, "1.875")
    type_into(qtbot, editor.fade_in, "0.125")
    after = trim_of(window)
    assert (after.end, after.fade_in) == (pytest.approx(1.875), pytest.approx(0.125))
    assert wave.end == pytest.approx(1.875) and stack.index() == count + 3
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert editor.out_point.value() == pytest.approx(before.end, abs=0.001)
    # an in point after the out point is refused, said in the editor, and the field goes back
    type_into(qtbot, editor.in_point, "2.300")
    assert trim_of(window).start == pytest.approx(0.512) and stack.index() == count + 1
    assert "start before it ends" in editor.info.text()
    assert editor.in_point.value() == pytest.approx(0.512)


def test_cut_regions_are_shaded_hatched_and_the_handles_show(qtbot, window, editor):
    wave = editor.wave
    trim = trim_of(window)
    image = wave.grab().toImage()
    base = wave.palette().color(wave.palette().ColorRole.Base).rgb()
    h = wave.height()

    def colours(x0, y0, size=16):
        return {image.pixel(x, y) for x in range(x0, x0 + size) for y in range(y0, y0 + size)}

    cut_x = int(wave.x_of(trim.start) / 2) - 8
    kept_x = int(wave.x_of((trim.start + trim.end) / 2))
    # the kept stretch is the waveform on the plain background; the cut is greyed and hatched
    assert base in colours(kept_x, h - 30, 4) or len(colours(kept_x, h - 30, 4)) == 1
    cut = colours(cut_x, h - 30)
    assert base not in cut and len(cut) >= 2
    # the handles: a bar the whole height, with a grab tab at the top
    x = int(wave.x_of(trim.start))
    assert image.pixel(x, h - 5) != base and image.pixel(x + 6, 6) != base
    assert image.pixel(x + 6, 6) != image.pixel(x + 20, 6)
    # zoomed into the kept stretch, nothing is shaded (the rows above the waveform's
    # loudest column keep the plain background; a shaded cut covers the whole height)
    wave.set_view(type(wave.view)(trim.start + 0.2, 0.3))
    image = wave.grab().toImage()
    assert base in {image.pixel(x, y) for x in range(5, 21) for y in range(1, 3)}


def key(widget, k, modifiers=Qt.KeyboardModifier.NoModifier, repeat=False, press=True):
    kind = QKeyEvent.Type.KeyPress if press else QKeyEvent.Type.KeyRelease
    QApplication.sendEvent(widget, QKeyEvent(kind, k, modifiers, "", repeat))


def test_keyboard_nudges_the_selected_handle_one_undo_step_per_press(qtbot, window, editor):
    wave, stack = editor.wave, window.project.undo_stack
    before = trim_of(window)
    wave.setFocus()
    qtbot.keyClick(wave, "]")
    assert wave.selected == "end"
    index = stack.index()
    for _ in range(3):
        qtbot.keyClick(wave, Qt.Key.Key_Right)
    assert trim_of(window).end == pytest.approx(before.end + 0.03, abs=1e-6)
    assert stack.index() == index + 3 and editor.out_point.value() == pytest.approx(before.end + 0.03)
    qtbot.keyClick(wave, Qt.Key.Key_Left, Qt.KeyboardModifier.ShiftModifier)
    assert trim_of(window).end == pytest.approx(before.end - 0.07, abs=1e-6)
    window.undo_action.trigger()
    assert trim_of(window).end == pytest.approx(before.end + 0.03, abs=1e-6)
    # the in handle; holding the key down is one step when it is let go
    qtbot.keyClick(wave, "[")
    index = stack.index()
    key(wave, Qt.Key.Key_Left)
    for _ in range(4):
        key(wave, Qt.Key.Key_Left, press=False, repeat=True)
        key(wave, Qt.Key.Key_Left, repeat=True)
    assert wave.start == pytest.approx(before.start - 0.05, abs=1e-6)
    assert trim_of(window).start == before.start and stack.index() == index  # still held
    key(wave, Qt.Key.Key_Left, press=False)
    assert trim_of(window).start == pytest.approx(before.start - 0.05, abs=1e-6)
    assert stack.index() == index + 1
    window.undo_action.trigger()
    assert trim_of(window).start == before.start and wave.start == before.start
    # focus leaving in the middle of a press keeps what was moved
    key(wave, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    editor.in_point.setFocus()
    qtbot.waitUntil(lambda: trim_of(window).start == pytest.approx(before.start + 0.1, abs=1e-6))
    assert "Left / Right" in wave.toolTip()


def test_a_stale_take_says_why(qtbot, window):
    panel, ep = window.narration, window.project.episode
    # a segment with a word for the lexicon to change: "tensordot" where the script says it
    # (one of the demo's one-liners, which "Also today" may fold into its count), else the
    # longest word of "Also today"
    seg = next((s for s in ep.segments if "tensordot" in s.text),
               next(s for s in ep.segments if s.id == "also"))
    word = "tensordot" if "tensordot" in seg.text else max(
        re.findall(r"[a-z]{6,}", seg.text), key=len)
    panel.select_segment(seg.id)
    panel.synthesize_current()
    qtbot.waitUntil(lambda: ep.segment(seg.id).take is not None and not window.runner.busy(),
                    timeout=120_000)
    header = panel.editor.header
    assert header.text().endswith("synthesized take · ready")
    row = [s.id for s in ep.segments].index(seg.id)
    # the script changed: the header and the status's tooltip say so
    window.editor.select_segment(seg.id)
    window.editor.text.setPlainText(seg.text + " One more thing.")
    assert panel.table.item(row, 2).text() == "stale"
    assert "stale: the script text changed since it was made" in header.text()
    assert "script text changed" in panel.table.item(row, 2).toolTip()
    window.undo_action.trigger()
    assert header.text().endswith("· ready") and panel.table.item(row, 2).toolTip() == ""
    # a lexicon entry for one of its words
    lexicon = window.open_lexicon()
    lexicon.add_entry(word, f"{word[:3]} {word[3:]}")
    lexicon.accept()
    panel.select_segment(seg.id)
    assert "the pronunciation lexicon changed" in header.text()
    assert "the pronunciation lexicon changed" in panel.table.item(row, 2).toolTip()


def shown_estimate(window, seg) -> float:
    """The seconds the script editor shows for a segment: "This segment: N words · ~m:ss"."""
    window.editor.select_segment(seg.id)
    text = window.editor.counts.text().split("This segment:")[1].split("Episode")[0]
    minutes, seconds = text.split("~")[1].strip().split(":")
    return int(minutes) * 60 + int(seconds)


def test_length_estimate_comes_from_the_voice_measured_pace(qtbot, window):
    """The episode's estimated length: espeak-ng's pace at the asked rate before any take,
    the voice's measured pace once one take is made; both within a tenth of what the takes
    last. (An estimate for the whole script: one segment varies more, with its names and
    pauses.)"""
    ep, panel = window.project.episode, window.narration
    window.session.settings.rate = 130

    def total() -> float:  # the script editor's "Episode: ... ~m:ss", read afresh
        window.editor.select_segment(ep.segments[1].id)
        window.editor.select_segment(ep.segments[0].id)
        minutes, seconds = window.editor.counts.text().split("~")[-1].strip().split(":")
        return int(minutes) * 60 + int(seconds[:2])

    def synthesize(seg):
        panel.select_segment(seg.id)
        panel.synthesize_current()
        qtbot.waitUntil(lambda: ep.segment(seg.id).take is not None and not window.runner.busy(),
                        timeout=120_000)

    by_length = sorted(ep.segments, key=lambda s: s.words, reverse=True)
    by_default = total()  # no takes yet: espeak-ng's pace at 130
    synthesize(by_length[0])
    measured = total()  # the pace of the first segment's take
    for seg in by_length[1:]:
        if seg.text.strip():
            synthesize(seg)
    real = sum(seg.take.duration for seg in ep.segments if seg.take is not None)
    assert by_default == pytest.approx(real, rel=0.10)
    assert measured == pytest.approx(real, rel=0.10)
    window.editor.select_segment(ep.segments[0].id)
    shown = window.totals.text().split("~")[1]
    assert shown == window.editor.counts.text().split("~")[-1]  # one pace for both read-outs


def test_a_moving_playhead_repaints_cheaply(qtbot, editor):
    """Playback moves the playhead 50 times a second: each repaint must not draw the whole
    waveform again (it was one fillRect per pixel column, about 5 ms a frame). Measured in
    the UI thread's CPU time (offscreen painting is all CPU), so a loaded machine does not
    count: 200 frames of the old painter took about 1 s of it."""
    import time

    wave = editor.wave
    wave.repaint()
    started = time.thread_time()
    for i in range(200):
        wave.set_playhead(i * wave.duration / 200)
        wave.repaint()
    assert time.thread_time() - started < 0.4
    trim = editor.current_trim()
    assert wave.grab().toImage().pixel(int(wave.x_of((trim.start + trim.end) / 2)),
                                       wave.height() // 2) != wave.palette().base().color().rgb()


def test_home_end_move_the_playhead_and_esc_cancels_a_drag(qtbot, window, editor):
    wave, stack = editor.wave, window.project.undo_stack
    trim = trim_of(window)
    wave.setFocus()
    qtbot.keyClick(wave, Qt.Key.Key_End)
    assert wave.playhead == pytest.approx(trim.end)
    qtbot.keyClick(wave, Qt.Key.Key_Home)
    assert wave.playhead == pytest.approx(trim.start)
    assert editor.clock.text() == f"\u25b6 0:00.{round(trim.start * 1000):03d}"
    index = stack.index()
    y = wave.height() // 2
    x0, x1 = int(wave.x_of(trim.end)), int(wave.x_of(trim.end - 0.5))
    qtbot.mousePress(wave, Qt.MouseButton.LeftButton, pos=QPoint(x0, y))
    move = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(x1, y), QPointF(x1, y),
                       Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(wave, move)
    assert editor.out_point.value() == pytest.approx(trim.end - 0.5, abs=0.01)
    qtbot.keyClick(wave, Qt.Key.Key_Escape)
    qtbot.mouseRelease(wave, Qt.MouseButton.LeftButton, pos=QPoint(x1, y))
    assert wave.end == pytest.approx(trim.end) and editor.out_point.value() == pytest.approx(trim.end)
    assert stack.index() == index and trim_of(window).end == trim.end
