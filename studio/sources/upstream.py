"""A clone behind its remote: what it cannot see is never told as a quiet day.

A clone nobody pulled today has a branch behind ``origin/<branch>`` (or, unfetched, a
remote-tracking branch just as old): its history stops before the day asked for, and a pull
of that day finds nothing. Before a pull, :func:`check_upstream` compares the branch with the
remote-tracking branch it follows, fetching first when asked (``--fetch``, show.toml's
``[source] fetch``), and refuses a day it cannot see in one line that says what to do. A
branch that only lags behind commits newer than the days asked for is a warning; a day after
the branch's newest commit is refused unless the remote was asked (or there is none to ask),
and then it is a quiet day, with a note naming the newest commit's date.

Fetch modes: ``always`` (``--fetch``: fetch even a branch that follows no remote-tracking
branch yet), ``tracked`` (show.toml's default for ``produce``: fetch when the branch follows
one), ``never``.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..plumbing.errors import StudioError

log = logging.getLogger(__name__)

FetchMode = Literal["always", "tracked", "never"]
FETCH_TIMEOUT = 300.0  # seconds: a fetch that hangs longer is treated as failed


@dataclass
class Freshness:
    """What the pull reads and what it should say about it."""

    rev: str  # the revision to walk: the branch, or its remote-tracking branch once fetched
    notes: list[str] = field(default_factory=list)


def _git(repo: Path, *args: str, timeout: float | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          errors="replace", env=env, check=False, timeout=timeout)


def _out(repo: Path, *args: str) -> str:
    proc = _git(repo, *args)
    return proc.stdout.strip() if proc.returncode == 0 else ""


def _upstream(repo: Path, rev: str, name: str) -> str:
    """The remote-tracking branch ``rev`` follows (``origin/master``), else
    ``origin/<name>`` when it exists; "" for a branch that follows none."""
    found = _out(repo, "rev-parse", "--abbrev-ref", "--symbolic-full-name", f"{rev}@{{upstream}}")
    if found and _out(repo, "rev-parse", "--verify", "--quiet", f"refs/remotes/{found}"):
        return found
    if _out(repo, "rev-parse", "--verify", "--quiet", f"refs/remotes/origin/{name}"):
        return f"origin/{name}"
    return ""


def _remote_of(repo: Path, upstream: str) -> str:
    if upstream:
        remote = upstream.split("/", 1)[0]
        if remote in _out(repo, "remote").split():
            return remote
    remotes = _out(repo, "remote").split()
    return "origin" if "origin" in remotes else (remotes[0] if remotes else "")


def _fetch(repo: Path, remote: str, name: str, bare: bool) -> str | None:
    """Fetch ``remote``; None when it worked, else git's reason in a line. A bare clone
    made without a fetch refspec (``git clone --bare``) gets its branch fast-forwarded."""
    args = ["fetch", "--quiet", "--no-write-fetch-head", remote]
    if bare and not _out(repo, "config", "--get-all", f"remote.{remote}.fetch"):
        args.append(f"refs/heads/{name}:refs/heads/{name}")
    try:
        proc = _git(repo, *args, timeout=FETCH_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"no answer in {FETCH_TIMEOUT:.0f} s"
    if proc.returncode == 0:
        return None
    lines = [line for line in proc.stderr.strip().splitlines() if line.strip()]
    return lines[-1].removeprefix("fatal: ") if lines else f"git fetch exited {proc.returncode}"


def _count(repo: Path, spec: str) -> int:
    text = _out(repo, "rev-list", "--count", spec)
    return int(text) if text.isdigit() else 0


def _stamp(repo: Path, *args: str) -> tuple[str, dt.datetime] | None:
    """(sha, committer time) of the first commit ``git log`` lists for ``args``."""
    text = _out(repo, "log", "-1", "--format=%H %ct", *args, "--")
    sha, _, stamp = text.partition(" ")
    if not stamp.isdigit():
        return None
    return sha, dt.datetime.fromtimestamp(int(stamp), dt.UTC)


def _oldest_missing(repo: Path, rev: str, upstream: str) -> dt.datetime | None:
    """Committer time of the oldest commit ``upstream`` has that ``rev`` lacks."""
    text = _out(repo, "log", "--format=%ct", f"{rev}..{upstream}", "--")
    times = [int(t) for t in text.split() if t.isdigit()]
    return dt.datetime.fromtimestamp(min(times), dt.UTC) if times else None


def _when(moment: dt.datetime, zone: dt.tzinfo) -> str:
    return f"{moment.astimezone(zone):%Y-%m-%d %H:%M %Z}"


def check_upstream(repo: Path, rev: str, name: str, bare: bool, start: dt.datetime,
                   end: dt.datetime, fetch: FetchMode = "never") -> Freshness:
    """Fetch as ``fetch`` says, then refuse the days from ``start`` to ``end`` (the first
    day's start, the last day's end) when the clone cannot see them; see the module text.
    ``rev`` is the branch asked for (or ``HEAD``), ``name`` its short name."""
    upstream = _upstream(repo, rev, name)
    fetched = False
    notes: list[str] = []
    if fetch == "always" or (fetch == "tracked" and upstream):
        remote = _remote_of(repo, upstream)
        if not remote:
            notes.append(f"nothing to fetch: {repo} has no remote")
        else:
            failed = _fetch(repo, remote, name, bare)
            fetched = failed is None
            if failed:
                notes.append(f"could not fetch {remote} ({failed}); using what the clone has")
            upstream = _upstream(repo, rev, name)
    pull = f"run `git -C {repo} pull`, or pass --fetch"
    if upstream:
        behind = _count(repo, f"{rev}..{upstream}")
        ahead = _count(repo, f"{upstream}..{rev}")
        if behind and fetched and not ahead:
            notes.append(f"{name} is {behind} commits behind {upstream}: read {upstream}, "
                         f"fetched now (the local branch is left as it is)")
            rev = upstream
        elif behind:
            lag = f"{name} is {behind} commits behind {upstream}"
            if ahead:
                lag += f" (and {ahead} ahead of it)"
            missing = _oldest_missing(repo, rev, upstream)
            if missing is not None and missing < end:
                fix = pull if not fetched else f"merge or rebase it onto {upstream}"
                raise StudioError(f"{lag}: {fix}")
            notes.append(f"{lag}, all newer than the days asked for")
            fetched = True  # what it lacks starts after the days: they are complete
    tip = _stamp(repo, "--end-of-options", rev)
    if tip is not None and tip[1] < start:
        newest = f"the newest commit on {name} is from {_when(tip[1], start.tzinfo or dt.UTC)} " \
                 f"({tip[0][:10]})"
        if upstream and not fetched:
            raise StudioError(f"{newest}, before the day asked for, and {upstream} was not "
                              f"fetched: the clone cannot see that day; {pull}")
        notes.append(f"{newest}: nothing landed after it" +
                     (f" ({upstream} fetched now)" if fetched else ""))
    for note in notes:
        log.warning("%s", note)
    return Freshness(rev, notes)
