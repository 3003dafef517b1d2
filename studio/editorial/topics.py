"""Commits that are one story though no stack marks them: changes of one day whose titles share
a rare subject ("length delimited" in three codec changes, "KV cache" in three Arm changes).

Words are taken from the titles (identifiers cut into words: ``LengthDelimitedCodec`` →
length, delimited, codec); a word is rare when at most a quarter of the day's commits (and at
most five) use it; two commits whose titles share two rare words, or one rare word and their
author, are one story. Groups are capped so one story stays tellable.
"""

from __future__ import annotations

import re
from collections import Counter

from ..digest.model import CommitInfo
from .titles import split_area, without_kind

MAX_GROUP = 6
_STOP = {"the", "and", "for", "with", "from", "into", "when", "that", "this", "add", "adds",
         "fix", "fixes", "support", "use", "make", "remove", "update", "backend", "backends",
         "test", "tests", "docs", "doc", "arm", "qualcomm", "engine", "direct", "part", "only",
         "not", "all", "new", "more", "its", "their", "instead", "after", "before", "via",
         "ship", "build", "run", "avoid", "allow", "enable", "export", "model", "models",
         "whose", "what", "which", "than", "then", "there", "where", "while", "without",
         "against", "between", "about", "under", "over", "through", "contains", "lives",
         # words of every programmer's title: sharing one is no shared subject ("type" in
         # "EllipsisType" and "type lookup logic" made three unrelated changes one story)
         "type", "types", "logic", "code", "value", "values", "error", "errors", "issue",
         "issues", "case", "cases", "check", "checks", "name", "names", "path", "paths", "file",
         "files", "data", "option", "options", "default", "handling", "behavior", "behaviour",
         # what went wrong, said of anything ("incorrect select height", "incorrect data load
         # from parquet": two unrelated fixes called related, polars 2026-08-18)
         "incorrect", "wrong", "invalid", "broken", "missing", "unexpected", "properly",
         "correctly", "crash", "crashes", "panic", "panics", "hang", "hangs", "failure",
         # what a change does to anything ("Improve backtrace path formatting", "Improve error
         # in Series constructor": one person's unrelated changes told as a series, polars
         # 2026-08-10)
         "improve", "improved", "improves", "improving", "correct", "corrects", "ignore",
         "mark", "delete", "deleted", "rename", "move", "refactor", "tweak", "adjust",
         "simplify", "clean", "cleanup"}


# what a change does, not what it is about: "Delete X", "Delete prototype Y" share no subject
_DOINGS = {"delete", "deleted", "deletes", "drop", "drops", "rename", "renames", "move", "moves",
           "improve", "improved", "improves", "refactor", "clean", "cleanup", "bump", "deprecate",
           "expose", "implement", "introduce", "prototype", "unused", "dead"}


def words(title: str, own: frozenset[str] = frozenset()) -> set[str]:
    """A title's subject words; ``own``: the project's own name's words, which every title
    may carry and no story is about ("Pydantic models" and "pydantic-core" are no series)."""
    title = re.sub(r"([a-z])([A-Z])", r"\1 \2", without_kind(title))
    parts = re.findall(r"[A-Za-z][A-Za-z0-9]+", title.replace("_", " "))
    return {p.lower() for p in parts if len(p) > 2 and p.lower() not in _STOP
            and p.lower() not in own}


def own_words(*names: str) -> frozenset[str]:
    """The words of the project's names (the show's, the repository's)."""
    return frozenset(w for n in names for w in words(n))


def topic_groups(commits: list[CommitInfo],
                 own: frozenset[str] = frozenset()) -> list[list[CommitInfo]]:
    """Groups of two or more of ``commits`` that share a subject, in the day's order."""
    if len(commits) < 2:
        return []
    bags = {c.sha: words(c.title, own) for c in commits}
    freq = Counter(w for bag in bags.values() for w in bag)
    # a subject is a word shared by a quarter of the day at most, rounded up (eleven commits
    # with three about the codec are a codec story; rounding down lost it), and by three on a
    # small day (pydantic 2026-08-17: three JSON Schema fixes among six were three lines)
    limit = max(3, min(5, (len(commits) + 3) // 4))
    rare = {c.sha: {w for w in bags[c.sha] if 2 <= freq[w] <= limit} for c in commits}
    # one person's changes that share two words are one subject even when the day is small
    # ("shape-typing" in three of numpy 2026-08-07's five titles, all Joren Hammudoglu's)
    most = max(limit, 3)
    common = {c.sha: {w for w in bags[c.sha] if 2 <= freq[w] <= most} for c in commits}
    parent = {c.sha: c.sha for c in commits}
    # the day's area prefixes ("runtime:", "task:") name where a change is, not what it is
    # about: two titles that share only such words, in different areas, are no story
    # ("runtime: expose schedule latency…" and "task: use LocalRuntime…", tokio 2026-08-09)
    area_of = {c.sha: split_area(c.title)[0] for c in commits}
    area_words = {w for a in area_of.values() for w in words(a, own)}

    def root(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, a in enumerate(commits):
        for b in commits[i + 1:]:
            shared = rare[a.sha] & rare[b.sha]
            if a.author == b.author and \
                    len((common[a.sha] & common[b.sha]) - area_words - _DOINGS) >= 2:
                shared = common[a.sha] & common[b.sha]
            if not shared - area_words and not (area_of[a.sha] and
                                                area_of[a.sha] == area_of[b.sha]):
                continue
            if len(shared) >= 2 or (shared and a.author == b.author):
                parent[root(a.sha)] = root(b.sha)
    groups: dict[str, list[CommitInfo]] = {}
    for c in commits:
        groups.setdefault(root(c.sha), []).append(c)
    return [g[:MAX_GROUP] for g in groups.values() if len(g) >= 2]


def topic_of(group: list[CommitInfo], own: frozenset[str] = frozenset()) -> str:
    """The words the group's titles share, in the first title's order ("KV cache"); the
    area they share when that says more ("codec module")."""
    areas = {split_area(c.title)[0] for c in group}
    area = areas.pop() if len(areas) == 1 else ""
    bags = [words(c.title, own) for c in group]
    shared = set.intersection(*bags) if bags else set()
    shared -= words(area)
    if len(shared) < 2 and area:
        return f"{area} module" if area.islower() and " " not in area else area
    if not shared:  # a long campaign: the word most of its titles use ("wheel")
        counts = Counter(w for bag in bags for w in bag)
        common = [(n, w) for w, n in counts.items() if n * 5 >= 2 * len(group) and n >= 2]
        if not common:
            return ""
        word = max(common)[1]
        return next((w for c in group for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", c.title)
                     if w.lower() == word), word)
    first = re.sub(r"([a-z])([A-Z])", r"\1 \2", group[0].title).replace("_", " ")
    order = re.findall(r"[A-Za-z][A-Za-z0-9]+", first)
    topic = list(dict.fromkeys(w for w in order if w.lower() in shared))
    if not any(_name_like(w) for w in topic) and len(topic) < 2:
        return ""  # one plain English word ("name", "load") is no subject
    return " ".join(topic)


def _name_like(word: str) -> bool:
    """A product or technical name ("OpenVINO", "SmolLM2", "CUDA"), not a plain word."""
    from lemminflect import getAllLemmas

    return (any(ch.isdigit() for ch in word) or sum(ch.isupper() for ch in word) >= 2
            or not getAllLemmas(word.lower()))
