"""What both sources know alike about a commit's pull request: its number from the message,
whether it stands for a merged pull request, and a PR body only where it adds to the commit's."""

from __future__ import annotations

import re

from ..digest.messages import parse_message
from .model import Commit

_SPACE = re.compile(r"\s+")


def pr_number(commit: Commit) -> int | None:
    """The pull request the message says this commit landed: `Title (#N)`, `Pull Request
    resolved: .../pull/N`, `Merge pull request #N from ...` (a revert's own PR, never the
    reverted one)."""
    return parse_message(commit.title, commit.body).pr


def _paragraphs(text: str) -> list[tuple[str, str]]:
    """(paragraph as written, its words in one line) for each paragraph of ``text``."""
    out = []
    for part in re.split(r"\n\s*\n", text):
        flat = _SPACE.sub(" ", part).strip()
        if flat:
            out.append((part.strip("\n"), flat))
    return out


def pr_body_beyond(commit: Commit, pr_body: str) -> str:
    """What ``pr_body`` says beyond the commit's own body, paragraph by paragraph (a squash or
    bot-landed commit copies its PR's description, often with less); a merge commit's PR body
    is kept whole (it is what the merge stands for)."""
    pr_body = pr_body.replace("\r\n", "\n").strip()
    if not pr_body or len(commit.parents) > 1:
        return pr_body
    own = " ".join(flat for _, flat in _paragraphs(commit.body))
    return "\n\n".join(part for part, flat in _paragraphs(pr_body) if flat not in own)


def merged_prs(commits: list[Commit], merged: set[str] | None = None) -> int:
    """How many of ``commits`` stand for a merged pull request: the message names one, or
    (GitHub) the pull request it landed through is known to be merged (``merged`` shas)."""
    merged = merged or set()
    return sum(1 for c in commits if c.sha in merged or pr_number(c) is not None)
