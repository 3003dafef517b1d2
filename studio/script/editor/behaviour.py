"""A title that says what the software does now ("Raise on overflow in Decimal sum …",
"Don't hang or crash on …", "Skip reading the capture file …"), told with the software as its
subject: "In a change from Matteo Possamai, Polars now raises on overflow …" — never the
author as the one who raised, hung or skipped (round 26 and 27's listeners: "Kevin Patyk
stopped hanging", "Orson Peters ignored nans": the wrong agent).

The show's name comes from the episode being written (:data:`SHOW`, set by the editor
writer); without one, titles are told as before.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from ...editorial.titles import split_area
from .clauses import clause, gerund_base, third_person

SHOW: ContextVar[str] = ContextVar("show", default="")

# what software does: the verbs a title uses to say how it behaves from now on
BEHAVES = {"raise", "error", "ignore", "skip", "return", "accept", "reject", "warn", "give",
           "show", "print", "emit", "respect", "honor", "honour", "preserve", "keep",
           "propagate", "retain", "prefer", "allow", "infer", "detect", "recognize",
           "recognise", "validate", "require", "reuse", "close", "retry", "resolve", "avoid",
           "treat", "normalize", "normalise", "report"}
_NO_LONGER = re.compile(r"^(?:don'?t|do not|never|no longer|stop|avoid)\s+", re.I)


def behaviour(title: str) -> str:
    """"now raises on overflow in Decimal sum …" / "no longer hangs or crashes on …" for a
    title that says how the software behaves, else ""."""
    rest = split_area(title)[1]
    first = rest.split(" ", 1)[0].lower().strip(",:")
    said, verb = clause(title, "present")
    if not verb or not said:
        return ""
    if _NO_LONGER.match(rest):
        # "stops hanging or crashing on X", "stops resolving every PATH entry …"
        m = re.match(r"^(?:stops|avoids) ([a-z]+ing)(?: (or|and) ([a-z]+ing))? (.+)$", said)
        if m and gerund_base(m.group(1)):
            verbs = third_person(gerund_base(m.group(1)))
            if m.group(3) and gerund_base(m.group(3)):
                verbs += f" {m.group(2)} {third_person(gerund_base(m.group(3)))}"
            return f"no longer {verbs} {m.group(4)}"
        if first != "avoid":  # ("Avoid chunk fragmentation …": "now avoids …", below)
            return ""
    if first in BEHAVES and said.split(" ", 1)[0] == third_person(first):
        return f"now {said}"
    return ""


def told_as_behaviour(title: str, who: str, files: list[str] | None = None,
                      raw_title: str = "") -> str:
    """"In a change from Matteo Possamai, Polars now raises on overflow …", or "" when the title
    says no behaviour or no show is being written. A title tagged with another program of the
    repository ("[ty] Avoid treating …", whose files are under crates/ty_*) is told of that
    program (ruff 2026-08-13, two judges: "credits changes to Ruff that were made in ty")."""
    show = SHOW.get()
    how = behaviour(title) if show else ""
    if how:
        show = program_of(raw_title or title, files or [], show) or show
    return f"In a change from {who}, {show} {how}" if how else ""


def program_of(title: str, files: list[str], show: str) -> str:
    """The program a bracketed tag names when the commit's files sit in its own top-level
    folder of the repository ("[ty]" and crates/ty_python_semantic/…), else ""."""
    m = re.match(r"^\s*\[([a-z][a-z0-9-]{1,15})\]", title)
    if not m or m.group(1) == show.lower() or not files:
        return ""
    tag = m.group(1)
    own = [f for f in files if any(re.match(rf"{re.escape(tag)}(?:[_-]|$)", part)
                                   for part in f.split("/")[:2])]
    return tag if len(own) * 2 > len(files) else ""
