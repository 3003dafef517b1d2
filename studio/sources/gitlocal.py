"""Pull a day from a local git repository (a working clone or a bare one) with one `git log`."""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import shutil
import subprocess
from pathlib import Path

from ..errors import StudioError
from ..textsafe import clean_text, decode_git
from .model import MAX_MESSAGE_CHARS, Commit, Day
from .window import day_bounds, parse_zone

# Fields of one record; the message comes last because only it may span lines.
_FIELDS = ["%H", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%cI", "%ct", "%B"]


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    if shutil.which("git") is None:
        raise StudioError("git is not installed: install it with `apt-get install git`")
    env = dict(os.environ, LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, env=env, check=False
    )


def _repo_identity(repo: Path, git_dir: str) -> tuple[str, str]:
    """(owner/name, web URL) from the ``origin`` remote; the folder name when there is none."""
    raw = _git(repo, "config", "--get", "remote.origin.url").stdout
    url = raw.decode(errors="replace").strip()
    match = re.match(
        r"^(?:(?P<scheme>https?|ssh|git)://(?:[^@/]+@)?(?P<host>[^/:]+)(?::\d+)?/"
        r"|(?:[^@/]+@)?(?P<scphost>[^/:]+):)(?P<path>[^?#]+?)(?:\.git)?/?$",
        url,
    )
    if match:
        parts = [p for p in match.group("path").split("/") if p]
        if len(parts) >= 2:
            name = f"{parts[-2]}/{parts[-1]}"
            host = match.group("host") or match.group("scphost")
            safe = all(re.fullmatch(r"[A-Za-z0-9_.-]+", p) for p in (host, *parts[-2:]))
            return name, f"https://{host}/{name}" if safe else ""
    base = Path(git_dir).resolve()
    name = base.parent.name if base.name == ".git" else base.name
    return name.removesuffix(".git") or "repository", ""


def _default_branch(repo: Path) -> str:
    head = _git(repo, "symbolic-ref", "--quiet", "--short", "HEAD")
    if head.returncode == 0 and head.stdout.strip():
        return head.stdout.decode(errors="replace").strip()
    return "HEAD"


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
    files = []
    for raw in parts[len(_FIELDS) :]:
        name = clean_text(decode_git(raw)).strip("\n")
        if name:
            files.append(name)
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
        files=files,
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


def pull_git(
    path: str | os.PathLike[str],
    date: dt.date,
    tz: str = "UTC",
    branch: str | None = None,
    lookback_days: int = 14,
) -> Day:
    """Commits on ``branch``'s first-parent line committed on ``date`` in ``tz``, and the
    ``lookback_days`` before it. Merge commits stand for the pull request they merged."""
    repo = Path(path)
    if not repo.exists():
        raise StudioError(f"no such folder: {repo}")
    zone = parse_zone(tz)
    if lookback_days < 0:
        raise StudioError("--lookback-days must be zero or more")
    probe = _git(repo, "rev-parse", "--absolute-git-dir")
    if probe.returncode != 0:
        raise StudioError(f"not a git repository: {repo}")
    git_dir = probe.stdout.decode(errors="replace").strip()
    branch = branch or _default_branch(repo)
    verify = _git(repo, "rev-parse", "--verify", "--quiet", f"{branch}^{{commit}}")
    if verify.returncode != 0:
        raise StudioError(f"no branch {branch!r} in {repo}")

    start, end = day_bounds(date, zone)
    since = start - dt.timedelta(days=lookback_days)
    marker = b"\0COMMITCAST-" + secrets.token_hex(8).encode() + b"\0"
    fmt = "%x00COMMITCAST-" + marker[12:-1].decode() + "%x00" + "%x00".join(_FIELDS)
    result = _git(
        repo,
        "log",
        "--first-parent",
        "-z",
        "--name-only",
        "--no-renames",
        f"--format={fmt}",
        f"--since=@{int(since.timestamp())}",
        f"--until=@{int(end.timestamp())}",
        branch,
        "--",
    )
    if result.returncode != 0:
        message = decode_git(result.stderr).strip().splitlines()
        raise StudioError(f"git log failed: {message[-1] if message else 'unknown error'}")

    day_commits: list[Commit] = []
    lookback: list[Commit] = []
    lo, mid, hi = since.timestamp(), start.timestamp(), end.timestamp()
    for record in result.stdout.split(marker)[1:]:
        commit = _parse_record(record)
        if commit is None:
            continue
        try:
            when = dt.datetime.fromisoformat(commit.committed_at).timestamp()
        except ValueError:
            continue
        if mid <= when < hi:
            day_commits.append(commit)
        elif lo <= when < mid:
            lookback.append(commit)

    _credit_merged_branches(repo, day_commits + lookback)
    name, web = _repo_identity(repo, git_dir)
    return Day(
        repo=name,
        repo_url=web,
        branch=branch,
        date=date.isoformat(),
        tz=tz,
        source="git",
        start=start.isoformat(),
        end=end.isoformat(),
        commits=day_commits,
        lookback=lookback,
        lookback_days=lookback_days,
    )
