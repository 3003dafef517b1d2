"""The desktop app's Qt: PySide6 installed and its libraries loadable (not needed by produce)."""

from __future__ import annotations

import re

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
        if missing:
            packages = " ".join(sorted({debian_package(m) or m for m in missing}))
            return Check("desktop app", False, f"{detail}, but X11 windows cannot open: Qt's "
                         f"xcb plugin lacks {', '.join(missing)}",
                         f"sudo apt-get install -y {packages}   (Wayland sessions do not "
                         "need them)", needed=False)
        return Check("desktop app", True, detail, needed=False)
    error = str(answer.get("error", "unknown error"))
    if "No module named 'PySide6" in error:
        fix = "pip install 'PySide6>=6.11.3,<6.12' into the studio's environment"
    else:
        m = re.search(r"(lib[\w.+-]+\.so(?:\.\d+)*)", error)
        package = debian_package(m.group(1)) if m else ""
        fix = (f"sudo apt-get install -y {package}" if package else
               "install the library named above (Debian: apt-file search NAME finds its package)")
    return Check("desktop app", False, f"Qt cannot load: {error[:200]}", fix, needed=False)
