"""The Day: one calendar day of a branch's commits, plus a look-back window for pairing."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_text, read_json
from ..schema import check, iso_date

DAY_SCHEMA = 1
MAX_MESSAGE_CHARS = 64_000


@dataclass
class FileChange:
    path: str
    added: int
    deleted: int
    status: str = "modified"  # "added" | "modified" | "deleted" | "renamed"


@dataclass
class Commit:
    sha: str
    title: str
    body: str
    author_name: str
    author_email: str
    committed_at: str  # ISO 8601 with offset
    authored_at: str = ""
    committer_name: str = ""
    committer_email: str = ""
    author_login: str = ""
    parents: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    pr_title: str = ""
    pr_labels: list[str] = field(default_factory=list)
    changes: list[FileChange] = field(default_factory=list)
    pr_body: str = ""
    author_bot: bool = False  # the forge says the author's account is a bot (a GitHub App)
    # a merge commit's: the bodies of the merged branch's own commits, oldest first
    # (branch_bodies.py); [] for other commits and in day files written before it
    branch_bodies: list[str] = field(default_factory=list)
    # the commit's cleaned full text (studio.editorial.record.record_text), filled by `studio
    # pull`; "" in day files written before it, where the record is computed when read
    record: str = ""
    # the text of the release notes the commit adds (studio.sources.release_notes): a news
    # fragment, a changelog entry; "" when it adds none and in day files written before it
    release_notes: str = ""

    @property
    def message(self) -> str:
        return f"{self.title}\n\n{self.body}" if self.body else self.title

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Commit:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        known["changes"] = [FileChange(**f) if isinstance(f, dict) else f
                            for f in known.get("changes", [])]
        return cls(**known)

    def to_dict(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["changes"] = [dict(f.__dict__) for f in self.changes]
        return data


@dataclass
class Day:
    repo: str
    branch: str
    date: str  # YYYY-MM-DD
    tz: str
    source: str  # "git" or "github"
    start: str  # ISO 8601 of the day's first instant
    end: str  # ISO 8601 of the next day's first instant
    commits: list[Commit] = field(default_factory=list)  # the day, newest first
    lookback: list[Commit] = field(default_factory=list)  # earlier commits that pairing needs
    lookback_days: int = 14
    lookback_total: int | None = None  # commits in the look-back window, kept or not
    notes: list[str] = field(default_factory=list)  # what the pull could not do, in words
    repo_url: str = ""  # web page of the repository (https://github.com/owner/name), if known
    merged_prs: int | None = None  # commits of the day that landed a merged pull request
    requests: int | None = None  # API requests spent, for GitHub pulls
    project: str = ""  # the project's own name (package metadata, README), "" when unknown

    def to_dict(self) -> dict[str, Any]:
        # shallow copies: every field is plain data, and asdict's deep walk is slow at scale
        data = dict(self.__dict__)
        data["commits"] = [c.to_dict() for c in self.commits]
        data["lookback"] = [c.to_dict() for c in self.lookback]
        data["schema"] = DAY_SCHEMA
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], what: str = "day file") -> Day:
        if not isinstance(data, dict) or "commits" not in data:
            raise StudioError(f"not a day file: {what} has no commits list")
        schema = data.get("schema", 1)
        if not isinstance(schema, int) or schema > DAY_SCHEMA:
            raise StudioError(f"day file schema {schema!r} is newer than this studio understands")
        check(cls, data, what, {"date": iso_date})
        try:
            fields = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
            fields["commits"] = [Commit.from_dict(c) for c in data.get("commits", [])]
            fields["lookback"] = [Commit.from_dict(c) for c in data.get("lookback", [])]
            return cls(**fields)
        except (TypeError, KeyError, AttributeError) as exc:
            raise StudioError(f"day file is malformed: {exc}") from exc


def save_day(day: Day, path: str | Path) -> None:
    atomic_write_text(path, day_text(day))


def day_text(day: Day) -> str:
    """The day file's text: one commit per line, compact enough for big days (the C
    encoder), still diffable."""
    data = day.to_dict()
    commits, lookback = data.pop("commits"), data.pop("lookback")
    head = json.dumps(data, ensure_ascii=False, indent=1)[:-2]
    parts = [head + ',\n "commits": [']
    parts.append(",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in commits))
    parts.append('],\n "lookback": [')
    parts.append(",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in lookback))
    parts.append("]\n}\n")
    return "\n".join(parts)


def load_day(path: str | Path) -> Day:
    return Day.from_dict(read_json(path, "day file"), f"day file {path}")
