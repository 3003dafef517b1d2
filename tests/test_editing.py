"""The core edit functions the desktop's undo commands call: each edit and its inverse."""

from __future__ import annotations

import copy

import pytest

from studio import editing
from studio.demo import sample_day_path
from studio.episode import Segment, Sentence, Take, Trim
from studio.pipeline import write_script_for
from studio.plumbing.errors import StudioError
from studio.sources.model import load_day


@pytest.fixture(scope="module")
def day():
    return load_day(sample_day_path())


@pytest.fixture
def episode(day):
    return write_script_for(day)


def test_text_edit_keeps_commits_of_the_sentences_it_keeps_and_undoes_exactly(episode):
    seg = next(s for s in episode.segments if s.id.startswith("rollback"))
    before = copy.deepcopy(seg)
    first, second = seg.sentences[1], seg.sentences[2]
    assert first.commits
    edited = seg.text.replace(first.text, first.text.replace("refactor", "rework")) + \
        " A brand new closing line."
    old = editing.set_segment_text(episode, seg.id, edited)
    assert seg.text == edited
    assert seg.sentences[1].commits == first.commits  # similar sentence keeps its commits
    assert seg.sentences[2].commits == second.commits  # untouched sentence too
    assert seg.sentences[-1].text == "A brand new closing line." and seg.sentences[-1].commits == []
    assert "A brand new closing line." in episode.transcript
    editing.restore_segment_text(episode, seg.id, *old)
    assert seg.text == before.text and seg.sentences == before.sentences
    assert "A brand new closing line." not in episode.transcript


def test_sentence_under_the_cursor(episode):
    seg = next(s for s in episode.segments if s.id.startswith("rollback"))
    second = seg.sentences[1]
    offset = seg.text.index(second.text) + 3
    assert editing.sentence_at(seg, offset) is second
    assert editing.sentence_at(seg, 0) is seg.sentences[0]


def test_move_insert_remove_replace_round_trip(episode):
    ids = [s.id for s in episode.segments]
    editing.move_segment(episode, 0, 2)
    assert [s.id for s in episode.segments][2] == ids[0]
    editing.move_segment(episode, 2, 0)
    assert [s.id for s in episode.segments] == ids
    new = Segment(id=editing.new_segment_id(episode), title="Extra", text="Hello there.")
    editing.insert_segment(episode, 1, new)
    assert episode.segments[1].id == new.id and "Hello there." in episode.transcript
    with pytest.raises(StudioError):
        editing.insert_segment(episode, 1, new)
    index, removed = editing.remove_segment(episode, new.id)
    assert index == 1 and removed is new and [s.id for s in episode.segments] == ids
    with pytest.raises(StudioError, match="cannot move"):
        editing.move_segment(episode, 0, 99)


def test_regenerate_brings_back_the_written_segment_and_keeps_the_take(day, episode):
    seg = episode.segments[1]
    original = seg.text
    editing.set_segment_text(episode, seg.id, "Scribbled over.")
    seg.take = Take(path="takes/x.wav", source="synthesized", text_hash="abc", duration=2.0)
    fresh = write_script_for(day)
    new = editing.regenerated_from(episode, fresh, seg.id)
    assert new.text == original and new.take == seg.take and new.take is not seg.take
    old = editing.replace_segment(episode, seg.id, new)
    assert episode.segments[1].text == original and old.text == "Scribbled over."


def test_trim_validation_and_undo(episode):
    seg = episode.segments[0]
    with pytest.raises(StudioError, match="no take"):
        editing.set_trim(episode, seg.id, Trim(start=0.1))
    seg.take = Take(path="takes/a.wav", source="synthesized", duration=3.0)
    old = editing.set_trim(episode, seg.id, Trim(start=0.2, end=2.5, fade_out=0.1))
    assert seg.take.trim.start == 0.2 and old == Trim()
    with pytest.raises(StudioError, match="start before it ends"):
        editing.set_trim(episode, seg.id, Trim(start=2.0, end=1.0))
    assert seg.take.trim.end == 2.5


def test_find_and_replace_all_is_literal_and_case_aware(episode):
    seg = episode.segments[0]
    editing.set_segment_text(episode, seg.id, "Use a.b here. A.B there. axb nowhere.")
    assert [o for sid, o in editing.find_all(episode, "a.b") if sid == seg.id] == [4, 14]
    texts = editing.replaced_texts(episode, "a.b", "torch.compile", case=True)
    assert texts[seg.id] == "Use torch.compile here. A.B there. axb nowhere."
    assert editing.replaced_texts(episode, "", "x") == {}


def test_counts_and_labels():
    assert editing.word_count("one two  three\nfour") == 4
    assert editing.estimate_label(" ".join(["w"] * 150), 2.5) == "150 words · ~1:00"
    assert editing.split_sentences('He said "stop." Then left! OK') == ['He said "stop."', "Then left!", "OK"]
    assert editing.resync_sentences([Sentence("Keep me.", ["a"])], "Keep me. New.")[0].commits == ["a"]


def test_a_sentence_said_twice_keeps_each_ones_commits():
    # two reverts with one reason: "Jo took it out, with this reason: broken builds." twice,
    # each for its own revert; a resync gave both the second one's commits
    from studio.editing import resync_sentences
    from studio.episode import Sentence

    same = "Jo took it out, with this reason: broken builds."
    old = [Sentence("The first change went back.", ["a" * 40]), Sentence(same, ["b" * 40]),
           Sentence("The second change went back.", ["c" * 40]), Sentence(same, ["d" * 40])]
    new = resync_sentences(old, " ".join(s.text for s in old) + " Told by hand.")
    assert [s.commits for s in new[:4]] == [s.commits for s in old]
    assert new[4].text == "Told by hand." and new[4].commits == []
