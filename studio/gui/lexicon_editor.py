"""The pronunciation lexicon: words and how to say them, with a "say it" button.

Entries go to the user's own lexicon (``lexicon.toml`` in the config folder, ``[words]``),
applied on top of the shipped and the show's lexicons, only at synthesis time: the script and
the transcript keep the real spelling.
"""

from __future__ import annotations

import tomllib

import shiboken6
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

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_text
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
        intro = QLabel("Applied only when synthesizing: the transcript keeps the spelling. "
                       "Say it as words, or as espeak phonemes in [[ ]], e.g. [[k'u:b@k,Ut@l]]: "
                       "both engines (pyttsx3 and Piper) read them. \"Say it\" uses the voice "
                       "chosen in Settings.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.add.clicked.connect(self._add_and_edit)
        self.remove.clicked.connect(lambda: self.table.removeRow(self.table.currentRow()))
        self.say.clicked.connect(self.say_current)
        self.table.currentCellChanged.connect(lambda *_: self._update_buttons())
        self.table.itemChanged.connect(lambda _item: self._update_buttons())
        self.table.model().rowsRemoved.connect(lambda *_: self._update_buttons())
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        try:
            for word, say in sorted(read_user_words().items()):
                self.add_entry(word, say)
        except StudioError as exc:
            self.note.setText(str(exc))
        self._update_buttons()

    def _current_word(self) -> str:
        item = self.table.item(self.table.currentRow(), 0)
        return item.text().strip() if item is not None else ""

    def _update_buttons(self) -> None:
        """Remove needs a row, Say it a written word."""
        self.remove.setEnabled(self.table.currentRow() >= 0)
        self.say.setEnabled(bool(self._current_word()))
        self.say.setToolTip("" if self.say.isEnabled() else "Type a word first, then hear it")

    def _add_and_edit(self) -> None:
        """A new row with the cursor in it: what the host types next is the word."""
        self.add_entry("", "")
        self.table.setFocus()
        self.table.editItem(self.table.item(self.table.currentRow(), 0))

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
        text = self._current_word()
        if not text:
            self.note.setText("Type a word first, then hear it.")
            return
        # said with the table as it stands, which is saved only by Save (Cancel keeps the old one)
        words, ep, settings = self.entries(), self.project.episode, self.session.narration_settings()
        self.note.setText(f"Saying “{text}”…")
        self.session.runner.run_task(
            "Say it", lambda p, c: audio_jobs.say_it(text, ep, settings, p, c, words),
            self._play, lambda msg: self.note.setText(msg))

    def _play(self, path) -> None:
        self.last_audio = path

        def failed(message: str) -> None:  # said later, when the dialog may be gone
            if shiboken6.isValid(self.note):
                self.note.setText(f"{message} (It was saved as {path}.)")

        self.note.setText(f"Said it ({path.name}).")
        if self.player is not None:
            self.player.play(path, on_error=failed)
