"""Types of command-line values: each refuses a value it cannot use in one line, at parse time."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

MAX_WAIT_SECONDS = 7 * 24 * 3600.0  # a week: longer waits are typos ("inf", "1e400")
MAX_LOOKBACK_DAYS = 36_500  # a century of history to pair reverts with


def seconds(limit: float = MAX_WAIT_SECONDS) -> Callable[[str], float]:
    """A finite number of seconds from 0 to ``limit``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:40]!r}") from None
        if not math.isfinite(value) or not 0 <= value <= limit:
            raise argparse.ArgumentTypeError(
                f"must be between 0 and {limit:g} seconds, not {text[:40]!r}")
        return value

    parse.__name__ = "seconds"  # argparse names the type in its own messages
    return parse


def number(text: str) -> float:
    """Any finite number."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text[:40]!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, not {text[:40]!r}")
    return value


def days(text: str) -> int:
    """A whole number of days from 0 to MAX_LOOKBACK_DAYS."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of days: {text[:40]!r}") from None
    if not 0 <= value <= MAX_LOOKBACK_DAYS:
        raise argparse.ArgumentTypeError(
            f"must be between 0 and {MAX_LOOKBACK_DAYS} days, not {text[:40]}")
    return value
