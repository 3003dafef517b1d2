"""Piper narrates a new show that chose no voice when Piper and a voice are installed (a show
with narrated episodes keeps their voice), and
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
from studio.publish.show import read_settings

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


def test_an_existing_show_keeps_the_voice_its_episodes_were_narrated_with(tmp_path):
    repo = tmp_path / "gadgets"
    with RepoBuilder(repo) as r:
        r.commit("Fix the lexer", at("2026-02-09", 9), "Grace Hopper", "grace@ex.com")
        r.commit("Add a cache", at("2026-02-10", 9), "Alan Turing", "alan@ex.com")
    show = tmp_path / "show"
    # Made before Piper was the default: narrated with pyttsx3's default voice.
    r = studio("produce", "--git", str(repo), "--date", "2026-02-09", "--show-dir", str(show),
               "-q", **{VOICE_ENV: "pyttsx3"})
    assert r.returncode == 0, r.stderr
    assert read_settings(show).voice.engine == ""  # show.toml's [voice] chooses nothing
    first = load_episode(show / "episodes" / "2026-02-09")
    assert {seg.take.voice for seg in first.segments if seg.take} == {""}  # pyttsx3's default
    # The next day nothing chooses a voice and Piper is installed: the show keeps pyttsx3.
    r = studio("produce", "--git", str(repo), "--date", "2026-02-10", "--show-dir", str(show),
               "-q")
    assert r.returncode == 0, r.stderr
    second = load_episode(show / "episodes" / "2026-02-10")
    voices = {seg.take.voice for seg in second.segments if seg.take}
    assert voices == {""}, voices
    r = studio("doctor", "--offline", "--show-dir", str(show))
    line = next(x for x in r.stdout.splitlines() if x.split()[1:2] == ["narration"])
    assert line.split()[0] == "ok"
    assert ("pyttsx3 (its default voice): the show's earlier episodes were narrated with it; "
            "set [voice] in show.toml to change") in line


def narrated_episode(show: Path, day: str, voice: str) -> None:
    """An episode folder of ``show`` whose one take was synthesized with ``voice`` (a take's
    identity, as narration records it)."""
    from studio.episode import Episode, Segment, Sentence, Take, save_episode

    episode = Episode(title="Widgets", summary="A day.", date=day, repo="o/widgets")
    text = "Twelve commits today."
    episode.segments.append(Segment("news", "News", text, [], [Sentence(text)],
                                    take=Take("takes/tts-x.wav", "synthesized", voice=voice)))
    save_episode(episode, show / "episodes" / day)


def test_doctor_names_the_earlier_voice_and_passes_over_what_it_cannot_use(tmp_path):
    show = tmp_path / "show"
    narrated_episode(show, "2026-02-08", "gmw/en-us")
    (show / "episodes" / "2026-02-09").mkdir()
    (show / "episodes" / "2026-02-09" / "episode.json").write_text("{ not json")
    r = studio("doctor", "--offline", "--show-dir", str(show))
    line = next(x for x in r.stdout.splitlines() if x.split()[1:2] == ["narration"])
    assert "pyttsx3 (gmw/en-us): the show's earlier episodes were narrated with it" in line
    narrated_episode(show, "2026-02-10", "piper:en_US-nobody-medium#0123456789abcdef")
    r = studio("doctor", "--offline", "--show-dir", str(show))
    line = next(x for x in r.stdout.splitlines() if x.split()[1:2] == ["narration"])
    assert line.split()[0] == "ok"
    assert (f"Piper's {piper_voices()[0].name}: Piper and a voice are installed (the show's "
            f"earlier voice, piper:en_US-nobody-medium, is not installed here)") in line
