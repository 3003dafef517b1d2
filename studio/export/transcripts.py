"""Transcripts as WebVTT and SubRip: cues timed from where each segment really is.

Every segment's first cue starts at the segment's start in the programme and its last cue
ends at the segment's end; inside a segment, sentence boundaries are placed at the pauses
measured in the take (falling back to the share of characters), and lines stay within
``MAX_LINE`` characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..episode import Episode
from ..textsafe import clean_line

MAX_LINE = 65
SNAP_WINDOW = 4.0  # seconds a sentence boundary may move to land on a measured pause
# a sentence ends after . ! or ? and the quotes or brackets closing on it ("etc.)" keeps its
# ")"), before white space
_SENTENCE_END = re.compile(r"(?<=[.!?])([\"')\]]*)\s+")
_NUMBER = re.compile(r"\d(?:[\d,]*\d)?(?:\.\d+)?")
CHARS_PER_WORD = 6  # a spoken word of a number weighs as much as six written characters


@dataclass
class Cue:
    start: float
    end: float
    text: str


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, each exactly as written (closing quotes and brackets
    kept): joined with spaces they are the text."""
    parts = _SENTENCE_END.split(clean_line(text))
    out = [parts[0]] if parts else []
    for closer, sentence in zip(parts[1::2], parts[2::2], strict=False):
        out[-1] += closer
        out.append(sentence)
    return [s.strip() for s in out if s.strip()]


def spoken_weight(sentence: str) -> int:
    """How long ``sentence`` takes to say, in written characters: a number counts as the
    words it is spoken with ("2026" is "twenty twenty-six"), the rest as written."""
    from ..spoken_length import number_words

    return len(_NUMBER.sub(lambda m: "x" * CHARS_PER_WORD * number_words(m.group()), sentence))


def _snap(guesses: list[float], pauses: list[float]) -> list[float]:
    """Sentence boundaries at measured pauses: the in-order choice of pauses (each used at
    most once) nearest the guesses, a guess staying where no pause lies within
    :data:`SNAP_WINDOW` (dynamic programming over guesses and pauses)."""
    k, m = len(guesses), len(pauses)
    inf = float("inf")
    # best[i][j]: cost of placing the first i boundaries using pauses before index j
    best = [[0.0] * (m + 1)] + [[inf] * (m + 1) for _ in range(k)]
    pick: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(k + 1)]
    for i in range(1, k + 1):
        g = guesses[i - 1]
        for j in range(m + 1):
            # boundary i keeps its guess (pauses before j stay free for the ones after)
            options = [(best[i - 1][j] + SNAP_WINDOW, (j, -1))]
            if j:  # or lands on pause j - 1
                gap = abs(pauses[j - 1] - g)
                if gap <= SNAP_WINDOW:
                    options.append((best[i - 1][j - 1] + gap, (j - 1, j - 1)))
                options.append((best[i][j - 1], (j - 1, -2)))  # pause j - 1 unused
            cost, how = min(options, key=lambda o: o[0])
            best[i][j], pick[i][j] = cost, how
    out = list(guesses)
    i, j = k, m
    while i > 0:
        prev, used = pick[i][j]  # type: ignore[misc]
        if used == -2:
            j = prev
            continue
        if used >= 0:
            out[i - 1] = pauses[used]
        i, j = i - 1, prev
    return out


def wrap(sentence: str, width: int = MAX_LINE) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in sentence.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def sentence_bounds(text: str, start: float, end: float,
                    pauses: list[float]) -> list[tuple[str, float, float]]:
    """Each sentence of ``text`` spoken from ``start`` to ``end`` with where it starts and
    ends: shares of the time by how long each takes to say, each boundary moved onto the
    nearest pause (midpoints of silences, same clock) within reach."""
    sentences = split_sentences(text)
    if not sentences or end <= start:
        return []
    weights = [max(1, spoken_weight(s)) for s in sentences]
    total = sum(weights)
    guesses, used = [], 0
    for w in weights[:-1]:
        used += w
        guesses.append(start + (end - start) * used / total)
    inside = sorted(p for p in pauses if start < p < end)
    bounds = [start]
    for b in _snap(guesses, inside):
        bounds.append(max(b, bounds[-1]))
    bounds.append(end)
    return list(zip(sentences, bounds, bounds[1:], strict=False))


def segment_cues(text: str, start: float, end: float, pauses: list[float]) -> list[Cue]:
    """Cues for one segment spoken from ``start`` to ``end`` (programme seconds).

    ``pauses`` are the midpoints of silences inside the segment, in programme seconds.
    """
    cues: list[Cue] = []
    for sentence, a, b in sentence_bounds(text, start, end, pauses):
        lines = wrap(sentence)
        chars = sum(len(line) for line in lines)
        t = a
        for i, line in enumerate(lines):
            u = b if i == len(lines) - 1 else t + (b - a) * len(line) / chars
            cues.append(Cue(round(t, 3), round(u, 3), line))
            t = u
    return cues


def episode_cues(episode: Episode, pauses: dict[str, list[float]] | None = None) -> list[Cue]:
    cues: list[Cue] = []
    for seg in episode.segments:
        if seg.start is None or seg.end is None:
            continue
        cues += segment_cues(seg.text, seg.start, seg.end, (pauses or {}).get(seg.id, []))
    return cues


def _stamp(seconds: float, sep: str) -> str:
    ms = int(round(seconds * 1000))
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{sep}{ms:03d}"


def to_vtt(cues: list[Cue]) -> str:
    out = ["WEBVTT", ""]
    for cue in cues:
        text = cue.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out += [f"{_stamp(cue.start, '.')} --> {_stamp(cue.end, '.')}", text, ""]
    return "\n".join(out)


def to_srt(cues: list[Cue]) -> str:
    out = []
    for n, cue in enumerate(cues, 1):
        text = cue.text.replace("-->", "->")
        out += [str(n), f"{_stamp(cue.start, ',')} --> {_stamp(cue.end, ',')}", text, ""]
    return "\n".join(out)
