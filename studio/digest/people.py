"""The day's people: the human authors of its commits, each once, with their GitHub profile
when the account is known.

An author is one person across their addresses: the GitHub login where it is known (the API's,
or the one a ``users.noreply.github.com`` address names), else the address, else the name; and
identities that share a display name are one person (a developer committing from a work and a
home address). Bots never count. The same list gives the digest's author count, the script's
"the work of N authors" and the feed's ``podcast:person`` tags, so they always agree.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ..bots import LOGIN, noreply_login
from .model import CommitInfo, DayPerson

GITHUB = "https://github.com"


def _profile_host(repo_url: str) -> str:
    """Where the API's logins have their pages: the repository's own host (github.com, or a
    GitHub Enterprise server)."""
    parts = urlsplit(repo_url or "")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def person_of(c: CommitInfo, repo_url: str) -> DayPerson:
    login, host = c.author_login, _profile_host(repo_url)
    if not login:
        login, host = noreply_login(c.author_email), GITHUB
    if not LOGIN.fullmatch(login or ""):
        return DayPerson(c.author)
    return DayPerson(c.author, login, f"{host}/{login}" if host else "")


def day_people(commits: list[CommitInfo], repo_url: str) -> list[DayPerson]:
    """The human authors of ``commits``, each once, sorted by name."""
    by_key: dict[str, DayPerson] = {}
    for c in commits:
        if c.is_bot:
            continue
        person = person_of(c, repo_url)
        key = (person.login or c.author_email or c.author).strip().lower()
        known = by_key.setdefault(key, person)
        if not known.url and person.url:
            by_key[key] = person
    by_name: dict[str, DayPerson] = {}
    for person in by_key.values():
        key = person.name.casefold()
        if key not in by_name or (person.url and not by_name[key].url):
            by_name[key] = person
    return sorted(by_name.values(), key=lambda p: p.name.casefold())
