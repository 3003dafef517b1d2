"""Replacing a set of files together: all new ones, or — on any failure — all old ones.

New files are written complete into a staging folder beside the targets. Before any target
is replaced, the old one is hard-linked into a backup folder; if a replacement fails
halfway, the ones already replaced are put back. Readers of one file never see half of it.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from pathlib import Path

from ..errors import StudioError
from ..fsutil import fsync_dir

log = logging.getLogger(__name__)


def staging_dir(folder: Path, label: str) -> Path:
    try:
        return Path(tempfile.mkdtemp(prefix=f".{label}-", dir=folder))
    except OSError as exc:
        raise StudioError(f"cannot write in {folder}: {exc.strerror or exc}") from exc


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _replace(src: Path, dst: Path) -> None:
    os.replace(src, dst)


def publish_files(folder: Path, staged: Path, names: list[str]) -> None:
    """Move ``names`` from ``staged`` into ``folder`` as one change; the last name goes last."""
    backup = staging_dir(folder, "backup")
    done: list[str] = []
    try:
        for name in names:
            fsync_file(staged / name)
            target = folder / name
            if target.exists():
                try:
                    os.link(target, backup / name)
                except OSError:
                    shutil.copy2(target, backup / name)
        for name in names:
            _replace(staged / name, folder / name)
            done.append(name)
    except OSError as exc:
        _restore(folder, backup, done)
        raise StudioError(f"cannot write the episode files in {folder}: "
                          f"{exc.strerror or exc}; the previous files were kept") from exc
    except BaseException:
        _restore(folder, backup, done)
        raise
    finally:
        shutil.rmtree(backup, ignore_errors=True)
    fsync_dir(folder)


def _restore(folder: Path, backup: Path, done: list[str]) -> None:
    for name in reversed(done):
        old = backup / name
        try:
            if old.exists():
                os.replace(old, folder / name)
            else:
                (folder / name).unlink(missing_ok=True)
        except OSError as exc:  # nothing more we can do; say what is left
            log.error("could not restore %s: %s", name, exc)
