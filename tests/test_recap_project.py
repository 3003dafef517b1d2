"""What the app needs from the core to keep a recap as a project: its folder holds the span
(span.json), not a day; reopening it reads the span back; its script is written as
``studio recap`` writes it (the show's [recap] length and numbering, bonus without a show)."""

from __future__ import annotations

import pytest
from week_history import MONDAY, WEEK, week_history

from studio.episode import load_episode
from studio.pipeline import SourceSpec
from studio.projects import open_project, open_span, save_project
from studio.recap import make_recap, pull_span, write_recap
from studio.sources.span import week_span


@pytest.fixture(scope="module")
def span(tmp_path_factory):
    hist = week_history(tmp_path_factory.mktemp("repo") / "widgets.git")
    return pull_span(SourceSpec(git=str(hist.path), tz="UTC"), week_span(WEEK))


def test_a_recap_project_keeps_its_span_and_reopens_with_it(tmp_path, span):
    episode = write_recap(span)
    folder = save_project(episode, tmp_path / WEEK, None, span)
    assert (folder / "span.json").is_file() and not (folder / "day.json").exists()
    back, day, _ = open_project(folder)
    assert back.kind == "recap" and day is None
    again = open_span(folder)
    assert again is not None and again.dates == span.dates
    assert [c.sha for c in again.commits] == [c.sha for c in span.commits]
    # a daily folder has no span; a broken span file is no span (and no traceback)
    assert open_span(tmp_path) is None
    (folder / "span.json").write_text("{ not json")
    assert open_span(folder) is None


def test_write_recap_is_the_recap_studio_recap_writes(tmp_path, span):
    alone = write_recap(span)
    assert alone.kind == "recap" and alone.span_start == MONDAY.isoformat()
    assert alone.itunes_type == "bonus" and alone.season is None
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text('title = "Widgets"\n[recap]\nepisode_type = "full"\n'
                                    "season = 3\nnumbered = true\nminutes = 2\n")
    numbered = write_recap(span, None, show)
    assert (numbered.itunes_type, numbered.season, numbered.number) == ("full", 3, 5)
    made = load_episode(make_recap(span, show, audio=False))  # what `studio recap` saves
    assert (made.title, made.transcript, made.season, made.number) == (
        numbered.title, numbered.transcript, 3, 5)
