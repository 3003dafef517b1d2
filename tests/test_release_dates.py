"""Episodes dated by the day they tell (issue 24, item 2), as apps read the feed.

A backfilled week published out of order — two days, then the day between them produced
later, then the recap of the three — through the real `studio publish`, read by feedparser
and gPodder's podcastparser: each item's date is its day (a recap: its last day, just after
that day's daily) at show.toml's [release] hour in its time zone, apps list them in the
order of the days, a re-publish (and a re-produced day) keeps the dates, and the host can
move one with --release-at.
"""

from __future__ import annotations

import calendar
import datetime as dt
import io
import os
import subprocess
import sys
from pathlib import Path

import feedparser
import podcastparser
import pytest
from show_fixtures import make_episode, write_episode_folder

ROOT = Path(__file__).resolve().parent.parent
BASE = "https://podcasts.example.org/widgets/"
BERLIN = dt.timezone(dt.timedelta(hours=1))  # CET: Berlin in late November
DAYS = ["2026-11-24", "2026-11-25", "2026-11-26"]
RECAP = "2026-11-24_2026-11-26"


def studio(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(tmp / "home"))
    result = subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                            text=True, env=env, cwd=tmp, timeout=120)
    assert result.returncode == 0, result.stderr
    return result


def publish(tmp: Path, show: Path, *extra: str) -> bytes:
    studio(tmp, "publish", "--show-dir", str(show), "-q", *extra)
    return (show / "feed.xml").read_bytes()


def daily(show: Path, date: str) -> None:
    write_episode_folder(show, make_episode(date, f"Widgets on {date}"), seconds=1.0)


def recap(show: Path) -> None:
    ep = make_episode(DAYS[-1], "Widgets: the three days")
    ep.kind, ep.span_start = "recap", DAYS[0]
    staged = write_episode_folder(show.parent / "staging", ep, seconds=1.0)
    staged.rename(show / "episodes" / RECAP)


def feed_dates(raw: bytes) -> list[tuple[str, dt.datetime]]:
    """(title, publish time) of each item as feedparser reads them, in the feed's order."""
    return [(e.title, dt.datetime.fromtimestamp(calendar.timegm(e.published_parsed), dt.UTC))
            for e in feedparser.parse(raw).entries]


def gpodder_dates(raw: bytes) -> list[tuple[str, dt.datetime]]:
    """The same as gPodder lists them (podcastparser sorts episodes newest first)."""
    episodes = podcastparser.parse(BASE + "feed.xml", io.BytesIO(raw))["episodes"]
    return [(e["title"], dt.datetime.fromtimestamp(e["published"], dt.UTC)) for e in episodes]


def at_release(date: str, minute: int = 0) -> dt.datetime:
    day = dt.date.fromisoformat(date)
    return dt.datetime(day.year, day.month, day.day, 7, 30 + minute, tzinfo=BERLIN)


@pytest.fixture
def show(tmp_path: Path) -> Path:
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text(
        f'title = "Widgets Daily"\nbase_url = "{BASE}"\n\n'
        '[release]\ntime = "07:30"\ntz = "Europe/Berlin"\n', encoding="utf-8")
    return show


def test_a_backfilled_week_is_dated_and_ordered_by_the_days_it_tells(show, tmp_path):
    daily(show, DAYS[0])
    daily(show, DAYS[2])
    publish(tmp_path, show)
    daily(show, DAYS[1])  # produced after the next day was published
    publish(tmp_path, show)
    recap(show)
    raw = publish(tmp_path, show)
    expected = [("Widgets: the three days", at_release(DAYS[2], minute=1)),
                ("Widgets on 2026-11-26", at_release(DAYS[2])),
                ("Widgets on 2026-11-25", at_release(DAYS[1])),
                ("Widgets on 2026-11-24", at_release(DAYS[0]))]
    assert feed_dates(raw) == expected
    assert gpodder_dates(raw) == expected
    assert b"<pubDate>Thu, 26 Nov 2026 07:30:00 +0100</pubDate>" in raw

    # a re-publish, and a day produced again (a new episode.json), keep every date
    daily(show, DAYS[1])
    assert feed_dates(publish(tmp_path, show)) == expected


def test_the_host_can_move_an_episode_and_the_move_is_kept(show, tmp_path):
    for date in DAYS:
        daily(show, date)
    publish(tmp_path, show)
    moved = dt.datetime(2026, 11, 27, 9, 0, tzinfo=dt.UTC)
    raw = publish(tmp_path, show, "--release-at", f"{DAYS[1]}=2026-11-27T09:00:00Z")
    assert gpodder_dates(raw)[0] == ("Widgets on 2026-11-25", moved)
    assert feed_dates(raw)[0] == ("Widgets on 2026-11-25", moved)
    again = publish(tmp_path, show)
    assert feed_dates(again)[0] == ("Widgets on 2026-11-25", moved)
    assert feed_dates(again)[1] == ("Widgets on 2026-11-26", at_release(DAYS[2]))
