"""A host's working day through the real desktop window, for half an hour (offscreen).

Each cycle: type 500 characters into a segment, 100 waveform repaints, 10 ten-move trim drags,
10 play/stop cycles (on a private PulseAudio null sink), then a whole pull → edit →
synthesize → trim → export run. The window runs in a child process, so an abort (PySide6
6.12.0's ``none_dealloc``) is seen and reported, not inherited.

Reported: whether the app survived, cycles, keystrokes, peak memory (the child's max RSS),
and, against the first cycle of the same run as the baseline, the memory ratio (last cycle's
RSS / first cycle's) and the time ratio (last cycle's seconds / first cycle's).

    .venv/bin/python bench/bench_gui_soak.py [--minutes 30] [--python PATH]
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
host = HostDay(win, build_repo(work / "pytorch"), DATE, work)
deadline = time.monotonic() + {seconds}
cycle = 0
while cycle == 0 or time.monotonic() < deadline:
    t = time.perf_counter()
    if cycle == 0:
        host.pull()
    host.type_chars(500)
    host.repaint_waveform(100)
    host.drag_trim(10)
    played = host.play_stop(10)
    host.whole_run(work / "show")
    cycle += 1
    print(json.dumps({{"cycle": cycle, "seconds": time.perf_counter() - t, "rss_mb": rss_mb(),
                      "none_refs": none_refs(), "played": played,
                      "errors": len(dialogs.errors)}}), flush=True)
win.project.close()
win.runner.wait()
print(json.dumps({{"done": True, "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}),
      flush=True)
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30.0)
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
        code = CHILD.format(tests=str(TESTS), work=str(work), seconds=args.minutes * 60)
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
                print(f"cycle {row['cycle']:3d}: {row['seconds']:5.1f} s, RSS {row['rss_mb']:6.1f} MB, "
                      f"None refs {row['none_refs']}, played {row['played']}/10", flush=True)
        proc.wait()
        elapsed = time.monotonic() - started
        stderr = proc.stderr.read() if proc.stderr else ""
        if daemon is not None:
            daemon.stop()
    peak = done["maxrss_mb"] if done else resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
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
    return 0 if survived else 1


if __name__ == "__main__":
    sys.exit(main())
