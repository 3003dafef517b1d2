"""A span's commits as the day list's rows, grouped by story: each story of the span (an arc
reverted on one day and relanded on another, a series over several days, a sweep, a
release with its fixes, ...) a group row, most significant first, its commits beneath in the
order they landed, each with its day; the commits no story tells under "Other commits".
Plain data (no Qt), built from the span's digest (:mod:`studio.digest.span`)."""

from __future__ import annotations

import datetime as dt
import html
from collections import Counter

from ..digest.model import CommitInfo
from ..digest.span import SpanDigest
from ..digest.span_stories import SpanStory
from ..humanize import plural
from .day_rows import ORIGINAL, RELAND, REVERT, STACK, STORY, Row, _row, reverts_label

BEFORE = "landed before the span"  # the note of an arc's step from before the span

# a group row is marked STORY; its kind ("comeback", "series", ...) is in ``Row.stack``
OTHERS = "others"
KIND_NAMES = {"comeback": "reverted and back", "rollback": "reverted", "series": "series",
              "sweep": "sweep", "release": "release", "removal": "removal",
              "theme": "theme", "change": "change", OTHERS: "not in a story"}


def short_day(date: str) -> str:
    """``Mon 26 Jan`` for ``2026-01-26``."""
    try:
        d = dt.date.fromisoformat(date)
    except ValueError:
        return date
    return f"{d:%a} {d.day} {d:%b}"


def days_label(dates: list[str]) -> str:
    """The days a story ran over: ``Mon 26 Jan``, ``Tue 27 Jan, Fri 30 Jan``,
    ``Mon 26 – Wed 28 Jan`` (three or more, first to last)."""
    dates = sorted(set(d for d in dates if d))
    if not dates:
        return ""
    if len(dates) <= 2:
        return ", ".join(short_day(d) for d in dates)
    first, last = dt.date.fromisoformat(dates[0]), dt.date.fromisoformat(dates[-1])
    head = f"{first:%a} {first.day}" + ("" if first.month == last.month else f" {first:%b}")
    return f"{head} – {short_day(dates[-1])}"


def arc_label(dates: list[str]) -> str:
    """An arc's steps in order: ``Fri 23 → Mon 26 → Thu 29 Jan`` (the month where it changes
    and at the end)."""
    days = [dt.date.fromisoformat(d) for d in dates if d]
    out = []
    for i, d in enumerate(days):
        month = i == len(days) - 1 or days[i + 1].month != d.month
        out.append(f"{d:%a} {d.day}" + (f" {d:%b}" if month else ""))
    return " → ".join(out)


def _commit_row(c: CommitInfo, sd: SpanDigest, marks: list[str], note: str = "") -> Row:
    row = _row(c, sd.digest, sd.digest.tz, marks, note)
    row.time = short_day(sd.date_of(c))  # the day it landed; the hour is in its tooltip
    return row


def _story_rows(s: SpanStory, sd: SpanDigest) -> list[Row]:
    """The story's commits as rows, oldest first: a comeback's earlier original too."""
    rows: list[Row] = []
    # the revert: of the span, or (a reland's) from before it
    revert_sha = s.revert.sha if s.revert is not None else \
        s.reland.revert_sha if s.reland is not None else ""
    reland_sha = s.reland.sha if s.reland is not None else ""
    original_sha = (s.reland.original_sha if s.reland is not None else
                    s.revert.reverted_sha if s.revert is not None else "")
    stack_at = {c.sha: i for i, c in enumerate(s.stack.commits, 1)} if s.stack else {}
    for c in sorted(s.related + s.commits, key=lambda c: c.committed_at):
        marks, note = [], ""
        if c.sha == revert_sha and s.revert is not None:
            why = s.revert.reason or "no reason given"
            marks, note = [REVERT], f"reverted by {s.revert.reverted_by or 'someone'}: {why}"
        elif c.sha == revert_sha:
            marks, note = [REVERT], "the revert"
        elif c.sha == reland_sha:
            marks, note = [RELAND], "relanded after a revert"
        elif c.sha == original_sha:
            marks, note = [ORIGINAL], "the change that was reverted"
        elif c.sha in stack_at:
            marks, note = [STACK], f"part {stack_at[c.sha]} of {len(s.stack.commits)}"
        if c not in s.commits:
            note = (note + "; " if note else "") + BEFORE
        row = _commit_row(c, sd, marks, note)
        if STACK in marks:
            row.stack = f"{stack_at[c.sha]} of {len(s.stack.commits)}"
        if c.sha == revert_sha and s.revert is not None:
            row.reverts = reverts_label(c, s.revert)
            row.details = f"<p><b>{html.escape(row.reverts)}</b></p>{row.details}"
        rows.append(row)
    return rows


def _story_label(s: SpanStory) -> str:
    from ..script.recap.writer import story_title

    try:
        title = story_title(s)
    except (ValueError, IndexError, AttributeError):  # a story the writer cannot name
        title = ""
    return title or (s.commits[0].title if s.commits else KIND_NAMES.get(s.kind, s.kind))


def _group(key: str, label: str, kind: str, children: list[Row], dates: list[str],
           note: str, arc: bool = False) -> Row:
    themes = Counter((r.theme, r.theme_name) for r in children)
    theme, theme_name = themes.most_common(1)[0][0] if themes else ("", "")
    people = [name for name, _ in Counter(r.author for r in children if r.author).most_common()]
    author = people[0] + (f" +{len(people) - 1}" if len(people) > 1 else "") if people else ""
    marks = [STORY] + [m for m in (REVERT, RELAND) if any(m in r.marks for r in children)]
    e = html.escape
    items = "".join(f"<li>{e(r.time)}: {e(r.label)} <i>({e(r.author)})</i></li>" for r in children)
    details = (f"<h3>{e(label)}</h3><p><b>{e(KIND_NAMES.get(kind, kind).capitalize())}</b> · "
               f"{e(days_label(dates))} · {e(plural(len(children), 'commit'))}"
               + (f" · {e(', '.join(people))}" if people else "") + "</p>"
               + (f"<p><i>{e(note)}</i></p>" if arc else "") + f"<ul>{items}</ul>")
    return Row(sha=key, title=label, author=author, time=days_label(dates), theme=theme,
               theme_name=theme_name, marks=marks, note=note, stack=kind, children=children,
               when=days_label(dates), details=details)


def _arc_steps(s: SpanStory, sd: SpanDigest) -> list[tuple[str, str]]:
    """An arc's steps with their dates: ("landed", "2026-01-23"), ("reverted", ...), ..."""
    steps = []
    for what, sha in (("landed", s.reland.original_sha if s.reland else
                       s.revert.reverted_sha if s.revert else ""),
                      ("reverted", s.revert.sha if s.revert else
                       s.reland.revert_sha if s.reland else ""),
                      ("back", s.reland.sha if s.reland else "")):
        date = sd.date_of(sha) if sha else ""
        if not date:
            c = next((x for x in s.related + s.commits if x.sha == sha), None) if sha else None
            date = sd.date_of(c) if c is not None else ""
        if date:
            steps.append((what, date))
    return steps


def build_span_rows(sd: SpanDigest) -> list[Row]:
    """Story groups, most significant first, then the commits no story tells (a change that
stands alone among them), in the order they landed."""
    rows: list[Row] = []
    told: set[str] = set()
    for i, s in enumerate(sd.stories):
        if s.kind == "change":  # one commit alone is no story across days: listed with the rest
            continue
        children = _story_rows(s, sd)
        if not children:
            continue
        told |= {c.sha for c in s.commits}
        kind = s.kind
        if kind in ("comeback", "rollback"):
            steps = _arc_steps(s, sd)
            note = ", ".join(f"{what} {short_day(date)}" for what, date in steps)
        else:
            when = days_label(s.dates)
            note = f"{plural(len(children), 'commit')}" + (f", {when}" if s.days > 1 else "")
        row = _group(f"story:{i + 1}", _story_label(s), kind, children, s.dates, note,
                     arc=kind in ("comeback", "rollback"))
        if kind in ("comeback", "rollback"):
            row.time = arc_label([date for _what, date in steps])
        rows.append(row)
    rest = sorted((c for c in sd.digest.commits if c.sha not in told), key=lambda c: c.committed_at)
    if rest:
        children = [_commit_row(c, sd, [REVERT] if c.revert is not None else []) for c in rest]
        rows.append(_group(f"story:{OTHERS}", "Other commits", OTHERS, children,
                           [sd.date_of(c) for c in rest],
                           f"{plural(len(rest), 'commit')} on their own"))
    return rows


def span_heading_bits(sd: SpanDigest, rows: list[Row]) -> list[str]:
    """The span's numbers for the list's heading."""
    s = sd.stats
    stories = sum(1 for r in rows if r.stack != OTHERS)
    bits = [plural(s.commits, "commit"), plural(stories, "story", "stories"),
            plural(s.reverts, "revert"), plural(s.relands, "reland"), plural(s.authors, "author")]
    if s.newcomers_known and s.newcomers:
        bits.append(plural(len(s.newcomers), "first-time contributor"))
    return bits

