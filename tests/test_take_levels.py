"""A take's own gain (issue 26 item 12): the host turns one segment up or down on top of the
automatic levelling; the episode keeps the master's loudness and true-peak targets. Through
the real `studio` command and ffmpeg."""

from __future__ import annotations

import json

import numpy as np
import pytest
from audio_fixtures import write_episode
from audio_helpers import decode, episode_mp3
from test_long_takes import studio, wav

from studio.editing import check_trim
from studio.episode import Trim
from studio.plumbing.errors import StudioError


def _render(tmp_path, gain_db: float):
    folder = write_episode(tmp_path / "ep", [
        ("intro", "Intro", "Hello, and welcome to the show.", []),
        ("news", "News", "Here is the news of the day.", [])])
    take = wav(tmp_path / "take.wav", ("quiet", 0.3), ("tone", 3.0), ("quiet", 0.3))
    for seg_id in ("intro", "news"):
        r = studio("take", "import", str(folder), "--segment", seg_id, str(take))
        assert r.returncode == 0, r.stderr
    data = json.loads((folder / "episode.json").read_text())
    data["segments"][0]["take"]["trim"]["gain_db"] = gain_db
    (folder / "episode.json").write_text(json.dumps(data))
    r = studio("render", str(folder), "--no-sting", "-q")
    assert r.returncode == 0, r.stderr
    return folder, json.loads((folder / "episode.json").read_text())


def _rms_db(pcm: np.ndarray) -> float:
    return float(20 * np.log10(np.sqrt(np.mean(np.square(pcm))) + 1e-12))


@pytest.mark.parametrize("gain", [6.0, -6.0])
def test_a_takes_gain_moves_it_against_the_others_and_the_master_holds(tmp_path, gain):
    folder, ep = _render(tmp_path, gain)
    rate = 44100
    pcm = decode(episode_mp3(folder), rate)
    levels = []
    for seg in ep["segments"]:
        a, b = seg["start"] + 0.5, seg["end"] - 0.5  # the middle of the tone, no fades
        levels.append(_rms_db(pcm[int(a * rate):int(b * rate)]))
    assert levels[0] - levels[1] == pytest.approx(gain, abs=0.7), levels
    assert abs(ep["loudness_lufs"] - ep["loudness_target"]) <= 1.0
    assert ep["true_peak_dbtp"] <= -1.0 + 0.05
    assert ep["segments"][0]["take"]["trim"]["gain_db"] == gain


def test_a_gain_past_twelve_db_is_refused():
    check_trim(Trim(0.0, 5.0, gain_db=12.0), 5.0)
    with pytest.raises(StudioError, match="between -12 and \\+12 dB"):
        check_trim(Trim(0.0, 5.0, gain_db=-12.5), 5.0)
