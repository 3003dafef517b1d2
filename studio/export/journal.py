"""The export's final swap as one commit: a journal that any later run rolls forward or back.

An export replaces several files of an episode folder (the MP3, the transcripts, the
chapters, ``episode.json``); a rename is atomic, five renames are not. So the swap is logged:

1. every new file is complete in a staging folder ``.export-XXXX`` and fsynced;
2. every file it replaces is hard-linked into a backup folder ``.backup-XXXX`` (fsynced);
3. the journal ``.export-journal.json`` is written atomically (temp file, fsync, rename,
   fsync of the folder). It names both folders, the files in swap order and the sha256 of
   each new file. **This is the commit**: from here on the export has happened;
4. the files are renamed into place, in order;
5. both folders are removed, then the journal — or, when the show's feed has to follow
   the export (``feed``), the journal is rewritten as ``swapped`` and stays until that feed
   has been written (:func:`feed_written`, called by the publish).

:func:`recover` is what the next run does first, under the show lock:

* journal ``committed``: roll forward — each file whose target already holds the new bytes
  is done, each other one is renamed from the staging folder once its hash is checked. If a
  new file is missing or damaged (only a failing disk or a person does that), roll back
  instead: every target is restored from the backup folder, or removed when it is new and
  had no earlier version;
* journal ``swapped``: the files are in place; only the feed is still owed;
* no journal: ``.export-*`` and ``.backup-*`` folders are from a run that died before the
  commit, when no target had been touched; the leftovers clean-up deletes them.

A run between steps 3 and 5 holds an ``flock`` on the journal (taken on its temp file
before the rename), so recovery in another process leaves a live swap alone.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import fsync_dir

log = logging.getLogger(__name__)

JOURNAL_NAME = ".export-journal.json"
COMMITTED = "committed"
SWAPPED = "swapped"


@dataclass
class Journal:
    staged: str  # the staging folder's name, inside the episode folder
    backup: str  # the backup folder's name, inside the episode folder
    files: dict[str, str] = field(default_factory=dict)  # name -> sha256 of the new file, in order
    state: str = COMMITTED
    feed: str = ""  # the show folder whose feed must follow, relative to the episode folder

    def feed_dir(self, folder: Path) -> Path | None:
        return (folder / self.feed).resolve() if self.feed else None


@dataclass
class Recovered:
    """What :func:`recover` did to one episode folder."""

    action: str  # "forward", "back" or "" (the journal was already swapped)
    feed: Path | None  # the show folder whose feed is still owed


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def journal_path(folder: Path) -> Path:
    return folder / JOURNAL_NAME


def write_journal(folder: Path, journal: Journal) -> int:
    """Write the journal atomically; returns an fd holding an exclusive flock on it."""
    data = (json.dumps(asdict(journal), indent=2) + "\n").encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=JOURNAL_NAME + ".", suffix=".tmp", dir=folder)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a new file: nobody else holds it
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        os.replace(tmp, journal_path(folder))
    except BaseException:
        os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(folder)
    return fd


def _parse(raw: bytes, path: Path) -> Journal:
    try:
        data = json.loads(raw.decode("utf-8"))
        journal = Journal(staged=str(data["staged"]), backup=str(data["backup"]),
                          files={str(k): str(v) for k, v in data["files"].items()},
                          state=str(data.get("state", COMMITTED)), feed=str(data.get("feed", "")))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StudioError(f"the export journal {path} is unreadable ({exc}); check the "
                          f"episode's files, then remove it") from None
    names = [journal.staged, journal.backup, *journal.files]
    if any(Path(n).name != n or n in ("", ".", "..") for n in names) or \
            journal.state not in (COMMITTED, SWAPPED):
        raise StudioError(f"the export journal {path} names files outside its folder; "
                          f"check the episode's files, then remove it")
    return journal


@contextmanager
def locked_journal(folder: Path) -> Iterator[tuple[Journal, int] | None]:
    """The folder's journal and an fd holding its flock; None when there is none, or when a
    live run holds it (that run finishes its own swap)."""
    path = journal_path(folder)
    while True:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK | os.O_NOCTTY)
        except FileNotFoundError:
            yield None
            return
        except OSError as exc:
            raise StudioError(f"cannot read the export journal {path}: "
                              f"{exc.strerror or exc}") from None
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise StudioError(f"the export journal {path} is {kind}, not a file studio "
                              f"wrote; move it out of the way and run again")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            log.info("the export in %s is being swapped by a live run; left to it", folder)
            yield None
            return
        try:
            same = os.fstat(fd).st_ino == path.stat().st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # replaced or removed while we waited for it: look again
    try:
        with open(fd, "rb", closefd=False) as fh:
            journal = _parse(fh.read(), path)
        yield journal, fd
    finally:
        os.close(fd)


def roll_forward(folder: Path, journal: Journal,
                 replace: Callable[[Path, Path], None] = os.replace, verify: bool = True) -> bool:
    """Rename the staged files into place, in order; False (nothing renamed) when a new file
    is neither staged intact nor already in place."""
    staged = folder / journal.staged
    todo = []
    for name, digest in journal.files.items():
        new = staged / name
        if new.is_file() and (not verify or sha256_of(new) == digest):
            todo.append(name)
        elif not (verify and (folder / name).is_file() and sha256_of(folder / name) == digest):
            log.warning("export journal of %s: the new %s is lost", folder, name)
            return False
    for name in todo:
        replace(staged / name, folder / name)
    fsync_dir(folder)
    return True


def roll_back(folder: Path, journal: Journal, names: list[str] | None = None) -> None:
    """Put back the files the backup folder holds; remove new ones that had no old version."""
    backup = folder / journal.backup
    for name in reversed(names if names is not None else list(journal.files)):
        old, target = backup / name, folder / name
        try:
            if old.exists():
                os.replace(old, target)
            elif target.is_file() and sha256_of(target) == journal.files[name]:
                target.unlink()
        except OSError as exc:  # nothing more to do here; the journal stays for the next run
            raise StudioError(f"cannot restore {target}: {exc.strerror or exc}") from exc
    fsync_dir(folder)


def finish(folder: Path, journal: Journal, fd: int, forward: bool) -> None:
    """Step 5: drop the staging and backup folders, then the journal (or mark it swapped
    while a feed is owed), with the journal's flock held through ``fd``."""
    shutil.rmtree(folder / journal.staged, ignore_errors=True)
    shutil.rmtree(folder / journal.backup, ignore_errors=True)
    if forward and journal.feed:
        journal.state = SWAPPED
        os.close(write_journal(folder, journal))  # the caller's fd keeps the old inode's lock
        return
    journal_path(folder).unlink(missing_ok=True)
    fsync_dir(folder)


def recover(folder: Path) -> Recovered | None:
    """Roll the folder's journal forward (or back), as the first thing a run does; None
    when there is no journal to act on."""
    with locked_journal(folder) as held:
        if held is None:
            return None
        journal, fd = held
        if journal.state == SWAPPED:
            return Recovered("", journal.feed_dir(folder))
        forward = roll_forward(folder, journal)
        if not forward:
            roll_back(folder, journal)
        finish(folder, journal, fd, forward)
        log.warning("finished an interrupted export in %s: %s", folder,
                    "the new files are in place" if forward else "the previous files are back")
        return Recovered("forward" if forward else "back",
                         journal.feed_dir(folder) if forward else None)


def feed_written(folder: Path) -> None:
    """The show's feed now follows the export: drop a journal kept only for it."""
    with locked_journal(folder) as held:
        if held is not None and held[0].state == SWAPPED:
            journal_path(folder).unlink(missing_ok=True)
