"""The target length: minutes into words, and how many highlights and how deep to tell them.

The writer fills the target with more highlights and more of the authors' explanation, never
with filler: when the day has nothing more to say, the episode is shorter than the target.
"""

from __future__ import annotations

from ...digest.model import Digest
from ...episode import default_words_per_second
from ...publish.show import DEFAULT_MINUTES
from .draft import words_in
from .highlights import MAX_DEPTH, tell
from .plan import Highlight
from .voice import Voice

MIN_HIGHLIGHTS = 3
MAX_HIGHLIGHTS = 12
FRAME_WORDS = 110  # greeting and the day's story line, numbers, housekeeping, focus, sign-off
BUSY_DAY = 30  # commits: a day with this many has more worth telling than the usual cap
BUSY_EXTRA = 3
THREAD_WORDS = 15  # a thread's transition and its line on the smaller changes


def target_words(minutes: float | None) -> int:
    return int((minutes or DEFAULT_MINUTES) * 60 * default_words_per_second())


def max_highlights(minutes: float | None) -> int:
    """4 at two minutes, 6 at three (the seeds' count), 7 at four, a few more beyond that."""
    m = minutes or DEFAULT_MINUTES
    return max(MIN_HIGHLIGHTS, min(MAX_HIGHLIGHTS, int(m * 1.5 + 1.5)))


def choose(ranked: list[Highlight], minutes: float | None, d: Digest, voice: Voice,
           threads: int = 1) -> dict[int, int]:
    """Which highlights to tell (by index in ``ranked``) and at what depth."""
    budget = target_words(minutes) - FRAME_WORDS - THREAD_WORDS * min(threads, 5)
    cap = max_highlights(minutes) + (BUSY_EXTRA if d.stats.commits >= BUSY_DAY else 0)
    depth: dict[int, int] = {i: 1 for i in range(min(MIN_HIGHLIGHTS, len(ranked)))}
    cost: dict[tuple[int, int], int] = {}

    def words(i: int, k: int) -> int:
        if (i, k) not in cost:
            cost[(i, k)] = words_in(tell(ranked[i], k, d, voice))
        return cost[(i, k)]

    def total() -> int:
        return sum(words(i, k) for i, k in depth.items())

    while total() < budget:
        step = None
        for level in range(2, MAX_DEPTH + 1):
            # deepen the best-ranked highlight that has more to say at this level
            for i in sorted(depth):
                if depth[i] == level - 1 and words(i, level) > words(i, level - 1):
                    step = ("deepen", i)
                    break
            if step:
                break
            nxt = len(depth)
            if level == 2 and nxt < min(cap, len(ranked)):
                step = ("add", nxt)
                break
        if step is None:
            nxt = len(depth)
            if nxt < min(cap, len(ranked)):
                step = ("add", nxt)
            else:
                break
        kind, i = step
        if kind == "add":
            depth[i] = 1
        else:
            depth[i] += 1
            if total() > budget * 1.15 and len(depth) > 1:
                depth[i] -= 1
                break
    return depth
