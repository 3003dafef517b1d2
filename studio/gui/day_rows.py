"""The day as rows for the day list: reverts paired with their originals, relands and stacks
marked, each row with its theme. Plain data (no Qt), built from the Digest."""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass, field

from ..digest.model import CommitInfo, Digest, RevertStory, StackStory
from ..humanize import plural
from ..sources.model import Day

REVERT, RELAND, STACK, ORIGINAL = "revert", "reland", "stack", "original"
STORY = "story"  # a span's story group (studio.gui.span_rows): its commits are its children
ROLLBACKS = "@rollbacks"  # the filter that keeps reverts and relands only


@dataclass
class Row:
    sha: str
    title: str
    author: str
    time: str  # "09:14 CET": the time in the day's time zone, with the zone
    theme: str  # theme id
    theme_name: str
    marks: list[str] = field(default_factory=list)  # REVERT, RELAND, STACK, ORIGINAL
    note: str = ""  # e.g. "ghstack 2/5", "reverted by Jo: broke the build"
    stack: str = ""  # e.g. "stack B, 2 of 3": its stack's letter in the day and its place in it
    when: str = ""  # "Mon 9 Feb 2026, 09:14 CET", for hovering
    reverts: str = ""  # a revert's "Reverts #10 [MPS] Add bitwise ops by Mo Pal"
    children: list[Row] = field(default_factory=list)
    details: str = ""  # HTML for the details pane

    @property
    def label(self) -> str:
        """What the list shows for the row: a revert says what it reverts."""
        return self.reverts or self.title


_PR_SUFFIX = re.compile(r"\s*\(#\d+\)\s*$")


def reverts_label(c: CommitInfo, story: RevertStory) -> str:
    """``Reverts #10 [MPS] Add bitwise ops by Mo Pal``: what a revert takes back, as its
    message names it, and whose work that was (where known)."""
    inner = c.revert.inner_title if c.revert is not None else ""
    title = _PR_SUFFIX.sub("", inner).strip() or story.reverted_title or "an earlier commit"
    ref = f"#{story.reverted_pr} " if story.reverted_pr else \
        f"{story.reverted_sha[:7]} " if story.reverted_sha else ""
    by = f" by {story.original_author}" if story.original_author else ""
    return f"Reverts {ref}{title}{by}"


def _local(stamp: str, tz: str) -> dt.datetime | None:
    try:
        from zoneinfo import ZoneInfo

        return dt.datetime.fromisoformat(stamp).astimezone(ZoneInfo(tz))
    except (ValueError, KeyError, OSError):
        return None


def local_time(stamp: str, tz: str) -> str:
    """``09:14 CET``: the time of ``stamp`` (ISO 8601) in the day's zone, with the zone."""
    when = _local(stamp, tz)
    return when.strftime("%H:%M %Z") if when is not None else stamp[11:16]


def local_day(stamp: str, tz: str) -> str:
    """``Thu 5 Feb``: the day an earlier commit landed, in the day's zone."""
    when = _local(stamp, tz)
    return f"{when:%a} {when.day} {when:%b}" if when is not None else stamp[:10]


def local_date_time(stamp: str, tz: str) -> str:
    """``Mon 9 Feb 2026, 09:14 CET``: for hovering and the details."""
    when = _local(stamp, tz)
    if when is None:
        return stamp
    return f"{when:%a} {when.day} {when:%b %Y, %H:%M %Z}"


def _instant(c: CommitInfo) -> tuple[float, str]:
    try:
        return dt.datetime.fromisoformat(c.committed_at).timestamp(), c.sha
    except ValueError:
        return 0.0, c.sha


def details_html(c: CommitInfo, digest: Digest, note: str = "", tz: str = "UTC") -> str:
    e = html.escape
    url = digest.url_for(c)
    link = f'<a href="{e(url, quote=True)}">{e(url)}</a>' if url else "(no web link: local repository)"
    files = "".join(f"<li><code>{e(f)}</code></li>" for f in c.files[:200])
    more = f"<li>… and {len(c.files) - 200} more</li>" if len(c.files) > 200 else ""
    theme = digest.theme_names.get(c.theme, c.theme)
    return (
        f"<h3>{e(c.raw_title)}</h3>"
        f"<p><b>{e(c.author)}</b> · {e(local_date_time(c.committed_at, tz))} · <code>{e(c.sha[:12])}</code>"
        f"{' · PR #' + str(c.pr) if c.pr else ''} · {e(theme)}</p>"
        + (f"<p><i>{e(note)}</i></p>" if note else "")
        + f"<p>{link}</p><pre style='white-space: pre-wrap'>{e(c.body.strip())}</pre>"
        f"<p><b>{plural(len(c.files), 'file')}</b></p><ul>{files}{more}</ul>"
    )


def _row(c: CommitInfo, digest: Digest, tz: str, marks: list[str], note: str = "") -> Row:
    return Row(sha=c.sha, title=c.title or c.raw_title, author=c.author,
               time=local_time(c.committed_at, tz), when=local_date_time(c.committed_at, tz),
               theme=c.theme,
               theme_name=digest.theme_names.get(c.theme, c.theme), marks=marks, note=note,
               details=details_html(c, digest, note, tz))


def stack_letter(index: int) -> str:
    """A, B, … Z, then AA, AB, …: the name of the ``index``-th stack (from 0) of a day."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def lettered_stacks(stacks: list[StackStory]) -> list[tuple[str, StackStory]]:
    """Each stack with its letter: A for the one whose first part landed first, and so on, so
    a stack keeps its letter whenever the same day is pulled again."""
    ordered = sorted(stacks, key=lambda s: min(_instant(c) for c in s.commits))
    return [(stack_letter(i), s) for i, s in enumerate(ordered)]


def _grouped(commits: list[CommitInfo], stacks: list[tuple[str, StackStory]]) -> list[CommitInfo]:
    """``commits`` (newest first) with each stack's parts together, in stack order, where its
    newest part landed: a series reads as one even when its parts landed hours apart."""
    stack_at = {c.sha: s for _letter, s in stacks for c in s.commits}
    out: list[CommitInfo] = []
    told: set[int] = set()
    for c in commits:
        s = stack_at.get(c.sha)
        if s is None:
            out.append(c)
        elif id(s) not in told:
            told.add(id(s))
            out.extend(s.commits)
    return out


def build_rows(digest: Digest, day: Day) -> list[Row]:
    """Top-level rows newest first, each stack's parts together; an original reverted the
    same day sits under its revert."""
    stories = {r.sha: r for r in digest.reverts}
    relands = {r.sha: r for r in digest.relands}
    stacks = lettered_stacks(digest.stacks)
    stack_of: dict[str, tuple[int, int, str, str]] = {}
    for letter, s in stacks:
        for i, c in enumerate(s.commits, 1):
            stack_of[c.sha] = (i, len(s.commits), s.kind, letter)
    under_revert = {r.reverted_sha for r in digest.reverts if r.same_day and r.reverted_sha}
    earlier = {c.sha: c for c in day.lookback}
    today = {c.sha: c for c in digest.commits}
    rows: list[Row] = []
    for c in _grouped(digest.commits, stacks):
        if c.sha in under_revert:
            continue
        if c.sha in stories:
            r = stories[c.sha]
            why = r.reason or "no reason given"
            row = _row(c, digest, day.tz, [REVERT], f"reverted by {r.reverted_by or 'someone'}: {why}")
            row.reverts = reverts_label(c, r)
            row.details = f"<p><b>{html.escape(row.reverts)}</b></p>{row.details}"
            original = today.get(r.reverted_sha) if r.reverted_sha else None
            if original is not None:
                row.children.append(_row(original, digest, day.tz, [ORIGINAL], "landed today, reverted"))
            elif r.reverted_sha in earlier:
                old = earlier[r.reverted_sha]
                row.children.append(Row(
                    sha=old.sha, title=r.reverted_title or old.title, author=r.original_author,
                    time=local_day(old.committed_at, day.tz), when=local_date_time(old.committed_at, day.tz),
                    theme=r.theme,
                    theme_name=digest.theme_names.get(r.theme, r.theme), marks=[ORIGINAL],
                    note="landed earlier", details=f"<h3>{html.escape(old.title)}</h3>"
                    f"<p>{html.escape(old.author_name)} · "
                    f"{html.escape(local_date_time(old.committed_at, day.tz))}</p>"
                    f"<pre>{html.escape(old.body)}</pre>"))
            rows.append(row)
            continue
        marks, note = [], ""
        if c.sha in relands:
            marks.append(RELAND)
            note = "relanded after a revert"
        stack = ""
        if c.sha in stack_of:
            i, n, kind, letter = stack_of[c.sha]
            marks.append(STACK)
            stack = f"stack {letter}, {i} of {n}"
            how = {"ghstack": "a ghstack", "series": "a numbered series"}.get(kind, "a run of PRs")
            note = (note + "; " if note else "") + f"{stack} ({how})"
        row = _row(c, digest, day.tz, marks, note)
        row.stack = stack
        rows.append(row)
    return rows


def tooltip_html(row: Row) -> str:
    """The row's full title (and what it reverts, its stack, …) for hovering, escaped."""
    e = html.escape
    lines = [f"<b>{e(row.label)}</b>"]
    if row.label != row.title:
        lines.append(e(row.title))
    if row.note:
        lines.append(f"<i>{e(row.note)}</i>")
    return "<p>" + "<br>".join(lines) + "</p>"


def themes_present(rows: list[Row]) -> list[tuple[str, str]]:
    """(theme id, spoken name) of the themes in ``rows``, most commits first."""
    counts: dict[str, tuple[str, int]] = {}
    for r in rows:
        name, n = counts.get(r.theme, (r.theme_name, 0))
        counts[r.theme] = (name, n + 1)
    return [(k, v[0]) for k, v in sorted(counts.items(), key=lambda kv: -kv[1][1])]


def row_matches(row: Row, theme: str, text: str) -> bool:
    if theme == ROLLBACKS and not ({REVERT, RELAND} & set(row.marks)):
        return False
    if theme and theme != ROLLBACKS and row.theme != theme and \
            not any(ch.theme == theme for ch in row.children):
        return False
    needle = text.strip().lower()
    if needle and needle not in _searched(row) and not (
            STORY in row.marks and any(needle in _searched(ch) for ch in row.children)):
        return False
    return True


def _searched(row: Row) -> str:
    return f"{row.title} {row.reverts} {row.author} {row.sha}".lower()
