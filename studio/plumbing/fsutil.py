"""Atomic file writes and safe file names.

File modes follow one rule. What a web server serves is *published*: the site (feed.xml,
every index.html, style.css, cover.png) and each episode's MP3, transcripts and chapters
JSON. Published files get the mode any new file gets, ``0o666 & ~umask`` (0644 under umask
022, 0640 under 027), so a self-hosted show is readable by the web server. Everything else
studio writes for itself (day.json, episode.json, published.json, show.toml, settings,
autosaves, caches) is *private*: written 0600, as ``mkstemp`` creates it. Takes are audio
written by ffmpeg, the speech engine or the recorder and keep the umask's mode; they are
never published.
"""

from __future__ import annotations

import errno
import fcntl
import json
import math
import os
import re
import stat
import tempfile
import threading
import unicodedata
from pathlib import Path
from typing import Any, BinaryIO

from .errors import StudioError

_UMASK_GUARD = threading.Lock()


def current_umask() -> int:
    """The process's umask, read without changing it (Linux: /proc/self/status)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _UMASK_GUARD:  # elsewhere: set and restore it (other threads may create files)
        mask = os.umask(0o077)
        os.umask(mask)
    return mask


def published_mode() -> int:
    """The mode of a published file: what ``open()`` gives a new file, ``0o666 & ~umask``."""
    return 0o666 & ~current_umask()


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *, public: bool = False) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the new one, never half.

    The file is private (0600) unless ``public``: then it gets :func:`published_mode`, for
    files a web server serves (see the module's docstring for which those are).
    """
    target = Path(path)
    directory = target.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise StudioError(f"cannot write {target}: {exc.strerror or exc}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # "being written": recovery leaves a locked temp alone
        with os.fdopen(fd, "wb") as fh:
            if public:
                os.fchmod(fh.fileno(), published_mode())
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
            os.replace(tmp, target)  # still open, so still locked
    except OSError as exc:
        _silent_unlink(tmp)
        raise StudioError(f"cannot write {target}: {exc.strerror or exc}") from exc
    except BaseException:
        _silent_unlink(tmp)
        raise
    fsync_dir(directory)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, public: bool = False) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), public=public)


def atomic_write_json(path: str | os.PathLike[str], data: Any, *, public: bool = False) -> None:
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
    atomic_write_text(path, text, public=public)


def check_writable_dir(path: str | os.PathLike[str]) -> Path:
    """Create ``path`` if needed and make sure files can be written in it."""
    directory = Path(path)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # something else has that name (a file, a device, a FIFO)
        raise StudioError(f"cannot use {directory}: it is not a folder") from None
    except OSError as exc:
        raise StudioError(f"cannot create folder {directory}: {exc.strerror or exc}") from exc
    if not directory.is_dir():
        raise StudioError(f"{directory} is not a folder")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".probe.", dir=directory)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise StudioError(f"cannot write in {directory}: {exc.strerror or exc}") from exc
    return directory


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_filename(text: str, default: str = "untitled", max_length: int = 80) -> str:
    """A file-name stem made from untrusted text: ASCII letters, digits, dot, dash, underscore."""
    normalized = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    stem = _UNSAFE.sub("-", normalized).strip("-._")[:max_length].strip("-._")
    return stem or default


MB = 1_000_000
JSON_LIMIT = 200 * MB  # day.json / episode.json: a 20,000-commit day's are about 10 MB
TOML_LIMIT = 4 * MB  # show.toml, profiles, lexicons: written by hand
_KINDS = {stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
          stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket", stat.S_IFDIR: "a folder"}


def _size(count: int) -> str:
    return f"{count / MB:.1f} MB" if count < 10 * MB else f"{count // MB:,} MB"


def open_regular(path: str | os.PathLike[str], limit: int, what: str = "",
                 missing: str = "") -> BinaryIO:
    """``path`` opened for reading, when it is a regular file of at most ``limit`` bytes.

    A device, FIFO, socket or folder (``/dev/zero``, a FIFO named ``cover.png``) is refused
    without reading it: it is opened non-blocking, so a FIFO with no writer cannot hang the
    open, and its type is checked on the open descriptor (no race with a swap). A file over
    ``limit`` is refused with a line naming the limit. Each is a StudioError naming the file;
    ``missing`` is the message for a file that does not exist.
    """
    p = Path(path)
    label = f"{what} {p}" if what else str(p)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    except FileNotFoundError:
        raise StudioError(missing or f"{what or 'file'} not found: {p}") from None
    except OSError as exc:
        raise StudioError(f"cannot read {label}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = _KINDS.get(stat.S_IFMT(st.st_mode), "not a regular file")
            raise StudioError(f"cannot read {label}: it is {kind}, not a regular file")
        if st.st_size > limit:
            raise StudioError(f"cannot read {label}: it is {_size(st.st_size)}, over the "
                              f"{_size(limit)} limit for {what or 'this file'}")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bounded(path: str | os.PathLike[str], limit: int, what: str = "",
                 missing: str = "") -> bytes:
    """The bytes of ``path`` (see :func:`open_regular`); a file that grows past ``limit``
    while it is read is refused too."""
    label = f"{what} {Path(path)}" if what else str(path)
    with open_regular(path, limit, what, missing) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise StudioError(f"cannot read {label}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise StudioError(f"cannot read {label}: it grew past the {_size(limit)} limit for "
                          f"{what or 'this file'} while being read")
    return data


def read_text(path: str | os.PathLike[str], what: str = "", missing: str = "",
              limit: int = JSON_LIMIT) -> str:
    """A UTF-8 file's text (:func:`read_bounded`); a missing, unreadable, oversized or
    not-regular file is a StudioError naming it."""
    p = Path(path)
    label = f"{what} {p}" if what else str(p)
    data = read_bounded(p, limit, what, missing)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StudioError(f"cannot read {label}: it is not UTF-8 text (byte {exc.start})") \
            from None


MAX_DEPTH = 64  # nesting of a file studio reads: its own files nest 6 deep at most
MAX_DIGITS = 30  # an integer in a file studio reads: counts, seconds, PR numbers, ns times


def checked_values(data: Any, label: str) -> Any:
    """``data`` (parsed JSON or TOML) when it nests at most :data:`MAX_DEPTH` levels and
    every number is one studio can compute with: no integer over :data:`MAX_DIGITS` digits (a
    400-digit one made float() fail deep in a command), no infinity or NaN. A StudioError
    naming the file otherwise. Walked without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise StudioError(f"{label} nests deeper than the {MAX_DEPTH} levels studio "
                                  "reads: it is not a file studio wrote")
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and not -10**MAX_DIGITS < value < 10**MAX_DIGITS:
            raise StudioError(f"{label} holds an integer of {len(str(abs(value)))} digits, "
                              f"over the {MAX_DIGITS} studio reads")
        elif isinstance(value, float) and not math.isfinite(value):
            raise StudioError(f"{label} holds a number that is not finite ({value})")
    return data


def read_toml(path: str | os.PathLike[str], what: str = "", missing: str = "") -> dict[str, Any]:
    import tomllib

    text = read_text(path, what, missing, TOML_LIMIT)
    label = f"{what} {Path(path)}" if what else str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StudioError(f"{label} is not valid TOML: {exc}") from exc
    except RecursionError:
        raise StudioError(f"{label} nests deeper than the {MAX_DEPTH} levels studio reads") \
            from None
    return checked_values(data, label)


def read_json(path: str | os.PathLike[str], what: str = "", missing: str = "",
              limit: int = JSON_LIMIT) -> Any:
    text = read_text(path, what, missing, limit)
    label = f"{what} {Path(path)}" if what else str(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StudioError(f"{label} is not valid JSON (line {exc.lineno})") from exc
    except RecursionError:
        raise StudioError(f"{label} nests deeper than the {MAX_DEPTH} levels studio reads: it "
                          "is not a file studio wrote") from None
    except ValueError as exc:  # over Python's 4,300 digits for an integer
        raise StudioError(f"{label} holds a number studio cannot read ({exc})") from None
    return checked_values(data, label)


SMALL_JSON_LIMIT = 16 * MB  # settings, chapters.json, published.json, a draft cache entry


def read_json_if_any(path: str | os.PathLike[str], what: str = "",
                     limit: int = JSON_LIMIT) -> Any:
    """:func:`read_json` of a file studio keeps for itself (settings, caches, state), or
    None when there is none: bounded in size and type, depth- and number-checked, so a
    damaged or hostile one is a StudioError naming it, never a hang or a RecursionError."""
    if not os.path.lexists(path):
        return None
    try:
        return read_json(path, what, limit=limit)
    except StudioError as exc:
        if not os.path.lexists(path):  # removed while it was read
            return None
        raise exc


def _silent_unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# A folder's fsync that fails with one of these says the file system cannot flush folders
# (as PostgreSQL's fsync_fname treats them), not that a write was lost: passed over.
_DIR_FSYNC_UNSUPPORTED = {errno.EINVAL, errno.EBADF, errno.ENOTSUP, errno.EOPNOTSUPP,
                          errno.EACCES, errno.EISDIR}


def fsync_dir(directory: Path) -> None:
    """Flush ``directory``'s entries (a rename into it) to disk. A failure that means the
    rename may not survive a crash (EIO, ENOSPC) is a StudioError naming the folder: the
    write it follows is not known to be on disk, so it is not reported as done."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno in _DIR_FSYNC_UNSUPPORTED:
            return
        raise StudioError(f"cannot flush the folder {directory} to disk: "
                          f"{exc.strerror or exc}") from exc
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in _DIR_FSYNC_UNSUPPORTED:
            raise StudioError(f"cannot flush the folder {directory} to disk: "
                              f"{exc.strerror or exc}; what was just written there may not "
                              f"survive a crash") from exc
    finally:
        os.close(fd)
