"""A host's working day through the real desktop window, for half an hour (offscreen).

Each cycle: the voice switched in Settings (the voices of ``--voices`` in turn: espeak-ng's and
Piper's by default, so every cycle re-synthesizes the whole episode with the other engine),
type 500 characters into a segment, 100 waveform repaints, 10 ten-move trim drags, 10
play/stop cycles (on a private PulseAudio null sink), then a whole pull → edit → synthesize →
trim → export run of a ``5 + --extra``-commit day. The window runs in a child process, so an
abort (PySide6 6.12.0's ``none_dealloc``) is seen and reported, not inherited.

Reported per cycle: the voice, seconds, resident memory, and the UI thread's longest block
while a job ran (pull, synthesis, export; tests/heartbeat.py, less the time other processes
held the cores). At the end: whether the app survived, peak memory (the child's max RSS),
memory per cycle (the slope of RSS over the cycles after the first two, and per engine), the
memory and time ratios (last cycle / first), and the longest UI block of each job.

    .venv/bin/python bench/bench_gui_soak.py [--minutes 30 | --cycles N] [--extra 20]
        [--voices gmw/en-us,piper:en_US-joe-medium] [--python PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

CHILD = r"""
import json, os, resource, sys, time
from pathlib import Path
sys.path.insert(0, {tests!r})
from gui_soak import HostDay, none_refs, rss_mb
from guikit import DATE, ScriptedDialogs, build_repo
from studio.gui.app import make_app, make_window

work = Path({work!r})
app = make_app()
dialogs = ScriptedDialogs()
dialogs.folder = work / "episode"
win = make_window(settings_dir=work / "config", dialogs=dialogs)
win.resize(1200, 800)
win.show()
host = HostDay(win, build_repo(work / "pytorch", extra={extra}), DATE, work)
voices = {voices!r}
deadline = time.monotonic() + {seconds}
cycle = 0
while cycle == 0 or (time.monotonic() < deadline if {cycles} == 0 else cycle < {cycles}):
    t = time.perf_counter()
    host.blocks.clear()
    voice = voices[cycle % len(voices)]
    host.switch_voice(voice)
    if cycle == 0:
        host.pull()
    host.type_chars(500)
    host.repaint_waveform(100)
    host.drag_trim(10)
    played = host.play_stop(10)
    host.whole_run(work / "show")
    cycle += 1
    print(json.dumps({{"cycle": cycle, "seconds": time.perf_counter() - t, "rss_mb": rss_mb(),
                      "none_refs": none_refs(), "played": played, "voice": voice,
                      "blocks": dict(host.blocks), "errors": len(dialogs.errors)}}), flush=True)
win.project.close()
win.runner.wait()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6  # KiB -> MB, as rss_mb
print(json.dumps({{"done": True, "maxrss_mb": peak}}), flush=True)
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--cycles", type=int, default=0, help="run this many cycles (not minutes)")
    ap.add_argument("--extra", type=int, default=20, help="commits beyond the fixture day's 5")
    ap.add_argument("--voices", default="gmw/en-us,piper:en_US-joe-medium",
                    help="voices switched to in turn, one a cycle (comma-separated)")
    ap.add_argument("--python", default=sys.executable, help="the interpreter to run the app with")
    args = ap.parse_args()
    sys.path.insert(0, str(TESTS))
    from pulse import PulseDaemon, PulseUnavailable

    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        work = Path(tmp)
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
               "COMMITCAST_CONFIG_DIR": str(work / "config"),
               "COMMITCAST_STATE_DIR": str(work / "state")}
        daemon = PulseDaemon(work / "pulse")
        try:
            daemon.start()
            env.update(daemon.env)
        except PulseUnavailable as exc:
            print(f"no sound server ({exc}): play/stop cycles will not play")
            daemon = None
        voices = [v.strip() for v in args.voices.split(",") if v.strip()]
        code = CHILD.format(tests=str(TESTS), work=str(work), seconds=args.minutes * 60,
                            cycles=args.cycles, extra=args.extra, voices=voices)
        started = time.monotonic()
        proc = subprocess.Popen([args.python, "-c", code], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        cycles, done = [], None
        assert proc.stdout is not None
        for line in proc.stdout:
            if not line.startswith("{"):
                continue
            row = json.loads(line)
            if row.get("done"):
                done = row
            else:
                cycles.append(row)
                block = max(row["blocks"].values(), default=0.0)
                print(f"cycle {row['cycle']:3d} ({row['voice']}): {row['seconds']:5.1f} s, RSS "
                      f"{row['rss_mb']:6.1f} MB, longest UI block {block * 1000:4.0f} ms, None refs "
                      f"{row['none_refs']}, played {row['played']}/10", flush=True)
        proc.wait()
        elapsed = time.monotonic() - started
        stderr = proc.stderr.read() if proc.stderr else ""
        if daemon is not None:
            daemon.stop()
    peak = done["maxrss_mb"] if done else resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 / 1e6
    survived = proc.returncode == 0 and done is not None
    print(f"survived: {'yes' if survived else 'NO'} (exit {proc.returncode}) after {elapsed / 60:.1f} min")
    if not survived:
        fatal = [ln for ln in stderr.splitlines() if "Fatal" in ln or "Error" in ln][:3]
        print("  " + "\n  ".join(fatal))
    if cycles:
        first, last = cycles[0], cycles[-1]
        print(f"cycles: {len(cycles)}; keystrokes: {len(cycles) * (500 + 40)}; "
              f"whole runs: {len(cycles)}; repaints: {len(cycles) * 100}; drags: {len(cycles) * 12}")
        print(f"peak memory (max RSS): {peak:.0f} MB; RSS after the first cycle {first['rss_mb']:.0f} MB, "
              f"after the last {last['rss_mb']:.0f} MB: ratio {last['rss_mb'] / first['rss_mb']:.2f}")
        print(f"cycle time: first {first['seconds']:.1f} s, last {last['seconds']:.1f} s: ratio "
              f"{last['seconds'] / first['seconds']:.2f}")
        print(f"None's reference count: {first['none_refs']} → {last['none_refs']}")
        print(memory_per_cycle(cycles))
        worst: dict[str, float] = {}
        for row in cycles:
            for job, gap in row["blocks"].items():
                worst[job] = max(worst.get(job, 0.0), gap)
        print("longest UI block while a job ran: " + ", ".join(
            f"{job} {gap * 1000:.0f} ms" for job, gap in worst.items()))
    return 0 if survived else 1


def slope(rows: list[dict]) -> float:
    """Least-squares MB per cycle of RSS over ``rows``."""
    if len(rows) < 2:
        return 0.0
    xs = [r["cycle"] for r in rows]
    ys = [r["rss_mb"] for r in rows]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else 0.0


def memory_per_cycle(cycles: list[dict]) -> str:
    """Memory growth per cycle after the warm-up (the first two cycles load each engine once):
    overall and per voice."""
    settled = cycles[2:] if len(cycles) > 4 else cycles
    parts = [f"memory per cycle after cycle 2: {slope(settled):+.2f} MB "
             f"(RSS {settled[0]['rss_mb']:.0f} → {settled[-1]['rss_mb']:.0f} MB)"]
    for voice in dict.fromkeys(r["voice"] for r in settled):
        mine = [r for r in settled if r["voice"] == voice]
        if len(mine) >= 2:
            parts.append(f"{voice} cycles {slope(mine):+.2f} MB/cycle")
    return "; ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
