"""A series, a stack, one person's campaign or several people's changes on one subject, told
as one story: what it adds up to through its key change, then the rest in a sentence (one
person's), or each in turn, a sentence of its record each (several people's)."""

from __future__ import annotations

import re

from ...digest.model import CommitInfo, Digest
from ...editorial.plan import Story
from ...editorial.record import commit_record
from ...editorial.titles import split_area
from ..story.draft import Said
from ..words import capitalize, join_words, number_words
from .choosing import Told, choose
from .clauses import base_of, clause
from .footprint import footprint
from .naming import noun_phrase
from .opening_lines import lead
from .telling import MAX_STEPS, _arc, _led_by, _most, key_commit, opening, person, problem_first, series_head


def _also(commits: list[CommitInfo], plural: bool = False) -> str:
    """"also ships the quantized kernels as their own library, builds CUDA wheels, and ships
    the OpenVINO delegate" (present tense: what the series does; ``plural``: what "the
    others" do, "ship ..., build ...")."""
    said = []
    for c in commits:
        text, verb = clause(c.title, "present")
        text = text if verb else f"brings {noun_phrase(c.title)}"
        if plural:
            first, _, rest = text.partition(" ")
            text = f"{base_of(first)} {rest}".strip()
        said.append(text)
    if len(said) > 1 and all(x.startswith("brings ") for x in said):  # "brings X and Y"
        return "brings " + join_words([x.removeprefix("brings ") for x in said])
    return join_words(said)


def tell_series(story: Story, words: int, skip: frozenset[str] = frozenset(),
                d: Digest | None = None) -> list[Said]:
    """A series, a stack or one person's campaign as one story: what it adds up to, told
    through its key change (from its record), then what the rest of it does in a sentence."""
    commits = list(story.commits) if story.topic and story.stack is None else sorted(
        story.commits, key=lambda c: (c.pr or 0, c.committed_at))
    people = list(dict.fromkeys(person(c) for c in commits))
    if len(people) > 1:
        return _tell_group(story, commits, words, skip, d)
    key = key_commit(story)
    head = capitalize(series_head(story))
    head += f", {_led_by(key.title)}"
    told = choose(commit_record(key), max(30, int(words * 0.6)), key.title, skip)
    detail = Told(told[:_most(int(words * 0.6))])
    detail.before = min(told.before, len(detail)) if isinstance(told, Told) else 0
    out = problem_first([(head, [c.sha for c in commits])] + _arc(commits, d, story), detail,
                        [key.sha])
    sized = footprint(key, commit_record(key).words) if not detail else ""
    if sized:
        out.append((sized, [key.sha]))
    others = [c for c in commits if c is not key]
    if others:
        shown = others[:3]
        verb_only = bool(story.topic) and all(  # "Load a method …", "Load a program …"
            split_area(c.title)[1].lower().startswith(story.topic.lower() + " ")
            for c in story.commits)
        # (a "run" of two, one person's commits one after another, is no series by itself)
        if (story.stack is not None and (story.stack.kind != "run" or len(commits) > 2)) or \
                (story.topic and not verb_only):
            line = f"The same {'stack' if story.stack and story.stack.kind == 'ghstack' else 'series'}" \
                   f" also {_also(shown)}"
        else:  # two changes of one person's that the record does not call a series (round
            # 13's judge: "calls two unrelated commits a series")
            line = f"The other one {_also(shown)}" if len(others) == 1 else \
                f"The others {_also(shown, plural=True)}"
        out.append((line, [c.sha for c in shown]))
        if len(others) > len(shown):
            rest = others[len(shown):]
            n = number_words(len(rest))
            out.append((f"{capitalize(n)} more change{'s round' if len(rest) > 1 else ' rounds'} "
                        "it out",
                        [c.sha for c in rest]))
    return out


def _says_title(said: str, title: str) -> bool:
    """A short sentence holding all but one of a title's words (their stems)."""
    def stems(text: str) -> set[str]:
        return {re.sub(r"(?:ed|es|s|ing)$", "", w) for w in re.findall(r"[a-z0-9]+", text.lower())
                if len(w) > 3}
    own = stems(title)
    return len(said.split()) <= 16 and len(own) >= 3 and len(own - stems(said)) <= 1


def _tell_group(story: Story, commits: list[CommitInfo], words: int, skip: frozenset[str],
                d: Digest | None) -> list[Said]:
    """Several people's changes on one subject: each in turn, a sentence of its record each."""
    head = capitalize(series_head(story))
    out: list[Said] = [(head, [c.sha for c in commits])] + _arc(commits, d, story)
    budget = words
    steps = commits[:max(2, min(MAX_STEPS, words // 25))]
    for i, c in enumerate(steps):
        said = opening(c)
        if said.startswith(("An automated", "A change from", "The ")):
            said = said[:1].lower() + said[1:]  # "And an automated update ..."
        out.append((("First, " if i == 0 else "Then " if i < len(steps) - 1 else "And ")
                    + said, [c.sha]))
        share = max(20, budget // max(1, len(steps) - i))
        more = lead(commit_record(c), c.title, skip, share)
        # what another step's title says, said again ("The strict bytes flag was enabled by
        # default in another change", in the docs of the change told just before)
        more = [x for x in more if not any(_says_title(x, o.title) for o in commits
                                           if o is not c)]
        budget -= sum(len(x.split()) for x in more)
        out += [(x, [c.sha]) for x in more]
    if len(commits) > len(steps):
        rest = commits[len(steps):]
        n = number_words(len(rest))
        ones = [f"one that {said}" for said, verb in
                 (clause(c.title, "present") for c in rest[:2]) if verb]
        line = f"{capitalize(n)} more {'follows' if len(rest) == 1 else 'follow'}"
        if len(rest) <= 2 and len(ones) == len(rest):
            line += ", " + join_words(ones) if len(rest) > 1 else ", " + ones[0]
        out.append((line, [c.sha for c in rest]))
    return out
