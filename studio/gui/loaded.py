"""What a pull or an open hands the window: the episode, its day, the digest and the day
list's rows, all built off the UI thread. No Qt here (it is built in a child process)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..digest.model import Digest
    from ..episode import Episode
    from ..sources.model import Day


def digest_of(day: Day | None, profile: str | None) -> Digest | None:
    if day is None:
        return None
    from ..digest.build import build_digest
    from ..profile import profile_for
    from ..sources.project_name import day_project

    return build_digest(day, profile_for(day.repo, profile, project=day_project(day)))


@dataclass
class Loaded:
    episode: Episode
    day: Day | None
    digest: Digest | None
    folder: Path | None = None
    rows: list | None = None  # the day list's rows

    def __post_init__(self) -> None:
        if self.rows is None and self.day is not None and self.digest is not None:
            from .day_rows import build_rows

            self.rows = build_rows(self.digest, self.day)
