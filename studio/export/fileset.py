"""Replacing a set of files together: all new ones, or — on any failure — all old ones.

New files are written complete into a staging folder beside the targets. Before any target
is replaced, the old one is hard-linked into a backup folder and a journal commits the swap
(see :mod:`studio.export.journal`): a run killed halfway is rolled forward by the next one; a
replacement that fails in this run puts the ones already replaced back. Readers of one file
never see half of it, and no stopping signal lands between two renames.
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import tempfile
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import fsync_dir
from ..plumbing.interrupts import signals_held
from .journal import (
    Journal,
    finish,
    journal_path,
    recover,
    roll_back,
    roll_forward,
    sha256_of,
    write_journal,
)

log = logging.getLogger(__name__)


def staging_dir(folder: Path, label: str) -> Path:
    try:
        return Path(tempfile.mkdtemp(prefix=f".{label}-", dir=folder))
    except OSError as exc:
        raise StudioError(f"cannot write in {folder}: {exc.strerror or exc}") from exc


def hold_dir(path: Path) -> int:
    """An fd holding an flock on the folder while a live run fills it: recovery in another
    process leaves a held folder alone. Close the fd when done (or die: the kernel drops it)."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _replace(src: Path, dst: Path) -> None:
    os.replace(src, dst)


def _backup(folder: Path, staged: Path, names: list[str]) -> tuple[Path, dict[str, str]]:
    """Steps 1-2: the new files fsynced and hashed, the old ones linked into a backup."""
    digests = {}  # (modes were set when the files were made: see studio.plumbing.fsutil)
    for name in names:
        fsync_file(staged / name)
        digests[name] = sha256_of(staged / name)
    fsync_dir(staged)
    backup = staging_dir(folder, "backup")
    try:
        for name in names:
            target = folder / name
            if target.exists():
                try:
                    os.link(target, backup / name)
                except OSError:
                    shutil.copy2(target, backup / name)
        fsync_dir(backup)
    except BaseException:
        shutil.rmtree(backup, ignore_errors=True)
        raise
    return backup, digests


def publish_files(folder: Path, staged: Path, names: list[str], feed: Path | None = None) -> None:
    """Move ``names`` from ``staged`` into ``folder`` as one change; the last name goes last.

    ``feed``: the show folder whose feed must be rewritten after this swap; the journal stays
    (as "swapped") until that publish is done, so a run that dies first leaves it owed.
    """
    pending = recover(folder)  # a journal a killed run left comes first
    if pending is None and journal_path(folder).exists():
        raise StudioError(f"another run is exporting {folder} right now; try again when it "
                          f"has finished")
    if feed is None and pending is not None:
        feed = pending.feed  # a feed still owed stays owed
    try:
        backup, digests = _backup(folder, staged, names)
    except OSError as exc:
        raise StudioError(f"cannot write the episode files in {folder}: "
                          f"{exc.strerror or exc}; the previous files were kept") from exc
    journal = Journal(staged.name, backup.name, digests,
                      feed=os.path.relpath(feed, folder) if feed is not None else "")
    hold = hold_dir(backup)
    try:
        _swap(folder, journal)
    finally:
        os.close(hold)


def _swap(folder: Path, journal: Journal) -> None:
    """Steps 3-5: commit, rename, finish, with stopping signals held off."""
    with signals_held():
        fd = write_journal(folder, journal)  # the commit
        try:
            done: list[str] = []

            def replace(src: Path, dst: Path) -> None:
                _replace(src, dst)
                done.append(dst.name)

            try:
                if not roll_forward(folder, journal, replace, verify=False):
                    raise FileNotFoundError(2, "a staged file is missing")
            except OSError as exc:
                roll_back(folder, journal, done)
                finish(folder, journal, fd, forward=False)
                raise StudioError(f"cannot write the episode files in {folder}: "
                                  f"{exc.strerror or exc}; the previous files were kept") from exc
            try:
                finish(folder, journal, fd, forward=True)
            except OSError as exc:  # the files are in place: the export has happened
                log.warning("the export in %s is done, but its journal could not be marked "
                            "as done (%s); the next run finishes it", folder,
                            exc.strerror or exc)
        finally:
            os.close(fd)
