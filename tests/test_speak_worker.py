"""The pyttsx3 worker: one process for many takes, each take as a fresh process makes it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.narration.speak import FORKS
from studio.narration.tts import SynthJob, synthesize

ROOT = Path(__file__).resolve().parent.parent
TEXT = "Twelve commits today, three of them rollbacks, and a five-PR stack."


def test_one_worker_speaks_several_takes_each_identical(tmp_path):
    requests = "".join(json.dumps({"text": TEXT, "path": str(tmp_path / f"{n}.wav")}) + "\n"
                       for n in range(3))
    done = subprocess.run([sys.executable, "-m", "studio.narration.speak", "", "170", "60"],
                          input=requests, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["status"] for a in answers] == ["ok"] * 3, answers
    takes = {(tmp_path / f"{n}.wav").read_bytes() for n in range(3)}
    assert len(takes) == 1  # a second utterance in one process would differ


def test_takes_of_one_text_are_identical_whichever_worker_makes_them(tmp_path):
    jobs = [SynthJob(TEXT, tmp_path / f"take{n}.wav", f"take {n}") for n in range(6)]
    synthesize(jobs, workers=2)
    sizes = [j.path.stat().st_size for j in jobs]
    assert len({j.path.read_bytes() for j in jobs}) == 1, sizes
    assert not list(tmp_path.glob(".*.part"))


@pytest.mark.skipif(not FORKS, reason="the worker forks per take only on Linux")
def test_a_take_whose_process_dies_is_an_error_and_the_worker_goes_on(tmp_path):
    marker = tmp_path / "died"
    code = ("import os, sys\n"
            "from studio.narration import speak\n"
            "real = speak.start_speaker\n"
            "def dying(*args):\n"
            f"    if not os.path.exists({str(marker)!r}):  # the first take's process only\n"
            f"        open({str(marker)!r}, 'w').close()\n"
            "        os._exit(3)\n"
            "    return real(*args)\n"
            "speak.start_speaker = dying\n"
            "sys.exit(speak.main(['', '170', '60']))\n")
    requests = "".join(json.dumps({"text": TEXT, "path": str(tmp_path / f"{n}.wav")}) + "\n"
                       for n in range(2))
    done = subprocess.run([sys.executable, "-c", code], input=requests, capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {"status": "error", "message": "the speech process stopped (exit code 3)"}
    assert second["status"] == "ok", second
