"""The desktop app driven through its real widgets: pull a fixture repository, read the day,
edit a segment and undo it, find/replace, reorder, save; then reopen what was saved."""

from __future__ import annotations

import json

import pytest
from guikit import DATE, ScriptedDialogs, build_repo, isolate
from PySide6.QtCore import QDate, Qt

from studio.gui.app import make_app, make_window
from studio.gui.day_rows import ORIGINAL, REVERT, STACK

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    return build_repo(tmp_path_factory.mktemp("gui") / "pytorch")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    settings_dir = isolate(monkeypatch, tmp_path)
    make_app()
    dialogs = ScriptedDialogs()
    win = make_window(settings_dir=settings_dir, dialogs=dialogs)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.project.close()
    win.runner.wait()


def pull(qtbot, win, repo) -> None:
    panel = win.pull_panel
    panel.repo.setEditText(str(repo))
    panel.date.setDate(QDate.fromString(DATE, "yyyy-MM-dd"))
    panel.tz.setCurrentText("UTC")
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)


def test_pull_shows_the_day_with_reverts_paired_and_filters(qtbot, window, repo):
    pull(qtbot, window, repo)
    assert window.dialogs.errors == []
    view = window.day_view
    revert = next(r for r in view.rows if REVERT in r.marks)
    assert [c.marks for c in revert.children] == [[ORIGINAL]]
    assert revert.children[0].title == "Add bitwise ops"
    # the reverted original is not listed a second time on its own
    assert all(r.title != "Add bitwise ops" for r in view.rows)
    assert sum(STACK in r.marks for r in view.rows) == 3
    # theme filter: rollbacks only
    view.theme.setCurrentIndex(view.theme.findData("@rollbacks"))
    assert view.visible_shas() == [revert.sha]
    view.theme.setCurrentIndex(0)
    assert len(view.visible_shas()) == len(view.rows)
    # the commit's details: message, files, link
    assert view.select(revert.children[0].sha)
    details = view.details.toPlainText()
    assert "aten/src/ATen/mps/ops.mm" in details and "github.com/pytorch/pytorch/pull/10" in details
    assert window.session.settings.recent_repos[0] == str(repo)


def test_edit_undo_find_replace_reorder_and_save(qtbot, window, repo, tmp_path):
    pull(qtbot, window, repo)
    ed, ep = window.editor, window.project.episode
    assert window.project.modified  # a fresh pull is not saved yet
    seg = ep.segments[1]
    ed.select_segment(seg.id)
    original = seg.text
    ed.text.setFocus()
    ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
    qtbot.keyClicks(ed.text, " Extra words here.")
    assert ep.segment(seg.id).text == original + " Extra words here."
    assert f"{len((original + ' Extra words here.').split())} words" in ed.counts.text()
    # the whole typing run is one undo step, and Ctrl+Z in the window undoes it
    qtbot.keyClick(ed.text, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ep.segment(seg.id).text == original
    assert ed.text.toPlainText() == original
    qtbot.keyClick(ed.text, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert ep.segment(seg.id).text.endswith("Extra words here.")

    # the commits behind the sentence under the cursor
    rollbacks = next(s for s in ep.segments if s.id.startswith("rollback"))
    ed.select_segment(rollbacks.id)
    cursor = ed.text.textCursor()
    cursor.setPosition(len(rollbacks.text) // 2)
    ed.text.setTextCursor(cursor)
    assert "Add bitwise ops" in ed.behind.toPlainText()

    # find/replace across segments, one undo step
    find = window.open_find()
    find.find.setText("bitwise operations")  # (the title's "ops", said in full)
    find.replace.setText("bitwise operators")
    assert find.do_replace_all() >= 1
    assert "bitwise operators" in ep.transcript
    window.undo_action.trigger()
    assert "bitwise operators" not in ep.transcript

    # reorder with the buttons, then undo
    ids = [s.id for s in ep.segments]
    ed.select_segment(ids[2])
    qtbot.mouseClick(ed.up, Qt.MouseButton.LeftButton)
    assert [s.id for s in ep.segments][1] == ids[2]
    window.undo_action.trigger()
    assert [s.id for s in ep.segments] == ids

    # save: the files hold the edited text; the window is clean
    window.dialogs.folder = tmp_path / "episode"
    window.save_action.trigger()
    saved = json.loads((tmp_path / "episode" / "episode.json").read_text())
    assert saved["segments"][1]["text"].endswith("Extra words here.")
    assert (tmp_path / "episode" / "day.json").exists()
    assert not window.project.modified and not window.isWindowModified()
    assert str((tmp_path / "episode").resolve()) == window.session.settings.recent_projects[0]


def test_regenerate_writes_the_segment_again_and_undoes(qtbot, window, repo):
    pull(qtbot, window, repo)
    ep, ed = window.project.episode, window.editor
    seg = ep.segments[1]
    original = seg.text
    ed.select_segment(seg.id)
    ed.text.selectAll()
    qtbot.keyClicks(ed.text, "Scribbled.")
    assert ep.segment(seg.id).text == "Scribbled."
    qtbot.mouseClick(ed.regen, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ep.segment(seg.id).text == original, timeout=20_000)
    window.undo_action.trigger()
    assert ep.segment(seg.id).text == "Scribbled."


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(qtbot, window, repo):
    from studio.gui.dialogs import CANCEL

    pull(qtbot, window, repo)
    window.dialogs.unsaved = CANCEL
    assert not window.close()
    assert window.isVisible() and window.dialogs.asked[-1].startswith("unsaved:")


def test_bad_repository_is_a_one_line_message(qtbot, window, tmp_path):
    window.pull_panel.repo.setEditText("not a repo at all")
    qtbot.mouseClick(window.pull_panel.pull, Qt.MouseButton.LeftButton)
    assert "neither a folder" in window.pull_panel.status.text()
    (tmp_path / "empty").mkdir()
    window.pull_panel.repo.setEditText(str(tmp_path / "empty"))
    qtbot.mouseClick(window.pull_panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(window.dialogs.errors), timeout=10_000)
    assert "\n" not in window.dialogs.errors[0] and not window.project.is_open
