"""The writer part of Settings finds a model server on this machine: "Find a local server"
asks Ollama and llama-server on the task runner and fills the server and model fields with what
answers, saying how to use it; with nothing answering it says so."""

from __future__ import annotations

import socket

import pytest
from llm_server import ChatServer
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDoubleSpinBox

from studio.gui.tasks import TaskRunner
from studio.gui.writer_settings import WriterPage

pytestmark = pytest.mark.usefixtures("qapp")


def closed_port() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


def page(qtbot, said: list[str]) -> WriterPage:
    runner = TaskRunner()
    w = WriterPage("", QDoubleSpinBox(), said.append, runner)
    w._runner_keep = runner  # noqa: SLF001 - kept alive with the page
    qtbot.addWidget(w)
    w.kind.setCurrentIndex(w.kind.findData("auto"))
    return w


def test_find_fills_in_a_found_ollama(qtbot, monkeypatch):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    said: list[str] = []
    with ChatServer(models=("qwen2.5:7b", "llama3.2:3b"), ollama_ctx=8192) as ollama:
        monkeypatch.setenv("STUDIO_OLLAMA_URL", ollama.base_url[:-3])
        monkeypatch.setenv("STUDIO_LLAMA_SERVER_URL", closed_port())
        w = page(qtbot, said)
        assert w.find.isEnabled()
        qtbot.mouseClick(w.find, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: said and said[-1].startswith("Found"), timeout=10_000)
    assert w.base_url.text() == ollama.base_url and w.model.currentText() == "qwen2.5:7b"
    assert "--llm-model qwen2.5:7b" in said[-1] and w.settings().kind == "auto"
    w._runner_keep.wait()


def test_find_says_when_nothing_answers(qtbot, monkeypatch):
    monkeypatch.setenv("STUDIO_OLLAMA_URL", closed_port())
    monkeypatch.setenv("STUDIO_LLAMA_SERVER_URL", closed_port())
    said: list[str] = []
    w = page(qtbot, said)
    qtbot.mouseClick(w.find, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(said) >= 2, timeout=10_000)
    assert "No Ollama (127.0.0.1:11434) or llama-server" in said[-1]
    w._runner_keep.wait()
