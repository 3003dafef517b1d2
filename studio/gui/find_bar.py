"""The find bar under the script text (Ctrl+F): finds as you type through every segment,
says which match is selected ("3 of 12"), steps to the next and previous one (Enter,
Shift+Enter, F3, Shift+F3), matches whole words or case when asked, and marks every match in
the segment shown. Esc closes it. Replacing is the Find and replace dialog's job (Ctrl+H)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QKeyEvent, QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTextEdit,
    QWidget,
)

from .. import editing
from .form_fields import tool_button

if TYPE_CHECKING:
    from .script_editor import ScriptEditor

MATCH_BACKGROUND = QColor(255, 222, 110)




class FindBar(QWidget):
    def __init__(self, editor: ScriptEditor) -> None:
        super().__init__(editor)
        self.setObjectName("findBar")
        self.editor, self.project = editor, editor.project
        self.field = QLineEdit()
        self.field.setObjectName("findBarField")
        self.field.setPlaceholderText("Find in the script")
        self.field.setClearButtonEnabled(True)
        self.field.setMinimumWidth(150)
        self.field.setMaximumWidth(420)
        self.count = QLabel()
        self.count.setObjectName("findCount")
        self.count.setMinimumWidth(self.count.fontMetrics().horizontalAdvance("999 of 999"))
        self.previous = tool_button("▲", "Previous match (Shift+Enter, Shift+F3)", "findPrevious")
        self.next = tool_button("▼", "Next match (Enter, F3)", "findNext")
        self.whole = QCheckBox("Whole words")
        self.whole.setObjectName("findWholeWords")
        self.case = QCheckBox("Match case")
        self.case.setObjectName("findMatchCase")
        self.close_button = tool_button("✕", "Close the find bar (Esc)", "findClose")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.field, 1)
        for w in (self.count, self.previous, self.next, self.whole, self.case):
            layout.addWidget(w)
        layout.addStretch(1)
        layout.addWidget(self.close_button)
        self.hide()

        self.field.installEventFilter(self)
        self.field.textChanged.connect(lambda _t: self.search())
        self.whole.toggled.connect(lambda _on: self.search())
        self.case.toggled.connect(lambda _on: self.search())
        self.next.clicked.connect(lambda: self.step(backwards=False))
        self.previous.clicked.connect(lambda: self.step(backwards=True))
        self.close_button.clicked.connect(self.close_bar)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for keys, backwards in ((QKeySequence.StandardKey.FindNext, False),
                                (QKeySequence.StandardKey.FindPrevious, True)):
            shortcut = QShortcut(QKeySequence(keys), editor)
            shortcut.setContext(context)
            shortcut.activated.connect(lambda b=backwards: self.isVisible() and self.step(backwards=b))
        for signal in (self.project.segment_changed, self.project.structure_changed, self.project.reset,
                       editor.current_changed):
            signal.connect(lambda *_: self.isVisible() and self.refresh())

    # --- opening and closing ------------------------------------------------------------------
    def open(self) -> None:
        """Show the bar with the selected words (if any) to find, ready to type."""
        chosen = self.editor.text.textCursor().selectedText()
        self.show()
        if chosen and "\u2029" not in chosen and chosen != self.field.text():
            self.field.setText(chosen)
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()
        self.refresh()

    def close_bar(self) -> None:
        self.hide()
        self.editor.text.set_layer("find", [])
        self.editor.text.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.field and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.step(backwards=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
                return True
            if event.key() == Qt.Key.Key_Escape:
                self.close_bar()
                return True
        return super().eventFilter(watched, event)

    # --- finding ------------------------------------------------------------------------------
    def matches(self) -> list[tuple[str, int]]:
        ep = self.project.episode
        if ep is None:
            return []
        return editing.find_all(ep, self.field.text(), self.case.isChecked(), self.whole.isChecked())

    def search(self) -> None:
        """As the words or options change: the first match from the current one on."""
        self._go(backwards=False, keep=True)

    def step(self, backwards: bool) -> bool:
        return self._go(backwards=backwards, keep=False)

    def _go(self, backwards: bool, keep: bool) -> bool:
        ep, matches = self.project.episode, self.matches()
        cursor = self.editor.text.textCursor()
        at = cursor.selectionStart() if keep or backwards else cursor.selectionEnd()
        i = editing.match_from(matches, [s.id for s in ep.segments] if ep else [],
                               (self.editor.current_id(), at), backwards)
        if i >= 0:
            self.editor.select_range(matches[i][0], matches[i][1], len(self.field.text()))
        self.refresh(matches)
        return i >= 0

    def refresh(self, matches: list[tuple[str, int]] | None = None) -> None:
        """The count ("3 of 12" when a match is selected) and the marks in the segment shown."""
        matches = self.matches() if matches is None else matches
        cursor = self.editor.text.textCursor()
        here = (self.editor.current_id(), cursor.selectionStart())
        n = len(matches)
        if not self.field.text():
            self.count.setText("")
        elif n == 0:
            self.count.setText("No matches")
        elif here in matches and cursor.selectionEnd() - cursor.selectionStart() == len(self.field.text()):
            self.count.setText(f"{matches.index(here) + 1} of {n}")
        else:
            self.count.setText(f"{n} match" + ("es" if n != 1 else ""))
        self._mark(matches)

    def _mark(self, matches: list[tuple[str, int]]) -> None:
        text, sid, length = self.editor.text, self.editor.current_id(), len(self.field.text())
        marks = []
        for segment_id, offset in matches:
            if segment_id != sid:
                continue
            mark = QTextEdit.ExtraSelection()
            mark.cursor = QTextCursor(text.document())
            mark.cursor.setPosition(offset)
            mark.cursor.setPosition(offset + length, QTextCursor.MoveMode.KeepAnchor)
            mark.format.setBackground(MATCH_BACKGROUND)
            mark.format.setForeground(QColor(Qt.GlobalColor.black))
            marks.append(mark)
        text.set_layer("find", marks)
