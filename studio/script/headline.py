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


def _top_themes(d: Digest, titles: bool = False) -> list[str]:
    """Theme names, leading story first: the biggest stack's, then each work group's."""
    ids = [s.theme for s in d.stacks[:1]]
    for g in d.groups:
        if not g.housekeeping and g.commits:
            ids.append(g.commits[0].theme)
    ids = [i for i in dict.fromkeys(ids) if i != "other"]
    table = d.theme_titles if titles else d.theme_names
    return [table.get(i, i) for i in ids]


def headline(d: Digest, v: Voice) -> str:
    """The title: the day's story. Templates are title-cased; theme names keep their own
    spelling (vmap, torch.export), and no template makes a verb agree with one."""
    s = d.stats
    themes = _top_themes(d, titles=True)
    first = themes[0] if themes else "the Codebase"
    second = themes[1] if len(themes) > 1 else ""
    values: dict[str, str] = {"first": first, "second": second, "branch": d.branch}
    if s.commits == 0:
        options = ["A Quiet Day on {branch}", "Nothing New on {branch}"]
    elif s.commits <= 2:
        options = ["A Quiet Day, with {first}", "Quiet on {branch}: {first}"]
    elif s.reverts >= 3 or (s.reverts >= 2 and s.reverts * 4 >= s.commits):
        if s.relands:
            options = ["The Day of Rollbacks and Second Chances", "Rollbacks, Relands and {first}"]
        else:
            options = ["The Great Rollback and Recovery", "A Day of Rollbacks, and {first}",
                       "Rollbacks Lead, Progress on {first}"]
    elif d.stacks and len(d.stacks[0].commits) >= 3:
        stack = d.stacks[0]
        values["theme"] = d.theme_titles.get(stack.theme, first)
        values["n"] = capitalize(number_words(len(stack.commits)))
        values["other"] = next((t for t in themes if t != values["theme"]), "")
        options = ["A {n}-PR Stack Lands for {theme}",
                   "A {n}-Part Stack for {theme}" + (", and Sharper {other}" if values["other"]
                                                      else "")]
    elif second:
        options = ["Gains in {first}, Polish in {second}", "{first} Leads, {second} Follows",
                   "Progress on {first} and {second}"]
    else:
        options = ["A Day of {first}", "Moving Forward on {first}"]
    template = title_case(v.rng.choice(options))
    text = template.format(**values)
    return f"{d.show}: {text[:1].upper()}{text[1:]}"


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
