""""Today's focus": concrete advice drawn from the day's own commits."""

from __future__ import annotations

import re

from ..digest.model import CommitInfo, Digest
from . import phrases as P
from .draft import SegmentDraft, Voice, owned_change, possessive, short_title
from .words import number_words

MAX_TIPS = 3
_LOWER_OK = {"If", "Check", "Pull", "With", "Read"}
# An environment variable or config flag set to a value: PYTORCH_CUDA_ALLOC_CONF=expandable:True
_SETTING = re.compile(r"`?\b([A-Z][A-Z0-9]*_[A-Z0-9_]{2,}=[^\s`'\"<>)]+)`?")
_BREAKING = re.compile(r"\b(deprecat\w*|bc[- ]breaking|breaking change|remove[sd]? support)\b", re.I)
_TAG_HINT = re.compile(r"add the tag ([\w:.-]+)", re.I)


def _setting_tip(commits: list[CommitInfo]) -> tuple[str, list[str]] | None:
    for c in sorted(commits, key=lambda c: -c.weight):
        match = _SETTING.search(c.body)
        if match and len(match.group(1)) <= 120:
            return (f"If you want to try {owned_change(c.author, c.title)}, set "
                    f"{match.group(1)} in your environment", [c.sha])
    return None


def _breaking_tip(commits: list[CommitInfo]) -> tuple[str, list[str]] | None:
    for c in commits:
        if _BREAKING.search(c.raw_title) or any(_BREAKING.search(x) for x in c.pr_labels):
            return (f"Check your own code against {short_title(c.title, 90)}: it changes "
                    "behaviour you may rely on", [c.sha])
    return None


def focus(d: Digest, v: Voice) -> SegmentDraft:
    seg = SegmentDraft("focus", "Today's focus")
    tips: list[tuple[str, list[str]]] = []
    landed = [c for c in d.commits if c.revert is None]
    tip = _setting_tip(landed)
    if tip:
        tips.append(tip)
    tip = _breaking_tip(landed)
    if tip:
        tips.append(tip)
    if d.reverts:
        r = d.reverts[0]
        hint = next((m.group(1) for x in d.reverts if (m := _TAG_HINT.search(x.reason))), "")
        if r.automatic:
            extra = f"; the {hint} tag exists, but fix the failure rather than reach for it" \
                if hint else ""
            tips.append((f"If you had a PR rolled back by the auto-revert, read the failing CI "
                         f"job on the PR, fix it, and reland{extra}",
                         [x.sha for x in d.reverts if x.automatic]))
        else:
            tips.append((f"If your branch builds on {short_title(r.reverted_title, 80)}, rebase "
                         "onto today's main: it is out for now, so watch for the reland",
                         [r.sha]))
    if d.relands:
        r = d.relands[0]
        tips.append((f"{short_title(r.title, 90)} is back, so if you worked around it while it "
                     "was out, you can drop the workaround", [r.sha]))
    if d.stacks and len(tips) < MAX_TIPS:
        s = max(d.stacks, key=lambda s: len(s.commits))
        prs = s.prs
        where = f"from PR {prs[0]} to PR {prs[-1]}" if len(prs) >= 2 else "from the first PR on"
        tips.append((f"If you work near {d.theme_names.get(s.theme, 'this area')}, read "
                     f"{possessive(s.author)} {number_words(len(s.commits))}-PR series in order, {where}: "
                     "it is one design", s.shas))
    if len(tips) < 2:
        work = [g for g in d.groups if not g.housekeeping] or d.groups
        if work and work[0].commits:
            c = work[0].commits[0]
            tips.append((f"Pull main and run your own tests against "
                         f"{owned_change(c.author, c.title)}, the biggest change in the "
                         f"{work[0].group} work", [c.sha]))
        elif not tips:
            tips.append(("With nothing new on main, it's a good day to review open pull "
                         "requests and help someone else's work land", []))
    for i, (text, shas) in enumerate(tips[:MAX_TIPS]):
        if i == 0:
            first, _, rest = text.partition(" ")
            if first in _LOWER_OK:
                text = f"{first.lower()} {rest}"
            text = v.pick(P.FOCUS_INTRO, tip=text)
        seg.say(text, shas)
    return seg
