"""Rollbacks told whole: when the original landed and whose it was, what it did (its body),
who reverted it and the reason as written (or that none was given), and whether it came back.
"""

from __future__ import annotations

import datetime as dt
import re

from ...bots import looks_like_bot, spoken_bot
from ...digest.messages import normalize_title
from ...digest.model import CommitInfo, Digest, RevertStory
from ..slashes import say_slashes
from ..speakable import speakable
from ..words import capitalize, count, join_words, number_words, spoken_date
from . import inputs as I
from . import phrases as P
from .draft import Said
from .plan import Highlight
from .verbs import did, is_handle, split_verb
from .voice import Voice

_BOILERPLATE = re.compile(r",?\s*to avoid this behaviou?r,? add the tag \S+.*$", re.I)
_URL = re.compile(r"\(?https?://\S+\)?")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_RESTATES = re.compile(r"^(?:(?:this|it) (?:pr |change |commit )?)?reverts?\b", re.I)
REASON_SENTENCES = 2


def local_date(stamp: str, tz: str) -> dt.date | None:
    try:
        moment = dt.datetime.fromisoformat(stamp)
    except ValueError:
        return None
    try:
        from zoneinfo import ZoneInfo

        return moment.astimezone(ZoneInfo(tz)).date()
    except (KeyError, ValueError, OSError):
        return moment.date()


_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def on_day(stamp: str, d: Digest) -> str:
    """"earlier today", "yesterday", "on Tuesday" (this week), "last Friday" (within the last
    six days, but in the week before), "on June 12th" (with the year when it differs)."""
    when = local_date(stamp, d.tz)
    today = dt.date.fromisoformat(d.date)
    if when is None:
        return ""
    if when == today:
        return "earlier today"
    if when == today - dt.timedelta(days=1):
        return "yesterday"
    if today - dt.timedelta(days=6) <= when < today:
        name = _WEEKDAYS[when.weekday()]
        return f"on {name}" if when.weekday() < today.weekday() else f"last {name}"
    text = spoken_date(when)
    return "on " + (text.rsplit(",", 1)[0] if when.year == today.year else text)


def reason_as_written(r: RevertStory, revert: CommitInfo | None) -> str:
    """The revert's reason in the reverter's words; "" when there is none (a revert's title,
    or the merge bot's instructions, are not a reason)."""
    titles = [r.reverted_title] + ([revert.raw_title, revert.title] if revert is not None else [])
    return _said_reason(r.reason, titles)


def _said_reason(reason: str, titles: list[str]) -> str:
    text = _URL.sub("", _BOILERPLATE.sub("", reason or "")).strip(" .;,")
    if not text:
        return ""
    key = normalize_title(text)
    titles = {normalize_title(t) for t in titles}
    if key in titles or any(t and key.endswith(t) and len(key) - len(t) < 12 for t in titles):
        return ""
    # said aloud: no "This reverts #N, which …" restating what went back; two sentences at most
    sentences = [s for s in _SENTENCE_END.split(say_slashes(speakable(text)))
                 if s and not _RESTATES.match(s)]
    text = " ".join(sentences[:REASON_SENTENCES]).rstrip(" .") if sentences else ""
    if len(text) > 240:
        text = text[:237].rsplit(" ", 1)[0].rstrip(" ,;:")
    return text


def _bot(r: RevertStory, revert: CommitInfo | None) -> str:
    """The bot that made an automatic revert, by its own short name: the account that asked
    for it when that is a bot (PyTorch's auto-revert), else the revert's bot author ("the
    merge bot" for a merge bot, "dependabot", …), else "a bot"."""
    if "revert" in r.reverted_by.lower() or looks_like_bot(login=r.reverted_by):
        return spoken_bot(login=r.reverted_by)
    if revert is not None and revert.is_bot:
        return spoken_bot(revert.author, revert.author_login, revert.author_email)
    return "a bot"


def tell_revert(h: Highlight, depth: int, d: Digest, voice: Voice, alone: bool) -> list[Said]:
    r = h.revert
    assert r is not None
    original = h.original
    revert_commit = h.commits[0] if h.commits else None
    both = [r.sha, r.reverted_sha]
    title = r.reverted_title
    said: list[Said] = []
    if original is not None:
        when = on_day(original.committed_at, d) or "before"
        said.append((f"{capitalize(when)}, {_who(original)} {did(I.title(original))}",
                     [r.reverted_sha]))
        said += [(s, [r.reverted_sha]) for s in I.explanation(original)[:depth]]
    else:
        said.append((f"One change that went back today was {change_name(title)}, which landed "
                     f"before the days this episode looks at", both))
    if r.automatic:
        bot = _bot(r, revert_commit)
        said.append((voice.pick("automatic", P.AUTOMATIC, bot=bot, bot_cap=capitalize(bot)), both))
        reason = reason_as_written(r, revert_commit)
        if reason and "automatic" not in reason.lower():
            said.append((voice.pick("reason", P.REASON, reason=reason), [r.sha]))
    else:
        reverter = r.reverted_by or "someone"
        same = voice.pick("same-day", P.SAME_DAY) if r.same_day else ""
        said.append((voice.pick("reverted-by", P.REVERTED_BY, who=reverter, same=same), both))
        reason = reason_as_written(r, revert_commit)
        if reason:
            said.append((voice.pick("reason", P.REASON, reason=reason), [r.sha]))
        else:
            said.append((voice.pick("no-reason", P.NO_REASON), [r.sha]))
    if h.reland is not None:
        back = h.reland
        c = next((x for x in d.commits if x.sha == back.sha), None)
        by = f", relanded by {I.credit(c)}" if c is not None and I.credit(c) else ""
        said.append((f"It came back later the same day{by}", [back.sha]))
    elif alone:
        said.append((voice.pick("not-back", P.NOT_BACK), [r.sha]))
    return said


def tell_reland(h: Highlight, depth: int, d: Digest, voice: Voice, alone: bool) -> list[Said]:
    """A comeback: back today (landed again by whom), when it had been reverted and by whom,
    why (as written, or that no reason was given), and when and whose its first landing was."""
    r = h.reland
    assert r is not None
    c = h.commits[0] if h.commits else None
    by_sha = {x.sha: x for x in d.commits + d.earlier}
    revert = by_sha.get(r.revert_sha)
    original = h.original
    lander = I.credit(c) if c is not None else I.person(r.author)
    title = change_name(r.title)
    reverted_on = on_day(r.revert_date or (revert.committed_at if revert else ""), d)
    said: list[Said] = []
    if reverted_on:
        by = f" by {r.reverted_by}" if r.reverted_by else ""
        again = "who landed it again" if lander and lander == r.reverted_by else \
            f"and {lander or 'someone'} landed it again"  # one person is named once
        said.append((f"{title} is back today: it was reverted {reverted_on}{by}, {again}",
                     [r.sha, r.revert_sha]))
        reason = _said_reason(r.reason, [r.title])
        said.append((voice.pick("reason", P.REASON, reason=reason) if reason
                     else voice.pick("no-reason", P.NO_REASON), [r.revert_sha or r.sha]))
    else:
        said.append((f"{title} landed again today, as a reland, from {lander or 'someone'}",
                     [r.sha]))
    first = on_day(r.original_date or (original.committed_at if original else ""), d)
    whose = I.person(r.original_author or (original.author if original else ""))
    if first:
        owner = f", as {whose}'s change" if whose and whose != lander else ""
        said.append((f"It first landed {first}{owner}", [r.original_sha or r.sha]))
    if c is not None:
        said += [(s, [c.sha]) for s in I.explanation(c)[:depth]]
    return said


def _who(c: CommitInfo) -> str:
    return I.credit(c) or "someone"


def change_name(title: str) -> str:
    """A title said as a name: "the change to add SPIR-V support", "the change X"."""
    title = I.spoken(title)
    if not title:
        return "an untitled change"
    verb, rest = split_verb(title)
    return f"the change to {verb.replace('speedup', 'speed up')} {rest}" if verb else \
        f"the change {title}"


def more_rollbacks(rest: list[Highlight], voice: Voice) -> Said:
    items = join_words([change_name(h.revert.reverted_title) if h.revert else change_name(
        h.reland.title if h.reland else "") for h in rest[:3]])
    n = len(rest)
    return (voice.pick("more-rollbacks", P.MORE_ROLLBACKS, count=count(n, "more change"),
                       count_cap=capitalize(number_words(n)), items=items),
            [s for h in rest for s in h.shas])


__all__ = ["tell_revert", "tell_reland", "more_rollbacks", "is_handle"]
