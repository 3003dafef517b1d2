"""The questions of a window nobody looks at (``studio gui --screenshot``): never modal.

Each question gets the answer that changes nothing, and an error is kept for the command to
say in one line, so a screenshot never waits on a box no one can click.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from ..projects import Autosave
from .dialogs import CANCEL, Dialogs


class HeadlessDialogs(Dialogs):
    def __init__(self) -> None:
        self.errors: list[str] = []

    def ask_unsaved(self, parent: QWidget, title: str) -> str:
        return CANCEL

    def ask_recover(self, parent: QWidget, entry: Autosave) -> bool:
        return False

    def ask_use_recovered(self, parent: QWidget, segment: str, seconds: float) -> bool:
        return False

    def open_folder(self, parent: QWidget, start: str = "") -> Path | None:
        return None

    def save_folder(self, parent: QWidget, start: str = "") -> Path | None:
        return None

    def ask_replace_episode(self, parent: QWidget, folder: Path) -> bool:
        return False

    def ask_regenerate(self, parent: QWidget, title: str) -> bool:
        return False

    def ask_replace_recording(self, parent: QWidget, title: str, source: str) -> bool:
        return False

    def ask_update_losing(self, parent: QWidget, lost: list[str]) -> bool:
        return False

    def ask_save_first(self, parent: QWidget, action: str) -> bool:
        return False

    def error(self, parent: QWidget, message: str) -> None:
        self.errors.append(" ".join(message.split()))
