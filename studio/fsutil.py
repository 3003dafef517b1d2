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

import fcntl
import json
import os
import re
import tempfile
import threading
import unicodedata
from pathlib import Path
from typing import Any

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


def read_text(path: str | os.PathLike[str], what: str = "", missing: str = "") -> str:
    """A UTF-8 file's text; a missing or unreadable file is a StudioError naming it."""
    p = Path(path)
    label = f"{what} {p}" if what else str(p)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StudioError(missing or f"{what or 'file'} not found: {p}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise StudioError(f"cannot read {label}: {exc}") from exc


def read_toml(path: str | os.PathLike[str], what: str = "", missing: str = "") -> dict[str, Any]:
    import tomllib

    text = read_text(path, what, missing)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        label = f"{what} {Path(path)}" if what else str(path)
        raise StudioError(f"{label} is not valid TOML: {exc}") from exc


def read_json(path: str | os.PathLike[str], what: str = "", missing: str = "") -> Any:
    text = read_text(path, what, missing)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        label = f"{what} {Path(path)}" if what else str(path)
        raise StudioError(f"{label} is not valid JSON (line {exc.lineno})") from exc


def _silent_unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
