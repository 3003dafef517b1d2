"""The pronunciation lexicon: words and how to say them, with a "say it" button.

Entries go to the user's own lexicon (``lexicon.toml`` in the config folder, ``[words]``),
applied on top of the shipped and the show's lexicons, only at synthesis time: the script and
the transcript keep the real spelling.
"""

from __future__ import annotations

import tomllib

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..errors import StudioError
from ..fsutil import atomic_write_text
from . import audio_jobs


def read_user_words() -> dict[str, str]:
    path = audio_jobs.user_lexicon_path()
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise StudioError(f"cannot read your lexicon {path}: {exc}") from exc
    words = data.get("words", {})
    return {str(k): str(v) for k, v in words.items()} if isinstance(words, dict) else {}


def write_user_words(words: dict[str, str]) -> None:
    import tomli_w

    clean = {k.strip(): v.strip() for k, v in words.items() if k.strip() and v.strip()}
    atomic_write_text(audio_jobs.user_lexicon_path(), tomli_w.dumps({"words": clean}))


class LexiconEditor(QDialog):
    def __init__(self, window, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Pronunciation lexicon")
        self.resize(520, 420)
        self.window_, self.session, self.project = window, window.session, window.project
        self.player = window.narration.player if hasattr(window, "narration") else None
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("lexiconTable")
        self.table.setHorizontalHeaderLabels(["Written", "Say it as"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.add = QPushButton("Add")
        self.remove = QPushButton("Remove")
        self.say = QPushButton("Say it")
        self.say.setObjectName("sayIt")
        self.note = QLabel()
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        for b in (self.add, self.remove, self.say):
            row.addWidget(b)
        row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save |
                                   QDialogButtonBox.StandardButton.Cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Applied only when synthesizing: the transcript keeps the spelling."))
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.add.clicked.connect(lambda: self.add_entry("", ""))
        self.remove.clicked.connect(lambda: self.table.removeRow(self.table.currentRow()))
        self.say.clicked.connect(self.say_current)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        try:
            for word, say in sorted(read_user_words().items()):
                self.add_entry(word, say)
        except StudioError as exc:
            self.note.setText(str(exc))

    def add_entry(self, word: str, say: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(word))
        self.table.setItem(row, 1, QTableWidgetItem(say))
        self.table.setCurrentCell(row, 0)

    def entries(self) -> dict[str, str]:
        out = {}
        for row in range(self.table.rowCount()):
            word, say = self.table.item(row, 0), self.table.item(row, 1)
            if word and say and word.text().strip():
                out[word.text().strip()] = say.text().strip()
        return out

    def accept(self) -> None:
        try:
            write_user_words(self.entries())
        except StudioError as exc:
            self.note.setText(str(exc))
            return
        if hasattr(self.window_, "narration"):
            self.window_.narration.lexicon_changed()  # take statuses change with it
        super().accept()

    def say_current(self) -> None:
        item = self.table.item(self.table.currentRow(), 0)
        if item is None or not item.text().strip():
            return
        try:
            write_user_words(self.entries())  # say it as it will be said
        except StudioError as exc:
            self.note.setText(str(exc))
            return
        text, ep, settings = item.text(), self.project.episode, self.session.settings
        self.note.setText(f"Saying “{text}”…")
        self.session.runner.run_task(
            "Say it", lambda p, c: audio_jobs.say_it(text, ep, settings, p, c),
            self._play, lambda msg: self.note.setText(msg))

    def _play(self, path) -> None:
        self.last_audio = path
        if self.player is not None and not self.player.play(path):
            self.note.setText(f"{self.player.unavailable() or 'Cannot play it.'} (It was saved as {path}.)")
            return
        self.note.setText(f"Said it ({path.name}).")
