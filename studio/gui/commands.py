"""Undo commands: each calls one core edit function (:mod:`studio.editing`) and announces it."""

from __future__ import annotations

import copy
from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from .. import draft_review, editing
from ..episode import Segment, Trim
from .project import Project

TEXT_ID = 1
NAME_CHARS = 40  # of a segment's title in a command's name


def quoted(title: str) -> str:
    """A segment's title as the undo history names it: “Welcome”, long ones shortened."""
    title = " ".join(title.split()) or "untitled segment"
    return f"“{title if len(title) <= NAME_CHARS else title[:NAME_CHARS - 1].rstrip() + '…'}”"


def segment_name(project: Project, segment_id: str) -> str:
    ep = project.episode
    seg = next((s for s in ep.segments if s.id == segment_id), None) if ep else None
    return quoted(seg.title) if seg is not None else "a segment"


def takes_name(project: Project, label: str, segment_ids) -> str:
    """``label`` (with ``{what}``) said of one segment by its title, of several by count."""
    ids = list(segment_ids)
    what = segment_name(project, ids[0]) if len(ids) == 1 else f"{len(ids)} segments"
    return label.format(what=what) if "{what}" in label else f"{label} {what}"


def changed(project: Project, segment_id: str, reveal: bool = True) -> None:
    """Announce a change of one segment; ``reveal`` brings it before the host (undo/redo do,
    takes landing from a synthesis the host started while working elsewhere do not)."""
    project.segment_changed.emit(segment_id)
    if reveal:
        project.reveal.emit(segment_id)


class SetText(QUndoCommand):
    """A run of typing in one segment; consecutive edits of the same segment merge."""

    def __init__(self, project: Project, segment_id: str, text: str) -> None:
        super().__init__(f"Edit the text of {segment_name(project, segment_id)}")
        self.project, self.segment_id, self.text = project, segment_id, text
        self.old: tuple[str, list] | None = None

    def id(self) -> int:
        return TEXT_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetText) or other.segment_id != self.segment_id:
            return False
        self.text = other.text
        return True

    def redo(self) -> None:
        old = editing.set_segment_text(self.project.episode, self.segment_id, self.text)
        if self.old is None:
            self.old = old
        changed(self.project, self.segment_id)

    def extend(self, text: str) -> None:
        """The next keystroke of this run, taken in place (see :func:`push_text`)."""
        self.text = text
        self.redo()

    def undo(self) -> None:
        assert self.old is not None
        editing.restore_segment_text(self.project.episode, self.segment_id, *self.old)
        changed(self.project, self.segment_id)


def push_text(project: Project, segment_id: str, text: str) -> None:
    """Typing in a segment: extend the run on top of the stack in place, or push a new one.

    Letting QUndoStack merge would leak: PySide 6.11 never frees a Python command that Qt
    deletes after ``mergeWith`` — one wrapper, with the text and sentences it held, per
    keystroke, for as long as the app runs. The conditions are Qt's own for merging: the
    same segment, the newest command, and not the saved state (typing after a save is a
    new undo step, so the window can tell it is modified again).
    """
    stack = project.undo_stack
    index = stack.index()
    top = stack.command(index - 1) if index > 0 else None
    if (isinstance(top, SetText) and top.segment_id == segment_id and index == stack.count()
            and index != stack.cleanIndex()):
        top.extend(text)
        return
    stack.push(SetText(project, segment_id, text))


class SetTitle(QUndoCommand):
    def __init__(self, project: Project, segment_id: str, title: str) -> None:
        super().__init__(f"Rename {segment_name(project, segment_id)} to {quoted(title)}")
        self.project, self.segment_id, self.title, self.old = project, segment_id, title, ""

    def redo(self) -> None:
        self.old = editing.set_segment_title(self.project.episode, self.segment_id, self.title)
        changed(self.project, self.segment_id)

    def undo(self) -> None:
        editing.set_segment_title(self.project.episode, self.segment_id, self.old)
        changed(self.project, self.segment_id)


class MoveSegment(QUndoCommand):
    def __init__(self, project: Project, index: int, new_index: int) -> None:
        seg = project.episode.segments[index]
        where = "up" if new_index < index else "down"
        steps = abs(new_index - index)
        super().__init__(f"Move {quoted(seg.title)} {where}" +
                         (f" {steps} places" if steps > 1 else ""))
        self.project, self.index, self.new_index = project, index, new_index

    def redo(self) -> None:
        editing.move_segment(self.project.episode, self.index, self.new_index)
        self.project.structure_changed.emit()

    def undo(self) -> None:
        editing.move_segment(self.project.episode, self.new_index, self.index)
        self.project.structure_changed.emit()


class InsertSegment(QUndoCommand):
    def __init__(self, project: Project, index: int, segment: Segment) -> None:
        super().__init__(f"Add the segment {quoted(segment.title)}")
        self.project, self.index, self.segment = project, index, segment

    def redo(self) -> None:
        editing.insert_segment(self.project.episode, self.index, copy.deepcopy(self.segment))
        self.project.structure_changed.emit()

    def undo(self) -> None:
        editing.remove_segment(self.project.episode, self.segment.id)
        self.project.structure_changed.emit()


class RemoveSegment(QUndoCommand):
    def __init__(self, project: Project, segment_id: str) -> None:
        super().__init__(f"Delete the segment {segment_name(project, segment_id)}")
        self.project, self.segment_id = project, segment_id
        self.removed: tuple[int, Segment] | None = None

    def redo(self) -> None:
        self.removed = editing.remove_segment(self.project.episode, self.segment_id)
        self.project.structure_changed.emit()

    def undo(self) -> None:
        assert self.removed is not None
        editing.insert_segment(self.project.episode, *self.removed)
        self.project.structure_changed.emit()


class ReplaceSegment(QUndoCommand):
    """Regenerate: the segment written afresh from the day's data."""

    def __init__(self, project: Project, segment_id: str, new: Segment) -> None:
        super().__init__(f"Write {segment_name(project, segment_id)} again from the data")
        self.project, self.segment_id, self.new = project, segment_id, new
        self.old: Segment | None = None

    def redo(self) -> None:
        self.old = editing.replace_segment(self.project.episode, self.segment_id,
                                           copy.deepcopy(self.new))
        self.project.structure_changed.emit()

    def undo(self) -> None:
        assert self.old is not None
        editing.replace_segment(self.project.episode, self.new.id, self.old)
        self.project.structure_changed.emit()


class ReviewDraft(QUndoCommand):
    """Accept or reject a drafted segment (:mod:`studio.draft_review`); undo puts it back."""

    def __init__(self, project: Project, segment_id: str, accept: bool) -> None:
        super().__init__(f"{'Accept' if accept else 'Reject'} the draft of "
                         f"{segment_name(project, segment_id)}")
        self.project, self.segment_id, self.accept = project, segment_id, accept
        self.old: Segment | None = None

    def redo(self) -> None:
        decide = draft_review.accept_segment if self.accept else draft_review.reject_segment
        self.old = decide(self.project.episode, self.segment_id)
        changed(self.project, self.segment_id)

    def undo(self) -> None:
        assert self.old is not None
        editing.replace_segment(self.project.episode, self.segment_id, copy.deepcopy(self.old))
        changed(self.project, self.segment_id)


class SetTrim(QUndoCommand):
    def __init__(self, project: Project, segment_id: str, trim: Trim, label: str = "Trim") -> None:
        super().__init__(takes_name(project, label, [segment_id]))
        self.project, self.segment_id, self.trim = project, segment_id, trim
        self.old: Trim | None = None

    def redo(self) -> None:
        self.old = editing.set_trim(self.project.episode, self.segment_id, self.trim)
        changed(self.project, self.segment_id)

    def undo(self) -> None:
        assert self.old is not None
        editing.set_trim(self.project.episode, self.segment_id, self.old)
        changed(self.project, self.segment_id)


class SetTakes(QUndoCommand):
    """New takes for some segments (a synthesis run or an import), as one step; ``label``
    names it, its ``{what}`` the segments (see :func:`takes_name`)."""

    def __init__(self, project: Project, takes: dict, label: str = "New takes for") -> None:
        super().__init__(takes_name(project, label, takes))
        self.project, self.takes = project, takes
        self.old: dict = {}
        self.landed = False  # the first redo is the takes landing: the host's place stays

    def redo(self) -> None:
        ep = self.project.episode
        self.old = {sid: editing.set_take(ep, sid, take) for sid, take in self.takes.items()}
        for sid in self.takes:
            changed(self.project, sid, reveal=self.landed)
        self.landed = True

    def undo(self) -> None:
        for sid, take in self.old.items():
            editing.set_take(self.project.episode, sid, take)
            changed(self.project, sid)


class UpdateFromRepository(QUndoCommand):
    """The day pulled again: the merged script (the host's work kept where the commits did
    not change) and the new day, as one step; ``show_day(loaded)`` puts a day in the day
    list, and undo puts the earlier script and day back (``before``: how that day was
    shown)."""

    def __init__(self, project: Project, loaded, before, show_day: Callable) -> None:
        super().__init__("Update from the repository")
        self.project, self.loaded, self.before, self.show_day = project, loaded, before, show_day
        self.old = None
        self.old_day = None

    def redo(self) -> None:
        self.old = editing.replace_script(self.project.episode, self.loaded.episode)
        self.old_day, self.project.day = self.project.day, self.loaded.day
        self._changed(self.loaded)

    def undo(self) -> None:
        assert self.old is not None
        editing.replace_script(self.project.episode, self.old)
        self.project.day = self.old_day
        self._changed(self.before)

    def _changed(self, loaded) -> None:
        self.project.day_changed = True  # the next save writes day.json too
        self.project.structure_changed.emit()
        self.project.meta_changed.emit()
        if loaded is not None:
            self.show_day(loaded)


class SetMetadata(QUndoCommand):
    def __init__(self, project: Project, meta: editing.Metadata) -> None:
        super().__init__("Edit the episode's details")
        self.project, self.meta = project, meta
        self.old: editing.Metadata | None = None

    def redo(self) -> None:
        self.old = editing.set_metadata(self.project.episode, self.meta)
        self.project.meta_changed.emit()

    def undo(self) -> None:
        assert self.old is not None
        editing.set_metadata(self.project.episode, self.old)
        self.project.meta_changed.emit()
