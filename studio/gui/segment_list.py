"""The script's segment list: one row per segment, reordered by dragging a row to its new
place. A drop does not move the row itself; it asks for the move (``move_requested``) so that
it goes through the episode's undo stack like the Move up / Move down buttons."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

ID_ROLE = Qt.ItemDataRole.UserRole
SEGMENT_MIME = "application/x-commitcast-segment"


class SegmentList(QListWidget):
    move_requested = Signal(int, int)  # the segment's place, the place it should end up at

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDropIndicatorShown(True)
        # a long title (a recap's "Reverted and Back: …") wraps at word boundaries over as many
        # lines as it needs, never cut mid-word; rows grow with the list's width
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setUniformItemSizes(False)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setToolTip("Drag a segment to move it; Alt+Up and Alt+Down move the selected one")

    # --- what a drag carries: the segment's id ----------------------------------------------
    def mimeTypes(self) -> list[str]:
        return [SEGMENT_MIME]

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:
        data = QMimeData()
        if items:
            data.setData(SEGMENT_MIME, str(items[0].data(ID_ROLE)).encode("utf-8"))
        return data

    def startDrag(self, supported: Qt.DropAction) -> None:
        item = self.currentItem()
        if item is None:
            return
        drag = QDrag(self)
        drag.setMimeData(self.mimeData([item]))
        drag.setPixmap(self.viewport().grab(self.visualItemRect(item)))
        drag.exec(Qt.DropAction.MoveAction)  # the drop itself asks for the move

    # --- where it lands ---------------------------------------------------------------------
    def _dragged_row(self, data: QMimeData) -> int:
        if not data.hasFormat(SEGMENT_MIME):
            return -1
        sid = bytes(data.data(SEGMENT_MIME).data()).decode("utf-8", "replace")
        return next((i for i in range(self.count()) if self.item(i).data(ID_ROLE) == sid), -1)

    def drop_place(self, pos: QPoint) -> int:
        """The gap a drop at ``pos`` falls in: 0 is before the first row, count() after the last."""
        item = self.itemAt(pos)
        if item is None:
            return self.count()
        rect = self.visualItemRect(item)
        return self.row(item) + (1 if pos.y() > rect.center().y() else 0)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        super().dragEnterEvent(event)
        if self._dragged_row(event.mimeData()) >= 0:
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        super().dragMoveEvent(event)  # the drop indicator and auto-scroll
        if self._dragged_row(event.mimeData()) >= 0:
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        source = self._dragged_row(event.mimeData())
        self.setState(QAbstractItemView.State.NoState)
        self.viewport().update()
        if source < 0:
            event.ignore()
            return
        gap = self.drop_place(event.position().toPoint())
        target = gap if gap <= source else gap - 1
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        if target != source:
            self.move_requested.emit(source, target)
