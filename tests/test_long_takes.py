"""A take left running for hours must not become hours of MP3: long silences are shortened
in mastering, and an MP3 over GitHub Pages' file limit is refused before anything is pushed.
Through the real `studio` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
from audio_fixtures import write_episode
from audio_helpers import episode_mp3
from show_fixtures import make_episode, probe_seconds, write_episode_folder

ROOT = Path(__file__).resolve().parent.parent
RATE = 22050


def studio(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, PYTHONPATH=str(ROOT), **env)
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=full, timeout=300)


def wav(path: Path, *pieces: tuple[str, float]) -> Path:
    """Speech-like bursts ("tone") and digital silence ("quiet"), in order."""
    parts = []
    for kind, seconds in pieces:
        t = np.arange(int(seconds * RATE)) / RATE
        parts.append(0.3 * np.sin(2 * np.pi * 220 * t) * (0.6 + 0.4 * np.sin(2 * np.pi * 3 * t))
                     if kind == "tone" else np.zeros(t.size))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((np.concatenate(parts) * 32767).astype("<i2").tobytes())
    return path


def test_long_silences_in_takes_are_shortened_in_the_mp3(tmp_path):
    folder = write_episode(tmp_path / "ep", [
        ("intro", "Intro", "Hello, and then the host walked away. Back again.", []),
        ("news", "News", "Nothing was said here at all.", []),
    ])
    away = wav(tmp_path / "away.wav", ("tone", 1.5), ("quiet", 150), ("tone", 1.5))
    silent = wav(tmp_path / "silent.wav", ("quiet", 90))
    for seg_id, source in (("intro", away), ("news", silent)):
        r = studio("take", "import", str(folder), "--segment", seg_id, str(source))
        assert r.returncode == 0, r.stderr
    r = studio("render", str(folder), "--no-sting")  # not -q: it hides the warnings
    assert r.returncode == 0, r.stderr
    assert "segment intro: shortened 1 silence of over 2 s to 0.8 s each (2:" in r.stderr
    assert "segment news: shortened 1 silence of over 2 s to 0.8 s each (1:" in r.stderr

    seconds = probe_seconds(episode_mp3(folder))
    assert seconds < 8, seconds  # 1.5 + 0.8 + 1.5, a pause, 0.8: not 4 minutes
    data = json.loads((folder / "episode.json").read_text())
    intro, news = data["segments"]
    assert 3.2 < intro["end"] - intro["start"] < 4.2
    assert 0.7 < news["end"] - news["start"] < 0.9 and news["end"] <= seconds + 0.05
    # the cues stay inside the programme
    stamps = [line.split(" --> ")[1] for line in (folder / "transcript.vtt").read_text().splitlines()
              if " --> " in line]
    last = stamps[-1].split(":")
    assert int(last[-2]) * 60 + float(last[-1]) <= seconds + 0.05


def test_an_mp3_over_github_pages_file_limit_is_refused_before_pushing(tmp_path):
    show = tmp_path / "show"
    folder = write_episode_folder(show, make_episode("2026-02-09", "A very long day"))
    mp3 = folder / "episode.mp3"
    os.truncate(mp3, 131_200_000)  # the size of three hours at 96 kbps (sparse: no disk used)
    ep = json.loads((folder / "episode.json").read_text())
    ep["audio"]["bytes"] = 131_200_000
    from studio.export.journal import sha256_of

    ep["audio"]["sha256"] = sha256_of(mp3)  # as an export of that file records it
    (folder / "episode.json").write_text(json.dumps(ep))
    r = studio("publish", "--show-dir", str(show), "--base-url", "https://octo.github.io/site/")
    assert r.returncode == 0, r.stderr  # a self-hosted site has no such limit
    toml = (show / "show.toml").read_text().replace('repo = ""', 'repo = "octo/site"')
    (show / "show.toml").write_text(toml.replace('api_url = ""', 'api_url = "http://127.0.0.1:9"'))

    r = studio("publish", "--show-dir", str(show), "--push", GITHUB_TOKEN="t0ken")
    assert r.returncode == 1
    errors = [line for line in r.stderr.splitlines() if line.startswith("studio: error:")]
    assert errors == [r.stderr.strip().splitlines()[-1]], r.stderr
    assert "episode.mp3 is 131.2 MB, over GitHub Pages' 100 MB file limit" in errors[0]
    assert "Traceback" not in r.stderr
