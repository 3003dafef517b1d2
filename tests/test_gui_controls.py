"""Keyboard shortcuts, cancelling a pull, and colours that follow the system palette."""

from __future__ import annotations

import pytest
from guikit import DATE, ScriptedDialogs, build_repo, isolate
from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from studio.gui.app import make_app, make_window

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    settings_dir = isolate(monkeypatch, tmp_path)
    make_app()
    win = make_window(settings_dir=settings_dir, dialogs=ScriptedDialogs())
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.project.close()
    win.runner.wait()


def test_cancel_stops_a_pull_and_leaves_nothing_open(qtbot, window, tmp_path):
    repo = build_repo(tmp_path / "big", extra=1500)
    panel = window.pull_panel
    panel.repo.setEditText(str(repo))
    panel.date.setDate(QDate.fromString(DATE, "yyyy-MM-dd"))
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    assert panel.cancel.isEnabled()
    qtbot.mouseClick(panel.cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.runner.busy(), timeout=30_000)
    assert not window.project.is_open and window.dialogs.errors == []
    assert "cancelled" in window.statusBar().currentMessage()
    assert panel.pull.isEnabled() and not panel.cancel.isEnabled()


def test_keyboard_shortcuts(qtbot, window, tmp_path):
    window.session.open_demo()
    qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(), timeout=30_000)
    ep, ed = window.project.episode, window.editor
    ed.text.setFocus()
    ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
    qtbot.keyClicks(ed.text, " Typed.")
    typed = ep.segment(ed.current_id()).text
    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(ed.text, Qt.Key.Key_Z, ctrl)
    assert not ep.segment(ed.current_id()).text.endswith("Typed.")
    qtbot.keyClick(ed.text, Qt.Key.Key_Z, ctrl | Qt.KeyboardModifier.ShiftModifier)
    assert ep.segment(ed.current_id()).text == typed
    window.dialogs.folder = tmp_path / "saved"
    qtbot.keyClick(ed.text, Qt.Key.Key_S, ctrl)
    assert (tmp_path / "saved" / "episode.json").exists() and not window.project.modified
    # Space types a space in the editor, and is play/pause elsewhere
    assert [k.toString() for k in window.play_action.shortcuts()] == ["Space"]
    assert "Ctrl+Return" in [k.toString() for k in window.synth_action.shortcuts()]
    qtbot.keyClicks(ed.text, " ")
    assert ep.segment(ed.current_id()).text == typed + " "


def test_colours_follow_the_system_palette(qtbot, window):
    app = QApplication.instance()
    before = app.palette()
    dark = QPalette(before)
    for role, colour in ((QPalette.ColorRole.Window, "#202124"), (QPalette.ColorRole.Base, "#17181a"),
                         (QPalette.ColorRole.Text, "#e8eaed"), (QPalette.ColorRole.WindowText, "#e8eaed")):
        dark.setColor(role, QColor(colour))
    try:
        app.setPalette(dark)  # what the platform does when the desktop turns dark
        qtbot.wait(50)
        shot = window.grab().toImage()
        editor = window.editor.text.viewport()
        centre = editor.mapTo(window, editor.rect().center())
        assert shot.pixelColor(centre).lightness() < 60
        wave = window.narration.editor.wave.grab().toImage()
        assert wave.pixelColor(5, 5).lightness() < 60
    finally:
        app.setPalette(before)
