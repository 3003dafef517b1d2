"""Free space: checked before long work, and named at once when a disk fills up.

Synthesis, mastering and export each write megabytes; on a full disk they used to fail late
and blame the wrong part (the speech engine, after a two-minute wait). Each estimates what it
needs and calls :func:`require_space` first; a write that still hits ENOSPC is reported with
:func:`no_space` — "no space left on DEVICE at PATH (N MB needed, M MB free)".
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from .errors import StudioError

MB = 1_000_000
WAV_BYTES_PER_SECOND = 22050 * 2  # the speech engine's mono 16-bit WAV
MARGIN = 1.5  # estimates are rough: ask for half as much again


def _existing(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path("/")


def free_bytes(path: str | os.PathLike[str]) -> int:
    """Bytes this process can still write on the filesystem holding ``path`` (root may use
    the blocks reserved for it)."""
    st = os.statvfs(_existing(Path(path)))
    blocks = st.f_bfree if hasattr(os, "geteuid") and os.geteuid() == 0 else st.f_bavail
    return blocks * st.f_frsize


def device_of(path: str | os.PathLike[str]) -> str:
    """The device (or filesystem, e.g. ``tmpfs``) holding ``path``, from /proc/self/mountinfo;
    the mount point when that cannot be read."""
    target = str(_existing(Path(path)).resolve())
    best, source = "", ""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                left, _, right = line.partition(" - ")
                point = left.split()[4].replace("\\040", " ")
                inside = target == point or target.startswith(point.rstrip("/") + "/")
                if inside and len(point) >= len(best):
                    best, source = point, right.split()[1]
    except (OSError, IndexError):
        return os.path.abspath(target)
    return source or best or target


def _mb(count: float) -> str:
    value = count / MB
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def no_space(path: str | os.PathLike[str], needed: int = 0, what: str = "") -> StudioError:
    """The error for a full disk at ``path``: its device, how much was needed and is free."""
    where = Path(path)
    try:
        free = f", {_mb(free_bytes(where))} MB free"
    except OSError:
        free = ""
    need = f"{_mb(needed)} MB needed{f' for {what}' if what else ''}" if needed else \
        (f"needed for {what}" if what else "")
    detail = f" ({need}{free})" if need else (f" ({free[2:]})" if free else "")
    return StudioError(f"no space left on {device_of(where)} at {os.path.abspath(where)}{detail}; "
                       f"free some space and run again")


def no_space_kept(path: str | os.PathLike[str],
                  outcome: str = "the episode was not replaced") -> StudioError:
    """The error for a full disk that stopped a run at ``path``, saying what it left
    (``outcome``): "no space left on DEVICE at PATH (N MB free): OUTCOME; free some space
    and run again"."""
    where = Path(path)
    try:
        free = f" ({_mb(free_bytes(where))} MB free)"
    except OSError:
        free = ""
    return StudioError(f"no space left on {device_of(where)} at {os.path.abspath(where)}{free}: "
                       f"{outcome}; free some space and run again")


def require_space(path: str | os.PathLike[str], needed: int, what: str) -> None:
    """Raise :func:`no_space` unless ``needed`` bytes (an estimate) fit at ``path`` now."""
    try:
        free = free_bytes(path)
    except OSError:
        return  # cannot tell: let the writes speak
    if free < needed:
        raise no_space(path, needed, what)


def is_no_space(exc: BaseException | None) -> bool:
    """Whether ``exc`` (or what it was raised from) is a full disk or quota."""
    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


def speech_bytes(text: str, rate_wpm: int) -> int:
    """What a synthesized take of ``text`` at ``rate_wpm`` words a minute takes on disk."""
    words = max(1, len(text.split()))
    seconds = words / max(rate_wpm, 1) * 60 + 1
    return int(seconds * WAV_BYTES_PER_SECOND * MARGIN) + 44


def mastering_bytes(seconds: float, sample_rate: int, channels: int, bitrate_kbps: int) -> int:
    """Mastering and export: the raw programme (float32) plus the MP3, in the staging folder
    (the replaced files are hard-linked, not copied)."""
    raw = seconds * sample_rate * channels * 4
    mp3 = seconds * bitrate_kbps * 1000 / 8
    return int((raw + mp3) * 1.1) + MB  # the length is known: a tenth more, and 1 MB
