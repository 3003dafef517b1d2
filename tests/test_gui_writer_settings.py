"""The Settings page of the script writer, through the real window: kind, server, model,
temperature, timeout and length go to the show's show.toml ``[writer]`` (and ``[script]``),
the API key to the OS keyring only (never shown back, never in a file); bad values are
refused in the dialog with one clear line; "Test connection" asks the server off the UI
thread and lists its models or says in one line why not; the next pull drafts with it."""

from __future__ import annotations

import json
import socket
import time
import tomllib
from pathlib import Path

import pytest
from guikit import open_window
from llm_day import DAY, build_repo, faithful
from llm_server import ChatServer, Reply
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QDialogButtonBox

from studio.publish.show import default_settings, write_settings

pytestmark = pytest.mark.usefixtures("qapp")
SECRET = "sk-test-secret-0123456789abcd"


@pytest.fixture
def ring(monkeypatch, tmp_path):
    """A real keyring backend in a temp file (the child processes of a pull read it too)."""
    import keyring
    from keyring_file_backend import FileKeyring

    monkeypatch.setenv("STUDIO_TEST_KEYRING_FILE", str(tmp_path / "keyring.json"))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring_file_backend.FileKeyring")
    for name in ("STUDIO_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    before = keyring.get_keyring()
    backend = FileKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(before)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path, ring):
    monkeypatch.setenv("STUDIO_CACHE_DIR", str(tmp_path / "cache"))
    show = tmp_path / "show"
    show.mkdir()
    write_settings(default_settings("Widgets", "octo/widgets"), show)
    win = open_window(qtbot, monkeypatch, tmp_path)
    win.session.settings.show_dir = str(show)
    yield win
    win.project.close()
    win.runner.wait()


def ok_button(dialog):
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)


def accept(qtbot, window, dialog) -> None:
    """OK, and what the window does with an accepted dialog (its writes finished)."""
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    window.apply_settings(dialog)
    window.io_runner.wait()


def dialog_for(window, show_dir=None):
    """The Settings dialog, shown; ``show_dir``: another show folder typed into it."""
    dialog = window.settings_dialog()
    dialog.show()
    if show_dir is not None:
        dialog.show_dir.setText(str(show_dir))
        dialog.show_dir.editingFinished.emit()
    return dialog


def fill(dialog, base_url: str, model: str = "test-model") -> None:
    w = dialog.writer
    w.kind.setCurrentIndex(w.kind.findData("llm"))
    w.base_url.setText(base_url)
    w.model.setEditText(model)
    w.temperature.setValue(0.7)
    w.timeout.setValue(30)
    dialog.minutes.setValue(4.5)


def test_the_writer_goes_to_show_toml_the_key_to_the_keyring_and_the_pull_uses_it(
        qtbot, window, ring, tmp_path):
    show = Path(window.session.settings.show_dir)
    with ChatServer(key=SECRET) as server:
        dialog = window.settings_dialog()
        dialog.show()
        fill(dialog, server.base_url)
        dialog.writer.key.setText(SECRET)
        assert dialog.writer.key.echoMode() == dialog.writer.key.EchoMode.Password
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
        assert not dialog.isVisible(), dialog.message.text()
        window.apply_settings(dialog)
        window.io_runner.wait()
        data = tomllib.loads((show / "show.toml").read_text())
        assert data["title"] == "Widgets"  # the rest of the show is kept
        assert data["writer"]["kind"] == "llm" and data["writer"]["base_url"] == server.base_url
        assert data["writer"]["model"] == "test-model" and data["writer"]["temperature"] == 0.7
        assert data["writer"]["timeout"] == 30 and data["script"]["minutes"] == 4.5
        host = server.base_url.split("//")[1].split("/")[0]
        assert ring.get_password("commitcast-studio", f"llm:{host}") == SECRET
        for f in [*show.rglob("*"), *(tmp_path / "config").rglob("*")]:
            if f.is_file():
                assert SECRET not in f.read_text(errors="replace"), f
        again = window.settings_dialog()
        assert again.writer.key.text() == "" and SECRET not in again.writer.key.placeholderText()
        assert again.writer.key.placeholderText().endswith("abcd")
        assert again.writer.model.currentText() == "test-model"
        assert again.writer.kind.currentData() == "llm"
        # the next pull drafts with it, sending the key from the keyring
        shas = build_repo(tmp_path / "repo")
        server.script(Reply(json.dumps(faithful(shas))))
        panel = window.pull_panel
        panel.repo.setEditText(str(tmp_path / "repo"))
        panel.date.setDate(QDate.fromString(DAY, "yyyy-MM-dd"))
        qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(),
                        timeout=60_000)
        assert window.project.episode.writer == "llm-1 (test-model)", \
            window.project.episode.writer_note
        posts = [r for r in server.requests if r["body"] is not None]
        assert posts and posts[0]["auth"] == f"Bearer {SECRET}"


@pytest.mark.parametrize("what,value,words", [
    ("base_url", "localhost:11434", "Base URL must be an http:// or https:// URL"),
    ("base_url", "http://user:pw@localhost:11434/v1", "Base URL must not hold a user name"),
    ("model", "", "Model is not set"),
])
def test_bad_values_are_refused_in_the_dialog(qtbot, window, what, value, words):
    dialog = window.settings_dialog()
    dialog.show()
    fill(dialog, "http://localhost:11434/v1")
    if what == "base_url":
        dialog.writer.base_url.setText(value)
    else:
        dialog.writer.model.setEditText(value)
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and words in dialog.message.text(), dialog.message.text()
    assert "\n" not in dialog.message.text() and "pw@" not in dialog.message.text()
    assert dialog.tabs.currentWidget() is dialog.writer  # the page with the bad value


def test_the_llm_writer_needs_a_show_folder(qtbot, window):
    window.session.settings.show_dir = ""
    dialog = window.settings_dialog()
    dialog.show()
    fill(dialog, "http://localhost:11434/v1")
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and "show folder" in dialog.message.text()
    dialog.writer.kind.setCurrentIndex(dialog.writer.kind.findData("story"))
    assert not dialog.writer.base_url.isEnabled()  # the story writer needs no server
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_test_connection_lists_models_off_the_ui_thread_or_says_why_not(qtbot, window):
    w = None
    with ChatServer(models=("qwen2.5:7b", "llama3.2:3b"), models_hang=0.5) as server:
        dialog = window.settings_dialog()
        dialog.show()
        fill(dialog, server.base_url, "")
        w = dialog.writer
        started = time.monotonic()
        qtbot.mouseClick(w.test, Qt.MouseButton.LeftButton)
        assert time.monotonic() - started < 0.3  # the server takes 0.5 s: not on this thread
        assert "Testing" in dialog.message.text() and not w.test.isEnabled()
        qtbot.waitUntil(lambda: "2 models" in dialog.message.text(), timeout=10_000)
        # and one tiny chat request in each way the writer asks, with the server's answers
        said = dialog.message.text()
        assert "Chat with llama3.2:3b: JSON schema no (500: no reply scripted)" in said, said
        assert "streaming no (" in said and "\n" not in said
        assert [w.model.itemText(i) for i in range(w.model.count())] == ["llama3.2:3b",
                                                                          "qwen2.5:7b"]
        assert w.test.isEnabled()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    w.base_url.setText(f"http://127.0.0.1:{port}/v1")
    qtbot.mouseClick(w.test, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "cannot reach" in dialog.message.text(), timeout=15_000)
    assert f"127.0.0.1:{port}" in dialog.message.text() and "\n" not in dialog.message.text()
    window.runner.wait()


def test_another_show_folder_shows_its_own_writer_and_a_broken_one_is_never_overwritten(
        qtbot, window, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    show = default_settings("Other", "octo/other")
    from studio.script.llm.config import WriterSettings

    show.writer = WriterSettings(kind="llm", base_url="http://localhost:8080/v1", model="phi4")
    write_settings(show, other)
    dialog = window.settings_dialog()
    dialog.show()
    assert dialog.writer.kind.currentData() == "story"
    dialog.show_dir.setText(str(other))
    dialog.show_dir.editingFinished.emit()
    assert dialog.writer.kind.currentData() == "llm" and dialog.writer.model.currentText() == "phi4"
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "show.toml").write_text("title = [unclosed\n")
    dialog.show_dir.setText(str(broken))
    dialog.show_dir.editingFinished.emit()
    assert "show.toml" in dialog.message.text() and "cannot be changed" in dialog.message.text()
    fill(dialog, "http://localhost:11434/v1")
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and "fix it" in dialog.message.text()
    assert (broken / "show.toml").read_text() == "title = [unclosed\n"


def test_ok_without_a_writer_change_leaves_show_toml_as_the_host_wrote_it(qtbot, window):
    show = Path(window.session.settings.show_dir)
    text = (show / "show.toml").read_text() + "# my own note\n"
    (show / "show.toml").write_text(text)
    window.session.settings.script_minutes = 3.0  # as show.toml's [script] says
    dialog = dialog_for(window)
    dialog.rate.setValue(190)  # another setting changes
    accept(qtbot, window, dialog)
    assert (show / "show.toml").read_text() == text
    dialog = dialog_for(window)
    dialog.writer.temperature.setValue(0.2)  # now the writer changes: written
    accept(qtbot, window, dialog)
    assert tomllib.loads((show / "show.toml").read_text())["writer"]["temperature"] == 0.2


def test_the_script_length_shown_is_show_tomls_and_the_apps_own_only_without_one(
        qtbot, window, tmp_path):
    show = Path(window.session.settings.show_dir)
    text = (show / "show.toml").read_text().replace("minutes = 3.0", "minutes = 6.5")
    assert "minutes = 6.5" in text
    (show / "show.toml").write_text(text)  # edited by hand
    window.session.settings.script_minutes = 2.0  # the app's default for shows without one
    dialog = dialog_for(window)
    assert dialog.minutes.value() == 6.5
    dialog.rate.setValue(190)  # another setting changes
    accept(qtbot, window, dialog)
    assert (show / "show.toml").read_text() == text
    assert window.session.settings.script_minutes == 2.0
    # a folder without a show.toml shows (and sets) the app's own length
    bare = tmp_path / "bare"
    bare.mkdir()
    dialog = dialog_for(window, bare)
    assert dialog.minutes.value() == 2.0
    dialog.minutes.setValue(5.0)
    accept(qtbot, window, dialog)
    assert window.session.settings.script_minutes == 5.0
    assert not (bare / "show.toml").exists()
    # back in the show: its length, changed there, goes to its show.toml only
    dialog = dialog_for(window, show)
    assert dialog.minutes.value() == 6.5
    dialog.minutes.setValue(7.0)
    accept(qtbot, window, dialog)
    assert tomllib.loads((show / "show.toml").read_text())["script"]["minutes"] == 7.0
    assert window.session.settings.script_minutes == 5.0
