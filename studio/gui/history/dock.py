"""View ▸ History: the undo stack as a list (QUndoView), the newest step at the bottom and the
current one highlighted; a line under it says what Undo will take back. Clicking a step goes
back (or forward) to just after it, as Hindenburg's and Audacity's history panels do."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QLabel, QUndoView, QVBoxLayout, QWidget

AS_OPENED = "The episode as opened"
HEIGHT = 170  # under the Day panel: it takes the day list's height, never the script's width


def undo_line(stack: QUndoStack) -> str:
    """What Undo takes back, in words."""
    return f"Undo takes back: {stack.undoText()}" if stack.canUndo() else "Nothing to undo."


class HistoryDock(QDockWidget):
    def __init__(self, stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self.setObjectName("historyDock")
        self.stack = stack
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.view = QUndoView(stack)
        self.view.setObjectName("undoHistory")
        self.view.setEmptyLabel(AS_OPENED)
        self.view.setWordWrap(True)
        self.view.setToolTip("Every edit of this episode, the newest last. Click a step to go "
                             "back to just after it; the steps below it stay for Redo.")
        self.next_undo = QLabel()
        self.next_undo.setObjectName("nextUndo")
        self.next_undo.setWordWrap(True)
        self.next_undo.setTextFormat(Qt.TextFormat.PlainText)  # segment titles are commit text
        layout.addWidget(self.view, 1)
        layout.addWidget(self.next_undo)
        self.setWidget(body)
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable |
                         QDockWidget.DockWidgetFeature.DockWidgetFloatable |
                         QDockWidget.DockWidgetFeature.DockWidgetClosable)
        stack.indexChanged.connect(lambda _i: self._update())
        stack.cleanChanged.connect(lambda _c: self._update())
        self._update()

    def _update(self) -> None:
        self.next_undo.setText(undo_line(self.stack))

    def steps(self) -> list[str]:
        """The names the list shows, the opened state first."""
        model = self.view.model()
        return [model.index(r, 0).data() for r in range(model.rowCount())]


def install_history(window) -> HistoryDock:
    """The History panel under the Day panel of ``window``, with its View menu entry."""
    dock = HistoryDock(window.project.undo_stack, window)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.splitDockWidget(window.day_dock, dock, Qt.Orientation.Vertical)
    window.view_menu.addAction(dock.toggleViewAction())
    window.history = dock
    return dock
