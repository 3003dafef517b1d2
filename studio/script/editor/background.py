"""One sentence of common knowledge where a story turns on a term a listener may not know
("A constant-time comparison takes just as long whether a guess is close or not …").

The sentences are data (``resources/background.toml``): general developer knowledge,
true of any project, with no figure, person or claim about the project, so they can never
contradict a record. A story gets at most one, right after the sentence that first says the
term; a day gets at most two, and none twice.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache

from ...resources import resource_path
from ..story.draft import Said

MOST_A_DAY = 2


@dataclass(frozen=True)
class Term:
    name: str
    pattern: re.Pattern[str]
    say: str


@cache
def terms() -> tuple[Term, ...]:
    path = resource_path("background.toml")
    if not path.exists():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(Term(t["name"], re.compile(t["pattern"], re.I), t["say"])
                 for t in data.get("term", []))


class Background:
    """What one episode has explained so far."""

    def __init__(self) -> None:
        self.said: set[str] = set()

    def add(self, story: list[Said]) -> list[Said]:
        """``story`` with one background sentence after the first sentence that names a
        term not yet explained today (the story unchanged when none does)."""
        if len(self.said) >= MOST_A_DAY:
            return story
        for i, (text, _) in enumerate(story):
            for term in terms():
                if term.name in self.said or not term.pattern.search(text):
                    continue
                if any(term.say == t for t, _ in story):
                    continue
                self.said.add(term.name)
                return story[:i + 1] + [(term.say, [])] + story[i + 1:]
        return story
