"""Building segments sentence by sentence, each sentence keeping the commits it tells."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence

from ..digest.model import CommitInfo
from ..episode import Segment, Sentence
from .speakable import people, spoken_title
from .words import sentence

MAX_TITLE = 140
VERBS = {
    "add", "adds", "fix", "fixes", "remove", "removes", "refactor", "support", "enable",
    "disable", "implement", "introduce", "update", "use", "move", "make", "improve", "speed",
    "optimize", "reuse", "align", "expand", "allow", "avoid", "handle", "skip", "unskip",
    "bump", "rename", "delete", "clean", "port", "migrate", "replace", "switch", "drop",
    "deprecate", "extend", "generalize", "unify", "split", "set", "change", "upgrade",
    "register", "expose", "guard", "prevent", "reduce", "increase", "lower", "raise", "teach",
    "mark", "pin", "unpin", "document", "simplify", "consolidate", "cache", "check",
    "validate", "restore", "preserve", "propagate", "return", "run", "test", "wire", "plumb",
    "lift", "shard", "tune", "re-enable", "reenable", "decompose", "inline", "patch",
    "share", "batch", "bind", "build", "call", "capture", "clarify",
    "convert", "copy", "create", "define", "detect", "emit", "ensure", "fall", "fuse", "gate",
    "generate", "hoist", "ignore", "include", "infer", "keep", "limit", "load", "log", "map",
    "merge", "annotate", "override", "parallelize", "parse", "pass", "print", "profile",
    "read", "record", "refine", "relax", "release", "reorder", "repair", "report",
    "require", "reset", "resolve", "respect", "retry", "route", "save", "schedule",
    "serialize", "show", "silence", "sort", "specialize", "stop", "store", "strip", "swap",
    "sync", "track", "trace", "unblock", "upstream", "vectorize", "warn", "write",
}
_VERBS = VERBS


def seeded_rng(*parts: str) -> random.Random:
    """A random source that gives the same choices for the same repository and date."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def short_title(title: str, limit: int = MAX_TITLE) -> str:
    """A title as it is said (see :func:`speakable.spoken_title`), cut at ``limit``."""
    title = spoken_title(title, capital=False) or " ".join(title.split())
    if len(title) <= limit:
        return title
    cut = title[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:-") + "..."


def change_phrase(title: str) -> str:
    """"Fix dispatch in view_as_complex" → "a change to fix dispatch in view_as_complex"."""
    title = short_title(title).rstrip(".")
    if not title:
        return "an untitled change"
    first, _, rest = title.partition(" ")
    word = first.lower().rstrip(":,")
    if word in VERBS:
        base = word[:-2] if word.endswith("es") and word[:-2] in VERBS else word
        base = base[:-1] if base.endswith("s") and base[:-1] in VERBS else base
        return f"a change to {base}" + (f" {rest}" if rest else "")
    return f"work on {title}"


def owned_change(author: str, title: str) -> str:
    """"Devi Raman's change to add SPIR-V support" / "Devi Raman's work on X"."""
    phrase = change_phrase(title)
    phrase = phrase[2:] if phrase.startswith("a ") else phrase.removeprefix("an ")
    return f"{possessive(author)} {phrase}" if author else f"the {phrase}"


def who(commit: CommitInfo) -> str:
    if commit.co_authors:
        others = [n for n in people([commit.author, *commit.co_authors])[1:]][:2]
        if others:
            return f"{commit.author}, with {' and '.join(others)},"
    return commit.author


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class SegmentDraft:
    def __init__(self, segment_id: str, title: str) -> None:
        self.id = segment_id
        self.title = title
        self.sentences: list[Sentence] = []

    def say(self, text: str, commits: Iterable[str] = ()) -> None:
        text = sentence(text)
        if text:
            self.sentences.append(Sentence(text=text, commits=list(dict.fromkeys(commits))))

    def __bool__(self) -> bool:
        return bool(self.sentences)

    def to_segment(self) -> Segment:
        shas: list[str] = []
        for s in self.sentences:
            shas.extend(s.commits)
        return Segment(
            id=self.id,
            title=self.title,
            text=" ".join(s.text for s in self.sentences),
            commits=list(dict.fromkeys(shas)),
            sentences=self.sentences,
        )


class Voice:
    """Picks phrasings: the same day always gets the same choices."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, options: Sequence[str], **values: object) -> str:
        return self.rng.choice(list(options)).format(**values)
