"""A disk that fills up while the episode is encoded never publishes a cut episode: the
export stops before its swap, the previous episode stays whole (its bytes, its episode.json,
the feed), and the one line names the full disk (issue 27).

The show lives on a real, small tmpfs; a filler file takes every free byte the moment the
staged MP3 reaches a size, through the real ``studio produce`` (tests/crash_kit.py). Where
mounting is not allowed the tests are skipped, saying so.
"""

from __future__ import annotations

import pytest
from audio_helpers import episode_mp3
from crash_kit import CrashShow, Filler, NoMount, Trigger, fill_finish, fill_start, tmpfs


@pytest.fixture(scope="module")
def full_show(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fullexport")
    try:
        with tmpfs(tmp / "disk", "24m") as disk:
            show = CrashShow(tmp, commits=2, earlier=0)
            show.show = disk / "show"
            show.build()
            show.complete("B")  # both scripts' takes are made and known
            show.complete("A")
            yield show, Filler(disk / "filler")
    except NoMount as exc:
        pytest.skip(f"cannot mount a tmpfs here ({exc}): needs root")


@pytest.mark.parametrize("trigger", [Trigger(mp3_bytes=n) for n in (1, 120_000, 300_000, 520_000)]
                         + [Trigger(encoded=True)], ids=lambda t: t.label.replace(" ", "-"))
def test_a_disk_filled_during_the_encode_leaves_the_previous_episode_whole(full_show, trigger):
    show, filler = full_show
    json_before = (show.folder / "episode.json").read_bytes()
    mp3_before = episode_mp3(show.folder).read_bytes()
    feed_before = (show.show / "feed.xml").read_bytes()
    before = show.exported()
    outcome = fill_start(show, trigger, filler)
    try:
        assert outcome.delivered, "the run ended before the staged MP3 reached that size"
        assert outcome.code == 1, outcome.stderr
        [line] = outcome.stderr.strip().splitlines()
        assert "no space left on tmpfs at " + str(filler.path.parent) in line, line
        assert "MB free" in line and "the episode was not replaced" in line, line
        assert outcome.state == "old", outcome.problems
        assert (show.folder / "episode.json").read_bytes() == json_before
        assert episode_mp3(show.folder).read_bytes() == mp3_before
        assert (show.show / "feed.xml").read_bytes() == feed_before
    finally:
        fill_finish(show, outcome, filler, before)
    assert outcome.problems == []
