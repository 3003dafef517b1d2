"""ID3v2.3 tags of the episode MP3, written with mutagen.

Title, host, show, date, summary, the full transcript, the cover art and chapters. ID3v2.3,
not mutagen's default v2.4: ffmpeg (and every player built on it) reads the sizes of the
sub-frames inside a v2.4 CHAP frame as plain integers where v2.4 writes them syncsafe, so a
sub-frame of 128 bytes or more (a long chapter title) loses that chapter and all after it;
v2.3 sizes are plain integers for everyone (and what most podcast tools write). mutagen
writes frames of one kind smallest first: the CHAP frames are then put in time order
(:mod:`.chapter_order`) for tools that list them as they lie in the file; the CTOC lists
them in time order for players that follow it.
"""

from __future__ import annotations

from pathlib import Path

from ..plumbing.errors import StudioError
from ..textsafe import clean_line, clean_text
from .chapter_order import order_chapters
from .chapters import Chapter


def write_tags(
    mp3: Path,
    title: str,
    host: str,
    show: str,
    date: str,
    summary: str,
    transcript: str,
    chapters: list[Chapter],
    cover: Path | None,
) -> None:
    from mutagen.id3 import APIC, COMM, CTOC, ID3, TALB, TDRC, TIT2, TPE1, USLT, CTOCFlags

    tags = ID3()
    tags.add(TIT2(encoding=3, text=[clean_line(title)]))
    tags.add(TPE1(encoding=3, text=[clean_line(host)]))
    tags.add(TALB(encoding=3, text=[clean_line(show)]))
    if date:
        tags.add(TDRC(encoding=3, text=[clean_line(date)]))
    tags.add(COMM(encoding=3, lang="eng", desc="", text=[clean_text(summary)]))
    tags.add(USLT(encoding=3, lang="eng", desc="", text=clean_text(transcript)))
    if cover is not None:
        try:
            data = cover.read_bytes()
        except OSError as exc:
            raise StudioError(f"cannot read the cover art {cover}: {exc.strerror or exc}") from exc
        mime = "image/png" if data[:8] == b"\x89PNG\r\n\x1a\n" else "image/jpeg"
        tags.add(APIC(encoding=3, mime=mime, type=3, desc="Cover", data=data))
    frames = chapter_frames(chapters)
    for frame in frames:
        tags.add(frame)
    ids = [frame.element_id for frame in frames]
    if ids:
        tags.add(CTOC(element_id="toc", flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
                      child_element_ids=ids, sub_frames=[TIT2(encoding=3, text=["Chapters"])]))
    from mutagen import MutagenError

    tags.update_to_v23()  # TDRC becomes TYER/TDAT; text is written as UTF-16
    try:
        tags.save(str(mp3), v2_version=3)
        order_chapters(mp3)
    except (OSError, MutagenError) as exc:  # mutagen wraps a failed write (a full disk)
        reason = getattr(exc, "strerror", None) or exc
        raise StudioError(f"cannot write tags into {mp3.name}: {reason}") from exc


def chapter_frames(chapters: list[Chapter]) -> list:
    """One CHAP frame per chapter (title, and its link when it has one), ids in time order."""
    from mutagen.id3 import CHAP, TIT2, WXXX

    frames = []
    for n, ch in enumerate(chapters):
        sub = [TIT2(encoding=3, text=[ch.title])]
        if ch.url:
            sub.append(WXXX(encoding=3, desc="", url=ch.url))
        frames.append(CHAP(element_id=f"chp{n:04d}", start_time=int(round(ch.start * 1000)),
                           end_time=int(round(ch.end * 1000)), start_offset=0xFFFFFFFF,
                           end_offset=0xFFFFFFFF, sub_frames=sub))
    return frames
