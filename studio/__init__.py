"""Commitcast Studio: produce a daily developer podcast about one repository."""

__version__ = "0.1.0"


def _cancel_at_once_while_loading() -> None:
    """For the ``studio`` process only (``python -m studio``, the ``studio`` script): a Ctrl-C
    before the command's own handling is in place (it takes ~100 ms of imports) ends it with
    one line and exit 130, not an import's traceback. ``studio.__main__`` and the script's
    entry put Python's KeyboardInterrupt back once they can catch it. Only builtin modules
    here, so the handler is in place a few microseconds into the package's import."""
    import sys

    argv = getattr(sys, "orig_argv", [])
    as_module = any(a == "-m" and b == "studio" for a, b in zip(argv, argv[1:], strict=False))
    script = bool(argv[1:]) and argv[1].rsplit("/", 1)[-1] == "studio"
    if not (as_module or script):
        return
    import _signal
    import os

    def cancelled(signum: int, _frame: object) -> None:
        os.write(2, b"studio: cancelled\n")
        os._exit(128 + signum)

    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, cancelled)


_cancel_at_once_while_loading()
