"""Cutting a stretch out inside a take (a stumble, a cough): the programme plays what is left,
joined with short fades, the take file is unchanged, the transcript's cues stay inside the
programme, and the master still meets its loudness target. Through the real `studio`
command and ffmpeg (issue 26 item 11)."""

from __future__ import annotations

import json
import wave

import numpy as np
import pytest
from audio_fixtures import write_episode
from audio_helpers import decode, episode_mp3
from test_long_takes import RATE, studio

from studio.audio.cuts import heard_at, kept, regions, with_cut
from studio.editing import check_trim
from studio.episode import Trim
from studio.plumbing.errors import StudioError


def _coughing_take(path):
    """Two seconds of speech-like tone, a 0.6 s cough (broadband noise), two more seconds."""
    rng = np.random.default_rng(7)
    t = np.arange(int(2.0 * RATE)) / RATE
    tone = 0.3 * np.sin(2 * np.pi * 220 * t) * (0.6 + 0.4 * np.sin(2 * np.pi * 3 * t))
    cough = 0.5 * rng.uniform(-1, 1, int(0.6 * RATE))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((np.concatenate([tone, cough, tone]) * 32767).astype("<i2").tobytes())
    return path


def _rendered(tmp_path, cuts):
    folder = write_episode(tmp_path / "ep", [
        ("intro", "Intro", "Hello, and welcome to the show.", []),
        ("news", "News", "Here is the news of the day.", [])])
    take = _coughing_take(tmp_path / "cough.wav")
    for seg_id in ("intro", "news"):
        r = studio("take", "import", str(folder), "--segment", seg_id, str(take))
        assert r.returncode == 0, r.stderr
    data = json.loads((folder / "episode.json").read_text())
    data["segments"][0]["take"]["trim"]["cuts"] = cuts
    (folder / "episode.json").write_text(json.dumps(data))
    r = studio("render", str(folder), "--no-sting", "-q")
    assert r.returncode == 0, r.stderr
    return folder, json.loads((folder / "episode.json").read_text())


def _noise(pcm: np.ndarray, rate: int = 44100) -> float:
    """Energy above 4 kHz: the cough's, not the 220 Hz tone's."""
    spectrum = np.abs(np.fft.rfft(pcm[:, 0] if pcm.ndim > 1 else pcm))
    freqs = np.fft.rfftfreq(len(pcm), 1 / rate)
    return float(np.sum(spectrum[freqs > 4000] ** 2) / max(1e-9, np.sum(spectrum ** 2)))


def test_a_cut_inside_a_take_is_not_heard_and_the_master_holds(tmp_path):
    plain, before = _rendered(tmp_path / "plain", [])
    cut, after = _rendered(tmp_path / "cut", [[2.0, 2.6]])
    b, a = before["segments"][0], after["segments"][0]
    assert abs((b["end"] - b["start"]) - (a["end"] - a["start"]) - 0.6) < 0.05
    # the other segment, with the same take and no cut, is as long as before
    assert abs((before["segments"][1]["end"] - before["segments"][1]["start"]) -
               (after["segments"][1]["end"] - after["segments"][1]["start"])) < 0.02
    rate = 44100
    heard = decode(episode_mp3(cut), rate)[int(a["start"] * rate):int(a["end"] * rate)]
    kept_cough = decode(episode_mp3(plain), rate)[int(b["start"] * rate):int(b["end"] * rate)]
    assert _noise(heard) < _noise(kept_cough) / 20, (_noise(heard), _noise(kept_cough))
    assert abs(after["loudness_lufs"] - after["loudness_target"]) <= 1.0
    assert after["true_peak_dbtp"] <= -1.0 + 0.05
    # the take file is unchanged and the cut is kept in episode.json
    assert after["segments"][0]["take"]["trim"]["cuts"] == [[2.0, 2.6]]
    stamps = [line.split(" --> ")[1] for line in (cut / "transcript.vtt").read_text().splitlines()
              if " --> " in line]
    minutes, seconds = stamps[-1].split(":")[-2:]
    assert int(minutes) * 60 + float(seconds) <= after["duration_seconds"] + 0.05


def test_cuts_are_merged_checked_and_mapped():
    assert with_cut([[1.0, 2.0]], 1.5, 3.0) == [[1.0, 3.0]]
    assert with_cut([[1.0, 2.0]], 4.0, 3.0) == [[1.0, 2.0], [3.0, 4.0]]
    removed = regions([[2.0, 2.6]], [(5.0, 9.0)], 0.0, 10.0)
    assert removed == [(2.0, 2.6, 0.0), (5.0, 9.0, 0.8)]
    assert [p[:2] for p in kept(0.0, 10.0, removed)] == [(0.0, 2.0), (2.6, 5.4), (8.6, 10.0)]
    assert kept(0.0, 10.0, removed)[1][2:] == (True, False)  # a cut before it: a join fade
    assert abs(heard_at(3.0, 0.0, removed) - 2.4) < 1e-9
    # a silence inside a cut is the cut's
    assert regions([[4.0, 9.5]], [(5.0, 9.0)], 0.0, 10.0) == [(4.0, 9.5, 0.0)]
    check_trim(Trim(0.0, 10.0, cuts=[[2.0, 2.6], [3.0, 4.0]]), 10.0)
    # an in point moved past a cut: the cut is simply not heard
    check_trim(Trim(3.0, 10.0, cuts=[[2.0, 2.6]]), 10.0)
    assert regions([[2.0, 2.6]], [], 3.0, 10.0) == []
    for bad in ([[2.6, 2.0]], [[3.0, 4.0], [2.0, 2.6]], [[0.0, 10.0]]):
        with pytest.raises(StudioError):
            check_trim(Trim(0.0, 10.0, cuts=bad), 10.0)
