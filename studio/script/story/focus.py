""""Today's focus" from the day's real signals only.

A signal is something a listener can act on that the record states: a public module or name
removed or renamed, a deprecation, a sentence in a body telling users to do something, a
reland to pick up, a revert of work landed before today, a stack worth reading in order. With
none of these, the focus says so in one short line; there is no generic advice.
"""

from __future__ import annotations

from ...digest.model import Digest
from . import inputs as I
from . import phrases as P
from .draft import Draft, Said
from .plan import Thread
from .rollbacks import change_name
from .voice import Voice

MAX_TIPS = 3
MIN_STACK = 3  # a stack worth reading in order has at least this many PRs


def _removals(d: Digest) -> list[Said]:
    tips = []
    for c in d.commits:
        if c.revert is not None:
            continue
        removed = I.removed_api(c)
        if removed:
            names = ", ".join(removed[:3])
            tips.append((f"if you import {names}, that is gone as of today, so check your "
                         f"imports before you update", [c.sha]))
    return tips


def _deprecations(d: Digest) -> list[Said]:
    tips = []
    for c in d.commits:
        dep = I.deprecations(c)
        if c.revert is None and dep:
            tips.append((f"{', '.join(dep[:3])} is now deprecated; it still works for now, "
                         f"but expect it to go", [c.sha]))
    return tips


def _actions(d: Digest) -> list[Said]:
    tips = []
    for c in d.commits:
        if c.revert is not None:
            continue
        for sentence in I.user_actions(c)[:1]:
            tips.append((f"one change tells users what to do: {sentence}", [c.sha]))
    return tips


def _rollback_tips(d: Digest, threads: list[Thread]) -> list[Said]:
    tips = []
    for t in threads:
        if t.kind != "rollbacks":
            continue
        for h in t.items:
            if h.kind == "reland" and h.reland is not None:
                tips.append((f"if you held back while {change_name(h.reland.title)} was out, it is "
                             f"back on {d.branch} now", h.shas))
            elif (h.kind == "revert" and h.revert is not None and h.reland is None
                  and not h.revert.same_day and h.original is not None):
                tips.append((f"if you built on {change_name(h.revert.reverted_title)}, it is out "
                             f"of {d.branch} for now", h.shas))
    return tips


def _stack_tips(threads: list[Thread]) -> list[Said]:
    tips = []
    for t in threads:
        for h in t.items:
            s = h.stack
            if s is None or len(s.commits) < MIN_STACK or s.kind == "run":
                continue
            prs = [c.pr for c in s.commits if c.pr is not None]
            if len(prs) < MIN_STACK:
                continue
            how = "each builds on the one before" if s.kind == "ghstack" else "they are numbered parts"
            tips.append((f"read {I.range_of(prs)} in order: {how}", h.shas))
    return tips


def focus(d: Digest, threads: list[Thread], voice: Voice) -> Draft:
    seg = Draft("focus", "Today's focus")
    if not d.commits:
        return seg
    tips = (_removals(d) + _deprecations(d) + _actions(d) + _rollback_tips(d, threads)
            + _stack_tips(threads))[:MAX_TIPS]
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
