"""Publishing a show folder this run may only read (a read-only mount, another user's show)
to somewhere else: ``--to folder:``, ``s3://``, GitHub Pages.

The site is rendered in memory as always and sent to the targets; nothing is written in the
show folder (no feed or pages there, no publish times stamped, no tags brought up to date, no
show.toml saved), so such a publish is the same one each time from the same files. What must
still hold:

* the show lock is taken as for any publish (an open descriptor of the folder: read access is
  enough), so a run that can write the show — its owner's ``produce`` — is never half-way
  through a swap while this one reads it;
* an export a killed run left unfinished (``.export-journal.json``) cannot be rolled forward
  or back without write access: its episode may be half old, half new, so the publish stops
  and says so rather than sending it;
* each episode's files are read as a normal publish reads them (regular files inside the show
  with the sha256 their export recorded: studio.publish.safe_files).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..export.journal import journal_path
from ..plumbing.errors import StudioError


def is_read_only(root: Path) -> bool:
    """Whether this process cannot write the show folder (a read-only mount, or no write
    permission)."""
    return root.is_dir() and not os.access(root, os.W_OK)


def check_read_only(root: Path, has_targets: bool) -> None:
    """Refuse a publish of the read-only ``root`` that would need to write it."""
    if not has_targets:
        raise StudioError(f"show folder {root} is read-only: nothing was published; publish it "
                          f"elsewhere with --to folder:PATH (or s3://, github), or make it "
                          f"writable")
    episodes = root / "episodes"
    folders = sorted(p for p in episodes.iterdir() if p.is_dir()) if episodes.is_dir() else []
    for folder in folders:
        if os.path.lexists(journal_path(folder)):
            raise StudioError(f"episode {folder.name}: an interrupted export "
                              f"({journal_path(folder).name}) needs write access to the show "
                              f"folder {root} to finish; run studio once where it can write "
                              f"the show, then publish again (nothing was published)")
