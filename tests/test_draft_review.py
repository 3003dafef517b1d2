"""Reviewing a drafted script (the core the app's Accept / Reject / edit call, no Qt): every
drafted segment keeps the story writer's sentences for its commits, so rejecting it puts them
in place; accepting clears the draft marks; an edited sentence is the host's, an untouched one
keeps its mark; each edit returns what undoing it needs, and it all survives episode.json."""

from __future__ import annotations

import copy
import json

import pytest
from llm_day import drafted_day

from studio import draft_review, editing
from studio.episode import Episode, Sentence
from studio.plumbing.errors import StudioError


@pytest.fixture(scope="module")
def drafted(tmp_path_factory) -> tuple[Episode, Episode]:
    """(the LLM writer's episode with a fabricated version caught, the story writer's)."""
    episode, story, _day = drafted_day(tmp_path_factory.mktemp("review"))
    return episode, story


def story_texts(story: Episode) -> list[str]:
    return [s.text for seg in story.segments for s in seg.sentences]


def test_each_drafted_segment_keeps_the_story_writers_sentences_for_its_commits(drafted):
    episode, story = drafted
    told = story_texts(story)
    seen: list[str] = []
    for seg in episode.segments:
        assert seg.story, seg.title
        for s in seg.story:
            assert s.text in told  # the story writer's own sentence
            if s.commits and seg is not episode.segments[0]:  # its commits, never another's
                assert set(s.commits) & set(seg.commits), (seg.title, s.text)
        seen += [s.text for s in seg.story]
    assert len(seen) == len(set(seen))  # no story sentence is offered twice
    opening = [s.text for s in episode.segments[0].story]  # the greeting and the day's overview
    assert opening[0].startswith("Welcome back to Widgets") and any("five commits" in t
                                                                     for t in opening)
    rollback = episode.segment("a-rollback")
    assert any("Dee Park" in s.text and ("reverted it" in s.text or "took it out" in s.text)
               for s in rollback.story)
    # and it is written to episode.json and read back
    again = Episode.from_dict(json.loads(json.dumps(episode.to_dict())))
    assert again.segment("a-rollback").story == rollback.story


def test_reject_puts_the_story_text_in_place_and_undo_restores_the_draft(drafted):
    episode = copy.deepcopy(drafted[0])
    before = copy.deepcopy(episode.segment("a-faster-cache"))
    assert draft_review.is_drafted(before)
    old = draft_review.reject_segment(episode, "a-faster-cache")
    seg = episode.segment("a-faster-cache")
    assert seg.text == " ".join(s.text for s in before.story)
    assert "LRU policy" in seg.text and "Ana Lima switched" not in seg.text
    assert [s.text for s in seg.sentences] == [s.text for s in before.story]
    assert all(s.provenance == draft_review.STORY for s in seg.sentences)
    assert not draft_review.is_drafted(seg)
    assert seg.text in episode.transcript and before.text not in episode.transcript
    editing.replace_segment(episode, "a-faster-cache", old)  # what Undo does
    assert episode.segment("a-faster-cache") == before and before.text in episode.transcript


def test_accept_clears_the_marks_and_keeps_the_text(drafted):
    episode = copy.deepcopy(drafted[0])
    seg = episode.segment("release-and-fixes")
    marks = {draft_review.mark(s) for s in seg.sentences}
    assert marks == {draft_review.VERIFIED}  # the caught fabrication was left out
    text = seg.text
    old = draft_review.accept_segment(episode, "release-and-fixes")
    seg = episode.segment("release-and-fixes")
    assert seg.text == text and {draft_review.mark(s) for s in seg.sentences} == {""}
    assert not draft_review.is_drafted(seg)
    assert "accepted" in draft_review.describe(seg.sentences[0])
    assert old.sentences[0].provenance == draft_review.VERIFIED


def test_an_edited_sentence_is_the_hosts_and_the_others_keep_their_marks(drafted):
    episode = copy.deepcopy(drafted[0])
    seg = episode.segment("release-and-fixes")
    fix = next(s.text for s in seg.sentences if "Chen Wu fixed" in s.text)
    first = next(s.text for s in seg.sentences if s.text != fix)  # an untouched sentence
    editing.set_segment_text(episode, seg.id, seg.text.replace("Chen Wu fixed", "Chen Wu mended"))
    seg = episode.segment("release-and-fixes")
    by_text = {s.text.split(":")[0]: s for s in seg.sentences}
    assert draft_review.mark(by_text["Chen Wu mended a crash"]) == draft_review.HOST
    assert by_text["Chen Wu mended a crash"].commits  # still told from its commit
    assert draft_review.mark(next(s for s in seg.sentences if s.text == first)) == \
        draft_review.VERIFIED
    assert "written by the host" in draft_review.describe(by_text["Chen Wu mended a crash"]).lower()
    assert fix not in seg.text


def test_the_marks_say_what_they_are(drafted):
    episode = drafted[0]
    # the caught fabrication is left out, never another writer's sentence in its place
    # (issue 28 item 9); the notice over the script says so, with its reason
    assert not any(s.provenance.startswith("replaced") for seg in episode.segments
                   for s in seg.sentences)
    (gone,) = episode.dropped
    assert "version 2.5.0 is not in its commits" in gone.provenance
    line = draft_review.summary(episode)
    assert "1 left out (the fact check: version 2.5.0 is not in its commits" in line, line
    assert "replaced" not in line
    # an episode an older studio wrote may hold a stand-in: it keeps its mark and says why
    old = Sentence("The story writer's sentence.", ["abc"], provenance="replaced: version 9 is "
                   "not in its commits", draft="The model's sentence.")
    said = draft_review.describe(old)
    assert "version 9 is not in its commits" in said and "The model's sentence." in said
    verified = episode.segment("a-rollback").sentences[0]
    assert "verified" in draft_review.describe(verified)
    assert draft_review.describe(drafted[1].segments[0].sentences[0]) == ""  # story: no mark


def test_a_segment_that_was_not_drafted_cannot_be_rejected(drafted):
    story = copy.deepcopy(drafted[1])
    with pytest.raises(StudioError, match="not a drafted segment"):
        draft_review.reject_segment(story, story.segments[0].id)
