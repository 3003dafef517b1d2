"""A full disk is named at once — device, folder, megabytes needed — instead of a two-minute
hang blamed on the speech engine (studio.plumbing.diskspace).

The show lives on a real, small tmpfs mounted for the test (CI runs as root); where mounting
is not allowed the tests are skipped, saying so.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from audio_fixtures import write_episode
from audio_helpers import tone_file
from github_history import pytorch_history

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)


@contextmanager
def tmpfs(path: Path, size: str) -> Iterator[Path]:
    path.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.strip()}): needs root")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=True)


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return pytorch_history(tmp_path_factory.mktemp("full") / "pt.git", DAY, count=40)


def produce(history, show: Path, tmp: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "xdg"))
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "studio", "produce", "--git", str(history.path),
                           "--date", DAY.isoformat(), "--show-dir", str(show), "-q"],
                          capture_output=True, text=True, env=env, cwd=tmp, timeout=60)
    return done, time.monotonic() - started


def test_a_disk_too_small_for_the_takes_is_named_before_synthesis(history, tmp_path):
    with tmpfs(tmp_path / "disk", "1m") as disk:
        done, seconds = produce(history, disk / "show", tmp_path)
        takes = disk / "show" / "episodes" / DAY.isoformat() / "takes"
        assert done.returncode == 1, done.stderr
        [line] = done.stderr.strip().splitlines()
        assert f"no space left on tmpfs at {takes} (" in line, line
        assert "MB needed for synthesis" in line and "MB free" in line, line
        assert seconds < 30
        assert not takes.exists()  # no half-written take; the empty folder went with the run


def test_a_disk_too_small_for_mastering_is_named_before_mastering(history, tmp_path):
    with tmpfs(tmp_path / "disk", "14m") as disk:
        done, seconds = produce(history, disk / "show", tmp_path)
        folder = disk / "show" / "episodes" / DAY.isoformat()
        assert done.returncode == 1, done.stderr
        [line] = done.stderr.strip().splitlines()
        assert f"no space left on tmpfs at {folder} (" in line, line
        assert "MB needed for mastering and export" in line, line
        assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []
        assert any(folder.glob("takes/tts-*.wav"))  # the takes were made; they stay cached


def test_a_speech_worker_that_cannot_write_its_take_answers_at_once(tmp_path):
    """A disk that fills up during synthesis: the worker says so instead of hanging."""
    with tmpfs(tmp_path / "disk", "1m") as disk:
        filler = disk / "filler"
        with open(filler, "wb") as fh:  # fill it up, as another program would
            try:
                while True:
                    fh.write(b"\0" * 65536)
            except OSError:
                pass
        request = json.dumps({"text": "A sentence long enough to need more than the few "
                                      "bytes left on this disk, spoken slowly.",
                              "path": str(disk / ".take.wav.part")})
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        started = time.monotonic()
        worker = subprocess.run([sys.executable, "-m", "studio.narration.speak", "", "170", "120"],
                                input=request + "\n", capture_output=True, text=True, env=env,
                                timeout=60)
        answer = json.loads(worker.stdout)
        assert answer["status"] == "no-space", answer
        assert "No space left on device" in answer["message"]
        assert time.monotonic() - started < 20


def test_a_take_import_onto_a_full_disk_is_named_not_called_silent(tmp_path):
    source = tone_file(tmp_path / "voice.wav", seconds=30, rate=48000, channels=1)
    with tmpfs(tmp_path / "disk", "1m") as disk:
        folder = write_episode(disk / "ep")
        before = (folder / "episode.json").read_bytes()
        done = subprocess.run([sys.executable, "-m", "studio", "take", "import", str(folder),
                               "--segment", "intro", str(source)], capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
        assert done.returncode == 1, done.stderr
        [line] = done.stderr.strip().splitlines()
        assert f"no space left on tmpfs at {folder / 'takes'} (" in line, line
        assert "MB needed for importing voice.wav" in line, line
        assert (folder / "episode.json").read_bytes() == before
        assert [p.name for p in (folder / "takes").iterdir()] == []
