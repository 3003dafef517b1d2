"""GitHub as a source: pull a day through PyGithub with a lean, cached, resilient transport."""

from .pull import pull_github

__all__ = ["pull_github"]
