"""``feed.xml``: the show's RSS 2.0 podcast feed, through feedgen.

Every text is text to every reader: feedgen accepts control characters and only fails when
it serialises, and readers render some fields as HTML (feedparser guesses it for titles,
podcastparser for descriptions). So a field that is plain text passes
:func:`~studio.textsafe.feed_text` (cleaned, with nothing a parser takes for a tag or an
entity) and an item's ``description`` (HTML by convention) :func:`~studio.textsafe.feed_html`
(escaped HTML): ``<img onerror=...>`` in a commit reaches every reader as those characters.
Dates are timezone-aware; the build date is the newest episode's, so publishing the same
episodes twice gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import threading
from urllib.parse import quote

from .. import __version__
from ..textsafe import feed_html, feed_text
from .gather import ShowEpisode
from .podcast_ns import (
    FeedPerson,
    PodcastIndexEntryExtension,
    PodcastIndexExtension,
    Transcript,
    item_guid,
)
from .psc_ns import SimpleChaptersEntryExtension, SimpleChaptersExtension, web_link
from .show import ShowSettings
from .show_notes import show_notes

MAX_DESCRIPTION_BYTES = 4000
# feedgen formats dates by switching the process locale: one feed at a time.
_FEEDGEN_LOCK = threading.Lock()


def absolute(settings: ShowSettings, rel_path: str) -> str:
    """The public URL of a file of the site, given its path relative to the show folder."""
    return settings.base_url + quote(rel_path, safe="/")


def _limit_bytes(text: str, limit: int) -> str:
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[: limit - 3].decode("utf-8", errors="ignore").rstrip() + "..."


def _item_description(text: str) -> str:
    """The item's description as escaped HTML within the byte limit (cut as text, never
    inside an entity)."""
    html = feed_html(text)
    while len(html.encode("utf-8")) > MAX_DESCRIPTION_BYTES:
        text = _limit_bytes(text, len(text.encode("utf-8")) - 100)
        html = feed_html(text)
    return html


def parse_published(value: str) -> dt.datetime:
    """An RFC 3339 time as a timezone-aware datetime (naive times are taken as UTC)."""
    moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def build_feed(
    settings: ShowSettings, show_guid: str, episodes: list[ShowEpisode], published: dict[str, str]
) -> bytes:
    """The feed for ``episodes`` (oldest first), newest item first; ``published`` maps each
    episode's date to its RFC 3339 publish time."""
    from feedgen.feed import FeedGenerator

    fg = FeedGenerator()
    fg.load_extension("podcast")
    fg.register_extension("podcastindex", PodcastIndexExtension, PodcastIndexEntryExtension)
    fg.register_extension("psc", SimpleChaptersExtension, SimpleChaptersEntryExtension)
    title = feed_text(settings.title)
    description = feed_text(settings.description) or title
    fg.title(title)
    fg.description(_limit_bytes(description, MAX_DESCRIPTION_BYTES))
    # feedgen takes the channel <link> from the last link given: the self link goes first.
    fg.link(href=settings.feed_url, rel="self", type="application/rss+xml")
    fg.link(href=settings.base_url, rel="alternate")
    fg.language(feed_text(settings.language))
    fg.generator(f"Commitcast Studio {__version__}")
    cover = absolute(settings, settings.cover)
    fg.image(url=cover, title=title, link=settings.base_url)
    fg.podcast.itunes_image(cover)
    fg.podcast.itunes_author(feed_text(settings.author) or title)
    category = {"cat": settings.category}
    if settings.subcategory:
        category["sub"] = feed_text(settings.subcategory)
    fg.podcast.itunes_category(category)
    fg.podcast.itunes_type("episodic")
    fg.copyright(feed_text(copyright_line(settings, episodes)))
    if settings.moved_from:
        fg.podcast.itunes_new_feed_url(settings.feed_url)
    ext: PodcastIndexExtension = fg.podcastindex
    ext.explicit = settings.explicit
    ext.owner_name = feed_text(settings.owner.name)
    ext.owner_email = feed_text(settings.owner.email)
    ext.guid = show_guid
    ext.locked = True
    ext.locked_owner = ext.owner_email
    ext.persons = show_persons(settings)

    newest = None
    # by publish time (the days they tell, or the host's times), each prepended: newest first
    for item in sorted(episodes, key=lambda e: parse_published(published[e.date])):
        when = parse_published(published[item.date])
        newest = when if newest is None or when > newest else newest
        _add_item(fg, settings, show_guid, item, when)
    if newest is not None:
        fg.lastBuildDate(newest)
    with _FEEDGEN_LOCK:
        return fg.rss_str(pretty=True, encoding="UTF-8", xml_declaration=True)


def _add_item(fg, settings: ShowSettings, show_guid: str, item: ShowEpisode,  # noqa: ANN001
              when: dt.datetime) -> None:
    ep = item.episode
    fe = fg.add_entry(order="prepend")
    fe.title(feed_text(ep.title) or item.date)
    fe.podcast.itunes_title(feed_text(itunes_title(ep.title, (settings.title, ep.show, ep.repo)))
                            or item.date)
    fe.podcast.itunes_image(absolute(settings, settings.cover))
    fe.link(href=absolute(settings, item.rel_dir))
    fe.guid(item_guid(show_guid, item.date), permalink=False)
    fe.pubDate(when)
    fe.description(_item_description(ep.summary or ep.title or item.date))
    fe.content(show_notes(item, absolute(settings, item.rel_dir)))  # escaped, never CDATA
    fe.enclosure(absolute(settings, item.rel_dir + item.audio_name), str(item.audio_bytes),
                 "audio/mpeg")
    fe.podcast.itunes_duration(str(item.duration_seconds))
    fe.podcast.itunes_episode_type(ep.itunes_type)  # a recap: "bonus" unless show.toml numbers it
    if ep.season is not None:
        fe.podcast.itunes_season(ep.season)
    if ep.number is not None:
        fe.podcast.itunes_episode(ep.number)
    entry_ext: PodcastIndexEntryExtension = fe.podcastindex
    lang = feed_text(settings.language)
    if item.vtt:
        entry_ext.transcripts.append(
            Transcript(absolute(settings, item.rel_dir + item.vtt), "text/vtt", lang,
                       "captions"))
    if item.srt:
        entry_ext.transcripts.append(
            Transcript(absolute(settings, item.rel_dir + item.srt), "application/x-subrip", lang))
    if item.chapters:
        entry_ext.chapters_url = absolute(settings, item.rel_dir + item.chapters)
    entry_ext.persons = show_persons(settings) + author_persons(settings, item)
    psc: SimpleChaptersEntryExtension = fe.psc
    psc.chapters = list(item.chapter_marks)


def show_persons(settings: ShowSettings) -> list[FeedPerson]:
    """The show's own people (show.toml's [[person]]): on the channel and on every item. A
    show without any names its ``author`` as the host, unless that is the generated default
    ("TITLE by Commitcast Studio"), which names no one."""
    people = [FeedPerson(feed_text(p.name), p.role, p.group, web_link(p.img), web_link(p.href))
              for p in settings.person if feed_text(p.name)]
    author = feed_text(settings.author)
    if not people and author and not author.endswith(" by Commitcast Studio"):
        people = [FeedPerson(author)]
    return people


def itunes_title(title: str, names: tuple[str, ...]) -> str:
    """An episode's title without the show's name in front ("PyTorch: The Day of Rollbacks"
    -> "The Day of Rollbacks"): Apple asks ``itunes:title`` not to repeat it, since apps show
    the show's name beside it. ``names``: the show's title, the episodes' show, the repo."""
    text = " ".join(title.split())
    for name in sorted({n.strip() for n in names if n} | {n.rsplit("/", 1)[-1] for n in names
                                                           if n and "/" in n}, key=len,
                       reverse=True):
        for sep in (":", " -", " \u2013", " \u2014", " |"):
            head = name + sep
            if name and text.casefold().startswith(head.casefold()):
                rest = text[len(head):].strip(" :-\u2013\u2014|")
                if rest:
                    return rest
    return text


def copyright_line(settings: ShowSettings, episodes: list[ShowEpisode]) -> str:
    """``<copyright>``: show.toml's ``copyright``, else "© FIRST–LAST owner" with the years
    the episodes tell and the owner's name (else the author, else the show's title)."""
    if settings.copyright.strip():
        return settings.copyright.strip()
    years = sorted({item.episode.date[:4] for item in episodes if item.episode.date[:4].isdigit()})
    span = (years[0] if len(years) < 2 else f"{years[0]}\u2013{years[-1]}") if years else ""
    who = settings.owner.name.strip() or settings.author.strip() or settings.title
    return " ".join(part for part in ("\u00a9", span, who) if part)


def author_persons(settings: ShowSettings, item: ShowEpisode) -> list[FeedPerson]:
    """The day's people (bots never), when show.toml's [people] authors is on; the link is the
    GitHub profile where the account is known."""
    if not settings.people.authors:
        return []
    role, group = settings.people.role, settings.people.group
    return [FeedPerson(feed_text(p.name), role, group, "", web_link(p.url))
            for p in item.episode.people if feed_text(p.name)]
