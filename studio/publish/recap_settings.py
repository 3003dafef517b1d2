"""``[recap]`` of show.toml: how the weekly recap sits in the feed and how long it runs.

    [recap]
    episode_type = "bonus"   # iTunes episodeType: "bonus" (default), "full" or "trailer"
    season = 2026            # optional: the recaps' iTunes season
    numbered = true          # optional: the ISO week is the recap's iTunes episode number
    minutes = 6              # optional: the recap's target length (default: [script] minutes)

A show without the section gets bonus episodes, unnumbered, at the daily length.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import read_toml
from .show import SHOW_FILE, check_minutes, show_file

if TYPE_CHECKING:
    from ..episode import Episode

EPISODE_TYPES = ("bonus", "full", "trailer")


@dataclass
class RecapSettings:
    episode_type: str = "bonus"
    season: int | None = None
    numbered: bool = False
    minutes: float | None = None

    def number_of(self, episode: Episode) -> int | None:
        """The recap's episode number: the ISO week of its first day, when ``numbered``."""
        if not self.numbered:
            return None
        first = episode.span_start or episode.date
        return dt.date.fromisoformat(first).isocalendar().week


def parse_recap(table: object) -> RecapSettings:
    if not isinstance(table, dict):
        raise StudioError(f"{SHOW_FILE}: [recap] must be a table")
    out = RecapSettings()
    kind = table.get("episode_type", "bonus")
    if kind not in EPISODE_TYPES:
        raise StudioError(f"{SHOW_FILE}: recap.episode_type must be one of "
                          f"{', '.join(EPISODE_TYPES)}, not {str(kind)[:40]!r}")
    out.episode_type = kind
    season = table.get("season")
    if season is not None:
        if isinstance(season, bool) or not isinstance(season, int) or season < 1:
            raise StudioError(f"{SHOW_FILE}: recap.season must be a whole number from 1")
        out.season = season
    numbered = table.get("numbered", False)
    if not isinstance(numbered, bool):
        raise StudioError(f"{SHOW_FILE}: recap.numbered must be true or false")
    out.numbered = numbered
    if "minutes" in table:
        out.minutes = check_minutes(table["minutes"], f"{SHOW_FILE}: recap.minutes")
    return out


def read_recap(show_dir: str | Path) -> RecapSettings:
    """The show's ``[recap]`` (defaults when the show has no show.toml or no section)."""
    path = show_file(show_dir)
    if not path.is_file():
        return RecapSettings()
    return parse_recap(read_toml(path, missing=f"no {SHOW_FILE} in {Path(show_dir)}")
                       .get("recap", {}))
