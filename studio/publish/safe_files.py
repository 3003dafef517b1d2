"""What a publish may read from the show folder: regular files inside it, as exported.

A publish copies files out of the show folder to where the world reads them (a served folder,
a bucket, a Pages branch). A ``cover.png`` or ``transcript.vtt`` that is a link to a file
elsewhere (someone's key, /etc/shadow) would be published with its contents. So each file is
resolved and must lie inside the show folder (itself resolved: a show folder reached through
a link is fine) and be a regular file; each episode file must also have the sha256 that
``episode.json`` recorded when it was exported. Anything else stops the publish before it
writes, with one line naming the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..export.journal import sha256_of
from ..plumbing.errors import StudioError


def show_root(folder: Path) -> Path:
    """The show folder of an episode folder ``SHOW/episodes/DATE`` (the folder itself when it
    is not in a show)."""
    return folder.parent.parent if folder.parent.name == "episodes" else folder


def inside(root: Path, path: Path) -> Path:
    """``path`` resolved, when it is a regular file inside ``root``; a StudioError naming it
    otherwise."""
    real_root = root.resolve()
    try:
        real = path.resolve(strict=True)
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        raise StudioError(f"{path} is missing (or a link to nothing): not published") from None
    except (OSError, RuntimeError) as exc:
        raise StudioError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}; "
                          f"not published") from None
    if not real.is_relative_to(real_root):
        raise StudioError(f"{path} is a link out of the show folder {real_root}: not "
                          f"published; put the file itself in the show folder")
    if not stat.S_ISREG(mode):
        raise StudioError(f"{path} is not a regular file: not published")
    return real


def as_exported(root: Path, path: Path, recorded: str | None, date: str) -> Path:
    """:func:`inside`, and the file's sha256 must be ``recorded`` (episode.json's, from its
    export; an export too old to have recorded one is not checked)."""
    real = inside(root, path)
    if recorded:
        try:
            actual = sha256_of(real)
        except OSError as exc:
            raise StudioError(f"cannot read {path}: {exc.strerror or exc}; not published") \
                from None
        if actual != recorded:
            raise StudioError(f"episode {date}: {path.name} is not the file its export wrote "
                              f"(its sha256 is not the one in episode.json): not published; "
                              f"export the episode again")
    return real
