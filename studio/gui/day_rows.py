"""The day as rows for the day list: reverts paired with their originals, relands and stacks
marked, each row with its theme. Plain data (no Qt), built from the Digest."""

from __future__ import annotations

import datetime as dt
import html
from dataclasses import dataclass, field

from ..digest.model import CommitInfo, Digest
from ..humanize import moment, plural
from ..sources.model import Day

REVERT, RELAND, STACK, ORIGINAL = "revert", "reland", "stack", "original"
ROLLBACKS = "@rollbacks"  # the filter that keeps reverts and relands only


@dataclass
class Row:
    sha: str
    title: str
    author: str
    time: str  # HH:MM in the day's time zone
    theme: str  # theme id
    theme_name: str
    marks: list[str] = field(default_factory=list)  # REVERT, RELAND, STACK, ORIGINAL
    note: str = ""  # e.g. "stack 2/5", "reverted by Jo: broke the build"
    children: list[Row] = field(default_factory=list)
    details: str = ""  # HTML for the details pane


def _local_time(stamp: str, tz: str) -> str:
    try:
        from zoneinfo import ZoneInfo

        return dt.datetime.fromisoformat(stamp).astimezone(ZoneInfo(tz)).strftime("%H:%M")
    except (ValueError, KeyError, OSError):
        return stamp[11:16]


def details_html(c: CommitInfo, digest: Digest, note: str = "") -> str:
    e = html.escape
    url = digest.url_for(c)
    link = f'<a href="{e(url, quote=True)}">{e(url)}</a>' if url else "(no web link: local repository)"
    files = "".join(f"<li><code>{e(f)}</code></li>" for f in c.files[:200])
    more = f"<li>… and {len(c.files) - 200} more</li>" if len(c.files) > 200 else ""
    theme = digest.theme_names.get(c.theme, c.theme)
    return (
        f"<h3>{e(c.raw_title)}</h3>"
        f"<p><b>{e(c.author)}</b> · {e(moment(c.committed_at))} · <code>{e(c.sha[:12])}</code>"
        f"{' · PR #' + str(c.pr) if c.pr else ''} · {e(theme)}</p>"
        + (f"<p><i>{e(note)}</i></p>" if note else "")
        + f"<p>{link}</p><pre style='white-space: pre-wrap'>{e(c.body.strip())}</pre>"
        f"<p><b>{plural(len(c.files), 'file')}</b></p><ul>{files}{more}</ul>"
    )


def _row(c: CommitInfo, digest: Digest, tz: str, marks: list[str], note: str = "") -> Row:
    return Row(sha=c.sha, title=c.title or c.raw_title, author=c.author,
               time=_local_time(c.committed_at, tz), theme=c.theme,
               theme_name=digest.theme_names.get(c.theme, c.theme), marks=marks, note=note,
               details=details_html(c, digest, note))


def build_rows(digest: Digest, day: Day) -> list[Row]:
    """Top-level rows newest first; an original reverted the same day sits under its revert."""
    stories = {r.sha: r for r in digest.reverts}
    relands = {r.sha: r for r in digest.relands}
    stack_of: dict[str, tuple[int, int, str]] = {}
    for s in digest.stacks:
        for i, c in enumerate(s.commits, 1):
            stack_of[c.sha] = (i, len(s.commits), s.kind)
    under_revert = {r.reverted_sha for r in digest.reverts if r.same_day and r.reverted_sha}
    earlier = {c.sha: c for c in day.lookback}
    today = {c.sha: c for c in digest.commits}
    rows: list[Row] = []
    for c in digest.commits:
        if c.sha in under_revert:
            continue
        if c.sha in stories:
            r = stories[c.sha]
            why = r.reason or "no reason given"
            row = _row(c, digest, day.tz, [REVERT], f"reverted by {r.reverted_by or 'someone'}: {why}")
            original = today.get(r.reverted_sha) if r.reverted_sha else None
            if original is not None:
                row.children.append(_row(original, digest, day.tz, [ORIGINAL], "landed today, reverted"))
            elif r.reverted_sha in earlier:
                old = earlier[r.reverted_sha]
                row.children.append(Row(
                    sha=old.sha, title=r.reverted_title or old.title, author=r.original_author,
                    time=old.committed_at[:10], theme=r.theme,
                    theme_name=digest.theme_names.get(r.theme, r.theme), marks=[ORIGINAL],
                    note="landed earlier", details=f"<h3>{html.escape(old.title)}</h3>"
                    f"<p>{html.escape(old.author_name)} · {html.escape(moment(old.committed_at))}</p>"
                    f"<pre>{html.escape(old.body)}</pre>"))
            rows.append(row)
            continue
        marks, note = [], ""
        if c.sha in relands:
            marks.append(RELAND)
            note = "relanded after a revert"
        if c.sha in stack_of:
            i, n, kind = stack_of[c.sha]
            marks.append(STACK)
            note = (note + "; " if note else "") + f"{'ghstack' if kind == 'ghstack' else 'stack'} {i}/{n}"
        rows.append(_row(c, digest, day.tz, marks, note))
    return rows


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
    if needle and needle not in f"{row.title} {row.author} {row.sha}".lower():
        return False
    return True
