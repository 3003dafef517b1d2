"""The segments of an episode, in the order the seed episodes tell a day."""

from __future__ import annotations

import datetime as dt

from ..digest.model import CommitInfo, Digest, RevertStory, StackStory, ThemeGroup
from . import phrases as P
from .draft import SegmentDraft, Voice, change_phrase, owned_change, short_title, who
from .words import capitalize, count, join_words, number_words, ordinal_words, spoken_date

DETAILED_REVERTS = 6
DETAIL_BUDGET = 12  # commits told one by one across the wins


def intro(d: Digest, v: Voice, host: str) -> SegmentDraft:
    seg = SegmentDraft("intro", "Welcome")
    date = spoken_date(dt.date.fromisoformat(d.date))
    seg.say(v.pick(P.GREETING, show=d.show, host=host, date=date))
    lead = lead_line(d)
    if lead:
        seg.say(v.pick(P.LEAD, lead=lead), [r.sha for r in d.reverts] +
                (d.stacks[0].shas if d.stacks else []))
    return seg


def lead_line(d: Digest) -> str:
    """The day in one clause: rollbacks, comebacks, the biggest stack, the leading theme."""
    parts = []
    if d.reverts:
        parts.append(count(len(d.reverts), "rollback"))
    if d.relands:
        parts.append(count(len(d.relands), "comeback"))
    if d.stacks:
        s = d.stacks[0]
        theme = d.theme_names.get(s.theme, "")
        on = f" on {theme}" if theme and theme != "everything else" else ""
        parts.append(f"a {number_words(len(s.commits))}-PR stack{on}")
    work = [g for g in d.groups if not g.housekeeping and g.theme_names]
    if work and len(parts) < 3:
        parts.append(f"steady progress on the {work[0].group} front")
    return join_words(parts)


def numbers(d: Digest, v: Voice) -> SegmentDraft:
    seg = SegmentDraft("numbers", "The day in numbers")
    s = d.stats
    all_shas = [c.sha for c in d.commits]
    if s.commits <= 2:
        if s.commits == 0:
            seg.say(v.pick(P.NO_COMMITS, branch=d.branch))
        else:
            seg.say(v.pick(P.QUIET_DAY, commits=count(s.commits, "commit"), branch=d.branch),
                    all_shas)
        return seg
    commits = count(s.commits, "commit")
    if s.reverts:
        seg.say(v.pick(P.NUMBERS_WITH_REVERTS, commits=commits, commits_cap=capitalize(commits),
                       branch=d.branch, reverts=number_words(s.reverts),
                       reverts_verb="was" if s.reverts == 1 else "were"),
                all_shas)
    else:
        seg.say(v.pick(P.NUMBERS_PLAIN, commits=commits, commits_cap=capitalize(commits),
                       branch=d.branch), all_shas)
    if s.authors:
        authors = count(s.authors, "author")
        seg.say(v.pick(P.AUTHORS, authors=authors, authors_cap=capitalize(authors)),
                [c.sha for c in d.commits if not c.is_bot])
    if s.relands:
        seg.say(v.pick(P.RELANDS_COUNT, relands=count(s.relands, "reland"),
                       relands_verb="was" if s.relands == 1 else "were"),
                [r.sha for r in d.relands])
    return seg


def _revert_sentences(seg: SegmentDraft, r: RevertStory, d: Digest, v: Voice) -> None:
    title = short_title(r.reverted_title, 100)
    pr = f", PR {r.reverted_pr}," if r.reverted_pr else ""
    theme = d.theme_names.get(r.theme, "")
    what = owned_change(r.original_author, title) + pr
    how = "went back automatically" if r.automatic else f"was rolled back by {r.reverted_by}"
    when = ", the same day it landed" if r.same_day else ""
    seg.say(f"{what} {how}{when}", [r.sha, r.reverted_sha] if r.reverted_sha else [r.sha])
    if r.original_files and theme and theme != "everything else":
        seg.say(f"It touched {count(r.original_files, 'file')} in {theme}", [r.reverted_sha])
    if r.automatic:
        seg.say(v.pick(P.AUTO_REASON), [r.sha])
    elif r.reason:
        seg.say(v.pick(P.HUMAN_REASON, reason=short_title(r.reason, 160).rstrip(".")), [r.sha])
    else:
        seg.say(P.NO_REASON, [r.sha])


def _auto_group(seg: SegmentDraft, group: list[RevertStory], d: Digest, v: Voice) -> None:
    """Several automatic reverts told together: whose work, what it was, when."""
    n = len(group)
    seg.say(v.pick(P.AUTO_GROUP, count=count(n, "change"), count_cap=capitalize(count(n, "change")),
                   times={1: "once", 2: "twice"}.get(n) or count(n, "time")),
            [r.sha for r in group])
    items = []
    for r in group:
        pr = f", PR {r.reverted_pr}" if r.reverted_pr else ""
        items.append(owned_change(r.original_author, short_title(r.reverted_title, 90)) + pr)
    shas = [x for r in group for x in (r.sha, r.reverted_sha) if x]
    seg.say(f"Back went {join_words(items)}", shas)
    same_day = [r for r in group if r.same_day]
    if len(same_day) == n:
        seg.say("Each of them had landed earlier the same day", [r.sha for r in group])
    elif same_day:
        seg.say(f"{capitalize(count(len(same_day), 'of them', 'of them'))} had landed the same day",
                [r.sha for r in same_day])


def rollbacks(d: Digest, v: Voice) -> SegmentDraft:
    seg = SegmentDraft("rollbacks", "Rollbacks")
    if not d.reverts and not d.relands:
        return seg
    if d.reverts:
        seg.say(v.pick(P.ROLLBACKS_INTRO), [r.sha for r in d.reverts])
        detailed = d.reverts[:DETAILED_REVERTS]
        automatic = [r for r in detailed if r.automatic]
        if len(automatic) >= 2:
            _auto_group(seg, automatic, d, v)
            detailed = [r for r in detailed if not r.automatic]
        for r in detailed:
            _revert_sentences(seg, r, d, v)
        rest = d.reverts[DETAILED_REVERTS:]
        if rest:
            titles = join_words([short_title(r.reverted_title, 60) for r in rest[:3]])
            seg.say(f"{capitalize(count(len(rest), 'more rollback'))} went back too, "
                    f"including {titles}", [r.sha for r in rest])
    if d.relands:
        seg.say(v.pick(P.RELAND_INTRO), [r.sha for r in d.relands])
        for r in d.relands[:4]:
            pr = f", PR {r.pr}" if r.pr else ""
            back = "is back on main" if r.how != "marker" else "landed again as a reland"
            seg.say(f"{owned_change(r.author, r.title)}{pr}, {back}",
                    [x for x in (r.sha, r.revert_sha, r.original_sha) if x])
    if d.reverts:
        seg.say(v.pick(P.ROLLBACKS_OUTRO))
    return seg


def _stack_sentence(s: StackStory, d: Digest) -> str:
    n = len(s.commits)
    theme = d.theme_names.get(s.theme, "")
    kind = {"ghstack": "stack", "series": "series", "run": "series of PRs"}[s.kind]
    size = f"a {number_words(n)}-PR {kind}"
    prs = s.prs
    if prs and s.contiguous:
        span = f", {prs[0]} through {prs[-1]},"
    elif prs:
        span = f", PRs {join_words([str(p) for p in prs[:6]])},"
    else:
        span = ""
    on = f" on {theme}" if theme and theme != "everything else" else ""
    return f"{s.author} landed {size}{span}{on}"


def stacks(d: Digest, v: Voice) -> SegmentDraft:
    seg = SegmentDraft("stacks", "Stacks and series")
    if not d.stacks:
        return seg
    seg.say(v.pick(P.STACKS_INTRO))
    for s in d.stacks[:4]:
        seg.say(_stack_sentence(s, d), s.shas)
        steps = [change_phrase(c.title) for c in s.commits[:3]]
        seg.say(f"It starts with {join_words(steps)}", [c.sha for c in s.commits[:3]])
    return seg


def _commit_sentence(c: CommitInfo, v: Voice) -> str:
    verb = v.pick(P.LANDED_VERB)
    pr = f", PR {c.pr}" if c.pr else ""
    if c.series and c.series[0] > 0:
        tags = join_words(c.tags[:2]) or "multi-part"
        return f"{who(c)} {verb} step {number_words(c.series[0])} of the {tags} work: " \
               f"{change_phrase(c.title)}{pr}"
    return f"{who(c)} {verb} {change_phrase(c.title)}{pr}"


def _group_intro(v: Voice, group: str) -> str:
    """"Turning to the hardware work," but never "the other work work"."""
    intro = v.pick(P.GROUP_INTRO, group=group)
    return intro.replace(f"{group} work", group) if group.endswith(" work") else intro


def wins(d: Digest, v: Voice) -> list[SegmentDraft]:
    segments: list[SegmentDraft] = []
    work = [g for g in d.groups if not g.housekeeping]
    budget = DETAIL_BUDGET
    for i, group in enumerate(work):
        seg = SegmentDraft(f"wins-{_slug(group.group)}", capitalize(group.group))
        share = max(1, min(len(group.commits), 4 if i == 0 else 3, budget))
        told = group.commits[:share] if budget > 0 else []
        budget -= len(told)
        for j, c in enumerate(told):
            text = _commit_sentence(c, v)
            if j == 0:
                text = f"{_group_intro(v, group.group)} {text}"
            seg.say(text, [c.sha])
        rest = group.commits[len(told):]
        if rest:
            themes = join_words(group.theme_names[:3])
            more = count(len(rest), "more change") if not told else number_words(len(rest))
            seg.say(v.pick(P.MORE_IN_GROUP, more=more, more_cap=capitalize(more), themes=themes),
                    [c.sha for c in rest])
        if seg:
            segments.append(seg)
    chores = [g for g in d.groups if g.housekeeping]
    if chores:
        segments.append(housekeeping(chores, v))
    return segments


def housekeeping(groups: list[ThemeGroup], v: Voice) -> SegmentDraft:
    seg = SegmentDraft("housekeeping", "Housekeeping")
    commits = [c for g in groups for c in g.commits]
    themes = join_words(list(dict.fromkeys(n for g in groups for n in g.theme_names))[:4])
    seg.say(v.pick(P.HOUSEKEEPING_INTRO, count=count(len(commits), "change"), themes=themes),
            [c.sha for c in commits])
    people = [c for c in commits if not c.is_bot][:2]
    for c in people:
        seg.say(f"{who(c)} {v.pick(P.LANDED_VERB)} {change_phrase(c.title)}", [c.sha])
    return seg


def quiet_commits(d: Digest, v: Voice) -> SegmentDraft:
    seg = SegmentDraft("the-day", "The day")
    for c in d.commits:
        if c.revert is None:
            seg.say(_commit_sentence(c, v), [c.sha])
    if not d.commits and d.stats.lookback_commits:
        seg.say(f"Over the {number_words(d.stats.lookback_days)} days before, "
                f"{count(d.stats.lookback_commits, 'commit')} landed, so the branch is far "
                "from idle")
    return seg


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split()) or "work"


__all__ = ["intro", "numbers", "rollbacks", "stacks", "wins", "quiet_commits", "ordinal_words"]
