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
SNAP_WINDOW = 1.5  # seconds a sentence boundary may move to land on a measured pause
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+")


@dataclass
class Cue:
    start: float
    end: float
    text: str


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(clean_line(text)) if s.strip()]


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


def segment_cues(text: str, start: float, end: float, pauses: list[float]) -> list[Cue]:
    """Cues for one segment spoken from ``start`` to ``end`` (programme seconds).

    ``pauses`` are the midpoints of silences inside the segment, in programme seconds.
    """
    sentences = split_sentences(text)
    if not sentences or end <= start:
        return []
    total = sum(len(s) for s in sentences)
    bounds = [start]
    used = 0
    for sentence in sentences[:-1]:
        used += len(sentence)
        guess = start + (end - start) * used / total
        near = [p for p in pauses if abs(p - guess) <= SNAP_WINDOW and bounds[-1] < p < end]
        bounds.append(min(near, key=lambda p: abs(p - guess)) if near else max(guess, bounds[-1]))
    bounds.append(end)
    cues: list[Cue] = []
    for sentence, a, b in zip(sentences, bounds, bounds[1:], strict=False):
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
