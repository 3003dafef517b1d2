"""The episode title and summary: the day's story in a line and in a paragraph."""

from __future__ import annotations

from ..digest.model import Digest
from .draft import Voice, owned_change, short_title
from .words import capitalize, count, join_words, number_words

_SMALL = {"a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to"}


def title_case(text: str) -> str:
    words = text.split()
    out = []
    for i, w in enumerate(words):
        if w.lower() in _SMALL and 0 < i < len(words) - 1:
            out.append(w.lower())
        elif w[:1].islower() and not any(ch in w for ch in "._/") and w.isalpha():
            out.append(w[:1].upper() + w[1:])
        else:
            out.append(w)
    return " ".join(out)


def _top_themes(d: Digest) -> list[str]:
    names = []
    for g in d.groups:
        if not g.housekeeping and g.theme_names:
            names.append(g.theme_names[0])
    for s in d.stacks:
        names.insert(0, d.theme_names.get(s.theme, ""))
    return [n for n in dict.fromkeys(names) if n and n != "everything else"]


def headline(d: Digest, v: Voice) -> str:
    s = d.stats
    themes = _top_themes(d)
    first = themes[0] if themes else "the codebase"
    second = themes[1] if len(themes) > 1 else ""
    if s.commits == 0:
        text = v.pick(["A Quiet Day on {branch}", "Nothing New on {branch}"], branch=d.branch)
    elif s.commits <= 2:
        text = v.pick(["A Quiet Day, with {first}", "Quiet on {branch}: {first}"],
                      first=first, branch=d.branch)
    elif s.reverts >= 3 or (s.reverts >= 2 and s.reverts * 4 >= s.commits):
        if s.relands:
            text = v.pick(["The Day of Rollbacks and Second Chances",
                           "Rollbacks, Relands and {first}"], first=first)
        else:
            text = v.pick(["The Great Rollback and Recovery", "A Day of Rollbacks, and {first}",
                           "Rollbacks Lead, {first} Pushes On"], first=first)
    elif d.stacks and len(d.stacks[0].commits) >= 3:
        stack = d.stacks[0]
        theme = d.theme_names.get(stack.theme, first)
        n = capitalize(number_words(len(stack.commits)))
        other = next((t for t in themes if t != theme), "")
        text = v.pick(["A {n}-PR {theme} Stack Lands",
                       "{theme} Gets a {n}-Part Stack" + (", {other} Gets Sharper" if other else "")],
                      n=n, theme=theme, other=other)
    elif second:
        text = v.pick(["{first} Gains and {second} Polish", "{first} Leads, {second} Follows",
                       "Progress on {first} and {second}"], first=first, second=second)
    else:
        text = v.pick(["A Day of {first}", "{first} Moves Forward"], first=first)
    return f"{d.show}: {title_case(text)}"


def summary(d: Digest) -> str:
    s = d.stats
    if s.commits == 0:
        return (f"No commits landed on {d.repo}'s {d.branch} branch on {d.date}. "
                "A short, honest episode about a quiet day.")
    parts = [f"{capitalize(count(s.commits, 'commit'))} landed on {d.branch} "
             f"from {count(s.authors, 'author')}"]
    if s.reverts:
        parts[0] += f", {number_words(s.reverts)} of them " + (
            "a rollback" if s.reverts == 1 else "rollbacks")
    text = parts[0] + "."
    if d.reverts:
        r = d.reverts[0]
        why = "automatically" if r.automatic else f"by {r.reverted_by}"
        text += f" The lead rollback: {owned_change(r.original_author, r.reverted_title)}, " \
                f"reverted {why}."
    if d.relands:
        text += f" Back again: {join_words([short_title(r.title, 60) for r in d.relands[:2]])}."
    if d.stacks:
        st = d.stacks[0]
        text += (f" {st.author} landed a {number_words(len(st.commits))}-PR "
                 f"{'stack' if st.kind == 'ghstack' else 'series'} on "
                 f"{d.theme_names.get(st.theme, 'one topic')}.")
    themes = _top_themes(d)
    if themes:
        text += f" Also in the episode: {join_words(themes[:3])}."
    return text
