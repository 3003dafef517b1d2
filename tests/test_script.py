"""The script: the shape of the seed episodes, facts tied to commits, reproducible phrasing."""

from __future__ import annotations

import dataclasses
import re

import pytest

from studio.demo import sample_day_path
from studio.digest.build import build_digest
from studio.episode import Episode
from studio.profile import profile_for
from studio.script.words import count, number_words, ordinal_words, spoken_date
from studio.script.writer import ScriptWriter
from studio.sources.model import Commit, Day, load_day


def write_script(digest, profile, writer=None, minutes=None):
    """These tests hold the rule-based StoryWriter (kept: the editor writer tells rollbacks
    and the day's numbers with its parts) to its own behaviour, named explicitly now that the
    default writer is the editor writer (tests/test_editor_writer.py)."""
    from studio.script.story import StoryWriter
    from studio.script.writer import write_script as _write

    return _write(digest, profile, writer or StoryWriter(minutes), minutes)



@pytest.fixture(scope="module")
def sample_day() -> Day:
    return load_day(sample_day_path())


def _write(day: Day) -> Episode:
    profile = profile_for(day.repo)
    return write_script(build_digest(day, profile), profile)


def test_words():
    import datetime as dt

    assert spoken_date(dt.date(2026, 2, 9)) == "February 9th, 2026"
    assert spoken_date(dt.date(2026, 8, 22)) == "August 22nd, 2026"
    assert spoken_date(dt.date(2026, 4, 11)) == "April 11th, 2026"
    assert number_words(12) == "twelve" and number_words(30) == "thirty"
    assert number_words(195326) == "one hundred ninety-five thousand three hundred twenty-six"
    assert ordinal_words(9) == "ninth" and ordinal_words(21) == "twenty-first"
    assert count(3, "rollback") == "three rollbacks" and count(1, "commit") == "one commit"


def test_episode_has_the_seed_shape(sample_day):
    ep = _write(sample_day)
    ids = [s.id for s in ep.segments]
    assert ids[0] == "intro" and ids[1] == "numbers" and ids[2] == "rollbacks"
    assert ids[-2:] == ["focus", "sign-off"]
    # the day's threads: the three-PR vmap stack told inside its theme's thread
    assert "topic-control-flow" in ids and "housekeeping" in ids
    intro = ep.segments[0].text
    assert "February 9th, 2026" in intro
    numbers = ep.segment("numbers").text
    assert "fourteen commits" in numbers and "eight authors" in numbers
    assert re.search(r"\bthree of those commits were rollbacks\b", numbers, re.I), numbers
    rollbacks = ep.segment("rollbacks").text
    assert "Tomas Lindqvist" in rollbacks and "jwitt" in rollbacks
    assert "breaking internal builds" in rollbacks
    assert "PRs 171970 to 171972" in ep.segment("topic-control-flow").text
    assert ep.title.startswith("PyTorch: ") and "Daily update" not in ep.title
    assert len(ep.summary.split()) > 15
    assert ep.stats.commits == 14 and ep.stats.reverts == 3 and ep.stats.authors == 8
    assert {r.reverted_by for r in ep.reverts} == {"pytorch-auto-revert", "jwitt"}
    assert 90 <= ep.estimated_seconds <= 300
    assert ep.transcript == "\n\n".join(s.text for s in ep.segments)


def test_every_fact_keeps_its_commits(sample_day):
    ep = _write(sample_day)
    day_shas = {c.sha for c in sample_day.commits} | {c.sha for c in sample_day.lookback}
    for seg in ep.segments:
        assert seg.text == " ".join(s.text for s in seg.sentences)
        for sent in seg.sentences:
            assert set(sent.commits) <= day_shas
            if re.search(r"\bPRs? \d+|\d+ to \d+", sent.text) or "reverted it" in sent.text:
                assert sent.commits, sent.text
    refs = {r.sha: r for r in ep.commit_refs}
    told = {sha for seg in ep.segments for sha in seg.commits}
    assert told <= set(refs)
    assert all(r.url.startswith("https://github.com/pytorch/pytorch/") for r in refs.values())


def test_reproducible_and_varied(sample_day):
    assert _write(sample_day).to_dict() == _write(sample_day).to_dict()
    texts = set()
    for n in range(1, 8):
        other = dataclasses.replace(sample_day, date=f"2026-02-{n:02d}")
        texts.add(_write(other).transcript)
    assert len(texts) >= 3  # phrasing varies from day to day


def _commit(i: int, title: str, author: str = "Ada Byron") -> Commit:
    return Commit(sha=f"{i:040x}", title=title, body="", author_name=author,
                  author_email=f"{author.split()[0].lower()}@ex.com",
                  committed_at=f"2026-05-05T{10 + i:02d}:00:00+00:00", files=["src/a.py"])


@pytest.mark.parametrize("n", [0, 1, 2])
def test_quiet_day_is_short_and_honest(n):
    commits = [_commit(i, f"Fix edge case number {i} (#{100 + i})") for i in range(n)]
    day = Day(repo="octo/widgets", branch="main", date="2026-05-05", tz="UTC", source="git",
              start="2026-05-05T00:00:00+00:00", end="2026-05-06T00:00:00+00:00",
              commits=commits, lookback=[_commit(20, "Older work")])
    ep = _write(day)
    assert ep.stats.commits == n
    assert ep.estimated_seconds < 60
    assert ep.segment("numbers").text.startswith(("A quiet", "Not much", "Main saw only",
                                                   "A short one", "Only", "Nothing landed",
                                                   "Main was still", "No commits", "A day without",
                                                   "The branch"))
    assert [s.id for s in ep.segments][-1] == "sign-off"
    for c in commits:
        assert any(c.sha in s.commits for s in ep.segments)


def test_hostile_text_is_cleaned_for_speech():
    nasty = "Fix \u202e<script>alert(1)</script> \x07 in the parser (#7)"
    day = Day(repo="octo/widgets", branch="main", date="2026-05-05", tz="UTC", source="git",
              start="", end="", commits=[_commit(1, nasty, "Mallory \u202eYrollam")])
    ep = _write(day)
    assert "\x07" not in ep.transcript and "\u202e" not in ep.transcript
    assert "<script>alert(1)</script>" in ep.transcript  # kept as words; escaped where shown


def test_writer_is_pluggable(sample_day):
    class OneLiner:
        name = "one-liner"

        def write(self, digest, profile):
            ep = Episode(title="T", summary="S", date=digest.date, repo=digest.repo)
            return ep

    writer: ScriptWriter = OneLiner()
    profile = profile_for(sample_day.repo)
    ep = write_script(build_digest(sample_day, profile), profile, writer)
    assert ep.title == "T"


@pytest.mark.parametrize("merged", [0, 3, 5])
def test_pr_counts_from_github_are_not_a_story(merged):
    """How many commits GitHub calls merged pull requests is a forge detail (bot-landed PRs
    are 'closed', squash merges are commits): the script tells the same day the same way."""
    commits = [_commit(i, f"Improve widget part {i} (#{200 + i})", author)
               for i, author in enumerate(["Ada Byron", "Bo Chen", "Cy Diaz", "Ada Byron",
                                            "Bo Chen"])]

    def episode(merged_prs):
        day = Day(repo="octo/widgets", branch="main", date="2026-05-05", tz="UTC",
                  source="github", start="2026-05-05T00:00:00+00:00",
                  end="2026-05-06T00:00:00+00:00", commits=commits, merged_prs=merged_prs)
        return _write(day)

    ep = episode(merged)
    spoken = ep.transcript.lower()
    assert "merged pull request" not in spoken and "github" not in spoken
    assert "pull requests merged" not in spoken
    same = episode(None)
    assert (ep.title, ep.transcript) == (same.title, same.transcript)

