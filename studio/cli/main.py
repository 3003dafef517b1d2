"""Entry point of `studio`: parses arguments, runs one command, turns errors into one line."""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__
from ..errors import Cancelled, StudioError

# Each module registers its sub-commands with `register(subparsers)`; keep imports light there.
COMMAND_MODULES = [
    "studio.cli.cmd_text",
    "studio.cli.cmd_audio",
    "studio.cli.cmd_auth",
    "studio.cli.cmd_publish",
    "studio.cli.cmd_doctor",
    "studio.cli.cmd_gui",
    "studio.cli.cmd_record",
]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, as for any bad input
        self.exit(2, f"studio: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="studio", description="Commitcast Studio: a daily repository podcast.")
    parser.add_argument("--version", action="version", version=f"studio {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log more detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    from ..interrupts import cancel_on_signals, exit_status

    if (sys.argv[1:] if argv is None else argv)[:1] != ["gui"]:  # the window keeps its own
        cancel_on_signals()  # SIGTERM and SIGHUP cancel like Ctrl-C
    try:
        return _run(argv)
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
        return 1


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.verbose:
        import logging

        logging.basicConfig(level=logging.INFO, format="studio: %(levelname)s: %(message)s")
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    return int(args.handler(args) or 0)


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
