"""A failed run leaves the folders it found as it found them: no empty folder it made.

``produce`` makes ``episodes/DATE/`` before it pulls, and the show's lock makes the show
folder itself; a run that fails after that (a clone that is not there, a day that cannot be
written) used to leave them behind, empty. :func:`folders_under` lists the folders a run
starts with; :func:`remove_new_empty` removes, deepest first, those it made that hold
nothing (never a file, never a folder that was there before).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

DEPTH = 3  # show / episodes / DATE / takes


def folders_under(root: Path, depth: int = DEPTH) -> set[str]:
    """The folders under ``root`` (itself included), ``depth`` levels down; links are not
    followed."""
    found: set[str] = set()
    level = [str(root)]
    for _ in range(depth + 1):
        below = []
        for path in level:
            found.add(path)
            try:
                with os.scandir(path) as it:
                    below += [e.path for e in it if e.is_dir(follow_symlinks=False)]
            except OSError:
                continue
        level = below
    return found


def remove_new_empty(root: Path, before: set[str], depth: int = DEPTH) -> list[str]:
    """Remove the empty folders under ``root`` that ``before`` (from :func:`folders_under`)
    does not hold, deepest first; ``root`` itself only when it too is new. Returns them."""
    new = sorted(folders_under(root, depth) - before, key=lambda p: p.count(os.sep),
                 reverse=True)
    removed = []
    for path in new:
        try:
            os.rmdir(path)  # only an empty folder goes
            removed.append(path)
        except OSError:
            continue
    if removed:
        log.info("removed the folders this failed run made: %s", ", ".join(removed))
    return removed


def missing_ancestors(path: Path) -> list[Path]:
    """``path`` and those of its parents that do not exist yet, deepest first."""
    out = []
    here = Path(os.path.abspath(path))
    while not os.path.lexists(here) and here != here.parent:
        out.append(here)
        here = here.parent
    return out


def remove_if_empty(paths: list[Path]) -> None:
    """Remove each of ``paths`` (deepest first) that is an empty folder."""
    for path in paths:
        try:
            os.rmdir(path)
        except OSError:
            return
