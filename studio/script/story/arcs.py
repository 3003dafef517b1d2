"""Arcs from the look-back window: work that continues something landed days before — an
earlier part of the same numbered series, or a PR the change names as its base."""

from __future__ import annotations

from ...digest.model import CommitInfo, Digest
from ..words import number_words
from .draft import Said


def _author(c: CommitInfo) -> str:
    return (c.author_login or c.author_email or c.author).lower()


def earlier_part(commits: list[CommitInfo], d: Digest, builds_on: list[int] = ()) -> Said | None:
    """"It follows part eight, which landed on August 3rd" / "It builds on …, from …"."""
    from .rollbacks import change_name, on_day

    first = commits[0]
    mine = {c.sha for c in commits}
    earlier = [c for c in d.earlier if c.revert is None and c.sha not in mine]
    by_pr = {c.pr: c for c in earlier if c.pr is not None}
    named = [by_pr[p] for p in builds_on if p in by_pr]
    if named:
        base = max(named, key=lambda c: c.committed_at)
        return (f"It builds on {change_name(base.title)}, which landed "
                f"{on_day(base.committed_at, d)}", [base.sha, first.sha])
    if first.series is None or not first.tags:
        return None
    tags = {t.lower() for t in first.tags}
    parts = [c for c in earlier if c.series is not None and _author(c) == _author(first)
             and {t.lower() for t in c.tags} == tags and c.series[0] < first.series[0]]
    if not parts:
        return None
    last = max(parts, key=lambda c: c.series[0])
    start = min(parts, key=lambda c: c.series[0])
    said = (f"It follows part {number_words(last.series[0])}, which landed "
            f"{on_day(last.committed_at, d)}")
    began = on_day(start.committed_at, d)
    if start is not last and began != on_day(last.committed_at, d):
        return (f"{said}; the series began {began}, with part {number_words(start.series[0])}",
                [start.sha, last.sha, first.sha])
    return said, [last.sha, first.sha]
