"""Episode projects on disk: saving a folder, autosaves, and recovering what a crash left.

A project is an episode folder (``episode.json`` plus the ``day.json`` it was written from).
While it is open with unsaved changes, the app autosaves a copy into the state folder, tagged
with the process id; a clean save or close removes it. An autosave whose process is gone was
left by a crash and is offered back on the next start.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .episode import EPISODE_FILE, Episode, load_episode, save_episode
from .plumbing.errors import StudioError
from .plumbing.fsutil import atomic_write_json, check_writable_dir, read_json
from .recovery import recover_episode
from .settings import state_dir
from .sources.model import Day, load_day, save_day

log = logging.getLogger(__name__)

DAY_FILE = "day.json"
SPAN_FILE = "span.json"  # a recap's days (studio.recap.SPAN_FILE)

if TYPE_CHECKING:
    from .sources.span import Span


def save_project(episode: Episode, folder: str | Path, day: Day | None = None,
                 span: Span | None = None, new_day: bool = False) -> Path:
    """Write the episode (and its day, or a recap's span, when the folder lacks it) into
    ``folder``; ``new_day``: the day was pulled again (an update), so it replaces the
    folder's."""
    out = check_writable_dir(folder)
    save_episode(episode, out)
    if day is not None and (new_day or not (out / DAY_FILE).exists()):
        save_day(day, out / DAY_FILE)
    if span is not None and not (out / SPAN_FILE).exists():
        from .sources.span import save_span

        save_span(span, out / SPAN_FILE)
    return out


def open_span(folder: str | Path) -> Span | None:
    """The span a recap's folder keeps (``span.json``), None when it has none or it is
    unreadable (said in the log)."""
    from .sources.span import load_span

    path = Path(folder) / SPAN_FILE
    if not path.is_file():
        return None
    try:
        return load_span(path)
    except StudioError as exc:
        log.warning("span file of %s unreadable: %s", folder, exc)
        return None


def suggested_folder(date: str, show_dir: str, recent: list[str], home: Path | None = None) -> Path:
    """Where saving a new episode first offers to put it, named after its day: the show's
    episodes folder, else beside the episode saved last, else the home folder (never the folder
    the app happened to be started from)."""
    if show_dir:
        return Path(show_dir) / "episodes" / date
    for folder in recent:
        parent = Path(folder).parent
        if parent.is_dir():
            return parent / date
    return (home or Path.home()) / date


def existing_episode(date: str, repo: str, show_dir: str, recent: list[str]) -> Path | None:
    """The folder of the host's episode of ``repo`` on ``date``, if they have one: where
    saving a new pull of that day would go (:func:`suggested_folder`), or a recent project
    named for the day. A pull of that day opens it instead of starting a draft over it."""
    places = [suggested_folder(date, show_dir, recent)]
    places += [Path(folder) for folder in recent if Path(folder).name == date]
    for folder in places:
        if not (folder / EPISODE_FILE).is_file():
            continue
        try:
            episode = load_episode(folder)
        except StudioError as exc:
            log.warning("episode of %s unreadable: %s", folder, exc)
            continue
        if episode.kind != "recap" and episode.date == date and episode.repo == repo:
            return folder
    return None


def holds_other_episode(folder: str | Path, current: str | Path | None) -> bool:
    """True when saving into ``folder`` would overwrite an episode other than ``current``'s."""
    target = Path(folder)
    if not (target / EPISODE_FILE).is_file():
        return False
    return current is None or target.resolve() != Path(current).resolve()


def open_project(folder: str | Path) -> tuple[Episode, Day | None, Path]:
    """The episode in ``folder`` (or the folder of an ``episode.json``) and its day, if kept."""
    path = Path(folder)
    if path.is_file():
        path = path.parent
    recover_episode(path)  # an interrupted export or recording, before it is read
    episode = load_episode(path)
    day = None
    if (path / DAY_FILE).exists():
        try:
            day = load_day(path / DAY_FILE)
        except StudioError as exc:
            log.warning("day file of %s unreadable: %s", path, exc)
    return episode, day, path


def _autosave_dir() -> Path:
    return state_dir() / "autosave"


def autosave_key(folder: Path | None, session: str) -> str:
    if folder is None:
        return f"untitled-{session}"
    return hashlib.sha1(str(folder.resolve()).encode()).hexdigest()[:16]


@dataclass
class Autosave:
    path: Path
    project: str  # the project folder, "" for a never-saved episode
    saved_at: str
    pid: int
    title: str

    def load(self) -> tuple[Episode, Day | None]:
        data = read_json(self.path, "autosave")
        day = Day.from_dict(data["day"]) if data.get("day") else None
        return Episode.from_dict(data["episode"]), day

    def load_span(self) -> Span | None:
        """The span of a never-saved recap's autosave (None for a daily, or a saved one:
        its folder keeps the span)."""
        from .sources.span import Span

        data = read_json(self.path, "autosave")
        return Span.from_dict(data["span"], f"autosave {self.path.name}") \
            if data.get("span") else None


def write_autosave(episode: Episode | dict, folder: Path | None, session: str,
                   day: Day | None = None, span: Span | None = None,
                   with_day: bool = False) -> Path:
    """Keep a copy of unsaved work; the day (a recap's span) goes along only for a never-saved
    episode, or ``with_day``: one whose day was pulled again since it was saved.

    ``episode`` may be a snapshot (``Episode.to_dict()``) taken on another thread."""
    data = episode if isinstance(episode, dict) else episode.to_dict()
    path = _autosave_dir() / f"{autosave_key(folder, session)}.json"
    atomic_write_json(path, {
        "project": str(folder.resolve()) if folder else "",
        "saved_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "pid": os.getpid(),
        "title": data.get("title", ""),
        "episode": data,
        "day": day.to_dict() if (day is not None and (folder is None or with_day)) else None,
        "span": span.to_dict() if (span is not None and folder is None) else None,
    })
    return path


def discard_autosave(folder: Path | None, session: str) -> None:
    path = _autosave_dir() / f"{autosave_key(folder, session)}.json"
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot remove autosave %s: %s", path, exc)


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def crashed_autosaves() -> list[Autosave]:
    """Autosaves whose process is no longer running, newest first."""
    found = []
    for path in sorted(_autosave_dir().glob("*.json")):
        try:
            data = read_json(path, "autosave")
            entry = Autosave(path, str(data.get("project", "")), str(data.get("saved_at", "")),
                             int(data.get("pid", 0)), str(data.get("title", "")))
        except (StudioError, ValueError, TypeError, AttributeError) as exc:
            log.warning("skipping unreadable autosave %s: %s", path, exc)
            continue
        if entry.pid != os.getpid() and not _alive(entry.pid):
            found.append(entry)
    return sorted(found, key=lambda a: a.saved_at, reverse=True)


def drop_autosave(entry: Autosave) -> None:
    try:
        entry.path.unlink()
    except OSError:
        pass
