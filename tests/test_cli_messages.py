"""What a person reads from `studio produce` (issue 25 item 7): counts in words ("1 commit",
"1 day"), the programme's parts counted instead of ten take-file names (those under -v), an
owner.email warning that says how to fix it, and on a terminal one updating bar with the
warning on a line of its own. Through the real command, on a real clone."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gitrepo import RepoBuilder, at

ROOT = Path(__file__).resolve().parent.parent
VOICE = ("--voice", "gmw/en-us")


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def on_a_terminal(*args: str) -> str:
    """stderr and stdout of the command run on a pseudo-terminal, as a person sees them."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="120")
    main, child = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "studio", *args], stdin=child,
                            stdout=child, stderr=child, env=env, close_fds=True)
    os.close(child)
    out = b""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    proc.wait(timeout=30)
    os.close(main)
    assert proc.returncode == 0, out.decode(errors="replace")
    return out.decode(errors="replace")


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("messages") / "widgets"
    with RepoBuilder(path) as r:
        r.commit("Add the widget cache", at("2026-02-09", 9), "Ada Lovelace", "ada@ex.com")
        r.commit("Fix the parser", at("2026-02-10", 9), "Grace Hopper", "grace@ex.com")
    return path


@pytest.fixture(scope="module")
def show(clone, tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    root = tmp_path_factory.mktemp("messages-show") / "show"
    first = studio("produce", "--git", str(clone), "--date", "2026-02-09", "--show-dir",
                   str(root), *VOICE)
    assert first.returncode == 0, first.stderr
    return root, first


def test_a_day_reads_as_a_person_would_say_it(show):
    root, run = show
    err = run.stderr
    assert "pulled 1 commit\n" in err and "1 commits" not in err
    assert "tts-" not in err and ".wav" not in err  # the take files are details
    parts = re.findall(r"assembled (\d+) of (\d+) parts", err)
    assert parts and parts[-1][0] == parts[-1][1]  # the step's end is said
    assert len(parts) <= 3  # not a line a part
    warning = next(x for x in err.splitlines() if "owner.email is empty" in x)
    assert f'add [owner] email = "you@example.com" to {root / "show.toml"}' in warning


def test_the_take_files_are_named_under_verbose(show, clone):
    root, _ = show
    r = studio("-v", "produce", "--git", str(clone), "--date", "2026-02-09", "--show-dir",
               str(root), *VOICE)
    assert r.returncode == 0, r.stderr
    assert re.search(r"assembled tts-[0-9a-f]+\.wav", r.stderr)
    # a re-run with nothing of the host's to keep is no warning
    assert "WARNING: no host work to keep" not in r.stderr


def test_a_recap_counts_its_days_in_words(show, clone):
    root, _ = show
    r = studio("produce", "--git", str(clone), "--week", "2026-W07", "--show-dir", str(root),
               *VOICE)
    assert r.returncode == 0, r.stderr
    assert "(1 day from the show folder)" in r.stderr


def test_on_a_terminal_one_bar_and_the_warning_on_its_own_line(show, clone):
    root, _ = show
    seen = on_a_terminal("produce", "--git", str(clone), "--date", "2026-02-10",
                         "--show-dir", str(root), *VOICE)
    assert "\r[" in seen and "%" in seen
    lines = seen.replace("\r\n", "\n").split("\n")
    warning = [x for x in lines if "owner.email is empty" in x]
    assert len(warning) == 1
    shown = warning[0].rsplit("\r", 1)[-1]  # what stays on screen after the bar is cleared
    assert shown.startswith("show.toml: owner.email is empty")
    bars = [x for x in lines if "\r[" in x]
    # one updating line redrawn in place (the warning splits it in two), not a line a step
    assert len(bars) <= 2 and seen.count("\r[") > 10
