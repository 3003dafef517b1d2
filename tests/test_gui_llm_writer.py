"""The language-model writer in the desktop app, through the real window: a pull drafts with
the writer show.toml's ``[writer]`` names (off the UI thread, progress counting characters as
the draft streams, Cancel stops it); a server that is down gives the story script and a
one-line notice the host sees beside the script."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from guikit import open_window
from llm_day import DAY, build_repo, faithful
from llm_server import ChatServer, Reply
from PySide6.QtCore import QDate, Qt

from studio.publish.show import default_settings, write_settings
from studio.script.llm.config import WriterSettings

pytestmark = pytest.mark.usefixtures("qapp")
MODEL = "test-model"


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("guillm")
    return base / "repo", build_repo(base / "repo")


@pytest.fixture
def server():
    with ChatServer() as s:
        yield s


def show_with_writer(folder: Path, base_url: str, **extra) -> Path:
    show = default_settings("Widgets", "octo/widgets")
    show.writer = WriterSettings(kind="llm", base_url=base_url, model=MODEL, cache=False,
                                 **extra)
    folder.mkdir(parents=True, exist_ok=True)
    write_settings(show, folder)
    return folder


def window_for(qtbot, monkeypatch, tmp_path: Path, show_dir: Path):
    monkeypatch.setenv("STUDIO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    for name in ("STUDIO_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    win = open_window(qtbot, monkeypatch, tmp_path)
    win.session.settings.show_dir = str(show_dir)
    return win


def pull(qtbot, win, repo: Path) -> list[str]:
    """Pull the day through the pull bar; returns the progress messages the window got."""
    said: list[str] = []
    win.session.progress.connect(lambda _f, m: said.append(m))
    panel = win.pull_panel
    panel.repo.setEditText(str(repo))
    panel.date.setDate(QDate.fromString(DAY, "yyyy-MM-dd"))
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    return said


def close(win) -> None:
    win.project.close()
    win.runner.wait()


def test_a_pull_drafts_with_the_shows_writer_and_counts_characters_as_it_streams(
        qtbot, monkeypatch, tmp_path, repo, server):
    path, shas = repo
    server.script(Reply(json.dumps(faithful(shas)), pace=0.02))  # about a second of streaming
    win = window_for(qtbot, monkeypatch, tmp_path, show_with_writer(tmp_path / "show",
                                                                     server.base_url))
    said = pull(qtbot, win, path)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=60_000)
    try:
        ep = win.project.episode
        assert win.dialogs.errors == []
        assert ep.writer == f"llm-1 ({MODEL})" and not ep.writer_note
        assert server.requests and server.requests[0]["body"]["model"] == MODEL
        drafting = [m for m in said if m.startswith(f"drafting with {MODEL}… ")]
        assert drafting and drafting[-1].endswith(" characters"), said
        counted = int(drafting[-1].split("… ")[1].split()[0].replace(",", ""))
        assert counted > 1000 and len(set(drafting)) > 5  # told the size as the draft came
        note = win.editor.writer_note
        assert note.isVisible() and "10 sentences verified" in note.text()
    finally:
        close(win)


def test_a_server_that_is_down_gives_the_story_script_and_a_notice(qtbot, monkeypatch,
                                                                   tmp_path, repo):
    path, _shas = repo
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    show = show_with_writer(tmp_path / "show", f"http://127.0.0.1:{port}/v1", retries=0)
    win = window_for(qtbot, monkeypatch, tmp_path, show)
    pull(qtbot, win, path)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=60_000)
    try:
        ep = win.project.episode
        assert ep.writer == "editor-1" and f"127.0.0.1:{port}" in ep.writer_note
        assert win.dialogs.errors == []
        note = win.editor.writer_note
        assert note.isVisible() and "story writer" in note.text()
        assert "\n" not in note.text() and f"127.0.0.1:{port}" in note.text()
        assert "story writer" in win.statusBar().currentMessage()
    finally:
        close(win)


def test_cancel_stops_a_draft_that_hangs(qtbot, monkeypatch, tmp_path, repo, server):
    path, _shas = repo
    server.script(Reply(hang=20, content="{}"))
    win = window_for(qtbot, monkeypatch, tmp_path, show_with_writer(tmp_path / "show",
                                                                    server.base_url))
    pull(qtbot, win, path)
    try:
        qtbot.waitUntil(lambda: bool(server.requests), timeout=60_000)  # the model was asked
        qtbot.mouseClick(win.pull_panel.cancel, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not win.runner.busy(), timeout=5_000)
        assert not win.project.is_open and win.dialogs.errors == []
        assert "cancelled" in win.statusBar().currentMessage()
    finally:
        close(win)
