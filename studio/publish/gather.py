"""The episodes of a show folder that can be published, with the files each one offers.

An episode folder is ``SHOW_DIR/episodes/<YYYY-MM-DD>/`` (a recap's: ``<YYYY-Www>/`` or
``<FIRST>_<LAST>/``) holding ``episode.json`` and, once
exported, the MP3, the transcripts and the chapters. A folder with a script but no audio
yet (nothing exported) is a draft: it is left out and reported. A folder whose
``episode.json`` names an audio file that is not there is an error.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..episode import EPISODE_FILE, Episode, load_episode
from ..export.chapters import Chapter, read_chapters
from ..export.identity import FIRST_COMPANIONS, companion_names
from ..plumbing.errors import StudioError
from .safe_files import as_exported, show_root

log = logging.getLogger(__name__)

DEFAULT_AUDIO = "episode.mp3"
VTT_FILE, SRT_FILE, CHAPTERS_FILE = FIRST_COMPANIONS  # a first render's (studio.export.identity)


@dataclass
class ShowEpisode:
    """One publishable episode: its model, its folder and the facts the feed needs."""

    date: str
    folder: Path
    episode: Episode
    audio_name: str
    audio_bytes: int
    duration_seconds: int
    vtt: str | None = None
    srt: str | None = None
    chapters: str | None = None
    chapter_marks: list[Chapter] = field(default_factory=list)  # read from ``chapters``

    @property
    def rel_dir(self) -> str:
        return f"episodes/{self.date}/"


@dataclass
class Gathered:
    episodes: list[ShowEpisode]  # oldest first
    drafts: list[str]  # dates of folders with no audio yet


def _plain_name(name: str, date: str) -> str:
    if not name or Path(name).name != name or name in (".", ".."):
        raise StudioError(f"episode {date}: audio file name {name!r} is not a plain file name")
    return name


def _duration(ep: Episode, audio: Path, date: str) -> int:
    if ep.duration_seconds:
        return max(1, round(ep.duration_seconds))
    from mutagen.mp3 import MP3, HeaderNotFoundError

    try:
        return max(1, round(MP3(audio).info.length))
    except (HeaderNotFoundError, OSError, ValueError) as exc:
        raise StudioError(f"episode {date}: {audio.name} is not a readable MP3 ({exc})") from exc


def read_show_episode(folder: Path, root: Path | None = None) -> ShowEpisode | None:
    """The episode in ``folder`` of the show ``root`` (default: the folder's show), or None
    when it is a draft with no audio yet. Its files must be regular files inside the show
    folder with the sha256 their export recorded (studio.publish.safe_files)."""
    date = folder.name
    root = root if root is not None else show_root(folder)
    try:
        ep = load_episode(folder)
    except StudioError as exc:
        raise StudioError(f"episode {date}: {exc}") from exc
    name = _plain_name(ep.audio.file if ep.audio else DEFAULT_AUDIO, date)
    audio = folder / name
    if not os.path.lexists(audio):
        if ep.audio is None:
            return None
        raise StudioError(
            f"episode {date} has no audio: {audio} is missing (export the episode again)"
        )
    as_exported(root, audio, ep.audio.sha256 if ep.audio else None, date)
    offered = {}
    for kind, named in zip((VTT_FILE, SRT_FILE, CHAPTERS_FILE), companion_names(name),
                           strict=True):
        # this render's own (a re-render's are named after its MP3), else the first's (an
        # episode exported before renders named theirs)
        for extra in dict.fromkeys((named, kind)):
            path = folder / extra
            if os.path.lexists(path):  # a link, a FIFO or a folder there is refused
                as_exported(root, path, ep.files.get(extra), date)
                offered[kind] = extra
                break
    size = audio.stat().st_size
    if size == 0:
        raise StudioError(f"episode {date}: {audio} is empty")
    if ep.audio and ep.audio.bytes and ep.audio.bytes != size:
        log.warning("episode %s: %s is %d bytes, episode.json says %d; using the file",
                    date, name, size, ep.audio.bytes)
    chapters = folder / offered.get(CHAPTERS_FILE, CHAPTERS_FILE)
    marks: list[Chapter] = []
    if CHAPTERS_FILE in offered:
        try:
            marks = read_chapters(chapters)
        except StudioError as exc:
            log.warning("episode %s: %s; the feed item carries no psc:chapters", date, exc)
    return ShowEpisode(
        date=date,
        folder=folder,
        episode=ep,
        audio_name=name,
        audio_bytes=size,
        duration_seconds=_duration(ep, audio, date),
        vtt=offered.get(VTT_FILE),
        srt=offered.get(SRT_FILE),
        chapters=offered.get(CHAPTERS_FILE),
        chapter_marks=marks,
    )


def _is_date(name: str) -> bool:
    try:
        return dt.date.fromisoformat(name).isoformat() == name
    except ValueError:
        return False


def _no_episode_file(folder: Path, root: Path) -> None:
    """An episode folder without ``episode.json``: one that was exported or published would
    silently drop out of the feed, so that stops the publish; a pulled day with nothing
    exported yet is skipped with a warning."""
    from .state import read_published

    media = sorted(p.name for p in folder.iterdir()
                   if p.suffix.lower() in (".mp3", ".m4a", ".ogg", ".opus", ".vtt", ".srt"))
    if media or folder.name in read_published(root):
        what = f"it holds {', '.join(media[:3])}" if media else "it was published before"
        raise StudioError(
            f"episode {folder.name}: {folder / EPISODE_FILE} is missing but {what}; "
            f"it would drop out of the feed (export the episode again, or remove the folder)"
        )
    log.warning("episode %s: no %s (nothing exported yet); not in the feed",
                folder.name, EPISODE_FILE)


def gather_episodes(show_dir: str | Path) -> Gathered:
    """Every publishable episode under ``show_dir/episodes``, oldest first."""
    from ..sources.span import is_span_folder  # a recap's folder: 2026-W05, FIRST_LAST

    root = Path(show_dir)
    if not root.is_dir():
        raise StudioError(f"show folder {root} does not exist")
    episodes_dir = root / "episodes"
    folders = sorted(
        p for p in (episodes_dir.iterdir() if episodes_dir.is_dir() else [])
        if p.is_dir() and (_is_date(p.name) or is_span_folder(p.name))
    )
    found: list[ShowEpisode] = []
    drafts: list[str] = []
    for folder in folders:
        if not os.path.lexists(folder / EPISODE_FILE):
            _no_episode_file(folder, root)
            continue
        item = read_show_episode(folder, root)
        if item is None:
            drafts.append(folder.name)
        else:
            found.append(item)
    # by the day each tells (a recap's is its last day), a recap after that day's daily
    found.sort(key=lambda e: (e.episode.date, e.episode.kind == "recap", e.date))
    if not found:
        hint = f" ({len(drafts)} not exported yet: {', '.join(drafts)})" if drafts else ""
        raise StudioError(f"no episodes to publish in {episodes_dir}{hint}")
    return Gathered(found, drafts)
