"""Memory stays flat through a host's cycles (issue 26, item 5): what a closed dialog or an
old day leaves is freed, through the real window.

Two things kept memory growing about 2 MB a cycle: every Settings dialog opened stayed alive
as a child of the window, and every pull's result froze the whole heap (``gc.freeze``), with
it the cyclic garbage not yet collected then (a closed export dialog, the previous day's
objects), for good. The collector now thaws frozen objects once the app is idle, frees the
dead among them and freezes the rest again.
"""

from __future__ import annotations

import gc
import weakref

import pytest
from gui_soak import HostDay
from guikit import DATE, build_repo, open_window
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from studio.gui.settings_dialog import SettingsDialog

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def host(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    day = HostDay(win, build_repo(tmp_path / "pytorch"), DATE, tmp_path)
    yield day
    win.project.close()
    win.runner.wait()


def collector_thaws() -> int:
    from studio.gui import collector

    return collector._installed.thaws if collector._installed is not None else 0


def accept_settings_soon(seen: list | None = None) -> None:
    def accept() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SettingsDialog), dialog
        if seen is not None:
            seen.append(weakref.ref(dialog))
        dialog.accept()

    QTimer.singleShot(200, accept)


def test_settings_opened_and_accepted_are_not_kept(host, qtbot):
    win = host.win
    for _ in range(3):
        accept_settings_soon()
        win.open_settings()  # the window's own Settings…, modal, accepted by the host
    qtbot.wait(50)  # the deferred deletes
    assert win.findChildren(SettingsDialog) == []


def test_a_closed_dialog_is_freed_after_a_pull_once_the_app_is_idle(host, qtbot):
    """A dialog's Python side is cyclic garbage once Qt deleted it; a pull that arrives
    before the collector's next full pass froze it for good."""
    from studio.gui import collector

    collector._installed.idle_seconds = 2.0  # the app waits longer; the test need not
    win = host.win
    host.pull()
    seen: list[weakref.ref] = []
    accept_settings_soon(seen)
    win.open_settings()
    qtbot.wait(50)
    host.pull()  # a child job's result arrives: the heap is frozen, the dialog with it
    assert gc.get_freeze_count() > 0
    qtbot.waitUntil(lambda: seen[0]() is None, timeout=7_000)
    assert collector_thaws() >= 1
