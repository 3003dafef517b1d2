"""The span's digest: its days read as one, so pairing and grouping reach across days.

A revert on Monday and its reland on Thursday pair as they would within one day; a series whose
parts landed Monday to Wednesday is one stack; the look-back before the span's first day still
pairs the reverts of older changes. Each commit keeps the date it landed on (``day_of``), and
the span's numbers (commits, reverts, relands, authors, first-time contributors, the busiest
day) sit beside the stories (:mod:`.span_stories`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ..profile import Profile
from ..sources.model import Day
from ..sources.span import Span, SpanDates
from .build import build_digest
from .model import CommitInfo, Digest


@dataclass
class SpanStats:
    commits: int = 0
    reverts: int = 0
    relands: int = 0
    authors: int = 0
    newcomers: list[str] = field(default_factory=list)  # first-time contributors, by name
    newcomers_known: bool = False  # whether the source could tell (a git history can)
    per_day: dict[str, int] = field(default_factory=dict)  # commits landed on each date
    active_days: int = 0


@dataclass
class SpanDigest:
    dates: SpanDates
    digest: Digest  # the span as one day: ``date`` is its last, ``commits`` every commit
    day_of: dict[str, str]  # sha -> the date (YYYY-MM-DD) it landed on, for the span's commits
    stats: SpanStats
    stories: list = field(default_factory=list)  # SpanStory, most significant first

    def date_of(self, c: CommitInfo | str) -> str:
        """The date a commit landed: from the span's days, else its own (UTC) commit time."""
        sha = c if isinstance(c, str) else c.sha
        if sha in self.day_of:
            return self.day_of[sha]
        if isinstance(c, CommitInfo) and c.committed_at:
            return local_day(c.committed_at, self.digest.tz)
        return ""


def local_day(stamp: str, tz: str) -> str:
    try:
        moment = dt.datetime.fromisoformat(stamp)
    except ValueError:
        return ""
    try:
        from zoneinfo import ZoneInfo

        return moment.astimezone(ZoneInfo(tz)).date().isoformat()
    except (KeyError, ValueError, OSError):
        return moment.date().isoformat()


def as_one_day(span: Span) -> Day:
    """The span's days as one Day: every commit (newest first) and every look-back commit the
    days kept that is not itself in the span."""
    last = span.days[-1]
    commits = span.commits
    inside = {c.sha for c in commits}
    earlier = {c.sha: c for d in span.days for c in d.lookback if c.sha not in inside}
    lookback = sorted(earlier.values(), key=lambda c: c.committed_at, reverse=True)
    merged = [d.merged_prs for d in span.days]
    return Day(repo=span.repo, branch=last.branch, date=last.date, tz=last.tz, source=last.source,
               start=span.days[0].start, end=last.end, commits=commits, lookback=lookback,
               lookback_days=span.days[0].lookback_days,
               lookback_total=span.days[0].lookback_total, repo_url=span.repo_url,
               merged_prs=None if None in merged else sum(m or 0 for m in merged),
               project=last.project or span.days[0].project)


def build_span_digest(span: Span, profile: Profile) -> SpanDigest:
    from .span_stories import span_stories

    digest = build_digest(as_one_day(span), profile)
    day_of = {c.sha: d.date for d in span.days for c in d.commits}
    newcomers: list[str] = []
    if span.newcomers is not None:
        keys = {k.lower() for k in span.newcomers}
        for c in sorted(digest.commits, key=lambda c: c.committed_at):
            key = (c.author_email or c.author).lower()
            if key in keys and not c.is_bot and c.author not in newcomers:
                newcomers.append(c.author)
    s = digest.stats
    per_day = {d.date: len(d.commits) for d in span.days}
    stats = SpanStats(commits=s.commits, reverts=s.reverts, relands=s.relands, authors=s.authors,
                      newcomers=newcomers, newcomers_known=span.newcomers is not None,
                      per_day=per_day, active_days=sum(1 for n in per_day.values() if n))
    sd = SpanDigest(span.dates, digest, day_of, stats)
    sd.stories = span_stories(sd, profile)
    return sd
