"""Progress on a terminal: one updating line on a TTY, a line a step otherwise.

On a TTY the line is a bar with the step's counts (``synthesized 3 of 9 takes``), redrawn in
place; a warning logged meanwhile is printed on a line of its own above it. Elsewhere (a log
file, cron's mail) each step is one line: repeats of a counted step (``assembled 4 of 11
parts``) are left out but for its last and one every few seconds. Under ``-v`` every message
is a line of its own, beside the log's details.
"""

from __future__ import annotations

import logging
import re
import sys
import time

WIDTH = 24
_COUNT = re.compile(r"\d+")
_DONE = re.compile(r"\b(\d+) of (\d+)\b")
REPEAT_AFTER = 5.0  # seconds: a long step still says where it is


def _step(message: str) -> str:
    """The step a message is of: its words without their numbers."""
    return _COUNT.sub("#", message)


def _finished(message: str) -> bool:
    m = _DONE.search(message)
    return m is not None and m[1] == m[2]


class _AboveTheBar(logging.Handler):
    """Warnings (what Python's last-resort handler prints) on their own line above the bar."""

    def __init__(self, progress: TerminalProgress) -> None:
        super().__init__(logging.WARNING)
        self.progress = progress

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.progress.above(self.format(record))
        except Exception:  # noqa: BLE001 - as logging.Handler.handleError would
            self.handleError(record)


class TerminalProgress:
    def __init__(self, stream=None, quiet: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.verbose = logging.getLogger().getEffectiveLevel() <= logging.INFO
        self.tty = (hasattr(self.stream, "isatty") and self.stream.isatty()
                    and not self.verbose)
        self._last_step = ""
        self._last_time = 0.0
        self._line = ""  # the bar as last drawn, "" when none is on screen
        self._handler: _AboveTheBar | None = None
        root = logging.getLogger()
        if self.tty and not quiet and not root.handlers:
            self._handler = _AboveTheBar(self)
            root.addHandler(self._handler)

    def __call__(self, fraction: float, message: str) -> None:
        if self.quiet:
            return
        pct = int(round(max(0.0, min(1.0, fraction)) * 100))
        if self.tty:
            filled = int(WIDTH * pct / 100)
            bar = "#" * filled + "-" * (WIDTH - filled)
            self._line = f"[{bar}] {pct:3d}% {message[:60]:<60}"
            self.stream.write("\r" + self._line)
            self.stream.flush()
            return
        now = time.monotonic()
        step = _step(message)
        if (self.verbose or step != self._last_step or _finished(message)
                or now - self._last_time > REPEAT_AFTER):
            self.stream.write(f"{pct:3d}% {message}\n")
            self.stream.flush()
            self._last_step, self._last_time = step, now

    def above(self, text: str) -> None:
        """Print ``text`` on its own line, the bar redrawn below it."""
        clear = "\r" + " " * len(self._line) + "\r" if self._line else ""
        self.stream.write(f"{clear}{text}\n")
        if self._line:
            self.stream.write(self._line)
        self.stream.flush()

    def done(self) -> None:
        if self._handler is not None:
            logging.getLogger().removeHandler(self._handler)
            self._handler = None
        if self.tty and not self.quiet and self._line:
            self.stream.write("\r" + " " * len(self._line) + "\r")
            self.stream.flush()
            self._line = ""
