"""The script's length estimate against real espeak-ng takes: the calibrated default at the
settings' rate, and the pace measured from an episode's own takes."""

from __future__ import annotations

import pytest

from studio.audio.settings import AudioSettings
from studio.demo import sample_day_path
from studio.episode import default_words_per_second, estimate_seconds, words_per_second
from studio.narration.lexicon import lexicon_for
from studio.narration.takes import narrate
from studio.pipeline import write_script_for
from studio.sources.model import load_day


@pytest.fixture(scope="module")
def episode():
    return write_script_for(load_day(sample_day_path()))


@pytest.mark.parametrize("rate", [130, 200])
def test_default_pace_at_the_settings_rate_is_within_ten_percent(episode, tmp_path, rate):
    seg = max(episode.segments, key=lambda s: s.words)  # the sample's longest segment
    episode.segments = [seg]
    narrate(episode, tmp_path, AudioSettings(rate=rate), lexicon_for(None))
    guess = estimate_seconds(seg.text, default_words_per_second(rate))
    assert guess == pytest.approx(seg.take.duration, rel=0.10)


def test_measured_pace_of_the_episode_takes_estimates_another_segment(tmp_path):
    ep = write_script_for(load_day(sample_day_path()))
    longest = sorted(ep.segments, key=lambda s: s.words, reverse=True)
    others, target = longest[1:4], longest[0]
    ep.segments = others
    narrate(ep, tmp_path, AudioSettings(rate=165), lexicon_for(None))
    pace = words_per_second(ep.segments, 165)
    assert pace != default_words_per_second(165)  # measured, not the default
    guess = estimate_seconds(target.text, pace)
    ep.segments = [target]
    narrate(ep, tmp_path, AudioSettings(rate=165), lexicon_for(None))
    assert guess == pytest.approx(target.take.duration, rel=0.10)
    # takes at another rate are not taken as this rate's pace
    assert words_per_second(ep.segments, 200) == default_words_per_second(200)
    ep.refresh_transcript()
    assert ep.estimated_seconds == pytest.approx(target.take.duration, rel=0.10)
