"""Telling one story of a span: each kind in the order its steps happened, each sentence with
the commits it tells. The daily writer's building blocks say the changes themselves (who did
what, the authors' explanation, a change's name, a revert's reason as written)."""

from __future__ import annotations

import re

from ...digest.messages import normalize_title
from ...digest.model import CommitInfo
from ...digest.span_stories import SpanStory
from ..story import inputs as I
from ..story.draft import Said
from ..story.highlights import facts, opening, who
from ..story.rollbacks import _said_reason, change_name
from ..story.series import shared
from ..story.verbs import did, gerund, split_verb
from ..story.voice import Voice
from ..words import capitalize, count, join_words, number_words, ordinal_words
from .days import Calendar

AREA = ["the {x} code", "the {x} area", "the {x} module"]


def on(cal: Calendar, date: str, c: CommitInfo) -> str:
    """"On Tuesday, Ada Byron fixed X" (a handle's change: "On Tuesday, a change from ada …")."""
    said = opening(c)
    if said.startswith("A change from "):
        said = "a" + said[1:]
    when = cal.on(date)
    return f"{capitalize(when)}, {said}" if when else said


def _explain(c: CommitInfo | None, depth: int, sd=None) -> list[Said]:  # noqa: ANN001
    """The first ``depth`` sentences explaining ``c`` — never one that only repeats a title of
    the span (a squashed stack's body lists its parts' titles)."""
    if c is None or depth <= 0:
        return []
    titles = _titles(sd) if sd is not None else set()
    said = [s for s in I.explanation(c) if normalize_title(s.rstrip(".")) not in titles]
    return [(s, [c.sha]) for s in said[:depth]]


def _at(s: SpanStory, cal: Calendar, sd, c: CommitInfo) -> str:  # noqa: ANN001
    """", on Tuesday," for a step of a story told over several days; nothing when it was one."""
    return f", {cal.on(sd.date_of(c))}," if s.days > 1 else ""


def _titles(sd) -> set[str]:  # noqa: ANN001
    return {normalize_title(c.raw_title) for c in sd.digest.commits + sd.digest.earlier}


def tell_story(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    teller = {"comeback": _comeback, "rollback": _rollback, "series": _series,
              "release": _release, "removal": _removal, "theme": _theme,
              "sweep": _sweep}.get(s.kind, _change)
    return same_day(teller(s, sd, cal, voice, depth))


_ON_DAY = re.compile(r"^On ([A-Z][a-z]+(?: \d+(?:st|nd|rd|th))?), ")
_DAY_NAMES = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
                        r"(?:January|February|March|April|May|June|July|August|September|"
                        r"October|November|December) \d+(?:st|nd|rd|th))\b")


def same_day(said: list[Said]) -> list[Said]:
    """"On Thursday, A did X. On Thursday, B did Y." → "… The same day, B did Y." (only when
    the sentence before named that one day and no other)."""
    out: list[Said] = []
    last = ""
    for text, shas in said:
        match = _ON_DAY.match(text)
        if match and match.group(1) == last:
            text = "The same day, " + text[match.end():]
        days = set(_DAY_NAMES.findall(text))
        if text.startswith("The same day"):
            days.add(last)
        if days:  # a sentence naming no day (an explanation) keeps the day we are on
            last = days.pop() if len(days) == 1 else ""
        out.append((text, shas))
    return out


def _by_sha(sd) -> dict[str, CommitInfo]:  # noqa: ANN001
    return {c.sha: c for c in sd.digest.commits + sd.digest.earlier}


def _comeback(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    r = s.reland
    assert r is not None
    known = _by_sha(sd)
    back, revert, original = known.get(r.sha), known.get(r.revert_sha), known.get(r.original_sha)
    name = change_name(r.title)
    said: list[Said] = []
    if original is not None:
        said.append((on(cal, sd.date_of(original), original),
                     [original.sha]))
    reverted_on = cal.on(sd.date_of(revert)) if revert is not None else ""
    if reverted_on and original is not None and sd.date_of(original) == sd.date_of(revert):
        reverted_on = "the same day"
    by = f" by {r.reverted_by}" if r.reverted_by else ""
    if reverted_on:
        lead = "It was reverted" if original is not None else f"{capitalize(name)} was reverted"
        said.append((f"{lead} {reverted_on}{by}", [r.revert_sha]))
        reason = _said_reason(r.reason, [r.title])
        said.append((f"The reason given: {reason}" if reason else "No reason was given",
                     [r.revert_sha]))
    lander = I.person(back.author) if back is not None else I.person(r.author)
    back_on = cal.on(sd.date_of(back)) if back is not None else ""
    if back_on and reverted_on and back_on == reverted_on:
        back_on = f"later {back_on.removeprefix('on ')}"
    said.append((f"{capitalize(back_on)}, it came back, landed again by {lander or 'its author'}"
                 if back_on else f"It came back, landed again by {lander or 'its author'}",
                 [r.sha]))
    said += _explain(back, depth - 1, sd)
    return said


def _rollback(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    r = s.revert
    assert r is not None
    known = _by_sha(sd)
    revert, original = known.get(r.sha), known.get(r.reverted_sha)
    said: list[Said] = []
    when = cal.on(sd.date_of(revert)) if revert is not None else ""
    reverter = "the merge bot" if r.automatic else (r.reverted_by or "someone")
    if original is not None:
        said.append((on(cal, sd.date_of(original), original), [original.sha]))
        said += _explain(original, depth - 1, sd)
        same = " the same day" if sd.date_of(original) == sd.date_of(revert) else f" {when}"
        said.append((f"{capitalize(reverter)} reverted it{same if when else ''}",
                     [r.sha, original.sha]))
    else:
        said.append((f"{capitalize(when)}, {reverter} reverted {change_name(r.reverted_title)}, "
                     f"which had landed before the week", [r.sha, r.reverted_sha]))
    reason = _said_reason(r.reason, [r.reverted_title])
    said.append((f"The reason given: {reason}" if reason else "No reason was given", [r.sha]))
    said.append(("It had not come back by the end of the span" if not cal.weekdays
                 else "It had not come back by the end of the week", [r.sha]))
    return said


def _series(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    st = s.stack
    parts = s.commits
    author = I.person(st.author if st is not None else parts[0].author)
    kind = "stack" if st is not None and st.kind == "ghstack" else "series"
    n = len(parts)
    shas = [c.sha for c in parts]
    when = cal.run(s.dates)
    said: list[Said] = []
    common = shared([I.title(c) for c in parts])
    said.append((f"{author}'s {kind} of {count(n, 'change')} landed {when}", shas))
    per: dict[str, list[CommitInfo]] = {}
    for c in parts:
        per.setdefault(sd.date_of(c), []).append(c)
    if s.days > 1 and len(per) < n:
        split = [f"{number_words(len(v))} {cal.on(d)}" for d, v in sorted(per.items())]
        said.append((f"That is {join_words(split)}", shas))
    if common is not None:
        said.append((common.sentence(n), shas))
    else:
        first, last = parts[0], parts[-1]
        said.append((f"The first part{_at(s, cal, sd, first)} {did(I.title(first))}",
                     [first.sha]))
        top = max(parts[1:], key=lambda c: c.sig.score if c.sig else 0.0)
        if top is not last:
            said.append((f"The {ordinal_words(parts.index(top) + 1)}{_at(s, cal, sd, top)} "
                         f"{did(I.title(top))}", [top.sha]))
        said.append((f"The last{_at(s, cal, sd, last)} {did(I.title(last))}", [last.sha]))
    lead = max(parts, key=lambda c: c.sig.score if c.sig else 0.0)
    told = next((i for i, (_, cs) in enumerate(said) if cs == [lead.sha]), len(said) - 1)
    said[told + 1:told + 1] = _explain(lead, depth - 1, sd)  # right after the lead is said
    return said


def _release(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    cut, fixes = s.commits[0], s.commits[1:]
    said: list[Said] = [(f"{capitalize(cal.on(sd.date_of(cut)))}, version {s.version} was cut, "
                         f"by {who(cut)}", [cut.sha])]
    said += _explain(cut, depth - 1, sd)
    if fixes:
        said.append((f"{capitalize(count(len(fixes), 'fix', 'fixes'))} for it followed",
                     [c.sha for c in fixes]))
        for c in fixes[:3]:
            said.append((on(cal, sd.date_of(c), c), [c.sha]))
    return said


def _removal(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    removal = s.commits[-1]
    deprecation = (s.related or s.commits[:-1] or [None])[0]
    said: list[Said] = []
    if deprecation is not None:
        said.append((on(cal, sd.date_of(deprecation), deprecation),
                     [deprecation.sha]))
    said.append((on(cal, sd.date_of(removal), removal),
                 [removal.sha]))
    said += [(f, [removal.sha]) for f in facts(removal, voice)[:1]]
    said += _explain(removal, depth - 1, sd)
    return said


def _theme(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    people = [I.person(p) for p in s.people[:3]]
    shas = [c.sha for c in s.commits]
    n = len(s.commits)
    area = voice.pick("area", AREA, x=s.label) if s.label else "it"
    said: list[Said] = [(f"{join_words(people) or 'Several people'} worked on {area} "
                         f"{cal.run(s.dates)}, in {count(n, 'change')}", shas)]
    ranked = sorted(s.commits, key=lambda c: -(c.sig.score if c.sig else 0.0))
    for c in sorted(ranked[:2 if depth > 1 else 1], key=lambda c: c.committed_at):
        said.append((on(cal, sd.date_of(c), c), [c.sha]))
        if c is ranked[0]:  # the lead change explained where it is said
            said += _explain(c, depth - 1, sd)
    return said


def _change(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    c = s.commits[0]
    said: list[Said] = [(on(cal, sd.date_of(c), c), [c.sha])]
    said += _explain(c, depth, sd)
    if depth >= 2:
        said += [(f, [c.sha]) for f in facts(c, voice)[:1]]
    return said


def _sweep(s: SpanStory, sd, cal: Calendar, voice: Voice, depth: int) -> list[Said]:  # noqa: ANN001
    """"Jerry Zhang deleted deprecated GemlitePackedLayout, UintxLayout, … and more, in nine
    changes on Tuesday and Wednesday" — what the titles share, then what each was about."""
    from ...digest.span_sweeps import common_prefix, spoken, verbs

    commits = s.commits
    author = I.person(commits[0].author)
    prefix = common_prefix(commits)
    shas = [c.sha for c in commits]
    n = len(commits)
    said: list[Said] = []
    middles = _middles(commits, prefix)
    if middles is not None:
        items, suffix = middles
        shown = items[:4] + (["more"] if len(items) > 4 else [])
        what = " ".join([*prefix, join_words(shown), *suffix])
        said.append((f"{author} {did(what)}, in {count(n, 'change')} {cal.run(s.dates)}", shas))
    else:
        first, last = commits[0], commits[-1]
        doing = [gerund(v) for v in verbs(commits)] or [
            gerund(split_verb(spoken(first), guess=True)[0])]
        said.append((f"{author} landed {count(n, 'change')} {cal.run(s.dates)}, each one "
                     f"{join_words(doing, 'or')} something", shas))
        said.append((f"The first{_at(s, cal, sd, first)} {did(I.title(first))}",
                     [first.sha]))
        said.append((f"The last{_at(s, cal, sd, last)} {did(I.title(last))}", [last.sha]))
    lead = max(commits, key=lambda c: c.sig.score if c.sig else 0.0)
    said += _explain(lead, depth - 1, sd)
    return said


def _middles(commits: list[CommitInfo], prefix: list[str]) -> tuple[list[str], list[str]] | None:
    """What each title names between the words all share: "specialized power ufunc",
    "specialized divmod ufunc" → (["power", "divmod"], ["ufuncs"]); "delete deprecated
    UintxLayout and related code", … → (["UintxLayout", …], []). None when the titles share
    too little (one word and no common ending) or name more than a word or two each."""
    from ...digest.span_sweeps import spoken

    titles = [spoken(c).split() for c in commits]
    rests = [t[len(prefix):] for t in titles]
    if not prefix or any(not r for r in rests):
        return None
    suffix: list[str] = []
    for words in zip(*(reversed(r) for r in rests), strict=False):
        if any(w.lower() != words[0].lower() for w in words) or len(suffix) + 1 >= min(
                len(r) for r in rests):
            break
        suffix.insert(0, words[0])
    if len(prefix) >= 2:  # "delete deprecated X and related code": the word after the prefix
        return list(dict.fromkeys(r[0].strip(",;:") for r in rests)), []
    if not suffix or any(len(r) - len(suffix) > 2 for r in rests):
        return None
    items = list(dict.fromkeys(" ".join(r[:len(r) - len(suffix)]) for r in rests))
    last = suffix[-1]
    plural = last + "s" if last.isalpha() and last.islower() and not last.endswith("s") else last
    return items, [*suffix[:-1], plural]
