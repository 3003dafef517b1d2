"""A reland whose revert is older than the look-back window: found by one walk further back.

The look-back window (14 days by default) pairs most relands with the revert they undo, but a
change often stays out longer: three weeks is common. A reland told without its revert loses
the day's best arc ("reverted on June 24th, back today"). So when a day commit says it is a
reland (a reland marker such as ``[reland]``/``Reland:``, or a revert of a revert) and no revert
in the day or the window undid it, the source walks the RELAND_DAYS before the window once and
keeps the reverts of those titles and the originals they name — nothing else. A day without
such a reland costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..digest.messages import normalize_title, parse_message, parse_revert, parse_revert_title
from .model import Commit
from .relevance import keep_lookback

RELAND_DAYS = 90  # how far before the window a reland's revert is looked for


def _reland_key(commit: Commit) -> str:
    facts = parse_message(commit.title, commit.body)
    if facts.revert is not None:
        if not facts.revert.is_revert_of_revert:
            return ""
        inner = parse_revert_title(facts.revert.inner_title)
        return normalize_title(inner[0]) if inner else ""
    return normalize_title(commit.title) if facts.reland_marker else ""


def _reverted_keys(commits: Iterable[Commit]) -> set[str]:
    keys = set()
    for c in commits:
        notice = parse_revert(c.title, c.body)
        if notice is not None:
            keys.add(normalize_title(notice.inner_title))
    return keys


def unpaired_relands(day: list[Commit], lookback: list[Commit]) -> set[str]:
    """Title keys of the day's relands that no revert in the day or the window undid."""
    wanted = {k for c in day if (k := _reland_key(c))}
    return wanted - _reverted_keys([*day, *lookback])


def older_pairs(wanted: set[str], older: list[tuple[str, str, bytes]]) -> set[str]:
    """Shas among ``older`` (sha, title, message; the walk before the window) to keep: the
    reverts of a ``wanted`` title and the originals those reverts name."""
    reverts = []
    for sha, title, message in older:
        if not title.startswith("Revert"):
            continue
        notice = parse_revert(title, message.decode("utf-8", "replace").partition("\n")[2])
        if notice is not None and normalize_title(notice.inner_title) in wanted:
            reverts.append(Commit(sha=sha, title=title, body=message.decode("utf-8", "replace")
                                  .partition("\n")[2], author_name="", author_email="",
                                  committed_at=""))
    if not reverts:
        return set()
    return keep_lookback(reverts, older) | {c.sha for c in reverts}
