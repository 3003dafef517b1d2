"""A long series of near-identical changes ("ndarray.mean improved shape-typing",
"ndarray.clip improved shape-typing", ...) said by what its parts share, not title by title."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..words import join_words, number_words

MIN_PARTS = 4  # from this many near-identical titles, the series is summarised
_IDENT = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+,?$")  # a dotted name: ndarray.mean


@dataclass
class Shared:
    phrase: str  # "improved shape-typing"
    parent: str  # "ndarray"
    leaves: list[str]  # "argmin", "argmax", "sum", ...
    extras: list[tuple[int, str]] = field(default_factory=list)  # (part, "dtype propagation")
    by_part: list[list[str]] = field(default_factory=list)  # each part's leaves

    def leaves_of(self, part: int) -> str:
        return join_words(self.by_part[part]) if part < len(self.by_part) else ""

    @property
    def what(self) -> str:
        """"ten ndarray methods" / "four names in numpy.linalg"."""
        n = number_words(len(self.leaves))
        return f"{n} {self.parent} methods" if "." not in self.parent else f"{n} names in {self.parent}"

    def sentence(self, parts: int) -> str:
        return (f"All {number_words(parts)} are about {self.phrase} for {self.what}: "
                f"{join_words(self.leaves)}")


def _subject(title: str) -> tuple[list[str], list[str]]:
    """(dotted names, the words after them): "a.x and a.y improved typing" →
    (["a.x", "a.y"], ["improved", "typing"])."""
    words = title.split()
    names: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if _IDENT.match(w):
            names.append(w.rstrip(","))
        elif not (names and w == "and" and i + 1 < len(words) and _IDENT.match(words[i + 1])):
            break
        i += 1
    return names, words[i:]


def shared(titles: list[str]) -> Shared | None:
    """What ``titles`` (spoken, one per part) share, when there are enough of them and each names
    dotted names under one parent followed by much the same words; else None."""
    if len(titles) < MIN_PARTS:
        return None
    split = [_subject(t) for t in titles]
    if any(not names or not rest for names, rest in split):
        return None
    parents = {n.rsplit(".", 1)[0] for names, _ in split for n in names}
    if len(parents) != 1:
        return None
    words = Counter(w.lower() for _, rest in split for w in dict.fromkeys(rest))
    need = max(2, (len(titles) * 3 + 4) // 5)  # in at least three parts of five
    common = {w for w, k in words.items() if k >= need and w not in ("and", "the", "a")}
    if not common:
        return None
    model = max((rest for _, rest in split), key=lambda r: sum(w.lower() in common for w in r)
                - 0.01 * len(r))
    phrase = " ".join(w for w in model if w.lower() in common)
    if any(not common & {w.lower() for w in rest} for _, rest in split):
        return None
    extras = []
    for k, (_, rest) in enumerate(split):
        extra = " ".join(w for w in rest if w.lower() not in common).removeprefix("and ").strip()
        if extra and extra != "and":
            extras.append((k, extra))
    if len(extras) > len(titles) // 3:
        return None  # not near-identical after all
    leaves = [n.rsplit(".", 1)[1] for names, _ in split for n in names]
    by_part = [[n.rsplit(".", 1)[1] for n in names] for names, _ in split]
    return Shared(phrase, parents.pop(), list(dict.fromkeys(leaves)), extras, by_part)


@dataclass
class Common:
    verb: str  # "remove"
    prefix: str  # "unused APIs from"
    parts: list[int]  # which titles share it
    rests: list[str]  # what follows in each: "ruff_db", "ruff_diagnostics", ...


def common_start(titles: list[str], split_verb) -> Common | None:
    """The longest opening (a verb and at least two words) that most of a long stack's titles
    share ("Remove unused APIs from ruff_db", "... from ruff_linter", ...): said once, with
    what differs, instead of one step after another. ``split_verb`` is verbs.split_verb."""
    if len(titles) < MIN_PARTS + 1:
        return None
    words = [t.split() for t in titles]
    for k in range(max(len(w) for w in words) - 1, 2, -1):
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, w in enumerate(words):
            if len(w) > k:
                groups.setdefault(tuple(x.lower() for x in w[:k]), []).append(i)
        best = max(groups.values(), key=len, default=[])
        if len(best) >= MIN_PARTS and len(best) * 2 > len(titles):
            verb, _ = split_verb(titles[best[0]], guess=True)
            if not verb:
                return None
            first = words[best[0]]
            return Common(verb, " ".join(first[1:k]), best, [" ".join(words[i][k:]) for i in best])
    return None
