"""Where an episode is saved: a folder chooser that also takes a new folder's name.

Qt's own folder chooser only accepts folders that exist ("Directory not found"), and a new
episode usually wants a new folder: here a typed name that does not exist yet is accepted,
and the save creates it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QLineEdit, QMessageBox, QWidget


def existing_parent(path: Path) -> Path:
    """The nearest folder above (or at) ``path`` that exists."""
    for candidate in (path, *path.parents):
        if candidate.is_dir():
            return candidate
    return Path.home()


class EpisodeFolderDialog(QFileDialog):
    def __init__(self, parent: QWidget | None, start: str = "") -> None:
        super().__init__(parent, "Save episode in folder")
        # a native chooser would refuse a new name before this class could accept it
        self.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        self.setOption(QFileDialog.Option.ShowDirsOnly, True)
        self.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        self.setFileMode(QFileDialog.FileMode.Directory)
        self.setLabelText(QFileDialog.DialogLabel.FileName, "Episode folder:")
        self.setLabelText(QFileDialog.DialogLabel.Accept, "Save")
        if start:
            target = Path(start).expanduser()
            base = existing_parent(target)
            self.setDirectory(str(base))
            if target != base:
                self.selectFile(str(target.relative_to(base)) if target.is_relative_to(base)
                                else str(target))
        name = self.findChild(QLineEdit, "fileNameEdit")
        if name is not None:
            name.textChanged.connect(self._allow_new_name_later)
        self.currentChanged.connect(self._allow_new_name_later)
        self.directoryEntered.connect(self._allow_new_name_later)

    def _allow_new_name_later(self, *_args) -> None:
        QTimer.singleShot(0, self._allow_new_name)  # after Qt's own update of the button

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._allow_new_name)

    def _allow_new_name(self) -> None:
        """Qt greys Save out while the typed folder does not exist yet (only Enter still
        worked); a new name is what a new episode wants, so Save stays on while one is typed."""
        box, name = self.findChild(QDialogButtonBox, "buttonBox"), self.findChild(QLineEdit, "fileNameEdit")
        button = box.button(QDialogButtonBox.StandardButton.Save) if box is not None else None
        if button is not None and name is not None and name.text().strip():
            button.setEnabled(True)

    def chosen(self) -> Path | None:
        files = self.selectedFiles()
        return Path(files[0]) if files and files[0] else None

    def accept(self) -> None:
        path = self.chosen()
        if path is not None and not path.exists():
            QDialog.accept(self)  # a new folder: the save creates it
        elif path is not None and not path.is_dir():
            box = QMessageBox(QMessageBox.Icon.Warning, "Save episode",
                              f"“{path.name}” is a file, not a folder: type a new folder name "
                              "or choose a folder.", parent=self)
            box.setTextFormat(Qt.TextFormat.PlainText)  # a file name is not markup
            box.exec()
        else:
            super().accept()
