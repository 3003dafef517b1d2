"""The plan on round 36's days: a day whose changes are all upkeep still tells its best-told
change in full (pytest 2026-08-05, three commits: a bot's bump, a changelog tweak, and a long
account of why commit access changed)."""

from __future__ import annotations

import datetime as dt

from gitrepo import RepoBuilder, at, squash

from studio.digest.build import build_digest
from studio.editorial.plan import plan_episode
from studio.profile import profile_for
from studio.sources.gitlocal import pull_git

POLICY = ("Since 2016 the Joining the Development Team section has promised commit access to "
          "anyone who saw a pull request through that did not require extra work from the "
          "team, and invited contributors to remind us if we forgot to ask.\n\n"
          "That rule was sound when it was written. It was never really about the single "
          "pull request, it was a proxy. Pushing something significant through in one shot "
          "meant a contributor had already developed a sense for the project, so by the time "
          "they cleared the bar they were effectively established.\n\n"
          "The proxy no longer holds. The project carries considerably more responsibility "
          "than it did, so merge rights weigh more; and with capable agents, producing a pull "
          "request that merges without back and forth no longer demonstrates the "
          "sensibilities the rule was standing in for.\n\n"
          "Say what we actually go by: a developed sense for the project's scope, conventions "
          "and the cost of a change, shown across contributions, reviews and discussions, and "
          "an invitation we extend rather than a bar contributors clear on demand. The send a "
          "friendly reminder line goes with it, since it directly invited the ask, replaced "
          "by a note that not having been asked yet is not a verdict on anyone's work.")


def _day(tmp_path, body: str):
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-08-04"), files={"doc/en/contributing.rst": "x\n",
                                                      ".github/workflows/stale.yml": "a\n",
                                                      "doc/en/changelog.rst": "c\n"})
        repo.commit(squash("docs: qualify tox package_env references", 14825),
                    at("2026-08-05", 8), author="Raisul", email="r@example.com",
                    files={"doc/en/changelog.rst": "d\n"})
        repo.commit(squash("build(deps): Bump actions/stale from 10.4.0 to 11.0.0", 14830),
                    at("2026-08-05", 9), author="dependabot[bot]",
                    email="49699333+dependabot[bot]@users.noreply.github.com",
                    files={".github/workflows/stale.yml": "b\n"})
        repo.commit(squash("Doc: commit access follows demonstrated judgement, not a single "
                           "clean PR", 14790, body),
                    at("2026-08-05", 10), author="Ronny Pfannschmidt", email="rp@example.com",
                    files={"doc/en/contributing.rst": "y\n" * 12})
    day = pull_git(tmp_path / "repo", dt.date(2026, 8, 5), tz="UTC", branch="main")
    return build_digest(day, profile_for(day.repo, None, project="pytest"))


def test_a_day_of_upkeep_tells_its_best_told_change_in_full(tmp_path):
    plan = plan_episode(_day(tmp_path, POLICY))
    assert [s.commits[0].title[:24] for s in plan.stories] == ["Doc: commit access follo"]
    told = [c.sha for s in plan.stories + plan.briefly for c in s.commits] + \
        [c.sha for c in plan.rest]
    assert len(told) == len(set(told)) == 3


def test_a_day_of_thin_upkeep_has_no_story(tmp_path):
    plan = plan_episode(_day(tmp_path, "Reword the section."))
    assert plan.stories == []


def test_a_changelog_entry_is_said_as_one_and_its_note_told():
    """mypy 2026-07-13: "the changelog entry for macOS x86 wheels work from Shantanu landed",
    its note ("No longer provide mypyc-accelerated wheels for macOS x86_64") never said."""
    from studio.script.editor.clauses import clause

    assert clause("Changelog entry for macOS x86 wheels") == \
        ("added a changelog entry for macOS x86 wheels", True)
    assert clause("Add news entry", "present") == ("adds a news entry", True)


def test_a_record_sentence_is_said_as_the_change_and_never_leans_on_the_unheard():
    """pip 2026-08-03: "Since a pip zipapp doesn't have dist-info metadata, compare
    __version__ instead." was said as the author's order, and "… so the importlib backend
    applies the same exception handling" with the handling it is the same as never said."""
    from studio.script.editor.imperatives import imperative_as_change
    from studio.script.editor.sentences import adapt

    assert imperative_as_change("Since a zipapp has no metadata, compare the version "
                                "instead.") == \
        "Since a zipapp has no metadata, the change compares the version instead."
    assert imperative_as_change("If the cache is stale, rebuild it.") == \
        "If the cache is stale, rebuild it."  # a condition: the reader's to act on
    said = adapt("Starting with Python 3.15, importlib.metadata also validates entry points "
                 "while parsing, so the importlib backend applies the same exception handling.")
    assert said is not None and said[1]  # said only after the sentence it leans on
    said = adapt("pkg_resources raises a plain ValueError when entry_points.txt contains an "
                 "invalid entry point, causing pip to display a traceback.")
    assert said is not None and "value error" in said[0]


def test_round_37s_marks_on_the_story_writer():
    """Round 37's judges: "Pass --full-trace to see every frame" was said as "The change
    passes the full trace flag" (pytest 2026-08-18); "a fix for a uninitialized memory access"
    (numpy 2026-08-12); an opt-in the change guards was said as the change being opt-in, with
    the wrong flag (ruff 2026-07-29's PT022)."""
    from studio.editorial.findings import Finding
    from studio.script.editor.focus import _handle
    from studio.script.editor.imperatives import imperative_as_change
    from studio.script.editor.naming import noun_phrase

    assert imperative_as_change("Pass --full-trace to see every frame.") == \
        "You can pass --full-trace to see every frame."
    assert noun_phrase("BUG: avoid uninitialized memory access / NULL-pointer deref in scalar "
                       "byteswap") == ("a fix for an uninitialized memory access or NULL-pointer "
                                       "deref in scalar byteswap")
    f = Finding("opt-in", "a" * 40, "Forcing this to be an unsafe fix ensures that it will not "
                "be executed blindly during a standard `--fix` pass without explicit opt-in via "
                "`--allow-unsafe-fixes`.")
    assert _handle(f) == "--allow-unsafe-fixes"
