"""Pulling a day the show already holds (issue 26): the host's episode opens, and a fresh
pull is the explicit, undoable "Update from the repository…" that keeps their takes and
edits; and the pull bar's buttons keep their places while a job runs."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from gitrepo import PT_BOT, pt_landed
from guikit import DATE, build_repo, open_window, recording
from PySide6.QtCore import QDate, QPoint, QRect, Qt
from test_gui_flow import pull

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


def _land_another_commit(repo: Path) -> None:
    """A commit landed later the same day (what a re-pull finds new): one more on main."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ann Later", "GIT_AUTHOR_EMAIL": "ann@ex.com",
           "GIT_COMMITTER_NAME": PT_BOT[0], "GIT_COMMITTER_EMAIL": PT_BOT[1],
           "GIT_AUTHOR_DATE": f"{DATE}T20:00:00+0000", "GIT_COMMITTER_DATE": f"{DATE}T20:00:00+0000"}
    git = ["git", "-C", str(repo)]
    head = subprocess.run([*git, "rev-parse", "main"], capture_output=True, text=True,
                          check=True).stdout.strip()
    sha = subprocess.run([*git, "commit-tree", f"{head}^{{tree}}", "-p", head, "-m",
                          pt_landed("[Docs] Explain the new flag", 77)], capture_output=True,
                         text=True, check=True, env=env).stdout.strip()
    subprocess.run([*git, "update-ref", "refs/heads/main", sha], check=True)


def test_pulling_a_day_the_show_holds_opens_the_hosts_episode_and_update_merges(
        qtbot, window, tmp_path):
    repo = build_repo(tmp_path / "pytorch")
    show = tmp_path / "show"
    folder = show / "episodes" / DATE
    window.session.settings.show_dir = str(show)
    window.dialogs.folder = folder
    pull(qtbot, window, repo)
    ep = window.project.episode
    # the host's work: a recording on the rollback story, an edit of the Inductor one
    window.narration.select_segment("rollbacks")
    window.narration.import_recording(recording(tmp_path / "host.wav"))
    qtbot.waitUntil(lambda: ep.segment("rollbacks").take is not None and not window.runner.busy(),
                    timeout=60_000)
    edited = ep.segment("story-1").text + " My own words about it."
    window.editor.select_segment("story-1")
    window.editor.text.setPlainText(edited)
    assert window.session.save()
    take = ep.segment("rollbacks").take
    assert take.source == "imported" and window.dialogs.errors == []

    # the same day pulled again: the host's episode opens, no draft over it
    pull(qtbot, window, repo)
    again = window.project.episode
    assert window.project.folder == folder and not window.project.modified
    assert again.segment("rollbacks").take == take
    assert again.segment("story-1").text == edited
    assert "already in the show" in window.statusBar().currentMessage()
    assert window.session.save()
    assert not [a for a in window.dialogs.asked if a.startswith("replace:")]  # no warning
    saved = json.loads((folder / "episode.json").read_text())
    assert next(s for s in saved["segments"] if s["id"] == "story-1")["text"] == edited

    # a commit lands later that day: Update from the repository merges it in, one undo step
    _land_another_commit(repo)
    assert window.update_action.isEnabled()
    window.update_action.trigger()
    qtbot.waitUntil(lambda: not window.runner.busy(), timeout=60_000)
    assert window.dialogs.errors == []
    assert len(window.project.day.commits) == 6 and window.project.modified
    assert "Updated from the repository (6 commits): kept your work on 2 parts" in \
        window.statusBar().currentMessage()
    assert again.segment("rollbacks").take == take
    assert again.segment("story-1").text == edited
    assert any("Explain the new flag" in r.title for r in window.day_view.rows)
    window.undo_action.trigger()
    assert len(window.project.day.commits) == 5
    assert not any("Explain the new flag" in r.title for r in window.day_view.rows)
    assert not window.project.modified
    window.redo_action.trigger()
    assert window.session.save()
    day = json.loads((folder / "day.json").read_text())
    assert len(day["commits"]) == 6  # the day saved with the episode
    assert not [a for a in window.dialogs.asked if a.startswith("replace:")]


def test_an_update_that_cannot_keep_an_edit_asks_first(qtbot, window, tmp_path):
    repo = build_repo(tmp_path / "pytorch")
    pull(qtbot, window, repo)
    ep = window.project.episode
    mine = ep.segment("intro").text + " Hello from me."
    window.editor.select_segment("intro")
    window.editor.text.setPlainText(mine)  # the opening counts every commit: a new one changes them
    _land_another_commit(repo)
    window.update_action.trigger()
    qtbot.waitUntil(lambda: not window.runner.busy(), timeout=60_000)
    assert window.dialogs.errors == []
    assert window.dialogs.asked[-1] == "update-losing:1"
    assert ep.segment("intro").text == mine and len(window.project.day.commits) == 5
    assert "Not updated" in window.statusBar().currentMessage()
    window.dialogs.update_losing = True
    window.update_action.trigger()
    qtbot.waitUntil(lambda: not window.runner.busy(), timeout=60_000)
    assert len(window.project.day.commits) == 6 and ep.segment("intro").text != mine
    assert "replaced segment 'intro' (edited text: its commits changed)" in \
        window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert ep.segment("intro").text == mine and len(window.project.day.commits) == 5
