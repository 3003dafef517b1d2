"""What the story writer reads about each commit, in one place: its significance, its
explaining sentences, its title and people as they are spoken."""

from __future__ import annotations

from ...digest.model import CommitInfo, Digest, StackStory


def score(c: CommitInfo) -> float:
    return float(c.weight)


def is_housekeeping(c: CommitInfo, d: Digest) -> bool:
    return any(c in g.commits for g in d.groups if g.housekeeping)


def housekeeping_kind(c: CommitInfo, d: Digest) -> str:
    for g in d.groups:
        if g.housekeeping and c in g.commits:
            return d.theme_names.get(c.theme, c.theme)
    return ""


def explanation(c: CommitInfo) -> list[str]:
    """The one to three sentences from its bodies that explain the change."""
    return []


def user_actions(c: CommitInfo) -> list[str]:
    return []


def removed_api(c: CommitInfo) -> list[str]:
    return []


def deprecations(c: CommitInfo) -> list[str]:
    return []


def new_modules(c: CommitInfo) -> list[str]:
    return []


def code_lines(c: CommitInfo) -> int:
    return 0


def builds_on(s: StackStory) -> list[int]:
    """Earlier PRs (in the look-back window) a stack names as its base."""
    return []


def title(c: CommitInfo) -> str:
    return c.title


def spoken(text: str) -> str:
    return " ".join(text.split())


def person(name: str) -> str:
    return name


def names(c: CommitInfo) -> list[str]:
    return list(dict.fromkeys([c.author, *c.co_authors]))


def range_of(prs: list[int]) -> str:
    prs = sorted(prs)
    if len(prs) >= 2 and prs == list(range(prs[0], prs[0] + len(prs))):
        return f"PRs {prs[0]} to {prs[-1]}"
    if len(prs) == 1:
        return f"PR {prs[0]}"
    return "PRs " + ", ".join(str(p) for p in prs[:-1]) + f" and {prs[-1]}"
