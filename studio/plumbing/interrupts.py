"""Signals that stop a command: SIGINT (Ctrl-C), SIGTERM (kill, systemd, cron timeouts) and
SIGHUP (the terminal went away) all cancel it the same way, and none of them lands in the
middle of a step that must not be split (an export's swap).

Python turns SIGINT into KeyboardInterrupt; :func:`cancel_on_signals` makes SIGTERM and SIGHUP
raise :class:`Interrupted` (a KeyboardInterrupt) too, so every ``finally`` runs, children are
stopped and temp files removed. The exit status is 128 + the signal's number.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(KeyboardInterrupt):
    """A stopping signal arrived; ``signum`` says which."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(exc: BaseException) -> int:
    """128 + the signal's number: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP."""
    return 128 + int(getattr(exc, "signum", signal.SIGINT))


_RAISED: list[int] = []  # the stopping signals raised as Interrupted, in order


def _raise(signum: int, _frame: FrameType | None) -> None:
    _RAISED.append(signum)
    raise Interrupted(signum)


def swallowed() -> int | None:
    """The first stopping signal raised since the last call, or None. A command that ends
    with success after one was raised never saw it: it landed where Python ignores
    exceptions (a finaliser, logging's lock release at "Exception ignored in: …"), and the
    command must still end as cancelled (a SIGTERM once ended with status 0 under load)."""
    first = _RAISED[0] if _RAISED else None
    _RAISED.clear()
    return first


def cancel_on_signals() -> None:
    """In the main thread: SIGTERM and SIGHUP cancel like Ctrl-C (ignored signals stay so,
    e.g. SIGHUP under nohup)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) is not signal.SIG_IGN:
            signal.signal(sig, _raise)


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold off SIGINT, SIGTERM and SIGHUP for the block; one that arrived meanwhile is acted
    on (as its handler says) once the block is done. Outside the main thread signals never
    arrive, so there it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    previous = {sig: signal.getsignal(sig) for sig in STOPPING}

    def note(signum: int, _frame: FrameType | None) -> None:
        arrived.append(signum)

    for sig in STOPPING:
        if previous[sig] is not signal.SIG_IGN:
            signal.signal(sig, note)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
        if arrived:
            signal.raise_signal(arrived[0])
