"""Starting Qt's window system, or saying in one line why it cannot.

Without a display, or with a library of Qt's xcb plugin missing, Qt prints a paragraph that
blames libxcb-cursor0 whatever the cause and aborts the process (exit 134). `studio gui`
instead prints `studio doctor`'s finding (what is wrong and the fix) and exits with 1: known
causes are checked before Qt starts, and a start Qt still gives up on is caught at its fatal
message, before its abort.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from ..plumbing.errors import StudioError

log = logging.getLogger(__name__)


def xcb_plugin() -> str:
    """The path of Qt's xcb platform plugin (which may be absent from a trimmed bundle)."""
    from PySide6.QtCore import QLibraryInfo

    plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    return os.path.join(plugins, "platforms", "libqxcb.so")


def check_before_start() -> None:
    """Raise the doctor's one-line finding when the window is known not to open here."""
    import PySide6

    from ..doctor.desktop import display_check, one_line

    found = display_check(PySide6.__version__, os.environ, xcb_plugin())
    if found is not None:
        raise StudioError(one_line(found))


@contextmanager
def platform_guard() -> Iterator[None]:
    """Around the QApplication's creation: Qt's start-up messages are kept, and a fatal one
    becomes the doctor's line on stderr and exit status 1 instead of Qt's abort."""
    import PySide6
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    from ..doctor.desktop import one_line, platform_failure

    said: list[str] = []

    def handler(kind: QtMsgType, context, message: str) -> None:
        category = getattr(context, "category", "") or ""
        if kind == QtMsgType.QtFatalMsg:
            refused = any("could not connect to display" in m for m in said)
            finding = platform_failure(PySide6.__version__, message, os.environ, xcb_plugin(),
                                       display_refused=refused)
            sys.stderr.write(f"studio: error: {one_line(finding)}\n")
            sys.stderr.flush()
            os._exit(1)  # Qt aborts as soon as this returns; nothing of the app has started
        said.append(f"{category}: {message}" if category else message)

    qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(None)
        for message in said:  # a start that went through: its warnings go to the log
            log.warning("%s", message)
