"""The questions the app asks the user, in one object the window is given.

Tests hand the window a :class:`Dialogs` subclass with scripted answers instead of clicking
modal boxes; the app itself uses these real ones.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from ..humanize import local_moment
from ..projects import Autosave

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


class Dialogs:
    def ask_unsaved(self, parent: QWidget, title: str) -> str:
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"“{title}” has unsaved changes.")
        box.setInformativeText("Save them before going on?")
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return SAVE
        if answer == QMessageBox.StandardButton.Discard:
            return DISCARD
        return CANCEL

    def ask_recover(self, parent: QWidget, entry: Autosave) -> bool:
        where = entry.project or "a new, never-saved episode"
        answer = QMessageBox.question(
            parent, "Recover unsaved work?",
            f"The studio closed unexpectedly while “{entry.title}” had unsaved changes "
            f"({where}, autosaved {local_moment(entry.saved_at)}).\n\nRecover that work?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def ask_use_recovered(self, parent: QWidget, segment: str, seconds: float) -> bool:
        answer = QMessageBox.question(
            parent, "Recovered recording",
            f"A recording of segment “{segment}” did not finish ({seconds:.1f} s were saved "
            f"and repaired).\n\nUse it as the segment's take? It stays among the segment's "
            f"takes either way.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def open_folder(self, parent: QWidget, start: str = "") -> Path | None:
        path, _ = QFileDialog.getOpenFileName(parent, "Open episode", start,
                                              "Episode (episode.json)")
        return Path(path) if path else None

    def save_folder(self, parent: QWidget, start: str = "") -> Path | None:
        folder = QFileDialog.getExistingDirectory(parent, "Save episode in folder", start)
        return Path(folder) if folder else None

    def error(self, parent: QWidget, message: str) -> None:
        QMessageBox.warning(parent, "Commitcast Studio", message)
