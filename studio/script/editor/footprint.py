"""What a change's files say when its record says nothing past its title: where it lands and
how big it is ("It's a large change, about 730 lines across two files, with tests"; "It
changes only the type stubs and their tests"), as an editor tells a titles-only day (round
24's references: "the size tells you unique's typing has been reworked rather than patched";
the story writer said only that the work landed)."""

from __future__ import annotations

import re

from ...digest import paths as P
from ...digest.model import CommitInfo
from ..words import join_words, number_words

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
        return (f"It changes only the type stubs{tests}{size}, so what the code does when it runs "
                f"stays the same, and what a type checker reports about it changes")
    if lines >= LARGE:
        return (f"It's a large change, {_about(lines)} lines added or removed across {where}"
                + (", with tests" if tested else ""))
    code = [f.path for f, k in zip(c.changes, kinds, strict=True) if k == P.CODE]
    names = list(dict.fromkeys(n for n in map(_module_name, code) if n))
    if code and 2 <= len(names) == len(code) <= MOST_NAMED and lines >= 100:
        # "It touches the config, fields and generate schema modules": where the change
        # lives, as a developer names the files (pydantic 2026-08-04's headline was a title);
        # one module named ("It touches the ty module, 24 lines") says nothing
        return (f"It touches the {join_words(names)} modules, "
                f"{_about(lines)} lines in all" + (", with tests" if tested else ""))
    return ""


MOST_NAMED = 3
_GENERIC = {"lib", "mod", "index", "init", "main", "utils", "util", "core", "common", "base",
            "types", "impl", "api", "src", "internal", "helpers", "misc"}


def _module_name(path: str) -> str:
    """``pydantic/_internal/_generate_schema.py`` → "generate schema"; a file with a generic
    name (``lib.rs``, ``__init__.py``) is named by its folder; "" when neither says anything."""
    parts = [x for x in path.split("/") if x]
    for part in reversed(parts):
        stem = part.rsplit(".", 1)[0] if part is parts[-1] else part
        said = " ".join(w for w in re.split(r"[_\-]+", stem) if w)
        if said and said.lower() not in _GENERIC and re.fullmatch(r"[a-z][a-z0-9 ]{1,30}", said):
            return said
    return ""
