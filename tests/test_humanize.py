"""People's words for values: lengths, dates, counts and voices."""

from __future__ import annotations

import datetime as dt

import pytest

from studio import humanize


@pytest.mark.parametrize("count, text", [(0, "0 files"), (1, "1 file"), (2, "2 files")])
def test_plural(count, text):
    assert humanize.plural(count, "file") == text


def test_plural_irregular():
    assert humanize.plural(1, "person", "people") == "1 person"
    assert humanize.plural(3, "person", "people") == "3 people"


@pytest.mark.parametrize("value, text", [
    ("PT3M48S", "3:48"), ("PT5S", "0:05"), ("PT1H2M3S", "1:02:03"), ("PT2M", "2:00"),
    ("PT4M5.6S", "4:06"), (228, "3:48"), (59.4, "0:59"), (0, "0:00"), (None, ""), ("", ""),
    ("soon", "soon"),
])
def test_duration(value, text):
    assert humanize.duration(value) == text


def test_iso_seconds_rejects_what_is_not_a_duration():
    assert humanize.iso_seconds("PT") is None and humanize.iso_seconds("3:48") is None
    assert humanize.iso_seconds("P1DT1S") == 86401


def test_day():
    assert humanize.day("2026-02-09") == "Mon 9 Feb 2026"
    assert humanize.day(dt.date(2026, 3, 1)) == "Sun 1 Mar 2026"
    assert humanize.day("2026-02-09T23:10:00Z") == "Mon 9 Feb 2026"
    assert humanize.day("not a date") == "not a date"


def test_moment_in_its_own_offset_and_in_a_zone():
    from zoneinfo import ZoneInfo

    assert humanize.moment("2026-02-09T14:05:00Z") == "Mon 9 Feb 2026, 14:05 UTC"
    assert humanize.moment("2026-02-09T23:30:00+00:00", ZoneInfo("Asia/Tokyo")) == \
        "Tue 10 Feb 2026, 08:30 JST"
    assert humanize.moment("yesterday") == "yesterday"


def test_voice_label():
    assert humanize.voice_label("gmw/en-gb-x-rp", "English (Received Pronunciation)",
                                ["en-gb-x-rp"]) == "English (Received Pronunciation) · en-GB"
    assert humanize.voice_label("gmw/en-us", "English (America)", ["en-us"]) == \
        "English (America) · en-US"
    assert humanize.voice_label("") == "espeak-ng's default voice"
    assert humanize.voice_label("gmw/xx") == "gmw/xx"
    assert humanize.language_tag("en-029") == "en-029"


def test_local_moment_is_in_this_computers_zone(monkeypatch):
    import time

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert humanize.local_moment("2026-02-09T23:30:00+00:00") == "Tue 10 Feb 2026, 08:30 JST"
    finally:
        monkeypatch.undo()
        time.tzset()
