"""`studio gui [PROJECT]`: the desktop studio. Qt is imported only inside the handler."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    gui = sub.add_parser("gui", help="open the desktop studio")
    gui.add_argument("project", nargs="?", metavar="PROJECT",
                     help="an episode folder (or its episode.json), or a show folder: its latest "
                          "episode")
    gui.add_argument("--demo", action="store_true", help="open on the sample day")
    gui.add_argument("--screenshot", metavar="FILE.png",
                     help="render the main window offscreen to a PNG and exit")
    gui.set_defaults(handler=cmd_gui)


def cmd_gui(args: argparse.Namespace) -> int:
    from ..plumbing.errors import StudioError

    if args.demo and args.project:
        raise StudioError("give either a PROJECT or --demo, not both")
    try:
        from ..gui.app import run
    except ImportError as exc:
        raise StudioError(f"the desktop studio cannot start: {exc}") from None
    return run(args.project, demo=args.demo, screenshot=args.screenshot)
