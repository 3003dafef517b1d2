"""The release notes of commits pulled from a local clone: one `git log --no-walk -p` for all.

Only the commits whose changes touch a release-notes file (:func:`release_notes.is_note_path`)
are diffed, and only on those paths, each against its first parent, as GitHub's single-commit
endpoint gives a merge's files. What each adds is its note (:func:`release_notes.note_from_patch`).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ..plumbing.redact import child_env
from ..textsafe import clean_text, decode_git
from .model import Commit
from .release_notes import (
    is_changelog,
    is_note_path,
    is_release_title,
    join_notes,
    note_from_patch,
)

_MARKER = "\x1eCOMMITCAST-NOTES\x1e"


def note_paths(c: Commit) -> list[str]:
    """The release-notes files ``c`` adds to or changes (not ones it deletes); a release's own
    commit ("chore: prepare Tokio v1.53.1") compiles other changes' entries into its
    changelog, which are no note of its own (tokio 2026-07-20: the release was said to bring
    a new requirement, from an entry of another change)."""
    paths = [f.path for f in c.changes if f.status != "deleted" and is_note_path(f.path)] \
        if c.changes else [p for p in c.files if is_note_path(p)]
    return [p for p in paths if not is_changelog(p)] if is_release_title(c.title) else paths


def read_notes(repo: Path, commits: list[Commit]) -> None:
    """Set ``release_notes`` of each of ``commits`` that adds a note."""
    wanted = {c.sha: c for c in commits if note_paths(c)}
    if not wanted:
        return
    paths = sorted({p for c in wanted.values() for p in note_paths(c)})
    env = dict(child_env(), LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    out = subprocess.run(
        ["git", "-C", str(repo), "log", "--no-walk=unsorted", "--diff-merges=first-parent",
         "-p", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", "--stdin",
         f"--format={_MARKER}%H", "--", *paths],
        input="\n".join(wanted).encode() + b"\n", capture_output=True, env=env, check=False)
    if out.returncode != 0:
        return
    for chunk in decode_git(out.stdout).split(_MARKER)[1:]:
        sha, _, diff = chunk.partition("\n")
        commit = wanted.get(sha.strip())
        if commit is None:
            continue
        mine = set(note_paths(commit))
        notes = [note_from_patch(path, patch) for path, patch in _file_patches(diff)
                 if path in mine]
        commit.release_notes = clean_text(join_notes(n for n in notes if n))


def _file_patches(diff: str) -> list[tuple[str, str]]:
    """(path, its hunks) of each file of a `git log -p` commit's diff."""
    out: list[tuple[str, str]] = []
    path, lines = "", []
    for line in diff.split("\n"):
        if line.startswith("diff --git "):
            if path:
                out.append((path, "\n".join(lines)))
            path, lines = "", []
        elif line.startswith("+++ "):
            name = line[4:].strip()
            path = name[2:] if name.startswith("b/") else ""
        elif path and line[:1] in "+- @":
            lines.append(line)
    if path:
        out.append((path, "\n".join(lines)))
    return out
