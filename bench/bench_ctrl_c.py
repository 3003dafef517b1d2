"""Ctrl-C at any moment of a command's start: one line and exit 130, or a traceback?

Starts the installed ``studio`` script (``studio doctor``: it reads the whole machine, so it is
still running when the moments end) and sends SIGINT at a random moment of its first
``--window`` ms, ``--runs`` times. Reports how many runs ended with the studio's one line
("studio: cancelled", exit 130), ended by the signal before Python could raise (exit -2, no
output: as a C program ends), or printed a traceback, and of those how many were inside
Python's own start-up (``site`` and the interpreter's imports, before the first line of the
studio package runs: a pip-installed script cannot run code earlier), with the moments.

    .venv/bin/python bench/bench_ctrl_c.py [--runs 300] [--window 120] [--script PATH]
"""

from __future__ import annotations

import argparse
import collections
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one(script: str, delay: float) -> tuple[str, int, str]:
    proc = subprocess.Popen([script, "doctor"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    text = err.decode("utf-8", "replace")
    if "Traceback" in text or "Exception ignored" in text:
        ours = "/studio/" in text.split("KeyboardInterrupt")[0]
        return ("traceback in the studio's code" if ours else
                "traceback in Python's start-up"), proc.returncode, text
    if proc.returncode == 130 and text == "studio: cancelled\n":
        return "one line, exit 130", 130, text
    if proc.returncode == -signal.SIGINT and not text:
        return "ended by the signal, no output", proc.returncode, text
    return f"other (exit {proc.returncode})", proc.returncode, text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("--window", type=float, default=120.0, help="milliseconds")
    ap.add_argument("--script", default=str(Path(sys.executable).parent / "studio"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    counts: collections.Counter[str] = collections.Counter()
    moments: dict[str, list[float]] = collections.defaultdict(list)
    for _ in range(args.runs):
        delay = rng.uniform(0, args.window / 1000)
        kind, _code, _text = one(args.script, delay)
        counts[kind] += 1
        moments[kind].append(delay * 1000)
    print(f"{args.runs} runs of `{Path(args.script).name} doctor`, SIGINT at a random moment "
          f"of the first {args.window:g} ms")
    for kind, n in counts.most_common():
        at = sorted(moments[kind])
        print(f"  {kind}: {n} ({100 * n / args.runs:.1f} %), at {at[0]:.1f}-{at[-1]:.1f} ms")
    return 1 if counts["traceback in the studio's code"] else 0


if __name__ == "__main__":
    sys.exit(main())
