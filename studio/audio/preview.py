"""The episode as it will be exported, as a WAV to listen to before exporting: the export's
own running order (:func:`~studio.audio.master.programme_pieces`: the intro sting, each take
trimmed, faded and levelled, its long silences shortened, the pauses, the outro sting) and
its master's first pass (gain to the loudness target, the limiter), written as 16-bit PCM
instead of MP3. Where each segment plays is returned with it."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..episode import Episode
from ..jobs import CancelToken, Progress, no_progress, scaled
from ..plumbing.children import kill_group, popen
from ..plumbing.errors import Cancelled, StudioError
from .assemble import assemble
from .bs1770 import profile_raw
from .loudness import first_pass_chain
from .master import programme_pieces, raw_input_args, segment_times
from .settings import AudioSettings
from .tools import ffmpeg_cmd, tool_failure

POLL_SECONDS = 0.05


@dataclass
class Preview:
    wav: Path
    duration: float  # seconds
    segments: dict[str, tuple[float, float]]  # segment id -> (start, end) in the WAV
    left_out: list[str]  # ids of segments with text but no take (the export makes them)


def render_preview(episode: Episode, folder: Path, out: Path, settings: AudioSettings,
                   progress: Progress = no_progress,
                   cancel: CancelToken | None = None) -> Preview:
    """Write the episode's programme, mastered as the export masters it, to ``out`` (WAV)."""
    cancel = cancel or CancelToken()
    progress(0.0, "putting the segments in order")
    pieces = programme_pieces(episode, folder, settings)
    cancel.check()
    raw = out.with_name(out.name + ".f32")
    try:
        programme = assemble(pieces, raw, settings.channels, progress=scaled(progress, 0.05, 0.6),
                             cancel=cancel)
        progress(0.6, "measuring loudness")
        profile = profile_raw(programme.path, programme.rate, programme.channels, cancel)
        chain = first_pass_chain(profile, settings.loudness_target, settings.true_peak,
                                 settings.sample_rate)
        progress(0.7, "mastering")
        partial = out.with_name(out.name + ".partial.wav")
        _run(ffmpeg_cmd("-y", *raw_input_args(programme), "-af", chain, "-c:a", "pcm_s16le",
                        "-ar", str(settings.sample_rate), "-ac", str(settings.channels),
                        str(partial)), cancel)
        os.replace(partial, out)  # whole or not at all: a player never opens half a file
    finally:
        raw.unlink(missing_ok=True)
        out.with_name(out.name + ".partial.wav").unlink(missing_ok=True)
    progress(1.0, "ready to play")
    left_out = [s.id for s in episode.segments if s.take is None and s.text.strip()]
    return Preview(out, programme.duration, segment_times(episode, programme.placed), left_out)


def _run(cmd: list[str], cancel: CancelToken) -> None:
    proc = popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        while True:
            if cancel.cancelled:
                raise Cancelled()
            try:
                proc.wait(POLL_SECONDS)
                break
            except subprocess.TimeoutExpired:
                pass
    finally:
        kill_group(proc)
    assert proc.stderr is not None
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    if proc.returncode != 0:
        raise tool_failure("ffmpeg failed mastering the episode to play", err)
    if not Path(cmd[-1]).exists():
        raise StudioError("ffmpeg wrote no audio for the episode to play")
