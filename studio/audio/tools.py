"""Running ffmpeg and ffprobe: found on PATH, one clear line when missing or failing."""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
from pathlib import Path
from typing import Any

from ..plumbing.children import run as run_child
from ..plumbing.errors import StudioError

log = logging.getLogger(__name__)

_PACKAGES = {"ffmpeg": "ffmpeg", "ffprobe": "ffmpeg", "espeak-ng": "espeak-ng"}


def require_tool(name: str) -> str:
    """The path of ``name`` on PATH, or a StudioError naming what to install."""
    path = shutil.which(name)
    if not path:
        package = _PACKAGES.get(name, name)
        raise StudioError(f"{name} is not installed: install it "
                          f"(Debian: apt-get install {package})")
    return path


def media_path(path: str | os.PathLike[str]) -> str:
    """``path`` as ffmpeg and ffprobe must be given it: with the ``file:`` protocol, so a name
    starting with ``-`` is not read as an option, nor ``name:with:colons`` as a protocol."""
    return "file:" + os.fspath(path)


def ffmpeg_cmd(*args: str, level: str = "error") -> list[str]:
    return [require_tool("ffmpeg"), "-hide_banner", "-nostdin", "-v", level, *args]


def run_ffmpeg(args: list[str], what: str) -> str:
    """Run ffmpeg with ``args``; returns its stderr. Failure -> StudioError about ``what``."""
    cmd = [require_tool("ffmpeg"), "-hide_banner", "-nostdin", *args]
    try:
        proc = run_child(cmd, capture_output=True, text=True, errors="replace")
    except OSError as exc:
        raise StudioError(f"cannot run ffmpeg for {what}: {exc}") from exc
    if proc.returncode != 0:
        raise tool_failure(f"ffmpeg failed on {what}", proc.stderr)
    return proc.stderr


def tool_failure(what: str, stderr: str) -> StudioError:
    """The error of a tool that failed: ``what`` and its last line of stderr; when that says
    a write found the disk full, the error is raised from an ENOSPC OSError, so the callers
    that name a full disk (studio.plumbing.diskspace.is_no_space) see it."""
    error = StudioError(f"{what}: {last_line(stderr)}")
    if "No space left on device" in stderr or "Disk quota exceeded" in stderr:
        full = errno.EDQUOT if "quota" in stderr else errno.ENOSPC
        error.__cause__ = OSError(full, os.strerror(full))
    return error


def probe(path: str | Path) -> dict[str, Any]:
    """ffprobe's streams and format of ``path`` as JSON, or a StudioError."""
    cmd = [require_tool("ffprobe"), "-v", "error", "-print_format", "json",
           "-show_format", "-show_streams", "-show_chapters", media_path(path)]
    proc = run_child(cmd, capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        log.info("ffprobe %s: %s", path, last_line(proc.stderr))
        raise StudioError(f"not an audio file we can read: {Path(path).name}")
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        raise StudioError(f"ffprobe gave unreadable output for {path}") from exc


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:200] if lines else "no details"
