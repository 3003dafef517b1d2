"""The pyttsx3 speech workers start while the day is pulled and its script written: the
synthesis speaks with them, and those no synthesis takes are stopped."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

import pytest
from audio_helpers import episode_mp3
from gitrepo import PT_BOT, RepoBuilder, at, pt_landed

from studio.narration import tts
from studio.narration.engines import warmed
from studio.narration.tts import SynthJob, synthesize

TEXT = "Twelve commits today, three of them rollbacks, and a five-PR stack."


@pytest.fixture
def spawns(monkeypatch) -> list[float]:
    """When each speech worker process was started (the real start, timed)."""
    started: list[float] = []
    real = tts._spawn

    def timed(*args):  # noqa: ANN002, ANN202
        started.append(time.monotonic())
        return real(*args)

    monkeypatch.setattr(tts, "_spawn", timed)
    return started


def test_the_synthesis_speaks_with_the_warmed_workers(tmp_path, spawns):
    with warmed("", 175, 60.0, 2):
        assert len(spawns) == 2
        jobs = [SynthJob(TEXT, tmp_path / f"{n}.wav", str(n)) for n in range(5)]
        synthesize(jobs, rate=175, timeout=60.0, workers=2)
    assert len(spawns) == 2  # none started for the synthesis itself
    assert len({j.path.read_bytes() for j in jobs}) == 1


def test_warm_workers_no_synthesis_took_are_stopped(tmp_path, spawns):
    with warmed("", 175, 60.0, 2):
        workers = list(tts._warm[0].workers)
        synthesize([SynthJob(TEXT, tmp_path / "other.wav", "x")], rate=200, timeout=60.0)
    assert len(spawns) == 3  # another rate: not the warm ones, which were stopped
    assert all(w.proc.poll() is not None for w in workers)
    with warmed("", 175, 60.0, 2):  # nothing to synthesize (every take cached)
        workers = list(tts._warm[0].workers)
    assert all(w.proc.poll() is not None for w in workers)
    assert not tts._warm


def test_produce_starts_the_workers_before_the_script(tmp_path, spawns):
    from studio.pipeline import SourceSpec, produce

    with RepoBuilder(tmp_path / "repo", origin="https://github.com/pytorch/pytorch.git") as r:
        bot = {"committer": PT_BOT[0], "committer_email": PT_BOT[1]}
        for i in range(3):
            r.commit(pt_landed(f"[inductor] Improve the kernels, step {i}", 195300 + i),
                     at("2026-02-09", 9 + i), f"Dev {i}", f"dev{i}@ex.com",
                     files=[f"torch/inductor/ops{i}.py"], **bot)
    moments: dict[str, float] = {}

    def progress(_fraction: float, message: str) -> None:
        moments.setdefault(message, time.monotonic())

    out = produce(SourceSpec(git=str(tmp_path / "repo")), dt.date(2026, 2, 9),
                  tmp_path / "show", progress=progress)
    assert episode_mp3(Path(out)).is_file()
    assert spawns and max(spawns) < moments["writing the script"]
    assert not tts._warm
