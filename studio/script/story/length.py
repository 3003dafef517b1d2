"""The target length: minutes into words, and how many highlights and how deep to tell them.

The writer fills the target with more highlights and more of the authors' explanation, never
with filler: when the day has nothing more to say, the episode is shorter than the target.
"""

from __future__ import annotations

from ...digest.model import Digest
from ...episode import default_words_per_second
from ...publish.show import DEFAULT_MINUTES
from ...spoken_length import spoken_words
from .highlights import MAX_DEPTH, tell
from .inputs import explanation
from .plan import Highlight
from .voice import Voice

MIN_HIGHLIGHTS = 3
MAX_HIGHLIGHTS = 12
FRAME_WORDS = 110  # greeting and the day's story line, numbers, housekeeping, focus, sign-off
BUSY_DAY = 30  # commits: a day with this many has more worth telling than the usual cap
BUSY_EXTRA = 3
THREAD_WORDS = 15  # a thread's transition and its line on the smaller changes
OVERSHOOT = 1.15  # how far past the target a highlight's telling may go
PAST_CAP = 3  # with words left, explained highlights up to this many times the cap


def target_words(minutes: float | None) -> int:
    return int((minutes or DEFAULT_MINUTES) * 60 * default_words_per_second())


def max_highlights(minutes: float | None) -> int:
    """4 at two minutes, 6 at three (the seeds' count), 7 at four, a few more beyond that."""
    m = minutes or DEFAULT_MINUTES
    return max(MIN_HIGHLIGHTS, min(MAX_HIGHLIGHTS, int(m * 1.5 + 1.5)))


def choose(ranked: list[Highlight], minutes: float | None, d: Digest, voice: Voice,
           threads: int = 1, overhead: int | None = None) -> dict[int, int]:
    """Which highlights to tell (by index in ``ranked``) and at what depth, in spoken words.

    ``overhead``: the spoken words of everything but the highlights (greeting, numbers,
    transitions, housekeeping, focus, sign-off) as measured on a first draft; without it, an
    estimate. Up to the cap (six at three minutes) the best-ranked highlights are added and
    deepened; past it, while words are left, only highlights that have more to explain than
    their title (never a roll call of titles)."""
    if overhead is None:
        overhead = FRAME_WORDS + THREAD_WORDS * min(threads, 5)
    budget = target_words(minutes) - overhead
    cap = max_highlights(minutes) + (BUSY_EXTRA if d.stats.commits >= BUSY_DAY else 0)
    depth: dict[int, int] = {i: 1 for i in range(min(MIN_HIGHLIGHTS, len(ranked)))}
    cost: dict[tuple[int, int], int] = {}
    full: set[int] = set()  # highlights whose next level would overshoot the target

    def words(i: int, k: int) -> int:
        if (i, k) not in cost:
            cost[(i, k)] = sum(spoken_words(t) for t, _ in tell(ranked[i], k, d, voice))
        return cost[(i, k)]

    def total() -> int:
        return sum(words(i, k) for i, k in depth.items())

    def deeper(i: int, level: int) -> bool:
        return depth.get(i) == level - 1 and i not in full and words(i, level) > words(i, level - 1)

    def explains(i: int) -> bool:
        return any(explanation(c) for c in ranked[i].commits)

    untold = [i for i in range(len(ranked)) if i not in depth]
    while total() < budget:
        step = None
        for level in range(2, MAX_DEPTH + 1):
            # deepen the best-ranked highlight that has more to say at this level
            i = next((i for i in sorted(depth) if deeper(i, level)), None)
            if i is not None:
                step = ("deepen", i)
                break
            if level == 2 and untold and len(depth) < cap:
                step = ("add", untold[0])
                break
        if step is None and untold and len(depth) < cap:
            step = ("add", untold[0])
        if step is None and len(depth) < PAST_CAP * cap:
            # past the cap: the next highlight with an explanation to tell
            i = next((i for i in untold if explains(i)), None)
            step = ("add", i) if i is not None else None
        if step is None:
            break
        kind, i = step
        if kind == "add":
            depth[i] = 1
            untold.remove(i)
        else:
            depth[i] += 1
        if total() > budget * OVERSHOOT and len(depth) > 1:
            if kind == "add":  # a highlight too long for what is left: the next may fit
                del depth[i]
            else:
                depth[i] -= 1
                full.add(i)
    return depth
