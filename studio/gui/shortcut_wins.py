"""Window-wide shortcuts and the focused widget: which one gets the key.

On Linux desktops (Qt's X11, KDE and GNOME key schemes) Ctrl+E is also "end of line" in every
line edit and text editor, and a focused field claims the key before any shortcut sees it: with
the cursor in the script, the title or the day filter, Ctrl+E silently moved the cursor instead
of opening Export. The claim is declined here, on whichever widget has the focus, so the action
runs; where the action cannot run (a modal dialog is up), the key still reaches the field.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QWidget


class ShortcutOverText(QObject):
    """Declines text fields' claim on ``action``'s keys (installed on the focused widget)."""

    def __init__(self, action: QAction) -> None:
        super().__init__(action)
        self.action = action
        QApplication.instance().focusChanged.connect(self._focus_changed)
        focused = QApplication.focusWidget()
        if focused is not None:
            focused.installEventFilter(self)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        # the widget losing the focus may be mid-destruction: it is left alone (Qt drops the
        # filter with it; installing twice on one widget keeps one)
        if new is not None:
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and self.action.isEnabled() and \
                QKeySequence(event.keyCombination()) in self.action.shortcuts():
            event.ignore()  # not the field's: the shortcut goes first
            return True
        return False


class ControlsKeepSpace(QObject):
    """Space plays and stops, except on a focused button, check box or drop-down list: there it
    presses, ticks or opens the control, as on every desktop (the shortcut took the key first,
    so a host tabbing to "Whole words" and pressing Space started playback instead)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        QApplication.instance().focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if isinstance(new, QAbstractButton | QComboBox):
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        space = QKeyCombination(Qt.KeyboardModifier.NoModifier, Qt.Key.Key_Space)
        if event.type() == QEvent.Type.ShortcutOverride and event.keyCombination() == space and \
                isinstance(watched, QAbstractButton | QComboBox):
            event.accept()  # the control's own key
            return True
        return False
