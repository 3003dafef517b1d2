"""The staged MP3 checked before the export's swap: decoded whole, as long as the programme.

An encoder whose output file fails (a disk that fills up) may still exit 0: ffmpeg's tee muxer
carried on with its other output, leaving a cut MP3 whose Xing header says 0 s. Such a file
must never replace the previous episode. So the final staged MP3 (tags written) is decoded
by ffmpeg from start to end and its samples counted; a file that cannot be decoded, or whose
length (or whose header's length, which players show) is not the programme's, stops the
export before its commit. When the disk holding it is (nearly) full, the error names it.
"""

from __future__ import annotations

import logging
import subprocess
import tempfile
from pathlib import Path

from ..audio.tools import ffmpeg_cmd, last_line, media_path
from ..plumbing.children import kill_group, popen
from ..plumbing.diskspace import MB, free_bytes, is_no_space, no_space_kept
from ..plumbing.errors import StudioError

log = logging.getLogger(__name__)

# The decoded MP3 and the programme differ by the resampler's rounding (a few ms); a cut file
# misses whole seconds. The header's length is in whole MP3 frames (26 ms at 44.1 kHz).
TOLERANCE = 0.25  # seconds
LOW_SPACE = 2 * MB  # less than this free beside a short file: the disk filled up


def decoded_seconds(path: Path, rate: int) -> float:
    """How long ``path`` plays: ffmpeg decodes it whole at ``rate`` Hz, mono; the samples
    are counted. StudioError when ffmpeg cannot decode it to the end."""
    cmd = ffmpeg_cmd("-i", media_path(path), "-map", "0:a:0", "-f", "s16le", "-ac", "1",
                     "-ar", str(rate), "pipe:1")
    with tempfile.TemporaryFile() as errors:  # a damaged file may give many lines of errors
        proc = popen(cmd, stdout=subprocess.PIPE, stderr=errors)
        assert proc.stdout is not None
        count = 0
        try:
            while chunk := proc.stdout.read(1 << 20):
                count += len(chunk)
            proc.wait()
        finally:
            kill_group(proc)  # only if still running (an exception while reading)
            proc.stdout.close()
        errors.seek(0)
        err = errors.read().decode("utf-8", "replace")
    if proc.returncode != 0:
        raise StudioError(f"{path.name} cannot be decoded: {last_line(err)}")
    return count / 2 / rate


def check_encoded(mp3: Path, expected: float, header_seconds: float, folder: Path) -> float:
    """The staged ``mp3``'s decoded length, checked against the programme's ``expected``
    seconds and the length its header gives (``header_seconds``); a StudioError that the
    episode was not replaced otherwise — naming the disk of ``folder`` when it is full."""
    from mutagen import MutagenError
    from mutagen.mp3 import MP3

    try:
        rate = int(MP3(mp3).info.sample_rate)
        played = decoded_seconds(mp3, rate)
    except (MutagenError, OSError, ValueError) as exc:
        raise unreadable(folder, exc) from exc
    except StudioError as exc:
        raise unreadable(folder, exc) from exc
    if abs(played - expected) > TOLERANCE:
        raise _failed(folder, f"the new {mp3.name} plays {played:.1f} s of the programme's "
                              f"{expected:.1f} s")
    if abs(header_seconds - played) > TOLERANCE:
        raise _failed(folder, f"the new {mp3.name} says it lasts {header_seconds:.1f} s but "
                              f"plays {played:.1f} s")
    log.info("%s decodes to %.3f s (programme %.3f s, header %.3f s)", mp3.name, played,
             expected, header_seconds)
    return played


def unreadable(folder: Path, exc: BaseException) -> StudioError:
    """The error for a staged MP3 that cannot be read (``exc`` says why)."""
    return _failed(folder, f"the new MP3 is unreadable ({exc})")


def _failed(folder: Path, what: str) -> StudioError:
    try:
        low = free_bytes(folder) < LOW_SPACE
    except OSError:
        low = False
    if low:
        return no_space_kept(folder)
    return StudioError(f"{what}: the episode was not replaced")


def full_disk_error(folder: Path, exc: BaseException) -> StudioError | None:
    """For an export that failed before its swap with ``exc``: when that was a full disk
    (ENOSPC anywhere in its causes), the one line naming the disk and saying the previous
    episode was kept; None otherwise."""
    if is_no_space(exc) or "No space left on device" in str(exc):
        return no_space_kept(folder)
    return None

