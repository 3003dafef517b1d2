"""'Test connection' for the language-model writer (the core the Settings page calls): the
models a server offers, or one line saying why not (down, wrong base URL, refused key), and
the key never in that line."""

from __future__ import annotations

import socket

import pytest
from llm_server import ChatServer, Reply

from studio.plumbing.errors import StudioError
from studio.script.llm.config import WriterSettings
from studio.script.llm.probe import list_models

SECRET = "sk-test-secret-0123456789"


@pytest.fixture(autouse=True)
def no_keys(monkeypatch):
    for name in ("STUDIO_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")


def test_the_models_of_a_local_server_are_listed():
    with ChatServer(models=("qwen2.5:7b", "llama3.2:3b")) as server:
        found = list_models(WriterSettings(kind="llm", base_url=server.base_url))
        assert found == ["llama3.2:3b", "qwen2.5:7b"]
        assert server.requests[-1]["path"] == "/v1/models"


def test_a_typed_key_is_sent_and_a_refused_one_is_one_line_without_it():
    with ChatServer(key=SECRET) as server:
        settings = WriterSettings(kind="llm", base_url=server.base_url)
        assert list_models(settings, SECRET) == ["m"]
        assert server.requests[-1]["auth"] == f"Bearer {SECRET}"
        with pytest.raises(StudioError) as caught:
            list_models(settings, "sk-wrong-key-000000")
        said = str(caught.value)
        assert "refused the API key" in said and "sk-wrong" not in said and "\n" not in said


def test_a_server_that_is_down_or_a_wrong_path_is_one_line():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StudioError, match=f"cannot reach 127.0.0.1:{port}"):
        list_models(WriterSettings(kind="llm", base_url=f"http://127.0.0.1:{port}/v1",
                                   timeout=5))
    with ChatServer() as server, pytest.raises(StudioError, match="ends in /v1"):
        list_models(WriterSettings(kind="llm", base_url=server.base_url[:-3] + "/api"))
    with pytest.raises(StudioError, match="http:// or https://"):
        list_models(WriterSettings(kind="llm", base_url="localhost:11434"))


def test_a_remote_server_without_a_key_says_where_one_comes_from():
    with pytest.raises(StudioError, match="no API key for the model server api.example.com"):
        list_models(WriterSettings(kind="llm", base_url="https://api.example.com/v1"))


def test_test_connection_says_which_ways_of_asking_the_server_supports():
    """One tiny chat request in each way the writer may ask: llama-cpp-python's server answers
    a JSON schema with its own 500, which is said with its message; the rest work."""
    from studio.script.llm.probe import chat_modes

    ok = Reply('{"ok": true}')
    with ChatServer() as server:
        server.script(Reply(status=500, content="Input should be 'text' or 'json_object'"),
                      ok, ok, ok, ok)
        line = chat_modes(WriterSettings(kind="llm", base_url=server.base_url, model="m"))
        bodies = [r["body"] for r in server.requests]
    assert line == ("chat with m: JSON schema no (500: Input should be 'text' or "
                    "'json_object'), json_object with a schema yes, json_object yes, "
                    "no format yes, streaming yes"), line
    assert [b.get("response_format", {}).get("type") for b in bodies] == [
        "json_schema", "json_object", "json_object", None, None]
    assert "schema" in bodies[1]["response_format"] and "schema" not in bodies[2]["response_format"]
    assert bodies[4]["stream"] is True and all(b["max_tokens"] == 16 for b in bodies)
