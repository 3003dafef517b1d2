"""Per-commit detail for the few commits that lead the episode, within a request bound.

The commit list has no files, stats or pull-request titles; each of those costs requests. Only
the stories the digest tells first get them: the day's reverts and what they reverted, then
the day's most described commits (a long body is the cheap sign of a big change).
"""

from __future__ import annotations

import logging
import re

from ...textsafe import clean_line, clean_text
from ..model import Commit

log = logging.getLogger(__name__)

_REVERTS = re.compile(r"This reverts commit ([0-9a-f]{7,40})", re.IGNORECASE)
_PR_IN_TITLE = re.compile(r"\(#(\d+)\)\s*$")


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


def pr_number(commit: Commit) -> int | None:
    match = _PR_IN_TITLE.search(commit.title)
    return int(match.group(1)) if match else None


def add_detail(repo, commit: Commit) -> None:
    """Fill ``files``, ``pr_title`` and ``pr_labels`` of ``commit``: two requests."""
    from github import UnknownObjectException

    full = repo.get_commit(commit.sha)
    listed = full.raw_data.get("files") or []  # the first page only: no extra requests
    files = [clean_text(str(f.get("filename", ""))).strip("\n") for f in listed]
    commit.files = [f for f in files if f]
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
