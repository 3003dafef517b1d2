"""An event-loop heartbeat: a timer ticking every few ms; the longest gap between ticks is the
longest the UI thread was blocked.

A gap is counted less the time the UI thread sat ready to run while the kernel ran other
processes (its run-queue wait, from ``/proc/thread-self/schedstat``): on a machine loaded by
other work, a 100 ms limit otherwise measures the load, not the app. Time the UI thread spent
running (painting, parsing) or asleep (waiting on a lock, a pipe, a child, the GIL) still
counts in full. ``max_wall_gap`` keeps the plain wall-clock gap."""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback

from PySide6.QtCore import QTimer

TRACE = os.environ.get("HEARTBEAT_TRACE")  # set to print what every thread does in a stall


def run_queue_wait() -> float:
    """Seconds the calling thread has waited on a run queue (ready, not running); 0 where the
    kernel does not say."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def thread_state(native_id: int) -> str:
    """A thread's scheduler state, the kernel function it sleeps in and its system call."""
    base = f"/proc/self/task/{native_id}"
    out = []
    for name in ("stat", "wchan", "syscall"):
        try:
            with open(f"{base}/{name}") as f:
                text = f.read().strip()
        except OSError:
            continue
        if name == "stat":
            text = text.rsplit(")", 1)[-1].split()[0]
        out.append(f"{name}={text.split()[0] if name == 'syscall' else text}")
    return " ".join(out)


class Heartbeat:
    def __init__(self, interval_ms: int = 10) -> None:
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)
        self.last = 0.0
        self.waited = 0.0  # the UI thread's run-queue wait at the last tick
        self.max_gap = 0.0
        self.max_wall_gap = 0.0
        self.ticks = 0
        self.cpu = 0.0  # the UI thread's own CPU time at the last tick
        self.max_gap_cpu = 0.0  # ... and how much of the longest gap it spent running
        self.max_gap_at = 0.0  # seconds after __enter__ that the longest gap ended
        self.started = 0.0

    def _tick(self) -> None:
        now, waited, cpu = time.perf_counter(), run_queue_wait(), time.thread_time()
        if self.last:
            gap = now - self.last
            self.max_wall_gap = max(self.max_wall_gap, gap)
            blocked = gap - (waited - self.waited)
            if blocked > self.max_gap:
                self.max_gap, self.max_gap_cpu = blocked, cpu - self.cpu
                self.max_gap_at = now - self.started
        self.last, self.waited, self.cpu = now, waited, cpu
        self.ticks += 1

    def describe(self) -> str:
        """The longest block, for an assertion message: busy (the UI thread ran) or asleep."""
        return (f"the UI thread was blocked {self.max_gap * 1000:.0f} ms "
                f"({self.max_gap_cpu * 1000:.0f} ms of it running), "
                f"{self.max_gap_at:.2f} s in; wall gap {self.max_wall_gap * 1000:.0f} ms")

    def __enter__(self) -> Heartbeat:
        self.last, self.waited, self.cpu = time.perf_counter(), run_queue_wait(), time.thread_time()
        self.started = self.last
        self.timer.start()
        if TRACE:
            threading.Thread(target=self._watch, args=(threading.get_ident(), threading.get_native_id()),
                             daemon=True).start()
        return self

    def _watch(self, main: int, native: int, limit: float = 0.05) -> None:
        reported = 0.0
        while self.timer.isActive() or not self.ticks:
            time.sleep(0.005)
            last = self.last
            if last and time.perf_counter() - last > limit and reported != last:
                reported = last
                lines = [f"--- event loop late by {1000 * (time.perf_counter() - last):.0f} ms; "
                         f"UI thread {thread_state(native)}"]
                for ident, frame in sys._current_frames().items():
                    if ident != threading.get_ident():
                        tag = "UI" if ident == main else f"thread {ident % 10000}"
                        stack = traceback.format_stack(frame)[-3:]
                        lines.append(f"{tag}: " + " | ".join(x.strip().replace("\n", " ")
                                                            for x in stack))
                sys.stderr.write("\n".join(lines) + "\n")

    def __exit__(self, *exc: object) -> None:
        self._tick()
        self.timer.stop()

    def pause(self) -> None:
        """Stop measuring (around a step the user waits for on purpose, like Save)."""
        self.timer.stop()

    def resume(self) -> None:
        self.last, self.waited, self.cpu = time.perf_counter(), run_queue_wait(), time.thread_time()
        self.timer.start()
