"""Pull a run of days from a local git repository with one history walk.

One `git log --first-parent` covers the first day's look-back window to the last day's end;
each day is then cut out with its own look-back window (the commits before it that pairing
needs, as :func:`studio.sources.relevance.keep_lookback` picks them), so every Day is the very
Day a daily pull would make. Sizes come from one `--no-walk` pass over every commit kept, and
relands older than every window from at most one further walk. A single day is a span of one
(:func:`studio.sources.gitlocal.pull_git`).
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import shutil
import subprocess
from pathlib import Path

from ..editorial.record import fill_records
from ..plumbing.errors import StudioError
from . import prs
from .branch_bodies import read_branch_bodies
from .gitlocal import (
    _FIELDS,
    _credit_merged_branches,
    _format,
    _git,
    _log_failure,
    _merged_pr_bodies,
    _parse_record,
    _repo_identity,
    _start,
    _stop,
)
from .gitnotes import read_notes
from .gitsizes import read_changes, start_changes
from .model import Commit, Day
from .project_name import project_name
from .reland_depth import RELAND_DAYS, older_pairs, unpaired_relands
from .relevance import keep_lookback
from .shallow import check_shallow
from .upstream import FetchMode, check_upstream
from .window import day_bounds, git_time, parse_zone, window_start

Record = tuple[int, str, str, bytes, bytes]  # (commit time, sha, title, message, record)


def _records(out: bytes, marker: str) -> list[Record]:
    """Every record of a walk, newest first, with only its time, sha and title read."""
    from ..textsafe import decode_git

    found: list[Record] = []
    for record in out.split(b"\0" + marker.encode() + b"\0")[1:]:
        parts = record.split(b"\0", len(_FIELDS))
        if len(parts) < len(_FIELDS):
            continue
        try:
            when = int(parts[8])
        except ValueError:
            continue
        title = decode_git(parts[9].split(b"\n", 1)[0]).strip()
        found.append((when, decode_git(parts[0]), title, parts[9], record))
    return found


class _Parsed:
    """Records parsed in full once, however many days keep them (one Commit per sha)."""

    def __init__(self) -> None:
        self.by_sha: dict[str, Commit] = {}

    def get(self, rec: Record) -> Commit | None:
        sha = rec[1]
        if sha not in self.by_sha:
            commit = _parse_record(rec[4])
            if commit is None:
                return None
            self.by_sha[sha] = commit
        return self.by_sha[sha]


def _symbolic_head(repo: Path) -> str:
    """The branch HEAD names, where ``rev-parse --abbrev-ref`` could not say (a mirror that
    also holds a branch called HEAD makes the name ambiguous); "HEAD" when detached."""
    proc = _start(repo, "symbolic-ref", "--short", "-q", "HEAD")
    try:
        out = proc.communicate(timeout=30)[0].decode(errors="replace").strip()
    finally:
        _stop(proc)
    return out if proc.returncode == 0 and out and out != "HEAD" else "HEAD"


def pull_git_span(
    path: str | os.PathLike[str],
    first: dt.date,
    last: dt.date,
    tz: str = "UTC",
    branch: str | None = None,
    lookback_days: int = 14,
    fetch: FetchMode = "never",
) -> list[Day]:
    """One Day for each date from ``first`` to ``last``, oldest first; see the module text.
    ``fetch``: whether to fetch the remote first (:mod:`.upstream`), which also refuses days
    a clone behind its remote cannot see."""
    repo = Path(path)
    if not repo.exists():
        raise StudioError(f"no such folder: {repo}")
    zone = parse_zone(tz)
    if lookback_days < 0:
        raise StudioError("--lookback-days must be zero or more")
    if last < first:
        raise StudioError(f"the span is reversed: {first.isoformat()} is after {last.isoformat()}")
    if branch is not None and (not branch.strip() or branch.startswith("-")):
        raise StudioError(f"not a valid branch name: {branch!r}")
    if shutil.which("git") is None:
        raise StudioError("git is not installed: install it with `apt-get install git`")

    dates = [first + dt.timedelta(days=i) for i in range((last - first).days + 1)]
    bounds = [day_bounds(d, zone) for d in dates]
    windows = [window_start(start, lookback_days) for start, _ in bounds]
    since, end = windows[0], bounds[-1][1]
    marker = "COMMITCAST-" + secrets.token_hex(8)
    rev = branch or "HEAD"
    probe = _start(repo, "rev-parse", "--absolute-git-dir", "--is-bare-repository",
                   "--abbrev-ref", "HEAD")
    probe_out, probe_err = probe.communicate()
    lines = probe_out.decode(errors="replace").split()
    if len(lines) < 2 or (probe.returncode != 0 and b"not a git repository" in probe_err):
        raise StudioError(f"not a git repository: {repo}")
    git_dir, bare, lines = lines[0], lines[1] == "true", lines[:1] + lines[2:]
    if branch is None:
        branch = lines[1] if len(lines) > 1 and lines[1] != "HEAD" else _symbolic_head(repo)
    fresh = check_upstream(repo, rev, branch, bare, bounds[0][0], end, fetch)
    walk = fresh.rev  # the remote-tracking branch when it was fetched and the branch is behind
    log = _start(repo, "log", "--first-parent", "-z", _format(marker),
                 f"--since={git_time(since)}", f"--until={git_time(end)}",
                 "--end-of-options", walk, "--")
    origin_proc = _start(repo, "config", "--get", "remote.origin.url")
    try:
        log_out, log_err = log.communicate()
        if log.returncode != 0:
            if branch is None:
                raise StudioError(f"no branch 'HEAD' in {repo}: the repository has no commits")
            raise _log_failure(log_err, branch)
        origin = origin_proc.communicate()[0].decode(errors="replace").strip()
    finally:
        _stop(log, origin_proc)
    rev = walk
    check_shallow(repo, git_dir, rev, since, bounds[0][0])  # a cut history is no quiet day

    records = _records(log_out, marker)
    parsed = _Parsed()
    cut = []  # per date: (its commits, its look-back, look-back total)
    for (start, stop), lo in zip(bounds, windows, strict=True):
        mid, hi, low = start.timestamp(), stop.timestamp(), lo.timestamp()
        day = [c for r in records if mid <= r[0] < hi if (c := parsed.get(r)) is not None]
        window = [r for r in records if low <= r[0] < mid]
        keep = keep_lookback(day, [(sha, title, msg) for _, sha, title, msg, _ in window])
        lookback = [c for r in window if r[1] in keep if (c := parsed.get(r)) is not None]
        cut.append((day, lookback, len(window)))
    _add_older_reverts(repo, rev, marker, since, records, windows, cut, parsed)

    kept = list(parsed.by_sha.values())  # each commit once, however many days hold it
    sizing = start_changes(repo, kept, marker)  # side by side with the merges' authors
    try:
        _credit_merged_branches(repo, kept)
    finally:
        read_changes(sizing, kept, marker)
    read_branch_bodies(repo, [c for day, _, _ in cut for c in day])  # what merged branches said
    _merged_pr_bodies(kept)
    read_notes(repo, kept)  # the release notes each commit adds
    fill_records(kept)  # each commit's cleaned full text, for the writers
    name, web = _repo_identity(origin, git_dir)
    project = project_name(repo)
    return [Day(repo=name, repo_url=web, branch=branch, date=date.isoformat(), tz=tz,
                source="git", start=start.isoformat(), end=stop.isoformat(),
                merged_prs=prs.merged_prs(day), commits=day, lookback=lookback,
                lookback_days=lookback_days, lookback_total=total, project=project,
                notes=list(fresh.notes))
            for date, (start, stop), (day, lookback, total) in zip(dates, bounds, cut, strict=True)]


def _add_older_reverts(repo: Path, rev: str, marker: str, since: dt.datetime,
                       records: list[Record], windows: list[dt.datetime],
                       cut: list[tuple[list[Commit], list[Commit], int]], parsed: _Parsed) -> None:
    """The reverts (and their originals) of relands older than a day's window, from one walk
    of the RELAND_DAYS before the first window (see :mod:`.reland_depth`)."""
    wanted = [unpaired_relands(day, lookback) for day, lookback, _ in cut]
    if not any(wanted):
        return
    older = window_start(since, RELAND_DAYS)
    out = _git(repo, "log", "--first-parent", "-z", _format(marker), f"--since={git_time(older)}",
               f"--until={git_time(since)}", "--end-of-options", rev, "--")
    walked = _records(out.stdout, marker) if out.returncode == 0 else []
    for keys, lo, (_, lookback, _) in zip(wanted, windows, cut, strict=True):
        if not keys:
            continue
        before = [r for r in records if r[0] < lo.timestamp()] + walked
        keep = older_pairs(keys, [(sha, title, msg) for _, sha, title, msg, _ in before])
        have = {c.sha for c in lookback}
        lookback += [c for r in before if r[1] in keep and r[1] not in have
                     if (c := parsed.get(r)) is not None]


def repo_name(path: str | os.PathLike[str]) -> str | None:
    """The repository's name as a pull names it (owner/name from ``origin``, else the folder's
    name); None when ``path`` is no git repository."""
    repo = Path(path)
    if not repo.exists() or shutil.which("git") is None:
        return None
    probe = _git(repo, "rev-parse", "--absolute-git-dir")
    if probe.returncode != 0:
        return None
    origin = _git(repo, "config", "--get", "remote.origin.url").stdout.decode(errors="replace")
    return _repo_identity(origin.strip(), probe.stdout.decode(errors="replace").strip())[0]



def start_authors(path: str | os.PathLike[str], before: dt.datetime, branch: str | None = None
                  ) -> subprocess.Popen[bytes] | None:
    """Start listing the author addresses of everything reachable from ``branch`` before
    ``before`` (the whole history: a first-time contributor is one found nowhere in it), to
    run beside the span's own pull; :func:`newcomers` reads it."""
    repo = Path(path)
    if not repo.exists() or shutil.which("git") is None:
        return None
    return _start(repo, "log", "--format=%aE", f"--until={git_time(before)}",
                  "--end-of-options", branch or "HEAD", "--")


def newcomers(proc: subprocess.Popen[bytes] | None, commits: list[Commit]) -> list[str] | None:
    """E-mail addresses (lower case) of ``commits``' authors that ``proc``
    (:func:`start_authors`) never listed; None when git could not tell."""
    if proc is None:
        return None
    try:
        out, _ = proc.communicate()
    finally:
        _stop(proc)
    if proc.returncode != 0:
        return None
    wanted = {c.author_email.lower() for c in commits if c.author_email}
    return sorted(wanted - set(out.decode("utf-8", "replace").lower().split()))
