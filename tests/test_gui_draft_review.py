"""A drafted script in the real window: each sentence is marked quietly by where it came from
(drafted and verified, replaced with the reason on hover, written by the host), "Behind this
sentence" says it, and the host accepts or rejects a drafted segment, one undo step each."""

from __future__ import annotations

import copy

import pytest
from guikit import open_window
from llm_day import as_an_older_studio_wrote_it, drafted_day
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from studio import draft_review

pytestmark = pytest.mark.usefixtures("qapp")
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(scope="module")
def drafted(tmp_path_factory):
    """(the drafted episode as an older studio saved it, its fabricated version replaced by
    the story writer's sentence, which the window still marks; the story writer's; the day)"""
    episode, story, day = drafted_day(tmp_path_factory.mktemp("guireview"))
    return as_an_older_studio_wrote_it(episode, story), story, day


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path, drafted):
    win = open_window(qtbot, monkeypatch, tmp_path)
    qtbot.waitExposed(win)
    win.project.set_episode(copy.deepcopy(drafted[0]), drafted[2], None)
    yield win
    win.project.close()
    win.runner.wait()


def marks(editor) -> dict[str, str]:
    """Sentence text -> the mark the editor draws under it (by its underline colour)."""
    colours = {c.name(): kind for kind, c in editor.mark_colours().items()}
    text = editor.text.toPlainText()
    out = {}
    for sel in editor.text.extraSelections():
        colour = sel.format.underlineColor().name()
        if colour in colours:
            c = sel.cursor
            out[text[c.selectionStart():c.selectionEnd()]] = colours[colour]
    return out


def put_cursor_in(editor, words: str) -> int:
    pos = editor.text.toPlainText().index(words) + 2
    cursor = editor.text.textCursor()
    cursor.setPosition(pos)
    editor.text.setTextCursor(cursor)
    return pos


def test_each_sentence_is_marked_and_behind_this_sentence_says_why(qtbot, window, drafted):
    ed = window.editor
    ed.select_segment("release-and-fixes")
    seg = window.project.episode.segment("release-and-fixes")
    shown = marks(ed)
    replaced = [s.text for s in seg.sentences if s.provenance.startswith("replaced")]
    verified = [s.text for s in seg.sentences if s.provenance == draft_review.VERIFIED]
    assert replaced and verified
    assert all(shown[t] == draft_review.REPLACED for t in replaced), shown
    assert all(shown[t] == draft_review.VERIFIED for t in verified), shown
    # the reason on hover
    pos = put_cursor_in(ed, replaced[0])
    rect = ed.text.cursorRect(ed.text.textCursor())
    QApplication.sendEvent(ed.text.viewport(), QHelpEvent(
        QEvent.Type.ToolTip, rect.center(), ed.text.viewport().mapToGlobal(rect.center())))
    assert "version 2.5.0 is not in its commits" in QToolTip.text()
    assert pos > 0
    # and the panel beside it says the same, with the model's rejected sentence
    behind = ed.behind.toPlainText()
    assert "replacing the model's draft" in behind and "2.5.0" in behind
    assert "Ben Okafor" in behind  # the commits stay listed below
    put_cursor_in(ed, "Chen Wu fixed")
    assert "every fact verified" in ed.behind.toPlainText()
    # the host edits a sentence: it is theirs now; the others keep their marks
    ed.text.setFocus()
    put_cursor_in(ed, "Chen Wu fixed")
    cursor = ed.text.textCursor()
    cursor.movePosition(cursor.MoveOperation.EndOfWord)
    ed.text.setTextCursor(cursor)
    qtbot.keyClicks(ed.text, "X")
    edited = next(t for t in marks(ed) if t.startswith("Chen"))
    assert marks(ed)[edited] == draft_review.HOST
    assert marks(ed)[replaced[0]] == draft_review.REPLACED
    assert "Written by the host" in ed.behind.toPlainText()
    # the story writer's script carries no marks at all, and nothing to review
    window.project.set_episode(copy.deepcopy(drafted[1]), drafted[2], None)
    assert marks(ed) == {} and not ed.review_bar.isVisible() and not ed.writer_note.isVisible()


def test_reject_and_accept_a_drafted_segment_one_undo_step_each(qtbot, window, drafted):
    ed, ep = window.editor, window.project.episode
    ed.select_segment("a-faster-cache")
    draft_text = ep.segment("a-faster-cache").text
    story_text = " ".join(s.text for s in ep.segment("a-faster-cache").story)
    assert ed.review_bar.isVisible() and ed.accept_draft.isEnabled()
    assert ed.segments.currentItem().text().endswith("draft to review")
    qtbot.mouseClick(ed.reject_draft, Qt.MouseButton.LeftButton)
    assert not ed.segments.currentItem().text().endswith("draft to review")
    assert ep.segment("a-faster-cache").text == story_text == ed.text.toPlainText()
    assert "Ana Lima switched" not in ep.transcript and marks(ed) == {}
    assert not ed.review_bar.isVisible()
    ed.text.setFocus()
    qtbot.keyClick(ed.text, Qt.Key.Key_Z, CTRL)  # Ctrl+Z brings the draft back, marks and all
    assert ep.segment("a-faster-cache").text == draft_text == ed.text.toPlainText()
    assert set(marks(ed).values()) == {draft_review.VERIFIED} and ed.review_bar.isVisible()
    qtbot.keyClick(ed.text, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert ep.segment("a-faster-cache").text == story_text
    # accept: the text stays, the marks go
    ed.select_segment("release-and-fixes")
    before = ep.segment("release-and-fixes").text
    assert set(marks(ed).values()) == {draft_review.VERIFIED, draft_review.REPLACED}
    qtbot.mouseClick(ed.accept_draft, Qt.MouseButton.LeftButton)
    assert ep.segment("release-and-fixes").text == before and marks(ed) == {}
    assert "accepted" in ed.behind.toPlainText()
    assert window.undo_action.text().replace("&", "") == "Undo Accept the draft of “Release and fixes”"
    qtbot.keyClick(ed.text, Qt.Key.Key_Z, CTRL)
    assert set(marks(ed).values()) == {draft_review.VERIFIED, draft_review.REPLACED}
    assert window.project.modified
    # the Segment menu has both, with keys, on a drafted segment only
    menu = {a.objectName(): a for a in window.segment_menu.actions()}
    accept, reject = menu["acceptDraftAction"], menu["rejectDraftAction"]
    assert accept.isEnabled() and reject.isEnabled()
    qtbot.keyClick(ed.text, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.AltModifier)
    assert "Chen Wu fixed a crash" in ep.segment("release-and-fixes").text
    assert not accept.isEnabled() and not reject.isEnabled()
    # the notice above the script counts what is left to review
    assert "to review" in ed.writer_note.text()


def test_regenerate_gives_a_drafted_segment_the_story_writers_text(qtbot, window):
    ed, ep = window.editor, window.project.episode
    ed.select_segment("a-rollback")
    qtbot.mouseClick(ed.accept_draft, Qt.MouseButton.LeftButton)  # decided: no marks left
    drafted = ep.segment("a-rollback").text
    story = " ".join(s.text for s in ep.segment("a-rollback").story)
    qtbot.mouseClick(ed.regen, Qt.MouseButton.LeftButton)  # was: "nothing for segment" error
    assert window.dialogs.errors == [] and "regenerate:A rollback" in window.dialogs.asked
    assert ep.segment("a-rollback").text == story == ed.text.toPlainText()
    assert window.undo_action.text().endswith("Write “A rollback” again from the data")
    ed.text.setFocus()
    qtbot.keyClick(ed.text, Qt.Key.Key_Z, CTRL)
    assert ep.segment("a-rollback").text == drafted


def test_marks_and_the_story_text_survive_save_and_open(qtbot, window, tmp_path):
    ed = window.editor
    ed.select_segment("release-and-fixes")
    before = marks(ed)
    window.dialogs.folder = tmp_path / "saved"
    assert window.session.save()
    window.project.set_episode(None, None, None)
    window.dialogs.open_path = tmp_path / "saved"
    window.session.open()
    qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(), timeout=30_000)
    ed.select_segment("release-and-fixes")
    assert marks(ed) == before and ed.review_bar.isVisible()
    qtbot.mouseClick(ed.reject_draft, Qt.MouseButton.LeftButton)
    assert "Chen Wu fixed a crash" in window.project.episode.segment("release-and-fixes").text
