"""Issue 26 item 9 through the real window: while a synthesis runs each segment's row says
how far it is (queued, then synthesized as its take lands), not "stale" or "no take" until
the end; the greyed In/Out/Fade fields of a segment without a take show nothing of the take
shown before; and the first Undo after a synthesis takes back the synthesis, never a "Trim"
the host did not make."""

from __future__ import annotations

import pytest
from guikit import demo_window, import_take, recording
from PySide6.QtCore import QTimer

from studio.gui import audio_jobs
from studio.gui.narration_panel import MADE, QUEUED

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("STUDIO_CACHE_DIR", str(tmp_path / "cache"))
    yield from demo_window(qtbot, monkeypatch, tmp_path)


def status_column(panel) -> list[str]:
    return [panel.table.item(r, 2).text() for r in range(panel.table.rowCount())]


def test_each_rows_progress_is_shown_while_the_synthesis_runs(qtbot, window):
    panel, ep = window.narration, window.project.episode
    assert len(ep.segments) >= 3 and set(status_column(panel)) == {"no take"}
    seen: list[list[str]] = []
    watch = QTimer()
    watch.timeout.connect(lambda: seen.append(status_column(panel)))
    window.session.busy_changed.connect(lambda busy: busy or watch.stop())  # the run's end
    watch.start(5)
    panel.synthesize_stale()
    assert set(status_column(panel)) == {QUEUED}  # at once, before any take is made
    qtbot.waitUntil(lambda: not window.runner.busy() and all(
        s.take is not None for s in ep.segments if s.text.strip()), timeout=240_000)
    watch.stop()
    assert window.dialogs.errors == []
    assert seen and all(set(row) <= {QUEUED, MADE} for row in seen)  # never "no take"/"stale"
    partly = [row for row in seen if MADE in row and QUEUED in row]
    assert partly, seen[-3:]  # some takes made while others still to come, row by row
    assert [row.count(MADE) for row in seen] == sorted(row.count(MADE) for row in seen)
    assert set(status_column(panel)) == {"ready"}  # the takes joined the episode
    assert panel.statuses() == {s.id: audio_jobs.FRESH for s in ep.segments}
    assert window.project.undo_stack.undoText() == f"Synthesize {len(ep.segments)} segments"


def test_no_take_shows_empty_fields_and_undo_never_takes_back_a_phantom_trim(
        qtbot, window, tmp_path):
    panel, ep, editor = window.narration, window.project.episode, window.narration.editor
    long = import_take(qtbot, window, recording(tmp_path / "long.flac", seconds=20.0))
    qtbot.waitUntil(lambda: editor.out_point.isEnabled(), timeout=30_000)
    assert editor.out_point.value() > 20.0
    other = min((s for s in ep.segments if s.id != long.id and s.text.strip()),
                key=lambda s: len(s.text))  # the shortest: its take is shorter than the recording
    panel.select_segment(other.id)
    assert not editor.out_point.isEnabled()
    assert [f.value() for f in (editor.in_point, editor.out_point, editor.fade_in,
                                editor.fade_out)] == [0.0, 0.0, 0.0, 0.0]  # nothing of the last
    # back to the long take, then synthesize the other (a short take) and look at it
    panel.select_segment(long.id)
    qtbot.waitUntil(lambda: editor.out_point.isEnabled() and editor.out_point.value() > 20.0,
                    timeout=30_000)
    stack = window.project.undo_stack
    before = stack.count()
    panel.select_segment(other.id)
    panel.synthesize_current()
    qtbot.waitUntil(lambda: ep.segment(other.id).take is not None and not window.runner.busy(),
                    timeout=120_000)
    qtbot.waitUntil(lambda: editor.out_point.isEnabled(), timeout=30_000)
    short = ep.segment(other.id).take
    assert short.duration < 20.0 and short.trim.auto  # its automatic trim, untouched
    panel.select_segment(long.id)  # from the short take to the long one and back again
    qtbot.waitUntil(lambda: editor.out_point.value() > 20.0, timeout=30_000)
    panel.select_segment(other.id)
    qtbot.waitUntil(lambda: editor.out_point.isEnabled() and
                    editor.out_point.value() <= short.duration + 0.01, timeout=30_000)
    assert stack.count() == before + 1 and stack.undoText() == f"Synthesize “{other.title}”", [
        stack.text(i) for i in range(stack.count())]
    window.undo_action.trigger()
    assert ep.segment(other.id).take is None  # the first Undo took back the synthesis
    assert ep.segment(long.id).take.trim.auto
