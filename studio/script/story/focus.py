""""Today's focus" from the day's real signals only.

A signal is something a listener can act on that the record states: a public module or name
removed or renamed, a deprecation, a sentence in a body telling users to do something, a
reland to pick up, a revert of work landed before today, a stack worth reading in order. With
none of these, the focus says so in one short line; there is no generic advice.
"""

from __future__ import annotations

from ...digest.model import Digest
from ..words import join_words, number_words
from . import inputs as I
from . import phrases as P
from .draft import Draft, Said
from .highlights import who
from .plan import Thread
from .rollbacks import change_name
from .voice import Voice

MAX_TIPS = 3
MIN_STACK = 3  # a stack worth reading in order has at least this many PRs
MAX_NAMES = 4  # removed names said in the focus; the rest counted


def _removals(d: Digest, v: Voice) -> list[Said]:
    """One tip for all of the day's public removals (the first few named)."""
    names: list[str] = []
    shas: list[str] = []
    for c in d.commits:
        removed = I.removed_api(c) if c.revert is None else []
        if removed:
            names += [n for n in removed if n not in names]
            shas.append(c.sha)
    if not names:
        return []
    shown = names[:MAX_NAMES] + ([f"{number_words(len(names) - MAX_NAMES)} more"]
                                 if len(names) > MAX_NAMES else [])
    return [(v.pick("removed", P.FOCUS_REMOVED, names=join_words(shown, "or"),
                    branch=d.branch), shas)]


def _deprecations(d: Digest, v: Voice) -> list[Said]:
    tips = []
    for c in d.commits:
        dep = I.deprecations(c) if c.revert is None else []
        names = [x for x in dep if len(x.split()) == 1]  # names; else the change's own words
        if names:
            tips.append((v.pick("deprecated", P.FOCUS_DEPRECATED, names=join_words(names[:3])),
                         [c.sha]))
        elif dep:
            tips.append((v.pick("deprecation", P.FOCUS_DEPRECATION, title=I.title(c)),
                         [c.sha]))
    return tips


def _actions(d: Digest, v: Voice) -> list[Said]:
    tips = []
    for c in d.commits:
        if c.revert is not None:
            continue
        for sentence in I.user_actions(c)[:1]:
            tips.append((v.pick("action", P.FOCUS_ACTION, sentence=sentence.rstrip("."),
                                who=who(c)), [c.sha]))
    return tips


def _rollback_tips(d: Digest, threads: list[Thread], v: Voice) -> list[Said]:
    tips = []
    for t in threads:
        if t.kind != "rollbacks":
            continue
        for h in t.items:
            if h.kind == "reland" and h.reland is not None:
                tips.append((v.pick("back", P.FOCUS_BACK, name=change_name(h.reland.title),
                                    branch=d.branch), h.shas))
            elif (h.kind == "revert" and h.revert is not None and h.reland is None
                  and not h.revert.same_day and h.original is not None):
                tips.append((v.pick("out", P.FOCUS_OUT, name=change_name(h.revert.reverted_title),
                                    branch=d.branch), h.shas))
    return tips


def _stack_tips(threads: list[Thread], v: Voice) -> list[Said]:
    tips = []
    for t in threads:
        for h in t.items:
            s = h.stack
            if s is None or len(s.commits) < MIN_STACK or s.kind in ("run", "campaign"):
                continue
            prs = [c.pr for c in s.commits if c.pr is not None]
            if len(prs) < MIN_STACK:
                continue
            how = ("each builds on the one before" if s.kind == "ghstack"
                   else "they are numbered parts of one piece of work")
            tips.append((v.pick("stack", P.FOCUS_STACK, prs=I.range_of(prs), how=how), h.shas))
    return tips


def focus(d: Digest, threads: list[Thread], voice: Voice) -> Draft:
    seg = Draft("focus", "Today's focus")
    if not d.commits:
        return seg
    tips = (_removals(d, voice) + _deprecations(d, voice) + _actions(d, voice)
            + _rollback_tips(d, threads, voice) + _stack_tips(threads, voice))[:MAX_TIPS]
    if not tips:
        if d.stats.commits > 2:
            seg.say(voice.pick("focus-none", P.FOCUS_NONE))
        return seg
    for i, (text, shas) in enumerate(tips):
        if i == 0:
            text = voice.pick("focus-intro", P.FOCUS_INTRO, tip=text)
        elif i == len(tips) - 1:
            text = f"And {text}"
        else:
            text = f"Also, {text}"
        seg.say(text, shas)
    return seg
