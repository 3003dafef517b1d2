"""Cleaning untrusted text (commit messages, names) before it goes anywhere."""

from __future__ import annotations

import re

# C0 controls except tab, newline and carriage return; DEL; C1 controls.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Bidirectional overrides and isolates can reorder text that is shown to people.
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
# Not allowed in XML 1.0 at all.
_XML_INVALID = re.compile(r"[\ufffe\uffff\ud800-\udfff]")


def clean_text(text: str) -> str:
    """Drop control characters (keeping tab and newlines) and normalise line ends."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROLS.sub("", text)
    return _XML_INVALID.sub("", text)


def clean_line(text: str) -> str:
    """One line of display text: controls and bidi overrides removed, whitespace folded."""
    return " ".join(_BIDI.sub("", clean_text(text)).split())


def decode_git(raw: bytes) -> str:
    """Decode bytes from git: UTF-8 where valid, otherwise Latin-1 for the odd byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("utf-8", errors="replace")
