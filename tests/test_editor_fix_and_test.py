"""The story writer on what round 24's new days showed (uv 2026-08-12, numpy 2026-08-07, ruff
2026-08-09): a test is upkeep wherever it lives, a fix and the regression test for the same
issue are one story told through the fix, the person behind the automation is named, a command
in backticks is said, and a titles-only change is told by its files."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gitrepo import GH_COMMITTER, RepoBuilder, at, code_lines, squash

from studio.digest.build import build_digest
from studio.digest.significance import assess
from studio.editorial.plan import plan_episode
from studio.profile import profile_for
from studio.script.editor.code_names import too_much_code
from studio.script.editor.ear import for_ear
from studio.script.speakable import speakable
from studio.script.writer import write_script
from studio.sources.gitlocal import pull_git

DAY = "2026-08-12"
GH = {"committer": GH_COMMITTER[0], "committer_email": GH_COMMITTER[1]}
BOT = ("widget-automations-bot[bot]", "bot@users.noreply.github.com")
CO = "\n\nCo-authored-by: Zanie Blue <zanie@example.com>"

TEST_BODY = """`PYTHONEXECUTABLE` changes the interpreter metadata reported for a requested
executable, but the interpreter cache currently ignores that override. Reproduce the
resulting cache pollution with `widget find`: after the override is removed, looking up the
same executable still returns the overridden interpreter.""" + CO

FIX_BODY = """`PYTHONEXECUTABLE` and `__PYVENV_LAUNCHER__` can change the executable reported
by an interpreter, but metadata was cached using only the paths of the requested executable.
Include both launcher overrides in the cache key so metadata from one launcher context cannot
be reused in another. See octo/widgets#201.""" + CO

TEST_FIX_BODY = """The existing cache invalidation test never caches anything. Point the
fixture at the mock executable and assert that metadata is cached. This only strengthens
existing coverage and does not change production behavior.""" + CO


def _day(tmp_path: Path) -> Path:
    path = tmp_path / "widgets.git"
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/widgets.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={"src/a.py": code_lines(5)})
        r.commit(squash("Add regression test for widgets#201", 210, TEST_BODY), at(DAY, 8),
                 *BOT, **GH, files={"tests/test_find.py": code_lines(36)})
        r.commit(squash("Fix interpreter cache invalidation test", 211, TEST_FIX_BODY),
                 at(DAY, 9), *BOT, **GH, files={"src/interpreter.py": code_lines(30)})
        r.commit(squash("Account for launcher overrides in interpreter cache keys", 212,
                        FIX_BODY), at(DAY, 10), *BOT, **GH,
                 files={"src/interpreter.py": code_lines(41), "tests/test_find.py": code_lines(38)})
        r.commit(squash("Shape-typing for `np.unique`", 213), at(DAY, 11), "Joren H",
                 "joren@example.com", **GH,
                 files={"pkg/_arraysetops.pyi": code_lines(630), "tests/reveal/sets.pyi": code_lines(104)})
    return path


def _episode(path: Path):
    day = pull_git(path, dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    digest = build_digest(day, profile)
    return digest, write_script(digest, profile)


def test_a_change_whose_object_is_a_test_is_upkeep_wherever_the_test_lives(tmp_path):
    digest, _ = _episode(_day(tmp_path))
    by_title = {c.title: c for c in digest.commits}
    fixed_test = by_title["Fix interpreter cache invalidation test"]
    assert fixed_test.changes[0].path == "src/interpreter.py"  # a test inside a source file
    assert assess(fixed_test).housekeeping == "tests"
    assert assess(by_title["Account for launcher overrides in interpreter cache keys"]) \
        .housekeeping == ""


def test_a_fix_and_the_regression_test_for_its_issue_are_one_story_of_the_fix(tmp_path):
    digest, ep = _episode(_day(tmp_path))
    plan = plan_episode(digest)
    head = plan.stories[0]
    assert head.kind == "fix"
    assert [c.title for c in head.commits] == [
        "Account for launcher overrides in interpreter cache keys",
        "Add regression test for widgets#201"]
    story = next(seg for seg in ep.segments if seg.id.startswith("story"))
    assert story.title == "Launcher overrides in interpreter cache keys"
    text = story.text
    # the symptom as the regression test states it, then the fix, then the test in a line
    assert text.index("Until now") < text.index("Today,") < text.index("cache key") < \
        text.index("A regression test for issue 201 that reproduces the bug landed with it")
    assert "regression test for widgets" not in ep.title.lower()


def test_the_person_behind_the_automations_commits_is_named(tmp_path):
    _, ep = _episode(_day(tmp_path))
    welcome = ep.segments[0].text
    assert "from automation" in welcome and "all of them written with Zanie Blue" in welcome
    story = next(seg for seg in ep.segments if seg.id.startswith("story"))
    assert "Today, Zanie Blue and the project's automation accounted for" in story.text


def test_a_titles_only_change_is_told_by_its_files(tmp_path):
    _, ep = _episode(_day(tmp_path))
    text = " ".join(seg.text for seg in ep.segments)
    assert "It changes only the type stubs and their tests, about 730 lines, so what the code " \
        "does when it runs stays the same" in text


def test_a_command_or_dot_folder_in_backticks_is_said_not_skipped():
    raw = ("`uv lock` fails when `.venv` is a non-empty directory without a Python "
           "executable, even though locking only needs an interpreter.")
    assert not too_much_code(raw)
    assert not too_much_code("Run `git push` after `cargo build`.")
    assert too_much_code("Set `TOKIO_WORKER_THREADS` before `Runtime::new`.")
    # a path or a build target in code is never said ("This breaks every fbcode consumer of
    # //executorch/exir/passes:lib", heard in the 40-day bench)
    assert too_much_code("This breaks every consumer of `//executorch/exir/passes:lib`.")
    assert too_much_code("Since `exir/passes/BUCK` uses explicit `srcs` lists, it fails.")
    assert for_ear("uv lock fails when .venv is a non-empty directory") == \
        "uv lock fails when the dot venv folder is a non-empty directory"
    assert speakable("delete the .venv folder") == "delete the dot venv folder"
    assert speakable("pick up .coveragerc") == "pick up the coveragerc file"  # a dot file


def test_a_problem_told_in_the_present_becomes_what_no_longer_happens():
    from studio.script.editor.naming import noun_phrase
    from studio.script.editor.no_longer import no_longer

    assert no_longer("uv lock fails when the dot venv folder is a non-empty directory.") == \
        "uv lock no longer fails when the dot venv folder is a non-empty directory"
    assert no_longer("and then fails inside the convolution rule.") == ""  # mid-clause
    assert no_longer("uv lock fails when the folder is empty, even though locking only needs "
                     "an interpreter.") == "uv lock no longer fails when the folder is empty"
    assert no_longer("Tests fail on Windows.") == ""  # (a plural subject: not "no longer fail")
    assert noun_phrase("Account for launcher overrides in interpreter cache keys") == \
        "launcher overrides in interpreter cache keys"


def test_a_titles_only_change_names_the_modules_it_touches():
    from studio.digest.model import CommitInfo
    from studio.script.editor.footprint import footprint
    from studio.sources.model import FileChange

    def change(paths: dict[str, int]) -> CommitInfo:
        return CommitInfo(sha="a" * 40, title="Introduce micro-optimizations",
                          raw_title="Introduce micro-optimizations", author="David",
                          author_login="", author_email="d@example.com",
                          committed_at="2026-08-04T10:00:00+00:00", body="",
                          changes=[FileChange(p, n, 0) for p, n in paths.items()])

    three = change({"pkg/_internal/_config.py": 83, "pkg/_internal/_fields.py": 33,
                    "pkg/_internal/_generate_schema.py": 41})
    assert footprint(three, 2) == ("It touches the config, fields, and generate schema "
                                   "modules, about 160 lines in all")
    # one module named says nothing; a record that explains itself is told from its words
    assert footprint(change({"crates/ty/src/main.rs": 24}), 2) == ""
    assert footprint(three, 40) == ""


def test_a_person_and_the_automation_are_one_subject_said_once():
    from studio.script.editor.also_today import _one_name_each

    said = _one_name_each([("Zanie Blue and the project's automation initialized the cache",
                            ["a"]),
                           ("Zanie Blue and the project's automation preserved the output",
                            ["b"])])
    assert said == [("Zanie Blue and the project's automation initialized the cache and "
                     "preserved the output", ["a", "b"])]
