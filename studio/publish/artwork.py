"""The show's pictures made at publish: the default cover, which names the show in letters
that stay legible at thumbnail size, and the site's icon, the cover made small.

Both are drawn by ffmpeg (the studio already needs it): a gradient from numpy, the title in
DejaVu Sans Bold through ``drawtext`` (read from files, so no character of a title is ever
taken for filter syntax or an expansion). Without the font or the filter the default cover is
the studio's own, with a warning.
"""

from __future__ import annotations

import logging
import subprocess
import tempfile
import textwrap
from pathlib import Path

import numpy as np

from ..resources import resource_path
from ..textsafe import clean_line

log = logging.getLogger(__name__)

SIZE = 1400
ICON = 180  # px: the apple-touch-icon size; browsers scale it down for the tab
FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
         "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf")
TAGLINE = "a daily repository briefing"


def _font() -> str | None:
    return next((f for f in FONTS if Path(f).is_file()), None)


def _background() -> bytes:
    y, x = np.mgrid[0:SIZE, 0:SIZE] / SIZE
    img = np.zeros((SIZE, SIZE, 3))
    t = (x + y) / 2
    img[..., 0] = 0.10 + 0.14 * t
    img[..., 1] = 0.16 + 0.26 * t
    img[..., 2] = 0.29 + 0.37 * t
    return (np.clip(img, 0, 1) * 255).astype(np.uint8).tobytes()


def title_lines(title: str, most: int = 3) -> list[str]:
    """The title in at most ``most`` lines of about 12 characters (a word longer than a line
    is broken); what does not fit ends in an ellipsis."""
    text = clean_line(title) or "Commitcast"
    width = max(12, min(18, -(-len(text) // most)))
    lines = textwrap.wrap(text, width, break_long_words=True) or [text]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][:width - 1].rstrip() + "\u2026"
    return lines


def _ffmpeg(args: list[str], data: bytes) -> bytes:
    run = subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", *args],
                         input=data, capture_output=True, timeout=60)
    if run.returncode != 0 or not run.stdout:
        raise OSError(run.stderr.decode("utf-8", "replace").strip()[-300:] or "no output")
    return run.stdout


def default_cover(title: str) -> bytes:
    """A 1400 px PNG naming the show; the studio's own cover when it cannot be drawn."""
    font = _font()
    if font is None:
        log.warning("no DejaVu Sans Bold font (Debian fonts-dejavu-core): the default cover "
                    "does not name the show")
        return resource_path("art", "cover.png").read_bytes()
    lines = title_lines(title)
    size = min(230, int(SIZE * 0.86 / (0.66 * max(len(line) for line in lines))))
    gap = int(size * 1.18)
    top = int(SIZE * 0.42 - gap * len(lines) / 2)
    with tempfile.TemporaryDirectory(prefix="studio-cover-") as tmp:
        filters = []
        for n, line in enumerate([*lines, TAGLINE]):
            path = Path(tmp) / f"line{n}.txt"
            path.write_text(line, encoding="utf-8")
            tagline = n == len(lines)
            y = top + gap * len(lines) + int(size * 0.35) if tagline else top + gap * n
            filters.append(
                f"drawtext=fontfile={font}:textfile={path}:expansion=none:"
                f"fontsize={64 if tagline else size}:"
                f"fontcolor={'0xf2b13c' if tagline else 'white'}:x=(w-text_w)/2:y={y}")
        rule = top + gap * len(lines) + int(size * 0.12)
        filters.insert(len(lines), f"drawbox=x=170:y={rule}:w={SIZE - 340}:h=10:"
                                   "color=0xf2b13c:t=fill")
        try:
            return _ffmpeg(["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{SIZE}x{SIZE}",
                            "-i", "-", "-vf", ",".join(filters), "-frames:v", "1",
                            "-f", "image2pipe", "-c:v", "png", "-"], _background())
        except (OSError, subprocess.SubprocessError) as exc:
            log.warning("cannot draw the default cover (%s): it does not name the show", exc)
            return resource_path("art", "cover.png").read_bytes()


def site_icon(cover: bytes) -> bytes | None:
    """The cover as a square 180 px PNG for the pages' icon; None when ffmpeg cannot read it."""
    try:
        return _ffmpeg(["-f", "image2pipe", "-i", "-", "-vf",
                        f"scale={ICON}:{ICON}:force_original_aspect_ratio=increase,"
                        f"crop={ICON}:{ICON}", "-frames:v", "1", "-f", "image2pipe",
                        "-c:v", "png", "-"], cover)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("cannot make the site's icon from the cover (%s)", exc)
        return None
