"""Where an episode is saved: a folder chooser that also takes a new folder's name.

Qt's own folder chooser only accepts folders that exist ("Directory not found"), and a new
episode usually wants a new folder: here a typed name that does not exist yet is accepted,
and the save creates it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget


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
