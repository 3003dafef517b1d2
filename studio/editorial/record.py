"""The record: each commit's cleaned full text, as its author wrote it.

A commit's record is the prose of its message and of its pull request's description, whole:
the problem, the cause, the change, measurements, what the test plan found, limitations and
migration notes. Code blocks, tables, templates, checklists, trailers, cc lists, bot
boilerplate and bare links are left out (:func:`studio.digest.body_text.pieces`). Nothing is
made speakable here: identifiers, paths and symbols stay as written, so the writers and the
fact lock see the facts unaltered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..digest.body_text import pieces
from ..digest.model import CommitInfo


@dataclass(frozen=True)
class Paragraph:
    sentences: tuple[str, ...]
    section: str = ""  # "summary", "problem", "action", "numbers" or "" (untitled)
    listed: bool = False  # a list item

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


@dataclass(frozen=True)
class CommitRecord:
    sha: str
    title: str  # the commit's title as written, without its PR suffix
    paragraphs: tuple[Paragraph, ...] = field(default_factory=tuple)

    @property
    def text(self) -> str:
        return "\n\n".join(p.text for p in self.paragraphs)

    @property
    def sentences(self) -> list[str]:
        return [s for p in self.paragraphs for s in p.sentences]

    @property
    def words(self) -> int:
        return len(self.text.split())


def _paragraphs(body: str) -> list[Paragraph]:
    out: list[Paragraph] = []
    current: list[str] = []
    key: tuple[int, str, bool] | None = None
    for piece in pieces(body):
        k = (piece.paragraph, piece.section, piece.listed)
        if key is not None and k != key and current:
            out.append(Paragraph(tuple(current), key[1], key[2]))
            current = []
        key = k
        current.append(" ".join(piece.text.split()))
    if current and key is not None:
        out.append(Paragraph(tuple(current), key[1], key[2]))
    return out


def clean_record(sha: str, title: str, body: str, pr_body: str = "") -> CommitRecord:
    """The record of one commit from its title, message body and PR description (a PR
    description that repeats the message adds nothing)."""
    paragraphs = _paragraphs(body)
    seen = {p.text for p in paragraphs}
    if pr_body.strip() and pr_body.strip() not in body:
        paragraphs += [p for p in _paragraphs(pr_body) if p.text not in seen]
    return CommitRecord(sha, title, tuple(paragraphs))


_CACHE: dict[tuple[str, int, int, int], CommitRecord] = {}


def commit_record(c: CommitInfo) -> CommitRecord:
    key = (c.sha, hash(c.body), hash(c.pr_body), hash(tuple(c.branch_bodies)))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 20_000:
            _CACHE.clear()
        found = clean_record(c.sha, c.title, c.body, c.pr_body)
        if c.branch_bodies:  # a merge: its branch's commits say what the merge does not
            seen = {p.text for p in found.paragraphs}
            extra = [p for body in c.branch_bodies for p in _paragraphs(body)
                     if p.text not in seen]
            found = CommitRecord(found.sha, found.title, found.paragraphs + tuple(extra))
        _CACHE[key] = found
    return found
