"""A maintainer's topic merge: ``Merge branch 'kh/doc-trailers'`` (``… of URL``, ``… into maint``).

Projects that integrate topic branches by merge commits (git/git, the Linux kernel) write the
topic's story into the merge: a paragraph by the maintainer that explains the topic, then
``* kh/doc-trailers:`` and the titles of the branch's commits, its parts. The paragraph is the
topic's explanation, the list its series; the branch name, said as words ("doc trailers"), is
its title. Merging a mainline into another (``Merge branch 'maint'``) is a sync, not a topic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TOPIC = re.compile(r"^Merge (?:remote-tracking )?branch '(?P<branch>[^'\s]+)'(?: of \S+)?"
                    r"(?: into (?P<into>\S+))?\s*$")
_LIST_HEAD = re.compile(r"^\*\s+(?P<topic>[^\s:]+)(?:\s+\([^)]*\))?:\s*$")
_MAINLINE = re.compile(r"^(?:origin/|upstream/)?(?:main|master|maint(?:-[\d.]+)?|next|seen|pu|trunk|"
                       r"develop|release(?:[-/][\w.]+)?|v?\d+(?:\.\d+)+)$")


@dataclass
class TopicMerge:
    branch: str  # "kh/doc-trailers"
    into: str = ""  # "maint" for "… into maint"; "" for the mainline
    paragraph: str = ""  # the maintainer's explanation
    parts: list[str] = field(default_factory=list)  # the branch's commit titles, newest first

    @property
    def name(self) -> str:
        """"kh/doc-trailers" → "doc trailers": the topic's name in words."""
        last = self.branch.rstrip("/").rsplit("/", 1)[-1]
        # "incremental-midx-part-3.3" → "incremental midx part 3.3": a dot between digits stays
        return " ".join(w for w in re.split(r"[-_]+|\.(?!\d)|(?<!\d)\.", last) if w) or last


def topic_merge(title: str, body: str = "") -> TopicMerge | None:
    """The topic a ``Merge branch '…'`` commit integrates; None for other commits and for a
    mainline merged into another (``Merge branch 'maint'``: a sync)."""
    m = _TOPIC.match(" ".join((title or "").split()))
    if not m or _MAINLINE.match(m.group("branch")):
        return None
    topic = TopicMerge(m.group("branch"), m.group("into") or "")
    paragraph, parts = split_topic_list(body or "")
    topic.paragraph, topic.parts = paragraph, parts
    return topic


def split_topic_list(body: str) -> tuple[str, list[str]]:
    """A merge body's text before its ``* topic:`` list, and the list's commit titles."""
    lines = body.splitlines()
    for i, line in enumerate(lines):
        if _LIST_HEAD.match(line.strip()) and line.startswith("*"):
            parts = []
            for item in lines[i + 1:]:
                if not item.strip():
                    continue
                if not item[:1].isspace():
                    break
                text = item.strip()
                if text not in ("...", "…") and not text.startswith("("):
                    parts.append(text)
            return "\n".join(lines[:i]).strip(), parts
    return body.strip(), []


_PULL = re.compile(r"^Merge (?:remote-tracking branch|branch|tag) '[^']+' of (?P<url>\S+)\s*$")


def pulled_from(title: str) -> str:
    """``Merge branch 'master' of https://github.com/j6t/git-gui`` → "git-gui": the repository a
    maintainer pulled a subsystem's work from (its mainline or a tag); "" for other titles."""
    m = _PULL.match(" ".join((title or "").split()))
    if not m:
        return ""
    name = m.group("url").rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1].removesuffix(".git")
    return name if re.fullmatch(r"[\w.-]{1,40}", name) else ""


def is_sync_merge(title: str) -> bool:
    """``Merge branch 'maint'``, ``Sync with maint``, ``Sync with Git 2.55.1``: one mainline
    brought into another — release housekeeping, no news of its own."""
    title = " ".join((title or "").split())
    m = _TOPIC.match(title)
    return bool(m and _MAINLINE.match(m.group("branch"))) or bool(
        re.match(r"^Sync with\s+\S", title, re.I))
