"""Work a host must never lose or redo, through the real window: export uses the takes the
host made (lexicon included), Settings make takes stale at once, saving creates the episode's
folder, Regenerate asks before replacing edits, and synthesis leaves selection and cursor be."""

from __future__ import annotations

import json
import re

import pytest
from guikit import open_window
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from studio.gui import audio_jobs

pytestmark = pytest.mark.usefixtures("qapp")
SYNTH_TIMEOUT = 120_000


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    win.session.open_demo()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    yield win
    win.project.close()
    win.runner.wait()


def idle(win) -> bool:
    return not win.runner.busy()


def keep_segments(win, count: int) -> None:
    """Delete segments through the editor until ``count`` are left (short episodes: fast tests)."""
    ed = win.editor
    while len(win.project.episode.segments) > count:
        ed.select_segment(win.project.episode.segments[-1].id)
        ed.delete_segment()


def synthesize_stale(qtbot, win) -> None:
    panel = win.narration
    qtbot.mouseClick(panel.synth_all, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(win) and set(panel.statuses().values()) == {audio_jobs.FRESH},
                    timeout=SYNTH_TIMEOUT)


def a_word_of(text: str) -> str:
    return next(w for w in re.findall(r"[A-Za-z]{5,}", text))


def test_export_uses_the_lexicon_takes_the_host_made(qtbot, window, tmp_path):
    win, panel = window, window.narration
    keep_segments(win, 2)
    ep = win.project.episode
    assert win.session.save()
    synthesize_stale(qtbot, win)
    before = {s.id: s.take.path for s in ep.segments}
    # a lexicon entry for a word of the first segment: its take goes stale
    seg = ep.segments[0]
    word = a_word_of(seg.text)
    lexicon = win.open_lexicon()
    lexicon.add_entry(word, "zebra crossing")
    lexicon.accept()
    assert panel.statuses()[seg.id] == audio_jobs.STALE
    synthesize_stale(qtbot, win)
    host = {s.id: s.take.path for s in ep.segments}
    assert host[seg.id] != before[seg.id]
    assert win.session.save()
    made = {p.name for p in (win.project.folder / "takes").glob("tts-*.wav")}

    show = tmp_path / "show"
    dialog = win.open_export()
    dialog.show_dir.setText(str(show))
    dialog.publish.setChecked(False)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None or bool(win.dialogs.errors), timeout=300_000)
    assert win.dialogs.errors == []
    saved = json.loads((dialog.result.folder / "episode.json").read_text())
    assert {s["id"]: s["take"]["path"] for s in saved["segments"]} == host
    # nothing was synthesized again for the export
    assert {p.name for p in (dialog.result.folder / "takes").glob("tts-*.wav")} == made
    # and the window still holds (and shows as ready) the takes the host made
    assert {s.id: s.take.path for s in ep.segments} == host
    assert set(panel.statuses().values()) == {audio_jobs.FRESH}
    assert [panel.table.item(r, 2).text() for r in range(panel.table.rowCount())] == ["ready"] * 2


def answer_modal(qtbot, act) -> list:
    """Run ``act(widget)`` on the next modal dialog the app opens (it blocks in exec())."""
    seen = []

    def poll() -> None:
        widget = QApplication.activeModalWidget()
        if widget is None:
            QTimer.singleShot(20, poll)
            return
        seen.append(widget)
        act(widget)

    QTimer.singleShot(0, poll)
    return seen


def test_new_voice_or_rate_in_settings_makes_takes_stale_at_once(qtbot, window):
    win, panel = window, window.narration
    keep_segments(win, 1)
    assert win.session.save()
    synthesize_stale(qtbot, win)
    assert panel.table.item(0, 2).text() == "ready"

    def faster(dialog) -> None:
        dialog.rate.setValue(dialog.rate.value() + 30)
        dialog.accept()

    seen = answer_modal(qtbot, faster)
    win.open_settings()
    assert seen and win.session.settings.rate == seen[0].rate.value()
    assert panel.table.item(0, 2).text() == "stale"
    assert panel.synth_all.isEnabled()

    def rate_back(dialog) -> None:
        dialog.rate.setValue(dialog.rate.value() - 30)  # the rate back: the take fits again
        dialog.accept()

    answer_modal(qtbot, rate_back)
    win.open_settings()
    assert panel.table.item(0, 2).text() == "ready"

    def voice(dialog) -> None:
        dialog.voice.setCurrentText("gmw/en-gb-x-rp")
        dialog.accept()

    answer_modal(qtbot, voice)
    win.open_settings()
    assert panel.table.item(0, 2).text() == "stale"
