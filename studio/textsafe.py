"""Cleaning untrusted text (commit messages, names) before it goes anywhere."""

from __future__ import annotations

import re

# Bidirectional overrides and isolates can reorder text that is shown to people.
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
# Not allowed in XML 1.0 at all.
_XML_INVALID = re.compile(r"[\ufffe\uffff\ud800-\udfff]")


_DROP = {c: None for c in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20),
                            *range(0x7F, 0xA0), 0xFFFE, 0xFFFF]}


def clean_text(text: str) -> str:
    """Drop control characters (keeping tab and newlines) and normalise line ends."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.translate(_DROP)
    if not text.isascii() and _XML_INVALID.search(text):
        text = _XML_INVALID.sub("", text)
    return text


def clean_line(text: str) -> str:
    """One line of display text: controls and bidi overrides removed, whitespace folded."""
    return " ".join(_BIDI.sub("", clean_text(text)).split())


def decode_git(raw: bytes) -> str:
    """Decode bytes from git: UTF-8 where valid, otherwise Latin-1 for the odd byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("utf-8", errors="replace")


# What a reader that guesses whether text is HTML (feedparser for RSS titles, podcastparser
# for descriptions) takes for markup: "<" before a tag name, "</", "<!", "<?", and entities.
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
_ENTITY = re.compile(r"&(?=#?\w+;)")
_HTML_ESCAPES = {ord("&"): "&#38;", ord("<"): "&#60;", ord(">"): "&#62;"}
_WORD_JOINER = "\u2060"  # invisible and unbreakable: the text reads and wraps the same


def feed_text(text: str) -> str:
    """One line of plain text for a feed field that readers may take for HTML (titles, names).

    RSS says a title is text, yet feedparser renders one as HTML when it holds a closing tag
    or an entity, and such readers exist for every field. A word joiner after each ``<`` that
    starts a tag and each ``&`` that starts an entity leaves the text as it reads while no
    parser can see a tag or an entity in it.
    """
    line = clean_line(text)
    if "<" in line:
        line = _TAG_START.sub("<" + _WORD_JOINER, line)
    if "&" in line:
        line = _ENTITY.sub("&" + _WORD_JOINER, line)
    return line


def feed_html(text: str) -> str:
    """A feed field that is HTML by convention (RSS ``description``): the text as one escaped
    HTML paragraph, so a reader rendering it shows the text, and one stripping its tags (to
    show plain text) gets the text back. The escapes are numeric: podcastparser's tag
    stripper decodes those first, where its named-entity pattern would swallow ``&gt; &lt;``."""
    return f"<p>{clean_line(text).translate(_HTML_ESCAPES)}</p>"
