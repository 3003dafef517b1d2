"""Where each sentence of a segment is in its take: the take's speech (its trimmed stretch)
shared among the sentences by how long each takes to say, each boundary moved onto the
nearest pause, as the transcript's cues are (:func:`studio.export.transcripts.sentence_bounds`).

For a take of any source — synthesized, recorded or imported — with no timings from its
engine. The text is taken as the segment says it: its sentences joined with spaces, each
with its character offsets, so a selection of words finds its stretch of the take.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..episode import Trim
from ..export.transcripts import sentence_bounds
from .trim import Analysis, pauses


@dataclass(frozen=True)
class Spoken:
    text: str
    start: float  # take seconds
    end: float
    first: int  # character offsets in :func:`shown_text`
    last: int


def take_sentences(text: str, levels: list[float], duration: float, trim: Trim) -> list[Spoken]:
    """The sentences of ``text`` placed in the take whose level per 10 ms is ``levels``."""
    analysis = Analysis(0, duration, np.asarray(levels, dtype=np.float64))
    start = trim.start
    end = duration if trim.end is None else min(trim.end, duration)
    heard = [(a + b) / 2 for a, b in pauses(analysis, start, end)
             if not any(x <= (a + b) / 2 <= y for x, y in trim.cuts)]
    out: list[Spoken] = []
    offset = 0
    for sentence, a, b in sentence_bounds(text, start, end, heard):
        out.append(Spoken(sentence, round(a, 3), round(b, 3), offset, offset + len(sentence)))
        offset += len(sentence) + 1
    return out


def shown_text(spoken: list[Spoken]) -> str:
    """The text the offsets count in: the sentences joined with spaces."""
    return " ".join(s.text for s in spoken)


def time_of(spoken: list[Spoken], first: int, last: int) -> tuple[float, float] | None:
    """The stretch of the take characters [first, last) are said in, shared within their
    sentences by characters; None when they fall in no sentence."""
    def at(offset: int) -> float | None:
        for s in spoken:
            if s.first <= offset <= s.last:
                share = (offset - s.first) / max(1, s.last - s.first)
                return s.start + (s.end - s.start) * share
        return None

    a, b = at(first), at(max(first, last))
    if a is None or b is None:
        return None
    return round(a, 3), round(b, 3)


def sentence_at(spoken: list[Spoken], offset: int) -> Spoken | None:
    return next((s for s in spoken if s.first <= offset <= s.last), None)
