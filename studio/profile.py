"""A show profile: everything specific to one repository, supplied as data.

A profile is a TOML file: the show's name, which repositories it covers, which accounts
are bots, how automatic reverts read, and the theme map (themes, their spoken names,
title tags, keywords and paths). The studio ships profiles in ``resources/profiles``; a
show can supply its own file.
"""

from __future__ import annotations

import copy
import fnmatch
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .bots import looks_like_bot
from .plumbing.errors import StudioError
from .plumbing.fsutil import read_toml
from .resources import resource_path


@dataclass
class Theme:
    id: str
    name: str  # spoken name, e.g. "Intel XPU"
    group: str  # spoken group, e.g. "hardware backends"
    title: str = ""  # as it appears in an episode title, e.g. "Control Flow and vmap"
    tags: list[str] = field(default_factory=list)  # title tags, without brackets
    keywords: list[str] = field(default_factory=list)  # whole words in the title
    paths: list[str] = field(default_factory=list)  # path prefixes or globs
    housekeeping: bool = False
    _kw: re.Pattern[str] | None = None

    def keyword_pattern(self) -> re.Pattern[str] | None:
        if self._kw is None and self.keywords:
            words = "|".join(re.escape(k) for k in self.keywords)
            self._kw = re.compile(rf"(?<![\w.])(?:{words})(?![\w])", re.IGNORECASE)
        return self._kw

    def matches_path(self, path: str) -> bool:
        for pattern in self.paths:
            if any(ch in pattern for ch in "*?["):
                if fnmatch.fnmatchcase(path, pattern):
                    return True
            elif path.startswith(pattern):
                return True
        return False


@dataclass
class Profile:
    id: str
    name: str
    repos: list[str] = field(default_factory=list)
    host: str = "your host"
    bots: list[str] = field(default_factory=list)
    auto_revert: list[str] = field(default_factory=list)
    themes: list[Theme] = field(default_factory=list)
    fallback_theme: Theme = field(
        default_factory=lambda: Theme(id="other", name="everything else", group="other work")
    )
    lexicon: str = ""  # path of the show's pronunciation lexicon, if any
    path: str = ""
    style: str = ""  # style notes for a language-model writer (studio.script.llm), prose

    def is_bot(self, name: str = "", login: str = "", email: str = "", app: bool = False) -> bool:
        """Whether an author is a bot: a GitHub App (``app``: the API said so), a common bot
        shape (:mod:`studio.bots`), or an account the profile (or the show) lists, by name,
        login, address or the address's local part."""
        if app or looks_like_bot(name, login, email):
            return True
        for raw in (name, login, email):
            text = (raw or "").strip().lower()
            if not text:
                continue
            local, _, domain = text.partition("@")
            for bot in self.bots:
                b = bot.strip().lower()
                # an address's local part is the account only at a forge or no-reply service, or
                # at the account's own domain: "github@paulisageek.com" is a person
                if b and (text == b or local == b and _service_address(domain, b)):
                    return True
        return False

    def with_bots(self, bots: list[str]) -> Profile:
        """A copy of the profile that also counts ``bots`` (a show's own list) as bots."""
        extra = [b for b in bots if b.strip() and b not in self.bots]
        return replace(self, bots=[*self.bots, *extra]) if extra else self

    def is_automatic_reason(self, reason: str) -> bool:
        low = reason.lower()
        return any(p.lower() in low for p in self.auto_revert)


def _theme(data: dict, housekeeping_groups: set[str]) -> Theme:
    try:
        theme = Theme(
            id=str(data["id"]),
            name=str(data.get("name", data["id"])),
            title=str(data.get("title", "")),
            group=str(data.get("group", "other work")),
            tags=[str(t).lower() for t in data.get("tags", [])],
            keywords=[str(k) for k in data.get("keywords", [])],
            paths=[str(p) for p in data.get("paths", [])],
        )
    except KeyError as exc:
        raise StudioError(f"a theme in the profile has no {exc.args[0]!r}") from None
    theme.housekeeping = bool(data.get("housekeeping", theme.group in housekeeping_groups))
    return theme


def load_profile(path: str | Path) -> Profile:
    p = Path(path)
    data = read_toml(p, "profile")
    show = data.get("show", {})
    housekeeping = {str(g) for g in show.get("housekeeping_groups", ["housekeeping"])}
    themes = [_theme(t, housekeeping) for t in data.get("theme", [])]
    lexicon = str(show.get("lexicon", ""))
    if lexicon and not Path(lexicon).is_absolute():
        lexicon = str((p.parent / lexicon).resolve())
    return Profile(
        id=str(show.get("id", p.stem)),
        name=str(show.get("name", p.stem)),
        repos=[str(r).lower() for r in show.get("repos", [])],
        host=str(show.get("host", "your host")),
        bots=[str(b) for b in show.get("bots", [])],
        auto_revert=[str(a) for a in show.get("auto_revert", [])],
        themes=themes,
        lexicon=lexicon,
        path=str(p),
        style=" ".join(str(show.get("style", "")).split()),
    )


# the bundled profiles as last read, by path: (mtime, size) and the profile. profile_for
# reads each of them for every call, and the window asks it on the UI thread whenever an
# episode opens (40 ms of TOML parsing a pull, measured); a handful of files, never more
_read: dict[str, tuple[tuple[int, int], Profile]] = {}


def _bundled(path: Path) -> Profile:
    """The bundled profile at ``path``, read again only when the file changed; shared: copy
    it before handing it out."""
    st = path.stat()
    stamp = (st.st_mtime_ns, st.st_size)
    known = _read.get(str(path))
    if known is not None and known[0] == stamp:
        return known[1]
    profile = load_profile(path)
    _read[str(path)] = (stamp, profile)
    return profile


def builtin_profiles() -> list[Path]:
    return sorted(resource_path("profiles").glob("*.toml"))


def profile_for(repo: str, explicit: str | None = None, project: str = "") -> Profile:
    """The profile named or given by path in ``explicit``, else the one covering ``repo``,
    else the generic default, named ``project`` (the project's own name) when known."""
    if explicit:
        candidate = Path(explicit)
        if candidate.suffix == ".toml" or candidate.exists():
            return load_profile(candidate)
        for path in builtin_profiles():
            if path.stem == explicit:
                return load_profile(path)
        names = ", ".join(p.stem for p in builtin_profiles())
        raise StudioError(f"no profile {explicit!r} (built in: {names}; or give a .toml path)")
    wanted = repo.lower()
    for path in builtin_profiles():
        profile = _bundled(path)
        if wanted in profile.repos:
            return copy.deepcopy(profile)
    default = copy.deepcopy(_bundled(resource_path("profiles") / "default.toml"))
    short = repo.rsplit("/", 1)[-1] or repo
    if project.strip():
        default.name = project.strip()
    else:
        default.name = short[:1].upper() + short[1:] if short.islower() else short
    return default


_SERVICE_DOMAIN = re.compile(r"(?:^|\.)(?:github\.com|gitlab\.com|bitbucket\.org|sourceforge\.net)$"
                             r"|no-?reply|(?:^|\.)(?:bots?|ci|builds?|automation)\.")


def _service_address(domain: str, account: str) -> bool:
    """Whether ``domain`` belongs to a forge, a no-reply service or the account itself, so that
    the local part of an address there names a machine account rather than a person's mailbox."""
    return not domain or bool(_SERVICE_DOMAIN.search(domain)) or account in domain.split(".")
