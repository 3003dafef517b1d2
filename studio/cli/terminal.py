"""Progress on a terminal: one updating line on a TTY, plain lines otherwise."""

from __future__ import annotations

import sys
import time


class TerminalProgress:
    def __init__(self, stream=None, quiet: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_message = ""
        self._last_time = 0.0

    def __call__(self, fraction: float, message: str) -> None:
        if self.quiet:
            return
        pct = int(round(max(0.0, min(1.0, fraction)) * 100))
        if self.tty:
            width = 24
            filled = int(width * pct / 100)
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r[{bar}] {pct:3d}% {message[:60]:<60}")
            self.stream.flush()
            return
        now = time.monotonic()
        if message != self._last_message or now - self._last_time > 5:
            self.stream.write(f"{pct:3d}% {message}\n")
            self.stream.flush()
            self._last_message, self._last_time = message, now

    def done(self) -> None:
        if self.tty and not self.quiet:
            self.stream.write("\r" + " " * 94 + "\r")
            self.stream.flush()
