"""The one recovery step that commands and the app run when they open an episode or a show,
before anything else: what a killed run left is finished or undone.

* **Exports**: an interrupted swap is rolled forward, or back (:mod:`studio.export.journal`),
  and the staging and backup folders, temp files of atomic writes and synthesized takes a
  dead run left are removed — under the show lock when the episode is in a show
  (``SHOW/episodes/DATE``), so a live run's files are never touched.
* **Recordings**: a take whose recorder died is repaired and offered back
  (:mod:`studio.recording.recovery`).
* **The feed** (why the journal covers it): ``produce`` exports, then publishes. Its journal
  names the show folder whose feed must follow and stays, marked "swapped", until the
  publish has written that feed. So a run that dies anywhere between the swap and the feed
  leaves the feed owed in the journal, and this step writes it (a local publish, no push)
  before the command goes on: the feed is then rebuilt from the very files on disk, so its
  enclosure length is the MP3's size. A run that dies before the swap leaves the old files
  and the old feed, which agree. This was chosen over comparing modification times at every
  start: the journal says exactly when a feed is owed, costs nothing when none is, and works
  the same for a feed whose bytes do not change.

The episode model (:mod:`studio.episode`) knows nothing of this: it stays at the bottom.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from contextlib import nullcontext
from pathlib import Path

from .export.journal import feed_written, journal_path, recover
from .leftovers import episode_leftovers, remove_episode_leftovers, remove_leftovers, show_leftovers
from .plumbing.errors import StudioError
from .plumbing.showlock import ShowBusy, show_lock

log = logging.getLogger(__name__)

EPISODES_DIR = "episodes"


def show_of(folder: Path) -> Path | None:
    """The show folder an episode folder belongs to (``SHOW/episodes/DATE``), if any."""
    folder = Path(os.path.abspath(folder))
    return folder.parent.parent if folder.parent.name == EPISODES_DIR else None


def _entries(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _has_work(folder: Path) -> bool:
    return journal_path(folder).exists() or bool(episode_leftovers(folder))


def _recover_exports(folder: Path, clean: bool) -> set[Path]:
    """Roll the folder's journal; with ``clean``, remove leftovers. Returns feeds owed."""
    done = recover(folder)
    if done is None and journal_path(folder).exists():
        return set()  # a live run is swapping: its folders are not leftovers
    if clean:
        remove_episode_leftovers(folder)
    return {done.feed} if done is not None and done.feed is not None else set()


def _lock(show: Path | None):
    return show_lock(show, what="studio recovery") if show is not None else nullcontext()


def _write_feeds(feeds: set[Path], folders: Iterable[Path]) -> None:
    from .publish.site import publish_show

    for show in sorted(feeds):
        try:
            publish_show(show, push=False, targets=[])
        except ShowBusy:
            log.info("the feed of %s is owed; another run holds the show", show)
            continue
        except StudioError as exc:
            log.warning("the feed of %s does not follow the last export yet (%s); "
                        "run `studio publish --show-dir %s`", show, exc, show)
            continue
        for folder in folders:
            feed_written(folder)


def recover_episode(folder: str | Path, *, publish_feed: bool = True) -> None:
    """Everything a dead run left in one episode folder, before a command uses it.

    In a show folder this takes the show's lock (briefly, without waiting; a busy show is
    left to the run that holds it). ``publish_feed=False`` leaves an owed feed owed."""
    from .recording.recovery import recover_quietly

    path = Path(folder)
    if not path.is_dir():
        return  # the command itself says what is missing
    recover_quietly(path)
    if not _has_work(path):
        return
    show = show_of(path)
    try:
        with _lock(show):
            feeds = _recover_exports(path, clean=show is not None)
    except ShowBusy:
        log.info("left the recovery of %s to the run that holds the show", path)
        return
    if publish_feed and feeds:
        _write_feeds(feeds, [path])


def recover_show(show_dir: str | Path, *, publish_feed: bool = True) -> None:
    """:func:`recover_episode` for every episode of a show, and the show folder's own temp
    files; the caller may hold the show lock already (it is re-entrant)."""
    from .recording.recovery import recover_quietly

    root = Path(show_dir)
    folders = [p for p in _entries(root / EPISODES_DIR) if p.is_dir()]
    for folder in folders:
        recover_quietly(folder)
    work = [f for f in folders if _has_work(f)]
    if not work and not show_leftovers(root):
        return
    feeds: set[Path] = set()
    try:
        with show_lock(root, what="studio recovery"):
            for folder in work:
                feeds |= _recover_exports(folder, clean=True)
            remove_leftovers(root)
    except ShowBusy:
        log.info("left the recovery of %s to the run that holds it", root)
        return
    if publish_feed and feeds:
        _write_feeds(feeds, work)
