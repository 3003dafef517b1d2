"""The segment's text under its waveform, linked to the take (issue 26 item 13): a click on a
sentence plays the take from it, a selection of words marks where they are said on the
waveform (ready to cut), and the sentence being heard is highlighted as the take plays.
Where each sentence is comes from :mod:`studio.audio.alignment`."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QMouseEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextEdit, QWidget

from ..audio.alignment import Spoken, sentence_at, shown_text, time_of


class TakeText(QTextEdit):
    sentence_clicked = Signal(float)  # take seconds where the clicked sentence starts
    words_selected = Signal(object)  # (start, end) take seconds of the selected words, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("takeText")
        self.setReadOnly(True)
        self.setMaximumHeight(84)
        self.setToolTip("Click a sentence to play the take from it; select words to mark "
                        "where they are said on the waveform (Delete there cuts them)")
        self.spoken: list[Spoken] = []
        self._heard: Spoken | None = None
        self.selectionChanged.connect(self._selected)

    def set_spoken(self, spoken: list[Spoken]) -> None:
        """The sentences and where they are; the text is set again only when it changed."""
        text = shown_text(spoken)
        self.spoken = spoken
        if text != self.toPlainText():
            self.setPlainText(text)
        self._heard = None
        self.setExtraSelections([])

    def mouseReleaseEvent(self, e: QMouseEvent) -> None:
        super().mouseReleaseEvent(e)
        cursor = self.textCursor()
        if not cursor.hasSelection():
            found = sentence_at(self.spoken, cursor.position())
            if found is not None:
                self.sentence_clicked.emit(found.start)

    def _selected(self) -> None:
        cursor = self.textCursor()
        if not cursor.hasSelection():
            self.words_selected.emit(None)
            return
        self.words_selected.emit(time_of(self.spoken, cursor.selectionStart(),
                                         cursor.selectionEnd()))

    def show_heard(self, seconds: float | None) -> None:
        """Highlight the sentence the take is saying at ``seconds`` (None: none)."""
        now = None if seconds is None else next(
            (s for s in self.spoken if s.start <= seconds < s.end), None)
        if now == self._heard:
            return
        self._heard = now
        if now is None:
            self.setExtraSelections([])
            return
        mark = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setBackground(QColor(255, 220, 120, 140))
        mark.format = fmt
        cursor = QTextCursor(self.document())
        cursor.setPosition(now.first)
        cursor.setPosition(now.last, QTextCursor.MoveMode.KeepAnchor)
        mark.cursor = cursor
        self.setExtraSelections([mark])

    def heard_text(self) -> str:
        return self._heard.text if self._heard is not None else ""
