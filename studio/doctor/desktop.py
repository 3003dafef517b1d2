"""The desktop app's Qt: PySide6 installed and its libraries loadable (not needed by produce)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Mapping

from .model import Check
from .voices import run_probe

# Libraries Qt loads from the system, and the Debian package of each.
LIBRARY_PACKAGES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libpulse.so.0": "libpulse0",
}


def debian_package(soname: str) -> str:
    """The Debian package that ships a library: libxcb-icccm.so.4 -> libxcb-icccm4,
    libxkbcommon-x11.so.0 -> libxkbcommon-x11-0 (Debian's policy for library packages)."""
    if soname in LIBRARY_PACKAGES:
        return LIBRARY_PACKAGES[soname]
    m = re.fullmatch(r"(lib[\w+-]+?)\.so\.(\d+)(?:\.\d+)*", soname)
    if not m:
        return ""
    name, version = m.group(1).lower(), m.group(2)
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def missing_links(library: str) -> list[str]:
    """Shared libraries ``library`` needs that the system lacks (ldd's "not found")."""
    ldd = shutil.which("ldd")
    if ldd is None or not os.path.exists(library):
        return []
    try:
        out = subprocess.run([ldd, library], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return sorted({line.split()[0] for line in out.stdout.splitlines() if "not found" in line})


def uses_x11(env: Mapping[str, str]) -> bool:
    """Whether Qt will open its windows through the xcb plugin: QT_QPA_PLATFORM names it, or
    is unset outside a Wayland session (Qt 6 prefers Wayland only where the session is one)."""
    platform = env.get("QT_QPA_PLATFORM", "").strip()
    if platform:
        return platform.split(";")[0].split(":")[0] == "xcb"
    return not (env.get("XDG_SESSION_TYPE") == "wayland" and env.get("WAYLAND_DISPLAY"))


def xcb_libraries_check(version: str, missing: list[str]) -> Check:
    packages = " ".join(sorted({debian_package(m) or m for m in missing}))
    return Check("desktop app", False, f"PySide6 {version}: Qt widgets and multimedia load, "
                 f"but X11 windows cannot open: Qt's xcb plugin lacks {', '.join(missing)}",
                 f"sudo apt-get install -y {packages}   (Wayland sessions do not need them)",
                 needed=False)


def display_check(version: str, env: Mapping[str, str] | None = None,
                  xcb_plugin: str = "") -> Check | None:
    """What stops the window from opening here before Qt tries (no display to open it on, or
    libraries Qt's xcb plugin lacks), as the doctor's finding; None when nothing is known to."""
    env = os.environ if env is None else env
    if env.get("QT_QPA_PLATFORM", "").strip() in ("offscreen", "minimal", "vnc"):
        return None
    x11 = uses_x11(env)
    if x11 and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return Check("desktop app", False, f"PySide6 {version}: Qt loads, but there is no "
                     "display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset)",
                     "run it in a desktop session (or ssh -X); `studio gui --screenshot "
                     "FILE.png` renders the window without one", needed=False)
    missing = missing_links(xcb_plugin) if x11 and xcb_plugin else []
    return xcb_libraries_check(version, missing) if missing else None


def platform_failure(version: str, qt_message: str, env: Mapping[str, str] | None = None,
                     xcb_plugin: str = "", display_refused: bool = False) -> Check:
    """The doctor's finding for a Qt that gave up starting its platform (Qt's own message
    blames libxcb-cursor0 whatever the cause): what is known first, then the display."""
    env = os.environ if env is None else env
    known = display_check(version, env, xcb_plugin)
    if known is not None:
        return known
    if display_refused and uses_x11(env):
        where = env.get("DISPLAY", "")
        return Check("desktop app", False, f"PySide6 {version}: Qt loads, but cannot connect "
                     f"to the X display {where}", "start the X server, or let this user open "
                     "windows on it (xhost, XAUTHORITY); `studio gui --screenshot FILE.png` "
                     "renders the window without one", needed=False)
    first = (qt_message.strip().splitlines() or ["no reason given"])[0]
    return Check("desktop app", False, f"PySide6 {version}: Qt cannot start its window "
                 f"system ({env.get('QT_QPA_PLATFORM') or 'default'} platform): {first[:160]}",
                 "`studio doctor` lists what this machine lacks", needed=False)


def one_line(check: Check) -> str:
    """A finding as the single line `studio gui` prints instead of Qt's abort."""
    return f"{check.name}: {check.detail}; fix: {check.fix}" if check.fix else \
        f"{check.name}: {check.detail}"


def check_desktop_app(timeout: float = 30.0) -> Check:
    answer = run_probe("studio.gui.qt_probe", timeout)
    if "version" in answer:
        detail = f"PySide6 {answer['version']}: Qt widgets and multimedia load"
        missing = answer.get("xcb") or []
        leaks = answer.get("refcount_leaks") or []
        if leaks:
            return Check("desktop app", False, f"PySide6 {answer['version']} leaks references to "
                         f"{' and '.join(leaks)}: on this Python the app keeps running only through "
                         "a workaround (a PySide6 6.12.0 bug that aborts it with none_dealloc)",
                         "pip install 'PySide6>=6.11.3,<6.12' into the studio's environment",
                         needed=False)
        if missing and uses_x11(os.environ):
            return xcb_libraries_check(answer["version"], missing)
        return display_check(answer["version"]) or Check("desktop app", True, detail,
                                                          needed=False)
    error = str(answer.get("error", "unknown error"))
    if "No module named 'PySide6" in error:
        fix = "pip install 'PySide6>=6.11.3,<6.12' into the studio's environment"
    else:
        m = re.search(r"(lib[\w.+-]+\.so(?:\.\d+)*)", error)
        package = debian_package(m.group(1)) if m else ""
        fix = (f"sudo apt-get install -y {package}" if package else
               "install the library named above (Debian: apt-file search NAME finds its package)")
    return Check("desktop app", False, f"Qt cannot load: {error[:200]}", fix, needed=False)
