"""A window-wide shortcut that text fields must not swallow.

On Linux desktops (Qt's X11, KDE and GNOME key schemes) Ctrl+E is also "end of line" in every
line edit and text editor, and a focused field claims the key before any shortcut sees it: with
the cursor in the script, the title or the day filter, Ctrl+E silently moved the cursor instead
of opening Export. The claim is declined here, on whichever widget has the focus, so the action
runs; where the action cannot run (a modal dialog is up), the key still reaches the field.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget


class ShortcutOverText(QObject):
    """Declines text fields' claim on ``action``'s keys (installed on the focused widget)."""

    def __init__(self, action: QAction) -> None:
        super().__init__(action)
        self.action = action
        QApplication.instance().focusChanged.connect(self._focus_changed)
        focused = QApplication.focusWidget()
        if focused is not None:
            focused.installEventFilter(self)

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if old is not None:
            old.removeEventFilter(self)
        if new is not None:
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and self.action.isEnabled() and \
                QKeySequence(event.keyCombination()) in self.action.shortcuts():
            event.ignore()  # not the field's: the shortcut goes first
            return True
        return False
