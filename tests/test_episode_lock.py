"""`render`, `take import` and `record` hold the show lock when the episode is in a show: run
beside a produce, they refuse at once (exit 75, one line) or wait with --lock-wait, and what
they write is not overwritten. Through the real `studio` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from audio_helpers import tone_file
from gitrepo import RepoBuilder, at

from studio.plumbing.showlock import holder_of

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-02-09"


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "studio", *args]


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(command(*args), capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture
def produced(tmp_path) -> tuple[Path, Path, Path]:
    repo = tmp_path / "repo"
    with RepoBuilder(repo) as r:
        for i in range(4):
            r.commit(f"Speed up the widget cache, part {i} (#{10 + i})", at(DAY, 8 + i),
                     f"Dev {i}", f"dev{i}@ex.com", files=["src/cache.py"])
    show = tmp_path / "show"
    r = studio("produce", "--git", str(repo), "--date", DAY, "--show-dir", str(show), "-q")
    assert r.returncode == 0, r.stderr
    return repo, show, show / "episodes" / DAY


def busy_line(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 75, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is in use by another studio run" in lines[0] \
        and "studio produce" in lines[0], result.stderr


def test_take_import_and_render_wait_or_refuse_during_a_produce(produced, tmp_path):
    repo, show, folder = produced
    voice = tone_file(tmp_path / "voice.wav", seconds=1.5)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # a second produce of the same day (a cron job) holds the show while it runs
    running = subprocess.Popen(command("produce", "--git", str(repo), "--date", DAY,
                                       "--show-dir", str(show), "-q"),
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not holder_of(show) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert holder_of(show), "produce never took the lock"
        takes_before = sorted(p.name for p in (folder / "takes").iterdir())

        busy_line(studio("take", "import", str(folder), "--segment", "sign-off", str(voice)))
        busy_line(studio("render", str(folder), "-q"))
        busy_line(studio("record", str(folder), "--segment", "sign-off", "--seconds", "1"))
        assert running.poll() is None, "produce ended too soon for the test to mean anything"
        assert sorted(p.name for p in (folder / "takes").iterdir()) == takes_before

        waited = studio("take", "import", str(folder), "--segment", "sign-off", str(voice),
                        "--lock-wait", "120")
        assert waited.returncode == 0, waited.stderr
    finally:
        out, err = running.communicate(timeout=120)
    assert running.returncode == 0, err
    # the import went in after the produce, and stays
    take = next(s for s in json.loads((folder / "episode.json").read_text())["segments"]
                if s["id"] == "sign-off")["take"]
    assert take["source"] == "imported" and (folder / take["path"]).is_file()


def test_an_episode_outside_a_show_needs_no_lock(tmp_path):
    from audio_fixtures import write_episode

    folder = write_episode(tmp_path / "ep", [("intro", "Intro", "Hello there.", [])])
    voice = tone_file(tmp_path / "voice.wav", seconds=1.0)
    r = studio("take", "import", str(folder), "--segment", "intro", str(voice))
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / ".studio.lock").exists()
