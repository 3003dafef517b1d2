"""Files studio did not write end in one line, never a traceback: a 400-digit integer in
episode.json (render, take import, script into the folder, publish), episode.json, day.json
and show.toml nested far deeper than any file studio writes, and three kinds of bad lexicon
rule. Through the real `studio` command; before, each was an OverflowError, a RecursionError
or an re.error traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from audio_helpers import tone_file
from gitrepo import RepoBuilder, at

ROOT = Path(__file__).resolve().parent.parent
DATE = "2026-02-09"
HUGE = 10**400


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True, env=env,
                          capture_output=True, timeout=300)


def one_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 1, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("studio: error:")]
    assert len(errors) == 1, result.stderr
    for word in words:
        assert word in errors[0], errors[0]


@pytest.fixture(scope="module")
def produced(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("hostile-files")
    repo = base / "repo"
    with RepoBuilder(repo) as r:
        r.commit("Speed up the widget cache (#101)", at(DATE, 6), "Ada", "ada@ex.com",
                 files={"a.py": "x\n" * 10})
    show = base / "show"
    assert studio("produce", "--git", str(repo), "--date", DATE, "--show-dir", str(show),
                  "-q").returncode == 0
    return show


@pytest.fixture
def show(produced, tmp_path) -> Path:
    subprocess.run(["cp", "-a", str(produced), str(tmp_path / "show")], check=True)
    return tmp_path / "show"


def test_a_400_digit_integer_in_episode_json(show, tmp_path):
    folder = show / "episodes" / DATE
    data = json.loads((folder / "episode.json").read_text(encoding="utf-8"))
    data["segments"][0]["take"]["trim"]["start"] = HUGE
    (folder / "episode.json").write_text(json.dumps(data), encoding="utf-8")
    voice = tone_file(tmp_path / "voice.wav", seconds=1.0)
    for args in (["render", str(folder), "-q"],
                 ["take", "import", str(folder), "--segment", "intro", str(voice)],
                 ["script", str(folder / "day.json"), "-o", str(folder)],
                 ["publish", "--show-dir", str(show), "-q"]):
        one_line(studio(*args), "401 digits")


def test_deeply_nested_files(show, tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    folder = show / "episodes" / DATE
    day = folder / "day.json"
    day.write_text(deep, encoding="utf-8")
    one_line(studio("script", str(day), "-o", str(tmp_path / "out")), "nests deeper")
    (folder / "episode.json").write_text('{"segments": ' + deep + "}", encoding="utf-8")
    one_line(studio("render", str(folder), "-q"), "nests deeper")
    (show / "show.toml").write_text("a = " + "[" * 5_000 + "]" * 5_000 + "\n",
                                    encoding="utf-8")
    one_line(studio("publish", "--show-dir", str(show), "-q"), "nests deeper")


@pytest.mark.parametrize(("rule", "words"), [
    ('rule = "not a list"\n', ["'rule' must be a list"]),
    ('[[rule]]\nmatch = "cache"\nsay = 3\n', ["rule 1", "'say' must be a string"]),
    ('[[rule]]\nmatch = "cache"\nsay = "\\\\9"\n', ["rule 1", "invalid group reference"]),
])
def test_bad_lexicon_rules(show, tmp_path, rule, words):
    (tmp_path / "lexicon.toml").write_text(rule, encoding="utf-8")
    (tmp_path / "profile.toml").write_text('[show]\nlexicon = "lexicon.toml"\n',
                                           encoding="utf-8")
    one_line(studio("render", str(show / "episodes" / DATE), "--profile",
                    str(tmp_path / "profile.toml"), "-q"), *words)
