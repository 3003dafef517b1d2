"""Mastering finds its gain on the programme's loudness profile, not in trial passes: the
BS.1770 meter and the limiter model against ffmpeg's own ebur128 and alimiter on real
synthesized speech, one encode per episode, and a pass that misses corrected by the meter."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest
from audio_fixtures import write_episode
from audio_helpers import ebur128, episode_mp3

from studio.audio.bs1770 import Profile, profile_raw
from studio.audio.limiter_model import limited_loudness
from studio.audio.loudness import _chain, master_to_file
from studio.audio.master import encode_args
from studio.audio.settings import AudioSettings
from studio.narration.tts import SynthJob, synthesize
from studio.render import render_episode

TEXT = ("Good morning. Today the inductor team landed the new kernels, and the XPU path got "
        "faster by reusing its buffers. Two changes were rolled back: the GEMM refactor broke "
        "internal builds, and the uneven shard tests failed on ROCm. That is all for today.")
LIMIT = -2.2  # the sample-peak ceiling mastering uses for a -1.5 dBTP show


@pytest.fixture(scope="module")
def speech(tmp_path_factory) -> tuple[Path, int]:
    """Real espeak speech as raw float32, at the take's own rate, mono."""
    folder = tmp_path_factory.mktemp("speech")
    take = folder / "take.wav"
    synthesize([SynthJob(TEXT, take, "take")])
    with wave.open(str(take)) as w:
        rate = w.getframerate()
        pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    raw = folder / "take.f32"
    (pcm.astype(np.float32) / 32768).astype("<f4").tofile(raw)
    return raw, rate


def ffmpeg_loudness(raw: Path, rate: int, channels: int, chain: str = "") -> float:
    err = subprocess.run(["ffmpeg", "-hide_banner", "-nostats", "-f", "f32le", "-ar", str(rate),
                          "-ac", str(channels), "-i", str(raw), "-af",
                          (chain + "," if chain else "") + "ebur128=framelog=verbose",
                          "-f", "null", "-"], capture_output=True, text=True, check=True).stderr
    return float(re.search(r"I:\s+(-?[\d.]+) LUFS", err[err.rfind("Summary:"):]).group(1))


def test_the_profile_measures_what_ffmpegs_meter_measures(speech, tmp_path):
    raw, rate = speech
    assert profile_raw(raw, rate, 1).loudness() == pytest.approx(
        ffmpeg_loudness(raw, rate, 1), abs=0.1)
    mono = np.fromfile(raw, dtype="<f4")
    stereo = tmp_path / "stereo.f32"
    np.stack([mono, 0.5 * mono], axis=1).astype("<f4").tofile(stereo)  # channels unequal
    assert profile_raw(stereo, rate, 2).loudness(-3.0) == pytest.approx(
        ffmpeg_loudness(stereo, rate, 2, "volume=-3dB"), abs=0.1)


@pytest.mark.parametrize("gain", [0.0, 4.0, 8.0, 12.0])
def test_the_limiter_model_predicts_alimiter(speech, gain):
    """From no limiting to 12 dB of it: the loudness the limiter leaves, within 0.15 LU."""
    raw, rate = speech
    profile = profile_raw(raw, rate, 1)
    measured = ffmpeg_loudness(raw, rate, 1, _chain(gain, LIMIT, None))
    assert limited_loudness(profile, gain, LIMIT) == pytest.approx(measured, abs=0.15)
    if gain >= 8:  # the limiter is at work: the model is not the plain gain
        assert measured < profile.loudness(gain) - 1.0


def test_an_episode_is_encoded_once_without_trial_passes(tmp_path, monkeypatch):
    """Every ffmpeg and ffprobe started is logged (a shim on PATH in front of the real
    tool): one ffmpeg reads the programme, the encode (before, two limiter trials came first),
    and no ffprobe runs (the export asked ffprobe for the MP3's length)."""
    shim = tmp_path / "bin"
    shim.mkdir()
    calls = tmp_path / "calls.txt"
    for tool in ("ffmpeg", "ffprobe"):
        (shim / tool).write_text(
            f"#!{sys.executable}\nimport os, sys\n"
            f"with open({str(calls)!r}, 'a') as f:\n"
            f"    f.write({tool!r} + ' ' + ' '.join(sys.argv[1:]) + '\\n')\n"
            f"os.execv({shutil.which(tool)!r}, [{tool!r}, *sys.argv[1:]])\n")
        (shim / tool).chmod(0o755)
    monkeypatch.setenv("PATH", f"{shim}{os.pathsep}{os.environ['PATH']}")
    folder = write_episode(tmp_path / "episode")
    episode = render_episode(folder, AudioSettings(true_peak=-1.5))
    started = calls.read_text().splitlines()
    programme_reads = [c for c in started if "programme.f32" in c]
    assert len(programme_reads) == 1 and "libmp3lame" in programme_reads[0]
    assert not [c for c in started if c.startswith("ffprobe")]  # the MP3's length: mutagen
    integrated, true_peak = ebur128(episode_mp3(folder))
    assert abs(integrated + 16.0) <= 1.0 and true_peak <= -1.5
    assert episode.true_peak_dbtp <= -1.5


def test_a_pass_that_misses_is_corrected_by_the_meter(speech, tmp_path):
    """A profile whose energy says the programme is 6 dB louder than it is (its peaks are
    right): the first encode lands far below the target, the meter says so, the second pass
    reaches it."""
    raw, rate = speech
    true = profile_raw(raw, rate, 1)
    wrong = Profile(true.rate, true.sub, true.peaks, true.energy * 4)
    settings = AudioSettings()
    result = master_to_file(["-f", "f32le", "-ar", str(rate), "-ac", "1", "-i", str(raw)],
                            tmp_path / "out.mp3", encode_args(settings), -16.0, -1.5, wrong,
                            settings.sample_rate)
    assert result.attempts == 2
    integrated, true_peak = ebur128(tmp_path / "out.mp3")
    assert abs(integrated + 16.0) <= 0.6 and true_peak <= -1.5
    assert result.loudness.integrated == pytest.approx(integrated, abs=0.2)
