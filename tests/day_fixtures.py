"""Days built from Commit objects directly (with per-file sizes), for digest tests."""

from __future__ import annotations

import hashlib

from studio.digest.build import build_digest
from studio.digest.model import Digest
from studio.profile import profile_for
from studio.sources.model import Commit, Day, FileChange

DAY = "2026-08-18"


def sha_of(label: str) -> str:
    return hashlib.sha1(label.encode()).hexdigest()


def change(path: str, added: int = 0, deleted: int = 0, status: str = "modified") -> FileChange:
    return FileChange(path=path, added=added, deleted=deleted, status=status)


def commit(label: str, title: str, when: str, changes: list[FileChange] | None = None,
           author: str = "Ada Byron", login: str = "", body: str = "", pr_body: str = "",
           files: list[str] | None = None, email: str = "") -> Commit:
    changes = changes or []
    return Commit(
        sha=sha_of(label), title=title, body=body, author_name=author,
        author_email=email or author.split()[0].lower() + "@example.com",
        committed_at=when if "T" in when else f"{when}T12:00:00+00:00",
        author_login=login, files=files if files is not None else [c.path for c in changes],
        changes=changes, pr_body=pr_body,
    )


def at(hour: int, minute: int = 0, date: str = DAY) -> str:
    return f"{date}T{hour:02d}:{minute:02d}:00+00:00"


def digest_of(commits: list[Commit], lookback: list[Commit] | None = None,
              repo: str = "octo/widgets") -> Digest:
    day = Day(repo=repo, branch="main", date=DAY, tz="UTC", source="git",
              start=f"{DAY}T00:00:00+00:00", end="2026-08-19T00:00:00+00:00",
              commits=sorted(commits, key=lambda c: c.committed_at, reverse=True),
              lookback=sorted(lookback or [], key=lambda c: c.committed_at, reverse=True),
              repo_url=f"https://github.com/{repo}")
    return build_digest(day, profile_for(repo))
