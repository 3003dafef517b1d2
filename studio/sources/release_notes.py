"""The release notes a change adds: the project's own word to its users about it.

Projects that keep a release note with each change (towncrier's ``news/14159.bugfix.rst`` or
``changelog/1234.feature.md``, ``changelog.d/``, changesets' ``.changeset/*.md``, CPython's
``Misc/NEWS.d/next/``, or an entry added to ``CHANGELOG.md``) write there what the change means
to the people who use the software, often where the commit says only what it does. pip
2026-07-13: the title "reject cross-location paths in pylock files fetched from a URL", the
note "... so a remote lock file can no longer point at the local filesystem or another host".

Both sources read a note the same way, from the lines the change adds to such a file (git: the
diff against the first parent; GitHub: the single-commit endpoint's ``patch``), cleaned of
markup here (:func:`note_from_patch`). A changelog file that gains more than
:data:`MAX_NOTE_LINES` lines is a release's whole list, not one change's note, and is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MAX_NOTE_LINES = 15  # added lines: more is a release's compiled changelog
MAX_NOTES_CHARS = 2_000  # per commit, all its notes together

# a fragment directory (towncrier, scriv, changesets, CPython's blurb) and a changelog file
_NOTE_DIR = re.compile(r"(?:^|/)(?:changelog|changelog\.d|changes|newsfragments|news|"
                       r"\.changes|\.changeset|NEWS\.d|upcoming_changes)/(?:.+/)?[^/]+$", re.I)
_NOTE_FILE = re.compile(r"(?:^|/)(?:CHANGELOG|CHANGES|NEWS|HISTORY|RELEASE[-_]?NOTES)"
                        r"(?:\.(?:md|rst|txt|markdown))?$", re.I)
_TEXT_NAME = re.compile(r"\.(?:rst|md|txt|markdown)$|^[^.]+(?:\.[^./]+)*\.(?:feature|bugfix|"
                        r"doc|removal|misc|breaking|deprecation|trivial|fix|change)(?:\.\d+)?$",
                        re.I)
_NOT_A_NOTE = re.compile(r"^(?:readme|template|_template|config)\b|^[._]", re.I)


# a release's own commit: "chore: prepare Tokio v1.53.1", "Release 0.8.5", "Bump version to 2.4"
_RELEASE_TITLE = re.compile(r"^(?:\W*\w+(?:\([^)]*\))?!?:\s*)?(?:prepare|release|cut|publish|"
                            r"bump (?:the )?version|version bump)\b.{0,40}?\bv?\d+\.\d+\S*"
                            r"\s*(?:\(#\d+\))?\s*$", re.I)


def is_release_title(title: str) -> bool:
    """Whether ``title`` is a release's own commit, whose changelog compiles other changes."""
    return bool(_RELEASE_TITLE.search(title))


def is_changelog(path: str) -> bool:
    """Whether ``path`` is a changelog file (not a fragment)."""
    return bool(_NOTE_FILE.search(path))


def is_note_path(path: str) -> bool:
    """Whether ``path`` holds release notes: a fragment file or a changelog."""
    name = path.rsplit("/", 1)[-1]
    if _NOTE_FILE.search(path):
        return True
    return bool(_NOTE_DIR.search(path)) and bool(_TEXT_NAME.search(name)) \
        and not _NOT_A_NOTE.match(name)


def added_lines(patch: str) -> list[str]:
    """The lines a unified diff adds (its ``+`` lines, without the ``+++`` header)."""
    return [line[1:] for line in patch.splitlines()
            if line.startswith("+") and not line.startswith("+++")]


def new_lines(patch: str) -> list[str]:
    """The lines a unified diff adds in hunks that remove none: what a changelog gains, not
    an entry of an earlier release reworded (pytest 2026-08-05: a role qualified in two old
    entries was read as the change's note, its half-lines said twice)."""
    out: list[str] = []
    for hunk in re.split(r"^@@[^\n]*\n", patch, flags=re.M)[1:]:
        lines = hunk.splitlines()
        if any(x.startswith("-") and not x.startswith("---") and x[1:].strip() for x in lines):
            continue
        out += [x[1:] for x in lines if x.startswith("+") and not x.startswith("+++")]
    return out if "@@" in patch else added_lines(patch)


# ---- markup ------------------------------------------------------------------------------

_FRONT_MATTER = re.compile(r"\A\s*---\n.*?\n---[ \t]*\n", re.S)  # a changeset's package list
_RST_LINK = re.compile(r"`([^`<]+?)\s*<[^>]+>`__?")  # `text <url>`_
_MD_LINK = re.compile(r"!?\[([^\]]+)\]\([^)]*\)")
_ISSUE_ROLE = re.compile(r"\s*\(?(?::(?:issue|pr|gh|bpo|ghissue|user|commit|cve):`[^`]*`"
                         r"(?:,\s*)?)+\)?")
_ROLE = re.compile(r":[\w:.+-]+:`~?([^`]+)`")  # :func:`open` -> `open`
_DOUBLE = re.compile(r"``([^`]+)``")
_PR_REF = re.compile(r"\s*\((?:(?:PR|GH|issue|pull request)\s*)?#\d+(?:,\s*#\d+)*\)", re.I)
_URL = re.compile(r"<?https?://\S+>?")
# "… wheels for macOS x86_64 mypyc-wheels #119.": another repository's issue, at the end
_XREF = re.compile(r"\s+(?:[\w.-]+/)?[\w.-]*\s?#\d+(?=\s*[.;,]?\s*$)")
_UNDERLINE = re.compile(r"^\s*([=\-~^*#+`'\".:_])\1{2,}\s*$")
_HEADING = re.compile(r"^\s*#{1,6}\s|^\s*\.\.\s")  # markdown heading, rst directive/comment
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_CREDIT = re.compile(r"^(?:Patch|Contributed|Reported|Original patch|Fixed) by\b|^Thanks to\b",
                     re.I)


def _clean_line(line: str) -> str:
    line = _RST_LINK.sub(r"\1", line)
    line = _MD_LINK.sub(r"\1", line)
    line = _ISSUE_ROLE.sub("", line)
    line = _ROLE.sub(r"`\1`", line)
    line = _DOUBLE.sub(r"`\1`", line)
    line = _PR_REF.sub("", line)
    line = _URL.sub("", line)
    line = _XREF.sub("", line)
    return " ".join(line.split())


def clean_note(text: str) -> str:
    """A note's prose: one paragraph a line item or paragraph, markup and references out."""
    text = _FRONT_MATTER.sub("", text.replace("\r\n", "\n"))
    paragraphs: list[list[str]] = []
    current: list[str] = []
    for raw in text.split("\n"):
        if not raw.strip() or _UNDERLINE.match(raw) or _HEADING.match(raw):
            if current:
                paragraphs.append(current)
            current = []
            continue
        if _BULLET.match(raw) and current:
            paragraphs.append(current)
            current = []
        line = _clean_line(_BULLET.sub("", raw))
        if line:
            current.append(line)
    if current:
        paragraphs.append(current)
    out = []
    for lines in paragraphs:
        prose = " ".join(lines).strip()
        sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z])", prose)
        prose = " ".join(s for s in sentences if not _CREDIT.match(s)).strip()
        if len(prose.split()) >= 3:
            out.append(prose if prose[-1] in ".!?:" else prose + ".")
    return "\n\n".join(out)


def note_from_patch(path: str, patch: str) -> str:
    """The note a change's ``patch`` of ``path`` adds ("" when it is none, or a release's)."""
    if not is_note_path(path):
        return ""
    lines = new_lines(patch) if is_changelog(path) else added_lines(patch)
    if not lines or len([x for x in lines if x.strip()]) > MAX_NOTE_LINES:
        return ""
    return clean_note("\n".join(lines))


def join_notes(notes: Iterable[str]) -> str:
    """A commit's notes as one text, each once, within :data:`MAX_NOTES_CHARS`."""
    out: list[str] = []
    size = 0
    for note in notes:
        for paragraph in note.split("\n\n"):
            if paragraph and paragraph not in out and size + len(paragraph) <= MAX_NOTES_CHARS:
                out.append(paragraph)
                size += len(paragraph) + 2
    return "\n\n".join(out)
