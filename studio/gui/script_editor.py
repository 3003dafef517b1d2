"""The script editor: segments on the left, the current segment's text in the middle, the
commits behind the sentence under the cursor on the right, live word counts below."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidgetItem,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from .. import draft_review, editing
from ..episode import DEFAULT_RATE, Segment, estimate_seconds, words_per_second
from ..humanize import plural
from . import commands, draft_marks
from .find_bar import FindBar
from .form_fields import tool_button
from .project import Project
from .script_text import ScriptText, end_of_change
from .segment_list import ID_ROLE, SegmentList
from .sentence_commits import SentenceCommits
from .turn_cache import TurnCache


class ScriptEditor(QWidget):
    regenerate_requested = Signal(str)  # segment id; the window runs it (it needs the day)
    current_changed = Signal(str)

    def __init__(self, project: Project, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.project = project
        self.rate_of = lambda: DEFAULT_RATE  # the speaking rate in Settings (the window sets it)
        self._paces: TurnCache[float] = TurnCache()  # every label of one change shares one pace
        self._loading = False
        self.segments = SegmentList()
        self.segments.setObjectName("segmentList")
        self.segments.setMinimumWidth(150)  # titles wrap: 150 reads them whole
        self.segments.setSpacing(2)
        self.up = tool_button("▲", "Move the segment up", "moveUp")
        self.down = tool_button("▼", "Move the segment down", "moveDown")
        self.add = tool_button("+", "Add a segment after this one", "addSegment")
        self.remove = tool_button("−", "Delete this segment", "deleteSegment")
        self.regen = tool_button("⟳", "Write this segment again from the day's data", "regenerate")
        buttons = QHBoxLayout()
        for b in (self.up, self.down, self.add, self.remove, self.regen):
            buttons.addWidget(b)
        buttons.addStretch(1)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(QLabel("<b>Segments</b>"))
        lv.addWidget(self.segments, 1)
        lv.addLayout(buttons)

        self.title = QLineEdit()
        self.title.setObjectName("segmentTitle")
        self.title.setPlaceholderText("Segment title (a chapter of the episode)")
        self.text = ScriptText()
        self.text.setObjectName("segmentText")
        self.text.setUndoRedoEnabled(False)  # the episode's undo stack does it
        self.text.setPlaceholderText("What the host says in this segment.")
        font = self.text.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.text.setFont(font)
        self.text.document().setDocumentMargin(10)
        self.text.tip_at = lambda pos: draft_marks.tip_for(self.current_segment(), pos)
        self.counts = QLabel()
        self.counts.setObjectName("wordCounts")
        self.counts.setWordWrap(True)  # on one line it held the script 840 wide, the Day panel squeezed
        self.writer_note = draft_marks.writer_note_label()
        self.review_bar = draft_marks.ReviewBar()
        self.accept_draft, self.reject_draft = self.review_bar.accept, self.review_bar.reject
        middle = QWidget()
        mv = QVBoxLayout(middle)
        mv.setContentsMargins(0, 0, 0, 0)
        mv.addWidget(self.title)
        mv.addWidget(self.review_bar)
        mv.addWidget(self.text, 1)
        mv.addWidget(self.counts)

        self.behind = SentenceCommits()
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.setContentsMargins(0, 0, 0, 0)
        rv.addWidget(QLabel("<b>Behind this sentence</b>"))
        rv.addWidget(self.behind, 1)

        split = QSplitter(Qt.Orientation.Horizontal)
        for w in (left, middle, right):
            split.addWidget(w)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 5)
        split.setStretchFactor(2, 3)
        split.setSizes([200, 500, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.writer_note)  # across the panel: a long note is still one line
        layout.addWidget(split, 1)
        self.find_bar = FindBar(self)  # across the whole panel, so it never squeezes the text
        layout.addWidget(self.find_bar)

        self.segments.currentItemChanged.connect(lambda *_: self._show_current())
        self.text.textChanged.connect(self._text_edited)
        self.text.cursorPositionChanged.connect(self._show_sentence)
        self.title.editingFinished.connect(self._title_edited)
        self.segments.move_requested.connect(self._move_to)
        self.up.clicked.connect(lambda: self._move(-1))
        self.down.clicked.connect(lambda: self._move(1))
        self.add.clicked.connect(self.add_segment)
        self.remove.clicked.connect(self.delete_segment)
        self.regen.clicked.connect(lambda: self.current_id() and
                                   self.regenerate_requested.emit(self.current_id()))
        self.accept_draft.clicked.connect(lambda: self.review(accept=True))
        self.reject_draft.clicked.connect(lambda: self.review(accept=False))
        project.reset.connect(self.reload)
        project.structure_changed.connect(self.reload)
        project.segment_changed.connect(self._segment_changed)
        project.reveal.connect(self.select_segment)
        self.reload()

    # --- reading the project ---------------------------------------------------------------
    def current_id(self) -> str:
        item = self.segments.currentItem()
        return item.data(ID_ROLE) if item is not None else ""

    def current_segment(self) -> Segment | None:
        sid = self.current_id()
        ep = self.project.episode
        if not sid or ep is None:
            return None
        return next((s for s in ep.segments if s.id == sid), None)

    def reload(self) -> None:
        keep = self.current_id()
        ep = self.project.episode
        self.segments.blockSignals(True)
        self.segments.clear()
        for seg in ep.segments if ep else []:
            item = QListWidgetItem(self._label(seg))
            item.setData(ID_ROLE, seg.id)
            self.segments.addItem(item)
        self.segments.blockSignals(False)
        ids = [s.id for s in ep.segments] if ep else []
        row = ids.index(keep) if keep in ids else (0 if ids else -1)
        self.segments.setCurrentRow(row)
        self._show_current()
        self._update_note()
        enabled = ep is not None
        for w in (self.up, self.down, self.add, self.remove, self.regen, self.title, self.text):
            w.setEnabled(enabled)
        self._update_moves()

    def select_segment(self, segment_id: str) -> None:
        for i in range(self.segments.count()):
            if self.segments.item(i).data(ID_ROLE) == segment_id:
                self.segments.setCurrentRow(i)
                return

    def pace(self) -> float:
        """Words a second: measured on the episode's takes, else the voice's default."""
        ep, rate = self.project.episode, self.rate_of()
        return self._paces((id(ep), rate),
                           lambda: words_per_second(ep.segments if ep else [], rate))

    def _label(self, seg: Segment) -> str:
        draft = "\ndraft to review" if draft_review.is_drafted(seg) else ""
        return f"{seg.title}\n{editing.estimate_label(seg.text, self.pace())}{draft}"

    def _show_current(self) -> None:
        seg = self.current_segment()
        self._loading = True
        self.title.setText(seg.title if seg else "")
        self.text.setPlainText(seg.text if seg else "")
        self._loading = False
        self._update_counts()
        self._show_sentence()
        self._update_moves()
        self._update_marks()
        self.current_changed.emit(seg.id if seg else "")

    def can_move(self, step: int) -> bool:
        """The current segment can move up (-1) or down (+1): not past either end."""
        row = self.segments.currentRow()
        return row >= 0 and 0 <= row + step < self.segments.count()

    def _update_moves(self) -> None:
        self.up.setEnabled(self.can_move(-1))
        self.down.setEnabled(self.can_move(1))

    def _segment_changed(self, segment_id: str) -> None:
        ep = self.project.episode
        if ep is None:
            return
        self._update_note()
        for i in range(self.segments.count()):
            item = self.segments.item(i)
            if item.data(ID_ROLE) == segment_id:
                item.setText(self._label(ep.segment(segment_id)))
        if segment_id != self.current_id():
            # its text is shown when it is chosen (or revealed by an undo/redo); the episode's
            # length beside the current segment's counts changes with it (a take landing)
            self._update_counts()
            return
        seg = ep.segment(segment_id)
        shown = self.text.toPlainText()
        if shown != seg.text:  # an undo/redo/replace, not the typing itself
            self._loading = True
            self.text.setPlainText(seg.text)
            cursor = self.text.textCursor()
            cursor.setPosition(end_of_change(shown, seg.text))
            self.text.setTextCursor(cursor)
            self._loading = False
        if self.title.text() != seg.title:
            self.title.setText(seg.title)
        self._update_counts()
        self._show_sentence()
        self._update_marks()

    # --- edits -----------------------------------------------------------------------------
    def _text_edited(self) -> None:
        if self._loading or not self.current_id():
            return
        commands.push_text(self.project, self.current_id(), self.text.toPlainText())

    def _title_edited(self) -> None:
        seg = self.current_segment()
        if seg is not None and self.title.text().strip() and self.title.text() != seg.title:
            self.project.undo_stack.push(commands.SetTitle(self.project, seg.id, self.title.text()))

    def _move(self, step: int) -> None:
        row = self.segments.currentRow()
        if row < 0 or not (0 <= row + step < self.segments.count()):
            return
        self.project.undo_stack.push(commands.MoveSegment(self.project, row, row + step))

    def _move_to(self, row: int, new_row: int) -> None:
        """A segment dropped at a new place: one undoable move, and it stays selected."""
        ep = self.project.episode
        if ep is None or not (0 <= row < len(ep.segments)) or not (0 <= new_row < len(ep.segments)):
            return
        sid = ep.segments[row].id
        self.project.undo_stack.push(commands.MoveSegment(self.project, row, new_row))
        self.select_segment(sid)

    def add_segment(self) -> None:
        ep = self.project.episode
        if ep is None:
            return
        seg = Segment(id=editing.new_segment_id(ep), title="New segment", text="")
        self.project.undo_stack.push(
            commands.InsertSegment(self.project, self.segments.currentRow() + 1, seg))
        self.select_segment(seg.id)
        self.title.setFocus()
        self.title.selectAll()

    def delete_segment(self) -> None:
        if self.current_id():
            self.project.undo_stack.push(commands.RemoveSegment(self.project, self.current_id()))

    # --- read-outs -------------------------------------------------------------------------
    def _update_counts(self) -> None:
        ep = self.project.episode
        seg_text = self.text.toPlainText()
        if ep is None:
            self.counts.setText("")
            return
        total, pace = ep.transcript, self.pace()
        self.counts.setText(
            f"This segment: {editing.estimate_label(seg_text, pace)}    "
            f"Episode: {plural(editing.word_count(total), 'word')} · "
            f"~{editing.duration_label(estimate_seconds(total, pace))}")

    def _show_sentence(self) -> None:
        seg, ep = self.current_segment(), self.project.episode
        if seg is None or ep is None:
            self.behind.show_commits(None, [])
            return
        sentence = editing.sentence_at(seg, self.text.textCursor().position())
        self.behind.show_commits(ep, sentence.commits if sentence else [],
                                 draft_review.describe(sentence) if sentence else "")

    # --- a drafted script: marks, the notice, accept / reject --------------------------------
    mark_colours = staticmethod(draft_marks.mark_colours)

    def _update_marks(self) -> None:
        seg = self.current_segment()
        self.text.set_layer("provenance", draft_marks.mark_selections(self.text.document(), seg))
        self.review_bar.setVisible(self.can_review(True))
        self.reject_draft.setEnabled(self.can_review(False))

    def _update_note(self) -> None:
        draft_marks.show_note(self.writer_note, self.project.episode)

    def can_review(self, accept: bool) -> bool:
        """The current segment holds a draft to accept (or to reject: the story writer has
        text for its commits)."""
        seg = self.current_segment()
        return seg is not None and draft_review.is_drafted(seg) and (accept or bool(seg.story))

    def review(self, accept: bool) -> None:
        """Accept or reject the current drafted segment: one step on the undo stack."""
        if self.can_review(accept):
            self.project.undo_stack.push(commands.ReviewDraft(self.project, self.current_id(),
                                                              accept))

    def select_range(self, segment_id: str, offset: int, length: int) -> None:
        """Show ``segment_id`` with ``length`` characters from ``offset`` selected."""
        if segment_id != self.current_id():
            self.select_segment(segment_id)
        cursor = self.text.textCursor()
        cursor.setPosition(offset)
        cursor.setPosition(offset + length, QTextCursor.MoveMode.KeepAnchor)
        self.text.setTextCursor(cursor)

    def find_next(self, needle: str, case: bool = False, whole_word: bool = False,
                  backwards: bool = False) -> bool:
        """Select the next (or previous) match, on through the other segments and round."""
        ep = self.project.episode
        if ep is None or not needle:
            return False
        matches = editing.find_all(ep, needle, case, whole_word)
        cursor = self.text.textCursor()
        here = (self.current_id(), cursor.selectionStart() if backwards else cursor.selectionEnd())
        i = editing.match_from(matches, [s.id for s in ep.segments], here, backwards)
        if i < 0:
            return False
        self.select_range(matches[i][0], matches[i][1], len(needle))
        return True
