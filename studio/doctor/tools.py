"""ffmpeg, ffprobe, ffplay and espeak-ng: on PATH, runnable, and which version."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess

from .model import Check

APT = "sudo apt-get install -y"


def run_tool(path: str, *args: str, timeout: float = 15.0) -> tuple[int, str]:
    """(exit code, stdout+stderr) of a tool; (-1, reason) when it cannot run or hangs."""
    try:
        proc = subprocess.run([path, *args], capture_output=True, text=True, errors="replace",
                              timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return -1, f"{path} did not answer within {timeout:.0f} s"
    except OSError as exc:
        return -1, f"{path} cannot run: {exc.strerror or exc}"
    return proc.returncode, proc.stdout + proc.stderr


def _version(text: str, name: str) -> str:
    m = re.search(rf"{re.escape(name)} version (\S+)", text)
    return m.group(1) if m else "unknown version"


def _missing(name: str, package: str, why: str, needed: bool = True) -> Check:
    return Check(name, False, f"{name} is not on PATH ({why})",
                 f"{APT} {package}   (or put {name} on PATH, or in the app bundle's bin/ folder)",
                 needed=needed)


def _ffmpeg_tool(name: str, why: str) -> tuple[str, str] | Check:
    """(path, version output) of one of ffmpeg's programs, or the failed Check."""
    path = shutil.which(name)
    if path is None:
        return _missing(name, "ffmpeg", why)
    code, out = run_tool(path, "-hide_banner", "-version")
    if code != 0:
        return Check(name, False, f"{path} does not run: {out.strip()[-200:]}",
                     f"reinstall it: {APT} --reinstall ffmpeg")
    return path, out


def check_ffmpeg() -> Check:
    found = _ffmpeg_tool("ffmpeg", "mastering and MP3 export need it")
    if isinstance(found, Check):
        return found
    path, out = found
    version = _version(out, "ffmpeg")
    code, encoders = run_tool(path, "-hide_banner", "-encoders")
    if "libmp3lame" not in encoders:
        return Check("ffmpeg", False, f"ffmpeg {version} at {path} has no MP3 encoder (libmp3lame)",
                     f"use a build with libmp3lame, e.g. Debian's: {APT} ffmpeg")
    return Check("ffmpeg", True, f"ffmpeg {version} at {path}, MP3 encoder libmp3lame")


def check_ffprobe() -> Check:
    found = _ffmpeg_tool("ffprobe", "reading audio files needs it")
    if isinstance(found, Check):
        return found
    path, out = found
    return Check("ffprobe", True, f"ffprobe {_version(out, 'ffprobe')} at {path}")


def check_ffplay() -> Check:
    """FFmpeg's player: the app plays takes, voice previews and the whole episode through it
    (out of the window's process); producing an episode does not need it."""
    found = _ffmpeg_tool("ffplay", "the app plays takes and the episode with it")
    if isinstance(found, Check):
        return dataclasses.replace(found, needed=False)
    path, out = found
    return Check("ffplay", True, f"ffplay {_version(out, 'ffplay')} at {path}")


def check_espeak() -> Check:
    """The espeak-ng command. Narration loads its library through pyttsx3 (the voices check
    is the one that counts); the command is the quickest way to hear a voice by hand."""
    path = shutil.which("espeak-ng")
    if path is None:
        return _missing("espeak-ng", "espeak-ng libespeak-ng1",
                        "the command; narration uses its library, see voices", needed=False)
    code, out = run_tool(path, "--version")
    m = re.search(r"text-to-speech:\s*(\S+)", out)
    if code != 0 or not m:
        return Check("espeak-ng", False, f"{path} does not run: {out.strip()[-200:]}",
                     f"reinstall it: {APT} --reinstall espeak-ng libespeak-ng1", needed=False)
    return Check("espeak-ng", True, f"espeak-ng {m.group(1)} at {path}")
