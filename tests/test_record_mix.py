"""Recorded, imported and synthesized segments in one episode, mastered to one loudness."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from audio_helpers import episode_mp3
from recording_helpers import RATE, espeak_speech, make_episode_dir, take_growing, wait_for

from studio.audio.settings import AudioSettings
from studio.episode import load_episode
from studio.narration.takes import import_take
from studio.render import render_episode


def _decode(path, rate=RATE) -> np.ndarray:
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "f32le", "-ac", "1",
                          "-ar", str(rate), "-"], capture_output=True, check=True).stdout
    return np.frombuffer(raw, dtype="<f4").astype(np.float64)


def test_recorded_imported_and_synthesized_master_to_one_loudness(mic, tmp_path):
    import pyloudnorm

    ep = make_episode_dir(tmp_path / "ep")
    # intro: recorded from the microphone, a quiet reader (about 20 dB under the synthesis)
    speech = espeak_speech("Hey there, PyTorch developers! Welcome back to the show.",
                           tmp_path / "intro")
    proc = subprocess.Popen([sys.executable, "-m", "studio", "record", str(ep), "--segment",
                             "intro", "--seconds", f"{len(speech) / RATE + 2.5:.2f}"],
                            stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    take = ep / "takes" / "intro-rec-1.wav"
    wait_for(lambda: take_growing(take) and take.stat().st_size > 44 + 2 * RATE, what="1 s")
    mic.play(0.08 * speech / np.abs(speech).max())
    assert proc.wait(timeout=60) == 0, proc.stderr.read()
    # news: imported, a loud 48 kHz stereo file
    loud = ep.parent / "news.flac"
    news = espeak_speech("Twelve commits today, three of them rollbacks.", tmp_path / "news")
    stereo = np.repeat((0.9 * news / np.abs(news).max())[:, None], 2, axis=1).astype("<f4")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "f32le", "-ar", str(RATE), "-ac", "2",
                    "-i", "-", "-ar", "48000", str(loud)], input=stereo.tobytes(), check=True)
    import_take(ep, "news", loud)
    # outro: synthesized by the narration stage itself
    episode = render_episode(ep, AudioSettings(sting=False))

    sources = {s.id: s.take.source for s in episode.segments}
    assert sources == {"intro": "recorded", "news": "imported", "outro": "synthesized"}
    intro = episode.segment("intro").take
    assert intro.trim.auto and intro.trim.start > 0.7  # the second of silence before is trimmed
    audio = _decode(episode_mp3(ep))
    meter = pyloudnorm.Meter(RATE)
    loudness = {}
    for seg in episode.segments:
        part = audio[int(seg.start * RATE):int(seg.end * RATE)]
        loudness[seg.id] = meter.integrated_loudness(part)
    spread = max(loudness.values()) - min(loudness.values())
    assert spread < 2.0, loudness
    assert meter.integrated_loudness(audio) == pytest.approx(-16.0, abs=1.0)
    assert load_episode(ep).segment("intro").take.path == "takes/intro-rec-1.wav"
