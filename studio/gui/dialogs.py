"""The questions the app asks the user, in one object the window is given.

Tests hand the window a :class:`Dialogs` subclass with scripted answers instead of clicking
modal boxes; the app itself uses these real ones.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from ..humanize import local_moment
from ..projects import Autosave

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


class Dialogs:
    def ask_unsaved(self, parent: QWidget, title: str) -> str:
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setTextFormat(Qt.TextFormat.PlainText)  # a title is the host's text, not markup
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
        box = QMessageBox(
            QMessageBox.Icon.Question, "Recover unsaved work?",
            f"The studio closed unexpectedly while “{entry.title}” had unsaved changes "
            f"({where}, autosaved {local_moment(entry.saved_at)}).\n\nRecover that work?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return box.exec() == QMessageBox.StandardButton.Yes

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
        """An existing folder, or a new one's name typed in (the save creates it)."""
        from .folder_dialog import EpisodeFolderDialog

        dialog = EpisodeFolderDialog(parent, start)
        return dialog.chosen() if dialog.exec() else None

    def ask_replace_episode(self, parent: QWidget, folder: Path) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, "Replace an episode?",
                          f"{folder} already holds another episode.\n\nSave this one over it? "
                          f"Its script (episode.json) is replaced; its audio takes stay.",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                          parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Save

    def ask_regenerate(self, parent: QWidget, title: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, "Regenerate segment?",
                          f"“{title}” differs from what the day's data writes (your edits, or "
                          f"a newer script).\n\nRegenerate replaces its title and text with "
                          f"the written-again version (a take it has stays, shown as stale). "
                          f"Edit → Undo brings your version back.",
                          QMessageBox.StandardButton.Cancel, parent)
        box.setTextFormat(Qt.TextFormat.PlainText)  # a title is the host's text, not markup
        yes = box.addButton("Regenerate", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is yes

    def ask_replace_recording(self, parent: QWidget, title: str, source: str) -> bool:
        """Synthesis over the host's own recording: only when they say so, for this one."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Replace the recording?",
                          f"“{title}” has a {source} take: your own voice.\n\nReplace it with a "
                          f"synthesized take? The recording's file stays in the episode's "
                          f"takes folder, and Edit → Undo brings it back.",
                          QMessageBox.StandardButton.Cancel, parent)
        box.setTextFormat(Qt.TextFormat.PlainText)  # a title is the host's text, not markup
        yes = box.addButton("Replace with synthesis", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is yes

    def ask_update_losing(self, parent: QWidget, lost: list[str]) -> bool:
        """The day pulled again cannot keep some of the host's work: go on anyway?"""
        box = QMessageBox(QMessageBox.Icon.Warning, "Update from the repository?",
                          "The repository's new version of this day cannot keep some of your "
                          "work:\n\n" + "\n".join(f"• {line}" for line in lost) +
                          "\n\nUpdate anyway? Edit → Undo puts your version back.",
                          QMessageBox.StandardButton.Cancel, parent)
        box.setTextFormat(Qt.TextFormat.PlainText)  # segment ids and titles are not markup
        yes = box.addButton("Update", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is yes

    def ask_save_first(self, parent: QWidget, action: str) -> bool:
        """``action`` keeps its files in the episode's folder, which a new episode lacks."""
        answer = QMessageBox.question(
            parent, "Save the episode first?",
            f"{action} keeps its audio in the episode's folder, and this episode has not been "
            f"saved yet.\n\nSave it now? You choose (or name) its folder next, then "
            f"{action.lower()} goes on.",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        return answer == QMessageBox.StandardButton.Save

    def error(self, parent: QWidget, message: str) -> None:
        # messages quote commit titles, names and paths: shown as written, never as markup
        box = QMessageBox(QMessageBox.Icon.Warning, "Commitcast Studio", message,
                          QMessageBox.StandardButton.Ok, parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.exec()
