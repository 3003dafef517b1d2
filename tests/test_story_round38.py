"""What the story writer tells of round 38's pytest day (2026-08-19, "Invalidate rewritten pyc
files by source hash"): a sentence that points back at the one before ("The option existed
because …", "Measured, it does not: …") follows it, a private name is the code's inside and is
not read out, and a bug the change also fixes ("Also fixes #13292, where …") is said as one.
The judges: "'The option existed because hashing was assumed …' refers to an option it never
introduced", "reads private code names aloud", "leaves out the stale-module bug fix"."""

from __future__ import annotations

import datetime as dt

from gitrepo import RepoBuilder, at, squash

from studio.digest.body_text import pieces
from studio.digest.build import build_digest
from studio.editorial.plan import plan_episode
from studio.editorial.record import clean_record
from studio.profile import profile_for
from studio.script.editor.behaviour import SHOW, program_of, told_as_behaviour
from studio.script.editor.choosing import choose
from studio.script.editor.clauses import clause
from studio.script.editor.ear import for_ear
from studio.script.editor.naming import short
from studio.script.editor.sentences import lines
from studio.script.editor.telling import one_line
from studio.script.words import a_or_an
from studio.script.writer import write_script
from studio.sources.gitlocal import pull_git

TITLE = "Invalidate rewritten pyc files by source hash"


def _digest(repo, date: str, project: str):
    """The day ``date`` of the built ``repo``, digested as the writers get it, and its
    profile."""
    day = pull_git(repo, dt.date.fromisoformat(date), tz="UTC", branch="main")
    profile = profile_for(day.repo, None, project=project)
    return build_digest(day, profile), profile
BODY = """Drop the --invalidation-mode option and write checked-hash pycs unconditionally.

The option existed because hashing was assumed to cost enough to want a timestamp fast path. \
Measured, it does not: reading the source and hashing it costs ~15us per file, against ~1.1ms \
for a cache hit that has to unmarshal the code object anyway.

With one format there is no reason to consult _imp.check_hash_based_pycs either. That is a \
private CPython attribute governing how the builtin import system treats hash based pycs.

Also fixes #13292, where an edit within one mtime second of the previous one was invisible to \
the timestamp comparison.
"""


def _lines():
    return {x.said.split(":")[0]: x for x in lines(clean_record("a" * 40, TITLE, BODY))}


def test_a_sentence_that_points_back_leans_on_the_one_before():
    got = _lines()
    assert got["The option existed because hashing was assumed to cost enough to want a "
               "timestamp fast path."].leans
    assert got["Measured, it does not"].leans
    # a definite noun the title says is no pointer back
    assert not got["The change drops the invalidation mode option and writes checked-hash "
                   "pycs unconditionally."].leans


def test_a_private_name_is_not_read_out_nor_what_leans_on_it():
    said = " ".join(choose(clean_record("a" * 40, TITLE, BODY), 400, TITLE))
    assert "check hash based pycs" not in said and "private CPython attribute" not in said
    # said only after what it points at
    assert said.index("invalidation mode option") < said.index("The option existed")


def test_a_bug_the_change_also_fixes_is_said():
    fixes = [x.said for x in lines(clean_record("a" * 40, TITLE, BODY))
             if "mtime second" in x.said]
    assert fixes == ["The change fixes a bug where an edit within one mtime second of the "
                     "previous one was invisible to the timestamp comparison."]


def test_a_title_led_by_code_then_its_verb_is_said_with_the_code_last():
    # numpy 2026-08-13: "led by np array fix incorrect inference by pyright for builtin
    # sequences" (a judge: "commit titles read aloud")
    assert clause("TYP: ``np.[as]array`` fix incorrect inference by pyright for builtin "
                  "sequences (#32279)") == (
        "fixed incorrect inference by pyright for builtin sequences in np array", True)
    assert clause("`bar` add the missing dtype") == ("added the missing dtype in bar", True)
    # a noun before a noun is no verb: said as it was
    assert clause("`foo` test cleanup work") == ("foo test cleanup work", False)
    assert clause("TYP: ``ndarray.argsort`` shape-typing") == (
        "shape-typing for ndarray argsort", False)


def test_one_persons_changes_of_one_kind_are_counted_as_that_kind(tmp_path):



    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-08-12"), files={"numpy/a.pyi": "x\n"})
        for n, what in enumerate(("argsort", "repeat", "compress")):
            repo.commit(squash(f"TYP: ``ndarray.{what}`` shape-typing", 300 + n),
                        at("2026-08-13", 10, 16 + 2 * n), author="Joren",
                        email="j@example.com", files={f"numpy/_{n}.pyi": "y\n"})
    plan = plan_episode(_digest(tmp_path / "repo", "2026-08-13", "numpy")[0])
    story = next(s for s in plan.stories + plan.briefly if len(s.commits) == 3)
    said, _shas = one_line(story)
    assert said.startswith("Joren landed three typing changes, led by "), said


NDITER = ("`numpy.nditer` and `numpy.nested_iters` now read flag names from Python strings "
          "instead of encoding them to ASCII first. Flags containing non-ASCII characters used "
          "to raise `UnicodeEncodeError`, but now raise `ValueError`, which makes it consistent "
          "with the error given for other unrecognized flag names.")


def test_a_release_notes_change_of_exception_is_told():
    """numpy 2026-08-13's nditer note: the judges wanted the UnicodeEncodeError → ValueError
    change; the story said only "improves error for non-ASCII nditer flags". Exception names
    are said as words by the ear, so they are no code read out; and "Flags containing …" is a
    noun, not "The change flags containing …"."""
    title = "MAINT: parse nditer flags as unicode directly"
    said = " ".join(choose(clean_record("a" * 40, title, "", notes=NDITER), 120, title))
    assert ("Flags containing non-ASCII characters used to raise a unicode encode error, but "
            "now raise a value error") in said


def test_the_article_follows_the_sound():
    assert [a_or_an(w) for w in ("unicode", "unique", "user", "one-line", "uninitialized",
                                 "undefined", "error", "order")] == \
        ["a", "a", "a", "a", "an", "an", "an", "an"]


def test_previously_the_points_back_at_what_named_it():
    body = ("StringDType partition accepts str separators. Previously the separator had to be "
            "a StringDType array itself.")
    got = {x.said: x.leans for x in lines(clean_record("a" * 40, "Add string semantics", body))}
    assert got["Previously the separator had to be a StringDType array itself."] is True


def test_commit_hashes_are_never_said_and_a_quoted_keyword_is_said_as_set():
    # the eighth session's read-aloud: "two git commit hashes read aloud character by
    # character"; "the TTS voice reads the literal module="warnings""
    assert for_ear("Raghuveer updated x86-simd-sort subproject (5adb334 to fa944ef).") == \
        "Raghuveer updated x86-simd-sort subproject."
    assert for_ear("Bump foo from a1b2c3d to 9f8e7d6.") == "Bump foo."
    assert for_ear("Zac fixed re-emitting warnings with module=\"warnings\".") == \
        "Zac fixed re-emitting warnings with module set to warnings."
    assert for_ear("It costs (1234567 bytes) and a decade.") == "It costs (1234567 bytes) and a decade."


def _pydantic_day(tmp_path):



    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-08-05"), files={"pydantic/version.py": "1\n",
                                                      "pydantic/main.py": "a\n"})
        repo.commit(squash("Add initial support for Python 3.15", 13587,
                           "Test on 3.15 and adjust the typing helpers."), at("2026-08-06", 9),
                    author="Victorien", email="v@example.com",
                    files={"pydantic/_internal/_typing_extra.py": "x\n" * 40})
        repo.commit(squash("Refactor model namespace inspection", 13596), at("2026-08-06", 10),
                    author="Victorien", email="v@example.com",
                    files={"pydantic/_internal/_model_construction.py": "y\n" * 200})
        repo.commit(squash("Bump PyO3 to 0.29.2", 13572), at("2026-08-06", 11),
                    author="David Hewitt", email="d@example.com",
                    files={"pydantic-core/Cargo.toml": "pyo3\n"})
        repo.commit(squash("Prepare release v2.14.0b1", 13597), at("2026-08-06", 12),
                    author="Victorien", email="v@example.com",
                    files={"pydantic/version.py": "2\n"})
    return _digest(tmp_path / "repo", "2026-08-06", "pydantic")


def test_two_smaller_changes_are_named_and_a_beta_is_the_time_to_try(tmp_path):
    """pydantic 2026-08-06 (round 38): "a 266-line refactor and the PyO3 bump become only 'two
    smaller changes, one of them a dependency update'"; "'Nothing in today's commits asks
    you to change your code' on a beta release day, with no suggestion to test the beta"."""

    d, profile = _pydantic_day(tmp_path)
    said = write_script(d, profile).transcript
    line = next(x for x in said.splitlines() if "smaller changes" in x)
    assert line.startswith("And two smaller changes: ")
    assert "Victorien refactored model namespace inspection" in line
    assert "David Hewitt bumped PyO3 to 0.29.2" in line
    assert "version 2.14.0b1 is a pre-release, the time to try your own code against what " \
           "the next release brings" in said


def test_an_imperative_before_a_plural_noun_and_how_is_no_statement():
    # the eighth session's read-aloud (mypy 2026-07-09): "Jukka Lehtosalo changed things so
    # that borrow final attributes more aggressively"
    assert clause("[mypyc] Borrow final attributes more aggressively") == (
        "borrowed final attributes more aggressively", True)
    assert clause("Build cache keeps entries")[0] == "changed things so that build cache " \
        "keeps entries"


def test_a_fuller_last_sentence_of_the_title_leads_said_once(tmp_path):
    """pip 2026-08-03 (the eighth session's read-aloud): "fixed a crash on invalid entry
    points. … The change fixes a crash when installing or uninstalling a distribution with an
    invalid entry point" (its release note, told last) was heard as a repeat."""



    body = ("Catch the ValueError and re-raise it as an InstallationError.\n\nStarting with "
            "Python 3.15, importlib.metadata also validates entry points while parsing, so the "
            "importlib backend needs the same handling.")
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-08-02"), files={"src/pip/metadata.py": "x\n"})
        repo.commit(squash("Fix crash on invalid entry points", 14300, body),
                    at("2026-08-03", 9), author="Youngkwang Yang", email="y@example.com",
                    files={"src/pip/metadata.py": "y\n" * 20,
                           "news/14300.bugfix.rst": "Fix a crash when installing or "
                           "uninstalling a distribution with an invalid entry point.\n"})
    said = write_script(*_digest(tmp_path / "repo", "2026-08-03", "pip")).transcript
    assert "Youngkwang Yang fixed a crash when installing or uninstalling a distribution " \
           "with an invalid entry point" in said
    assert said.count("invalid entry point") == 1, said


def test_a_change_tagged_with_another_program_of_the_repository_is_told_of_it():
    """ruff 2026-08-13 (round 39, both judges): "credits changes to Ruff that were made in
    ty"; "[ty] Avoid treating augmented assignments …" touches crates/ty_*."""

    ty = ["crates/ty_python_semantic/src/types.rs", "crates/ty_test/x.md"]
    assert program_of("[ty] Avoid treating augmented assignments", ty, "Ruff") == "ty"
    # a rule family Ruff implements is no other program: its files are Ruff's
    lint = ["crates/ruff_linter/src/rules/pyflakes/mod.rs"]
    assert program_of("[pyflakes] Report unused imports", lint, "Ruff") == ""
    shown = SHOW.set("Ruff")
    try:
        said = told_as_behaviour("Avoid treating augmented assignments as attribute "
                                 "definitions", "Charlie Marsh", ty,
                                 "[ty] Avoid treating augmented assignments as attribute "
                                 "definitions (#27633)")
    finally:
        SHOW.reset(shown)
    assert said == ("In a change from Charlie Marsh, ty no longer treats augmented "
                    "assignments as attribute definitions")


def test_a_name_is_not_cut_after_a_participle_in_ing():
    # uv 2026-08-16 (round 39): a segment titled "Not treating a URL ending"
    assert short("Do not treat a URL ending in py as a script path", 8) == \
        "Do not treat a URL ending in py as a script path"
    assert short("support for referencing indexes by name via --index", 8) == \
        "support for referencing indexes by name"


TABLE = """The star example is `uv sync --frozen` on a large project. Profiling builds, median of
60 runs, and the sync plan is byte-identical:

  | extras | activated items | wall | instructions |
  | ---: | ---: | ---: | ---: |
  | 40 | 61 | 53 → 42 ms | 428.2M → 264.0M |
  | 2 | 23 | 44 → 37 ms | 248.4M → 173.4M |

| name | what |
|---|---|
| a | b |
"""


def test_a_table_of_measurements_before_and_after_is_said_as_its_rows():
    """uv 2026-08-16 (round 39): a speed-up whose figures were only in a table was told by
    both writers without them ("never says what got faster"); any other table stays out."""
    said = [p.text for p in pieces(TABLE)]
    assert "With extras 40 and activated items 61: wall from 53 to 42 ms, instructions from " \
           "428.2M to 264.0M." in said
    assert not any("name" in x and "what" in x for x in said)
