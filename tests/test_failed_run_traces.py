"""A failed command leaves the show folder as it found it: no lock file, no empty
``episodes/DATE/``, no show folder it made (issue 25 item 5). Through the real command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def tree(path: Path) -> list[str]:
    return sorted(str(p.relative_to(path)) for p in path.rglob("*"))


COMMANDS = [
    ("produce", "--git", "/nonexistent", "--date", "2026-02-09", "--show-dir"),
    ("produce", "--git", "/nonexistent", "--week", "2026-W05", "--show-dir"),
    ("recap", "--git", "/nonexistent", "--week", "2026-W05", "--show-dir"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:4]))
def test_a_failed_run_into_a_new_show_folder_leaves_nothing(tmp_path, command):
    show = tmp_path / "shows" / "tokio"
    r = studio(*command, str(show))
    assert r.returncode == 1 and "/nonexistent" in r.stderr
    assert len(r.stderr.strip().splitlines()[-1:]) == 1
    assert not (tmp_path / "shows").exists()


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:4]))
def test_a_failed_run_in_a_show_leaves_it_as_it_was(tmp_path, command):
    show = tmp_path / "show"
    (show / "episodes" / "2026-02-08").mkdir(parents=True)
    (show / "episodes" / "2026-02-08" / "episode.json").write_text("{}")
    (show / "episodes" / "empty-before").mkdir()  # the host's: stays
    (show / "show.toml").write_text('title = "Tokio Daily"\n')
    before = tree(show)
    r = studio(*command, str(show))
    assert r.returncode == 1 and "/nonexistent" in r.stderr
    assert tree(show) == before
    assert not (show / ".studio.lock").exists()


def test_a_failed_script_leaves_no_episode_folder(tmp_path):
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text("[script]\nminutes = 'many'\n")  # refused when read
    r = studio("script", str(ROOT / "resources" / "sample" / "day.json"), "-o",
               str(show / "episodes" / "2026-02-09"))
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert tree(show) == ["show.toml"]
