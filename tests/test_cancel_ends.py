"""A cancelled command ends: a clean-up that hangs cannot keep it (and the show's lock, which
cron's next run waits on) alive past studio.plumbing.interrupts.GRACE, and a second stop
while the first is handled ends it at once. CI once saw `studio produce` given SIGHUP still
running two minutes later.

The processes here are real Python processes with studio's own signal handling; the hang is
a lock the clean-up can never take, as a deadlock would be."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STUCK = """
import threading, time
from studio.plumbing import interrupts
interrupts.GRACE = 1.5
interrupts.cancel_on_signals()
stuck = threading.Lock()
stuck.acquire()
try:
    print("working", flush=True)
    time.sleep(60)
except KeyboardInterrupt:
    print("cleaning up", flush=True)
    {cleanup}
"""


def _start(cleanup: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", STUCK.format(cleanup=cleanup)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "working\n"
    return proc


def test_a_clean_up_that_hangs_ends_within_the_grace_period():
    for sig, said in ((signal.SIGTERM, " (SIGTERM)"), (signal.SIGHUP, " (SIGHUP)"),
                      (signal.SIGINT, "")):
        proc = _start("stuck.acquire()")  # never
        started = time.monotonic()
        proc.send_signal(sig)
        _out, err = proc.communicate(timeout=30)
        took = time.monotonic() - started
        assert proc.returncode == 128 + sig, err
        assert err == f"studio: cancelled{said}: its clean-up took over 2 s; ended at once\n"
        assert 1.4 < took < 10, took


def test_a_second_stop_while_cancelling_ends_at_once():
    proc = _start("time.sleep(60)")  # a slow clean-up
    proc.send_signal(signal.SIGTERM)
    assert proc.stdout is not None and proc.stdout.readline() == "cleaning up\n"
    started = time.monotonic()
    proc.send_signal(signal.SIGINT)  # Ctrl-C on top of a kill
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGINT, err
    assert err == "studio: cancelled: stopped again while cancelling; ended at once\n"
    assert time.monotonic() - started < 1.0


def test_a_clean_up_that_finishes_is_not_cut_short():
    proc = _start("time.sleep(0.5); print('cleaned', flush=True); raise SystemExit(143)")
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert (proc.returncode, out, err) == (143, "cleaning up\ncleaned\n", "")
