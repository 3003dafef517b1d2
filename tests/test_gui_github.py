"""Pulling from GitHub in the desktop app: the repository field takes `owner/name`, the pull
runs against a local stand-in for the GitHub API (set in Settings as the API URL), with the
token from the environment, and the token appears nowhere in the project."""

from __future__ import annotations

import datetime as dt

import pytest
from github_history import pytorch_history, serving
from guikit import ScriptedDialogs, isolate
from PySide6.QtCore import QDate, Qt

from studio.gui.app import make_app, make_window
from studio.gui.day_rows import REVERT

pytestmark = pytest.mark.usefixtures("qapp")
TOKEN = "ghp_guiTOKEN0123456789abcdefABCDEF012345"
DAY = dt.date(2026, 2, 9)


def test_pull_a_github_repository(qtbot, monkeypatch, tmp_path):
    settings_dir = isolate(monkeypatch, tmp_path)
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    hist = pytorch_history(tmp_path / "hist", DAY, count=12)
    with serving(hist, TOKEN, "pytorch/pytorch", merged=False) as server:
        make_app()
        dialogs = ScriptedDialogs()
        win = make_window(settings_dir=settings_dir, dialogs=dialogs)
        qtbot.addWidget(win)
        win.session.settings.github_api_url = server.api_url
        win.show()
        panel = win.pull_panel
        panel.repo.setEditText("pytorch/pytorch")
        panel.date.setDate(QDate(DAY.year, DAY.month, DAY.day))
        panel.tz.setCurrentText("UTC")
        qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: (win.project.is_open or bool(dialogs.errors))
                        and not win.runner.busy(), timeout=60_000)
        assert dialogs.errors == []
        assert server.count() > 0  # the pull really went to the API
    day = win.project.day
    assert day.source == "github" and day.repo == "pytorch/pytorch" and len(day.commits) == 12
    assert sum(REVERT in r.marks for r in win.day_view.rows) == 2
    assert "github.com/pytorch/pytorch/pull/" in win.day_view.rows[0].details
    dialogs.folder = tmp_path / "episode"
    assert win.session.save()
    win.io_runner.wait()
    for path in [*(tmp_path / "episode").rglob("*"), *settings_dir.rglob("*")]:
        if path.is_file():
            assert TOKEN not in path.read_text(errors="replace"), path
    assert win.session.settings.recent_repos[0] == "pytorch/pytorch"
    win.project.close()
