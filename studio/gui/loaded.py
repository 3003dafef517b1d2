"""What a pull or an open hands the window: the episode, its day (or a recap's span), the
digest and the day list's rows, all built off the UI thread. No Qt here (it is built in a
child process)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..digest.model import Digest
    from ..episode import Episode
    from ..sources.model import Day
    from ..sources.span import Span


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
    rows: list | None = None  # the day list's rows (a span's: grouped by story)
    span: Span | None = None  # a recap's span of days (``day`` is None then)
    span_bits: list[str] = field(default_factory=list)  # the span's numbers, for the heading
    existing: bool = False  # a pull found the host's episode of the day, and this is it

    def __post_init__(self) -> None:
        if self.rows is None and self.day is not None and self.digest is not None:
            from .day_rows import build_rows

            self.rows = build_rows(self.digest, self.day)


@dataclass
class Updated:
    """A day pulled again over the host's episode: the merged episode and the new day, what
    of the host's work was kept (segment ids, "title") and what could not be (in words)."""

    loaded: Loaded
    kept: list[str]
    lost: list[str]


def span_loaded(episode: Episode, span: Span, profile: str | None,
                folder: Path | None = None) -> Loaded:
    """A recap as the window shows it: the span's digest, its rows grouped by story."""
    from ..digest.span import build_span_digest
    from ..profile import profile_for
    from ..sources.project_name import day_project
    from .span_rows import build_span_rows, span_heading_bits

    sd = build_span_digest(span, profile_for(span.repo, profile,
                                             project=day_project(span.days[-1])))
    rows = build_span_rows(sd)
    return Loaded(episode, None, sd.digest, folder, rows, span, span_heading_bits(sd, rows))
