"""Progress on a terminal: one updating line on a TTY, fitted to its width; plain lines
otherwise, when the step changes and every :data:`PLAIN_EVERY` seconds while it goes on.

While the line is shown, a warning or any other log line is written on a line of its own: the
progress line is cleared first and drawn again at the next update.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sys
import time

PLAIN_EVERY = 15.0  # seconds between plain lines of one long step (a draft streaming)
BAR = 20


class _ClearLine(logging.Filter):
    """Clears the progress line before a log record reaches the terminal."""

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
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_step = ""
        self._last_time = 0.0
        self._shown = 0  # characters of the progress line on the terminal now
        self._handler: logging.Handler | None = None
        self._filter = _ClearLine(self)
        if self.tty and not quiet:
            self._hook_logging()

    def _hook_logging(self) -> None:
        root = logging.getLogger()
        if root.handlers:  # -v: the configured handlers clear the line first
            for h in root.handlers:
                h.addFilter(self._filter)
            return
        # as logging's last resort would (warnings and worse, the message alone), but
        # clearing the line first
        self._handler = logging.StreamHandler(self.stream)
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
        step = re.sub(r"\d[\d,.]*", "#", message)  # "drafting… 1,234 characters": one step
        if step != self._last_step or now - self._last_time >= PLAIN_EVERY:
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
        self._shown = len(line)

    def clear(self) -> None:
        """Clear the progress line (a log line follows on a line of its own)."""
        if self.tty and self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0

    def done(self) -> None:
        if self.tty and not self.quiet:
            self.clear()
            self._unhook_logging()
