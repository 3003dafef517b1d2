"""A value worked out at most once per turn of the event loop.

One change can fire many signals: a synthesis landing twenty takes announces twenty segment
changes, and each listener asked again for the same things (the show folder on disk, the
voice's identity, the measured pace over every take), on the UI thread: the window stalled
for 150-600 ms as a synthesis ended. Within one turn those answers cannot differ for the
same key; the next turn works them out afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from PySide6.QtCore import QTimer

T = TypeVar("T")


class TurnCache(Generic[T]):
    """``cache(key, compute)``: ``compute()``'s value for ``key``, worked out once a turn."""

    def __init__(self) -> None:
        self._values: dict[Hashable, T] = {}

    def __call__(self, key: Hashable, compute: Callable[[], T]) -> T:
        if key not in self._values:
            if not self._values:
                QTimer.singleShot(0, self.clear)  # forgotten when control returns to the loop
            self._values[key] = compute()
        return self._values[key]

    def clear(self) -> None:
        self._values.clear()
