"""Warnings the core logs while a job runs, collected so a window can show them to the user
(the command line prints them through logging; a desktop user never sees stderr)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Collector(logging.Handler):
    def __init__(self, thread: int, into: list[str]) -> None:
        super().__init__(logging.WARNING)
        self.thread, self.into = thread, into

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            line = record.getMessage().strip()
            if line and line not in self.into:
                self.into.append(line)


@contextmanager
def collected_warnings(logger: str = "studio") -> Iterator[list[str]]:
    """The warnings ``logger`` (and its children) log from this thread inside the block, one
    line each, without repeats; they still reach the log as before."""
    found: list[str] = []
    handler = _Collector(threading.get_ident(), found)
    target = logging.getLogger(logger)
    target.addHandler(handler)
    try:
        yield found
    finally:
        target.removeHandler(handler)
