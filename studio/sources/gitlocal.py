"""Pull a day from a local git repository (a working clone or a bare one) with one `git log`."""

from __future__ import annotations

import datetime as dt
import os
import secrets
import shutil
import subprocess
from pathlib import Path

from ..errors import StudioError
from ..textsafe import clean_text, decode_git
from . import prs
from .branch_bodies import read_branch_bodies
from .forge import remote_identity
from .gitsizes import read_changes, start_changes
from .model import MAX_MESSAGE_CHARS, Commit, Day
from .project_name import project_name
from .reland_depth import RELAND_DAYS, older_pairs, unpaired_relands
from .relevance import keep_lookback
from .shallow import check_shallow
from .window import day_bounds, git_time, parse_zone, window_start

# Fields of one record; the message comes last because only it may span lines.
_FIELDS = ["%H", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%cI", "%ct", "%B"]


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    if shutil.which("git") is None:
        raise StudioError("git is not installed: install it with `apt-get install git`")
    env = dict(os.environ, LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, env=env, check=False
    )


def _repo_identity(url: str, git_dir: str) -> tuple[str, str]:
    """(owner/name, web URL) from the ``origin`` remote's URL; the folder name without one."""
    identity = remote_identity(url)
    if identity:
        return identity
    base = Path(git_dir).resolve()
    name = base.parent.name if base.name == ".git" else base.name
    return name.removesuffix(".git") or "repository", ""


def _split_message(message: str) -> tuple[str, str]:
    message = clean_text(message).strip("\n")
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS] + "\n[message truncated]"
    title, _, body = message.partition("\n")
    return title.strip(), body.strip("\n")


def _parse_record(record: bytes) -> Commit | None:
    parts = record.split(b"\0")
    if len(parts) < len(_FIELDS):
        return None
    head = [decode_git(p) for p in parts[: len(_FIELDS) - 1]]
    sha, parents, an, ae, a_iso, cn, ce, c_iso, _ct = head
    title, body = _split_message(decode_git(parts[len(_FIELDS) - 1]))
    return Commit(
        sha=sha.strip(),
        title=title,
        body=body,
        author_name=clean_text(an).strip(),
        author_email=clean_text(ae).strip(),
        committed_at=c_iso.strip(),
        authored_at=a_iso.strip(),
        committer_name=clean_text(cn).strip(),
        committer_email=clean_text(ce).strip(),
        parents=parents.split(),
    )


def _credit_merged_branches(repo: Path, commits: list[Commit]) -> None:
    """A merge commit tells a pull request: credit the author of the merged branch's tip,
    keeping the person who merged it as the committer (one extra `git log` for all merges)."""
    merges = [c for c in commits if len(c.parents) > 1]
    if not merges:
        return
    tips = sorted({c.parents[1] for c in merges})
    out = _git(repo, "log", "--no-walk=unsorted", "-z", "--format=%H%x00%an%x00%ae", *tips)
    if out.returncode != 0:
        return
    authors: dict[str, tuple[str, str]] = {}
    fields = out.stdout.rstrip(b"\0").split(b"\0")
    for i in range(0, len(fields) - 2, 3):
        sha, name, email = (clean_text(decode_git(f)).strip() for f in fields[i : i + 3])
        authors[sha] = (name, email)
    for commit in merges:
        tip = authors.get(commit.parents[1])
        if tip:
            commit.committer_name = commit.author_name
            commit.committer_email = commit.author_email
            commit.author_name, commit.author_email = tip


def _start(repo: Path, *args: str, stdin: bool = False) -> subprocess.Popen[bytes]:
    env = dict(os.environ, LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    return subprocess.Popen(["git", "-C", str(repo), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env,
                            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL)


def _stop(*procs: subprocess.Popen[bytes] | None) -> None:
    for proc in procs:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()


def _log_failure(err: bytes, branch: str) -> StudioError:
    text = decode_git(err)
    if "unknown revision" in text or "bad revision" in text or "ambiguous argument" in text:
        return StudioError(f"no branch {branch!r} in this repository")
    lines = text.strip().splitlines()
    return StudioError(f"git log failed: {lines[-1] if lines else 'unknown error'}")


def _format(marker: str) -> str:
    return "--format=%x00" + marker + "%x00" + "%x00".join(_FIELDS)


def _split_window(out: bytes, marker: str, lo: float, mid: float, hi: float
                  ) -> tuple[list[Commit], list[Commit], int]:
    """The day's commits, parsed; the look-back commits worth keeping, parsed; and how many
    look-back commits there were in all. Only what is kept is parsed in full."""
    day: list[Commit] = []
    earlier: list[tuple[str, str, bytes, bytes]] = []
    for record in out.split(b"\0" + marker.encode() + b"\0")[1:]:
        parts = record.split(b"\0", len(_FIELDS))
        if len(parts) < len(_FIELDS):
            continue
        try:
            when = int(parts[8])
        except ValueError:
            continue
        if mid <= when < hi:
            commit = _parse_record(record)
            if commit is not None:
                day.append(commit)
        elif lo <= when < mid:
            message = parts[9]
            title = decode_git(message.split(b"\n", 1)[0]).strip()
            earlier.append((decode_git(parts[0]), title, message, record))
    keep = keep_lookback(day, [(sha, title, msg) for sha, title, msg, _ in earlier])
    lookback = [c for sha, _, _, rec in earlier if sha in keep
                if (c := _parse_record(rec)) is not None]
    return day, lookback, len(earlier)


def _merged_pr_bodies(commits: list[Commit]) -> None:
    """A merge commit stands for the branch it merged: its body is that pull request's."""
    for c in commits:
        if len(c.parents) > 1 and c.body:
            c.pr_body = c.body


def _older_reverts(repo: Path, rev: str, marker: str, since: dt.datetime,
                   wanted: set[str]) -> list[Commit]:
    """The reverts (and their originals) of relands older than the window (reland_depth)."""
    if not wanted:
        return []
    older = window_start(since, RELAND_DAYS)
    out = _git(repo, "log", "--first-parent", "-z", _format(marker), f"--since={git_time(older)}",
               f"--until={git_time(since)}", "--end-of-options", rev, "--")
    if out.returncode != 0:
        return []
    records = []
    for record in out.stdout.split(b"\0" + marker.encode() + b"\0")[1:]:
        parts = record.split(b"\0", len(_FIELDS))
        if len(parts) >= len(_FIELDS):
            title = decode_git(parts[9].split(b"\n", 1)[0]).strip()
            records.append((decode_git(parts[0]), title, parts[9], record))
    keep = older_pairs(wanted, [(sha, title, msg) for sha, title, msg, _ in records])
    return [c for sha, _, _, rec in records if sha in keep if (c := _parse_record(rec)) is not None]


def pull_git(
    path: str | os.PathLike[str],
    date: dt.date,
    tz: str = "UTC",
    branch: str | None = None,
    lookback_days: int = 14,
) -> Day:
    """Commits on ``branch``'s first-parent line committed on ``date`` in ``tz``, and the
    ``lookback_days`` before it. Merge commits stand for the pull request they merged.

    One history walk over the window without diffs (cheap) runs side by side with the
    repository look-ups; then one `--no-walk` pass sizes every commit kept (the day's and the
    few look-back commits pairing needs), file by file, beside the merges' author look-up."""
    repo = Path(path)
    if not repo.exists():
        raise StudioError(f"no such folder: {repo}")
    zone = parse_zone(tz)
    if lookback_days < 0:
        raise StudioError("--lookback-days must be zero or more")
    if branch is not None and (not branch.strip() or branch.startswith("-")):
        raise StudioError(f"not a valid branch name: {branch!r}")
    if shutil.which("git") is None:
        raise StudioError("git is not installed: install it with `apt-get install git`")

    start, end = day_bounds(date, zone)
    since = window_start(start, lookback_days)  # clamped at 1970: git has nothing before
    marker = "COMMITCAST-" + secrets.token_hex(8)
    rev = branch or "HEAD"
    # one history walk over the whole window, side by side with the repository look-ups
    log = _start(repo, "log", "--first-parent", "-z", _format(marker),
                 f"--since={git_time(since)}", f"--until={git_time(end)}",
                 "--end-of-options", rev, "--")
    probe = _start(repo, "rev-parse", "--absolute-git-dir", "--abbrev-ref", "HEAD")
    origin_proc = _start(repo, "config", "--get", "remote.origin.url")
    try:
        probe_out, probe_err = probe.communicate()
        lines = probe_out.decode(errors="replace").split()
        if not lines or (probe.returncode != 0 and b"not a git repository" in probe_err):
            raise StudioError(f"not a git repository: {repo}")
        log_out, log_err = log.communicate()
        if log.returncode != 0:
            if branch is None:
                raise StudioError(f"no branch 'HEAD' in {repo}: the repository has no commits")
            raise _log_failure(log_err, branch)
        origin = origin_proc.communicate()[0].decode(errors="replace").strip()
    finally:
        _stop(log, probe, origin_proc)
    git_dir = lines[0]
    check_shallow(repo, git_dir, rev, since, start)  # a cut history must not pass for a quiet day
    if branch is None:
        branch = lines[1] if len(lines) > 1 and lines[1] != "HEAD" else "HEAD"

    day_commits, lookback, earlier = _split_window(
        log_out, marker, since.timestamp(), start.timestamp(), end.timestamp())
    lookback += _older_reverts(repo, rev, marker, since, unpaired_relands(day_commits, lookback))
    kept = day_commits + lookback
    sizing = start_changes(repo, kept, marker)  # side by side with the merges' authors
    try:
        _credit_merged_branches(repo, kept)
        read_branch_bodies(repo, day_commits)  # what the day's merged branches' commits said
    finally:
        read_changes(sizing, kept, marker)
    _merged_pr_bodies(kept)
    name, web = _repo_identity(origin, git_dir)
    return Day(
        repo=name,
        repo_url=web,
        branch=branch,
        date=date.isoformat(),
        tz=tz,
        source="git",
        start=start.isoformat(),
        end=end.isoformat(),
        merged_prs=prs.merged_prs(day_commits),
        commits=day_commits,
        lookback=lookback,
        lookback_days=lookback_days,
        lookback_total=earlier,
        project=project_name(repo),
    )
