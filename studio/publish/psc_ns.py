"""Podlove Simple Chapters (``psc:chapters``) for feedgen: the episode's chapters inside the
feed item, where gPodder (podcastparser) and other clients that never fetch
``podcast:chapters`` read them. Chapter titles are attribute text (lxml escapes them);
a chapter's link is kept only when it is an absolute http(s) URL.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from feedgen.ext.base import BaseEntryExtension, BaseExtension

from ..export.chapters import Chapter
from ..textsafe import feed_text
from .podcast_ns import xml_elem

PSC_NS = "http://podlove.org/simple-chapters"
PSC_VERSION = "1.2"


def normal_play_time(seconds: float) -> str:
    """``HH:MM:SS.mmm`` (RFC 2326 normal play time), as Simple Chapters' ``start`` wants."""
    millis = max(0, round(seconds * 1000))
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}.{rest % 1000:03d}"


def web_link(url: str) -> str:
    """``url`` when it is an absolute http(s) URL, else empty."""
    text = (url or "").strip()
    try:
        parts = urlsplit(text)
    except ValueError:
        return ""
    return text if parts.scheme in ("http", "https") and parts.netloc else ""


class SimpleChaptersExtension(BaseExtension):
    """Channel part: only the namespace."""

    def extend_ns(self) -> dict[str, str]:
        return {"psc": PSC_NS}


class SimpleChaptersEntryExtension(BaseEntryExtension):
    """Item part: ``<psc:chapters version="1.2">`` with one ``<psc:chapter>`` a chapter."""

    def __init__(self) -> None:
        self.chapters: list[Chapter] = []

    def extend_ns(self) -> dict[str, str]:
        return {"psc": PSC_NS}

    def extend_rss(self, entry):  # noqa: ANN001 - an lxml element
        if not self.chapters:
            return entry
        block = xml_elem(f"{{{PSC_NS}}}chapters", entry, version=PSC_VERSION)
        for n, ch in enumerate(sorted(self.chapters, key=lambda c: c.start), 1):
            el = xml_elem(f"{{{PSC_NS}}}chapter", block, start=normal_play_time(ch.start),
                          title=feed_text(ch.title) or f"Part {n}")
            if link := web_link(ch.url):
                el.attrib["href"] = link
        return entry
