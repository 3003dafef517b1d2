"""When each transcript sentence on the episode page is spoken, from the WebVTT file the
export wrote (studio.export.transcripts), so the page can highlight the sentence being heard
and seek the player to one that is clicked.

The VTT's cues are the script's sentences wrapped into lines; the page shows the script's
sentences. They are matched word by word: every word of the VTT takes its time from its cue
(spread evenly across the cue's words), and a page sentence is spoken from its first word's
time to the next sentence's. A segment whose words differ from the VTT's (a script edited
after the export) gets no times, so a stale VTT never highlights the wrong sentence.
"""

from __future__ import annotations

import bisect
import html
import logging
import re
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import MB, read_text

log = logging.getLogger(__name__)

VTT_LIMIT = 64 * MB  # the transcript of a 20,000-commit day's script is well under a MB
_TIMING = re.compile(r"^\s*(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})\s+-->\s+"
                     r"(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})")


def _seconds(h: str | None, m: str, s: str, ms: str) -> float:
    return int(h or 0) * 3600 + int(m) * 60 + int(s) + int(ms) / 1000


def parse_vtt(text: str) -> list[tuple[float, float, str]]:
    """(start, end, text) of each cue of a WebVTT file, its text unescaped and on one line."""
    cues = []
    for block in re.split(r"\r?\n\s*\r?\n", text.lstrip("\ufeff")):
        lines = block.splitlines()
        for n, line in enumerate(lines):
            if (m := _TIMING.match(line)) is not None:
                g = m.groups()
                body = " ".join(html.unescape(t) for t in lines[n + 1:])
                cues.append((_seconds(*g[:4]), _seconds(*g[4:]), body))
                break
    return sorted(cues, key=lambda c: c[0])


def read_vtt(path: Path) -> list[tuple[float, float, str]]:
    """The cues of ``path``; an unreadable file is logged and gives none (the page then has
    no times, as before)."""
    try:
        return parse_vtt(read_text(path, "transcript", limit=VTT_LIMIT))
    except StudioError as exc:
        log.warning("ignoring the transcript's times: %s", exc)
        return []


def _word(w: str) -> str:
    return w.casefold()


def sentence_times(sentences: list[str], start: float, end: float,
                   cues: list[tuple[float, float, str]]) -> list[tuple[float, float]] | None:
    """(start, end) of each of one segment's ``sentences``, spoken from ``start`` to
    ``end``, from the ``cues`` (in order of their start) inside that span; None when their
    words are not the sentences' words."""
    first = bisect.bisect_left(cues, start - 0.001, key=lambda c: c[0])
    last = bisect.bisect_left(cues, end, key=lambda c: c[0])
    timed: list[tuple[float, str]] = []  # each VTT word with the time it is said
    for a, b, text in cues[first:last]:
        words = text.split()
        timed += [(a + (b - a) * i / len(words), _word(w)) for i, w in enumerate(words)]
    said = [w for s in sentences for w in s.split()]
    if not said or [w for _t, w in timed] != [_word(w) for w in said]:
        return None
    starts, at = [], 0
    for s in sentences:
        starts.append(timed[at][0])
        at += len(s.split())
    ends = starts[1:] + [max(end, starts[-1])]
    return list(zip(starts, ends, strict=True))
