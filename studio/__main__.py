import signal
import sys


def _cancelled(exc: KeyboardInterrupt) -> int:
    """One line and 128 + the signal, for a stopping signal outside the command's own
    handling (while it loads, or in the instant it returns)."""
    signum = getattr(exc, "signum", signal.SIGINT)
    name = signal.Signals(signum).name
    print("studio: cancelled" + ("" if name == "SIGINT" else f" ({name})"), file=sys.stderr)
    return 128 + signum


def _run() -> int:
    gui = sys.argv[1:2] == ["gui"]
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # caught from here on
        from studio.plumbing.interrupts import STOPPING, cancel_on_signals

        if not gui:
            cancel_on_signals()
        from studio.cli.main import main

        code = main()
        if not gui:  # done: a signal now would only kill the interpreter's exit
            signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
        return code
    except KeyboardInterrupt as exc:
        signal.pthread_sigmask(signal.SIG_BLOCK, (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
        return _cancelled(exc)


code = _run()
from studio.plumbing.process_exit import finish  # noqa: E402 - after the command, as it ends

finish(code)
