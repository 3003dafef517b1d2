"""A model server on this machine, found: `studio doctor` says what answers and how to use it,
and `--writer auto` drafts with its first model, or with no server says in one line that the
story writer writes the script."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from llm_day import DAY, build_repo, faithful
from llm_server import ChatServer, Reply

from studio.script.llm.local import find_local_servers

ROOT = Path(__file__).resolve().parent.parent


def closed_port() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


def run(tmp: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    e = {k: v for k, v in os.environ.items() if k not in ("STUDIO_LLM_API_KEY", "OPENAI_API_KEY")}
    e.update(PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
             PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring", **env)
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=e, timeout=300)


@pytest.fixture(scope="module")
def day(tmp_path_factory):
    base = tmp_path_factory.mktemp("auto")
    shas = build_repo(base / "repo")
    out = base / "day.json"
    r = run(base, "pull", "--git", str(base / "repo"), "--date", DAY, "-o", str(out))
    assert r.returncode == 0, r.stderr
    return out, shas


def test_ollama_and_llama_server_are_found_with_their_models():
    with ChatServer(models=("qwen2.5:7b",), ollama_ctx=8192) as ollama, \
            ChatServer(models=("m.gguf",)) as llama:
        found = find_local_servers(ollama.base_url[:-3], llama.base_url[:-3])
    assert [(s.kind, s.models) for s in found] == [("Ollama", ("qwen2.5:7b",)),
                                                   ("llama-server", ("m.gguf",))]
    assert f"--writer llm --llm-base-url {ollama.base_url} --llm-model qwen2.5:7b" in found[0].how()
    assert not find_local_servers(closed_port(), closed_port())


def test_doctor_says_how_to_use_what_it_found(tmp_path):
    with ChatServer(models=("qwen2.5:7b",), ollama_ctx=8192) as ollama:
        r = run(tmp_path, "doctor", "--offline", "--json", STUDIO_OLLAMA_URL=ollama.base_url[:-3],
                STUDIO_LLAMA_SERVER_URL=closed_port())
    check = next(c for c in json.loads(r.stdout)["checks"] if c["name"] == "language model")
    assert check["ok"] and "--llm-model qwen2.5:7b" in check["detail"]
    assert f'base_url = "{ollama.base_url}"' in check["detail"]


def test_writer_auto_uses_a_found_model_and_else_the_story_writer(day, tmp_path):
    day_file, shas = day
    # a Modelfile that sets an 8k window (Ollama's default of 4096 would hold the brief, the
    # day and the answer only part by part, which this one reply does not script)
    with ChatServer(models=("qwen2.5:7b",), ollama_ctx=32768, num_ctx=8192) as ollama:
        ollama.script(Reply(json.dumps(faithful(shas))))
        r = run(tmp_path, "script", str(day_file), "-o", str(tmp_path / "a"), "--writer",
                "auto", STUDIO_OLLAMA_URL=ollama.base_url[:-3],
                STUDIO_LLAMA_SERVER_URL=closed_port())
        assert r.returncode == 0, r.stderr
        assert ollama.requests[-1]["body"]["model"] == "qwen2.5:7b"
    ep = json.loads((tmp_path / "a" / "episode.json").read_text())
    assert ep["writer"] == "llm-1 (qwen2.5:7b)" and "using qwen2.5:7b from Ollama" in r.stderr
    assert "drafted by qwen2.5:7b: 10 sentences verified" in r.stdout
    r = run(tmp_path, "script", str(day_file), "-o", str(tmp_path / "b"), "--writer", "auto",
            STUDIO_OLLAMA_URL=closed_port(), STUDIO_LLAMA_SERVER_URL=closed_port())
    assert r.returncode == 0, r.stderr
    lines = [x for x in r.stderr.splitlines() if "writer auto" in x]
    assert len(lines) == 1 and "the story writer writes this script" in lines[0]
    assert json.loads((tmp_path / "b" / "episode.json").read_text())["writer"] == "editor-1"


def test_the_local_server_bench_skips_cleanly_without_llama_cpp_python():
    """bench/bench_llm_servers.py needs the optional llm-local extra (it compiles llama.cpp,
    so `make test` leaves it out): without it the bench says so in one line and exits 0."""
    import importlib.util

    if importlib.util.find_spec("llama_cpp") is not None:
        pytest.skip("llama-cpp-python is installed: the bench would start a real server")
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_llm_servers.py")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert r.stdout.startswith("skipped: llama-cpp-python[server] is not installed"), r.stdout
    assert len(r.stdout.splitlines()) == 1
