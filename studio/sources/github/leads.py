"""Per-commit detail through REST, within a request bound, for what GraphQL did not give.

The commit list has no files, sizes or pull requests. GraphQL gives them for the whole day
(graphql.py); a commit without a pull request of its own, or every commit when GraphQL is
unavailable, is sized here one request each (two with its pull request), in the order the
digest tells stories: the day's reverts and what they reverted, then the most described.
"""

from __future__ import annotations

import logging
import re

from ...textsafe import clean_line, clean_text
from ..model import Commit, FileChange
from ..prs import pr_body_beyond, pr_number
from .notes import notes_of_files

log = logging.getLogger(__name__)

_REVERTS = re.compile(r"This reverts commit ([0-9a-f]{7,40})", re.IGNORECASE)


def pick_leads(day: list[Commit], lookback: list[Commit], limit: int) -> list[Commit]:
    """At most ``limit`` commits: reverts of the day and their originals, then long bodies."""
    if limit <= 0:
        return []
    by_sha = {c.sha: c for c in day + lookback}
    chosen: list[Commit] = []

    def take(commit: Commit | None) -> None:
        if commit is not None and commit not in chosen and len(chosen) < limit:
            chosen.append(commit)

    for commit in day:
        if commit.title.startswith("Revert "):
            take(commit)
            match = _REVERTS.search(commit.body)
            if match:
                original = by_sha.get(match.group(1)) or next(
                    (c for c in by_sha.values() if c.sha.startswith(match.group(1))), None)
                take(original)
    for commit in sorted(day, key=lambda c: len(c.body), reverse=True):
        take(commit)
    return chosen


_STATUS = {"added": "added", "copied": "added", "removed": "deleted", "renamed": "renamed"}


def _count(value) -> int:
    return value if isinstance(value, int) and value >= 0 else 0


def add_files(repo, commit: Commit):
    """Fill ``files`` and ``changes`` of ``commit`` from the single-commit endpoint (its
    first page of files: one request); returns PyGithub's commit for :func:`add_detail`."""
    full = repo.get_commit(commit.sha)
    changes = []
    for f in full.raw_data.get("files") or []:
        path = clean_text(str(f.get("filename", ""))).strip("\n")
        if path:
            changes.append(FileChange(path, _count(f.get("additions")),
                                      _count(f.get("deletions")),
                                      _STATUS.get(str(f.get("status")), "modified")))
    commit.changes = changes
    commit.files = [f.path for f in changes]
    notes_of_files(commit, full.raw_data.get("files") or [])  # the notes it adds, if any
    return full


def add_detail(repo, commit: Commit) -> None:
    """Fill ``files``, ``changes``, ``pr_title``, ``pr_labels`` and ``pr_body`` of ``commit``:
    two requests."""
    from github import UnknownObjectException

    full = add_files(repo, commit)
    number = pr_number(commit)
    pull = None
    try:
        if number is not None:
            pull = repo.get_pull(number)
        else:
            pull = next(iter(full.get_pulls().get_page(0)), None)
    except UnknownObjectException:
        log.info("no pull request found for %s", commit.sha[:12])
    if pull is not None:
        commit.pr_title = clean_line(pull.title or "")
        commit.pr_labels = [clean_line(label.name) for label in pull.labels]
        body = clean_text(pull.body or "").replace("\r\n", "\n")
        commit.pr_body = pr_body_beyond(commit, body)
