"""Is this Qt binding safe to run for hours? A check for PySide6's reference leaks.

PySide6 6.12.0 lowers ``None``'s reference count by one on every call that returns nothing
(``QPainter.fillRect``, ``setText``, ``update``…), and ``True``'s or ``False``'s on every
``Signal(bool)`` it delivers to a Python slot. CPython 3.12+ makes these objects immortal, so
nothing happens there; on CPython 3.11 a count reaches zero after some thousands of calls and
the interpreter aborts (``Fatal Python error: none_dealloc`` / ``bool_dealloc``) — minutes
into a session. pyproject.toml pins a release without the bug; this module tells when another
one is in use (the doctor reports it) and, on such a binding, keeps the app alive by doing
what CPython 3.12 does: it gives the leaking singletons a count no session can use up.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys

log = logging.getLogger(__name__)

# What CPython 3.12+ does for immortal objects, in spirit: a count no leak can exhaust.
PAD = 1 << 40
IMMORTAL = sys.version_info >= (3, 12)  # None, True and False never change count there


def _add_references(obj: object, count: int) -> None:
    """Raise ``obj``'s reference count by ``count`` (CPython: the count leads the object)."""
    ctypes.c_ssize_t.from_address(id(obj)).value += count


def _measured(obj: object, calls: int, call) -> int:
    """How ``obj``'s count moves over ``calls`` calls; what a leak took is given back, so
    the check itself costs nothing."""
    before = sys.getrefcount(obj)
    for _ in range(calls):
        call()
    drift = sys.getrefcount(obj) - before
    if drift < 0 and not IMMORTAL:
        _add_references(obj, -drift)
    return drift


def none_refcount_drift(calls: int = 2000) -> int:
    """How ``None``'s count moves over ``calls`` void Qt calls (0 on a sound binding; about
    ``-calls`` on a leaking one). Needs a QGuiApplication (or QApplication)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(16, 16, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    rect, colour = QRectF(1, 1, 1, 5), QColor(1, 2, 3)
    try:
        return _measured(None, calls, lambda: painter.fillRect(rect, colour))
    finally:
        painter.end()


def bool_refcount_drift(calls: int = 200) -> int:
    """How ``True``'s count moves over ``calls`` deliveries of a ``Signal(bool)`` to a Python
    slot (0 on a sound binding). Kept short: ``True`` has few references to lose."""
    from PySide6.QtCore import QObject, Signal

    class Emitter(QObject):
        changed = Signal(bool)

    emitter = Emitter()
    emitter.changed.connect(lambda _on: None)
    return _measured(True, calls, lambda: emitter.changed.emit(True))


def leaking_singletons() -> list[str]:
    """The names of the singletons this binding loses references to (none on CPython 3.12+)."""
    if IMMORTAL:
        return []
    leaks = []
    if none_refcount_drift(2000) < -1000:
        leaks.append("None")
    if bool_refcount_drift(200) < -100:
        leaks.append("True/False")
    return leaks


def keep_singletons_alive() -> list[str]:
    """On a leaking binding under CPython < 3.12, raise the counts of ``None``, ``True`` and
    ``False`` out of reach (as 3.12's immortal objects are) so the leaks cannot abort the app.
    Returns what leaked. ``COMMITCAST_NO_NONE_GUARD=1`` turns this off (to watch a soak find
    the leak)."""
    if os.environ.get("COMMITCAST_NO_NONE_GUARD") == "1":
        return []
    leaks = leaking_singletons()
    if not leaks:
        return []
    import PySide6

    for obj in (None, True, False):
        _add_references(obj, PAD)
    log.warning("PySide6 %s leaks references to %s; the studio made None, True and False "
                "immortal to keep running. Install PySide6 6.11.3 (pip install 'PySide6<6.12').",
                PySide6.__version__, " and ".join(leaks))
    return leaks
