"""Is a cached synthesized take whole? A ``tts-*.wav`` cut short (a full disk, a copy that
stopped, a crash while it was being moved) must be made again, not mastered as it is.

The WAV header says how long the file should be; a file shorter than that, or one far shorter
than its words take to say, is not used.
"""

from __future__ import annotations

import struct
from pathlib import Path

from ..audio.wavfile import wav_seconds
from ..episode import default_words_per_second

TOO_SHORT = 0.3  # of the expected length: well below any voice's pace at any rate


def wav_header_problem(path: Path) -> str:
    """What is wrong with a PCM WAV's header against the file's size ("" when nothing)."""
    try:
        size = path.stat().st_size
        with open(path, "rb") as fh:
            head = fh.read(12)
            if len(head) < 12 or head[:4] != b"RIFF" or head[8:12] != b"WAVE":
                return "not a WAV file"
            riff = struct.unpack("<I", head[4:8])[0]
            rate = block = 0
            while True:
                chunk = fh.read(8)
                if len(chunk) < 8:
                    return "missing its audio data"
                name, length = chunk[:4], struct.unpack("<I", chunk[4:])[0]
                if name == b"fmt ":
                    fmt = fh.read(min(length, 16))
                    if len(fmt) == 16:
                        rate, block = struct.unpack("<I", fmt[4:8])[0], fmt[12] | fmt[13] << 8
                    fh.seek(length - len(fmt) + (length & 1), 1)
                elif name == b"data":
                    missing = fh.tell() + length - size
                    break
                else:
                    fh.seek(length + (length & 1), 1)
    except OSError as exc:
        return f"unreadable ({exc.strerror or exc})"
    if missing > 0 or riff + 8 > size:
        seconds = f", {missing / (rate * block):.1f} s" if rate and block and missing > 0 else ""
        return f"cut short ({size} of {max(riff + 8, size + max(missing, 0))} bytes{seconds})"
    return ""




def cached_take_problem(path: Path, words: int, rate: int) -> str:
    """Why the cached take at ``path`` (``words`` spoken at ``rate``) cannot be used; "" if
    it can."""
    problem = wav_header_problem(path)
    if problem:
        return problem
    expected = words / default_words_per_second(rate)
    seconds = wav_seconds(path)
    if seconds < TOO_SHORT * expected:
        return f"too short ({seconds:.1f} s for {words} words, about {expected:.0f} s expected)"
    return ""
