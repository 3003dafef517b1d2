"""Progress on a terminal: one updating line on a TTY, fitted to its width; a line a step
otherwise.

On a TTY the line is a bar with the step's counts (``synthesized 3 of 9 takes``), redrawn in
place and never wider than the terminal (its own columns, or ``$COLUMNS``; never the last
column, so it cannot wrap); a warning or any other log line meanwhile is written on a line of
its own, the bar cleared first and drawn again below it. Elsewhere (a log file, cron's mail)
each step is one line: repeats of a step (``assembled 4 of 11 parts``, ``drafting… 1,234
characters``) are left out but for a counted step's last and one every :data:`REPEAT_AFTER`
seconds. Under ``-v`` every message is a line of its own, beside the log's details.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sys
import time

BAR = 20
REPEAT_AFTER = 5.0  # seconds: a long step still says where it is
_COUNT = re.compile(r"\d[\d,.]*")
_DONE = re.compile(r"\b(\d+) of (\d+)\b")


def _step(message: str) -> str:
    """The step a message is of: its words without their numbers."""
    return _COUNT.sub("#", message)


def _finished(message: str) -> bool:
    m = _DONE.search(message)
    return m is not None and m[1] == m[2]


class _AboveTheBar(logging.Filter):
    """Clears the bar before a log record reaches the terminal; it is drawn again below."""

    def __init__(self, progress: TerminalProgress) -> None:
        super().__init__()
        self.progress = progress

    def filter(self, record: logging.LogRecord) -> bool:
        self.progress.clear()
        return True


class TerminalProgress:
    def __init__(self, stream=None, quiet: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.verbose = logging.getLogger().getEffectiveLevel() <= logging.INFO
        self.tty = (hasattr(self.stream, "isatty") and self.stream.isatty()
                    and not self.verbose)
        self._last_step = ""
        self._last_time = 0.0
        self._line = ""  # the bar as last drawn ("" when none is on screen)
        self._shown = 0  # characters of it on the terminal now
        self._handler: logging.Handler | None = None
        self._filter = _AboveTheBar(self)
        if self.tty and not quiet:
            self._hook_logging()

    def _hook_logging(self) -> None:
        root = logging.getLogger()
        if root.handlers:  # configured handlers clear the bar first
            for h in root.handlers:
                h.addFilter(self._filter)
            return
        # as logging's last resort would (warnings and worse, the message alone), the bar
        # cleared first and drawn again below
        self._handler = _Redrawing(self)
        self._handler.setLevel(logging.WARNING)
        self._handler.addFilter(self._filter)
        root.addHandler(self._handler)

    def _unhook_logging(self) -> None:
        root = logging.getLogger()
        for h in root.handlers:
            h.removeFilter(self._filter)
        if self._handler is not None:
            root.removeHandler(self._handler)
            self._handler = None

    def __call__(self, fraction: float, message: str) -> None:
        if self.quiet:
            return
        pct = int(round(max(0.0, min(1.0, fraction)) * 100))
        message = " ".join(message.split())
        if self.tty:
            self._draw(pct, message)
            return
        now = time.monotonic()
        step = _step(message)
        if (self.verbose or step != self._last_step or _finished(message)
                or now - self._last_time > REPEAT_AFTER):
            self.stream.write(f"{pct:3d}% {message}\n")
            self.stream.flush()
            self._last_step, self._last_time = step, now

    def _width(self) -> int:
        """The terminal's columns: $COLUMNS, else the stream's own terminal, else 80."""
        try:
            return max(1, int(os.environ["COLUMNS"]))
        except (KeyError, ValueError):
            pass
        try:
            return os.get_terminal_size(self.stream.fileno()).columns or 80
        except (AttributeError, OSError, ValueError):
            return shutil.get_terminal_size((80, 24)).columns

    def _draw(self, pct: int, message: str) -> None:
        width = self._width()
        filled = BAR * pct // 100
        head = f"[{'#' * filled}{'-' * (BAR - filled)}] {pct:3d}% "
        room = max(0, width - 1 - len(head))  # never the last column: no wrap
        if room < 10:
            head, room = f"{pct:3d}% ", max(0, width - 6)
        text = message if len(message) <= room else message[:max(0, room - 1)] + "…"
        line = head + text
        pad = " " * max(0, self._shown - len(line))
        self.stream.write("\r" + line + pad)
        self.stream.flush()
        self._line, self._shown = line, len(line)

    def clear(self) -> None:
        """Clear the bar (a log line follows on a line of its own)."""
        if self.tty and self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0

    def above(self, text: str) -> None:
        """Print ``text`` on its own line, the bar redrawn below it."""
        self.clear()
        self.stream.write(f"{text}\n")
        if self.tty and self._line:
            self.stream.write(self._line)
            self._shown = len(self._line)
        self.stream.flush()

    def done(self) -> None:
        if self.tty and not self.quiet:
            self.clear()
            self._line = ""
        self._unhook_logging()


class _Redrawing(logging.Handler):
    """Warnings on their own line above the bar, the bar drawn again below them."""

    def __init__(self, progress: TerminalProgress) -> None:
        super().__init__(logging.WARNING)
        self.progress = progress

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.progress.above(self.format(record))
        except Exception:  # noqa: BLE001 - as logging.Handler.handleError would
            self.handleError(record)
