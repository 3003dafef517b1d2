"""What names an episode's MP3 outside its folder: its file name, and the show and host its
ID3 tags carry (read from show.toml by :mod:`studio.publish.show_identity`).

A library of downloads (a phone's, a synced folder) holds MP3s from many episodes side by
side: each is named after its show and its day (``executorch-daily-2026-08-20.mp3``, a
recap ``executorch-daily-2026-W34.mp3``), and tagged with the show's title as the album and
its host as the artist, from show.toml (the first ``[[person]]`` whose role is host, else
``author``) when the episode lives in a show folder.

An episode already published gets a new name for each new MP3 (``…-2026-08-20-r2.mp3``,
``-r3``), and so do its transcripts and chapters (:func:`companion_names`): the feed a reader
already has names the old files (the MP3 with its old length), and they stay as they were
until the new feed has replaced it, so feed and files never disagree. The names
its feed items have used (``episode.mp3`` before this naming) are kept as the MP3's aliases and
stay served (studio.publish.aliases): an old URL never stops working.
"""

from __future__ import annotations

import os
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


RENDER = re.compile(r"-r(\d{1,6})\.mp3$")
# the transcripts and chapters of an episode's first render (and of every export before
# renders were numbered)
FIRST_COMPANIONS = ("transcript.vtt", "transcript.srt", "chapters.json")


def companion_names(mp3_name: str) -> tuple[str, str, str]:
    """The WebVTT, SubRip and chapters files that go with the MP3 ``mp3_name``: the first
    render's fixed names, and for each later render of a published episode names of its own
    (``…-2026-08-20-r2.vtt``, ``.srt``, ``.chapters.json``). A feed item names the chapters
    and transcripts of its own MP3, so while a re-render arrives the feed a reader already
    has keeps its chapters' times and its transcript's cues, as it keeps its MP3."""
    if RENDER.search(mp3_name) is None:
        return FIRST_COMPANIONS
    stem = mp3_name[:-len(".mp3")]
    return f"{stem}.vtt", f"{stem}.srt", f"{stem}.chapters.json"


def current_audio_name(episode: Episode, named: str, folder: Path) -> str | None:
    """The MP3 name the episode's feed item uses now, if it has one on disk."""
    if episode.audio and episode.audio.file:
        return episode.audio.file
    for name in (named, LEGACY_NAME):
        if name and (folder / name).is_file():
            return name
    return None


def audio_file_name(episode: Episode, show_title: str, folder: Path,
                    published: bool = False) -> str:
    """The new MP3's file name: the show's slug and the day; for an episode already published
    (``published``: the show's published.json lists it; or it carries a publish time), a
    name no feed has used yet, numbered after the renders before it (``-r2``, ``-r3``)."""
    named = f"{slug(show_title) or 'episode'}-{episode.folder_name}.mp3"
    if not (published or episode.published_at):
        return named
    current = current_audio_name(episode, named, folder)
    if current is None:
        return named
    return next_render_name(named, [current, *(episode.audio.aliases if episode.audio else [])],
                            folder)


def next_render_name(named: str, used: list[str], folder: Path) -> str:
    """``named`` numbered past every render in ``used`` and every file in ``folder``."""
    numbers = [int(m.group(1)) for m in map(RENDER.search, used) if m]
    n = max([1, *numbers]) + 1
    stem = named[:-len(".mp3")]
    while f"{stem}-r{n}.mp3" in used or os.path.lexists(folder / f"{stem}-r{n}.mp3"):
        n += 1
    return f"{stem}-r{n}.mp3"


def aliases_after(episode: Episode, before: str | None, new_name: str,
                  published: bool) -> list[str]:
    """The aliases the new MP3 keeps: those of the one it replaces and, for a published
    episode, that one's name last (its feed item has used it)."""
    names = list(episode.audio.aliases) if episode.audio else []
    if published and before:
        names.append(before)
    return list(dict.fromkeys(a for a in names if a and a != new_name))
