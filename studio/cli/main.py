"""Entry point of `studio`: parses arguments, runs one command, turns errors into one line."""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from typing import TextIO

from .. import __version__
from ..plumbing.errors import Cancelled, StudioError

# Each module registers its sub-commands with `register(subparsers)`; keep imports light there.
COMMAND_MODULES = [
    "studio.cli.cmd_text",
    "studio.cli.cmd_recap",
    "studio.cli.cmd_audio",
    "studio.cli.cmd_edit",
    "studio.cli.cmd_auth",
    "studio.cli.cmd_publish",
    "studio.cli.cmd_serve",
    "studio.cli.cmd_doctor",
    "studio.cli.cmd_gui",
    "studio.cli.cmd_record",
]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, as for any bad input
        self.exit(2, f"studio: error: {message}\n")

    def _print_message(self, message: str, file: TextIO | None = None) -> None:
        """--help and --version: argparse would ignore a failed write and exit 0."""
        if message:
            _GuardedStdout(file or sys.stderr).write(message)


class _Version(argparse.Action):
    """--version: the studio's version, then its speech engines and voices with licences."""

    def __call__(self, parser, namespace, values, option_string=None):  # noqa: ANN001
        from ..narration.engines import licences

        parser._print_message("\n".join([f"studio {__version__} (MIT)", *licences()]) + "\n",
                              sys.stdout)
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="studio", description="Commitcast Studio: a daily repository podcast.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the version and the speech engines' and voices' licences")
    parser.add_argument("-v", "--verbose", action="store_true", help="log more detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    from ..plumbing.interrupts import cancel_on_signals, disarm, swallowed
    from ..plumbing.redact import install_log_redaction

    install_log_redaction()
    if (sys.argv[1:] if argv is None else argv)[:1] != ["gui"]:  # the window keeps its own
        cancel_on_signals()  # SIGINT, SIGTERM and SIGHUP cancel the command
    swallowed()  # (none raised before this command)
    try:
        return _ended(argv)
    finally:
        disarm()  # returned: the process ends as its caller says (studio.plumbing.process_exit)


def _ended(argv: list[str] | None) -> int:
    """The command's exit status, every way it can end (one line on stderr, never a
    traceback)."""
    from ..plumbing.interrupts import Interrupted, exit_status, swallowed
    from ..plumbing.redact import redact

    try:
        code = _run(argv)
    except Cancelled:
        _cancelled_line(KeyboardInterrupt())
        return 130
    except KeyboardInterrupt as exc:  # also while the command is still loading
        _cancelled_line(exc)
        return exit_status(exc)
    except StudioError as exc:
        print(f"studio: error: {exc}", file=sys.stderr)
        return getattr(exc, "exit_code", 1)  # e.g. 75 when the show folder is busy
    except BrokenPipeError:
        _drop_stdout()
        return 1
    except OSError as exc:  # not wrapped in a StudioError: still one line, never a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(redact(f"studio: error: {where}{exc.strerror or exc}"), file=sys.stderr)
        return 1
    lost = swallowed()
    if lost is not None and code == 0:  # a stop that Python swallowed: still a cancel
        _cancelled_line(Interrupted(lost))
        return exit_status(Interrupted(lost))
    return code


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.verbose:
        logging.basicConfig(level=logging.INFO, format="studio: %(levelname)s: %(message)s")
    level = logging.getLogger().level
    if not args.verbose and getattr(args, "quiet", False):
        logging.getLogger().setLevel(logging.ERROR)  # -q: errors only, no warnings either
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    stdout = sys.stdout
    sys.stdout = _GuardedStdout(stdout)  # type: ignore[assignment]
    try:
        code = int(args.handler(args) or 0)
        sys.stdout.flush()  # a full disk or closed pipe under stdout fails the run, here
        return code
    finally:
        sys.stdout = stdout
        logging.getLogger().setLevel(level)


class OutputFailed(StudioError):
    """Standard output could not be written (a full disk under ``> file``, a closed pipe)."""


class _GuardedStdout:
    """sys.stdout, whose write errors say that standard output failed."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._guard(self._stream.write, text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def _guard(self, call, *args):  # noqa: ANN001, ANN202
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            _drop_stdout()
            raise OutputFailed(f"cannot write standard output: {exc.strerror or exc}") from None

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self._stream, name)


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's flush at exit adds no second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass



def _cancelled_line(exc: KeyboardInterrupt) -> None:
    """One line (after the progress line, on a terminal); the signal when it was not Ctrl-C."""
    import signal

    signum = getattr(exc, "signum", signal.SIGINT)
    how = "" if signum == signal.SIGINT else f" ({signal.Signals(signum).name})"
    lead = "\n" if sys.stderr.isatty() else ""
    try:
        print(f"{lead}studio: cancelled{how}", file=sys.stderr)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
