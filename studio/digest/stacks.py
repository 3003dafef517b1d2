"""Stacks and series: several PRs that tell one story.

Linked by ``ghstack dependencies: #A, #B``, by ``[k/N]`` markers from one author under the
same tags, or as a run of consecutive PRs by one author on one theme.
"""

from __future__ import annotations

from .model import CommitInfo, StackStory

RUN_GAP = 3  # PR numbers at most this far apart count as consecutive


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


def _author_key(c: CommitInfo) -> str:
    return (c.author_login or c.author_email or c.author).lower()


def find_stacks(commits: list[CommitInfo]) -> list[StackStory]:
    """Stories of two or more of ``commits`` (the day's landed, non-revert commits)."""
    uf = _Union(len(commits))
    by_pr = {c.pr: i for i, c in enumerate(commits) if c.pr is not None}
    for i, c in enumerate(commits):
        for dep in c.ghstack_deps:
            j = by_pr.get(dep)
            if j is not None and j != i:
                uf.join(i, j, "ghstack")
    series: dict[tuple, int] = {}
    for i, c in enumerate(commits):
        if c.series is not None:
            key = (_author_key(c), tuple(sorted(t.lower() for t in c.tags)), c.series[1])
            if key in series:
                uf.join(series[key], i, "series")
            else:
                series[key] = i
    by_author: dict[str, list[int]] = {}
    for i, c in enumerate(commits):
        if c.pr is not None and not c.is_bot:
            by_author.setdefault(_author_key(c), []).append(i)
    for members in by_author.values():
        members.sort(key=lambda i: commits[i].pr or 0)
        for a, b in zip(members, members[1:], strict=False):
            ca, cb = commits[a], commits[b]
            if (cb.pr or 0) - (ca.pr or 0) <= RUN_GAP and ca.theme == cb.theme:
                uf.join(a, b, "run")
    groups: dict[int, list[int]] = {}
    for i in range(len(commits)):
        groups.setdefault(uf.find(i), []).append(i)
    stories: list[StackStory] = []
    for root, members in groups.items():
        if len(members) < 2:
            continue
        kinds = uf.kind.get(root, set())
        kind = "ghstack" if "ghstack" in kinds else "series" if "series" in kinds else "run"
        chosen = sorted((commits[i] for i in members), key=lambda c: (c.pr or 0, c.committed_at))
        themes = [c.theme for c in chosen]
        theme = max(set(themes), key=lambda t: (themes.count(t), -themes.index(t)))
        stories.append(StackStory(kind=kind, author=chosen[0].author, commits=chosen, theme=theme))
    stories.sort(key=lambda s: -len(s.commits))
    return stories
