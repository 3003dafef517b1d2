"""``studio pull -o PATH`` writes into what PATH is instead of replacing it: a regular file
atomically, a character device, a FIFO or a link to ``/proc/self/fd/1`` straight through,
``-`` to standard output (issue 27).

Only nodes made in the test's own temp folder are used — never the system's: a character
device with /dev/full's numbers (1, 7) and /dev/null's (1, 3), made with mknod (root), and a
FIFO. The real command runs in a child.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from github_history import pytorch_history

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return pytorch_history(tmp_path_factory.mktemp("outnodes") / "pt.git", DAY, count=3)


def pull(history, output: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(tmp / "home"),
               XDG_CACHE_HOME=str(tmp / "xdg"), STUDIO_CACHE_DIR=str(tmp / "cache"))
    return subprocess.run([sys.executable, "-m", "studio", "pull", "--git", str(history.path),
                           "--date", DAY.isoformat(), "-o", output], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=120)


def char_device(path: Path, minor: int) -> Path:
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("making a device node needs root")
    return path


def is_device(path: Path, minor: int) -> bool:
    st = os.lstat(path)
    return stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, minor)


def test_a_full_device_stays_a_device_and_the_error_is_one_line(history, tmp_path):
    full = char_device(tmp_path / "full", 7)
    done = pull(history, str(full), tmp_path)
    assert is_device(full, 7), oct(os.lstat(full).st_mode)
    assert done.returncode == 1, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line == f"studio: error: cannot write {full}: no space left on device", line


def test_a_null_device_stays_a_device(history, tmp_path):
    null = char_device(tmp_path / "null", 3)
    done = pull(history, str(null), tmp_path)
    assert done.returncode == 0, done.stderr
    assert is_device(null, 3), oct(os.lstat(null).st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".null")]  # no temp left


def test_a_fifo_gets_the_day_and_stays_a_fifo(history, tmp_path):
    fifo = tmp_path / "day.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    done = pull(history, str(fifo), tmp_path)
    reader.join(30)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert json.loads(got[0])["date"] == DAY.isoformat()


def test_a_link_to_the_commands_stdout_writes_there_and_stays_a_link(history, tmp_path):
    link = tmp_path / "out"
    link.symlink_to("/proc/self/fd/1")
    done = pull(history, str(link), tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == "/proc/self/fd/1"
    assert '"date": "2026-02-09"' in done.stdout


def test_dash_is_standard_output(history, tmp_path):
    done = pull(history, "-", tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["date"] == DAY.isoformat()  # the summary went to stderr
    assert "-> standard output" in done.stderr
    assert not (tmp_path / "-").exists()


def test_a_link_to_a_file_keeps_the_link_and_replaces_the_file(history, tmp_path):
    real = tmp_path / "days" / "real.json"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "day.json"
    link.symlink_to(real)
    done = pull(history, str(link), tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and json.loads(real.read_text())["date"] == DAY.isoformat()
    assert stat.S_IMODE(real.stat().st_mode) == 0o600


def test_a_folder_is_refused_in_one_line(history, tmp_path):
    folder = tmp_path / "somewhere"
    folder.mkdir()
    done = pull(history, str(folder), tmp_path)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert "is a folder" in line and folder.is_dir()


def test_the_gui_screenshot_into_a_link_to_a_full_device_leaves_the_device(tmp_path):
    """``studio gui --screenshot`` is the other output-file option: the same rules."""
    full = char_device(tmp_path / "full", 7)
    shot = tmp_path / "shot.png"
    shot.symlink_to(full)
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen",
               COMMITCAST_CONFIG_DIR=str(tmp_path / "config"),
               COMMITCAST_STATE_DIR=str(tmp_path / "state"))
    done = subprocess.run([sys.executable, "-m", "studio", "gui", "--demo", "--screenshot",
                           str(shot)], capture_output=True, text=True, env=env, timeout=120)
    assert is_device(full, 7) and shot.is_symlink()
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1] == \
        f"studio: error: cannot write {shot}: no space left on device"
