"""Issue 26 item 14 through the real window: View ▸ History lists every edit in plain words
naming its segment, says what Undo will take back, and a click on a step goes back to it."""

from __future__ import annotations

import pytest
from guikit import demo_window
from PySide6.QtCore import Qt

from studio.gui.history.dock import AS_OPENED

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from demo_window(qtbot, monkeypatch, tmp_path)


def click_step(qtbot, history, row: int) -> None:
    view = history.view
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_history_names_each_edit_and_goes_back_to_a_step(qtbot, window):
    history, ep, ed = window.history, window.project.episode, window.editor
    stack = window.project.undo_stack
    assert history.isVisible() and history.toggleViewAction() in window.view_menu.actions()
    assert history.steps() == [AS_OPENED]
    assert history.next_undo.text() == "Nothing to undo."
    first = ep.segments[0]
    title, text = first.title, first.text
    ed.select_segment(first.id)
    ed.text.setFocus()
    ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
    qtbot.keyClicks(ed.text, " Typed by the host.")
    rename(qtbot, ed, "Hello")
    window.move_actions[1].trigger()
    assert history.steps() == [AS_OPENED, f"Edit the text of “{title}”",
                               f"Rename “{title}” to “Hello”", "Move “Hello” down"]
    assert history.view.selectionModel().currentIndex().row() == 3  # the step Undo takes back
    assert history.next_undo.text() == "Undo takes back: Move “Hello” down"
    assert window.undo_action.text().replace("&", "") == "Undo Move “Hello” down"
    click_step(qtbot, history, 1)  # back to just after the typing
    assert stack.index() == 1 and ep.segments[0].id == first.id
    assert first.title == title and first.text == text + " Typed by the host."
    assert history.next_undo.text() == f"Undo takes back: Edit the text of “{title}”"
    assert len(history.steps()) == 4  # the later steps stay, for Redo
    click_step(qtbot, history, 0)
    assert first.text == text and history.next_undo.text() == "Nothing to undo."
    window.redo_action.trigger()
    assert first.text.endswith("Typed by the host.")
    # closed, it comes back from the View menu; Reset layout puts it under the Day panel
    history.toggleViewAction().trigger()
    assert not history.isVisible()
    next(a for a in window.view_menu.actions() if a.objectName() == "resetLayout").trigger()
    assert history.isVisible() and not history.isFloating()
    assert window.dockWidgetArea(history) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert history.geometry().top() > window.day_dock.geometry().top()


def rename(qtbot, ed, title: str) -> None:
    ed.title.setFocus()
    ed.title.selectAll()
    qtbot.keyClicks(ed.title, title)
    qtbot.keyClick(ed.title, Qt.Key.Key_Return)


def test_a_long_title_is_shortened_in_the_history(qtbot, window):
    seg, ed = window.project.episode.segments[1], window.editor
    ed.select_segment(seg.id)
    rename(qtbot, ed, "A title far longer than the history panel can show on one line, and more")
    rename(qtbot, ed, "Short")
    name = window.history.steps()[-1]
    assert name.startswith("Rename “A title far longer") and name.endswith("…” to “Short”")
    assert len(name) <= len("Rename “” to “Short”") + 40  # 40 characters of the long title
