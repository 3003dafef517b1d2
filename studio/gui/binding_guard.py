"""Is this Qt binding safe to run for hours? A check for PySide6's ``None`` reference leak.

PySide6 6.12.0 lowers ``None``'s reference count by one on every call that returns nothing
(``QPainter.fillRect``, ``setText``, ``update``…). CPython 3.12+ makes ``None`` immortal, so
nothing happens there; on CPython 3.11 the count reaches zero after some thousands of calls and
the interpreter aborts with ``Fatal Python error: none_dealloc`` — minutes into a session.
pyproject.toml pins a release without the bug; this module tells when another one is in use
(the doctor reports it) and, on such a binding, keeps the app alive by doing what CPython 3.12
does: it gives ``None`` a reference count that no session can use up.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys

log = logging.getLogger(__name__)

# What CPython 3.12+ does for immortal objects, in spirit: a count no leak can exhaust.
PAD = 1 << 40


def none_refcount_drift(calls: int = 2000) -> int:
    """How ``None``'s reference count moves over ``calls`` void Qt calls (0 on a sound binding;
    about ``-calls`` on a leaking one). Needs a QGuiApplication (or QApplication). What a
    leaking binding took during the check is given back, so the check itself costs nothing."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(16, 16, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    rect, colour = QRectF(1, 1, 1, 5), QColor(1, 2, 3)
    try:
        before = sys.getrefcount(None)
        for _ in range(calls):
            painter.fillRect(rect, colour)
        drift = sys.getrefcount(None) - before
        if drift < 0 and sys.version_info < (3, 12):
            ctypes.c_ssize_t.from_address(id(None)).value -= drift
        return drift
    finally:
        painter.end()


def leaks_none(calls: int = 2000) -> bool:
    """True when the binding loses a reference to ``None`` on most void calls."""
    if sys.version_info >= (3, 12):  # None is immortal: its count does not move
        return False
    return none_refcount_drift(calls) < -calls // 2


def keep_none_alive() -> bool:
    """On a leaking binding under CPython < 3.12, raise ``None``'s count out of reach (as
    3.12's immortal objects do) so the leak cannot abort the app. Returns whether it did.
    ``COMMITCAST_NO_NONE_GUARD=1`` turns this off (to watch a soak find the leak)."""
    if os.environ.get("COMMITCAST_NO_NONE_GUARD") == "1" or not leaks_none():
        return False
    import PySide6

    count = ctypes.c_ssize_t.from_address(id(None))
    count.value += PAD
    log.warning("PySide6 %s leaks references to None; the studio has made None immortal to "
                "keep running. Install PySide6 6.11.3 (pip install 'PySide6<6.12').",
                PySide6.__version__)
    return True
