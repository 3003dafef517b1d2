"""The segment text editor widget: undo/redo keys go to the episode's undo stack."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip


class ScriptText(QPlainTextEdit):
    """The text editor; undo/redo keys go to the episode's undo stack, not the widget's own.
    Marks come in layers (the sentences' provenance, the find bar's matches), and hovering
    shows what ``tip_at`` says of the character under the pointer."""

    _KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.layers: dict[str, list[QTextEdit.ExtraSelection]] = {}
        self.tip_at: Callable[[int], str] | None = None

    def set_layer(self, name: str, selections: list[QTextEdit.ExtraSelection]) -> None:
        self.layers[name] = selections
        self.setExtraSelections([s for layer in self.layers.values() for s in layer])

    def viewportEvent(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ToolTip and isinstance(e, QHelpEvent) and self.tip_at:
            tip = self.tip_at(self.cursorForPosition(e.pos()).position())
            if tip:
                QToolTip.showText(e.globalPos(), tip, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(e)

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
