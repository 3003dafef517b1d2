"""Run as ``python -m studio.doctor.qt_probe``: can the desktop app's Qt modules load here?

A child process, so the doctor itself never imports Qt (the core stays Qt-free) and a Qt that
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
    print(json.dumps({"version": PySide6.__version__}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
