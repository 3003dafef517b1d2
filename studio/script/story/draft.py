"""Sentences that keep the commits they tell, gathered into segments."""

from __future__ import annotations

from collections.abc import Iterable

from ...episode import Segment, Sentence

Said = tuple[str, list[str]]  # a sentence and the shas it tells


def finish(text: str) -> str:
    """One spoken sentence: single spaces, a capital first letter unless the sentence opens with
    an identifier or handle, and a full stop."""
    text = " ".join(text.split())
    if not text:
        return text
    first = text.split(" ", 1)[0]
    plain = first.isalpha() and (first.islower() or first[:1].isupper())
    if plain and first[1:] == first[1:].lower():
        text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text.rstrip(":;,") + "."


class Draft:
    def __init__(self, segment_id: str, title: str) -> None:
        self.id = segment_id
        self.title = title
        self.sentences: list[Sentence] = []
        self.kinds: list[str] = []  # a focus's: the kinds of finding it says

    def say(self, text: str, commits: Iterable[str] = ()) -> None:
        text = finish(text)
        if text:
            self.sentences.append(Sentence(text=text, commits=[c for c in dict.fromkeys(commits)
                                                               if c]))

    def extend(self, said: Iterable[Said]) -> None:
        for text, shas in said:
            self.say(text, shas)

    @property
    def words(self) -> int:
        return sum(len(s.text.split()) for s in self.sentences)

    def __bool__(self) -> bool:
        return bool(self.sentences)

    def to_segment(self) -> Segment:
        shas = list(dict.fromkeys(sha for s in self.sentences for sha in s.commits))
        return Segment(id=self.id, title=self.title,
                       text=" ".join(s.text for s in self.sentences), commits=shas,
                       sentences=self.sentences)


def words_in(said: Iterable[Said]) -> int:
    return sum(len(t.split()) for t, _ in said)
