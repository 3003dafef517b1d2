"""Every input is read bounded in size and type, and nothing waits forever: through the real
`studio` command, a device, a FIFO or an oversized sparse file as an input, `--voice
piper:/dev/zero`, a backtracking lexicon rule, a speech worker that stops reading its pipe
and a 100,000-segment episode each end in one line and a non-zero exit within seconds. Before,
`script /dev/zero` grew until the kernel killed it, a FIFO and piper:/dev/zero hung, the rule
ran past 90 s, the worker left produce waiting forever and the episode rendered for minutes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from audio_fixtures import make_episode, write_episode
from gitrepo import RepoBuilder, at

from studio.episode import MAX_SEGMENTS, Segment, Sentence, save_episode
from studio.plumbing.fsutil import JSON_LIMIT

ROOT = Path(__file__).resolve().parent.parent
FAULTS = Path(__file__).resolve().parent / "faults"
DATE = "2026-02-09"


def studio(*args: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True, env=full,
                          capture_output=True, timeout=timeout)


def one_line(result: subprocess.CompletedProcess[str], *words: str) -> str:
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("studio: error: "), result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "input.fifo"
    os.mkfifo(path)
    return path


def test_a_device_a_fifo_and_an_oversized_file_as_the_day(tmp_path, fifo):
    one_line(studio("script", "/dev/zero", "-o", str(tmp_path / "a")), "/dev/zero",
             "a character device, not a regular file")
    one_line(studio("script", str(fifo), "-o", str(tmp_path / "b")), "a FIFO")
    big = tmp_path / "day.json"
    with open(big, "wb") as fh:
        fh.truncate(JSON_LIMIT + 1)  # sparse: no disk is used, and no byte of it is read
    one_line(studio("script", str(big), "-o", str(tmp_path / "c")), "200 MB limit")


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("bounded") / "repo"
    with RepoBuilder(path, origin="https://github.com/octo/widgets.git") as r:
        r.commit("Speed up the widget cache (#101)", at(DATE, 6), "Ada Lovelace",
                 "ada@example.com", files={"cache/a.py": "x\n" * 40})
    return path


def test_a_fifo_as_cover_and_show_toml(tmp_path, repo):
    show = tmp_path / "show"
    assert studio("produce", "--git", str(repo), "--date", DATE, "--show-dir", str(show),
                  "-q", timeout=300).returncode == 0
    (show / "cover.png").unlink()
    os.mkfifo(show / "cover.png")
    one_line(studio("publish", "--show-dir", str(show), "-q"), "cover.png",
             "not a regular file")
    (show / "show.toml").unlink()
    os.mkfifo(show / "show.toml")
    one_line(studio("publish", "--show-dir", str(show), "-q"), "show.toml", "a FIFO")


def test_a_piper_voice_of_dev_zero(tmp_path, repo):
    started = time.monotonic()
    one_line(studio("produce", "--git", str(repo), "--date", DATE, "--show-dir",
                    str(tmp_path / "show"), "-q", "--voice", "piper:/dev/zero"),
             "/dev/zero", "a character device")
    assert time.monotonic() - started < 30


def test_a_backtracking_lexicon_rule_is_refused(tmp_path):
    folder = write_episode(tmp_path / "ep", [("intro", "Intro", "a" * 40 + "!", [])])
    (tmp_path / "lexicon.toml").write_text('[[rule]]\nmatch = "(a+)+$"\nsay = "x"\n',
                                           encoding="utf-8")
    (tmp_path / "show.toml").write_text('[show]\nlexicon = "lexicon.toml"\n', encoding="utf-8")
    started = time.monotonic()
    one_line(studio("render", str(folder), "--profile", str(tmp_path / "show.toml"), "-q"),
             "rule 1", "(a+)+")
    assert time.monotonic() - started < 30


def test_a_speech_worker_that_stops_reading_its_pipe(tmp_path, repo):
    started = time.monotonic()
    result = studio("produce", "--git", str(repo), "--date", DATE, "--show-dir",
                    str(tmp_path / "show"), "-q", timeout=120, STUDIO_FAULT="speech-stdin-closed",
                    PYTHONPATH=os.pathsep.join([str(FAULTS), str(ROOT)]))
    one_line(result, "cannot synthesize")
    assert time.monotonic() - started < 60


def test_an_episode_of_100000_segments_is_refused_at_once(tmp_path):
    episode = make_episode([])
    episode.segments = [Segment(f"s{n}", "Part", "Hello.", [], [Sentence("Hello.", [])])
                        for n in range(100_000)]
    folder = tmp_path / "ep"
    save_episode(episode, folder)
    started = time.monotonic()
    one_line(studio("render", str(folder), "-q"), "100,000 segments", f"{MAX_SEGMENTS:,}")
    assert time.monotonic() - started < 30
    json.loads((folder / "episode.json").read_text(encoding="utf-8"))  # left as it was
