"""The window at 1280×800, the smallest size a host's laptop gives it: the Day panel's
Commit column and the recap's segment titles are read whole (columns size to their content,
the title first), on a day and on a weekly recap."""

from __future__ import annotations

import pytest
from guikit import build_repo, open_window
from PySide6.QtCore import Qt
from week_history import WEEK, week_history

from studio.gui.span_chooser import WEEK as WEEK_MODE

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    return week_history(tmp_path_factory.mktemp("repo") / "widgets.git")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path)
    win.resize(1280, 800)
    qtbot.waitUntil(lambda: win.width() == 1280)
    yield win
    win.project.close()
    win.runner.wait()


def _pull(qtbot, win) -> None:
    qtbot.mouseClick(win.pull_panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=60_000)
    qtbot.wait(50)


def _cut_titles(tree, whole: int = 10_000) -> list[str]:
    """The Commit cells whose text does not fit their column (a story row spans the row);
    with ``whole``, only those showing less than their first ``whole`` characters."""
    cut, fm = [], tree.fontMetrics()
    width = tree.header().sectionSize(0)
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop(0)
        stack.extend(item.child(j) for j in range(item.childCount()))
        if item.isFirstColumnSpanned():
            continue
        rect = tree.visualItemRect(item)
        indent = rect.x() if rect.isValid() else tree.indentation()
        room = width - indent - 8
        if fm.horizontalAdvance(item.text(0)[:whole]) > room:
            cut.append(item.text(0))
        elif fm.horizontalAdvance(item.text(0)) > room:  # elided: the tooltip has it whole
            assert item.text(0).split(" by ")[0].split(" ", 2)[-1] in item.toolTip(0)
    return cut


def _cut_segments(lst) -> list[str]:
    from PySide6.QtCore import QRect

    fm, cut = lst.fontMetrics(), []
    for i in range(lst.count()):
        item = lst.item(i)
        rect = lst.visualItemRect(item)
        need = fm.boundingRect(QRect(0, 0, rect.width() - 6, 10_000),
                               int(Qt.TextFlag.TextWordWrap), item.text())
        if need.width() > rect.width() - 4 or need.height() > rect.height() + 1:
            cut.append(item.text())
        for word in item.text().split():  # never a word cut in the middle
            if fm.horizontalAdvance(word) > rect.width() - 4:
                cut.append(word)
    return cut


def test_a_day_at_1280_reads_its_commit_titles_first(qtbot, window, tmp_path):
    win = window
    repo = build_repo(tmp_path / "repo.git")
    win.pull_panel.repo.setEditText(str(repo))
    win.pull_panel.date.setDate(win.pull_panel.date.date().fromString("2026-02-09", "yyyy-MM-dd"))
    win.pull_panel.tz.setCurrentText("UTC")
    _pull(qtbot, win)
    assert win.dialogs.errors == []
    tree = win.day_view.tree
    header = tree.header()
    assert header.sectionSize(0) >= tree.viewport().width() * 0.55  # the title first
    for col in (1, 2, 4):  # author, time and marks no wider than their text needs
        assert header.sectionSize(col) <= max(header.sectionSizeHint(col),
                                              tree.sizeHintForColumn(col)) + 8
    assert _cut_titles(tree, whole=40) == []  # at least 40 characters of each, the rest elided
    # the host narrows the panel: the title keeps the larger share, the others give way
    win.resizeDocks([win.day_dock], [360], Qt.Orientation.Horizontal)
    qtbot.wait(50)
    assert header.sectionSize(0) >= tree.viewport().width() * 0.45
    assert header.sectionSize(0) > 20 * tree.fontMetrics().averageCharWidth()


def test_a_recap_at_1280_shows_its_segment_titles_whole(qtbot, window, week):
    win = window
    panel = win.pull_panel
    panel.repo.setEditText(str(week.path))
    panel.span.set_mode(WEEK_MODE)
    panel.span.week.setEditText(WEEK)
    panel.tz.setCurrentText("UTC")
    _pull(qtbot, win)
    assert win.dialogs.errors == []
    assert win.project.episode.kind == "recap"
    assert _cut_segments(win.editor.segments) == []
    tree = win.day_view.tree
    assert tree.header().sectionSize(0) >= tree.viewport().width() * 0.55
    assert _cut_titles(tree, whole=40) == []  # a week's longest titles show 40 characters
    # every part of the window is on screen at 1280×800: no panel pushed off or squeezed shut
    assert win.editor.text.width() >= 300 and win.editor.segments.width() >= 150
    assert win.day_view.width() >= 300
