"""Pull a day from a local git repository (a working clone or a bare one) with one `git log`."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

from ..plumbing.errors import StudioError
from ..plumbing.redact import child_env
from ..textsafe import clean_text, decode_git
from .forge import remote_identity
from .model import MAX_MESSAGE_CHARS, Commit, Day

if TYPE_CHECKING:
    from .upstream import FetchMode

# Fields of one record; the message comes last because only it may span lines.
_FIELDS = ["%H", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%cI", "%ct", "%B"]


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    if shutil.which("git") is None:
        raise StudioError("git is not installed: install it with `apt-get install git`")
    env = dict(child_env(), LC_ALL="C", GIT_TERMINAL_PROMPT="0")
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
    out = _git(repo, "log", "--no-walk=unsorted", "-z", "--format=%H%x00%P%x00%an%x00%ae",
               *tips)
    if out.returncode != 0:
        return
    authors: dict[str, tuple[str, str]] = {}
    fields = out.stdout.rstrip(b"\0").split(b"\0")
    for i in range(0, len(fields) - 3, 4):
        sha, parents, name, email = (clean_text(decode_git(f)).strip()
                                     for f in fields[i : i + 4])
        if len(parents.split()) > 1:
            # a tip that merged the main branch into the pull request's ("Merge branch 'main'
            # into fix-broken-pipe", by the maintainer who then merged it): the branch's own
            # last commit is the author's (pip 2026-06-08 credited the maintainer)
            own = _git(repo, "log", "-1", "--first-parent", "--no-merges", "-z",
                       "--format=%an%x00%ae", sha)
            got = own.stdout.rstrip(b"\0").split(b"\0") if own.returncode == 0 else []
            if len(got) == 2:
                name, email = (clean_text(decode_git(f)).strip() for f in got)
        authors[sha] = (name, email)
    for commit in merges:
        tip = authors.get(commit.parents[1])
        if tip:
            commit.committer_name = commit.author_name
            commit.committer_email = commit.author_email
            commit.author_name, commit.author_email = tip


def _start(repo: Path, *args: str, stdin: bool = False) -> subprocess.Popen[bytes]:
    env = dict(child_env(), LC_ALL="C", GIT_TERMINAL_PROMPT="0")
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


def _merged_pr_bodies(commits: list[Commit]) -> None:
    """A merge commit stands for the branch it merged: its body is that pull request's."""
    for c in commits:
        if len(c.parents) > 1 and c.body:
            c.pr_body = c.body


def pull_git(
    path: str | os.PathLike[str],
    date: dt.date,
    tz: str = "UTC",
    branch: str | None = None,
    lookback_days: int = 14,
    fetch: FetchMode = "never",
) -> Day:
    """Commits on ``branch``'s first-parent line committed on ``date`` in ``tz``, and the
    ``lookback_days`` before it. Merge commits stand for the pull request they merged.

    One history walk over the window without diffs (cheap) runs side by side with the
    repository look-ups; then one `--no-walk` pass sizes every commit kept (the day's and the
    few look-back commits pairing needs), file by file, beside the merges' author look-up.
    ``fetch``: see :mod:`studio.sources.upstream`."""
    from .gitspan import pull_git_span

    return pull_git_span(path, date, date, tz, branch, lookback_days, fetch)[0]
