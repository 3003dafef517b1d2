"""Exporting an episode: MP3 with tags and chapters, transcripts, chapters JSON, episode.json,
replaced together in the episode folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..audio.cuts import heard_at, regions
from ..audio.silences import long_silences
from ..audio.trim import analyze, pauses
from ..episode import EPISODE_FILE, AudioFile, Episode
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_json, atomic_write_text, published_mode
from ..resources import resource_path
from .chapters import chapters_json, episode_chapters
from .checked import check_encoded, unreadable
from .fileset import publish_files
from .identity import companion_names
from .journal import sha256_of
from .tags import write_tags
from .transcripts import episode_cues, to_srt, to_vtt

MP3_NAME = "episode.mp3"


@dataclass
class ExportInfo:
    host: str  # the MP3's artist
    cover: Path | None = None
    show: str = ""  # the MP3's album (default: the episode's show, else its repository)
    mp3_name: str = MP3_NAME  # the MP3 staged and published (studio.export.identity)
    aliases: list[str] = field(default_factory=list)  # earlier names feeds have used


def default_cover() -> Path:
    return resource_path("art", "cover.jpg")


def iso_duration(seconds: float) -> str:
    """ISO 8601 duration like ``PT4M5S`` (whole seconds)."""
    total = int(round(seconds))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    out = "PT" + (f"{h}H" if h else "") + (f"{m}M" if m else "")
    return out + (f"{s}S" if s or total == 0 else "")


def mp3_duration(path: Path) -> float:
    """The MP3's length from its Xing/LAME header (mutagen; what ffprobe says, without
    starting a process)."""
    from mutagen import MutagenError
    from mutagen.mp3 import MP3

    try:
        return float(MP3(path).info.length)
    except (MutagenError, OSError, ValueError) as exc:
        raise StudioError(f"cannot tell the length of {path.name}") from exc


def take_pauses(episode: Episode, folder: Path) -> dict[str, list[float]]:
    """Midpoints of the pauses inside each segment's take, in programme seconds."""
    found: dict[str, list[float]] = {}
    for seg in episode.segments:
        if seg.take is None or seg.start is None:
            continue
        trim = seg.take.trim
        start = trim.start
        end = trim.end if trim.end is not None else seg.take.duration
        analysis = analyze(folder / seg.take.path)
        # shortened or cut out in the programme (a pause inside a cut is not heard)
        removed = regions(trim.cuts, long_silences(analysis, start, end), start, end)
        found[seg.id] = [seg.start + heard_at((a + b) / 2, start, removed)
                         for a, b in pauses(analysis, start, end)
                         if not any(x <= (a + b) / 2 <= y for x, y in trim.cuts)]
    return found


def export_episode(episode: Episode, folder: Path, staged: Path, info: ExportInfo,
                   extra: list[str] | None = None, feed: Path | None = None,
                   programme_seconds: float | None = None) -> None:
    """Finish the files in ``staged`` (which holds the mastered MP3) and publish them all,
    with the ``extra`` files already staged (e.g. the day.json of a new script).

    The episode's export fields (duration, audio, the files' hashes) are set from the files
    themselves. ``feed``: the show folder whose feed must follow (see ``publish_files``).
    ``programme_seconds``: what the MP3 must play; the tagged MP3 is decoded and checked
    against it before anything is replaced (studio.export.checked).
    """
    mp3 = staged / info.mp3_name
    try:
        duration = mp3_duration(mp3)
    except StudioError as exc:
        raise unreadable(folder, exc) from exc
    chapters = episode_chapters(episode, duration)
    episode.refresh_transcript()
    write_tags(mp3, episode.title, info.host, info.show or episode.show or episode.repo, episode.date,
               episode.summary, episode.transcript, chapters, info.cover)
    if programme_seconds is not None:
        check_encoded(mp3, programme_seconds, duration, folder)
    cues = episode_cues(episode, take_pauses(episode, folder))
    vtt, srt, chapters_name = companion_names(info.mp3_name)
    atomic_write_text(staged / vtt, to_vtt(cues), public=True)
    atomic_write_text(staged / srt, to_srt(cues), public=True)
    atomic_write_text(staged / chapters_name, chapters_json(chapters), public=True)
    os.chmod(mp3, published_mode())  # published; episode.json below stays private (fsutil)
    episode.duration_seconds = round(duration, 3)
    episode.duration = iso_duration(duration)
    episode.audio = AudioFile(file=info.mp3_name, bytes=mp3.stat().st_size, sha256=sha256_of(mp3),
                              aliases=list(info.aliases))
    episode.files = {name: sha256_of(staged / name) for name in (vtt, srt, chapters_name)}
    atomic_write_json(staged / EPISODE_FILE, episode.to_dict())
    publish_files(folder, staged, [info.mp3_name, vtt, srt, chapters_name, *(extra or []),
                                   EPISODE_FILE], feed)
