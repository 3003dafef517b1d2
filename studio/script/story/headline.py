"""The title names the day's story; the summary says what a listener will learn."""

from __future__ import annotations

import datetime as dt
import re

from ...digest.model import CommitInfo, Digest
from ..words import capitalize, count, join_words, number_words, spoken_date
from . import inputs as I
from .campaign import campaign_learn, campaign_title
from .plan import Highlight, Thread
from .rollbacks import change_name
from .series import shared
from .verbs import doing

_SMALL = {"a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to"}
TITLE_WORDS = 9
MANY_ROLLBACKS = 3  # from this many, the title counts them
_JOINS = {"a", "an", "the", "of", "in", "on", "for", "to", "and", "with", "from", "by", "at", "as",
          "or", "when", "via", "so", "into", "its", "their", "under", "over", "within", "without",
          "between", "after", "before"}


def _short(text: str, words: int = TITLE_WORDS) -> str:
    """``text`` in at most ``words`` words, ending where a phrase ends (before a joining word or
    after a comma); "" when no whole phrase fits — never a cut in mid-phrase."""
    parts = text.split()
    if len(parts) <= words:
        return " ".join(parts)
    ends = [i for i in range(2, words + 1)
            if parts[i].lower() in _JOINS or parts[i - 1][-1] in ",;:"]
    if not ends:
        return ""
    cut = parts[:ends[-1]]
    while len(cut) > 2 and cut[-1].lower() in _JOINS:
        cut.pop()
    return " ".join(cut).rstrip(",;:")


_PLAIN = re.compile(r"^(?:[A-Za-z0-9][\w'’-]*|\d+(?:\.\d+)+\w*)[,:]?$")


def plain(text: str) -> bool:
    """Plain words only: no identifiers with dots or underscores, no braces, bars, brackets or
    signs a title cannot show."""
    return bool(text) and all(_PLAIN.match(w) and "_" not in w for w in text.split())


def _plain_words(text: str) -> str:
    """"Implement foo.bar_baz caching for the type checker" → "Implement caching for the type
    checker" (a name before a plain word modifies it: left out); "Use scales_precision for
    runtime modules" → "Use scales precision for runtime modules" (a name before a link word or
    last is said by its words, a dotted one by its last part: left out, it was titled "Use for
    Runtime Modules"). When at least four words remain and no more than two went."""
    words = text.split()
    kept: list[str] = []
    dropped = 0
    for i, w in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        # a name before a plain word is its modifier ("foo.bar_baz caching"): left out
        modifier = after and plain(after) and after.lower() not in _JOINS
        said = w if plain(w) else ("" if modifier else _identifier_words(w))
        dropped += not said
        kept += said.split()
    if len(kept) < 4 or dropped > 2 or kept[-1].lower() in _JOINS:
        return ""
    return _short(" ".join(kept))


def _identifier_words(word: str) -> str:
    """``Int4WeightOnlyConfig.group_size`` → "group size", ``nn.Linear`` → "Linear", ``mx_mm`` →
    "MX MM"; "" for what is not a name or has no words to show (``np.ma``)."""
    core = word.strip(",.;:()\"'")
    if not re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", core):
        return ""
    parts = [p for p in core.rsplit(".", 1)[-1].split("_") if p]
    if not parts or sum(len(p) for p in parts) < 3:
        return ""
    parts = [p.upper() if len(p) <= 3 and not re.search(r"[aeiouy]", p, re.I) else p for p in parts]
    said = " ".join(parts)
    return said + word[len(word.rstrip(",.;:")):] if plain(said) else ""


def title_case(text: str, keep: frozenset[str] = frozenset()) -> str:
    """Words capitalised for a title; small words lower case inside it; identifiers
    (``torch.compile``, ``__slots__``), words with capitals of their own and the words in
    ``keep`` (a person's handle) kept as they are."""
    words = text.split()
    out = []
    for i, w in enumerate(words):
        if w in keep or w.removesuffix("'s") in keep:
            out.append(w)
        elif w.lower() in _SMALL and 0 < i < len(words) - 1:
            out.append(w.lower())
        elif w[:1].islower() and w.replace("-", "").isalpha() and w[1:] == w[1:].lower():
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))  # shape-typing
        else:
            out.append(w)
    return " ".join(out)


def _what(h: Highlight) -> str:
    """A highlight as a title phrase."""
    if h.kind == "revert" and h.revert is not None:
        title = _short(I.spoken(h.revert.reverted_title), 7) or "A Change"
        return f"{title} Goes Back and Returns" if h.reland is not None else f"{title} Goes Back"
    if h.kind == "reland" and h.reland is not None:
        return f"{_short(I.spoken(h.reland.title), 7) or 'A Change'} Is Back"
    if h.kind == "stack" and h.stack is not None:
        same = shared([I.title(c) for c in h.commits])
        if same is not None:
            return f"{same.phrase} for {same.what}"
        if h.stack.kind == "campaign":
            return campaign_title(h.commits, h.stack.author, _short)
        n = capitalize(number_words(len(h.commits)))
        kind = "Stack" if h.stack.kind == "ghstack" else "Series"
        first = _short(doing(I.title(h.commits[0])), 5)
        series = f"{I.person(h.stack.author)}'s {n}-PR {kind}"
        return f"{series}: {first}" if first and plain(first) else series
    version = I.release(h.commits[0])
    return f"Version {version} Is Out" if version else _short(I.spoken(I.title(h.commits[0])))


def headline(d: Digest, threads: list[Thread], chores: list[CommitInfo] = ()) -> str:
    if not d.commits:
        day = spoken_date(dt.date.fromisoformat(d.date)).rsplit(",", 1)[0]
        return f"{d.show}: Nothing Landed on {d.branch} on {day}"
    items = [t.items[0] for t in threads if t.items]
    if not items:  # only housekeeping: named by its first change
        top = _short(I.title(chores[0]), 7) if chores else ""
        return f"{d.show}: {capitalize(title_case(top))}" if top else f"{d.show}: Upkeep"
    keep = frozenset(w for h in items[:2] if h.stack is not None
                     for w in I.person(h.stack.author).split())
    keep |= {s.parent for h in items[:2] if h.stack is not None
             for s in [shared([I.title(c) for c in h.commits])] if s is not None}
    reverts = sum(1 for t in threads if t.kind == "rollbacks" for h in t.items
                  if h.kind == "revert")
    # the first highlight whose title phrase is whole and plain; else the day's size
    usable = [h for h in items if plain(title_case(_what(h), keep))]
    if not usable:  # the top change's plain words, when they still make a phrase
        words = _plain_words(_what(items[0]))
        if words:
            return f"{d.show}: {capitalize(title_case(words, keep))}"
        n = d.stats.commits
        return f"{d.show}: {capitalize(number_words(n))} Change{'s' if n != 1 else ''} on {d.branch}"
    if usable[0] is not items[0]:
        items = usable + [h for h in items if h not in usable]
    items = [items[0]] + [h for h in items[1:] if h in usable]
    text = title_case(_what(items[0]), keep)
    if items[0].kind == "revert" and reverts >= MANY_ROLLBACKS and items[0].revert is not None:
        gist = title_case(_short(I.spoken(items[0].revert.reverted_title), 6), keep)
        text = f"{capitalize(number_words(reverts))} Rollbacks" + (
            f": {gist} and More" if gist and plain(gist) else "")
    first_is_release = items[0].kind == "commit" and I.release(items[0].commits[0])
    if len(items) > 1 and len(text.split()) <= 5 and items[1].kind != "stack" \
            and not first_is_release:
        second = title_case(_short(_what(items[1]), 4), keep)
        text += (", and " + second) if second and plain(second) else ""
    first = text.split(" ", 1)[0]
    return f"{d.show}: {text if first.removesuffix(chr(39) + 's') in keep else capitalize(text)}"


def _learn(t: Thread, h: Highlight, named: set[str]) -> str:
    """What the listener learns from ``h`` (of thread ``t``), naming each person once."""
    if h.kind == "revert" and h.revert is not None:
        return f"what {change_name(h.revert.reverted_title)} did and how it went back"
    if h.kind == "reland" and h.reland is not None:
        return f"how {change_name(h.reland.title)} came back after its revert"
    # a person, never a bot: a bot's change is from its co-authors, or from no one named
    person = I.person(h.stack.author) if h.stack is not None else join_words(I.names(h.commits[0])[:3])
    by = "" if not person or person in named else f" from {person}"
    named.add(person)
    if h.kind == "stack" and h.stack is not None and h.stack.kind == "campaign":
        return campaign_learn(h.commits, by)
    if h.kind == "stack" and h.stack is not None:
        kind = "stack" if h.stack.kind == "ghstack" else "series"
        on = f" on {t.label}" if t.kind == "topic" and t.key != "other" else ""
        return f"what the {number_words(len(h.commits))}-PR {kind}{by}{on} does"
    c = h.commits[0]
    if I.release(c):
        return f"that version {I.release(c)} was cut"
    return f"about {doing(I.title(c))}{by and ','}{by}"


def summary(d: Digest, told: list[tuple[Thread, Highlight]]) -> str:
    s = d.stats
    if not d.commits:
        return f"No commits landed on {d.repo}'s {d.branch} branch on {d.date}: a short episode."
    head = f"{capitalize(count(s.commits, 'commit'))} on {d.branch}"
    if s.reverts:
        head += f", {count(s.reverts, 'rollback')} among them"
    reverts = [h for _, h in told if h.kind == "revert"]
    learn = []
    if len(reverts) > 1:
        told = [(t, h) for t, h in told if h.kind != "revert"]
        learn.append(f"why {count(len(reverts), 'change')} went back and who reverted them")
    named: set[str] = set()
    learn += [_learn(t, h, named) for t, h in told[: 3 - len(learn)]]
    if not learn:
        return head + ", all of it upkeep."
    return f"{head}. You'll hear {join_words(learn)}."
