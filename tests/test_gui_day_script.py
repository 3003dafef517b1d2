"""The day list and the script panel through the real window: stacks lettered and told as one
(even when their parts landed hours apart), what a revert reverts, full titles on hover, local
times with their zone, "No commits match", segments reordered by drag and drop, the find bar,
and a "Behind this sentence" panel that never breaks an identifier mid-word."""

from __future__ import annotations

import re

import pytest
from gitrepo import PT_BOT, RepoBuilder, at, pt_landed
from guikit import DATE, build_repo, open_window
from PySide6 import QtGui
from PySide6.QtCore import QDate, QEvent, QMimeData, QPoint, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QToolTip

from studio.gui.day_rows import REVERT

pytestmark = pytest.mark.usefixtures("qapp")

LONG_ID = "torch._inductor.codecache.AsyncCompile.wait_for_every_compile_worker_to_finish_cleanly"


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    return build_repo(tmp_path_factory.mktemp("day") / "pytorch")


@pytest.fixture(scope="module")
def scattered(tmp_path_factory):
    """A ghstack whose three parts landed at 06:00, 11:00 and 15:00 with other work between,
    and a [k/N] series by someone else whose parts landed at 09:30 and 14:00."""
    path = tmp_path_factory.mktemp("day") / "scattered"
    with RepoBuilder(path, origin="https://github.com/pytorch/pytorch.git") as r:
        bot = {"committer": PT_BOT[0], "committer_email": PT_BOT[1]}
        r.commit(pt_landed("Old work", 1), at("2026-02-05", 9), "Old Timer", "old@ex.com", **bot)
        plan = [(6, 0, "stack", 0), (8, 0, "fill", 0), (9, 30, "series", 1), (11, 0, "stack", 1),
                (12, 0, "fill", 1), (14, 0, "series", 2), (15, 0, "stack", 2), (16, 0, "fill", 2)]
        for hour, minute, what, i in plan:
            when = at(DATE, hour, minute)
            if what == "stack":
                r.commit(pt_landed(f"[Inductor] Make {LONG_ID} safe, part {i}", 300 + i,
                                   ghstack=list(range(300, 300 + i))),
                         when, "Dev Stack", "dev@ex.com", files=[f"torch/_inductor/codecache{i}.py"], **bot)
            elif what == "series":
                r.commit(pt_landed(f"[Docs] Rewrite the install guide [{i}/2]", 500 + 40 * i),
                         when, "Ann Series", "ann@ex.com", files=[f"docs/install{i}.md"], **bot)
            else:
                r.commit(pt_landed(f"[Dynamo] Unrelated fix {i}", 700 + 50 * i), when,
                         f"Other {i}", f"o{i}@ex.com", files=[f"torch/_dynamo/f{i}.py"], **bot)
    return path


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path)
    yield win
    win.project.close()
    win.runner.wait()


def pull(qtbot, win, repo, tz: str = "UTC") -> None:
    panel = win.pull_panel
    panel.repo.setEditText(str(repo))
    panel.date.setDate(QDate.fromString(DATE, "yyyy-MM-dd"))
    panel.tz.setCurrentText(tz)
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    assert win.dialogs.errors == []


def top_items(view):
    return [view.tree.topLevelItem(i) for i in range(view.tree.topLevelItemCount())]


def shown_text(tip: str) -> str:
    """What a tooltip shows: Qt renders it as rich text when it looks like HTML."""
    doc = QTextDocument()
    if QtGui.Qt.mightBeRichText(tip):
        doc.setHtml(tip)
    else:
        doc.setPlainText(tip)
    return doc.toPlainText()


# --- 1. stacks ---------------------------------------------------------------------------------
def test_each_stack_row_says_its_stack_letter_and_place(qtbot, window, repo):
    pull(qtbot, window, repo)
    items = top_items(window.day_view)
    stacked = [(i, it) for i, it in enumerate(items) if "stack" in it.text(4)]
    assert len(stacked) == 3
    assert [it.text(4).split("≡ ")[-1] for _i, it in stacked] == \
        ["stack A, 1 of 3", "stack A, 2 of 3", "stack A, 3 of 3"]
    assert [i for i, _it in stacked] == list(range(stacked[0][0], stacked[0][0] + 3))


def test_a_series_landed_across_the_day_is_listed_as_one(qtbot, window, scattered):
    pull(qtbot, window, scattered)
    view = window.day_view
    items = top_items(view)
    marks = [it.text(4) for it in items]
    for letter, n in (("A", 3), ("B", 2)):
        places = [i for i, m in enumerate(marks) if f"stack {letter}," in m]
        assert len(places) == n, marks
        assert places == list(range(places[0], places[0] + n)), f"stack {letter} is split: {marks}"
        assert [marks[i].split("≡ ")[-1] for i in places] == \
            [f"stack {letter}, {k} of {n}" for k in range(1, n + 1)]
    # the ghstack (first landed) is A, the series B; the parts are in stack order
    a_titles = [it.text(0) for it, m in zip(items, marks, strict=True) if "stack A," in m]
    assert [t[-6:] for t in a_titles] == ["part 0", "part 1", "part 2"]
    b_titles = [it.text(0) for it, m in zip(items, marks, strict=True) if "stack B," in m]
    assert all("install guide" in t for t in b_titles)
    # the letters are the same the next time the day is pulled
    pull(qtbot, window, scattered)
    assert [it.text(4) for it in top_items(window.day_view)] == marks


# --- 2. reverts --------------------------------------------------------------------------------
def test_a_revert_row_says_what_it_reverts(qtbot, window, repo):
    pull(qtbot, window, repo)
    view = window.day_view
    revert = next(r for r in view.rows if REVERT in r.marks)
    item = next(it for it in top_items(view) if it.data(0, Qt.ItemDataRole.UserRole) == revert.sha)
    assert "Reverts #10 [MPS] Add bitwise ops by Mo Pal" in item.text(0)
    assert "Reverts #10 [MPS] Add bitwise ops by Mo Pal" in shown_text(item.toolTip(0))
    assert view.select(revert.sha)
    assert "Reverts #10 [MPS] Add bitwise ops by Mo Pal" in view.details.toPlainText()
    # the filter finds a revert by what it reverts
    view.search.setText("Mo Pal")
    assert revert.sha in view.visible_shas()


# --- 3. hover and times ------------------------------------------------------------------------
def test_full_titles_on_hover_and_local_times_with_the_zone(qtbot, window, tmp_path):
    repo = build_repo(tmp_path / "busy", extra=3)
    pull(qtbot, window, repo, tz="Europe/Berlin")
    view = window.day_view
    items = top_items(view)
    # 06:00 UTC is 07:00 in Berlin in February (CET)
    first = next(it for it in items if it.text(0).endswith("Tune kernel 0"))
    assert first.text(2) == "07:00 CET"
    assert "2026" in shown_text(first.toolTip(2)) and "CET" in shown_text(first.toolTip(2))
    # every row shows its full title on hover, untrusted text shown as written
    for it in items:
        row = next(r for r in view.rows if r.sha == it.data(0, Qt.ItemDataRole.UserRole))
        assert row.title in shown_text(it.toolTip(0)), (row.title, it.toolTip(0))
    odd = next(it for it in items if "<loader>" in it.text(0))
    assert odd.text(0).endswith('in the <loader> & "friends"')
    assert shown_text(odd.toolTip(0)) == odd.text(0)
    # and a real hover over a truncated row pops it up
    rect = view.tree.visualItemRect(odd)
    spot = QPoint(view.tree.header().sectionViewportPosition(0) + 30, rect.center().y())
    event = QHelpEvent(QEvent.Type.ToolTip, spot, view.tree.viewport().mapToGlobal(spot))
    QApplication.sendEvent(view.tree.viewport(), event)
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=3000)
    assert shown_text(QToolTip.text()) == odd.text(0)
    QToolTip.hideText()


# --- 4. empty filter ---------------------------------------------------------------------------
def test_an_empty_filter_says_no_commits_match(qtbot, window, repo):
    pull(qtbot, window, repo)
    view = window.day_view
    view.search.setText("no such commit anywhere")
    assert view.visible_shas() == []
    assert view.empty_note.isVisible() and "No commits match" in view.empty_note.text()
    view.search.clear()
    assert view.visible_shas() and not view.empty_note.isVisible()


# --- 5. drag and drop --------------------------------------------------------------------------
def drop_on(qtbot, widget, mime: QMimeData, pos: QPoint) -> QDropEvent:
    port = widget.viewport()
    action = Qt.DropAction.MoveAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(port, QDragEnterEvent(pos, action, mime, buttons, mods))
    move = QDragMoveEvent(pos, action, mime, buttons, mods)
    QApplication.sendEvent(port, move)
    assert move.isAccepted()
    drop = QDropEvent(pos.toPointF(), action, mime, buttons, mods)
    QApplication.sendEvent(port, drop)
    return drop


def test_dragging_a_segment_moves_it_as_one_undo_step(qtbot, window, repo):
    pull(qtbot, window, repo)
    ed, ep, stack = window.editor, window.project.episode, window.project.undo_stack
    ids = [s.id for s in ep.segments]
    assert len(ids) >= 3
    lst = ed.segments
    lst.setCurrentRow(0)
    mime = lst.mimeData([lst.item(0)])
    target = lst.visualItemRect(lst.item(2))
    before = stack.count()
    drop_on(qtbot, lst, mime, QPoint(target.center().x(), target.bottom() - 2))
    assert [s.id for s in ep.segments] == ids[1:3] + [ids[0]] + ids[3:]
    assert [lst.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lst.count())] == \
        [s.id for s in ep.segments]
    assert ed.current_id() == ids[0]
    assert stack.count() == before + 1 and stack.undoText() == f"Move “{ep.segments[2].title}” down 2 places"
    window.undo_action.trigger()
    assert [s.id for s in ep.segments] == ids
    # dropping back onto its own place changes nothing and adds no step
    mime = lst.mimeData([lst.item(1)])
    own = lst.visualItemRect(lst.item(1))
    drop_on(qtbot, lst, mime, QPoint(own.center().x(), own.top() + 2))
    assert [s.id for s in ep.segments] == ids and stack.count() == before + 1


# --- 6. find bar -------------------------------------------------------------------------------
def matches(ep, needle: str, whole: bool = False, case: bool = False) -> list[tuple[str, int]]:
    body = re.escape(needle)
    pattern = re.compile(rf"(?<!\w){body}(?!\w)" if whole else body, 0 if case else re.I)
    return [(s.id, m.start()) for s in ep.segments for m in pattern.finditer(s.text)]


def test_find_bar_counts_matches_across_segments(qtbot, window, repo):
    pull(qtbot, window, repo)
    ed, ep = window.editor, window.project.episode
    ed.select_segment(ep.segments[0].id)
    ed.text.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    bar = ed.find_bar
    assert bar.isVisible() and bar.field.hasFocus()
    assert window.find_dialog is None or not window.find_dialog.isVisible()
    needle = "the"  # whole word in several segments, and inside "then", "other" …
    everywhere, whole = matches(ep, needle), matches(ep, needle, whole=True)
    assert len(whole) >= 2 and len(everywhere) > len(whole)
    assert len({sid for sid, _o in everywhere}) >= 2  # across segments
    qtbot.keyClicks(bar.field, needle)
    assert bar.count.text() == f"1 of {len(everywhere)}"
    bar.whole.setChecked(True)
    assert bar.count.text() == f"1 of {len(whole)}"
    sid, offset = whole[0]
    assert ed.current_id() == sid and ed.text.textCursor().selectionStart() == offset
    qtbot.keyClick(bar.field, Qt.Key.Key_Return)
    assert bar.count.text() == f"2 of {len(whole)}"
    sid, offset = whole[1]
    assert ed.current_id() == sid and ed.text.textCursor().selectionStart() == offset
    assert ed.text.textCursor().selectedText().lower() == needle
    qtbot.mouseClick(bar.previous, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(bar.previous, Qt.MouseButton.LeftButton)  # wraps round to the last
    assert bar.count.text() == f"{len(whole)} of {len(whole)}"
    # case: "IN" in capitals
    bar.case.setChecked(True)
    bar.field.setText("IN")
    caps = matches(ep, "IN", whole=True, case=True)
    assert bar.count.text() == (f"1 of {len(caps)}" if caps else "No matches")
    qtbot.keyClick(bar.field, Qt.Key.Key_Escape)
    assert not bar.isVisible()


def test_ctrl_h_keeps_find_and_replace_with_whole_words(qtbot, window, repo):
    pull(qtbot, window, repo)
    ep = window.project.episode
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    dialog = window.find_dialog
    assert dialog is not None and dialog.isVisible()
    assert not window.editor.find_bar.isVisible()
    def longer_words():
        return sorted(w for w in re.findall(r"\w+", ep.transcript) if "in" in w.lower() and len(w) > 2)

    longer = longer_words()
    assert longer and matches(ep, "in", whole=True)
    dialog.find.setText("in")
    dialog.replace.setText("IN")
    dialog.whole.setChecked(True)
    dialog.do_replace_all()
    assert matches(ep, "IN", whole=True, case=True) and not matches(ep, "in", whole=True, case=True)
    assert longer_words() == longer  # words that merely contain "in" are untouched


# --- 7. behind this sentence -------------------------------------------------------------------
def test_behind_this_sentence_is_wide_and_never_breaks_a_word(qtbot, window, scattered):
    pull(qtbot, window, scattered)
    ed, ep = window.editor, window.project.episode
    # wider, without squeezing the day list or the text
    assert ed.behind.width() >= 280 and ed.behind.minimumWidth() >= 280
    assert window.day_dock.width() >= 500 and ed.text.width() >= 300
    ref = next(r for r in ep.commit_refs if LONG_ID in r.title)
    seg, sentence = next((s, x) for s in ep.segments for x in s.sentences if ref.sha in x.commits)
    ed.select_segment(seg.id)
    cursor = ed.text.textCursor()
    cursor.setPosition(seg.text.index(sentence.text) + 1)
    ed.text.setTextCursor(cursor)
    assert LONG_ID in ed.behind.toPlainText().replace("\u200b", "")
    doc = ed.behind.document()
    doc.setTextWidth(ed.behind.viewport().width())
    lines = 0
    block = doc.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for i in range(1, layout.lineCount()):
            start = layout.lineAt(i).textStart()
            before, after = text[start - 1], text[start]
            assert not ((before.isalnum() or before == "_") and (after.isalnum() or after == "_")), \
                f"broken mid-word: {text[:start]!r} | {text[start:]!r}"
            lines += 1
        block = block.next()
    assert lines >= 1  # the identifier did wrap (at a dot), it was not just left alone
    # copying the panel gives the identifier as written, without the invisible break points
    ed.behind.selectAll()
    ed.behind.copy()
    assert LONG_ID in QApplication.clipboard().text()


QUIT_AFTER_COPY = """
import os, sys
from PySide6.QtTest import QTest
from studio.gui.app import make_app, make_window
app = make_app()
win = make_window()
win.show()
win.session.open_demo()
while not (win.project.is_open and not win.runner.busy()):
    QTest.qWait(20)
ed = win.editor
seg = next(s for s in win.project.episode.segments if s.sentences and s.sentences[0].commits)
ed.select_segment(seg.id)
ed.behind.selectAll()
ed.behind.copy()
assert app.clipboard().text(), "nothing was copied"
win.project.close()
print("copied", flush=True)
"""


def test_copying_from_the_panel_then_quitting_exits_cleanly(tmp_path):
    """The panel's copy hands Qt's clipboard a cleaned QMimeData; one made in Python was
    deleted by Qt after the interpreter had gone: a segfault at every exit after a copy."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "COMMITCAST_CONFIG_DIR": str(tmp_path / "config"),
           "COMMITCAST_STATE_DIR": str(tmp_path / "state")}
    done = subprocess.run([sys.executable, "-c", QUIT_AFTER_COPY], env=env, capture_output=True,
                          text=True, timeout=120)
    assert "copied" in done.stdout, done.stderr[-2000:]
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-500:]}"

