"""show.toml's people: ``[[person]]`` (the show's own, e.g. its host) and ``[people]`` (whether
episodes name the day's authors), written as ``podcast:person``; and the list readers the
settings share (``bots``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ..plumbing.errors import StudioError

SHOW_FILE = "show.toml"


@dataclass
class ShowPerson:
    """``[[person]]``: someone the feed names on the show and every episode (podcast:person):
    ``role`` and ``group`` from the Podcast Taxonomy (host in cast by default), ``img`` a
    picture and ``href`` a page about them, each an absolute http(s) URL or empty."""

    name: str = ""
    role: str = "host"
    group: str = "cast"
    img: str = ""
    href: str = ""


@dataclass
class ShowPeople:
    """``[people]``: whether each episode also names the day's authors (bots never) as
    podcast:person, with their GitHub profile where the account is known, and as what."""

    authors: bool = False
    role: str = "guest"
    group: str = "cast"



def tables(data: dict[str, Any], name: str) -> list[dict[str, Any]]:
    tables = data.get(name, [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise StudioError(f"{SHOW_FILE}: {name} must be tables ([[{name}]])")
    return tables


def strings(data: dict[str, Any], name: str) -> list[str]:
    values = data.get(name, [])
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise StudioError(f"{SHOW_FILE}: {name} must be a list of strings")
    return [v.strip() for v in values if v.strip()]


def check_people(persons: list[ShowPerson], people: ShowPeople) -> None:
    """Names not empty, roles and groups lower case (the taxonomy's), links absolute http(s)."""
    for n, person in enumerate(persons, 1):
        if not person.name.strip():
            raise StudioError(f"{SHOW_FILE}: [[person]] number {n} has no name")
        for key in ("img", "href"):
            value = getattr(person, key).strip()
            parts = urlsplit(value)
            if value and (parts.scheme not in ("http", "https") or not parts.netloc):
                raise StudioError(f"{SHOW_FILE}: person {person.name[:40]!r}: {key} must be an "
                                  f"absolute http:// or https:// URL, not {value[:80]!r}")
            setattr(person, key, value)
    for who in (*persons, people):
        default = type(who)()
        who.role = who.role.strip().lower() or default.role
        who.group = who.group.strip().lower() or default.group
