"""Issue 24 item 7: transcripts that follow the voice. A produced episode's busiest segment
gets a take whose sentence starts are known: each sentence the transcript cues (the
script's own text) spoken by espeak-ng alone, joined with short pauses, imported with the
real `studio take import` and rendered with `studio render`. Each sentence's first cue in the
exported transcript.vtt must start where that sentence is heard, numbers and all, and the
cues' text is exactly the script's."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest
from gitrepo import RepoBuilder, at

from studio.export.identity import companion_names
from studio.export.transcripts import split_sentences
from studio.textsafe import clean_line

ROOT = Path(__file__).resolve().parents[1]
DATE = "2026-02-09"
RATE = 22050
GAP = 0.4  # seconds of silence between sentences (a voice's sentence pause)
TOLERANCE = 0.5  # seconds a cue may start from where its sentence is heard


def studio(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=600)


def speak(text: str, path: Path) -> np.ndarray:
    subprocess.run(["espeak-ng", "-w", str(path), text], check=True, capture_output=True)
    with wave.open(str(path)) as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)


def onset(samples: np.ndarray) -> float:
    """Seconds until the voice starts in one sentence's own synthesis."""
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > 300)
    return float(loud[0]) / RATE if loud.size else 0.0


def vtt_starts(path: Path) -> list[tuple[float, str]]:
    cues = []
    for block in path.read_text(encoding="utf-8").split("\n\n")[1:]:
        lines = block.strip().splitlines()
        if not lines:
            continue
        h, m, s = lines[0].split(" --> ")[0].split(":")
        text = " ".join(lines[1:]).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        cues.append((int(h) * 3600 + int(m) * 60 + float(s), text))
    return cues


@pytest.fixture(scope="module")
def episode(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("timing")
    repo = base / "proj"
    with RepoBuilder(repo, origin="https://github.com/octo/proj.git") as r:
        r.commit("Raise the cache limit to 1048576 entries (#171970)", at(DATE, 8), "Ada Lovelace",
                 "ada@ex.com", files={"cache.py": "x\n" * 40})
        r.commit("Support 3.12, 3.13 and 3.14 (#171971)", at(DATE, 9), "Grace Hopper",
                 "grace@ex.com", files={"setup.py": "y\n" * 30})
        r.commit("Drop the 2019 shims (#171972)", at(DATE, 10), "Jane Abbott", "jane@ex.com",
                 files={"shim.py": "z\n" * 20})
    run = studio("produce", "--git", str(repo), "--date", DATE, "--show-dir", str(base / "show"),
                 "-q")
    assert run.returncode == 0, run.stderr
    return base / "show" / "episodes" / DATE


def known_take(sentences: list[str], path: Path) -> list[float]:
    """A take of ``sentences``, each synthesized alone and joined by :data:`GAP`; returns
    the second at which each is heard."""
    pieces, starts, t = [], [], 0.0
    silence = np.zeros(int(GAP * RATE), dtype=np.int16)
    for n, sentence in enumerate(sentences):
        audio = speak(sentence, path.with_name(f"{path.stem}-{n}.wav"))
        starts.append(t + onset(audio))
        pieces += [audio, silence]
        t += (audio.size + silence.size) / RATE
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(np.concatenate(pieces).tobytes())
    return starts


def test_cues_start_where_each_sentence_is_heard(episode, tmp_path):
    data = json.loads((episode / "episode.json").read_text(encoding="utf-8"))
    known = {}
    for seg in data["segments"]:
        sentences = split_sentences(seg["text"])
        take = tmp_path / f"{seg['id']}.wav"
        known[seg["id"]] = (sentences, known_take(sentences, take))
        run = studio("take", "import", str(episode), "--segment", seg["id"], str(take))
        assert run.returncode == 0, run.stderr
    assert sum(len(s) for s, _ in known.values()) >= 8
    assert any(re.search(r"\d", s) for s, _ in known.values() for s in s)
    run = studio("render", "-q", str(episode))
    assert run.returncode == 0, run.stderr

    data = json.loads((episode / "episode.json").read_text(encoding="utf-8"))
    all_cues = vtt_starts(episode / companion_names(data["audio"]["file"])[0])
    errors = []
    for seg in data["segments"]:
        sentences, starts = known[seg["id"]]
        trim = seg["take"]["trim"]["start"]
        heard = [seg["start"] + s - trim for s in starts]
        cues = [c for c in all_cues if seg["start"] - 0.01 <= c[0] < seg["end"] - 0.01]
        i = 0
        for sentence, when in zip(sentences, heard, strict=True):
            first, said = cues[i][0], ""
            while i < len(cues) and said != sentence:  # its cues' text is the sentence
                said = f"{said} {cues[i][1]}".strip()
                i += 1
            assert said == sentence
            errors.append(round(abs(first - when), 2))
    print("cue start errors (s):", errors)
    assert max(errors) <= TOLERANCE, errors


def test_cue_text_is_the_scripts_closing_brackets_and_all(episode):
    text = ("We moved the readers (JSON, TOML, etc.) into one module. It now says "
            "\"done.\" when it is. (Really.) That is all.")
    assert " ".join(split_sentences(text)) == clean_line(text)
    data = json.loads((episode / "episode.json").read_text(encoding="utf-8"))
    cues = " ".join(t for _s, t in vtt_starts(episode / companion_names(data["audio"]["file"])[0]))
    for seg in data["segments"]:
        assert " ".join(split_sentences(seg["text"])) in cues
