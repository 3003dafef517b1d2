"""``show.toml``: the show's settings, created with defaults on first use and editable by hand.

Reading is tolerant of missing keys (they take their defaults) and of unknown ones (ignored
with a log line); a file that is not TOML, or holds a value of the wrong type, is a one-line
error and is never overwritten.
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import TOML_LIMIT, atomic_write_bytes, read_text, read_toml
from ..script.llm.config import WriterSettings, parse_writer
from .apple_categories import check_category
from .release import ReleaseSettings, check_release
from .show_people import ShowPeople, ShowPerson, check_people, strings, tables
from .subscribe import SubscribeLinks, check_subscribe
from .targets import PublishTargets, S3Settings, parse_publish, parse_s3

log = logging.getLogger(__name__)

SHOW_FILE = "show.toml"
DEFAULT_BASE_URL = "http://localhost:8000/"
DEFAULT_COVER = "cover.png"

@dataclass
class Owner:
    name: str = ""
    email: str = ""


@dataclass
class GithubPush:
    """Where ``--push`` sends the site: a repository's GitHub Pages branch."""

    repo: str = ""  # owner/name; empty: pushing is not configured
    branch: str = "gh-pages"
    path: str = ""  # folder inside the branch, empty for its root
    api_url: str = ""  # GitHub Enterprise API URL; empty for github.com
    auto_push: bool = False  # push on every publish, including the one ending `produce`


DEFAULT_MINUTES = 3.0
MINUTES_RANGE = (1.0, 15.0)


@dataclass
class ScriptSettings:
    """``[script]``: what the script writer aims for."""

    minutes: float = DEFAULT_MINUTES  # target length of a busy day's episode


@dataclass
class ShowVoice:
    """``[voice]``: who narrates the show. ``engine`` pyttsx3 or piper ("" = the host's
    setting); ``voice`` the engine's voice (a Piper voice name or .onnx path, a pyttsx3 id);
    ``speed`` 1.0 = normal (170 words a minute)."""

    engine: str = ""
    voice: str = ""
    speed: float = 1.0


@dataclass
class SourceSettings:
    """``[source]``: how ``produce`` treats a local clone. ``fetch``: fetch its remote first
    when the branch follows a remote-tracking branch (studio.sources.upstream)."""

    fetch: bool = True


@dataclass
class ShowSettings:
    title: str = "Commitcast"
    description: str = ""
    author: str = ""
    language: str = "en-us"
    category: str = "Technology"
    subcategory: str = ""
    explicit: bool = False
    base_url: str = DEFAULT_BASE_URL
    cover: str = DEFAULT_COVER  # a .png or .jpg file in the show folder
    podcast_guid: str = ""  # pinned at the first publish under a public base URL
    copyright: str = ""  # the feed's <copyright>; empty: "© YEAR(S) owner name or author"
    # the feed's old address when the show moved (set by publish --base-url): the feed then
    # says itunes:new-feed-url, and the old address should answer 301 (docs/hosting.md)
    moved_from: str = ""
    owner: Owner = field(default_factory=Owner)
    github: GithubPush = field(default_factory=GithubPush)
    publish: PublishTargets = field(default_factory=PublishTargets)
    s3: S3Settings = field(default_factory=S3Settings)
    voice: ShowVoice = field(default_factory=ShowVoice)
    script: ScriptSettings = field(default_factory=ScriptSettings)
    source: SourceSettings = field(default_factory=SourceSettings)
    release: ReleaseSettings = field(default_factory=ReleaseSettings)  # episodes' pubDate
    # [writer]: the story writer (default) or a language model fact-locked to the day
    writer: WriterSettings = field(default_factory=WriterSettings)
    # accounts this show counts as bots besides the profile's and the common bot shapes:
    # a name, a login, an e-mail address or its local part
    bots: list[str] = field(default_factory=list)
    person: list[ShowPerson] = field(default_factory=list)  # [[person]]
    people: ShowPeople = field(default_factory=ShowPeople)
    subscribe: SubscribeLinks = field(default_factory=SubscribeLinks)  # [subscribe]

    @property
    def feed_url(self) -> str:
        return self.base_url + "feed.xml"


def show_file(show_dir: str | Path) -> Path:
    return Path(show_dir) / SHOW_FILE


def default_settings(show_name: str, repo: str) -> ShowSettings:
    """Defaults for a new show: named after the episodes' show, describing the repository."""
    title = show_name.strip() or (repo.rsplit("/", 1)[-1] if repo else "") or "Commitcast"
    about = repo or title
    return ShowSettings(
        title=title,
        description=f"A short daily briefing on what landed in {about}, read aloud.",
        author=f"{title} by Commitcast Studio",
        owner=Owner(name=f"{title} by Commitcast Studio", email=""),
    )


# A well-formed BCP 47 tag (RFC 5646 "langtag", and private use), what RSS <language> takes:
# language[-extlang][-script][-region][-variant...][-extension...][-x-private].
LANGUAGE_TAG = re.compile(
    r"(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|[0-9]{3}))?"
    r"(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*(?:-[0-9a-wyz](?:-[a-z0-9]{2,8})+)*"
    r"(?:-x(?:-[a-z0-9]{1,8})+)?|x(?:-[a-z0-9]{1,8})+", re.IGNORECASE | re.ASCII)


def check_base_url(url: str) -> str:
    """An absolute http(s) URL ending in ``/``; anything else is a one-line error."""
    text = (url or "").strip()
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError as exc:
        raise StudioError(f"base URL {text[:80]!r} is not a valid URL: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise StudioError(f"base URL must be an absolute http:// or https:// URL, not {text!r}")
    if parts.query or parts.fragment:
        raise StudioError(f"base URL must not have a query or fragment: {text!r}")
    return text if text.endswith("/") else text + "/"


# [name] tables (and the bots list) in show.toml, each checked by its own parser
TABLES = ("owner", "github", "publish", "s3", "voice", "script", "source", "release", "writer",
          "bots", "person", "people", "subscribe")


def _typed(section: str, data: dict[str, Any], cls: type) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data or (cls is ShowSettings and f.name in TABLES):
            continue
        value = data[f.name]
        want = {"bool": bool, "float": (int, float)}.get(str(f.type), str)
        if not isinstance(value, want) or (want is not bool and isinstance(value, bool)):
            kind = {bool: "true or false", str: "a string"}.get(want, "a number")  # type: ignore
            raise StudioError(f"{SHOW_FILE}: {section}{f.name} must be {kind}")
        out[f.name] = value
    unknown = set(data) - {f.name for f in fields(cls)} - ({"recap"} if cls is ShowSettings else set())
    if unknown:  # [recap] is read on its own (recap_settings.py)
        log.warning("%s: ignoring unknown keys %s", SHOW_FILE, ", ".join(sorted(unknown)))
    return out


def _table(data: dict[str, Any], name: str) -> dict[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise StudioError(f"{SHOW_FILE}: [{name}] must be a table")
    return table


def show_bots(show_dir: str | Path | None) -> list[str]:
    """The show's own bots (show.toml's ``bots``); none when ``show_dir`` is not a show."""
    if show_dir is None or not show_file(show_dir).is_file():
        return []
    return read_settings(show_dir).bots


def check_minutes(value: object, where: str = f"{SHOW_FILE}: script.minutes") -> float:
    """A target length in minutes, within :data:`MINUTES_RANGE`; anything else a one-line error."""
    low, high = MINUTES_RANGE
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise StudioError(f"{where} must be a number of minutes from {low:g} to {high:g}, "
                          f"not {str(value)[:40]!r}")
    return float(value)


def _script(data: dict[str, Any]) -> ScriptSettings:
    unknown = set(data) - {"minutes"}
    if unknown:
        log.warning("%s: ignoring unknown keys %s", SHOW_FILE, ", ".join(sorted(unknown)))
    if "minutes" not in data:
        return ScriptSettings()
    return ScriptSettings(minutes=check_minutes(data["minutes"]))


def script_minutes(show_dir: str | Path) -> float | None:
    """``[script] minutes`` of the show in ``show_dir`` (None when it has no show.toml)."""
    if not show_file(show_dir).is_file():
        return None
    return read_settings(show_dir).script.minutes


def show_writer(show_dir: str | Path) -> WriterSettings | None:
    """``[writer]`` of the show in ``show_dir`` (None when it has no show.toml)."""
    if not show_file(show_dir).is_file():
        return None
    return read_settings(show_dir).writer


def parse_settings(data: dict[str, Any]) -> ShowSettings:
    settings = ShowSettings(**_typed("", data, ShowSettings))
    settings.owner = Owner(**_typed("owner.", _table(data, "owner"), Owner))
    settings.github = GithubPush(**_typed("github.", _table(data, "github"), GithubPush))
    settings.publish = parse_publish(_table(data, "publish"), SHOW_FILE)
    settings.s3 = parse_s3(_table(data, "s3"), SHOW_FILE)
    settings.voice = ShowVoice(**_typed("voice.", _table(data, "voice"), ShowVoice))
    settings.voice.speed = float(settings.voice.speed)
    settings.script = _script(_table(data, "script"))
    settings.source = SourceSettings(**_typed("source.", _table(data, "source"), SourceSettings))
    settings.release = ReleaseSettings(**_typed("release.", _table(data, "release"),
                                                ReleaseSettings))
    settings.writer = parse_writer(_table(data, "writer"))
    settings.bots = strings(data, "bots")
    settings.person = [ShowPerson(**_typed("person.", p, ShowPerson)) for p in tables(data, "person")]
    settings.people = ShowPeople(**_typed("people.", _table(data, "people"), ShowPeople))
    settings.subscribe = SubscribeLinks(**_typed("subscribe.", _table(data, "subscribe"),
                                                 SubscribeLinks))
    validate(settings)
    return settings


def validate(settings: ShowSettings) -> None:
    """Check what a feed needs; normalise the base URL and the push path."""
    settings.base_url = check_base_url(settings.base_url)
    if not settings.title.strip():
        raise StudioError(f"{SHOW_FILE}: title must not be empty")
    if not LANGUAGE_TAG.fullmatch(settings.language):
        raise StudioError(f"{SHOW_FILE}: language {settings.language[:40]!r} is not a language "
                          f"tag (BCP 47, e.g. en, en-us, de-ch, pt-br)")
    settings.category, settings.subcategory = check_category(
        settings.category, settings.subcategory, SHOW_FILE)
    if not settings.cover.endswith((".png", ".jpg")):  # feedgen drops any other image URL
        raise StudioError(
            f"{SHOW_FILE}: cover must be a .png or .jpg file (lower case), not {settings.cover!r}")
    cover = Path(settings.cover)
    if cover.is_absolute() or ".." in cover.parts:
        raise StudioError(f"{SHOW_FILE}: cover must be a file inside the show folder")
    if settings.owner.email and "@" not in settings.owner.email:
        raise StudioError(f"{SHOW_FILE}: owner.email {settings.owner.email!r} is not an address")
    if settings.github.repo and settings.github.repo.count("/") != 1:
        raise StudioError(f"{SHOW_FILE}: github.repo must be owner/name")
    check_people(settings.person, settings.people)
    check_subscribe(settings.subscribe, SHOW_FILE)
    check_release(settings.release, SHOW_FILE)
    engine = settings.voice.engine.strip().lower()
    if engine not in ("", "pyttsx3", "piper"):
        raise StudioError(f"{SHOW_FILE}: voice.engine must be pyttsx3 or piper, not {engine!r}")
    settings.voice.engine = engine
    if not 0.5 <= settings.voice.speed <= 2.0:
        raise StudioError(f"{SHOW_FILE}: voice.speed must be between 0.5 and 2.0 "
                          f"(1.0 = normal), not {settings.voice.speed}")
    if settings.github.api_url:
        settings.github.api_url = check_base_url(settings.github.api_url).rstrip("/")
    settings.github.path = settings.github.path.strip("/")
    if ".." in settings.github.path.split("/"):
        raise StudioError(f"{SHOW_FILE}: github.path must not contain '..'")


def read_settings(show_dir: str | Path) -> ShowSettings:
    """The settings in ``show_dir/show.toml``; a missing or broken file is a StudioError."""
    data = read_toml(show_file(show_dir), missing=f"no {SHOW_FILE} in {Path(show_dir)}")
    return parse_settings(data)


def write_settings(settings: ShowSettings, show_dir: str | Path) -> Path:
    """Save ``settings`` as the show's show.toml (atomically). An existing file is edited in
    place (studio.publish.show_toml): only changed keys are rewritten, comments stay."""
    from .show_toml import edited

    path = show_file(show_dir)
    text = old = None
    if path.exists():
        data = read_toml(path, missing=f"no {SHOW_FILE} in {Path(show_dir)}")
        old = asdict(parse_settings(data))  # a broken file raises here: never overwritten
        text = read_text(path, limit=TOML_LIMIT)
    atomic_write_bytes(path, edited(text, old, asdict(settings)).encode("utf-8"))
    return path


def set_writer(show_dir: str | Path, writer: WriterSettings, minutes: float,
               show_title: str = "") -> Path:
    """Write ``[writer]`` and ``[script] minutes`` into the show's show.toml (atomically),
    keeping the rest; a show folder without one gets the defaults first."""
    from dataclasses import replace

    show, _created = load_or_create(show_dir, show_title, "")
    return write_settings(replace(show, writer=writer.checked(),
                                  script=ScriptSettings(minutes=check_minutes(minutes))), show_dir)


@dataclass(frozen=True)
class ShowDetails:
    """What a host sets about the show itself (Settings ▸ Show): what the feed and Apple
    Podcasts show of it."""

    title: str = "Commitcast"
    author: str = ""  # the host, as the feed's itunes:author
    owner_name: str = ""
    owner_email: str = ""  # Apple Podcasts mails it to verify the show
    cover: str = DEFAULT_COVER
    category: str = "Technology"
    subcategory: str = ""

    @classmethod
    def of(cls, settings: ShowSettings) -> ShowDetails:
        return cls(settings.title, settings.author, settings.owner.name, settings.owner.email,
                   settings.cover, settings.category, settings.subcategory)

    def applied(self, settings: ShowSettings) -> ShowSettings:
        """``settings`` with these details, checked as show.toml's are (StudioError)."""
        from dataclasses import replace

        out = replace(settings, title=self.title.strip(), author=self.author.strip(),
                      owner=Owner(self.owner_name.strip(), self.owner_email.strip()),
                      cover=self.cover.strip() or DEFAULT_COVER, category=self.category,
                      subcategory=self.subcategory.strip())
        validate(out)
        return out


def set_details(show_dir: str | Path, details: ShowDetails) -> Path:
    """Write the show's title, host, owner, cover and categories into its show.toml
    (atomically), keeping the rest; a show folder without one gets the defaults first."""
    show, _created = load_or_create(show_dir, details.title, "")
    return write_settings(details.applied(show), show_dir)


def load_or_create(show_dir: str | Path, show_name: str, repo: str) -> tuple[ShowSettings, bool]:
    """The show's settings, writing defaults first when there is no ``show.toml`` yet.

    Returns the settings and whether the file was created now.
    """
    if show_file(show_dir).exists():
        return read_settings(show_dir), False
    settings = default_settings(show_name, repo)
    validate(settings)
    write_settings(settings, show_dir)
    log.info("created %s with default settings", show_file(show_dir))
    return settings, True
