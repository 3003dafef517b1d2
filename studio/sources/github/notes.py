"""The release notes of commits pulled from GitHub, as the git source reads them.

A commit whose files include a release-notes file (:func:`..release_notes.is_note_path`) is
read once more from the single-commit endpoint, whose ``files`` carry each file's ``patch``
(a merge's against its first parent, as the git source diffs it); a commit read there already
for its sizes (:func:`.leads.add_files`) costs nothing more. At most :data:`MAX_NOTE_READS` a
day are read, the day's commits before its look-back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ...textsafe import clean_text
from ..gitnotes import note_paths
from ..model import Commit
from ..release_notes import join_notes, note_from_patch

log = logging.getLogger(__name__)

MAX_NOTE_READS = 60  # requests a day, at most: a busy towncrier project's day


def notes_of_files(commit: Commit, files: list) -> None:
    """Set ``commit.release_notes`` from the single-commit endpoint's ``files``."""
    mine = set(note_paths(commit))
    notes = [note_from_patch(str(f.get("filename", "")), str(f.get("patch") or ""))
             for f in files if isinstance(f, dict) and f.get("filename") in mine]
    commit.release_notes = clean_text(join_notes(n for n in notes if n))


def add_notes(remote, commits: list[Commit], read: set[str], limit: int,  # noqa: ANN001
              check: Callable[[], None]) -> int:
    """Read the notes of ``commits`` that have note files and are not in ``read`` (shas read
    for their files already); returns how many were left unread for ``limit``."""
    wanted = [c for c in commits if c.sha not in read and note_paths(c)]
    for commit in wanted[:limit]:
        check()
        full = remote.get_commit(commit.sha)
        notes_of_files(commit, full.raw_data.get("files") or [])
    if len(wanted) > limit:
        log.info("release notes of %d commits not read (the limit)", len(wanted) - limit)
    return max(0, len(wanted) - limit)
