"""One writer per show folder: an advisory ``flock`` on the show folder itself.

Two runs of ``produce`` (a cron job and a person, or two overlapping cron jobs) must not write
one show at once. The lock is taken on the folder's real path (symlinks resolved: a link to
the show or to one of its episode folders locks the same show) and held by an open file
descriptor of that folder, so there is no lock file that deleting would free: the lock lasts
as long as the descriptor, and the kernel drops it when its process ends, however it ends, so
a crashed or killed run never leaves a stale lock behind. Opening a folder needs only read
access, so a read-only show can be locked to publish elsewhere. A refused run names the
holder's pid and command, read from /proc/locks. (Earlier versions locked a
``.studio.lock`` file; one left in a show means nothing.)

Within one process the lock is re-entrant per thread (``produce`` holds it and calls
``publish_show``, which takes it too); another thread of the same process waits or is refused
like another process would be.

Whoever takes the lock first removes what killed runs left in the folder (studio.leftovers).
"""

from __future__ import annotations

import fcntl
import functools
import inspect
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ..new_folders import folders_under, missing_ancestors, remove_if_empty, remove_new_empty
from .errors import StudioError

log = logging.getLogger(__name__)

EXIT_BUSY = 75  # EX_TEMPFAIL from sysexits.h: "try again later", what cron wrappers expect
_POLL = 0.1


class ShowBusy(StudioError):
    """The show folder is being written by another run; ``exit_code`` tells cron why."""

    exit_code = EXIT_BUSY


class _Held:
    def __init__(self) -> None:
        self.guard = threading.Lock()  # one thread of this process at a time
        self.owner: int | None = None
        self.depth = 0
        self.fd: int | None = None


_held: dict[str, _Held] = {}
_registry = threading.Lock()


def lock_folder(show_dir: str | Path) -> Path:
    """The folder the lock is taken on: the show's real path (symlinks resolved)."""
    return Path(os.path.realpath(show_dir))


def _entry(folder: Path) -> _Held:
    with _registry:
        return _held.setdefault(str(folder), _Held())


def holder_of(show_dir: str | Path) -> str:
    """Who holds the lock on the show ``show_dir``, from the kernel's /proc/locks ("" when
    unknown or free)."""
    try:
        st = lock_folder(show_dir).stat()
        lines = Path("/proc/locks").read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:
        return ""
    ident = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    holders = []  # (device and inode match, pid)
    for line in lines:
        parts = line.split()
        if len(parts) < 6 or parts[1] != "FLOCK":  # "N: -> FLOCK ..." waits: not a holder
            continue
        pid, where = parts[4], parts[5]
        if where.rsplit(":", 1)[-1] == str(st.st_ino) and pid.isdigit():
            holders.append((where == ident, pid))  # overlay filesystems show another device
    if not holders:
        return ""
    pid = max(holders)[1]
    return f"pid {pid}{_command_of(pid)}"


def _command_of(pid: str) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    words = command_words([a.decode(errors="replace") for a in raw.split(b"\0") if a])
    return f": {' '.join(words)[:60]}" if words else ""


def command_words(args: list[str]) -> list[str]:
    """The program and sub-command a command line runs, as a person typed them: ``python
    -m studio produce ...`` and ``/usr/bin/python3 /venv/bin/studio produce ...`` (how an
    installed script's shebang runs) both read as ``studio produce``."""
    if args and Path(args[0]).name.startswith("python"):
        rest = args[1:]
        while rest and rest[0].startswith("-") and rest[0] != "-m":
            rest = rest[1:]  # interpreter options such as -u, -X dev
        if rest[:1] == ["-m"]:
            rest = rest[1:]
            if rest:
                rest = [rest[0].split(".")[0], *rest[1:]]  # studio.cli.main -> studio
        args = rest
    if not args:
        return []
    command = next((a for a in args[1:] if not a.startswith("-")), None)
    return [Path(args[0]).name, *([command] if command else [])]


def _busy(show_dir: Path, wait: float) -> ShowBusy:
    who = holder_of(show_dir)
    waited = f" after waiting {wait:g} s" if wait > 0 else ""
    return ShowBusy(
        f"show folder {show_dir} is in use by another studio run"
        f"{f' ({who})' if who else ''}{waited}; nothing was written. Try again when it has "
        f"finished, or pass --lock-wait SECONDS to wait for it"
    )


def _flock(fd: int, deadline: float) -> bool:
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(_POLL)


def _open_folder(folder: Path) -> int:
    try:
        return os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise StudioError(f"cannot open the show folder {folder} to lock it: "
                          f"{exc.strerror or exc}") from None


def _lock_folder(root: Path, folder: Path, deadline: float, wait: float) -> int:
    """An open descriptor of ``folder`` holding its flock; the folder still at that path
    (one renamed away and replaced while this run waited is locked anew)."""
    while True:
        fd = _open_folder(folder)
        try:
            if not _flock(fd, deadline):
                raise _busy(root, wait)
            held, now = os.fstat(fd), os.stat(folder)
            if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
                return fd
        except FileNotFoundError:
            pass  # gone while waiting: the folder is made again below
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
        folder.mkdir(parents=True, exist_ok=True)


@contextmanager
def show_lock(show_dir: str | Path, wait: float = 0.0, what: str = "") -> Iterator[Path]:
    """Hold the show's lock for the ``with`` block; wait up to ``wait`` seconds for it.

    Raises :class:`ShowBusy` when another run (process or thread) still holds it then;
    ``what`` names the holder in the log. Yields the folder locked (the show's real path).
    """
    root = Path(show_dir)
    made = missing_ancestors(root)  # removed again if the run fails
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudioError(f"cannot create folder {root}: {exc.strerror or exc}") from exc
    folder = lock_folder(root)
    entry = _entry(folder)
    me = threading.get_ident()
    if entry.owner == me:  # re-entered by the holding thread
        entry.depth += 1
        try:
            yield folder
        finally:
            entry.depth -= 1
        return
    deadline = time.monotonic() + max(0.0, wait)
    got = entry.guard.acquire(timeout=wait) if wait > 0 else entry.guard.acquire(blocking=False)
    if not got:
        raise _busy(root, wait)
    failed = False
    try:
        fd = _lock_folder(root, folder, deadline, wait)
        try:
            entry.owner, entry.depth, entry.fd = me, 1, fd
            log.info("%s holds the lock on %s", what or "studio", folder)
            _clean(folder)
            before = folders_under(folder)
            try:
                yield folder
            except BaseException:
                failed = True  # the show as this run found it: no empty folder it made
                remove_new_empty(folder, before)
                raise
            finally:
                entry.owner, entry.depth, entry.fd = None, 0, None
                log.info("released the lock on %s", folder)
        finally:
            os.close(fd)  # closing drops the flock
    finally:
        entry.guard.release()
        if failed:
            remove_if_empty(made)


def _clean(root: Path) -> None:
    """What killed runs left in the show (see studio.leftovers): now that no other run can
    be writing it. A failure here is logged, never the command's."""
    from ..leftovers import remove_leftovers

    try:
        remove_leftovers(root)
    except Exception as exc:  # noqa: BLE001 - cleanup must not stop the command
        log.warning("could not remove the leftovers of interrupted runs in %s: %s", root, exc)


F = TypeVar("F", bound=Callable[..., Any])


def locks_show(what: str, create: bool = True, unless: str = "") -> Callable[[F], F]:
    """Decorate a function with a ``show_dir`` parameter so it runs holding that folder's lock.

    The call may pass ``lock_wait=SECONDS`` (default 0: refuse at once). With
    ``create=False`` a folder that does not exist is not created for the lock: the function
    itself then says what is missing. ``unless`` names a flag parameter (e.g. ``dry_run``)
    that, when true, makes the call read-only: it then runs without the lock (and so
    creates no lock file)."""

    def decorate(func: F) -> F:
        signature = inspect.signature(func)

        @functools.wraps(func)
        def run(*args: Any, lock_wait: float = 0.0, **kwargs: Any) -> Any:
            bound = signature.bind_partial(*args, **kwargs).arguments
            show_dir = bound["show_dir"]
            if (unless and bound.get(unless)) or (not create and not Path(show_dir).is_dir()):
                return func(*args, **kwargs)
            with show_lock(show_dir, wait=lock_wait, what=what):
                return func(*args, **kwargs)

        return run  # type: ignore[return-value]

    return decorate


def show_of(episode_dir: str | Path) -> Path | None:
    """The show folder an episode folder lives in (``SHOW/episodes/DATE``), else None; through
    symlinks: a link to an episode folder names the show the folder is really in."""
    folder = Path(os.path.realpath(episode_dir))
    return folder.parent.parent if folder.parent.name == "episodes" else None


@contextmanager
def episode_lock(episode_dir: str | Path, wait: float = 0.0, what: str = "") -> Iterator[None]:
    """Hold the show's lock while writing an episode that lives in a show (``render``,
    ``take import``, ``record``, ``script``); a folder outside any show needs none."""
    show = show_of(episode_dir)
    if show is None or not show.is_dir():
        yield
        return
    with show_lock(show, wait=wait, what=what):
        yield
