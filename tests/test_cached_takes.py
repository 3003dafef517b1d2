"""A cached synthesized take cut short is made again, not mastered as a cut-off segment.
Through the real `studio render` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from audio_fixtures import write_episode
from audio_helpers import episode_mp3
from show_fixtures import probe_seconds

ROOT = Path(__file__).resolve().parent.parent
SEGMENTS = [
    ("intro", "Intro", "Hello and welcome to a short episode about a cache.", []),
    ("news", "News", "The widget cache is faster now. Four people worked on it this week, "
     "and the tests pass again.", []),
]


def render(folder: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # not -q: that hides warnings, and the warning is what a host must see here
    return subprocess.run([sys.executable, "-m", "studio", "render", str(folder), "--no-sting"],
                          capture_output=True, text=True, env=env, timeout=300)


def news_take(folder: Path) -> Path:
    data = json.loads((folder / "episode.json").read_text())
    return folder / next(s for s in data["segments"] if s["id"] == "news")["take"]["path"]


def test_a_truncated_cached_take_is_made_again(tmp_path):
    folder = write_episode(tmp_path / "ep", SEGMENTS)
    assert render(folder).returncode == 0
    take = news_take(folder)
    whole, seconds = take.read_bytes(), probe_seconds(episode_mp3(folder))

    with open(take, "r+b") as fh:  # a copy that stopped halfway: the header still says all
        fh.truncate(len(whole) // 2)
    r = render(folder)
    assert r.returncode == 0, r.stderr
    assert f"the cached take {take.name} of segment 'news' is cut short" in r.stderr
    assert take.read_bytes() == whole
    assert abs(probe_seconds(episode_mp3(folder)) - seconds) < 0.1


def test_a_cached_take_far_too_short_for_its_words_is_made_again(tmp_path):
    import wave

    folder = write_episode(tmp_path / "ep", SEGMENTS)
    assert render(folder).returncode == 0
    take = news_take(folder)
    whole = take.read_bytes()
    with wave.open(str(take), "rb") as w:
        params, frames = w.getparams(), w.readframes(w.getframerate() // 2)
    with wave.open(str(take), "wb") as w:  # a consistent header, but half a second of it
        w.setparams(params)
        w.writeframes(frames)
    r = render(folder)
    assert r.returncode == 0, r.stderr
    assert "is too short" in r.stderr and take.read_bytes() == whole
