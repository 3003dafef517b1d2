"""Put the CHAP frames of an ID3v2.3 tag in time order, in place.

mutagen writes the frames of a tag smallest first, not in the order they were added. Players
that follow the CTOC see the chapters in order whatever the layout, but ffmpeg (and every
player built on it) lists CHAP frames as they lie in the file. Rather than padding frames to
steer mutagen's sort (a ``PRIV`` frame inside each CHAP, which ffmpeg misreads in ID3v2.4),
the saved tag's CHAP frames are swapped into time order: the same frames, the same bytes in
all, only their order changes.

ID3v2.3 frame: 4-byte id, 4-byte plain big-endian size, 2 flag bytes, then the data; a CHAP's
data starts with its null-terminated element id and its 4-byte start time in milliseconds.
"""

from __future__ import annotations

from pathlib import Path

from ..plumbing.errors import StudioError

HEADER = 10


def _syncsafe(data: bytes) -> int:
    return (data[0] << 21) | (data[1] << 14) | (data[2] << 7) | data[3]


def _frames(tag: bytes) -> list[tuple[int, int]]:
    """(offset, length) of every frame of the tag body, up to the padding."""
    found = []
    pos = 0
    while pos + HEADER <= len(tag) and tag[pos] != 0:
        size = int.from_bytes(tag[pos + 4 : pos + 8], "big")
        end = pos + HEADER + size
        if end > len(tag):
            raise StudioError("the ID3 tag just written is cut short")
        found.append((pos, end - pos))
        pos = end
    return found


def _start_ms(frame: bytes) -> int:
    data = frame[HEADER:]
    zero = data.index(b"\0")
    return int.from_bytes(data[zero + 1 : zero + 5], "big")


def reorder_chapters(tag: bytes) -> bytes:
    """The tag body ``tag`` with its CHAP frames in time order, each in a slot a CHAP held."""
    frames = _frames(tag)
    chaps = [tag[o : o + n] for o, n in frames if tag[o : o + 4] == b"CHAP"]
    by_time = iter(sorted(chaps, key=_start_ms))
    out = bytearray()
    for offset, length in frames:
        frame = tag[offset : offset + length]
        out += next(by_time) if frame[:4] == b"CHAP" else frame
    end = frames[-1][0] + frames[-1][1] if frames else 0
    return bytes(out) + tag[end:]


def order_chapters(mp3: Path) -> None:
    """Reorder the CHAP frames of the ID3v2.3 tag at the start of ``mp3`` (see the module)."""
    with open(mp3, "r+b") as f:
        head = f.read(HEADER)
        if head[:3] != b"ID3" or head[3] != 3 or head[5] & 0xC0:  # v2.3, no unsync/ext header
            raise StudioError(f"{mp3.name} has no plain ID3v2.3 tag to order chapters in")
        body = f.read(_syncsafe(head[6:10]))
        ordered = reorder_chapters(body)
        if ordered != body:
            f.seek(HEADER)
            f.write(ordered)
