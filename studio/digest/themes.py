"""Putting each commit under a theme from the show's theme map (title tags, keywords, paths)."""

from __future__ import annotations

from collections import Counter

from ..profile import Profile, Theme
from .model import CommitInfo, ThemeGroup


def classify(commit: CommitInfo, profile: Profile) -> list[str]:
    """Theme ids for ``commit``, strongest first: title tags, then title keywords, then files."""
    found: list[str] = []
    tags = {t.lower() for t in commit.tags}
    for theme in profile.themes:
        if tags & set(theme.tags):
            found.append(theme.id)
    title = commit.title
    for theme in profile.themes:
        pattern = theme.keyword_pattern()
        if theme.id not in found and pattern is not None and pattern.search(title):
            found.append(theme.id)
    counts: Counter[str] = Counter()
    for path in commit.files:
        for theme in profile.themes:
            if theme.paths and theme.matches_path(path):
                counts[theme.id] += 1
                break
    order = {t.id: i for i, t in enumerate(profile.themes)}
    for theme_id, _ in sorted(counts.items(), key=lambda kv: (-kv[1], order[kv[0]])):
        if theme_id not in found:
            found.append(theme_id)
    return found or [profile.fallback_theme.id]


def theme_index(profile: Profile) -> dict[str, Theme]:
    index = {t.id: t for t in profile.themes}
    index[profile.fallback_theme.id] = profile.fallback_theme
    return index


def settle_theme(commit: CommitInfo, profile: Profile) -> None:
    """Make the commit's theme agree with its significance: a change that is not housekeeping
    leaves a housekeeping theme (a new backend whose title says "test" is not a test), and a
    housekeeping change (a typo, docs only) moves under a housekeeping theme."""
    if commit.sig is None:
        return
    index = theme_index(profile)
    current = index.get(commit.theme, profile.fallback_theme)
    chore = bool(commit.sig.housekeeping)
    if current.housekeeping == chore:
        return
    if not chore:
        choice = next((t for t in commit.themes
                       if t in index and not index[t].housekeeping), profile.fallback_theme.id)
    else:
        wanted = commit.sig.housekeeping
        choice = next((t for t in commit.themes if t in index and index[t].housekeeping), "")
        if not choice:
            chores = [t for t in profile.themes if t.housekeeping]
            match = next((t for t in chores if t.id == wanted or wanted in t.tags), None)
            choice = match.id if match else (chores[0].id if chores else "")
        if not choice:
            return
    commit.theme = choice
    commit.themes = [choice] + [t for t in commit.themes if t != choice]


def _is_chore(commit: CommitInfo, theme: Theme) -> bool:
    if commit.sig is not None and commit.changes:
        return bool(commit.sig.housekeeping)
    return theme.housekeeping  # no sizes (an old day file): the theme map's word


def group_wins(commits: list[CommitInfo], profile: Profile) -> list[ThemeGroup]:
    """Group commits by their theme's group: biggest groups first, housekeeping last."""
    index = theme_index(profile)
    by_group: dict[str, list[CommitInfo]] = {}
    for commit in commits:
        theme = index.get(commit.theme, profile.fallback_theme)
        by_group.setdefault(theme.group, []).append(commit)
    groups: list[ThemeGroup] = []
    for name, members in by_group.items():
        names = Counter(index.get(c.theme, profile.fallback_theme).name for c in members)
        housekeeping = all(_is_chore(c, index.get(c.theme, profile.fallback_theme)) for c in members)
        members.sort(key=lambda c: (_is_chore(c, index.get(c.theme, profile.fallback_theme)),
                                    -(c.sig.score if c.sig else 0.0)))
        groups.append(
            ThemeGroup(
                group=name,
                theme_names=[n for n, _ in names.most_common()],
                commits=members,
                housekeeping=housekeeping,
            )
        )
    fallback = profile.fallback_theme.group
    groups.sort(key=lambda g: (g.housekeeping, g.group == fallback,
                               -sum(c.sig.score if c.sig else 1.0 for c in g.commits)))
    return groups
