"""The segment text editor widget: undo/redo keys go to the episode's undo stack."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QPlainTextEdit


class ScriptText(QPlainTextEdit):
    """The text editor; undo/redo keys go to the episode's undo stack, not the widget's own."""

    _KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ShortcutOverride and isinstance(e, QKeyEvent):
            combo = e.keyCombination().toCombined()
            if any(e.matches(k) for k in self._KEYS) or combo == QKeySequence("Ctrl+Shift+Z")[0]\
                    .toCombined():
                e.ignore()
                return True
        return super().event(e)


def end_of_change(old: str, new: str) -> int:
    """Where the cursor goes after an undo or redo: just after what changed in ``new``."""
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    limit = min(len(old), len(new)) - prefix
    suffix = 0
    while suffix < limit and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]:
        suffix += 1
    return len(new) - suffix
