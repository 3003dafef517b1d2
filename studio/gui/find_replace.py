"""Find and replace across the whole script; Replace all is one undo step."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .. import editing
from ..humanize import plural
from . import commands
from .project import Project
from .script_editor import ScriptEditor


class FindReplaceDialog(QDialog):
    def __init__(self, project: Project, editor: ScriptEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Find and replace")
        self.project, self.editor = project, editor
        self.find = QLineEdit()
        self.find.setObjectName("findField")
        self.replace = QLineEdit()
        self.replace.setObjectName("replaceField")
        self.case = QCheckBox("Match case")
        self.whole = QCheckBox("Whole words")
        self.whole.setObjectName("replaceWholeWords")
        self.result = QLabel()
        self.next_button = QPushButton("Find next")
        self.next_button.setDefault(True)
        self.replace_one = QPushButton("Replace")
        self.replace_all = QPushButton("Replace all")
        self.replace_all.setObjectName("replaceAll")
        form = QFormLayout()
        form.addRow("Find", self.find)
        form.addRow("Replace with", self.replace)
        options = QHBoxLayout()
        options.addWidget(self.case)
        options.addWidget(self.whole)
        options.addStretch(1)
        form.addRow("", options)
        buttons = QHBoxLayout()
        for b in (self.next_button, self.replace_one, self.replace_all):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.result)
        self.next_button.clicked.connect(self.find_next)
        self.replace_one.clicked.connect(self.replace_current)
        self.replace_all.clicked.connect(self.do_replace_all)

    def showEvent(self, event: QShowEvent) -> None:
        if not self.find.text():  # carry on with what the find bar was finding
            bar = self.editor.find_bar
            self.find.setText(bar.field.text())
            self.case.setChecked(bar.case.isChecked())
            self.whole.setChecked(bar.whole.isChecked())
        super().showEvent(event)

    def find_next(self) -> bool:
        found = self.editor.find_next(self.find.text(), self.case.isChecked(), self.whole.isChecked())
        self.result.setText("" if found else "Not found.")
        return found

    def replace_current(self) -> None:
        cursor = self.editor.text.textCursor()
        selected = cursor.selectedText()
        needle = self.find.text()
        same = selected == needle if self.case.isChecked() else selected.lower() == needle.lower()
        if needle and same:
            cursor.insertText(self.replace.text())  # goes through the editor's undo command
        self.find_next()

    def do_replace_all(self) -> int:
        ep = self.project.episode
        if ep is None:
            return 0
        texts = editing.replaced_texts(ep, self.find.text(), self.replace.text(),
                                       self.case.isChecked(), self.whole.isChecked())
        if not texts:
            self.result.setText("Not found.")
            return 0
        found = len(editing.find_all(ep, self.find.text(), self.case.isChecked(), self.whole.isChecked()))
        keep = self.editor.current_id()  # each replaced segment is revealed: come back after
        stack = self.project.undo_stack
        stack.beginMacro(f"Replace “{self.find.text()}”")  # "Undo Replace “it's”", no Python quoting
        for sid, text in texts.items():
            stack.push(commands.SetText(self.project, sid, text))
        stack.endMacro()
        if keep:
            self.editor.select_segment(keep)
        self.result.setText(f"Replaced {plural(found, 'match', 'matches')} "
                            f"in {plural(len(texts), 'segment')}.")
        return len(texts)

