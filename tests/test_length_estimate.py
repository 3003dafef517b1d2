"""The script's length estimate against real espeak-ng takes: the calibrated default at the
settings' rate, and the pace measured from an episode's own takes.

Both are claims about whole episodes: single segments differ in pace by a third (a range of
PR numbers is slower than a sentence of prose), so they are not compared one by one."""

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


def _text(segments) -> str:
    return " ".join(s.text for s in segments)


@pytest.mark.parametrize("rate", [130, 200])
def test_default_pace_at_the_settings_rate_is_within_ten_percent(episode, tmp_path, rate):
    narrate(episode, tmp_path, AudioSettings(rate=rate), lexicon_for(None))
    guess = estimate_seconds(_text(episode.segments), default_words_per_second(rate))
    assert guess == pytest.approx(sum(s.take.duration for s in episode.segments), rel=0.10)


def test_measured_pace_of_the_episode_takes_estimates_another_episode(tmp_path):
    """The pace measured on one episode's takes estimates another episode of the show (the
    same day written for another date: other phrasing, other segments' lengths)."""
    import dataclasses

    day = load_day(sample_day_path())
    ep = write_script_for(day)
    narrate(ep, tmp_path / "a", AudioSettings(rate=165), lexicon_for(None))
    pace = words_per_second(ep.segments, 165)
    assert pace != default_words_per_second(165)  # measured, not the default
    other = write_script_for(dataclasses.replace(day, date="2026-02-12"))
    assert other.transcript != ep.transcript
    guess = estimate_seconds(other.transcript, pace)
    narrate(other, tmp_path / "b", AudioSettings(rate=165), lexicon_for(None))
    assert guess == pytest.approx(sum(s.take.duration for s in other.segments), rel=0.10)
    # takes at another rate are not taken as this rate's pace
    assert words_per_second(other.segments, 200) == default_words_per_second(200)
    other.refresh_transcript()
    assert other.estimated_seconds == pytest.approx(sum(s.take.duration for s in other.segments),
                                                    rel=0.10)


@pytest.mark.parametrize("text, words", [
    ("PRs 171970 to 171972", 23),  # one hundred and seventy one thousand nine hundred and ...
    ("on February 9th, 2026.", 6),  # ninth; twenty twenty six
    ("version 3.14 — 1,000 cats", 8),  # three point one four; one thousand
    ("plain words , here", 3),
])
def test_numbers_count_as_the_words_they_are_said_with(text, words):
    from studio.spoken_length import spoken_words

    assert spoken_words(text) == words
