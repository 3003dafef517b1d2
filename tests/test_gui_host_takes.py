"""The host's own voice is never overwritten in the window (issue 26): a stale recording is
kept by "Synthesize all stale", offers Keep or Re-record, and only an explicit, confirmed
"Replace recording with synthesis…" synthesizes over it."""

from __future__ import annotations

import pytest
from guikit import demo_window, import_take, recording

from studio.gui import audio_jobs

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from demo_window(qtbot, monkeypatch, tmp_path)


def _idle(qtbot, window, timeout: int = 180_000) -> None:
    qtbot.waitUntil(lambda: not window.runner.busy(), timeout=timeout)


def test_synthesize_all_stale_keeps_an_imported_recording(qtbot, window, tmp_path):
    panel, ep = window.narration, window.project.episode
    seg = import_take(qtbot, window, recording(tmp_path / "host.wav"))
    imported = ep.segment(seg.id).take
    window.editor.select_segment(seg.id)
    window.editor.text.setPlainText(seg.text + " Added after recording.")
    assert panel.statuses()[seg.id] == audio_jobs.STALE
    assert (panel.table.item(0, 1).text(), panel.table.item(0, 2).text()) == ("imported", "stale")
    assert panel.synth_all.isEnabled()  # the other segments have no take yet
    panel.synth_all.click()
    _idle(qtbot, window)
    assert window.dialogs.errors == []
    others = [s for s in ep.segments if s.id != seg.id and s.text.strip()]
    assert others and all(s.take is not None and s.take.source == "synthesized" for s in others)
    assert ep.segment(seg.id).take == imported  # the host's voice, untouched
    assert "kept 1 recording (1 stale" in window.statusBar().currentMessage()
    panel.synth_all.click()  # only the recording is left: nothing to synthesize, it says why
    assert not window.runner.busy() and ep.segment(seg.id).take == imported
    assert window.statusBar().currentMessage() == \
        "Nothing to synthesize: kept 1 recording (1 stale: keep or re-record it)."

    # a stale recording offers Keep or Re-record
    panel.select_segment(seg.id)
    assert panel.keep_button.isEnabled() and panel.rerecord_button.isEnabled()
    panel.keep_button.click()
    assert panel.statuses()[seg.id] == audio_jobs.FRESH
    assert ep.segment(seg.id).take.path == imported.path
    assert not panel.keep_button.isEnabled() and not panel.rerecord_button.isEnabled()
    assert not panel.synth_all.isEnabled()  # nothing stale at all now
    window.undo_action.trigger()  # one undo step: stale again
    assert panel.statuses()[seg.id] == audio_jobs.STALE


def test_synthesis_replaces_a_recording_only_when_the_host_confirms_it(qtbot, window, tmp_path):
    panel, ep, dialogs = window.narration, window.project.episode, window.dialogs
    seg = import_take(qtbot, window, recording(tmp_path / "host.wav"))
    imported = ep.segment(seg.id).take
    panel.select_segment(seg.id)
    window.synth_action.trigger()  # Ctrl+Enter on a recording asks first
    assert not window.runner.busy() and ep.segment(seg.id).take == imported
    assert dialogs.asked[-1] == f"replace-recording:{seg.title}:imported"
    assert panel.replace_button.isEnabled()
    dialogs.replace_recording = True
    panel.replace_button.click()
    qtbot.waitUntil(lambda: ep.segment(seg.id).take.source == "synthesized", timeout=120_000)
    _idle(qtbot, window)
    assert (window.project.folder / imported.path).is_file()
    window.undo_action.trigger()
    assert ep.segment(seg.id).take == imported
