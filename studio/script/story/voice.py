"""Choosing among the phrase bank's ways of saying a thing.

Each stock phrase rotates with the day (its ordinal) and with how often it has been used in
the episode, so consecutive days never read alike and one episode does not repeat itself.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
from collections import Counter
from collections.abc import Sequence


def _salt(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:4], "big")


class Voice:
    def __init__(self, date: str, repo: str = "") -> None:
        try:
            self.day = dt.date.fromisoformat(date).toordinal()
        except ValueError:
            self.day = _salt(date)
        self.repo = _salt(repo) % 7
        self.used: Counter[str] = Counter()

    def index(self, key: str, n: int) -> int:
        """Which of ``n`` variants of ``key`` to use now: a different one on consecutive days
        (the step is prime to n), and the next one on each use in the same episode."""
        step = next(s for s in (3, 5, 7, 1) if math.gcd(s, n) == 1)
        turn = self.used[key]
        self.used[key] += 1
        return (self.day * step + _salt(key) + self.repo + turn) % n

    def pick(self, key: str, options: Sequence[str], **values: object) -> str:
        if not options:
            return ""
        return options[self.index(key, len(options))].format(**values)
