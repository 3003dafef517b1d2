"""Values as people read them: "3:48" not ``PT3M48S``, "Mon 9 Feb 2026" not ``2026-02-09``,
"1 file" and "2 files", a voice by its name and language. Plain functions, no Qt, no locale
(the same words whatever the process locale)."""

from __future__ import annotations

import datetime as dt
import re

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_ISO_DURATION = re.compile(r"^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 file``, ``0 files``, ``2 files``; ``many`` for irregular words (``person``/``people``)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def sentence(text: str) -> str:
    """``text`` ended as a sentence: a full stop only where it has no ending of its own
    (``is the server running?`` stays as it is, never ``running?.``)."""
    text = str(text).rstrip()
    return text if not text or text[-1] in ".?!…:)\"'”" else text + "."


def clock(seconds: float) -> str:
    """A length as a clock reads: ``0:05``, ``3:48``, ``1:02:03``."""
    total = max(0, int(round(seconds)))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def iso_seconds(value: str) -> float | None:
    """Seconds of an ISO 8601 duration such as ``PT3M48S`` (None if it is not one)."""
    match = _ISO_DURATION.match(value.strip().upper()) if value else None
    if match is None or value.strip().upper() in ("P", "PT"):
        return None
    d, h, m, s = (float(g) if g else 0.0 for g in match.groups())
    return d * 86400 + h * 3600 + m * 60 + s


def duration(value: str | float | None) -> str:
    """A length for people: seconds or an ISO 8601 duration in, ``3:48`` out ("" if unknown)."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        seconds = iso_seconds(value)
        return value if seconds is None else clock(seconds)
    return clock(value)


def _as_date(value: str | dt.date) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(value.strip()[:10])
    except (ValueError, AttributeError):
        return None


def day(value: str | dt.date) -> str:
    """``Mon 9 Feb 2026`` for a date (or an ISO date or timestamp); the text itself otherwise."""
    d = _as_date(value)
    if d is None:
        return str(value)
    return f"{WEEKDAYS[d.weekday()]} {d.day} {MONTHS[d.month - 1]} {d.year}"


def moment(stamp: str, tz: dt.tzinfo | None = None) -> str:
    """An ISO 8601 timestamp as ``Mon 9 Feb 2026, 14:05 UTC`` (in ``tz`` when given, else
    in its own offset); the text itself when it is not a timestamp."""
    try:
        when = dt.datetime.fromisoformat(stamp.strip().replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return str(stamp)
    if tz is not None and when.tzinfo is not None:
        when = when.astimezone(tz)
    zone = when.tzname() or ""
    if zone.startswith("UTC") and zone != "UTC" and when.utcoffset() == dt.timedelta(0):
        zone = "UTC"
    return f"{day(when.date())}, {when:%H:%M}" + (f" {zone}" if zone else "")


def local_moment(stamp: str) -> str:
    """An ISO 8601 timestamp in this computer's time zone, as :func:`moment` writes it."""
    return moment(stamp, dt.datetime.now().astimezone().tzinfo)


def language_tag(code: str) -> str:
    """``en-gb-x-rp`` → ``en-GB``: the language and region of an espeak language code."""
    parts = [p for p in code.replace("_", "-").split("-") if p]
    if not parts:
        return ""
    out = [parts[0].lower()]
    if len(parts) > 1 and parts[1].lower() != "x" and len(parts[1]) in (2, 3):
        out.append(parts[1].upper() if parts[1].isalpha() else parts[1])
    return "-".join(out)


def system_speech() -> str:
    """The speech engine pyttsx3 drives here: espeak-ng on Linux, the system's elsewhere."""
    import sys

    if sys.platform == "darwin":
        return "macOS speech"
    if sys.platform.startswith("win"):
        return "Windows speech (SAPI 5)"
    return "espeak-ng"


def default_voice() -> str:
    """pyttsx3's default voice, named: ``espeak-ng's default voice`` on Linux."""
    return f"{system_speech()}'s default voice"


def voice_label(voice_id: str, name: str = "", languages: list[str] | tuple[str, ...] = ()) -> str:
    """A voice as people know it: ``English (Received Pronunciation) · en-GB``; the engine's
    default for ``""``; the id itself only when the engine gives no name."""
    if not voice_id:
        return default_voice()
    lang = language_tag(str(languages[0])) if languages else ""
    label = name.strip() or voice_id
    return f"{label} · {lang}" if lang else label
