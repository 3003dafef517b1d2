"""Loudness: measuring with ffmpeg's EBU R128 meter and bringing a programme to its target.

Mastering is gain + a look-ahead limiter + MP3 encoding in one ffmpeg pass (no 192 kHz
``loudnorm`` stage). The gain is found before it, on the programme's loudness profile
(audio.bs1770, audio.limiter_model: the loudness the limiter takes is computed, not measured
in trial passes). The encoded stream is measured as it is written (integrated loudness by
``ebur128``, true peak as the highest sample of the stream oversampled 4x, in a second ffmpeg
fed the same MP3 bytes), so the numbers are the file's. If the MP3 misses the target by more
than half a LU, or its true peak is above the ceiling, the gain and limit are corrected by what
the meter found and the pass is repeated.
"""

from __future__ import annotations

import logging
import math
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..jobs import CancelToken
from ..plumbing.children import kill_group, popen
from ..plumbing.errors import Cancelled, StudioError
from .bs1770 import SILENT_LUFS, Profile
from .limiter_model import ATTACK_MS, RELEASE_MS, gain_for, limited_loudness
from .tools import ffmpeg_cmd, last_line, media_path, run_ffmpeg, tool_failure

log = logging.getLogger(__name__)

TOLERANCE_LU = 0.5  # aim well inside the ±1 LU the show promises
ATTEMPTS = 3
HEADROOM = 0.7  # dB between the limiter's sample ceiling and the true-peak ceiling
# Measured here: a 96 kbps MP3 of limited speech reads 0.4-0.5 LU below its source.
ENCODER_LOSS_LU = 0.4


@dataclass
class Loudness:
    integrated: float  # LUFS
    true_peak: float | None  # dBTP, when measured


def measure(input_args: list[str], what: str, true_peak: bool = False) -> Loudness:
    """Run ffmpeg's ebur128 meter over the input given by ``input_args``."""
    mode = ":peak=true" if true_peak else ""
    err = run_ffmpeg([*input_args, "-af", f"ebur128=framelog=verbose{mode}", "-f", "null", "-"],
                     what)
    return _parse(err, what, true_peak)


def _parse(err: str, what: str, true_peak: bool = False) -> Loudness:
    summary = err[err.rfind("Summary:"):]
    found = re.search(r"I:\s+(-?[\d.]+|-inf)\s+LUFS", summary)
    if not found:
        raise StudioError(f"ffmpeg's loudness meter gave no result for {what}")
    integrated = _number(found.group(1))
    peak = None
    if true_peak:
        m = re.search(r"True peak:\s+Peak:\s+(-?[\d.]+|-inf)\s+dBFS", summary)
        peak = _number(m.group(1)) if m else None
    return Loudness(integrated, peak)


def _number(text: str) -> float:
    return -math.inf if text == "-inf" else float(text)


def measure_file(path: str | Path) -> Loudness:
    """Integrated loudness and true peak of an encoded file."""
    return measure(["-i", media_path(path)], Path(path).name, true_peak=True)


@dataclass
class MasterResult:
    loudness: Loudness  # measured on the encoded MP3 stream
    gain_db: float
    attempts: int


def _chain(gain: float, limit: float | None, out_rate: int | None) -> str:
    """Gain, the resampler, then the limiter (at the output rate: limiting before the
    resampler left a Piper day at -1.0 dBTP where this gives -1.5)."""
    parts = [f"volume={gain:.3f}dB"] + ([f"aresample={out_rate}"] if out_rate else [])
    if limit is not None:
        lin = max(0.0625, 10 ** (limit / 20))
        parts.append(f"alimiter=limit={lin:.5f}:attack={ATTACK_MS:g}:release={RELEASE_MS:g}"
                     ":level=false:latency=true")
    return ",".join(parts)


def _encode_and_measure(input_args: list[str], chain: str, encode_args: list[str],
                        out: Path, rate: int, cancel: CancelToken) -> Loudness:
    """Encode once; the encoded stream goes to ``out`` and, at the same time, to the meter."""
    # A write that fails (a full disk) must fail the encode: by default the tee muxer drops
    # the failing output and carries on with the other (onfail=abort), and ffmpeg exits 0
    # when only the trailer could not be written (-xerror).
    enc_cmd = ffmpeg_cmd("-xerror", "-y", *input_args, "-af", chain, *encode_args,
                         "-map", "0:a", "-f", "tee",
                         f"[onfail=abort]{_tee_path(out)}|[f=mp3]pipe:1")
    meter_cmd = ffmpeg_cmd("-f", "mp3", "-i", "-", "-filter_complex", _meter(rate), "-f", "null", "-",
                           level="info")
    # Both write only a few lines to stderr (errors; the meter's summary), so the pipes
    # cannot fill up while we wait.
    enc = popen(enc_cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    meter = popen(meter_cmd, stdin=enc.stdout, stdout=subprocess.DEVNULL,
                  stderr=subprocess.PIPE)
    assert enc.stdout is not None and enc.stderr is not None and meter.stderr is not None
    enc.stdout.close()
    try:
        for proc in (enc, meter):
            while True:
                if cancel.cancelled:
                    raise Cancelled()
                try:
                    proc.wait(0.05)  # returns as soon as it ends
                    break
                except subprocess.TimeoutExpired:
                    pass
    finally:
        for proc in (enc, meter):
            kill_group(proc)
    enc_err = enc.stderr.read().decode("utf-8", "replace")
    m_err = meter.stderr.read().decode("utf-8", "replace")
    enc.stderr.close()
    meter.stderr.close()
    if enc.returncode != 0 or "No space left on device" in enc_err:
        raise tool_failure("ffmpeg failed encoding the episode", enc_err)
    if meter.returncode != 0:
        raise StudioError(f"ffmpeg failed measuring the encoded episode: {last_line(m_err)}")
    return _parse_meter(m_err, "the encoded episode")


# The meter of the encoded stream: integrated loudness (ebur128) and true peak as the highest
# sample of the stream oversampled 4x (BS.1770's method; ebur128's own true-peak meter
# resamples to 192 kHz and costs twice as much).
def _meter(rate: int) -> str:
    return ("[0:a]asplit[l][p];[l]ebur128=framelog=verbose,anullsink;"
            f"[p]aresample={4 * rate},"
            "astats=measure_overall=Peak_level:measure_perchannel=none,anullsink")


def _parse_meter(err: str, what: str) -> Loudness:
    integrated = _parse(err, what).integrated
    found = re.findall(r"Peak level dB:\s+(-?[\d.]+|-inf)", err)
    if not found:
        raise StudioError(f"ffmpeg's true-peak meter gave no result for {what}")
    return Loudness(integrated, _number(found[-1]))


def _tee_path(path: Path) -> str:
    """A path for ffmpeg's tee muxer, with its special characters escaped."""
    text = os.path.abspath(path)  # the whole tee argument may not start with "-"
    for ch in "\\|[]:":
        text = text.replace(ch, "\\" + ch)
    return text


def first_pass_chain(profile: Profile, target: float, ceiling: float, out_rate: int,
                     bias: float = 0.0) -> str:
    """The filter chain of the master's first pass (gain found on ``profile``, the limiter
    where the peaks need it) for a stream whose loudness reads ``bias`` LU off the model's:
    an uncompressed copy (the episode player's, bias 0) hears what the export makes."""
    limit = ceiling - HEADROOM
    peak_db = 20 * math.log10(max(float(profile.peaks.max(initial=0.0)), 1e-9))
    gain = gain_for(profile, target - bias, limit)
    return _chain(gain, limit if peak_db + gain > limit else None, out_rate)


def master_to_file(
    input_args: list[str],
    out: Path,
    encode_args: list[str],
    target: float,
    ceiling: float,
    profile: Profile,
    out_rate: int,
    cancel: CancelToken | None = None,
) -> MasterResult:
    """Encode the input to ``out`` at ``target`` LUFS with true peaks at most ``ceiling``.

    ``profile`` is the input's loudness profile (audio.bs1770): the gain that brings the
    limited programme to the target is found on it (audio.limiter_model), the programme is
    encoded once with the meter beside the encoder, and only a pass that misses is repeated,
    its gain corrected by what the meter found.
    """
    cancel = cancel or CancelToken()
    if profile.loudness() < SILENT_LUFS:
        raise StudioError("the programme is silent: there is nothing to master")
    limit = ceiling - HEADROOM  # sample-peak ceiling: room for inter-sample peaks and MP3
    peak_db = 20 * math.log10(max(float(profile.peaks.max(initial=0.0)), 1e-9))
    bias = -ENCODER_LOSS_LU  # the MP3's loudness less the model's
    gain = gain_for(profile, target - bias, limit)
    result = Loudness(-math.inf, None)
    passes: list[tuple[float, float]] = []  # (gain, measured LUFS) at the current limit
    for attempt in range(1, ATTEMPTS + 1):
        limiting = limit if peak_db + gain > limit else None
        predicted = limited_loudness(profile, gain, limiting) + bias
        cancel.check()
        result = _encode_and_measure(input_args, _chain(gain, limiting, out_rate),
                                     encode_args, out, out_rate, cancel)
        log.info("master pass %d: %.2f LUFS (predicted %.2f), %.2f dBTP (gain %.2f dB, "
                 "limit %.2f dBFS)", attempt, result.integrated, predicted,
                 result.true_peak or 0.0, gain, limit)
        over = (result.true_peak if result.true_peak is not None else ceiling) - ceiling
        if abs(target - result.integrated) <= TOLERANCE_LU and over <= 0:
            return MasterResult(result, gain, attempt)
        bias += result.integrated - predicted
        if over > 0:
            limit -= over + 0.3
            passes = []
        passes.append((gain, result.integrated))
        gain = gain_for(profile, target - bias, limit)
        if len(passes) >= 2:  # the model missed twice: follow what the meter measured
            gain = _secant(passes[-2:], target, gain)
    log.warning("loudness ended at %.1f LUFS, %.1f dBTP after %d passes",
                result.integrated, result.true_peak or 0.0, ATTEMPTS)
    return MasterResult(result, gain, ATTEMPTS)


def _secant(points: list[tuple[float, float]], target: float, fallback: float) -> float:
    """The gain that reaches ``target`` on the line through two measured passes."""
    (g1, l1), (g2, l2) = points
    slope = (l2 - l1) / (g2 - g1) if g2 != g1 else 0.0
    if slope <= 0.05:
        return fallback
    return min(g2 + (target - l2) / slope, g2 + 20.0)
