"""What a change's files say when its record says nothing past its title: where it lands and
how big it is ("It's a large change, about 730 lines across two files, with tests"; "It
changes only the type stubs and their tests"), as an editor tells a titles-only day (round
24's references: "the size tells you unique's typing has been reworked rather than patched";
the story writer said only that the work landed)."""

from __future__ import annotations

from ...digest import paths as P
from ...digest.model import CommitInfo
from ..words import number_words

THIN = 12  # record words at most: a title and nothing else
LARGE = 300  # lines added or removed from which a change is large


def _about(n: int) -> str:
    """730 → "about 730"; 1,234 → "about 1,200"."""
    if n < 100:
        return f"{n}"
    step = 10 if n < 1000 else 100
    return f"about {round(n / step) * step:,}"


def footprint(c: CommitInfo, record_words: int) -> str:
    """A sentence on the change's files for a thin record, or "" (a record that explains
    itself is told from its words; a small change is no news by its size)."""
    if record_words > THIN or not c.changes:
        return ""
    lines = sum(f.added + f.deleted for f in c.changes)
    kinds = [P.kind_of_path(f.path) for f in c.changes]
    stubs = [f for f in c.changes if f.path.endswith(".pyi")]
    files = len(c.changes)
    where = f"{number_words(files)} file{'s' if files != 1 else ''}"
    tested = P.TESTS in kinds and any(k == P.CODE for k in kinds)
    if stubs and all(f.path.endswith(".pyi") or k == P.TESTS for f, k in zip(c.changes, kinds, strict=True)):
        size = f", about {_about(lines).removeprefix('about ')} lines" if lines >= LARGE else ""
        tests = " and their tests" if P.TESTS in kinds else ""
        return (f"It changes only the type stubs{tests}{size}: what the code does when it runs "
                f"stays the same, and what a type checker reports about it changes")
    if lines >= LARGE:
        return (f"It's a large change, {_about(lines)} lines added or removed across {where}"
                + (", with tests" if tested else ""))
    return ""
