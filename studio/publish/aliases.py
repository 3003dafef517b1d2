"""Old MP3 names stay served: each is, in time, a hard link to the episode's current MP3 (and
the transcripts and chapters named after it, to the current render's).

A published episode's new MP3 comes under a new name (studio.export.identity), so the feed a
reader already has stays true while the new files arrive: its enclosure names the old file,
whose bytes and length have not changed. Once the new feed is in place, the old names are
the MP3's aliases (``episode.json``: ``audio.aliases``, oldest first), and a feed item
or a download link that still uses one must keep working:

* the newest alias, the MP3 the feed named until this publish, keeps its own bytes for one
  more render — a reader that fetched the old feed a moment ago still gets the file it
  describes;
* every older alias is made a hard link to the current MP3 (a temp link, then a rename: the
  name never stops answering), so old URLs cost a directory entry, not another MP3.

The same is done in the show folder (a self-hosted site) and in each ``folder:`` target, after
their feed has been written.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
from pathlib import Path

from ..episode import Episode
from ..export.identity import companion_names
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import fsync_dir

log = logging.getLogger(__name__)


def _plain_mp3(name: str) -> bool:
    return Path(name).name == name and name not in ("", ".", "..") and \
        name.lower().endswith(".mp3") and not name.startswith(".")


def relinked(episode: Episode) -> list[str]:
    """The aliases that now point at the current MP3: all but the newest."""
    if episode.audio is None:
        return []
    names = [a for a in episode.audio.aliases if _plain_mp3(a) and a != episode.audio.file]
    return names[:-1]


def _same_file(a: Path, b: Path) -> bool:
    try:
        sa, sb = os.lstat(a), os.stat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def link_alias(folder: Path, alias: str, current: str) -> bool:
    """Make ``folder/alias`` the same file as ``folder/current``; False (logged) when it
    cannot be. Whatever stood at ``alias`` (an older MP3, a link) is replaced by the rename."""
    target, source = folder / alias, folder / current
    if _same_file(target, source) or not source.is_file():
        return True
    tmp = folder / f".{alias}.{secrets.token_hex(4)}.tmp"  # a leftover if killed (leftovers)
    try:
        try:
            os.link(source, tmp)
        except OSError:  # a filesystem without hard links: a copy serves the same bytes
            shutil.copy2(source, tmp)
        os.replace(tmp, target)
        fsync_dir(folder)
        return True
    except (OSError, StudioError) as exc:
        tmp.unlink(missing_ok=True)
        log.warning("cannot point the old name %s at %s: %s", target, current,
                    getattr(exc, "strerror", None) or exc)
        return False


def older_names(episode: Episode) -> dict[str, str]:
    """Each older name to point at a current file: the older aliases at the current MP3, and
    their transcripts and chapters (studio.export.identity.companion_names) at the current
    render's."""
    if episode.audio is None:
        return {}
    current = episode.audio.file
    pairs = {}
    for alias in relinked(episode):
        pairs[alias] = current
        for old, new in zip(companion_names(alias), companion_names(current), strict=True):
            if old != new:
                pairs[old] = new
    return pairs


def link_aliases(folder: Path, episode: Episode) -> None:
    """Point the episode's older names in ``folder`` at its current files: every older MP3
    alias, and those of their transcripts and chapters that are there."""
    for old, current in older_names(episode).items():
        if old.lower().endswith(".mp3") or os.path.lexists(folder / old):
            link_alias(folder, old, current)
