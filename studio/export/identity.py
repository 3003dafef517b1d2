"""What names an episode's MP3 outside its folder: its file name, and the show and host its
ID3 tags carry (read from show.toml by :mod:`studio.publish.show_identity`).

A library of downloads (a phone's, a synced folder) holds MP3s from many episodes side by
side: each is named after its show and its day (``executorch-daily-2026-08-20.mp3``, a
recap ``executorch-daily-2026-W34.mp3``), and tagged with the show's title as the album and
its host as the artist, from show.toml (the first ``[[person]]`` whose role is host, else
``author``) when the episode lives in a show folder. An episode already published keeps the
file name its feed item has used (``episode.mp3`` before this naming): its enclosure URL never
changes, so apps neither lose nor download it twice.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..episode import Episode

MAX_SLUG = 60
LEGACY_NAME = "episode.mp3"  # every export's MP3 before they were named after show and day


def slug(text: str) -> str:
    """``ExecuTorch Daily`` -> ``executorch-daily``: ASCII letters, digits and dashes only."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return words[:MAX_SLUG].rstrip("-")


@dataclass
class ShowIdentity:
    """The show an episode belongs to, as its MP3 tells it."""

    title: str
    host: str


def audio_file_name(episode: Episode, show_title: str, folder: Path,
                    published: bool = False) -> str:
    """The MP3's file name: the one its feed item has used when the episode was published
    (``published``: the show's published.json lists it; or it carries a publish time),
    else the show's slug and the day."""
    named = f"{slug(show_title) or 'episode'}-{episode.folder_name}.mp3"
    if not (published or episode.published_at):
        return named
    if episode.audio and episode.audio.file:
        return episode.audio.file
    if (folder / named).is_file():
        return named
    return LEGACY_NAME if (folder / LEGACY_NAME).is_file() else named
