"""What of a take the programme plays: its trimmed stretch, less the host's cuts (removed
whole, joined with short fades) and its long silences (shortened to ``silences.KEEP``).

A removed region is ``(start, end, keep)``: ``keep`` seconds of it stay, half at each end (0
for a cut). :func:`kept` gives the stretches that play, :func:`heard_at` where a moment of the
take is heard in them; the take file is never changed.
"""

from __future__ import annotations

from .silences import KEEP

JOIN_FADE = 0.01  # seconds of fade on each side of a cut: no click at the join
Region = tuple[float, float, float]


def regions(cuts: list[list[float]], silences: list[tuple[float, float]], start: float,
            end: float) -> list[Region]:
    """The host's cuts inside [start, end) and the long silences none of them touches, in
    order."""
    inside = sorted((max(a, start), min(b, end), 0.0) for a, b in cuts
                    if min(b, end) - max(a, start) > 1e-6)
    quiet = [(a, b, KEEP) for a, b in silences
             if not any(a < cb and ca < b for ca, cb, _ in inside)]
    return sorted(inside + quiet)


def kept(start: float, end: float, removed: list[Region]) -> list[tuple[float, float, bool, bool]]:
    """The stretches of [start, end) that play: (from, to, a cut before it, a cut after it)."""
    parts: list[tuple[float, float, bool, bool]] = []
    pos, cut_before = start, False
    for a, b, keep in removed:
        parts.append((pos, a + keep / 2, cut_before, keep == 0.0))
        pos, cut_before = b - keep / 2, keep == 0.0
    parts.append((pos, end, cut_before, False))
    return [x for x in parts if x[1] - x[0] > 1e-6]


def heard_at(t: float, start: float, removed: list[Region]) -> float:
    """Seconds after the clip's start at which take time ``t`` is heard (a moment inside a
    cut is heard where the cut is)."""
    gone = sum(max(0.0, min(t, b - keep / 2) - (a + keep / 2)) for a, b, keep in removed)
    return t - start - gone


def cut_seconds(cuts: list[list[float]]) -> float:
    return sum(b - a for a, b in cuts)


def with_cut(cuts: list[list[float]], a: float, b: float) -> list[list[float]]:
    """``cuts`` with [a, b] cut too, overlapping or touching cuts merged."""
    merged: list[list[float]] = []
    for x, y in sorted([*([c[0], c[1]] for c in cuts), [min(a, b), max(a, b)]]):
        if merged and x <= merged[-1][1] + 1e-6:
            merged[-1][1] = max(merged[-1][1], y)
        else:
            merged.append([round(x, 3), round(y, 3)])
    return [[round(x, 3), round(y, 3)] for x, y in merged]
