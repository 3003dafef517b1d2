"""A small day told as an editor tells it (issue 23, round 27's notes on pip 2026-08-08): the
headline gets at least a second story's words, so its fix and its figures are told; what the
author proposes ("We can make this faster by …") is what the change does; what the software
"no longer" does is told as what was so until now; a change that makes the software refuse
what it took is what the focus asks listeners to check."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from gitrepo import GH_COMMITTER, RepoBuilder, at, code_lines, squash

from studio.digest.body_sentences import authors_view
from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.script.editor.ear import for_ear
from studio.script.editor.stricter import stricter_claim
from studio.script.editor.until_now import as_before
from studio.script.writer import write_script
from studio.sources.gitlocal import pull_git

DAY = "2026-08-08"
GH = {"committer": GH_COMMITTER[0], "committer_email": GH_COMMITTER[1]}

PATH_BODY = """Installing a wheel with console scripts resolves every PATH entry, just to decide
whether to warn about script locations. We can make this faster by checking for an exact
string match first, and only resolve the PATH entries if a script directory is still in doubt.

For example, resolving 22 paths on a network drive can take 0.07s or 10% of an install.
"""

VERSION_BODY = """Passing --version to the install command and other sub-commands doesn't raise
an error but doesn't cause the version to be shown, confusingly.
"""

DEAD_BODY = """The branch is unreachable as it compares a version object to a string.

People rely on the standalone LATEST line being always printed, so the best resolution was to
simply remove this dead code.
"""


def _small_day(path: Path) -> Path:
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/widgets.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={"src/a.py": code_lines(5)})
        r.commit(squash("Prevent sub-commands from accepting --version", 11, VERSION_BODY),
                 at(DAY, 9), "Islam Asa", "islam@example.com", **GH,
                 files={"src/cli.py": code_lines(40)})
        r.commit(squash("Remove the unreachable latest marker branch", 12, DEAD_BODY),
                 at(DAY, 10), "Young Yang", "young@example.com", **GH,
                 files={"src/search.py": code_lines(30)})
        r.commit(squash("Avoid resolving every PATH entry in the script location warning", 13,
                        PATH_BODY), at(DAY, 11), "Damian Shore", "damian@example.com", **GH,
                 files={"src/wheel.py": code_lines(60)})
        r.commit(squash("Close incomplete downloads before removing them", 14), at(DAY, 12),
                 "Damian Shore", "damian@example.com", **GH,
                 files={"src/download.py": code_lines(20)})
    return path


def _episode(path: Path):
    day = pull_git(path, dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    return write_script(build_digest(day, profile), profile)


def test_the_authors_proposal_is_what_the_change_does():
    assert authors_view("We can make this faster by checking for an exact string match first, "
                        "and only resolve the PATH entries if a directory is in doubt.") == (
        "The change makes this faster by checking for an exact string match first, and only "
        "resolves the PATH entries if a directory is in doubt.")
    # what the author may do some day is not what the change does
    assert authors_view("We can simply set the flag in the daemon later.") is None


def test_a_measured_time_is_said_in_its_units_words():
    assert for_ear("can take 0.07s, or 15ms") == "can take 0.07 seconds, or 15 milliseconds"
    assert for_ear("tools of the 1990s") == "tools of the 1990s"


def test_what_the_software_no_longer_does_was_so_until_now():
    lead = "In a change from Damian Shore, widgets no longer resolves every PATH entry."
    assert as_before(lead, "Installing a wheel resolves every PATH entry, just to warn.") == \
        "Until now, installing a wheel resolved every PATH entry, just to warn."
    other = "The change checks for an exact match first."
    assert as_before(lead, other) == other


def test_a_stricter_title_is_said_as_what_no_longer_works():
    assert stricter_claim("Prevent sub-commands from accepting --version", "pip") == \
        "sub-commands no longer accept the version flag"
    assert stricter_claim("Reject unknown keys in the config", "pip") == \
        "pip now rejects unknown keys in the config"
    assert stricter_claim("Prevent a crash when the cache is empty", "pip") == ""


def test_a_small_days_headline_is_told_with_its_fix_and_figures(tmp_path):
    ep = _episode(_small_day(tmp_path / "w.git"))
    text = " ".join(s.text for seg in ep.segments for s in seg.sentences)
    path_story = next(seg.text for seg in ep.segments if "PATH" in seg.text and
                      seg.id.startswith("story"))
    # the fix and the figure, not only the problem (the headline had 56 words, the next 104)
    assert "exact string match first" in path_story, path_story
    assert "0.07 seconds" in path_story, path_story
    assert "Until now, installing a wheel with console scripts resolved" in path_story, text
    focus = next(seg.text for seg in ep.segments if seg.id == "focus")
    assert "sub-commands no longer accept the version flag" in focus, focus
    assert "relied on the old behaviour" in focus, focus
    assert "Until now, passing the version flag" in text, text


def _title_day(path: Path) -> Path:
    """A busy day of titles alone: fixes and performance changes, as polars lands them."""
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/widgets.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={"src/a.py": code_lines(5)})
        titles = [("fix: Ignore nans in horizontal min and max", "Orson Pete"),
                  ("fix: Do not remove nested caches when pushing a predicate past a cache",
                   "Oliver Borg"),
                  ("fix: Fix out-of-core spilling of categoricals", "Name Exhaust"),
                  ("fix: Correct partitionable filter handling for pivot", "Vedant Mad"),
                  ("fix: Correct function display for string replace", "Orson Pete"),
                  ("perf: Drop unused projections in filter on streaming engine",
                   "Name Exhaust"),
                  ("perf: Retain Parquet partial metadata on filter", "Koen Dene"),
                  ("chore: Mark a slow test as slow", "Amber Sprink"),
                  ("docs: Fix a typo in a docstring", "Mikhail Epi")]
        for k, (title, who) in enumerate(titles):
            r.commit(squash(title, 200 + k), at(DAY, 8, k), who,
                     f"{who.split()[0].lower()}@example.com", **GH,
                     files={f"src/m{k}.py": code_lines(20 + k) if k < 7 else f"t{k}\n"})
    return path


def test_title_only_changes_of_one_kind_are_told_together(tmp_path):
    ep = _episode(_title_day(tmp_path / "t.git"))
    by_id = {seg.id: seg for seg in ep.segments}
    assert "group-fix" in by_id and "group-performance" in by_id, [s.id for s in ep.segments]
    fixes = by_id["group-fix"]
    assert re.match(r"(?:Three|Four) (?:more )?fixes landed today", fixes.text), fixes.text
    perf = by_id["group-performance"].text
    assert perf.startswith("Two changes were about performance"), perf
    assert "unused projections" in perf and "partial metadata" in perf, perf
    # one person's second fix in the group is named with "also", not the name again afresh
    if fixes.text.count("Orson Pete") == 2:
        assert "Orson Pete also" in fixes.text or "Also from Orson Pete" in fixes.text, fixes.text
    # every commit is still told or counted, and none twice
    told = [sha for seg in ep.segments for s in seg.sentences for sha in s.commits
            if seg.id not in ("intro", "focus", "sign-off")]
    assert len(told) == len(set(told)) == 9, told


def test_no_story_segment_is_a_title_alone_on_a_busy_day(tmp_path):
    # every story here is a title with nothing more: told in its kind's group, not as a
    # "headline" of one sentence after "We begin with the headline"
    ep = _episode(_title_day(tmp_path / "t.git"))
    stories = [seg for seg in ep.segments if seg.id.startswith("story")]
    assert all(len([s for s in seg.sentences if s.commits]) > 1 for seg in stories), \
        [seg.text for seg in stories]
    assert "four fixes" in ep.segments[0].text.lower(), ep.segments[0].text


def test_people_as_a_subject_is_no_imperative():
    from studio.script.editor.imperatives import imperative_as_change

    said = "People rely on the LATEST line being printed, so the dead code goes."
    assert imperative_as_change(said) == said  # not "The change peoples rely on …"


def test_what_leans_on_the_title_said_again_follows_the_lead():
    from studio.digest.model import CommitInfo
    from studio.editorial.record import commit_record
    from studio.script.editor.sentences import available

    title = "Extend the fixture deprecation to all higher scopes"
    c = CommitInfo(sha="a" * 40, title=title, raw_title=title, author="Freya B",
                   author_login="freya", author_email="f@example.com",
                   committed_at="2026-08-20T10:00:00Z", body=(
                       "Extend the fixture deprecation to all higher scopes.\n\n"
                       "The original deprecation in another change only targeted class-scoped "
                       "fixtures, but the same issue exists for a module or session fixture."))
    said = [x.said for x in available(commit_record(c), c.title, frozenset()) if not x.leans]
    assert any(x.startswith("The original deprecation") for x in said), said


def test_a_handles_second_fix_in_a_group_is_another_change_from_them():
    from studio.script.editor.kind_runs import _also_named

    lines = [("A change from nameexhaustion fixed X.", ["a"]),
             ("A change from nameexhaustion fixed Y.", ["b"])]
    assert [t for t, _ in _also_named(lines, ["nameexhaustion"] * 2)] == [
        "A change from nameexhaustion fixed X.", "Another change from nameexhaustion fixed Y."]


def test_an_identifier_subject_is_said_as_the_titles_scope():
    from studio.digest.model import CommitInfo
    from studio.editorial.record import commit_record
    from studio.script.editor.sentences import lines

    title = "perf(capture): skip reading the capture file when nothing was written"
    c = CommitInfo(sha="c" * 40, title=title, raw_title=title, author="Henry S",
                   author_login="henry", author_email="h@example.com",
                   committed_at="2026-08-12T10:00:00Z", body=(
                       title + "\n\nFDCapture.snap() did seek/read/seek/truncate on every test "
                       "phase even when the test produced no output. Since the file is "
                       "unbuffered, a single fstat can prove it is empty and skip all of that."))
    said = {x.said: x.leans for x in lines(commit_record(c))}
    assert "The capture code did seek, read, seek and truncate on every test phase even when " \
        "the test produced no output." in said, said
    # "all of that" leans on the sentence before it
    assert any(v for k, v in said.items() if k.endswith("skip all of that.")), said


def test_a_stricter_claim_agrees_with_two_subjects():
    # the verb agrees as no_longer's does: two subjects are plural, "the list of flags" is not
    assert stricter_claim("Prevent the parser and the loader from accepting --strict", "x") == \
        "the parser and the loader no longer accept the strict flag"
