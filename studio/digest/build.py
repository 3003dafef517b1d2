"""``build_digest``: a Day and a show profile in, a Digest out."""

from __future__ import annotations

import datetime as dt

from ..profile import Profile
from ..script.speakable import people, person_name
from ..sources.model import Commit, Day
from ..textsafe import clean_line
from .messages import parse_message
from .model import CommitInfo, DayStats, Digest
from .people import day_people
from .revert_reason import is_revert_pr, reason_from_body
from .reverts import CommitIndex, find_relands, revert_story
from .significance import HOUSEKEEPING, assess
from .stacks import find_stacks
from .themes import classify, group_wins, settle_theme, theme_index


def _utc_iso(stamp: str) -> str:
    try:
        return dt.datetime.fromisoformat(stamp).astimezone(dt.UTC).isoformat()
    except ValueError:
        return stamp


def _display_name(c: Commit) -> str:
    name = clean_line(c.author_name)
    if name and "@" not in name:
        return name
    if c.author_login:
        return clean_line(c.author_login)
    local = clean_line(c.author_email).split("@", 1)[0]
    return local or name or "someone"


def commit_info(c: Commit, profile: Profile, in_day: bool) -> CommitInfo:
    facts = parse_message(c.title, c.body)
    if facts.revert is not None and not facts.revert.reason and is_revert_pr(c.pr_title, c.pr_body):
        # a squash-merged revert PR: the reason is in the PR's description
        facts.revert.reason = reason_from_body(c.pr_body, facts.revert.inner_title)
    # The commit's own title, whichever way the day was pulled (a clone has no PR titles, and
    # a PR renamed after it merged would tell the same day two ways); the PR's only if empty.
    title = clean_line(facts.clean_title)
    if not title and c.pr_title and facts.revert is None:
        title = clean_line(parse_message(c.pr_title, "").clean_title)
    info = CommitInfo(
        sha=c.sha,
        title=title,
        raw_title=c.title,
        body=c.body,
        author=person_name(_display_name(c)),
        author_login=clean_line(c.author_login),
        author_email=clean_line(c.author_email),
        committed_at=_utc_iso(c.committed_at),
        pr=facts.pr,
        files=list(c.files),
        co_authors=people([clean_line(n) for n in facts.co_authors]),
        tags=[clean_line(t) for t in facts.tags],
        series=facts.series if facts.revert is None else None,
        ghstack_deps=facts.ghstack_deps,
        is_bot=profile.is_bot(c.author_name, c.author_login, c.author_email, c.author_bot),
        revert=facts.revert,
        reland_marker=facts.reland_marker,
        reland_pr=facts.reland_pr,
        pr_title=clean_line(c.pr_title),
        pr_labels=[clean_line(x) for x in c.pr_labels],
        in_day=in_day,
        changes=list(c.changes),
        pr_body=c.pr_body,
        branch_bodies=list(c.branch_bodies),
        record=c.record,
        release_notes=c.release_notes,
    )
    info.themes = classify(info, profile)
    info.theme = info.themes[0]
    info.sig = assess(info)
    if not info.changes:
        # an old day file without sizes: the theme's housekeeping flag still speaks
        theme = theme_index(profile).get(info.theme, profile.fallback_theme)
        if theme.housekeeping and not info.sig.housekeeping and theme.id in HOUSEKEEPING:
            info.sig.housekeeping = theme.id
    else:
        settle_theme(info, profile)
    return info


def build_digest(day: Day, profile: Profile) -> Digest:
    today = [commit_info(c, profile, True) for c in day.commits]
    earlier = [commit_info(c, profile, False) for c in day.lookback]
    index = CommitIndex(today + earlier)

    all_stories = {c.sha: revert_story(c, index, profile)
                   for c in today + earlier
                   if c.revert is not None and not c.revert.is_revert_of_revert}
    chronological = sorted(today, key=lambda c: c.committed_at)
    reverts = [all_stories[c.sha] for c in chronological if c.sha in all_stories]
    relands = find_relands(chronological, index, all_stories)

    reverted_today = {s.reverted_sha for s in reverts if s.same_day}
    reland_shas = {r.sha for r in relands}
    landed = [c for c in today
              if c.revert is None and c.sha not in reverted_today]
    # an automation account's change is in a story only by an explicit link (a fix of what
    # another change of the day broke, uv 2026-08-18), never a run or a campaign of its own
    stacks = find_stacks(landed, earlier)
    in_stack = {sha for s in stacks for sha in s.shas}
    groups = group_wins(
        [c for c in landed if c.sha not in in_stack and c.sha not in reland_shas], profile
    )

    repo_url = day.repo_url or _guess_repo_url(day)
    people = day_people(today, repo_url)
    stats = DayStats(
        commits=len(today),
        reverts=len(reverts),
        relands=len(relands),
        authors=len(people),
        author_names=[p.name for p in people],
        people=people,
        bot_commits=sum(1 for c in today if c.is_bot),
        merged_prs=day.merged_prs,
        lookback_commits=day.lookback_total if day.lookback_total is not None else len(earlier),
        lookback_days=day.lookback_days,
    )
    return Digest(
        repo=day.repo,
        repo_url=repo_url,
        branch=day.branch,
        date=day.date,
        tz=day.tz,
        show=profile.name,
        commits=today,
        reverts=reverts,
        relands=relands,
        stacks=stacks,
        groups=groups,
        stats=stats,
        theme_names={k: t.name for k, t in theme_index(profile).items()},
        theme_titles={k: t.title or t.name[:1].upper() + t.name[1:]
                      for k, t in theme_index(profile).items()},
        earlier=earlier,
    )


def _guess_repo_url(day: Day) -> str:
    if day.source == "github" and day.repo.count("/") == 1:
        return f"https://github.com/{day.repo}"
    return ""
