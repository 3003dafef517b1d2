"""The Podcasting 2.0 namespace for feedgen, plus the iTunes tags feedgen gets wrong.

feedgen's own ``podcast`` extension covers the iTunes tags only, accepts ``itunes:explicit``
as ``yes``/``no`` while Apple now wants ``true``/``false``, and insists on an owner e-mail.
This extension writes those two, and ``podcast:guid``, ``podcast:locked``,
``podcast:person``, ``podcast:transcript`` and ``podcast:chapters``.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from feedgen.ext.base import BaseEntryExtension, BaseExtension
from lxml import etree

PODCAST_NS = "https://podcastindex.org/namespace/1.0"
ITUNES_NS = "http://www.itunes.com/dtds/podcast-1.0.dtd"
# The namespace UUID the Podcasting 2.0 spec gives for podcast:guid.
PODCAST_GUID_NAMESPACE = uuid.UUID("ead4c236-bf58-58c6-a2c6-a6b28d128cb6")


def xml_elem(name: str, parent, **attrib: str):  # noqa: ANN001, ANN201 - lxml elements
    return etree.SubElement(parent, name, attrib)


def podcast_guid(feed_url: str) -> str:
    """``podcast:guid``: UUIDv5 of the feed URL without its scheme and trailing slashes."""
    text = feed_url.strip()
    if "://" in text:
        text = text.split("://", 1)[1]
    return str(uuid.uuid5(PODCAST_GUID_NAMESPACE, text.rstrip("/")))


def item_guid(show_guid: str, date: str) -> str:
    """An episode's guid: the same show and date give the same guid forever."""
    return str(uuid.uuid5(uuid.UUID(show_guid), date))


@dataclass
class Transcript:
    url: str
    type: str  # text/vtt, application/x-subrip, ...
    language: str = ""
    rel: str = ""  # "captions": timed for display with the audio (the VTT)


@dataclass
class FeedPerson:
    """A ``podcast:person``: ``role`` and ``group`` from the Podcast Taxonomy, ``img`` and
    ``href`` absolute URLs or empty."""

    name: str
    role: str = "host"
    group: str = "cast"
    img: str = ""
    href: str = ""


def add_persons(parent, persons: list[FeedPerson]) -> None:  # noqa: ANN001 - lxml element
    for p in persons:
        el = xml_elem(f"{{{PODCAST_NS}}}person", parent, role=p.role, group=p.group)
        for key in ("img", "href"):
            if value := getattr(p, key):
                el.attrib[key] = value
        el.text = p.name


class PodcastIndexExtension(BaseExtension):
    """Channel tags: podcast:guid, podcast:locked, podcast:person, itunes:explicit,
    itunes:owner."""

    def __init__(self) -> None:
        self.persons: list[FeedPerson] = []
        self.guid: str | None = None
        self.locked: bool | None = None
        self.locked_owner = ""
        self.explicit: bool | None = None
        self.owner_name = ""
        self.owner_email = ""

    def extend_ns(self) -> dict[str, str]:
        return {"podcast": PODCAST_NS, "itunes": ITUNES_NS}

    def extend_rss(self, feed):  # noqa: ANN001 - an lxml element
        channel = feed[0]
        if self.explicit is not None:
            xml_elem(f"{{{ITUNES_NS}}}explicit", channel).text = (
                "true" if self.explicit else "false"
            )
        if self.owner_name or self.owner_email:
            owner = xml_elem(f"{{{ITUNES_NS}}}owner", channel)
            if self.owner_name:
                xml_elem(f"{{{ITUNES_NS}}}name", owner).text = self.owner_name
            if self.owner_email:
                xml_elem(f"{{{ITUNES_NS}}}email", owner).text = self.owner_email
        if self.guid:
            xml_elem(f"{{{PODCAST_NS}}}guid", channel).text = self.guid
        if self.locked is not None:
            locked = xml_elem(f"{{{PODCAST_NS}}}locked", channel)
            locked.text = "yes" if self.locked else "no"
            if self.locked_owner:
                locked.attrib["owner"] = self.locked_owner
        add_persons(channel, self.persons)
        return feed


class PodcastIndexEntryExtension(BaseEntryExtension):
    """Item tags: podcast:person (an item's replace the channel's: the show's people come
    first), podcast:transcript (one per file) and podcast:chapters."""

    def __init__(self) -> None:
        self.persons: list[FeedPerson] = []
        self.transcripts: list[Transcript] = []
        self.chapters_url = ""

    def extend_ns(self) -> dict[str, str]:
        return {"podcast": PODCAST_NS}

    def extend_rss(self, entry):  # noqa: ANN001 - an lxml element
        add_persons(entry, self.persons)
        for t in self.transcripts:
            el = xml_elem(f"{{{PODCAST_NS}}}transcript", entry, url=t.url, type=t.type)
            if t.language:
                el.attrib["language"] = t.language
            if t.rel:
                el.attrib["rel"] = t.rel
        if self.chapters_url:
            xml_elem(f"{{{PODCAST_NS}}}chapters", entry, url=self.chapters_url,
                     type="application/json+chapters")
        return entry
