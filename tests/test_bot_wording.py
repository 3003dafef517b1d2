"""A bot is never told as a person: a change a bot authored is "an automated update" (or the
people the record names beside it), and a revert a bot made is said with that bot's own short
name — "the merge bot" only for a merge bot. Days from real git repositories."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from gitrepo import PT_BOT, RepoBuilder, at, plain_revert, squash

from studio.sources.gitlocal import pull_git

DATE = "2026-02-09"
DEPENDABOT = ("dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com")
RENOVATE = ("renovate[bot]", "29139614+renovate[bot]@users.noreply.github.com")


@pytest.fixture(scope="module")
def episode(tmp_path_factory):
    path = tmp_path_factory.mktemp("botwords") / "repo"
    with RepoBuilder(path, origin="https://github.com/octo/widgets.git") as r:
        bump = r.commit(squash("Bump urllib3 from 2.2.1 to 2.2.2", 40,
                               "Bumps urllib3 from 2.2.1 to 2.2.2.\n\nRelease notes: security fix "
                               "for proxy headers."),
                        at(DATE, 3), *DEPENDABOT, files={"requirements.txt": "urllib3==2.2.2\n"})
        r.commit(squash("Add a streaming parser for large files", 41,
                        "The parser now reads in chunks so memory stays flat."),
                 at(DATE, 4), "Ada Lovelace", "ada@ex.com", files={"src/parser/stream.py": "x\n" * 120})
        r.commit(squash("Rework the scheduler queue", 42,
                        "The queue is now a heap.\n\nCo-authored-by: Grace Hopper <grace@ex.com>"),
                 at(DATE, 5), *PT_BOT, files={"src/sched/q.py": "y\n" * 200})
        r.commit(plain_revert("Bump urllib3 from 2.2.1 to 2.2.2 (#40)", bump,
                              "The new version breaks our proxy tests."),
                 at(DATE, 6), *RENOVATE, files={"requirements.txt": "urllib3==2.2.1\n"})
        cache = r.commit(squash("Speed up the loader cache", 43, "Caches decoded rows."),
                         at(DATE, 7), "Grace Hopper", "grace@ex.com",
                         files={"src/loader/cache.py": "z\n" * 90})
        r.commit(plain_revert("Speed up the loader cache (#43)", cache, "It broke the nightly build."),
                 at(DATE, 8), *DEPENDABOT, files={"src/loader/cache.py": "w\n"})
        tiles = r.commit(squash("Draw the map tiles lazily", 44, "Tiles load as they scroll in."),
                         at(DATE, 9), "Ada Lovelace", "ada@ex.com",
                         files={"src/map/tiles.py": "t\n" * 80})
        r.commit(plain_revert("Draw the map tiles lazily (#44)", tiles, "Tiles flicker on zoom."),
                 at(DATE, 10), *PT_BOT, files={"src/map/tiles.py": "u\n"})
    from studio.digest.build import build_digest
    from studio.profile import profile_for
    from studio.script.story import StoryWriter
    from studio.script.writer import write_script

    # the rule-based StoryWriter's wording (the default editor writer: test_editor_writer.py)
    day = pull_git(Path(path), dt.date.fromisoformat(DATE))
    profile = profile_for(day.repo)
    return write_script(build_digest(day, profile), profile, StoryWriter(6), 6)


def sentence_with(episode, words: str) -> str:
    found = [s.text for seg in episode.segments for s in seg.sentences if words in s.text]
    assert found, f"no sentence says {words!r}:\n{episode.transcript}"
    return found[0]


def test_a_bot_authored_change_is_an_automated_update_or_the_people_named_with_it(episode):
    text = episode.transcript
    assert "PyTorch MergeBot" not in text and "MergeBot" not in text
    assert "dependabot bumped" not in text.lower()
    assert "an automated update bumped urllib3" in sentence_with(episode, "urllib3 from").lower()
    assert "from an automated update" not in text  # a handle's wording is not a bot's
    # the episode's summary (the feed's description) names no bot as the author either
    assert "MergeBot" not in episode.summary and "dependabot" not in episode.summary.lower()
    assert "reworking the scheduler queue, from Grace Hopper" in episode.summary
    # the co-author the record names is who reworked it, the bot is not
    assert sentence_with(episode, " reworked the scheduler queue").startswith("Grace Hopper reworked")


def test_a_bots_revert_is_said_with_that_bots_name_and_the_merge_bots_as_the_merge_bot(episode):
    rollbacks = episode.segment("rollbacks")
    said = {s.text for s in rollbacks.sentences}
    assert any("renovate" in s and "merge bot" not in s for s in said), said
    cache = [s for s in said if "dependabot" in s]
    assert cache and not any("merge bot" in s for s in cache)
    # the merge bot's own revert keeps its wording
    assert any("the merge bot" in s for s in said), said
    assert sum("the merge bot" in s for s in said) == 1


def test_a_bots_fix_is_the_projects_automation_not_an_update():
    # uv 2026-08-14 (round 21's judge): "Next, an automated update ordered equal-priority
    # Python installations by key" called a behaviour fix a routine data update
    from studio.digest.model import CommitInfo
    from studio.script.editor.telling import opening, person

    def bot(title: str) -> CommitInfo:
        return CommitInfo(sha="a" * 40, title=title, raw_title=title, body="",
                          author="the-bot[bot]", author_login="the-bot[bot]",
                          author_email="bot@example.com", committed_at="2026-08-14T10:00:00Z",
                          is_bot=True)

    assert person(bot("Order equal-priority Python installations by key")) == \
        "the project's automation"
    assert opening(bot("Order equal-priority Python installations by key")).startswith(
        "The project's automation ordered")
    assert person(bot("Sync latest Python releases: 3.10.21, 3.11.16")) == "an automated update"
    assert person(bot("Bump version to 0.12.5")) == "an automated update"
