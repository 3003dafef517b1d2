"""A streamed draft that has run away: a sentence past the writer's own length limit, or the
model saying the same sentence over and over. Both are stopped at once (a small model can loop
until its ``max_tokens`` or the deadline: minutes of a laptop's time for a draft the fact lock
would throw away)."""

from __future__ import annotations

import re

from .schema import MAX_TEXT

REPEATS = 3  # the same sentence this many times is a loop
MIN_WORDS = 4  # shorter sentences ("Thanks.") may recur in a true draft
CHECK_EVERY = 200  # characters between checks
_END = re.compile(r"(?<=[.!?])[\s\"]+|\"\s*[,}\]]")
JSON_WORDS = {"text", "commits", "title", "summary", "sentences", "segments"}
_QUOTELESS = re.compile(r'(?:[^"\\]|\\.)*$', re.S)


class Runaway(Exception):
    """Why the stream was stopped, in words for the host's line."""


class StreamGuard:
    def __init__(self) -> None:
        self.text = ""
        self.checked = 0
        self.seen: dict[str, int] = {}
        self.counted = 0  # characters of ``text`` whose sentences are counted

    def feed(self, piece: str) -> None:
        """Add a streamed piece; raises :class:`Runaway` when the draft has run away."""
        self.text += piece
        if len(self.text) - self.checked < CHECK_EVERY:
            return
        self.checked = len(self.text)
        self._check_length()
        self._check_loop()

    def _check_length(self) -> None:
        open_run = _QUOTELESS.search(self.text[-(MAX_TEXT + 400):])
        run = open_run.group(0) if open_run else ""
        if len(run) > MAX_TEXT + 200:
            raise Runaway(f"a sentence ran past {MAX_TEXT} characters "
                          f"({' '.join(run[:50].split())!r}…)")

    def _check_loop(self) -> None:
        parts = _END.split(self.text[self.counted:])
        done, rest = parts[:-1], parts[-1]
        self.counted = len(self.text) - len(rest)
        for part in done:
            key = " ".join(w for w in re.findall(r"\w+", part.lower())
                           if w not in JSON_WORDS and not re.fullmatch(r"[0-9a-f]{7,40}", w))
            if key.count(" ") + 1 < MIN_WORDS:
                continue
            self.seen[key] = self.seen.get(key, 0) + 1
            if self.seen[key] >= REPEATS:
                raise Runaway(f"the model said {part.strip()[:60]!r} {REPEATS} times over")
