"""Projects in the desktop app: a crashed session's autosave is offered back; settings survive
a corrupt settings file; the token is kept in the keyring and never shown in full."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from guikit import ScriptedDialogs, isolate

from studio.gui.app import make_app, make_window

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.usefixtures("qapp")

CRASHER = textwrap.dedent("""
    import os, signal, sys
    from studio.gui.app import make_app, make_window
    app = make_app()
    win = make_window()
    win.show()
    win.session.open_demo()
    win.runner.wait()
    app.processEvents()
    seg = win.project.episode.segments[1]
    win.editor.select_segment(seg.id)
    win.editor.text.setPlainText("Words written just before the crash.")
    app.processEvents()
    assert win.project.autosave() is not None
    sys.stdout.write("autosaved\\n"); sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_a_crashed_sessions_autosave_is_offered_back(qtbot, monkeypatch, tmp_path):
    settings_dir = isolate(monkeypatch, tmp_path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", CRASHER], env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "autosaved" in proc.stdout
    make_app()
    dialogs = ScriptedDialogs()
    win = make_window(settings_dir=settings_dir, dialogs=dialogs)
    qtbot.addWidget(win)
    win.show()
    win.start()
    qtbot.waitUntil(lambda: win.project.is_open, timeout=10_000)
    assert dialogs.asked and dialogs.asked[0].startswith("recover:")
    ep = win.project.episode
    assert ep.segments[1].text == "Words written just before the crash."
    assert win.project.modified and win.project.folder is None
    assert win.day_view.rows  # the day came back too: segments can be regenerated
    # saving keeps it and clears the autosave; a later start offers nothing
    dialogs.folder = tmp_path / "recovered"
    assert win.session.save()
    saved = json.loads((tmp_path / "recovered" / "episode.json").read_text())
    assert saved["segments"][1]["text"] == "Words written just before the crash."
    win.project.close()
    assert list((tmp_path / "state" / "autosave").glob("*.json")) == []


def test_declined_recovery_is_dropped(qtbot, monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    from studio.demo import sample_day_path
    from studio.pipeline import write_script_for
    from studio.projects import crashed_autosaves, write_autosave
    from studio.sources.model import load_day

    path = write_autosave(write_script_for(load_day(sample_day_path())), None, "dead")
    data = json.loads(path.read_text())
    data["pid"] = 2**22 + 12345  # no such process
    path.write_text(json.dumps(data))
    assert len(crashed_autosaves()) == 1
    make_app()
    dialogs = ScriptedDialogs()
    dialogs.recover = False
    win = make_window(settings_dir=tmp_path / "config", dialogs=dialogs)
    qtbot.addWidget(win)
    assert not win.session.offer_recovery()
    assert not win.project.is_open and crashed_autosaves() == []


def test_settings_survive_a_corrupt_file_and_the_dialog_saves_them(qtbot, monkeypatch, tmp_path):
    settings_dir = isolate(monkeypatch, tmp_path)
    settings_dir.mkdir(parents=True)
    (settings_dir / "settings.json").write_text('{"voice": "en-gb", "rate": ')  # cut off
    make_app()
    win = make_window(settings_dir=settings_dir, dialogs=ScriptedDialogs())
    qtbot.addWidget(win)
    assert win.session.settings == type(win.session.settings)()  # defaults: the app is up
    assert (settings_dir / "settings.json.bad").exists()
    dialog = win.settings_dialog()
    dialog.loudness.setValue(-19.0)
    dialog.rate.setValue(190)
    dialog.minutes.setValue(4.5)  # the script's target length
    dialog.accept()
    win.session.settings = dialog.result_settings()
    win.session.save_settings()
    win.io_runner.wait()
    data = json.loads((settings_dir / "settings.json").read_text())
    assert data["loudness_target"] == -19.0 and data["rate"] == 190
    assert data["script_minutes"] == 4.5
    again = make_window(settings_dir=settings_dir, dialogs=ScriptedDialogs())
    qtbot.addWidget(again)
    assert again.session.settings.loudness_target == -19.0
    assert again.session.settings.script_minutes == 4.5


def test_token_goes_to_the_keyring_and_is_never_shown_in_full(qtbot, monkeypatch, tmp_path):
    import keyring
    from keyrings.alt.file import PlaintextKeyring

    settings_dir = isolate(monkeypatch, tmp_path)
    ring = PlaintextKeyring()
    ring.file_path = str(tmp_path / "keyring.cfg")
    before = keyring.get_keyring()
    keyring.set_keyring(ring)
    try:
        make_app()
        win = make_window(settings_dir=settings_dir, dialogs=ScriptedDialogs())
        qtbot.addWidget(win)
        token = "ghp_secretsecretsecret1234"
        dialog = win.settings_dialog()
        dialog.token.setText(token)
        dialog.accept()
        assert dialog.result() == dialog.DialogCode.Accepted
        win.session.settings = dialog.result_settings()
        win.session.save_settings()
        win.io_runner.wait()
        assert ring.get_password("commitcast-studio", "github.com") == token
        assert token not in (settings_dir / "settings.json").read_text()
        shown = win.settings_dialog()
        assert shown.token.text() == "" and token not in shown.token.placeholderText()
        assert shown.token.placeholderText().endswith("1234")
        shown._forget()
        assert ring.get_password("commitcast-studio", "github.com") is None
    finally:
        keyring.set_keyring(before)


def test_autosave_runs_on_its_timer_and_recent_files_reopen(qtbot, monkeypatch, tmp_path):
    settings_dir = isolate(monkeypatch, tmp_path)
    make_app()
    dialogs = ScriptedDialogs()
    win = make_window(settings_dir=settings_dir, dialogs=dialogs, autosave_ms=200)
    qtbot.addWidget(win)
    win.show()
    win.session.open_demo()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    autosaves = tmp_path / "state" / "autosave"
    qtbot.waitUntil(lambda: any(autosaves.glob("*.json")), timeout=5_000)  # never saved: kept
    dialogs.folder = tmp_path / "ep"
    assert win.session.save()
    win.io_runner.wait()
    assert not any(autosaves.glob("*.json"))  # saved: nothing to recover
    win.editor.text.setPlainText("Changed after saving.")
    qtbot.waitUntil(lambda: any(autosaves.glob("*.json")), timeout=5_000)
    data = json.loads(next(autosaves.glob("*.json")).read_text())
    assert data["project"] == str((tmp_path / "ep").resolve())
    assert "Changed after saving." in json.dumps(data["episode"])
    # discard on close; then the recent list opens the saved project again
    win.close()
    assert not any(autosaves.glob("*.json"))
    again = make_window(settings_dir=settings_dir, dialogs=ScriptedDialogs())
    qtbot.addWidget(again)
    recent = again.recent_menu.actions()
    assert [a.text() for a in recent] == [str((tmp_path / "ep").resolve())]
    recent[0].trigger()
    qtbot.waitUntil(lambda: again.project.is_open and not again.runner.busy(), timeout=30_000)
    assert "Changed after saving." not in again.project.episode.transcript
    assert again.day_view.rows and not again.project.modified
    again.project.close()
