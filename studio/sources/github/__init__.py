"""GitHub as a source: pull a day through PyGithub with a lean, cached, resilient transport."""

from .pull import pull_github, pull_github_span

__all__ = ["pull_github", "pull_github_span"]
