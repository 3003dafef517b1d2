"""A record's opening, as a story in a sentence or two tells it: the author's first sentence
that stands alone, and the one after it when it leans on it (a problem with its fix)."""

from __future__ import annotations

from ...editorial.record import CommitRecord
from .sentences import available
from .until_now import until_now


def lead(record: CommitRecord, title: str = "", skip: frozenset[str] = frozenset(),
         words: int = 40) -> list[str]:
    """The record's opening: its first sentence that stands alone (an author states the
    problem or the change first), and the one after it when it leans on it and fits."""
    avail = available(record, title, skip)
    for i, x in enumerate(avail):
        if x.leans or len(x.said.split()) > words:
            continue
        out = [until_now(x.said) if x.role == "problem" and x.index == 0 else x.said]
        used = len(x.said.split())
        if x.role in ("problem", "cause"):
            # a problem is told with its fix: the next sentence that says what changed
            fix = next((y for y in avail[i + 1:] if y.role in ("change", "evidence")
                        and not y.leans), None)
            if fix is not None and used + len(fix.said.split()) <= words + 15:
                out.append(fix.said)
            return out
        nxt = avail[i + 1] if i + 1 < len(avail) else None
        # a short statement and the problem it makes, told as the record tells it ("Three
        # doc examples combined ... This leaves the header in the buffer ...")
        room = max(words + 15, 55) if nxt is not None and nxt.leans and \
            nxt.role in ("problem", "cause") and used <= 15 else words + 15
        if nxt is not None and nxt.index == x.index + 1 and \
                used + len(nxt.said.split()) <= room:
            out.append(nxt.said)
        return out
    return []
