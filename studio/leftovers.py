"""Removing what killed runs left in a show folder: temp files, staging and backup folders.

A run killed with SIGKILL (or by a power cut) cannot clean up after itself. Every command
that takes the show's lock (:mod:`studio.plumbing.showlock`) removes, when it first takes it, in the
show folder, each episode folder and their ``takes/``:

* ``.tts-*.part`` (a take being synthesized), ``.import-*.part`` (a take being imported),
  ``.*.tmp`` (an atomic write, fsutil) and ``.probe.*`` (a writability probe);
* ``.export-*/`` (an export being staged) and ``.backup-*/`` (old files kept during the final
  swap) — unless an export journal (``.export-journal.json``) is pending there: those
  folders are then the journal's to roll forward or back, and are left alone, as is the
  journal (its temp files are leftovers like any other).

Only what is older than the current process, and not open in any process, is removed: the
lock proves no other studio run is writing the show, the age spares what this process (the
desktop app's other threads) is writing, and the open-file check spares a writer that does
not take the lock. Nothing else is touched (recordings in progress, markers, the lock file).
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from pathlib import Path

log = logging.getLogger(__name__)

STAGING_PREFIXES = (".export-", ".backup-")
JOURNAL_NAME = ".export-journal.json"  # studio.export.journal
_IMPORTED_AT = time.time()


def process_started() -> float:
    """When this process started (seconds since the epoch; Linux: from /proc, else the time
    this module was imported)."""
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[19])  # starttime: field 22 of stat(5), after pid and comm
        since_boot = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
        return min(_IMPORTED_AT, time.time() - since_boot)
    except (OSError, ValueError, IndexError, AttributeError):
        return _IMPORTED_AT


def is_temp_file(name: str) -> bool:
    """A name only an unfinished write gives a file."""
    return (name.startswith((".tts-", ".import-")) and name.endswith(".part")
            or name.startswith(".") and name.endswith(".tmp")
            or name.startswith(".probe."))


def _journal_pending(folder: Path, entries: list[os.DirEntry[str]]) -> bool:
    for entry in entries:
        if entry.name == JOURNAL_NAME:
            return True
        if entry.name.startswith(STAGING_PREFIXES) and entry.is_dir(follow_symlinks=False):
            try:
                if JOURNAL_NAME in os.listdir(entry.path):
                    return True
            except OSError:
                return True  # cannot tell: keep them
    return False


def _newest_mtime(entry: os.DirEntry[str]) -> float:
    newest = entry.stat(follow_symlinks=False).st_mtime
    if entry.is_dir(follow_symlinks=False):
        for top, dirs, files in os.walk(entry.path):
            for name in dirs + files:
                try:
                    newest = max(newest, os.lstat(os.path.join(top, name)).st_mtime)
                except OSError:
                    pass
    return newest


def open_paths(root: Path) -> set[str]:
    """Paths under ``root`` that some process has open (Linux /proc; empty elsewhere)."""
    prefix = str(root.resolve()) + os.sep
    found: set[str] = set()
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return found
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith(prefix):
                found.add(target)
    return found


def _in_use(path: str, busy: set[str]) -> bool:
    return path in busy or any(p.startswith(path + os.sep) for p in busy)


def _folders(root: Path) -> list[Path]:
    folders = [root, root / "takes"]
    episodes = root / "episodes"
    try:
        children = sorted(p for p in episodes.iterdir() if p.is_dir())
    except OSError:
        children = []
    for folder in children:
        folders += [folder, folder / "takes"]
    return folders


def show_leftovers(show_dir: str | Path, before: float | None = None) -> list[Path]:
    """The leftovers of killed runs older than ``before`` (default: this process's start) in
    ``show_dir`` and its episodes."""
    root = Path(show_dir)
    return find_leftovers(root, _folders(root), before)


def episode_leftovers(episode_dir: str | Path, before: float | None = None) -> list[Path]:
    """The same for one episode folder and its takes."""
    folder = Path(episode_dir)
    return find_leftovers(folder, [folder, folder / "takes"], before)


def remove_leftovers(show_dir: str | Path, before: float | None = None) -> list[Path]:
    """Remove :func:`show_leftovers`; returns what was removed. Call it holding the show's
    lock."""
    root = Path(show_dir)
    return _remove(root, show_leftovers(root, before))


def remove_episode_leftovers(episode_dir: str | Path, before: float | None = None) -> list[Path]:
    """Remove :func:`episode_leftovers` (hold the lock of its show, if any)."""
    folder = Path(episode_dir)
    return _remove(folder, episode_leftovers(folder, before))


def find_leftovers(root: Path, folders: list[Path], before: float | None) -> list[Path]:
    before = process_started() if before is None else before
    busy: set[str] | None = None
    found: list[Path] = []
    for folder in folders:
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        keep_staging = _journal_pending(folder, entries)
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if keep_staging or not entry.name.startswith(STAGING_PREFIXES):
                    continue
            elif not is_temp_file(entry.name):
                continue
            try:
                if _newest_mtime(entry) >= before:
                    continue
            except OSError:
                continue
            if busy is None:
                busy = open_paths(root)
            if not _in_use(str(Path(entry.path).resolve()), busy):
                found.append(Path(entry.path))
    return found


def _remove(root: Path, paths: list[Path]) -> list[Path]:
    removed: list[Path] = []
    for path in paths:
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                os.unlink(path)
            removed.append(path)
        except FileNotFoundError:
            continue
        except OSError as exc:
            log.warning("cannot remove the leftover %s: %s", path, exc.strerror or exc)
    if removed:
        log.info("removed %d leftovers of interrupted runs: %s", len(removed),
                 ", ".join(str(p.relative_to(root)) for p in removed))
    return removed
