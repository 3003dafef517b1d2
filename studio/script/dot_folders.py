"""The folders developers name with their dot ("dot venv", "dot github"), said as they say
them: "the dot venv folder"."""

from __future__ import annotations

# the folders a developer names with their dot ("dot venv"): a project's environment, its
# tool caches and settings
DOT_FOLDERS = {"venv", "github", "git", "cache", "config", "vscode", "idea", "cargo", "tox",
               "nox", "devcontainer", "circleci", "gitlab", "husky", "local"}


def say_dot_folder(name: str, before: str, after: str) -> str:
    """``.venv`` as a developer says it: "the dot venv folder" ("dot venv" after an article,
    or before a noun that says what it is)."""
    from .speakable import _ARTICLES, _NOUNS  # (the words speakable says paths with)

    said = f"dot {name}"
    if before in _ARTICLES:
        return said if after in _NOUNS else f"{said} folder"
    return f"the {said}" if after in _NOUNS else f"the {said} folder"
