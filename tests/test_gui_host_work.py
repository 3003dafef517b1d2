"""Work a host must never lose or redo, through the real window: export uses the takes the
host made (lexicon included), Settings make takes stale at once, saving creates the episode's
folder, Regenerate asks before replacing edits, and synthesis leaves selection and cursor be."""

from __future__ import annotations

import json
import re
from types import MethodType

import pytest
from guikit import demo_window, export_unpublished
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox

from studio.gui import audio_jobs
from studio.gui.dialogs import Dialogs

pytestmark = pytest.mark.usefixtures("qapp")
SYNTH_TIMEOUT = 120_000


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from demo_window(qtbot, monkeypatch, tmp_path)


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
    dialog, saved = export_unpublished(qtbot, win, show)
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


def drive_file_dialog(qtbot, name: str) -> list[str]:
    """Type ``name`` into the next file dialog and press its accept button, as a host does;
    close (and record) any message box it shows instead of accepting."""
    shown: list[str] = []
    state = {"polls": 0, "typed": False}

    def poll() -> None:
        state["polls"] += 1
        widget = QApplication.activeModalWidget()
        if state["typed"] and widget is None or state["polls"] > 500:
            return
        QTimer.singleShot(20, poll)  # before acting: accept() may block in a message box
        if isinstance(widget, QMessageBox):
            shown.append(widget.text())
            widget.reject()
        elif isinstance(widget, QFileDialog):
            if shown:  # it refused the name: give up as a host would
                widget.reject()
            elif not state["typed"]:
                state["typed"] = True
                widget.findChild(QLineEdit, "fileNameEdit").setText(name)
                widget.accept()

    QTimer.singleShot(0, poll)
    return shown


def test_save_as_creates_the_folder_the_host_types(qtbot, window, tmp_path):
    win = window
    shows = tmp_path / "shows"
    shows.mkdir()
    win.session.settings.show_dir = str(shows)
    win.dialogs.save_folder = MethodType(Dialogs.save_folder, win.dialogs)  # the real dialog
    new = shows / "my first episode"
    refused = drive_file_dialog(qtbot, str(new))
    assert win.session.save(), refused
    assert refused == []
    assert win.project.folder == new and (new / "episode.json").is_file()
    assert not win.project.modified


def test_record_asks_to_save_a_new_episode_first_then_records(qtbot, window, tmp_path):
    win, panel = window, window.narration
    assert win.project.folder is None
    win.dialogs.save_first = False
    qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    assert win.dialogs.asked[-1].startswith("save-first:")
    assert panel.record_dialog is None and win.project.folder is None
    assert "save" in win.statusBar().currentMessage().lower()
    win.dialogs.save_first = True
    qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    assert win.project.folder == tmp_path / "episode"
    assert panel.record_dialog is not None and panel.record_dialog.isVisible()
    assert panel.record_dialog.segment_id == panel.current_id()
    panel.record_dialog.close()


def test_saving_over_another_episode_asks_first(qtbot, window, tmp_path):
    win = window
    other = tmp_path / "yesterday"
    other.mkdir()
    (other / "episode.json").write_text('{"kept": true}')
    win.dialogs.folder = other
    win.dialogs.replace_episode = False
    assert not win.session.save()
    assert win.dialogs.asked[-1] == "replace:yesterday"
    assert json.loads((other / "episode.json").read_text()) == {"kept": True}
    assert win.project.folder is None and win.project.modified
    win.dialogs.replace_episode = True
    assert win.session.save() and win.project.folder == other
    assert json.loads((other / "episode.json").read_text())["title"] == win.project.episode.title
    # saving again into its own folder asks nothing
    asked = len(win.dialogs.asked)
    assert win.session.save() and len(win.dialogs.asked) == asked


def regenerate(qtbot, win) -> None:
    qtbot.mouseClick(win.editor.regen, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(win), timeout=30_000)


def test_regenerate_asks_before_replacing_the_hosts_edits(qtbot, window):
    win, ed = window, window.editor
    stack = win.project.undo_stack
    seg = win.project.episode.segments[1]
    template = seg.text
    ed.select_segment(seg.id)
    # unedited: the day's data writes the very same words: nothing is pushed, the bar says so
    regenerate(qtbot, win)
    assert stack.count() == 0 and not [a for a in win.dialogs.asked if a.startswith("regen")]
    assert "already" in win.statusBar().currentMessage()
    # edited by the host: asked first; "no" keeps the edit
    ed.text.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(ed.text, " My own closing words.")
    edited = win.project.episode.segment(seg.id).text
    win.dialogs.regenerate = False
    regenerate(qtbot, win)
    assert win.dialogs.asked[-1] == f"regenerate:{seg.title}"
    assert win.project.episode.segment(seg.id).text == edited
    # "yes" replaces it, as one undo step that brings the edit back
    win.dialogs.regenerate = True
    count = stack.count()
    regenerate(qtbot, win)
    assert win.project.episode.segment(seg.id).text == template == ed.text.toPlainText()
    assert stack.count() == count + 1
    win.undo_action.trigger()
    assert win.project.episode.segment(seg.id).text == edited


def test_synthesis_leaves_the_hosts_selection_and_cursor_alone(qtbot, window):
    win, ed, panel = window, window.editor, window.narration
    keep_segments(win, 3)
    assert win.session.save()
    first = win.project.episode.segments[0]
    ed.select_segment(first.id)
    ed.text.setFocus()
    cursor = ed.text.textCursor()
    cursor.setPosition(4)
    cursor.setPosition(11, QTextCursor.MoveMode.KeepAnchor)
    ed.text.setTextCursor(cursor)
    assert panel.current_id() == first.id
    synthesize_stale(qtbot, win)  # every segment gets a take, the first one too
    assert all(s.take is not None for s in win.project.episode.segments)
    assert ed.current_id() == first.id and panel.current_id() == first.id
    after = ed.text.textCursor()
    assert (after.anchor(), after.position()) == (4, 11)
    assert ed.text.toPlainText() == first.text


def test_edits_made_while_the_export_runs_stay_unsaved(qtbot, window, tmp_path):
    win, ed = window, window.editor
    keep_segments(win, 1)
    assert win.session.save()
    synthesize_stale(qtbot, win)
    dialog = win.open_export()
    dialog.show_dir.setText(str(tmp_path / "show"))
    dialog.publish.setChecked(False)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    ed.text.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(ed.text, " Typed while it exported.")
    qtbot.waitUntil(lambda: dialog.result is not None or bool(win.dialogs.errors), timeout=120_000)
    assert win.dialogs.errors == []
    assert win.project.episode.segments[0].text.endswith("Typed while it exported.")
    assert ed.text.toPlainText().endswith("Typed while it exported.")
    assert win.project.modified  # the exported episode.json does not hold that sentence
    assert "Typed while" not in (dialog.result.folder / "episode.json").read_text()
