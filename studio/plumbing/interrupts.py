"""Signals that stop a command: SIGINT (Ctrl-C), SIGTERM (kill, systemd, cron timeouts) and
SIGHUP (the terminal went away) all cancel it the same way, and none of them lands in the
middle of a step that must not be split (an export's swap).

Python turns SIGINT into KeyboardInterrupt; :func:`cancel_on_signals` makes all three raise
:class:`Interrupted` (a KeyboardInterrupt), so every ``finally`` runs, children are stopped and
temp files removed. The exit status is 128 + the signal's number.

A cancel must end the command: cron's next run waits on the show's lock, and a host at the
terminal on a prompt. So the first stop also arms a watchdog: a command still running
:data:`GRACE` seconds later (its clean-up stuck, once in CI under load, for over two
minutes) ends at once, as a kill would — every write is atomic and journaled, so a kill at
any moment leaves the show whole, and the children die with the process. A second stop while
the first is being handled ends it at once too, as a second Ctrl-C does in most tools.
"""

from __future__ import annotations

import os
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
GRACE = 20.0  # seconds a cancelled command may take to clean up before it ends at once
_WATCHDOG: list[threading.Timer] = []  # armed by the first stop of a command


def _raise(signum: int, _frame: FrameType | None) -> None:
    if _WATCHDOG:  # already cancelling: a second stop ends the command now
        _end_now(signum, "stopped again while cancelling")
    _RAISED.append(signum)
    watchdog = threading.Timer(GRACE, _end_now,
                               (signum, f"its clean-up took over {GRACE:.0f} s"))
    watchdog.daemon = True
    _WATCHDOG.append(watchdog)
    watchdog.start()
    raise Interrupted(signum)


def _end_now(signum: int, why: str) -> None:
    """End the process at once with 128 + ``signum``, saying so in one line (written with
    os.write: the stream's lock may be what the stuck clean-up holds)."""
    name = signal.Signals(signum).name
    said = "" if signum == signal.SIGINT else f" ({name})"
    try:
        os.write(2, f"studio: cancelled{said}: {why}; ended at once\n".encode())
    finally:
        os._exit(128 + signum)


def disarm() -> None:
    """The command has returned (cancelled or not): no watchdog may end the process."""
    while _WATCHDOG:
        _WATCHDOG.pop().cancel()


def swallowed() -> int | None:
    """The first stopping signal raised since the last call, or None. A command that ends
    with success after one was raised never saw it: it landed where Python ignores
    exceptions (a finaliser, logging's lock release at "Exception ignored in: …"), and the
    command must still end as cancelled (a SIGTERM once ended with status 0 under load)."""
    first = _RAISED[0] if _RAISED else None
    _RAISED.clear()
    return first


def cancel_on_signals() -> None:
    """In the main thread: SIGINT, SIGTERM and SIGHUP cancel the command (ignored signals stay
    so, e.g. SIGHUP under nohup), under the watchdog."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in STOPPING:
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
