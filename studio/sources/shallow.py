"""A shallow clone cuts history short: tell when the cut falls inside the window pulled.

``git clone --depth N`` (what CI checkouts do) leaves commits whose parents are missing,
listed in ``$GIT_DIR/shallow``; a first-parent walk ends at one of them. When that commit is
dated inside the day, the day is partial (or empty); inside the look-back, reverts of older
commits go unpaired. Either way the fix is to fetch more history.
"""

from __future__ import annotations

import datetime as dt
import logging
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.redact import child_env
from .window import git_time

log = logging.getLogger(__name__)


@dataclass
class Boundary:
    sha: str
    when: dt.datetime  # committer date of the oldest commit the clone has on the line


def shallow_boundary(repo: Path, git_dir: str, rev: str, since: dt.datetime) -> Boundary | None:
    """Where ``rev``'s first-parent line ends in a shallow clone, when that is at or after
    ``since``; None for a complete clone or a cut older than the window."""
    try:
        grafts = set((Path(git_dir) / "shallow").read_text(encoding="ascii").split())
    except (OSError, UnicodeDecodeError):
        return None
    if not grafts:
        return None
    env = dict(child_env(), LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    proc = subprocess.run(["git", "-C", str(repo), "log", "--first-parent", "--format=%H %ct",
                           f"--since={git_time(since)}", "--end-of-options", rev, "--"],
                          capture_output=True, env=env, check=False)
    lines = proc.stdout.decode(errors="replace").split("\n")
    last = [line for line in lines if line.strip()][-1:] or [""]
    sha, _, stamp = last[0].partition(" ")
    if proc.returncode != 0 or sha not in grafts or not stamp.strip().isdigit():
        return None
    return Boundary(sha, dt.datetime.fromtimestamp(int(stamp), dt.UTC))


def check_shallow(repo: Path, git_dir: str, rev: str, since: dt.datetime,
                  start: dt.datetime) -> None:
    """Refuse a day a shallow clone cuts into; warn when only the look-back is cut."""
    cut = shallow_boundary(repo, git_dir, rev, since)
    if cut is None:
        return
    deepen = (f"deepen it with `git -C {repo} fetch --shallow-since={since.date().isoformat()}` "
              f"(or `git -C {repo} fetch --unshallow`)")
    stop = f"{cut.when:%Y-%m-%d %H:%M} UTC (commit {cut.sha[:10]})"
    if cut.when >= start:
        raise StudioError(f"{repo} is a shallow clone whose history stops at {stop}, inside or "
                          f"after the day asked for, so the day would be partial: {deepen}")
    log.warning("%s is a shallow clone whose history stops at %s, inside the "
                "%s-day look-back: reverts of older commits may go unpaired; %s",
                repo, stop, (start - since).days, deepen)
