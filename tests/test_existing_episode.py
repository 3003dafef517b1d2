"""Where the host's episode of a day is: a pull of that day opens it (issue 26)."""

from __future__ import annotations

from audio_fixtures import make_episode

from studio.episode import save_episode
from studio.projects import existing_episode

DATE = "2026-02-09"  # make_episode's day, of pytorch/pytorch


def test_the_show_folders_episode_of_the_day_and_repository_is_found(tmp_path):
    show = tmp_path / "show"
    assert existing_episode(DATE, "pytorch/pytorch", str(show), []) is None
    save_episode(make_episode(), show / "episodes" / DATE)
    assert existing_episode(DATE, "pytorch/pytorch", str(show), []) == show / "episodes" / DATE
    assert existing_episode(DATE, "other/repo", str(show), []) is None  # another show's day
    assert existing_episode("2026-02-10", "pytorch/pytorch", str(show), []) is None


def test_a_recent_project_named_for_the_day_is_found_and_a_broken_one_skipped(tmp_path):
    elsewhere = tmp_path / "mine" / DATE
    save_episode(make_episode(), elsewhere)
    broken = tmp_path / "show" / "episodes" / DATE
    broken.mkdir(parents=True)
    (broken / "episode.json").write_text("{not json")
    assert existing_episode(DATE, "pytorch/pytorch", str(tmp_path / "show"),
                            [str(elsewhere)]) == elsewhere
