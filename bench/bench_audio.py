"""Audio figures for issue 3, measured against a floor done by hand in the same run.

1. Narration + mastering + export of a 30-commit day (~600 spoken words) from an episode
   folder, end to end, as a ratio to the floor: ``espeak-ng -w`` on the same transcript plus
   ``ffmpeg`` encoding that WAV with the same MP3 settings. Goal: <= 2x.
2. Peak memory (RSS) of mastering and exporting a 60-minute episode (recorded takes made
   from a repeated speech take), for the Python process and for its largest child (ffmpeg).

Run: .venv/bin/python bench/bench_audio.py [--rounds N] [--skip-hour]
Writes bench/out/bench_audio.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.audio.master import encode_args  # noqa: E402
from studio.audio.settings import AudioSettings  # noqa: E402
from studio.episode import (  # noqa: E402
    CommitRef,
    Episode,
    Segment,
    Sentence,
    Take,
    Trim,
    save_episode,
)

AREAS = [
    ("xpu", "Intel XPU", "XPU GEMM", "torch/xpu/ops.py"),
    ("rocm", "ROCm", "hipBLASLt", "aten/src/ATen/hip/Blas.cpp"),
    ("inductor", "Inductor", "torch.compile", "torch/_inductor/ir.py"),
    ("dtensor", "DTensor", "DTensor sharding", "torch/distributed/tensor/_ops.py"),
    ("fsdp", "FSDP2", "fully_shard", "torch/distributed/fsdp/_fully_shard.py"),
    ("mps", "Apple MPS", "MPS kernels", "aten/src/ATen/native/mps/Ops.mm"),
]
AUTHORS = ["Laith Sakka", "Yu Guangye", "xinan.lin", "Pian Pawakapan", "Artur Kloniecki"]


def thirty_commit_episode() -> Episode:
    """A script the size of a 30-commit day: greeting, reverts, six themes, focus, sign-off."""
    refs, segments = [], []
    pr = 195300
    segments.append(Segment("intro", "Welcome", (
        "Hey there, PyTorch developers! Welcome back to the daily PyTorch briefing. "
        "It is February 9th, 2026, and the main branch saw thirty commits from eighteen "
        "authors, three of them rollbacks, and no merged pull requests, which is normal "
        "for PyTorch because the merge bot lands everything.")))
    for area, name, topic, path in AREAS:
        lines = []
        commits = []
        for k in range(5):
            pr += 1
            sha = f"{pr:06x}{k:02x}" + "ab" * 16
            commits.append(sha)
            author = AUTHORS[(pr + k) % len(AUTHORS)]
            refs.append(CommitRef(sha, f"[{area}] change {k}", author, pr,
                                  f"https://github.com/pytorch/pytorch/pull/{pr}"))
            lines.append(f"{author} landed #{pr}, step {k + 1} of the {topic} work, in {path}, "
                         "and it passed CI.")
        text = f"Now to {name}. " + " ".join(lines) + f" That wraps up {name} for today."
        segments.append(Segment(area, name, text, commits[:1],
                                [Sentence(line, [c]) for line, c in zip(lines, commits,
                                                                         strict=True)]))
    segments.append(Segment("focus", "Today's Focus", (
        "Here is today's focus. If you build ROCm wheels, set PYTORCH_ROCM_ARCH before you "
        "run setup.py, and if you use FSDP2 with DTensor, pin the dtype to bfloat16. "
        "That's it for today. Thanks for listening, and see you tomorrow!")))
    episode = Episode(title="PyTorch: Thirty Commits and a Focus", summary="A 30-commit day.",
                      date="2026-02-09", repo="pytorch/pytorch", show="PyTorch",
                      segments=segments, commit_refs=refs)
    episode.refresh_transcript()
    return episode


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def render_fresh(episode: Episode, work: Path, settings: AudioSettings) -> None:
    from studio.render import render_episode

    folder = work / "ours"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    save_episode(episode, folder)
    render_episode(folder, settings)


def floor(text: str, work: Path, settings: AudioSettings) -> None:
    (work / "floor.txt").write_text(text)
    subprocess.run(["espeak-ng", "-s", str(settings.rate), "-w", str(work / "floor.wav"),
                    "-f", str(work / "floor.txt")], check=True)
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(work / "floor.wav"),
                    *encode_args(settings), str(work / "floor.mp3")], check=True)


def bench_day(rounds: int, work: Path) -> dict:
    settings = AudioSettings()
    episode = thirty_commit_episode()
    words = len(episode.transcript.split())
    ours, base = [], []
    for _ in range(rounds):
        base.append(timed(lambda: floor(episode.transcript, work, settings)))
        ours.append(timed(lambda: render_fresh(episode, work, settings)))
    from studio.episode import load_episode

    done = load_episode(work / "ours")
    result = {
        "words": words,
        "segments": len(episode.segments),
        "programme_seconds": done.duration_seconds,
        "loudness_lufs": done.loudness_lufs,
        "true_peak_dbtp": done.true_peak_dbtp,
        "ours_seconds": [round(t, 3) for t in ours],
        "floor_seconds": [round(t, 3) for t in base],
        "ratio_median": round(statistics.median(ours) / statistics.median(base), 2),
    }
    return result


HOUR_CHILD = r"""
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from studio.audio.settings import AudioSettings
from studio.render import render_episode
start = time.perf_counter()
episode = render_episode(Path(sys.argv[1]), AudioSettings())
took = time.perf_counter() - start
print(json.dumps({
    "seconds": round(took, 1),
    "duration_seconds": episode.duration_seconds,
    "loudness_lufs": episode.loudness_lufs,
    "true_peak_dbtp": episode.true_peak_dbtp,
    "python_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    "largest_child_peak_rss_mb":
        round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
}))
"""


def hour_episode(work: Path, minutes: int = 60, segments: int = 20) -> Path:
    """An episode of ``segments`` recorded takes adding up to ``minutes`` of speech."""
    from studio.narration.tts import SynthJob, synthesize

    folder = work / "hour"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "takes").mkdir(parents=True)
    seed = work / "seed.wav"
    synthesize([SynthJob(thirty_commit_episode().segments[1].text, seed, "seed")])
    per = minutes * 60 / segments
    with wave.open(str(seed), "rb") as w:
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
    take = folder / "takes" / "long.wav"
    with wave.open(str(take), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        need = int(per * rate) * 2
        written = 0
        while written < need:
            chunk = frames[: need - written]
            out.writeframes(chunk)
            written += len(chunk)
    episode = thirty_commit_episode()
    episode.segments = []
    for n in range(segments):
        name = f"takes/part{n:02d}.wav"
        shutil.copyfile(take, folder / name)
        episode.segments.append(Segment(f"part{n}", f"Part {n + 1}",
                                        "A long stretch of the programme. " * 40,
                                        take=Take(name, "recorded", trim=Trim(auto=True))))
    take.unlink()
    episode.refresh_transcript()
    save_episode(episode, folder)
    return folder


def bench_hour(work: Path) -> dict:
    folder = hour_episode(work)
    proc = subprocess.run([sys.executable, "-c", HOUR_CHILD, str(folder), str(ROOT)],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-hour", action="store_true")
    args = parser.parse_args()
    out_dir = ROOT / "bench" / "out"
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-audio-") as tmp:
        work = Path(tmp)
        day = bench_day(args.rounds, work)
        print(f"30-commit day: {day['words']} words, {day['programme_seconds']:.0f} s programme "
              f"at {day['loudness_lufs']} LUFS / {day['true_peak_dbtp']} dBTP")
        print(f"  ours  (narrate+master+export): {day['ours_seconds']} s")
        print(f"  floor (espeak-ng -w + ffmpeg): {day['floor_seconds']} s")
        print(f"  ratio (median): {day['ratio_median']}x  (goal <= 2x)")
        result = {"day": day}
        if not args.skip_hour:
            hour = bench_hour(work)
            result["hour"] = hour
            print(f"60-minute episode, master+export: {hour['seconds']} s, "
                  f"{hour['duration_seconds']:.0f} s programme at {hour['loudness_lufs']} LUFS")
            print(f"  peak RSS: python {hour['python_peak_rss_mb']} MB, largest child "
                  f"(ffmpeg) {hour['largest_child_peak_rss_mb']} MB")
    (out_dir / "bench_audio.json").write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
