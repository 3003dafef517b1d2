"""Can the desktop app's Qt load here? Run as ``python -m studio.gui.qt_probe`` by the doctor.

A child process, so the doctor itself never imports Qt (Qt stays in studio.gui) and a Qt that
crashes while loading cannot take the doctor with it. Prints one JSON line.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    try:
        import PySide6
        from PySide6 import QtGui, QtMultimedia, QtWidgets  # noqa: F401
    except ImportError as exc:
        print(json.dumps({"error": str(exc)}))
        return 0
    from PySide6.QtCore import QLibraryInfo
    from PySide6.QtGui import QGuiApplication

    from ..doctor.desktop import missing_links
    from .binding_guard import leaking_singletons

    plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    app = QGuiApplication.instance() or QGuiApplication(["qt_probe", "-platform", "offscreen"])
    leaks = leaking_singletons()
    del app
    print(json.dumps({"version": PySide6.__version__,
                      "xcb": missing_links(f"{plugins}/platforms/libqxcb.so"),
                      "refcount_leaks": leaks}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
