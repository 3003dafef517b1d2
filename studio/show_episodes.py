"""What a path the host gives names: an episode folder, its ``episode.json``, or a show folder
(``SHOW/episodes/DATE/``), whose latest episode is the one meant (``studio gui SHOWDIR``)."""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

from .episode import EPISODE_FILE
from .plumbing.errors import StudioError

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_WEEK = re.compile(r"(\d{4})-W(\d{2})")


def last_day(name: str) -> dt.date | None:
    """The last day an episode folder's name covers: ``2026-02-09``, a recap's ``2026-W05``
    (its Sunday) or ``2026-01-26_2026-02-03`` (its last day); None for another name."""
    last = name.rsplit("_", 1)[-1]
    try:
        if _DAY.fullmatch(last):
            return dt.date.fromisoformat(last)
        week = _WEEK.fullmatch(name)
        if week:
            return dt.date.fromisocalendar(int(week[1]), int(week[2]), 7)
    except ValueError:
        return None
    return None


def show_episodes(show_dir: Path) -> list[Path]:
    """The show's episode folders (each holding an episode.json), oldest first: by the last
    day each covers (a week's recap after its Sunday's daily), then by name."""
    try:
        entries = list(os.scandir(show_dir / "episodes"))
    except OSError:
        return []
    folders = [Path(e.path) for e in entries
               if e.is_dir() and os.path.isfile(os.path.join(e.path, EPISODE_FILE))]
    return sorted(folders, key=lambda p: (last_day(p.name) or dt.date.min, p.name))


def is_show(path: Path) -> bool:
    return (path / "episodes").is_dir() or (path / "show.toml").is_file()


def episode_folder_for(path: str | Path) -> Path:
    """The episode folder ``path`` names: itself, the folder of an ``episode.json``, or a show
    folder's latest episode. Raises StudioError saying what was expected."""
    given = Path(path)
    if given.is_file():
        given = given.parent
    if (given / EPISODE_FILE).exists():
        return given
    if not given.exists():
        raise StudioError(f"no episode at {given}: there is no such file or folder")
    if is_show(given):
        episodes = show_episodes(given)
        if not episodes:
            raise StudioError(f"the show {given} has no episodes yet: make one with "
                              f"`studio produce --show-dir {given} ...`")
        return episodes[-1]
    raise StudioError(f"no episode at {given}: give an episode folder (with episode.json) or "
                      f"a show folder (with episodes/)")
