"""Ending the ``studio`` process once a command has finished, without the interpreter's
teardown.

A command's work is on disk by the time it returns (every write is atomic and synced), yet
the interpreter then spends ~50-60 ms freeing the modules a command loaded (numpy, lxml,
Jinja2...) before the process ends: on a short day a few per cent of ``studio produce``.
Here the exit handlers still run (our own, logging's flush, temporary folders' clean-up),
the standard streams are flushed, and only then does the process end at once. Where another
non-daemon thread is still running, the normal exit is kept: it waits for that thread — but
not after a cancel, which ends the process within studio.plumbing.interrupts.GRACE seconds.

Only for the process's entry points (``python -m studio``, the ``studio`` script, the
bundle's launcher), never for ``cli.main.main``, which tests and the app call in-process.
"""

from __future__ import annotations

import atexit
import logging
import os
import sys
import threading
from typing import NoReturn

from .interrupts import GRACE


def finish(code: int) -> NoReturn:
    """Exit with ``code``: at once where that is safe, otherwise as ``sys.exit`` does (always
    for the desktop app, ``studio gui``: Qt's objects go down with the interpreter)."""
    others = [t for t in threading.enumerate()
              if t is not threading.current_thread() and not t.daemon and t.is_alive()]
    run_handlers = getattr(atexit, "_run_exitfuncs", None)
    if sys.argv[1:2] == ["gui"] or run_handlers is None or (others and code < 128):
        sys.exit(code)
    if code >= 128:  # cancelled: wait for no thread, and not long for the exit handlers
        deadline = threading.Timer(GRACE, os._exit, (code,))
        deadline.daemon = True
        deadline.start()
    run_handlers()
    logging.shutdown()  # idempotent: registered with atexit too
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe: what was said there is lost anyway
            if code == 0:
                code = 1
    os._exit(code)


def entry() -> NoReturn:
    """The ``studio`` console script: the command line, then :func:`finish`."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # caught from here on
        from ..cli.main import main

        code = main()
    except KeyboardInterrupt:  # before main's own handling, or in the instant it returns
        signal.pthread_sigmask(signal.SIG_BLOCK, (signal.SIGINT,))
        print("studio: cancelled", file=sys.stderr)
        code = 130
    finish(code)
