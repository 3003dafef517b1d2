"""Bring an exported MP3's tags up to date without a render: a title edited after export.

The host edits the title or the summary of an exported episode (in the app, or episode.json
by hand), or show.toml's title or host: the MP3 still says what the export wrote. A publish
compares the MP3's title, album, artist and summary with what they should be now and, where
they differ, rewrites those tags on a copy and swaps it in with ``episode.json`` (its size and
sha256) as one change (studio.export.fileset), so the feed's enclosure length follows.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ..episode import EPISODE_FILE, AudioFile, Episode
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_json, published_mode
from ..textsafe import clean_line, clean_text
from .chapter_order import order_chapters
from .fileset import publish_files, staging_dir
from .identity import FIRST_COMPANIONS, aliases_after, audio_file_name, companion_names
from .journal import sha256_of


@dataclass
class Wanted:
    """The tags an episode's MP3 should carry now."""

    title: str
    album: str
    artist: str
    summary: str

    @classmethod
    def of(cls, episode: Episode, album: str, artist: str) -> Wanted:
        return cls(clean_line(episode.title), clean_line(album), clean_line(artist),
                   clean_text(episode.summary))


def _current(mp3: Path) -> Wanted | None:
    from mutagen import MutagenError
    from mutagen.id3 import ID3

    try:
        tags = ID3(mp3)
    except (MutagenError, OSError):
        return None
    if "TIT2" not in tags:  # not tagged by an export (an encoder's bare tag): left as it is
        return None
    comments = [c for c in tags.getall("COMM") if c.desc == "" and c.lang == "eng"]
    return Wanted(str(tags.get("TIT2", "")), str(tags.get("TALB", "")), str(tags.get("TPE1", "")),
                  comments[0].text[0] if comments and comments[0].text else "")


def tags_stale(mp3: Path, wanted: Wanted) -> bool:
    """Whether ``mp3``'s title, album, artist or summary differ from ``wanted`` (an MP3
    with no readable tag, or no title in it, is left to a render)."""
    current = _current(mp3)
    return current is not None and current != wanted


def _companions_for(folder: Path, staged: Path, episode: Episode, old: str, name: str
                    ) -> list[str]:
    """A retagged MP3 under a new name brings its transcripts and chapters under names of
    its own too (studio.export.identity.companion_names), the same bytes, staged beside it;
    ``episode.files`` then names those. Returns the names staged."""
    if name == old:
        return []
    staged_names, files = [], {}
    for first, was, new in zip(FIRST_COMPANIONS, companion_names(old), companion_names(name),
                               strict=True):
        source = next((folder / n for n in (was, first)
                       if (folder / n).is_file() and not (folder / n).is_symlink()), None)
        if source is None:
            continue
        shutil.copyfile(source, staged / new)
        (staged / new).chmod(published_mode())
        files[new] = sha256_of(staged / new)
        staged_names.append(new)
    episode.files = files
    return staged_names


def retag(folder: Path, episode: Episode, wanted: Wanted, feed: Path | None = None,
          published: bool = False) -> AudioFile:
    """Rewrite ``episode``'s MP3 in ``folder`` with ``wanted``; returns its new AudioFile
    (also set on ``episode`` and saved with it). A ``published`` episode's retagged MP3 gets
    a new name (studio.export.identity), the old one staying as it is until the feed follows."""
    from mutagen import MutagenError
    from mutagen.id3 import COMM, ID3, TALB, TIT2, TPE1

    if episode.audio is None:
        raise StudioError(f"{folder.name} has no exported audio to tag")
    old = episode.audio.file
    name = audio_file_name(episode, wanted.album, folder, published) if published else old
    aliases = aliases_after(episode, old, name, published)
    staged = staging_dir(folder, "retag")
    try:
        mp3 = staged / name
        shutil.copyfile(folder / old, mp3)
        try:
            tags = ID3(mp3)
            tags.setall("TIT2", [TIT2(encoding=3, text=[wanted.title])])
            tags.setall("TALB", [TALB(encoding=3, text=[wanted.album])])
            tags.setall("TPE1", [TPE1(encoding=3, text=[wanted.artist])])
            tags.delall("COMM::eng")
            tags.add(COMM(encoding=3, lang="eng", desc="", text=[wanted.summary]))
            tags.update_to_v23()
            tags.save(mp3, v2_version=3)
            order_chapters(mp3)
        except (MutagenError, OSError) as exc:
            raise StudioError(f"cannot update the tags of {name}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from exc
        mp3.chmod(published_mode())
        companions = _companions_for(folder, staged, episode, old, name)
        episode.audio = AudioFile(file=name, bytes=mp3.stat().st_size, sha256=sha256_of(mp3),
                                  aliases=aliases)
        atomic_write_json(staged / EPISODE_FILE, episode.to_dict())
        publish_files(folder, staged, [name, *companions, EPISODE_FILE], feed)
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    return episode.audio
