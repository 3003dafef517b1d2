"""Cold start of the desktop studio to a shown main window (offscreen), against a bare
`QApplication` + empty `QMainWindow` started the same way in the same run.

Each start is a fresh interpreter; the time runs from launching it until it reports the window
shown and its first paint processed. Reported: the medians and their ratio. The studio's
start also loads settings, builds every panel and menu; opening an episode is not included.

    .venv/bin/python bench/bench_gui_start.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow(); w.resize(1360, 820); w.show()
app.processEvents()
print("shown", flush=True)
"""

STUDIO = """
from studio.gui.app import make_app, make_window
app = make_app()
w = make_window(); w.show()
app.processEvents()
print("shown", flush=True)
"""


def start_time(code: str, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, text=True, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    took = time.perf_counter() - t0
    proc.wait(30)
    if line.strip() != "shown":
        raise SystemExit(f"the window did not come up (exit {proc.returncode})")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
                   COMMITCAST_CONFIG_DIR=str(Path(tmp) / "config"),
                   COMMITCAST_STATE_DIR=str(Path(tmp) / "state"), XDG_CONFIG_HOME=tmp)
        start_time(BARE, env)  # warm the file cache for both
        start_time(STUDIO, env)
        bare, studio = [], []
        for _ in range(args.repeat):  # interleaved, so load changes hit both alike
            bare.append(start_time(BARE, env))
            studio.append(start_time(STUDIO, env))
    b, s = statistics.median(bare), statistics.median(studio)
    print(f"bare QApplication + empty QMainWindow: median {b * 1000:.0f} ms "
          f"(min {min(bare) * 1000:.0f})")
    print(f"studio main window shown:              median {s * 1000:.0f} ms "
          f"(min {min(studio) * 1000:.0f})")
    print(f"ratio studio / bare: {s / b:.2f}  (extra {1000 * (s - b):.0f} ms, {args.repeat} runs)")


if __name__ == "__main__":
    main()
