"""A sweep: one person doing the same kind of change again and again over a span ("Delete
deprecated UintxLayout …", "Delete deprecated Int4CPULayout …", …) — a cleanup, a migration,
a stabilisation drive — told as one story instead of several small series."""

from __future__ import annotations

from collections.abc import Callable

from .model import CommitInfo

MIN_PARTS = 3
# verbs of a drive that sweeps through the code base, one change at a time
SWEEP_VERBS = {"delete", "remove", "drop", "deprecate", "stabilize", "stabilise", "migrate",
                  "port", "rename", "clean", "convert", "replace", "move", "upgrade", "annotate",
                  "type", "enable", "vendor", "unvendor", "inline", "split", "specialize",
                  "simplify", "modernize", "deduplicate"}


def spoken(c: CommitInfo) -> str:
    """The title as said ("TYP: specialized ``divmod`` ufunc" → "specialized divmod ufunc")."""
    from ..script.story.inputs import title

    return title(c)


def _words(c: CommitInfo) -> list[str]:
    return spoken(c).split()


def _verb(c: CommitInfo) -> str:
    from ..script.story.verbs import split_verb

    verb, _ = split_verb(spoken(c), guess=True)
    return verb if verb in SWEEP_VERBS else ""


def common_prefix(commits: list[CommitInfo]) -> list[str]:
    """The words every title starts with, as the first one writes them ("Delete deprecated")."""
    titles = [_words(c) for c in commits]
    prefix: list[str] = []
    for words in zip(*titles, strict=False):
        if any(w.lower() != words[0].lower() for w in words):
            break
        prefix.append(words[0])
    return prefix


def find_sweeps(landed: list[CommitInfo], used: set[str], person: Callable[[CommitInfo], str]
                   ) -> list[list[CommitInfo]]:
    """Groups of at least MIN_PARTS of ``landed`` (oldest first) by one person in one drive
    (deletions, removals and drops are one cleanup); their commits are added to ``used``."""
    groups: dict[tuple[str, str], list[CommitInfo]] = {}
    for c in landed:
        if c.sha in used or c.is_bot:
            continue
        verb = _verb(c)
        if verb:
            groups.setdefault((person(c), _DRIVES.get(verb, verb)), []).append(c)
    found = []
    for commits in groups.values():
        if len(commits) >= MIN_PARTS:
            found.append(commits)
            used |= {c.sha for c in commits}
    return found


_DRIVES = {"delete": "cleanup", "remove": "cleanup", "drop": "cleanup", "clean": "cleanup",
           "deprecate": "deprecation", "stabilize": "stabilization", "stabilise": "stabilization",
           "migrate": "migration", "port": "migration", "convert": "migration",
           "replace": "migration", "move": "reorganization", "rename": "renaming",
           "upgrade": "upgrade", "annotate": "typing", "type": "typing", "inline": "inlining",
           "vendor": "vendoring", "unvendor": "unvendoring", "split": "splitting",
           "enable": "enabling", "specialize": "specialization", "simplify": "simplification",
           "modernize": "modernization", "deduplicate": "deduplication"}


def verbs(commits: list[CommitInfo]) -> list[str]:
    """The sweep's verbs, each once, in the order they first came ("delete", "remove")."""
    return list(dict.fromkeys(v for c in commits if (v := _verb(c))))


def drive(commits: list[CommitInfo]) -> str:
    """What the sweep is, as a noun: "cleanup", "stabilization", "migration"."""
    return _DRIVES.get(_verb(commits[0]), "")
