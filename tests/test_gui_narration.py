"""Narration in the desktop app: import a recording (and see it go stale after an edit), the
lexicon editor's "say it" (and a new entry making synthesized takes stale), play selection."""

from __future__ import annotations

import pytest
from guikit import demo_window, import_take, recording

from studio.gui import audio_jobs

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from demo_window(qtbot, monkeypatch, tmp_path)


def test_import_a_recording_then_an_edit_makes_it_stale(qtbot, window, tmp_path):
    panel, ep = window.narration, window.project.episode
    seg = import_take(qtbot, window, recording(tmp_path / "host.flac"))
    take = ep.segment(seg.id).take
    assert take.source == "imported" and 2.0 < take.duration < 3.0
    assert 0.2 < take.trim.start < 0.45  # auto-trim found the tone after the silence
    assert (window.project.folder / take.path).is_file()
    assert panel.statuses()[seg.id] == audio_jobs.FRESH
    window.editor.select_segment(seg.id)
    window.editor.text.setPlainText(seg.text + " Added after recording.")
    assert panel.statuses()[seg.id] == audio_jobs.STALE
    assert panel.table.item(0, 2).text() == "stale"
    window.undo_action.trigger()  # undo the edit: the recording fits the script again
    assert panel.statuses()[seg.id] == audio_jobs.FRESH
    window.undo_action.trigger()  # undo the import itself
    assert ep.segment(seg.id).take is None
    # play the selection: the player gets the take and the trim's range
    window.redo_action.trigger()
    panel.select_segment(seg.id)
    panel.toggle_play()
    assert panel.player.path == window.project.folder / take.path
    assert panel.player.stop_at == pytest.approx(take.trim.end)
    panel.player.stop()


def test_bad_recording_is_a_one_line_error(qtbot, window, tmp_path):
    bad = tmp_path / "notes.wav"
    bad.write_text("this is not audio")
    window.narration.import_recording(bad)
    qtbot.waitUntil(lambda: bool(window.dialogs.errors), timeout=30_000)
    assert "\n" not in window.dialogs.errors[0] and "notes.wav" in window.dialogs.errors[0]
    assert window.project.episode.segments[0].take is None


def test_lexicon_entry_says_it_and_makes_synthesized_takes_stale(qtbot, window):
    panel, ep = window.narration, window.project.episode
    says = {"ROCm": "are oh see em", "Inductor": "in duct or", "CUDA": "coo da",
            "XPU": "ex pee you"}  # whichever of these the sample's script says
    word, seg = next((w, s) for s in ep.segments for w in says if f" {w}" in s.text)
    panel.select_segment(seg.id)
    panel.synthesize_current()
    qtbot.waitUntil(lambda: ep.segment(seg.id).take is not None and not window.runner.busy(),
                    timeout=120_000)
    assert panel.statuses()[seg.id] == audio_jobs.FRESH
    lexicon = window.open_lexicon()
    lexicon.add_entry(word, says[word])
    lexicon.say_current()
    qtbot.waitUntil(lambda: hasattr(lexicon, "last_audio"), timeout=60_000)
    assert lexicon.last_audio.stat().st_size > 10_000
    lexicon.accept()
    assert audio_jobs.user_lexicon_path().read_text().count(word) == 1
    assert panel.statuses()[seg.id] == audio_jobs.STALE  # the engine would now say it differently


def test_voice_preview_in_settings(qtbot, window):
    played = []
    window.narration.player.play = lambda path, *a, **k: played.append(path)
    dialog = window.settings_dialog()
    assert dialog.preview.isEnabled()
    dialog.voice.setCurrentText("gmw/en-gb-x-rp")
    dialog.rate.setValue(150)
    dialog.preview.click()
    qtbot.waitUntil(lambda: bool(played) and not window.runner.busy(), timeout=60_000)
    assert played[0].stat().st_size > 10_000 and window.dialogs.errors == []
