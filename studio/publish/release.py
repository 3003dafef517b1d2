"""When an episode is released: the day it covers, at the show's hour, never the day published.

    [release]
    time = "12:00"   # the hour of the day an episode is dated at (24-hour HH:MM)
    tz = "UTC"       # the time zone of that hour (an IANA name, e.g. Europe/Berlin)

A daily is dated the day it tells, a recap its last day (one minute after that day's daily,
so apps list the recap above it). Apps sort and label episodes by ``pubDate``: a week
produced late, or one day produced after the next, still lists in the order of the days and
says "Released: Monday" of Monday's episode. The time is stamped once, at the first publish
(``published_at`` in episode.json, ``published.json``): a re-publish never changes it, and the
host overrides it with ``studio publish --release-at DATE=TIME``. A release time still ahead
at the first publish (today's episode before the hour) is the publish time instead: apps
hide or mis-sort items dated in the future. Noon UTC, the default, is the same calendar day
from UTC-11 to UTC+11, where apps show it in the listener's own time zone.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..plumbing.errors import StudioError

if TYPE_CHECKING:
    from ..episode import Episode

RECAP_AFTER = dt.timedelta(minutes=1)  # a recap lists above the daily of its last day
_TIME = re.compile(r"([01]\d|2[0-3]):([0-5]\d)")


@dataclass
class ReleaseSettings:
    """``[release]`` of show.toml (see the module text)."""

    time: str = "12:00"
    tz: str = "UTC"


def check_release(release: ReleaseSettings, where: str = "show.toml") -> None:
    from ..sources.window import parse_zone

    if not _TIME.fullmatch(release.time.strip()):
        raise StudioError(f"{where}: release.time must be a time of day as HH:MM (e.g. 06:30), "
                          f"not {release.time[:40]!r}")
    release.time = release.time.strip()
    try:
        parse_zone(release.tz)
    except StudioError as exc:
        raise StudioError(f"{where}: release.tz: {exc}") from None


def rfc3339(moment: dt.datetime) -> str:
    """``moment`` as RFC 3339 to the second, ``Z`` for UTC."""
    text = moment.replace(microsecond=0).isoformat()
    return text.removesuffix("+00:00") + "Z" if text.endswith("+00:00") else text


def scheduled(episode: Episode, release: ReleaseSettings) -> dt.datetime:
    """The moment ``episode`` is dated at: its day (a recap's last) at the show's hour."""
    from ..sources.window import parse_zone

    hour, minute = (int(part) for part in release.time.split(":"))
    moment = dt.datetime.combine(dt.date.fromisoformat(episode.date), dt.time(hour, minute),
                                 tzinfo=parse_zone(release.tz))
    return moment + RECAP_AFTER if episode.kind == "recap" else moment


def release_time(episode: Episode, release: ReleaseSettings, now: dt.datetime) -> str:
    """The ``published_at`` a first publish at ``now`` stamps (see the module text)."""
    return rfc3339(min(scheduled(episode, release), now))


def parse_release_at(values: list[str]) -> dict[str, str]:
    """``--release-at FOLDER=TIME`` values as {episode folder: RFC 3339 time}; a bad one is a
    one-line error."""
    from .feed import parse_published

    out: dict[str, str] = {}
    for value in values:
        folder, sep, when = value.partition("=")
        try:
            if not sep or not folder.strip():
                raise ValueError
            moment = parse_published(when.strip())
        except ValueError:
            raise StudioError(f"--release-at {value[:60]!r}: expected EPISODE=TIME, e.g. "
                              f"2026-11-30=2026-11-30T07:00:00+01:00") from None
        out[folder.strip()] = rfc3339(moment)
    return out
