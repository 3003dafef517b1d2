"""From a scripted episode folder to a finished episode: narration, mastering, export.

This is the audio half of ``produce``: it takes any folder holding an ``episode.json`` (from
the script writer, the editor or a test) and leaves the episode's MP3, transcripts, chapters
and updated ``episode.json`` in it. A failure anywhere leaves the previous export intact.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

from .audio.master import master_episode
from .audio.settings import AudioSettings
from .audio.tools import require_tool
from .editing import sentences_follow_text
from .episode import Episode, load_episode
from .export.checked import full_disk_error
from .export.episode_files import ExportInfo, default_cover, export_episode
from .export.fileset import hold_dir, staging_dir
from .export.identity import aliases_after, audio_file_name, current_audio_name
from .jobs import CancelToken, Progress, no_progress, scaled
from .narration.lexicon import Lexicon, host_lexicon
from .narration.takes import narrate
from .plumbing.errors import StudioError
from .plumbing.fsutil import check_writable_dir
from .plumbing.showlock import show_of
from .profile import Profile, profile_for
from .publish.mp3_cover import mp3_cover
from .publish.show_identity import show_identity
from .publish.state import read_published
from .sources.model import Day, save_day

log = logging.getLogger(__name__)
DAY_FILE = "day.json"


def host_name(profile: Profile, episode: Episode) -> str:
    host = profile.host.strip()
    if host and host.lower() != "your host":
        return host
    return f"{episode.show or profile.name} host"


def drop_old_audio(folder: Path, name: str) -> None:
    """Remove the MP3 an earlier, unpublished export left under another name."""
    old = folder / name
    if Path(name).name == name and old.suffix == ".mp3" and old.is_file() and not old.is_symlink():
        try:
            old.unlink()
        except OSError as exc:
            log.warning("cannot remove the earlier %s: %s", old, exc.strerror or exc)


def render_episode(
    episode_dir: str | Path,
    settings: AudioSettings | None = None,
    profile: Profile | None = None,
    lexicon: Lexicon | None = None,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    episode: Episode | None = None,
    cover: Path | None = None,
    day: Day | None = None,
    feed: Path | None = None,
) -> Episode:
    """Narrate, master and export the episode in ``episode_dir``; returns it as saved.

    ``episode`` replaces what ``episode.json`` holds (a fresh script): it is saved only as
    part of the export, so a failure leaves the previous files, ``episode.json`` included.
    ``cover`` is the image embedded in the MP3 (default: the studio's art); ``day`` (the day
    a fresh script was written from) is saved as ``day.json`` in the same swap. ``feed``: the
    show folder the caller publishes next; until it has, the export's journal says the feed is
    owed.
    """
    settings = (settings or AudioSettings()).validate()
    cancel = cancel or CancelToken()
    for tool in ("ffmpeg", "ffprobe"):
        require_tool(tool)
    if episode is None:
        episode = load_episode(episode_dir)  # first: a wrong path must not create a folder
    folder = check_writable_dir(episode_dir)
    resynced = sentences_follow_text(episode)  # an episode.json edited by hand
    if resynced:
        log.info("sentences of %s follow their edited text", ", ".join(resynced))
    profile = profile or profile_for(episode.repo)
    lexicon = lexicon or host_lexicon(profile.lexicon or None)
    narrate(episode, folder, settings, lexicon, scaled(progress, 0.0, 0.45), cancel)
    cancel.check()
    show = show_of(folder)
    identity = show_identity(show, episode, host_name(profile, episode))
    published = show is not None and folder.name in read_published(show)
    before = current_audio_name(episode, "", folder)
    mp3_name = audio_file_name(episode, identity.title, folder, published)
    aliases = aliases_after(episode, before, mp3_name, published or bool(episode.published_at))
    staged = staging_dir(folder, "export")
    hold = hold_dir(staged)  # a live export's folder is not a leftover
    try:
        mastered = master_episode(episode, folder, staged, staged / mp3_name, settings,
                                  scaled(progress, 0.45, 0.92), cancel)
        cancel.check()
        episode.loudness_target = settings.loudness_target
        episode.loudness_lufs = round(mastered.loudness.integrated, 1)
        tp = mastered.loudness.true_peak
        episode.true_peak_dbtp = None if tp is None else round(tp, 1)
        progress(0.94, "writing tags, transcripts and chapters")
        extra = []
        if day is not None:
            save_day(day, staged / DAY_FILE)
            extra.append(DAY_FILE)
        # the show's own picture (or the default that names it), as its site shows
        cover = cover or mp3_cover(show, staged) or default_cover()
        export_episode(episode, folder, staged,
                       ExportInfo(host=identity.host, cover=cover,
                                  show=identity.title, mp3_name=mp3_name, aliases=aliases),
                       extra, feed,
                       programme_seconds=mastered.programme_seconds)
    except (StudioError, OSError) as exc:  # the swap was not made: the previous files stay
        full = full_disk_error(folder, exc)
        if full is None:
            raise
        raise full from exc
    finally:
        shutil.rmtree(staged, ignore_errors=True)
        os.close(hold)
    if before and before != mp3_name and before not in aliases:
        drop_old_audio(folder, before)  # never published: no feed item links to it
    progress(1.0, f"exported {episode.duration} at {episode.loudness_lufs} LUFS")
    return episode
