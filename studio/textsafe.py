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
