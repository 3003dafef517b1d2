"""The rest of the day in one honest line: "And eleven smaller changes, mostly CI and docs"."""

from __future__ import annotations

from collections import Counter

from ...digest.model import CommitInfo, Digest
from ..story import inputs as I
from ..words import capitalize, join_words, number_words

KIND_WORDS = {"ci": "CI", "docs": "docs", "tests": "tests", "typo": "typo fixes",
              "owners": "code ownership", "upkeep": "upkeep"}


def kinds(commits: list[CommitInfo], d: Digest) -> list[str]:
    """What the commits are, most first: "CI", "docs", or the themes they share."""
    found: Counter[str] = Counter()
    for c in commits:
        kind = I.housekeeping_kind(c, d) if I.is_housekeeping(c, d) else ""
        if kind:
            found[KIND_WORDS.get(kind, kind)] += 1
        else:
            found["other changes"] += 1
    named = [k for k, n in found.most_common() if k != "other changes"]
    return named[:3]


def rest_line(commits: list[CommitInfo], d: Digest, more: bool) -> str:
    if not commits:
        return ""
    n = len(commits)
    what = kinds(commits, d)
    words = number_words(n)
    noun = "change" if n == 1 else "changes"
    lead = f"And {words} smaller {noun}" if more else f"{capitalize(words)} smaller {noun} landed"
    chores = sum(1 for c in commits if I.is_housekeeping(c, d))
    if what and chores * 2 > n and n > 2:
        return f"{lead}, mostly {join_words(what[:2])}"
    if what and chores:
        if n == 1:
            return f"{lead}, in {what[0]}"
        share = "all of them" if chores == n else f"{number_words(chores)} of them"
        return f"{lead}, {share} {join_words(what[:3])}"
    return lead
