"""Pull days of a GitHub repository's branch: the same Days as the git source, leanly.

Requests: one for the repository, ceil(N/100) for the commit list (the days and the look-back
window in one paginated listing; with a reland whose revert is not in its window, one more
listing of the 90 days before, as the git source walks them), ceil(K/100) GraphQL queries for
the K commits kept (each one's pull request with body, labels and files, and its size), and one
REST request for each of at most ``detail_limit`` commits a day GraphQL could not size (no pull
request of their own).
Where GraphQL is unavailable (anonymous, an old GitHub Enterprise, an error), REST gives the
lead stories their detail instead, two requests each, and the Day's notes say so.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from pathlib import Path
from zoneinfo import ZoneInfo

from ...editorial.record import fill_records
from ...jobs import CancelToken, Progress, no_progress
from ...plumbing.errors import StudioError
from ...textsafe import clean_line, clean_text
from ..gitlocal import _split_message
from ..model import Commit, Day
from ..prs import merged_prs
from ..reland_depth import RELAND_DAYS, older_pairs, unpaired_relands
from ..relevance import prune_lookback
from ..window import day_bounds, parse_zone, window_start
from .auth import Token, host_of, normalize_api_url, resolve_token
from .cache import EtagCache, default_cache_dir
from .client import make_client
from .details import fill_details
from .errors import PullContext, github_errors
from .transport import NetworkPolicy, Transport

log = logging.getLogger(__name__)

_REPO_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}$")
DEFAULT_DETAIL_LIMIT = 8


def _iso(when: dt.datetime | None, zone: ZoneInfo) -> str:
    if when is None:
        return ""
    if when.tzinfo is None:  # PyGithub gives aware UTC datetimes; be safe with naive ones
        when = when.replace(tzinfo=dt.UTC)
    return when.astimezone(zone).isoformat()


def _account_type(user) -> str:  # noqa: ANN001 - a PyGithub NamedUser or None
    """The account's type from the listed payload ("User", "Bot" for a GitHub App), read
    without PyGithub's lazy completion: asking ``user.type`` of a payload without it would
    cost a request per author."""
    raw = getattr(user, "_rawData", None)
    return str(raw.get("type") or "") if isinstance(raw, dict) else ""


def _to_commit(item, zone: ZoneInfo) -> Commit:
    """A listed commit as the Day model has it, from the list payload alone (no requests)."""
    git = item.commit
    title, body = _split_message(git.message or "")
    author, committer = git.author, git.committer
    login = item.author.login if item.author is not None else ""
    kind = _account_type(item.author)
    return Commit(
        sha=item.sha,
        title=title,
        body=body,
        author_name=clean_text(author.name or "").strip() if author else "",
        author_email=clean_text(author.email or "").strip() if author else "",
        committed_at=_iso(committer.date if committer else None, zone),
        authored_at=_iso(author.date if author else None, zone),
        committer_name=clean_text(committer.name or "").strip() if committer else "",
        committer_email=clean_text(committer.email or "").strip() if committer else "",
        author_login=clean_line(login or ""),
        author_bot=kind == "Bot",
        parents=[p.sha for p in item.parents],
    )


def _first_parent_line(commits: list[Commit]) -> list[Commit]:
    """Keep the branch's first-parent line, as `git log --first-parent` does, and credit a
    merge commit to the author of the branch it merged (when that tip is in the listing)."""
    if not any(len(c.parents) > 1 for c in commits):
        return commits
    by_sha = {c.sha: c for c in commits}

    def chain(head: Commit) -> list[Commit]:
        line: list[Commit] = []
        current: Commit | None = head
        while current is not None:
            line.append(current)
            current = by_sha.get(current.parents[0]) if current.parents else None
        return line

    # The listing may end in several heads: the branch as it stood at the day's end, and
    # branches merged after it. The branch's own line is the one that carries the merges.
    children = {p for c in commits for p in c.parents}
    heads = [c for c in commits if c.sha not in children]
    line = max((chain(h) for h in heads), key=lambda ln: (
        sum(len(c.parents) > 1 for c in ln), len(ln),
        dt.datetime.fromisoformat(ln[0].committed_at)))
    for merge in (c for c in line if len(c.parents) > 1):
        tip = by_sha.get(merge.parents[1])
        while tip is not None and len(tip.parents) > 1 and tip.parents[0] in by_sha:
            tip = by_sha[tip.parents[0]]  # (the main branch merged into the pull request's:
            # its own last commit is the author's, as the git source reads it)
        if tip is not None:
            merge.committer_name, merge.committer_email = merge.author_name, merge.author_email
            merge.author_name, merge.author_email = tip.author_name, tip.author_email
            merge.author_login = tip.author_login or merge.author_login
            merge.author_bot = tip.author_bot if tip.author_login else merge.author_bot
    return line


def pull_github(
    repo: str,
    date: dt.date,
    tz: str = "UTC",
    branch: str | None = None,
    lookback_days: int = 14,
    api_url: str | None = None,
    token: Token | None = None,
    policy: NetworkPolicy | None = None,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    detail_limit: int = DEFAULT_DETAIL_LIMIT,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> Day:
    """Commits on ``branch`` of GitHub ``repo`` (``OWNER/NAME``) committed on ``date`` in
    ``tz``, with the ``lookback_days`` before it; see the module docstring for the budget."""
    return pull_github_span(repo, date, date, tz, branch, lookback_days, api_url, token, policy,
                            cache_dir, use_cache, detail_limit, progress, cancel)[0]


def pull_github_span(
    repo: str,
    first: dt.date,
    last: dt.date,
    tz: str = "UTC",
    branch: str | None = None,
    lookback_days: int = 14,
    api_url: str | None = None,
    token: Token | None = None,
    policy: NetworkPolicy | None = None,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    detail_limit: int = DEFAULT_DETAIL_LIMIT,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> list[Day]:
    """One Day for each date from ``first`` to ``last``, oldest first, from one paginated
    listing (the first day's look-back to the last day's end) and one round of details for
    every commit kept: a week costs about what its busiest day would, not seven pulls. Each
    Day's ``requests`` is the whole span's count."""
    repo = repo.strip().removesuffix(".git")
    if not _REPO_NAME.match(repo):
        raise StudioError(f"not a GitHub repository name: {repo!r} (expected OWNER/NAME)")
    zone = parse_zone(tz)
    if lookback_days < 0:
        raise StudioError("--lookback-days must be zero or more")
    if detail_limit < 0:
        raise StudioError("the detail limit must be zero or more")
    if last < first:
        raise StudioError(f"the span is reversed: {first.isoformat()} is after {last.isoformat()}")
    api = normalize_api_url(api_url)
    token = token if token is not None else resolve_token(api)
    cancel = cancel or CancelToken()
    state = {"fraction": 0.0}

    def report(fraction: float, message: str) -> None:
        state["fraction"] = fraction
        progress(fraction, message)

    cache = None
    if use_cache:
        cache = EtagCache(cache_dir or default_cache_dir(), token.identity)
        cache.prune()
    transport = Transport(
        policy=policy or NetworkPolicy(),
        cache=cache,
        notify=lambda message: progress(state["fraction"], message),
        cancel=cancel,
        anonymous=not token.value,
    )
    ctx = PullContext(repo=repo, host=host_of(api), token=token, branch=branch or "",
                      tries=transport.policy.retries + 1)
    dates = [first + dt.timedelta(days=i) for i in range((last - first).days + 1)]
    bounds = [day_bounds(d, zone) for d in dates]
    windows = [window_start(start, lookback_days) for start, _ in bounds]
    since, end = windows[0], bounds[-1][1]
    client = make_client(api, token, transport)
    try:
        with github_errors(ctx):
            report(0.02, f"asking GitHub for {repo} ({token})")
            remote = client.get_repo(repo)
            full_name = clean_line(remote.full_name or repo)
            ctx.branch = branch = branch or remote.default_branch
            ctx.stage = "commits"
            listing = remote.get_commits(sha=branch, since=since.astimezone(dt.UTC),
                                         until=end.astimezone(dt.UTC))
            listed: list[Commit] = []
            for item in listing:
                listed.append(_to_commit(item, zone))
                if len(listed) % 100 == 0:
                    cancel.check()
                    report(min(0.7, 0.05 + len(listed) / (len(listed) + 300)),
                           f"listed {len(listed)} commits")
            listed = _first_parent_line(listed)
            cut = []
            for (start, stop), lo in zip(bounds, windows, strict=True):
                day_commits, lookback = _split_window(listed, lo, start, stop)
                cut.append((day_commits, prune_lookback(day_commits, lookback), len(lookback)))
            _span_older_reverts(remote, branch, zone, since, listed, windows, cut)
            ctx.stage = "pull requests"
            unchanged = transport.requests > 0 and transport.not_modified == transport.requests
            span_commits = [c for day, _, _ in reversed(cut) for c in day]
            told = {c.sha for c in span_commits}
            earlier = list({c.sha: c for _, lb, _ in cut for c in lb if c.sha not in told}.values())
            landed, notes, project = fill_details(
                client, remote, full_name, branch, span_commits, earlier, ctx, cache,
                unchanged, detail_limit * len(dates), report, cancel,
                tip=remote.default_branch or branch, days=len(dates))
    finally:
        client.close()
    fill_records({id(c): c for day, lb, _ in cut for c in (*day, *lb)}.values())
    log.info("pulled %s with %d requests (%d answered 304 from the cache)",
             full_name, transport.requests, transport.not_modified)
    report(1.0, f"{len(span_commits)} commits: {transport.requests} requests, "
                f"{transport.not_modified} unchanged (304)")
    web = remote.html_url if isinstance(getattr(remote, "html_url", None), str) else ""
    return [Day(repo=full_name, branch=branch, date=date.isoformat(), tz=tz, source="github",
                start=start.isoformat(), end=stop.isoformat(), commits=day_commits,
                lookback=lookback, lookback_days=lookback_days, lookback_total=total,
                repo_url=web, merged_prs=merged_prs(day_commits, landed),
                requests=transport.requests, notes=list(notes), project=project)
            for date, (start, stop), (day_commits, lookback, total)
            in zip(dates, bounds, cut, strict=True)]


def _span_older_reverts(remote, branch: str, zone: ZoneInfo, since: dt.datetime,  # noqa: ANN001
                   listed: list[Commit], windows: list[dt.datetime],
                   cut: list[tuple[list[Commit], list[Commit], int]]) -> None:
    """Each day's look-back gains the reverts (and their originals) of its relands that nothing
    in its window undid, from one more listing of the RELAND_DAYS before the first window, as
    the git source walks them (reland_depth); a span without such a reland asks nothing."""
    wanted = [unpaired_relands(day, lookback) for day, lookback, _ in cut]
    if not any(wanted):
        return
    older = window_start(since, RELAND_DAYS)
    listing = remote.get_commits(sha=branch, since=older.astimezone(dt.UTC),
                                 until=since.astimezone(dt.UTC))
    walked = [c for c in _first_parent_line([_to_commit(item, zone) for item in listing])
              if dt.datetime.fromisoformat(c.committed_at) < since]
    for keys, lo, (_, lookback, _) in zip(wanted, windows, cut, strict=True):
        if not keys:
            continue
        before = [c for c in listed if dt.datetime.fromisoformat(c.committed_at) < lo] + walked
        keep = older_pairs(keys, [(c.sha, c.title, c.message.encode("utf-8")) for c in before])
        have = {c.sha for c in lookback}
        lookback += [c for c in before if c.sha in keep and c.sha not in have]


def _split_window(commits: list[Commit], since: dt.datetime, start: dt.datetime,
                  end: dt.datetime) -> tuple[list[Commit], list[Commit]]:
    """The day's commits and the look-back's, newest first, by commit time like the git source."""
    day: list[Commit] = []
    lookback: list[Commit] = []
    lo, mid, hi = since.timestamp(), start.timestamp(), end.timestamp()
    for commit in commits:
        when = dt.datetime.fromisoformat(commit.committed_at).timestamp()
        if mid <= when < hi:
            day.append(commit)
        elif lo <= when < mid:
            lookback.append(commit)
    return day, lookback
