"""An event-loop heartbeat: a timer ticking every few ms; the longest gap between ticks is the
longest the UI thread was blocked.

A gap is counted less the time the UI thread sat ready to run while the kernel ran other
processes (its run-queue wait, from ``/proc/thread-self/schedstat``): on a machine loaded by
other work, a 100 ms limit otherwise measures the load, not the app. Time the UI thread spent
running (painting, parsing) or asleep (waiting on a lock, a pipe, a child, the GIL) still
counts in full. ``max_wall_gap`` keeps the plain wall-clock gap."""

from __future__ import annotations

import bisect
import os
import struct
import sys
import threading
import time
import traceback

from PySide6.QtCore import QTimer

# set HEARTBEAT_TRACE=1 to print, in a stall, what every Python thread does, the UI thread's
# kernel state, the futex it waits on and the code addresses on its native stack (as
# lib+offset, to symbolise with nm/readelf: how a deleted window's thread pool waiting for a
# job was found)
TRACE = os.environ.get("HEARTBEAT_TRACE")


def run_queue_wait() -> float:
    """Seconds the calling thread has waited on a run queue (ready, not running); 0 where the
    kernel does not say."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def thread_state(native_id: int) -> str:
    """A thread's scheduler state and the kernel function it sleeps in."""
    base = f"/proc/self/task/{native_id}"
    out = []
    for name in ("stat", "wchan"):
        try:
            with open(f"{base}/{name}") as f:
                text = f.read().strip()
        except OSError:
            continue
        out.append(f"{name}={text.rsplit(')', 1)[-1].split()[0] if name == 'stat' else text}")
    return " ".join(out)


def native_peek(native_id: int) -> str:
    """The UI thread's blocking syscall, the mapping its futex lives in, and the code
    addresses found on its stack (lib+offset), for a rough native backtrace."""
    try:
        with open(f"/proc/self/task/{native_id}/syscall") as f:
            parts = f.read().split()
    except OSError:
        return "no syscall"
    if len(parts) < 9 or parts[0] != "202":
        return "syscall " + " ".join(parts[:1])
    uaddr, sp = int(parts[1], 16), int(parts[7], 16)
    maps = []  # sorted by start, as the kernel lists them
    with open("/proc/self/maps") as f:
        for line in f:
            fs = line.split()
            lo, hi = (int(x, 16) for x in fs[0].split("-"))
            maps.append((lo, hi, fs[1], int(fs[2], 16), fs[5] if len(fs) > 5 else "[anon]"))
    starts = [m[0] for m in maps]

    def where(a: int) -> tuple | None:
        i = bisect.bisect_right(starts, a) - 1
        return maps[i] if i >= 0 and a < maps[i][1] else None
    w = where(uaddr)
    at = f"{w[4]} {w[2]} +{uaddr - w[0] + w[3]:#x}" if w else "?"
    out = [f"futex {uaddr:#x} in {at}"]
    try:
        region = where(sp)
        size = min(48 * 1024, region[1] - sp) if region else 4096
        with open("/proc/self/mem", "rb", buffering=0) as m:
            m.seek(sp)
            data = m.read(size)
    except OSError as exc:
        return out[0] + f" (stack unreadable: {exc})"
    frames = []
    for (word,) in struct.iter_unpack("<Q", data[: len(data) // 8 * 8]):
        r = where(word)
        if r and "x" in r[2] and r[4] != "[anon]":
            frames.append(f"{r[4].rsplit('/', 1)[-1]}+{word - r[0] + r[3]:#x}")
    return out[0] + "\n    stack: " + " ".join(frames[:80])


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
        self.resume()
        self.started = self.last
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
                         f"UI thread {thread_state(native)}", native_peek(native)]
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
        """Measure from now (at the start, and after :meth:`pause`)."""
        self.last, self.waited, self.cpu = time.perf_counter(), run_queue_wait(), time.thread_time()
        self.timer.start()
