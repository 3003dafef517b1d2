"""The show and host an episode's MP3 is tagged with, from show.toml (album = the show's
title, artist = its host: the first ``[[person]]`` whose role is host, else ``author``)."""

from __future__ import annotations

import logging
from pathlib import Path

from ..episode import Episode
from ..export.identity import ShowIdentity
from ..plumbing.errors import StudioError
from .show import ShowSettings, read_settings, show_file

log = logging.getLogger(__name__)


def show_identity(show_dir: Path | None, episode: Episode, fallback_host: str) -> ShowIdentity:
    """From show.toml when ``show_dir`` holds one, else from the episode and the profile."""
    if show_dir is not None:
        if show_file(show_dir).is_file():
            try:
                return identity_of(read_settings(show_dir))
            except StudioError as exc:  # the export goes on; publish will refuse the file
                log.warning("%s; the MP3's album and artist come from the episode", exc)
    return ShowIdentity((episode.show or episode.repo).strip() or "Commitcast", fallback_host)


def identity_of(settings: ShowSettings) -> ShowIdentity:
    """The show's title, and its host: the first [[person]] whose role is host, else author
    (else the title): the same at every render and publish, so neither undoes the other."""
    hosts = [p.name for p in settings.person if p.role == "host" and p.name.strip()]
    host = hosts[0] if hosts else settings.author.strip() or settings.title
    return ShowIdentity(settings.title.strip() or "Commitcast", host)
