"""Round 26's never-tuned days (polars, pytest), read after their blind read: conventional
commit titles ("fix(rust):", "depr:", "feat!:"), release-notes fragments, a record's own "This
is breaking", short options, code alternatives and globs, as a host says them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gitrepo import GH_COMMITTER, RepoBuilder, at, code_lines, squash

from studio.digest.build import build_digest
from studio.editorial.findings import find_findings
from studio.editorial.titles import split_area
from studio.profile import profile_for
from studio.script.editor.clauses import clause
from studio.script.editor.ear import for_ear
from studio.script.speakable import speakable
from studio.script.writer import write_script
from studio.sources.gitlocal import pull_git

DAY = "2026-08-04"
GH = {"committer": GH_COMMITTER[0], "committer_email": GH_COMMITTER[1]}

CONFIG_BODY = """Validate the config-file option's argument.

Previously an invalid path either silently produced an empty configuration or crashed with a
raw traceback. Now a path that does not exist is a usage error.

This is breaking for invocations that passed an unparsable file to -c and relied on it being
ignored.
"""


def _episode(tmp_path: Path):
    path = tmp_path / "frames.git"
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/frames.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={"src/a.py": code_lines(5)})
        r.commit(squash("fix(rust): Don't hang or crash on `sqrt`/`cbrt`/`ewm_*` with a Struct "
                        "column", 501), at(DAY, 8), "Kevin P", "kevin@example.com", **GH,
                 files={"crates/ops/pow.rs": code_lines(30), "tests/test_struct.py": code_lines(20)})
        r.commit(squash("depr(python): Deprecate `Expr.rechunk()`", 502), at(DAY, 9), "Amber S",
                 "amber@example.com", **GH, files={"py/expr.py": code_lines(5)})
        r.commit(squash("depr: Deprecate `struct.rename_fields()` with an incorrect number of "
                        "fields", 503), at(DAY, 10), "Amber S", "amber@example.com", **GH,
                 files={"py/struct.py": code_lines(8)})
        r.commit(squash("Validate the config-file option", 504, CONFIG_BODY), at(DAY, 11),
                 "Ronny P", "ronny@example.com", **GH,
                 files={"src/config.py": code_lines(60), "changelog/14716.breaking.rst": "x\n"})
    day = pull_git(path, dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    digest = build_digest(day, profile)
    return digest, write_script(digest, profile)


def test_a_language_scope_or_a_kind_is_no_place():
    assert split_area("fix(rust): Don't hang on X") == ("", "Don't hang on X")
    assert split_area("depr(python): Deprecate `Expr.rechunk()`")[0] == ""
    assert split_area("depr: Deprecate x")[0] == ""
    assert split_area("fix(mlx): thing") == ("mlx", "thing")  # a component stays a place


def test_code_alternatives_globs_steps_and_short_options_are_said():
    said, verb = clause("Don't hang or crash on `sqrt`/`cbrt`/`pct_change`/`ewm_*` with a "
                        "Struct column", "past")
    assert verb and said == ("stopped hanging or crashing on sqrt, cbrt, pct change, and ewm "
                             "with a Struct column")
    assert for_ear("null values in `rolling_*_by`") == "null values in rolling by"
    assert speakable("did seek/read/seek/truncate on every phase") == \
        "did seek, read, seek and truncate on every phase"
    assert for_ear("an unparsable file to -c") == "an unparsable file to dash c"


def test_breaks_and_deprecations_are_found_and_said_in_the_focus(tmp_path):
    digest, ep = _episode(tmp_path)
    kinds = {(f.kind, f.sha) for f in find_findings(digest.commits)}
    by_title = {c.title: c.sha for c in digest.commits}
    config = by_title["Validate the config-file option"]
    assert ("break", config) in kinds  # its own words, and its release-notes fragment
    focus = next(seg for seg in ep.segments if seg.id == "focus").text
    assert "It is breaking for invocations that passed an unparsable file to dash c" in focus
    assert "Amber S deprecated Expr rechunk:" in focus
    # the title's whole claim, not the bare name; the advice said once
    assert "Amber S deprecated struct rename fields with an incorrect number of fields:" in focus
    assert focus.count("now is the time to move off it") == 1
    assert focus.count("the same goes for that") == 1
    assert "rust module" not in " ".join(seg.text for seg in ep.segments)


def test_a_conventional_breaking_marker_or_fragment_alone_is_a_break():
    from studio.digest.model import CommitInfo
    from studio.editorial.findings import commit_findings
    from studio.sources.model import FileChange

    def commit(title: str, paths: list[str]) -> CommitInfo:
        return CommitInfo(sha="b" * 40, title=title, raw_title=title, author="Ann",
                          author_login="", author_email="a@example.com",
                          committed_at="2026-08-04T10:00:00+00:00", body="",
                          changes=[FileChange(p, 30, 0) for p in paths])

    assert [f.kind for f in commit_findings(commit("feat!: drop the old reader",
                                                   ["src/io.py"]))] == ["break"]
    assert [f.kind for f in commit_findings(commit("Rework the loader",
                                                   ["src/io.py", "changelog/12.removal.rst"]))] \
        == ["removal"]
    # numpy's doc/release/upcoming_changes/: "compatibility" is its word for a break
    assert [f.kind for f in commit_findings(commit(
        "MAINT: rework the loader", ["numpy/io.py",
                                     "doc/release/upcoming_changes/29000.compatibility.rst"]))] \
        == ["break"]


def test_two_fixes_that_share_only_what_went_wrong_are_no_series():
    from studio.editorial.topics import words

    a = words("fix: Fix projection pushdown incorrect select height")
    b = words("fix: Fix assertion error or incorrect data load from parquet written by fastparquet")
    assert not (a & b) - {"fix"}, a & b


def test_one_persons_improvements_to_different_things_share_no_subject():
    from studio.editorial.topics import words
    from studio.script.editor.naming import _doing

    assert not words("chore: Improve backtrace path formatting") & \
        words("feat: Improve error in Series constructor with name in context")
    assert _doing("Do not remove nested caches") == "not removing nested caches"
    assert _doing("Infer conv dimensionality") == "inferring conv dimensionality"


def test_prevent_from_and_a_fragment_only_deprecation_are_said():
    from studio.script.editor.naming import noun_phrase

    assert noun_phrase("Prevent sub-commands from accepting --version (#14231)") == \
        "sub-commands that no longer accept the version flag"


def test_a_change_the_release_notes_call_a_deprecation_is_in_the_focus(tmp_path):
    path = tmp_path / "tester.git"
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/tester.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={"src/a.py": code_lines(5)})
        r.commit(squash("Extend instance method fixture deprecation to all higher scopes", 601),
                 at(DAY, 9), "Freya B", "freya@example.com", **GH,
                 files={"src/fixtures.py": code_lines(12), "changelog/601.deprecation.rst": "x\n",
                        "testing/test_deprecated.py": code_lines(50)})
    day = pull_git(path, dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    ep = write_script(build_digest(day, profile), profile)
    focus = next(seg for seg in ep.segments if seg.id == "focus").text
    assert "Freya B extended instance method fixture deprecation to all higher scopes, and the " \
        "release notes list it as a deprecation" in focus, focus


def test_the_summary_says_what_the_day_brings_and_a_mass_noun_takes_no_article(tmp_path):
    from studio.script.editor.naming import noun_phrase

    _, ep = _episode(tmp_path)
    assert "It also brings" not in ep.summary  # ("It" pointed at a person's change)
    assert "The day also brings" in ep.summary, ep.summary
    assert noun_phrase("Avoid chunk fragmentation on bool agg") == \
        "a fix for chunk fragmentation on bool agg"
    assert noun_phrase("Avoid deadlock when scheduling") == "a fix for a deadlock when scheduling"


def test_a_title_that_says_how_the_software_behaves_has_the_software_as_its_subject(tmp_path):
    from studio.script.editor.behaviour import behaviour

    assert behaviour("fix: Raise on overflow in Decimal sum instead of silently wrapping") == \
        "now raises on overflow in Decimal sum instead of silently wrapping"
    assert behaviour("fix(rust): Don't hang or crash on `sqrt`/`cbrt` with a Struct column") == \
        "no longer hangs or crashes on sqrt and cbrt with a Struct column"
    assert behaviour("Avoid resolving every PATH entry in the warning") == \
        "no longer resolves every PATH entry in the warning"
    assert behaviour("Avoid chunk fragmentation on bool agg") == \
        "now avoids chunk fragmentation on bool agg"
    assert behaviour("Add struct.drop()") == ""  # an addition is the author's
    _, ep = _episode(tmp_path)
    text = " ".join(seg.text for seg in ep.segments)
    assert "n a change from Kevin P, Frames no longer hangs or crashes on sqrt, cbrt, and ewm" \
        in text, text
    assert "Kevin P stopped hanging" not in text


def test_one_liners_that_open_alike_are_varied_and_one_persons_joined():
    from studio.script.editor.also_today import _varied

    said = _varied([("In a change from Ann, Frames now skips X", ["a"]),
                    ("In a change from Ann, Frames now accepts Y", ["b"]),
                    ("In a change from Bob, Frames no longer hangs", ["c"])])
    assert said == [("In a change from Ann, Frames now skips X, and now accepts Y", ["a", "b"]),
                    ("From Bob, Frames no longer hangs", ["c"])]



def test_the_demo_days_rollbacks_speak_no_autorevert_boilerplate_and_no_line_twice():
    # `make demo`'s day: two auto-reverts whose message is the bot's own boilerplate
    from studio.demo import sample_day_path
    from studio.sources.model import load_day

    day = load_day(sample_day_path())
    profile = profile_for(day.repo)
    ep = write_script(build_digest(day, profile), profile)
    rollbacks = next(seg for seg in ep.segments if seg.id == "rollbacks")
    assert "autorevert:disable" not in rollbacks.text, rollbacks.text
    assert "to avoid this behaviour" not in rollbacks.text
    said = [s.text for s in rollbacks.sentences]
    assert len(said) == len(set(said)), said
    assert "The auto-revert took that one out too." in said
