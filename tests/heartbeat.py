"""An event-loop heartbeat: a timer ticking every few ms; the longest gap between ticks is the
longest the UI thread was blocked."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer


class Heartbeat:
    def __init__(self, interval_ms: int = 10) -> None:
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)
        self.last = 0.0
        self.max_gap = 0.0
        self.ticks = 0

    def _tick(self) -> None:
        now = time.perf_counter()
        if self.last:
            self.max_gap = max(self.max_gap, now - self.last)
        self.last = now
        self.ticks += 1

    def __enter__(self) -> Heartbeat:
        self.last = time.perf_counter()
        self.timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._tick()
        self.timer.stop()

    def pause(self) -> None:
        """Stop measuring (around a step the user waits for on purpose, like Save)."""
        self.timer.stop()

    def resume(self) -> None:
        self.last = time.perf_counter()
        self.timer.start()
