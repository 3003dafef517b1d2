"""Piper narrates a show that chose no voice when Piper and a voice are installed, and
`studio doctor` says which engine is used and why (issue 25 item 4). Through the real
commands, with Piper's real voice (the suite's other runs pin pyttsx3: see conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gitrepo import RepoBuilder, at

from studio.episode import load_episode
from studio.narration.engines import VOICE_ENV
from studio.narration.piper_voices import piper_installed, piper_voices

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not (piper_installed() and piper_voices()),
                                reason="Piper and a voice are not installed here")


def studio(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, PYTHONPATH=str(ROOT), **env)
    full.pop(VOICE_ENV, None)  # as on a host's machine: nothing chose a voice
    full.update(env)
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=full, timeout=600)


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("voice") / "widgets"
    with RepoBuilder(path) as r:
        r.commit("Fix the parser", at("2026-02-09", 9), "Grace Hopper", "grace@ex.com")
    return path


def test_a_new_show_narrates_with_piper(clone, tmp_path):
    show = tmp_path / "show"
    r = studio("produce", "--git", str(clone), "--date", "2026-02-09", "--show-dir", str(show),
               "-q")
    assert r.returncode == 0, r.stderr
    episode = load_episode(show / "episodes" / "2026-02-09")
    voices = {seg.take.voice.split("#")[0] for seg in episode.segments}
    assert voices == {f"piper:{piper_voices()[0].name}"}


def test_doctor_says_which_engine_narrates_and_why(tmp_path):
    r = studio("doctor", "--offline")
    line = next(x for x in r.stdout.splitlines() if x.split()[1:2] == ["narration"])
    assert line.split()[0] == "ok"
    assert f"Piper's {piper_voices()[0].name}: Piper and a voice are installed" in line
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text('[voice]\nengine = "pyttsx3"\nvoice = "gmw/en-us"\n')
    r = studio("doctor", "--offline", "--show-dir", str(show))
    line = next(x for x in r.stdout.splitlines() if x.split()[1:2] == ["narration"])
    assert f"pyttsx3's gmw/en-us: {show / 'show.toml'} chooses it" in line
    r = studio("doctor", "--offline", **{VOICE_ENV: "pyttsx3"})
    line = next(x for x in r.stdout.splitlines() if x.split()[1:2] == ["narration"])
    assert f"pyttsx3 (its default voice): ${VOICE_ENV} chooses it" in line
