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
        housekeeping = all(index.get(c.theme, profile.fallback_theme).housekeeping for c in members)
        members.sort(key=lambda c: -c.weight)
        groups.append(
            ThemeGroup(
                group=name,
                theme_names=[n for n, _ in names.most_common()],
                commits=members,
                housekeeping=housekeeping,
            )
        )
    fallback = profile.fallback_theme.group
    groups.sort(key=lambda g: (g.housekeeping, g.group == fallback, -len(g.commits)))
    return groups
