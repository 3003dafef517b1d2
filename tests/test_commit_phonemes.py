"""Text from commits is never phoneme input: a ``[[...]]`` block in a commit message, through
the real `studio produce` with espeak-ng and with Piper, is read as the characters it shows.
Before, espeak-ng took it for phonemes (words the transcript does not show) and a 300-character
block cut the segment to a second; with Piper, studio had espeak-ng translate the block into
IPA, and a block it could not translate stopped the run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from gitrepo import RepoBuilder, at

ROOT = Path(__file__).resolve().parent.parent
DATE = "2026-02-09"
LONG_BLOCK = "[[" + "x" * 300 + "]]"  # espeak-ng: the segment cut to its first second
UNSAID_BLOCK = "[[;;;;]]"  # Piper: "espeak-ng cannot read the phonemes [[;;;;]]"
SUBJECT = "Speed up the widget cache {block} for every reader of the cache (#101)"


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True, env=env,
                          capture_output=True, timeout=300)


def produce(base: Path, block: str, voice: str) -> tuple[str, float]:
    """The text and take length of the segment telling the cache change."""
    repo, show = base / "repo", base / "show"
    with RepoBuilder(repo, origin="https://github.com/octo/widgets.git") as r:
        r.commit(SUBJECT.format(block=block), at(DATE, 6), "Ada Lovelace", "ada@example.com",
                 files={"cache/a.py": "x\n" * 40})
        r.commit("Fix the parser on empty input (#102)", at(DATE, 7), "Grace Hopper",
                 "grace@example.com", files={"parser/p.py": "y\n" * 30})
    show.mkdir()
    voice_args = ["--voice", voice] if voice else []
    run = studio("produce", "--git", str(repo), "--date", DATE, "--show-dir", str(show), "-q",
                 *voice_args)
    assert run.returncode == 0, run.stderr
    folder = show / "episodes" / DATE
    data = json.loads((folder / "episode.json").read_text(encoding="utf-8"))
    (seg,) = [s for s in data["segments"] if "widget cache" in s["text"]]
    with wave.open(str(folder / seg["take"]["path"])) as w:
        return seg["text"], w.getnframes() / w.getframerate()


@pytest.mark.parametrize(("voice", "block", "added"), [
    ("", LONG_BLOCK, 1.0), ("piper:en_US-joe-medium", UNSAID_BLOCK, -0.5)])
def test_a_phoneme_block_in_a_commit_is_read_as_text(tmp_path, voice, block, added):
    plain_text, plain = produce(tmp_path / "plain", "", voice)
    text, seconds = produce(tmp_path / "block", block, voice)
    assert block in text  # the transcript shows it, so the voice must say it as written
    assert text.replace(block + " ", "") == plain_text
    # the block's characters are said beside every word of the sentence, never instead
    assert seconds > plain + added, (seconds, plain)
