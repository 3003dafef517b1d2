"""Per-file sizes of commits from git: one `git log --no-walk --raw --numstat` for them all.

Lines added and deleted per file (0 and 0 for a binary file) and whether the file was added,
modified, deleted or renamed; a merge is diffed against its first parent (what the merged
branch brought). No history walk: only the commits asked for are diffed.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ..plumbing.redact import child_env
from ..textsafe import clean_text, decode_git
from .model import Commit, FileChange


def _start(repo: Path, *args: str) -> subprocess.Popen[bytes]:
    env = dict(child_env(), LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    return subprocess.Popen(["git", "-C", str(repo), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.PIPE, env=env)


_STATUS = {"A": "added", "C": "added", "D": "deleted", "R": "renamed"}


def _path(raw: bytes) -> str:
    return clean_text(decode_git(raw)).strip("\n")


def parse_changes(tokens: list[bytes]) -> list[FileChange]:
    """Per-file changes from the NUL-separated tail of a `git log -z --raw --numstat` record:
    first the raw lines (status and paths), then the numstat lines (``-`` for binary: 0)."""
    status: dict[str, str] = {}
    order: list[str] = []
    sizes: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i].lstrip(b"\n")
        i += 1
        if token.startswith(b":"):  # :old_mode new_mode old_sha new_sha STATUS, then path(s)
            letter = token.rsplit(b" ", 1)[-1][:1].decode(errors="replace")
            if letter in ("R", "C"):
                path = _path(tokens[i + 1]) if i + 1 < len(tokens) else ""
                i += 2
            else:
                path = _path(tokens[i]) if i < len(tokens) else ""
                i += 1
            if path and path not in status:
                order.append(path)
            if path:
                status[path] = _STATUS.get(letter, "modified")
            continue
        fields = token.split(b"\t", 2)
        if len(fields) != 3:
            continue
        added, deleted, name = fields
        if name == b"":  # a rename: the old and the new path follow
            path = _path(tokens[i + 1]) if i + 1 < len(tokens) else ""
            i += 2
        else:
            path = _path(name)
        if path:
            sizes[path] = (int(added) if added.isdigit() else 0,
                           int(deleted) if deleted.isdigit() else 0)
            if path not in status:
                order.append(path)
                status[path] = "modified"
    return [FileChange(p, *sizes.get(p, (0, 0)), status=status[p]) for p in order]


def start_changes(repo: Path, commits: list[Commit], marker: str
                  ) -> list[subprocess.Popen[bytes]]:
    """Files with their sizes for ``commits`` from `git log --no-walk` (no history walk, only
    diffs; a merge against its first parent: what the merged branch brought). Reading the
    files' contents is the cost: a long list is split in two processes that run side by side."""
    if not commits:
        return []
    shas = [c.sha for c in commits]
    halves = [shas] if len(shas) < 6 or (os.cpu_count() or 1) < 2 else [
        shas[0::2], shas[1::2]]
    procs = []
    for part in halves:
        proc = _start(repo, "log", "--no-walk=unsorted", "--diff-merges=first-parent", "-z",
                      "--raw", "--numstat", "--no-abbrev", "--stdin",
                      f"--format=%x00{marker}%x00%H")
        assert proc.stdin is not None
        try:  # git reads every sha before it writes: closing stdin first cannot deadlock
            proc.stdin.write("\n".join(part).encode() + b"\n")
            proc.stdin.close()
        except BrokenPipeError:
            pass
        proc.stdin = None  # closed: communicate() must not flush it
        procs.append(proc)
    return procs


def read_changes(procs: list[subprocess.Popen[bytes]], commits: list[Commit],
                 marker: str) -> None:
    changes: dict[str, list[FileChange]] = {}
    for proc in procs:
        try:
            out, _err = proc.communicate()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if proc.returncode != 0:
            continue
        for record in out.split(b"\0" + marker.encode() + b"\0")[1:]:
            parts = record.split(b"\0")
            changes[decode_git(parts[0]).strip()] = parse_changes(parts[1:])
    for c in commits:
        if c.sha in changes:
            c.changes = changes[c.sha]
            c.files = [f.path for f in c.changes]
