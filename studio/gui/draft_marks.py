"""Where each sentence of a drafted script came from, shown quietly in the script editor:
a coloured underline per sentence (drafted and verified, replaced, written by the host), the
reason on hover, a one-line notice over the script, and Accept / Reject for a drafted segment.
What the marks mean lives in the core (:mod:`studio.draft_review`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QTextEdit, QWidget

from .. import draft_review, editing
from ..episode import Episode, Segment

# Muted colours that read on light and dark palettes; the styles tell them apart without colour.
MARKS: dict[str, tuple[str, QTextCharFormat.UnderlineStyle]] = {
    draft_review.VERIFIED: ("#4f9a6a", QTextCharFormat.UnderlineStyle.DotLine),
    draft_review.REPLACED: ("#c8891a", QTextCharFormat.UnderlineStyle.WaveUnderline),
    draft_review.HOST: ("#5b83c9", QTextCharFormat.UnderlineStyle.DashUnderline),
}
LEGEND = {draft_review.VERIFIED: "drafted, verified", draft_review.REPLACED: "replaced",
          draft_review.HOST: "yours"}


def mark_colours() -> dict[str, QColor]:
    return {kind: QColor(colour) for kind, (colour, _style) in MARKS.items()}


def mark_selections(document, segment: Segment | None) -> list[QTextEdit.ExtraSelection]:
    """An underline under every marked sentence of ``segment`` as ``document`` shows it."""
    out: list[QTextEdit.ExtraSelection] = []
    if segment is None:
        return out
    for start, end, sentence in editing.sentence_spans(segment):
        kind = draft_review.mark(sentence)
        if kind not in MARKS or end > document.characterCount() - 1:
            continue
        colour, style = MARKS[kind]
        sel = QTextEdit.ExtraSelection()
        sel.cursor = QTextCursor(document)
        sel.cursor.setPosition(start)
        sel.cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        sel.format.setUnderlineStyle(style)
        sel.format.setUnderlineColor(QColor(colour))
        out.append(sel)
    return out


def tip_for(segment: Segment | None, offset: int) -> str:
    """What hovering over character ``offset`` says: where that sentence came from."""
    if segment is None:
        return ""
    for start, end, sentence in editing.sentence_spans(segment):
        if start <= offset <= end:
            return draft_review.describe(sentence)
    return ""


def legend_html() -> str:
    return " ".join(f"<span style='color:{MARKS[k][0]}'>▁</span> {LEGEND[k]}" for k in MARKS)


class ReviewBar(QWidget):
    """"Drafted by the language model" with Accept and Reject, over a drafted segment."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewBar")
        self.label = QLabel(f"Drafted segment · {legend_html()}")
        self.label.setToolTip("Underlined sentences: dotted green, the model's, every fact "
                              "verified; wavy amber, the story writer's, standing in for a "
                              "draft that failed the fact check (hover for why); dashed blue, "
                              "yours")
        self.accept = QPushButton("Accept draft")
        self.accept.setObjectName("acceptDraft")
        self.accept.setToolTip("Keep this segment as it reads and clear its marks")
        self.reject = QPushButton("Reject draft")
        self.reject.setObjectName("rejectDraft")
        self.reject.setToolTip("Put the story writer's text for the same commits in its place")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.accept)
        row.addWidget(self.reject)


def writer_note_label() -> QLabel:
    """The one-line notice over the script: the writer's note, or the draft's account."""
    label = QLabel()
    label.setObjectName("writerNote")
    label.setWordWrap(False)
    label.setTextFormat(Qt.TextFormat.PlainText)
    # clipped, never widening the editor: the whole line is its tooltip too
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText,
                     palette.color(QPalette.ColorRole.PlaceholderText))
    label.setPalette(palette)
    label.hide()
    return label


def show_note(label: QLabel, episode: Episode | None) -> None:
    """The notice over the script for ``episode``, hidden when there is nothing to say."""
    line = draft_review.summary(episode) if episode is not None else ""
    if line and episode is not None and episode.writer_note:
        line = "⚠ " + line  # the model was not used: said, still quietly
    label.setText(line)
    label.setToolTip(line)
    label.setVisible(bool(line))
