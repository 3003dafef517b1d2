"""Stacks and series: several PRs that tell one story.

Linked by ghstack — ``ghstack dependencies: #A, #B`` in the commit message, or the
``Stack from [ghstack](...) (oldest at bottom):`` list that a squash merge keeps only in the
PR body — by ``[ghstack-poisoned]`` PRs of one author landed together, by ``[k/N]`` markers,
by "follow-up to #N" / "stacked on #N" / "#N is part of the base", as a run of consecutive
PRs by one author on one module (the common directory of the files they touch), or as one
author's campaign: PRs opened together and landed in one burst, whatever they touch.
"""

from __future__ import annotations

import datetime as dt
import re

from .model import CommitInfo, StackStory
from .paths import CODE, kind_of_path

RUN_GAP = 3  # PR numbers at most this far apart count as consecutive
POISONED_GAP = 2  # a ghstack stack's PRs are opened together: adjacent numbers
LAND_MINUTES = 15  # and landed one after another
CAMPAIGN_SIZE = 3  # one author's PRs landed in one burst: a campaign from this many
BURST_MINUTES = 30  # each landed at most this long after the one before
BURST_TOTAL = 90  # and all of them within this long (a day of steady work is no campaign)
CAMPAIGN_SPAN = 30  # and opened together: its number this close to the others'
GENERIC_DIRS = {"src", "lib", "libs", "crates", "packages", "pkg", "python", "include", "csrc",
                "cpp", "native", "source", "sources", "app", "apps", "core", "modules"}

_STACK_HEAD = re.compile(r"^\s*Stack from \[?ghstack\]?(?:\([^)]*\))?.*?:?\s*$", re.I | re.M)
_STACK_ITEM = re.compile(r"^\s*[*-]\s*(?:__->__\s*)?(?:\*\*)?\s*#(\d+)", re.M)
_POISONED = re.compile(r"\[ghstack-poisoned\]", re.I)
_FOLLOW = re.compile(
    r"\b(?:follow[- ]?ups?|followup)\s+(?:to|of|for|on)\s+(?:PR\s+)?"
    r"(?:#|https?://\S+?/pull/)(\d+)"
    r"|\b(?:stacked\s+on(?:\s+top\s+of)?|depends\s+on|based\s+on|builds?\s+on(?:\s+top\s+of)?|"
    r"on\s+top\s+of|continues|split\s+(?:out\s+)?(?:from|of))\s+(?:PR\s+)?"
    r"(?:#|https?://\S+?/pull/)(\d+)"
    r"|(?:#|/pull/)(\d+)\s+(?:is|was)\s+(?:part\s+of\s+)?the\s+base\b"
    # what a change fixes or keeps of one it names: "the no-build policy added in #21195",
    # "the pinning introduced in #21204" (uv 2026-08-18: a root cause and its fixes, one story)
    r"|\b(?:added|introduced|landed|enabled|set)\s+(?:in|by)\s+(?:PR\s+)?"
    r"(?:#|https?://\S+?/pull/)(\d+)",
    re.I)


def ghstack_list(text: str) -> list[int]:
    """The PRs of a ``Stack from ghstack`` block (oldest last, as ghstack writes it)."""
    head = _STACK_HEAD.search(text)
    if head is None:
        return []
    prs: list[int] = []
    for line in text[head.end():].lstrip("\n").splitlines():
        if not line.strip():
            if prs:
                break
            continue
        item = _STACK_ITEM.match(line)
        if item is None:
            break
        prs.append(int(item.group(1)))
    return prs


def linked_prs(text: str) -> list[int]:
    """PRs that ``text`` says this one follows up, is stacked on, or has as its base."""
    out: list[int] = []
    for match in _FOLLOW.finditer(text):
        n = int(next(g for g in match.groups() if g))
        if n not in out:
            out.append(n)
    return out


def module_of(commit: CommitInfo) -> str:
    """The common directory of the commit's code files (all its files when it has no code)."""
    paths = [c.path for c in commit.changes] or list(commit.files)
    code = [p for p in paths if kind_of_path(p) == CODE]
    chosen = code or paths
    if not chosen:
        return ""
    dirs = [p.split("/")[:-1] for p in chosen]
    common: list[str] = []
    for level in zip(*dirs, strict=False):
        if any(x != level[0] for x in level):
            break
        common.append(level[0])
    return "/".join(common)


def same_module(a: str, b: str) -> bool:
    """Two modules are one when they share a directory two meaningful levels deep (generic
    levels like ``src`` or ``crates`` do not count), or are the same directory."""
    if not a or not b:
        return False
    if a == b:
        return True
    pa, pb = a.split("/"), b.split("/")
    shared: list[str] = []
    for x, y in zip(pa, pb, strict=False):
        if x != y:
            break
        shared.append(x)
    return sum(1 for s in shared if s.lower() not in GENERIC_DIRS) >= 2


class _Union:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.kind: dict[int, set[str]] = {}

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, a: int, b: int, kind: str) -> None:
        ra, rb = self.find(a), self.find(b)
        kinds = self.kind.pop(ra, set()) | self.kind.pop(rb, set()) | {kind}
        if ra != rb:
            self.parent[rb] = ra
        self.kind[ra] = kinds


def _minutes(a: CommitInfo, b: CommitInfo) -> float:
    """Minutes from ``a`` landing to ``b`` landing (negative when ``b`` landed first)."""
    try:
        ta = dt.datetime.fromisoformat(a.committed_at)
        tb = dt.datetime.fromisoformat(b.committed_at)
    except ValueError:
        return -1.0
    return (tb - ta).total_seconds() / 60


def _author_key(c: CommitInfo) -> str:
    return (c.author_login or c.author_email or c.author).lower()


def _texts(c: CommitInfo) -> str:
    return f"{c.body}\n\n{c.pr_body}" if c.pr_body else c.body


def find_stacks(commits: list[CommitInfo],
                earlier: list[CommitInfo] | None = None) -> list[StackStory]:
    """Stories of two or more of ``commits`` (the day's landed, non-revert commits).
    ``earlier`` (the look-back window) names the PRs a stack builds on that landed before."""
    uf = _Union(len(commits))
    by_pr = {c.pr: i for i, c in enumerate(commits) if c.pr is not None}
    outside: dict[int, set[int]] = {}  # commit index -> earlier PRs its markers name
    earlier_prs = {c.pr for c in earlier or [] if c.pr is not None and c.revert is None}

    def link(i: int, prs: list[int], kind: str) -> None:
        for n in prs:
            j = by_pr.get(n)
            if j is not None and j != i:
                uf.join(i, j, kind)
            elif j is None and n in earlier_prs:
                outside.setdefault(i, set()).add(n)

    siblings: dict[int, int] = {}  # a PR several of the day's commits follow up (or split from)
    listed = [False] * len(commits)  # the commit's PR body (or message) lists its ghstack stack
    for i, c in enumerate(commits):
        text = _texts(c)
        link(i, c.ghstack_deps, "ghstack")
        stack = ghstack_list(text)
        listed[i] = bool(stack or c.ghstack_deps)
        link(i, stack, "ghstack")
        follows = linked_prs(f"{c.raw_title}\n{text}")
        link(i, follows, "follow-up")
        for n in follows:
            if n in siblings:
                uf.join(siblings[n], i, "follow-up")
            else:
                siblings[n] = i
    # [ghstack-poisoned] says "a ghstack PR", not which stack: without the PR body's list, PRs
    # of one author are one stack when their numbers are adjacent and they landed in that
    # order within minutes (``ghstack land`` lands a stack oldest first, one after another)
    poisoned: dict[str, list[int]] = {}
    for i, c in enumerate(commits):
        if c.pr is not None and not listed[i] and _POISONED.search(f"{c.raw_title}\n{_texts(c)}"):
            poisoned.setdefault(_author_key(c), []).append(i)
    for members in poisoned.values():
        members.sort(key=lambda i: commits[i].pr or 0)
        for a, b in zip(members, members[1:], strict=False):
            gap = (commits[b].pr or 0) - (commits[a].pr or 0)
            if gap <= POISONED_GAP and 0 <= _minutes(commits[a], commits[b]) <= LAND_MINUTES:
                uf.join(a, b, "ghstack")
    series: dict[tuple, int] = {}
    for i, c in enumerate(commits):
        if c.series is not None:
            key = (_author_key(c), tuple(sorted(t.lower() for t in c.tags)), c.series[1])
            if key in series:
                uf.join(series[key], i, "series")
            else:
                series[key] = i
    modules = [module_of(c) for c in commits]
    by_author: dict[str, list[int]] = {}
    for i, c in enumerate(commits):
        if c.pr is not None and not c.is_bot:
            by_author.setdefault(_author_key(c), []).append(i)
    for members in by_author.values():
        members.sort(key=lambda i: commits[i].pr or 0)
        for a, b in zip(members, members[1:], strict=False):
            ca, cb = commits[a], commits[b]
            if (cb.pr or 0) - (ca.pr or 0) <= RUN_GAP and same_module(modules[a], modules[b]):
                uf.join(a, b, "run")
    _join_campaigns(commits, uf, by_author, listed)
    groups: dict[int, list[int]] = {}
    for i in range(len(commits)):
        groups.setdefault(uf.find(i), []).append(i)
    stories: list[StackStory] = []
    for root, members in groups.items():
        if len(members) < 2:
            continue
        kinds = uf.kind.get(root, set())
        kind = "ghstack" if "ghstack" in kinds else \
            "series" if kinds & {"series", "follow-up"} else \
            "campaign" if "campaign" in kinds else "run"
        chosen = sorted((commits[i] for i in members), key=lambda c: (c.pr or 0, c.committed_at))
        themes = [c.theme for c in chosen]
        theme = max(set(themes), key=lambda t: (themes.count(t), -themes.index(t)))
        mods = [modules[i] for i in members]
        earlier_named = sorted({n for i in members for n in outside.get(i, set())})
        stories.append(StackStory(
            kind=kind, author=chosen[0].author, commits=chosen, theme=theme,
            module=_common(mods), markers=sorted(kinds), builds_on=earlier_named,
        ))
    stories.sort(key=lambda s: (-len(s.commits),
                                -sum(c.sig.score if c.sig else 0.0 for c in s.commits)))
    return stories


def _join_campaigns(commits: list[CommitInfo], uf: _Union, by_author: dict[str, list[int]],
                    listed: list[bool]) -> None:
    """One author's PRs opened together (numbers within CAMPAIGN_SPAN of the others) and landed
    in one burst (each within BURST_MINUTES of the one before): one campaign, from
    CAMPAIGN_SIZE of them, whatever modules they touch (David Peter's twenty ty clean-ups in
    forty-six minutes, six removals in two). A PR that belongs to a stack (ghstack, a numbered
    series, a follow-up) or whose body lists its own ghstack stays in it."""
    for members in by_author.values():
        free = [i for i in members if not listed[i] and not (
            uf.kind.get(uf.find(i), set()) & {"ghstack", "series", "follow-up"})]
        free.sort(key=lambda i: commits[i].committed_at)
        chain: list[int] = []
        for i in [*free, -1]:
            if i >= 0 and chain and _in_burst(commits, chain, i):
                chain.append(i)
                continue
            # a burst that one run on one module already holds stays that run
            if len(chain) >= CAMPAIGN_SIZE and len({uf.find(j) for j in chain}) > 1:
                for j in chain[1:]:
                    uf.join(chain[0], j, "campaign")
            chain = [i]


def _in_burst(commits: list[CommitInfo], chain: list[int], i: int) -> bool:
    numbers = [commits[j].pr or 0 for j in chain]
    pr = commits[i].pr or 0
    return 0 <= _minutes(commits[chain[-1]], commits[i]) <= BURST_MINUTES and \
        _minutes(commits[chain[0]], commits[i]) <= BURST_TOTAL and \
        min(numbers) - CAMPAIGN_SPAN <= pr <= max(numbers) + CAMPAIGN_SPAN


def _common(modules: list[str]) -> str:
    if not modules or not all(modules):
        return ""
    parts = [m.split("/") for m in modules]
    common: list[str] = []
    for level in zip(*parts, strict=False):
        if any(x != level[0] for x in level):
            break
        common.append(level[0])
    return "/".join(common)
