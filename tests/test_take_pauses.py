"""The pauses inside a take, found with numpy (the audio editor asks on the UI thread at
every trim): the same stretches as the frame-by-frame definition, on random takes."""

from __future__ import annotations

import numpy as np

from studio.audio.trim import FRAME, Analysis, pauses


def _by_frames(analysis, start, end, min_length=0.15):
    """The definition, frame by frame: whole quiet runs of ``min_length`` or more that touch
    neither end of [start, end)."""
    quiet = analysis.levels <= analysis.threshold()
    first, last = int(start / FRAME), min(quiet.size, int(end / FRAME))
    runs, i = [], first
    while i < last:
        if quiet[i]:
            j = i
            while j < last and quiet[j]:
                j += 1
            if (j - i) * FRAME >= min_length and i > first and j < last:
                runs.append((i * FRAME, j * FRAME))
            i = j
        else:
            i += 1
    return runs


def test_pauses_match_their_frame_by_frame_definition():
    rng = np.random.default_rng(11)
    for _ in range(200):
        n = int(rng.integers(1, 400))
        levels = np.repeat(np.where(rng.random(n) < 0.4, -80.0, -20.0), rng.integers(1, 40, n))
        take = Analysis(22050, levels.size * FRAME, levels)
        start = float(rng.uniform(0, take.duration))
        end = float(rng.uniform(start, take.duration + 1))
        assert pauses(take, start, end) == _by_frames(take, start, end)
