"""ID3v2.4 tags of the episode MP3, written with mutagen.

Title, host, show, date, summary, the full transcript, the cover art and chapters. mutagen
writes frames of one kind smallest first, not in the order added; players follow the CTOC
(which lists the chapters in time order), but tools such as ffprobe list CHAP frames as they
lie in the file. So each CHAP carries a private padding frame that makes the frames grow in
time order, and the element ids sort the same way.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import StudioError
from ..textsafe import clean_line, clean_text
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

    try:
        tags.save(str(mp3), v2_version=4)
    except (OSError, MutagenError) as exc:  # mutagen wraps a failed write (a full disk)
        reason = getattr(exc, "strerror", None) or exc
        raise StudioError(f"cannot write tags into {mp3.name}: {reason}") from exc


PAD_OWNER = "commitcast:pad"


def _chap(n: int, ch: Chapter, pad: int):
    from mutagen.id3 import CHAP, PRIV, TIT2, WXXX

    sub = [TIT2(encoding=3, text=[ch.title])]
    if ch.url:
        sub.append(WXXX(encoding=3, desc="", url=ch.url))
    sub.append(PRIV(owner=PAD_OWNER, data=b"\0" * pad))
    return CHAP(element_id=f"chp{n:04d}", start_time=int(round(ch.start * 1000)),
                end_time=int(round(ch.end * 1000)), start_offset=0xFFFFFFFF,
                end_offset=0xFFFFFFFF, sub_frames=sub)


def _frame_size(frame) -> int:
    import io

    from mutagen.id3 import ID3

    tags = ID3()
    tags.add(frame)
    buffer = io.BytesIO()
    tags.save(buffer, v2_version=4, padding=lambda info: 0)
    return len(buffer.getvalue())


def chapter_frames(chapters: list[Chapter]) -> list:
    """CHAP frames in time order whose sizes never shrink (see the module docstring)."""
    frames = []
    size = 0
    for n, ch in enumerate(chapters):
        base = _frame_size(_chap(n, ch, 0))
        pad = max(0, size - base)
        frames.append(_chap(n, ch, pad))
        size = base + pad
    return frames
