"""Pulling a day the show already holds (issue 26): the host's episode opens, and a fresh
pull is the explicit, undoable "Update from the repository…" that keeps their takes and
edits; and the pull bar's buttons keep their places while a job runs."""

from __future__ import annotations

import pytest
from guikit import DATE, build_repo, open_window
from PySide6.QtCore import QDate, QPoint, QRect, Qt

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path)
    qtbot.waitExposed(win)
    yield win
    win.project.close()
    win.runner.wait()


def _place(widget, window) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def test_the_pull_button_keeps_its_place_and_cancel_never_takes_it(qtbot, window, tmp_path):
    repo = build_repo(tmp_path / "big", extra=1500)
    panel = window.pull_panel
    panel.repo.setEditText(str(repo))
    panel.date.setDate(QDate.fromString(DATE, "yyyy-MM-dd"))
    qtbot.wait(50)  # the bar laid out as the host sees it
    before = _place(panel.pull, window)
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    during = []
    qtbot.waitUntil(lambda: during.append((_place(panel.pull, window),
                                           _place(panel.cancel, window), panel.cancel.isEnabled()))
                    or not window.runner.busy(), timeout=60_000)
    qtbot.wait(50)
    assert window.project.is_open and window.dialogs.errors == []
    busy = [d for d in during if d[2]]
    assert len(busy) >= 3  # the pull was watched while it ran
    assert all(pull == before for pull, _c, _b in during)
    assert all(not cancel.intersects(before) for _p, cancel, _b in during)
    assert _place(panel.pull, window) == before
    assert not _place(panel.cancel, window).intersects(before)
