"""What `studio script --writer llm` shows while a model drafts, through the real command: on a
terminal one progress line that fits its width, a warning on a line of its own; without a
terminal plain lines, one per step rather than one per streamed chunk; a retry's wait said as
it is ("0.5 s", not "0 s"); and a web page served with 200 said to be no chat-completions API.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from llm_day import DAY, build_repo, faithful
from llm_server import ChatServer, Reply

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = 60
HTML = b"<!DOCTYPE html><html><head><title>Welcome</title></head><body>It works</body></html>"


@pytest.fixture(scope="module")
def day(tmp_path_factory):
    base = tmp_path_factory.mktemp("llmterm")
    shas = build_repo(base / "repo")
    day_file = base / "day.json"
    r = subprocess.run(_cmd("pull", "--git", str(base / "repo"), "--date", DAY, "-o",
                            str(day_file)), env=_env(base), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return day_file, shas


@pytest.fixture(scope="module")
def server():
    with ChatServer() as s:
        yield s


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "studio", *args]


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("STUDIO_LLM_API_KEY", "OPENAI_API_KEY", "COLUMNS", "LINES")}
    env.update(PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    return env


def _script_args(day_file: Path, out: Path, server: ChatServer) -> list[str]:
    return _cmd("script", str(day_file), "-o", str(out), "--force", "--writer", "llm",
                "--llm-base-url", server.base_url, "--llm-model", "m")


def _on_a_terminal(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run with stderr on a pseudo-terminal COLUMNS wide; (exit code, what it showed)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, COLUMNS, 0, 0))
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=slave, env=env)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        seen += data
    os.close(master)
    return p.wait(timeout=30), seen.decode("utf-8", "replace")


def test_on_a_terminal_progress_fits_the_width_and_a_warning_has_its_own_line(
        day, server, tmp_path):
    day_file, shas = day
    server.script(Reply(json.dumps(faithful(shas)), truncate=True, pace=0.02))
    code, shown = _on_a_terminal(_script_args(day_file, tmp_path / "ep", server),
                                 _env(tmp_path))
    assert code == 0, shown
    shown = shown.replace("\r\n", "\n")  # the terminal's own newline translation
    updates = [u for line in shown.split("\n") for u in line.split("\r")]
    drafting = [u for u in updates if "drafting" in u]
    assert len(drafting) > 5, shown  # streamed progress was shown
    assert all(len(u) <= COLUMNS - 1 for u in updates if "%" in u), \
        max(updates, key=len)
    lines = shown.split("\n")
    warning = next(line for line in lines if "the language model" in line)
    assert warning.split("\r")[-1].startswith("the language model"), repr(warning)
    assert len([line for line in lines if line.strip()]) <= 3, lines


def test_without_a_terminal_progress_is_plain_lines_one_per_step(day, server, tmp_path):
    day_file, shas = day
    server.script(Reply(status=429, content="busy"),
                  Reply(json.dumps(faithful(shas)), pace=0.01))
    r = subprocess.run(_script_args(day_file, tmp_path / "ep", server), env=_env(tmp_path),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert any(re.match(r"\s*\d+% drafting the day with m at 127\.0\.0\.1:\d+$", line)
               for line in lines), lines
    assert any(line.endswith("is busy: trying again in 0.5 s") for line in lines), lines
    streamed = [line for line in lines if "characters" in line]
    assert 1 <= len(streamed) <= 3, lines  # not one line per chunk (the draft sent ~40)
    assert all("\r" not in line for line in lines)


def test_a_web_page_served_with_200_is_no_chat_completions_api(day, server, tmp_path):
    from studio.pipeline import write_script_for
    from studio.script.llm.config import WriterSettings
    from studio.sources.model import load_day

    day_file, _ = day
    page = Reply(raw=HTML, headers={"Content-Type": "text/html; charset=utf-8"})
    for stream in (True, False):
        server.script(page, page, page)
        settings = WriterSettings(kind="llm", base_url=server.base_url, model="m",
                                  cache=False, stream=stream)
        ep = write_script_for(load_day(day_file), writer=settings)
        assert ep.writer == "editor-1", ep.writer
        assert "did not answer as a chat-completions API (it sent a web page" in \
            ep.writer_note, (stream, ep.writer_note)
        assert len(server.requests) == 1  # a wrong address is not asked again
