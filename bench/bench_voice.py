"""Voice figures for issue 14, each against a floor done by hand in the same run.

1. Piper, end to end: ``studio produce`` of a 30-commit day into a fresh show folder with the
   Piper voice, as a ratio to the floor: the ``piper`` command on the same transcript with the
   same voice (one line per segment, the same sentence silence) + ``ffmpeg`` encoding that WAV
   with the same MP3 settings. Goal <= 1.3x.
2. Re-render after editing one segment (``studio render``): how many takes were synthesized
   and the time, against the fresh render of the same folder.
3. Peak memory (RSS) of narrating, mastering and exporting a 60-minute episode with Piper: the
   Python process and its largest child (a Piper worker or ffmpeg).
4. pyttsx3: ``studio produce`` of a 12-commit and a 30-commit day against ``espeak-ng -w`` +
   ``ffmpeg`` on the same transcript. Goal <= 2x for both.

Each end-to-end day also reports CPU seconds (user + system of every process, from
``getrusage(RUSAGE_CHILDREN)``) beside wall time: on a shared machine the CPU ratio is the
steadier figure.

Run: .venv/bin/python bench/bench_voice.py [--rounds N] [--skip-hour] [--only piper|pyttsx3]
Writes bench/out/bench_voice.json.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from gitrepo import PT_BOT, RepoBuilder, at, pt_landed  # noqa: E402

from studio.audio.master import encode_args  # noqa: E402
from studio.audio.settings import AudioSettings  # noqa: E402
from studio.narration.piper_engine import SENTENCE_SILENCE  # noqa: E402
from studio.narration.piper_voices import find_piper_voice  # noqa: E402

DATE = "2026-02-09"
PIPER = "piper:en_US-joe-medium"
AREAS = ["xpu", "rocm", "inductor", "dtensor", "fsdp", "mps"]


def day_repo(path: Path, commits: int) -> Path:
    """A PyTorch-style day of ``commits`` landed PRs across six areas."""
    with RepoBuilder(path, origin="https://github.com/pytorch/pytorch.git") as r:
        bot = {"committer": PT_BOT[0], "committer_email": PT_BOT[1]}
        r.commit(pt_landed("Old work", 1), at("2026-02-05", 9), "Old Timer", "old@ex.com", **bot)
        for i in range(commits):
            area = AREAS[i % len(AREAS)]
            r.commit(pt_landed(f"[{area}] Improve the {area} kernels, step {i // 6 + 1}",
                               195300 + i, body=f"Speeds up the {area} path by reusing buffers."),
                     at(DATE, 1 + i // 4, (i * 7) % 60), f"Dev {i % 9}", f"dev{i % 9}@ex.com",
                     files=[f"torch/{area}/ops{i}.py"], **bot)
    return path


def studio(*args: str, verbose: bool = False) -> tuple[float, str]:
    cmd = [sys.executable, "-m", "studio", *(["-v"] if verbose else []), *args]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    took = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.strip()[-400:]}")
    return took, proc.stderr


def produce(repo: Path, show: Path, voice: str) -> float:
    shutil.rmtree(show, ignore_errors=True)
    took, _ = studio("produce", "--git", str(repo), "--date", DATE, "--show-dir", str(show),
                     "--voice", voice, "-q")
    return took


def transcript_lines(show: Path) -> list[str]:
    """What was spoken, one line per segment, after the lexicon (as the engine heard it)."""
    from studio.episode import load_episode
    from studio.narration.lexicon import host_lexicon

    episode = load_episode(show / "episodes" / DATE)
    lexicon = host_lexicon(None)
    return [" ".join(lexicon.respell(s.text).split()) for s in episode.segments if s.text.strip()]


def piper_floor(lines: list[str], work: Path, settings: AudioSettings) -> float:
    voice = find_piper_voice("en_US-joe-medium")
    (work / "floor.txt").write_text("\n".join(lines) + "\n")
    start = time.perf_counter()
    subprocess.run([str(Path(sys.executable).parent / "piper"), "-m", str(voice.model),
                    "-c", str(voice.config), "--sentence-silence", str(SENTENCE_SILENCE),
                    "-i", str(work / "floor.txt"), "-f", str(work / "floor.wav")],
                   check=True, capture_output=True)
    encode(work, settings)
    return time.perf_counter() - start


def espeak_floor(lines: list[str], work: Path, settings: AudioSettings) -> float:
    (work / "floor.txt").write_text("\n".join(lines) + "\n")
    start = time.perf_counter()
    subprocess.run(["espeak-ng", "-s", str(settings.rate), "-w", str(work / "floor.wav"),
                    "-f", str(work / "floor.txt")], check=True)
    encode(work, settings)
    return time.perf_counter() - start


def encode(work: Path, settings: AudioSettings) -> None:
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(work / "floor.wav"),
                    *encode_args(settings), str(work / "floor.mp3")], check=True)


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ratio(ours: list[float], floor: list[float]) -> float:
    return round(statistics.median(ours) / statistics.median(floor), 2)


def bench_produce(repo: Path, work: Path, voice: str, rounds: int, floor_fn) -> dict:
    settings = AudioSettings()
    show = work / "show"
    ours, base, ours_cpu, base_cpu = [], [], [], []
    for _ in range(rounds):
        cpu = children_cpu()
        ours.append(produce(repo, show, voice))
        ours_cpu.append(children_cpu() - cpu)
        lines = transcript_lines(show)
        cpu = children_cpu()
        base.append(floor_fn(lines, work, settings))
        base_cpu.append(children_cpu() - cpu)
    from studio.episode import load_episode

    done = load_episode(show / "episodes" / DATE)
    return {"words": len(done.transcript.split()), "segments": len(done.segments),
            "programme_seconds": done.duration_seconds, "loudness_lufs": done.loudness_lufs,
            "true_peak_dbtp": done.true_peak_dbtp,
            "ours_seconds": [round(t, 2) for t in ours], "floor_seconds": [round(t, 2) for t in base],
            "ratio_median": ratio(ours, base),
            # CPU seconds of all processes (studio and its children; the floor's commands):
            # steadier than wall time on a shared machine
            "ours_cpu_seconds": [round(t, 2) for t in ours_cpu],
            "floor_cpu_seconds": [round(t, 2) for t in base_cpu],
            "cpu_ratio_median": ratio(ours_cpu, base_cpu)}


def bench_edit(work: Path) -> dict:
    """Edit one segment of the Piper episode left by bench_produce; render it again."""
    folder = work / "show" / "episodes" / DATE
    path = folder / "episode.json"
    data = json.loads(path.read_text())
    segments = [s for s in data["segments"] if s["text"].strip()]
    segments[2]["text"] += " One more sentence, added by the host."
    path.write_text(json.dumps(data))
    took, log = studio("render", str(folder), "--voice", PIPER, verbose=True)
    m = re.search(r"(\d+) takes to synthesize, (\d+) cached", log)
    return {"segments": len(segments), "synthesized": int(m.group(1)) if m else None,
            "cached": int(m.group(2)) if m else None, "seconds": round(took, 2)}


HOUR_CHILD = r"""
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from studio.audio.settings import AudioSettings
from studio.render import render_episode
start = time.perf_counter()
episode = render_episode(Path(sys.argv[1]), AudioSettings(voice=sys.argv[3]))
print(json.dumps({
    "seconds": round(time.perf_counter() - start, 1),
    "duration_seconds": episode.duration_seconds,
    "loudness_lufs": episode.loudness_lufs, "true_peak_dbtp": episode.true_peak_dbtp,
    "python_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    "largest_child_peak_rss_mb":
        round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
}))
"""


def bench_hour(work: Path, minutes: int = 60) -> dict:
    """A script of ``minutes`` of speech (150 words a minute) in 40 segments, narrated by Piper."""
    from studio.episode import Episode, Segment, Sentence, save_episode

    sentence = ("The inductor team landed another step of the kernel work today, and the "
                "tests passed on every backend. ")
    per_segment = minutes * 150 // 40
    segments = []
    for n in range(40):
        words = (f"Part {n + 1}. " + sentence * (per_segment // 18 + 1)).split()[:per_segment]
        text = " ".join(words).rstrip(",") + "."
        segments.append(Segment(f"part{n}", f"Part {n + 1}", text, [], [Sentence(text, [])]))
    episode = Episode(title="An hour of PyTorch", summary="Long.", date=DATE,
                      repo="pytorch/pytorch", show="PyTorch", segments=segments)
    episode.refresh_transcript()
    folder = work / "hour"
    shutil.rmtree(folder, ignore_errors=True)
    save_episode(episode, folder)
    proc = subprocess.run([sys.executable, "-c", HOUR_CHILD, str(folder), str(ROOT), PIPER],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--skip-hour", action="store_true")
    parser.add_argument("--only", choices=["piper", "pyttsx3"],
                        help="run only this engine's end-to-end days (pyttsx3: no hour, no edit)")
    args = parser.parse_args()
    # the studio as installed: a wheel's install compiles its bytecode, an editable one does
    # not, and where PYTHONDONTWRITEBYTECODE is set no run writes it (``make bytecode``)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "studio")], check=True)
    out_dir = ROOT / "bench" / "out"
    out_dir.mkdir(parents=True, exist_ok=True)
    result: dict = {}
    with tempfile.TemporaryDirectory(prefix="bench-voice-") as tmp:
        work = Path(tmp)
        thirty, twelve = day_repo(work / "repo30", 30), day_repo(work / "repo12", 12)
        for name, repo, voice, floor_fn, label in [
                ("piper_30", thirty, PIPER, piper_floor, "piper + ffmpeg"),
                ("pyttsx3_12", twelve, "", espeak_floor, "espeak-ng -w + ffmpeg"),
                ("pyttsx3_30", thirty, "", espeak_floor, "espeak-ng -w + ffmpeg")]:
            if args.only and not name.startswith(args.only):
                continue
            day = bench_produce(repo, work, voice, args.rounds, floor_fn)
            result[name] = day
            goal = "1.3x" if voice else "2x"
            print(f"{name}: {day['words']} words, {day['segments']} segments, "
                  f"{day['programme_seconds']:.0f} s at {day['loudness_lufs']} LUFS / "
                  f"{day['true_peak_dbtp']} dBTP", flush=True)
            print(f"  studio produce: {day['ours_seconds']} s; floor ({label}): "
                  f"{day['floor_seconds']} s; ratio {day['ratio_median']}x (goal <= {goal}); "
                  f"CPU {day['ours_cpu_seconds']} s vs {day['floor_cpu_seconds']} s, ratio "
                  f"{day['cpu_ratio_median']}x", flush=True)
            if name == "piper_30":
                edit = bench_edit(work)
                edit["ratio_to_fresh"] = round(edit["seconds"] / statistics.median(day["ours_seconds"]),
                                               2)
                result["piper_edit_one"] = edit
                print(f"  edit one segment, studio render: {edit['synthesized']} synthesized, "
                      f"{edit['cached']} cached, {edit['seconds']} s "
                      f"({edit['ratio_to_fresh']}x the fresh produce)", flush=True)
        if not args.skip_hour and args.only != "pyttsx3":
            hour = bench_hour(work)
            result["piper_hour"] = hour
            print(f"60-minute episode with Piper: {hour['seconds']} s for "
                  f"{hour['duration_seconds']:.0f} s of programme at {hour['loudness_lufs']} LUFS; "
                  f"peak RSS python {hour['python_peak_rss_mb']} MB, largest child "
                  f"{hour['largest_child_peak_rss_mb']} MB", flush=True)
    (out_dir / "bench_voice.json").write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
