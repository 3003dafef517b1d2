"""What long jobs share: a progress callback and a cancel token, free of any UI toolkit."""

from __future__ import annotations

import threading
from collections.abc import Callable

from .plumbing.errors import Cancelled

Progress = Callable[[float, str], None]


def no_progress(fraction: float, message: str) -> None:
    """A progress callback that ignores everything."""


class CancelToken:
    """Set from any thread; long jobs call :meth:`check` between chunks of work."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        if self._event.is_set():
            raise Cancelled()


def scaled(progress: Progress, start: float, end: float) -> Progress:
    """A progress callback for one stage that reports into [start, end] of the whole job."""

    def report(fraction: float, message: str) -> None:
        progress(start + (end - start) * max(0.0, min(1.0, fraction)), message)

    return report
