"""A day of a project that writes release notes (pytest 2026-05-24's shape): the changes its
users were given a note for lead, a private helper dropped is no removal to warn of, and the
story writer says a note's "This can …" as the change's."""

from __future__ import annotations

import datetime as dt

from gitrepo import RepoBuilder, at, squash

from studio.digest.build import build_digest
from studio.editorial.findings import find_findings
from studio.editorial.plan import plan_episode
from studio.editorial.record import CommitRecord, Paragraph
from studio.profile import profile_for
from studio.script.editor.clauses import clause
from studio.script.editor.sentences import lines
from studio.sources.gitlocal import pull_git

DAY = dt.date(2026, 5, 24)
REFACTOR = ("``_is_numpy_array`` was a thin wrapper around ``_as_numpy_array`` with a single "
            "caller in ``approx``, and the caller then converted the value again.\n\n"
            "Inline the check with a walrus assignment so the conversion runs once, and drop "
            "``_is_numpy_array`` since the only caller is gone.")
JUNIT = ("Fixes the case where a test passing but failing during teardown would make the "
         "``tests`` attribute of the testsuite report the wrong number of test elements.")


def day_of(tmp_path, notes: bool):
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-05-20"), files={"src/a.py": "x = 0\n"})
        for i, title in enumerate(["Avoid calling ``_as_numpy_array`` twice in ``approx``",
                                   "Use match case in ``RaisesGroup._parse_excgroup``",
                                   "Use match case in ``_get_auto_indent``"]):
            repo.commit(squash(title, 500 + i, REFACTOR), at("2026-05-24", 8 + i),
                        author="Pierre Sassoulas", email="pierre@example.com",
                        files={"src/python_api.py": f"x = {i}\n" * (40 + i)})
        files = {"src/junitxml.py": "y = 1\n" * 12, "testing/test_junitxml.py": "z = 1\n" * 18}
        if notes:
            files["changelog/3850.bugfix.rst"] = (
                "Fixed JUnit XML report: the tests attribute of the testsuite element now "
                "always matches the number of testcase elements in the file.\n")
        repo.commit(squash("Fix junitxml count for teardown errors", 510, JUNIT),
                    at("2026-05-24", 12), author="Puneet Dixit", email="puneet@example.com",
                    files=files)
    day = pull_git(tmp_path / "repo", DAY, tz="UTC", branch="main")
    return build_digest(day, profile_for(day.repo, None, project="pytest"))


def test_the_change_with_a_release_note_leads_a_day_of_notes(tmp_path):
    d = day_of(tmp_path, notes=True)
    plan = plan_episode(d)
    assert [c.title for c in plan.stories[0].commits] == [
        "Fix junitxml count for teardown errors"]


def test_a_private_helper_dropped_is_no_removal(tmp_path):
    d = day_of(tmp_path, notes=False)
    assert not [f for f in find_findings(d.commits) if f.kind in ("removal", "rename")]


def test_a_notes_this_is_the_change_and_a_verb_after_and_agrees():
    record = CommitRecord("x", "reduce gc passes", (Paragraph((
        "PyPy retains 5 passes due to object resurrection.",
        "This can noticeably speed up test suites that trigger many pytester runs."),
        "notes"),))
    assert "The change can noticeably speed up test suites that trigger many pytester runs." \
        in [x.said for x in lines(record)]
    record = CommitRecord("x", "t", (Paragraph((
        "Besides the fix, improved `run_and_parse` to ensure this invariant for all tests.",),
        ""),))
    assert lines(record) == []
    assert clause("Use pathlib and follow symlinks for script on PATH check")[0] == \
        "used pathlib and followed symlinks for script on PATH check"
    assert clause("Add read and write locks")[0] == "added read and write locks"


def test_a_new_warning_or_refusal_of_users_code_is_a_change_in_behaviour(tmp_path):
    from studio.editorial.impact import impact

    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-07-20"), files={"src/a.py": "x = 0\n"})
        for i, title in enumerate(["Warn when fixtures get wrapped with a decorator",
                                   "Reject implicit option destination conflicts",
                                   "Warning filter cleanup"]):
            repo.commit(squash(title, 600 + i, "A fixture wrapped by a decorator was silently "
                               "ignored, and a test using it ran without it."),
                        at("2026-07-22", 8 + i), author="Ronny Pfannschmidt",
                        email="ronny@example.com", files={"src/a.py": f"x = {i}\n" * 30})
    day = pull_git(tmp_path / "repo", dt.date(2026, 7, 22), tz="UTC", branch="main")
    d = build_digest(day, profile_for(day.repo, None, project="pytest"))
    kinds = {c.title: impact(c, find_findings(d.commits)) for c in d.commits}
    assert kinds["Warn when fixtures get wrapped with a decorator"] == "behaviour"
    assert kinds["Reject implicit option destination conflicts"] == "behaviour"
    assert kinds["Warning filter cleanup"] != "behaviour"


def test_numpys_kinds_its_expired_plugin_and_its_doubled_names(tmp_path):
    from studio.editorial.titles import split_area, without_kind
    from studio.editorial.topics import words
    from studio.script.editor.ear import for_ear
    from studio.script.editor.naming import short

    assert split_area("DEP/TYP: Remove mypy plugin (deprecated since 2.3) (#31931)") == (
        "", "Remove mypy plugin (deprecated since 2.3)")
    assert without_kind("BUG: respect pathsep for f2py include paths") == \
        "respect pathsep for f2py include paths"
    assert "bug" not in words("BUG: support PathLike paths in DataSource methods")
    assert for_ear("The `numpy.typing.mypy_plugin` mypy plugin did not affect type-safety.") \
        == "The numpy typing mypy plugin did not affect type-safety."
    assert for_ear("f2py handles separators in ``--include-paths``.") == \
        "f2py handles separators in the include paths flag."
    assert short("removal of mypy plugin (deprecated since 2.3) for everyone who used it", 5) \
        == "removal of mypy plugin"

    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-07-08"), files={"numpy/a.py": "x = 0\n"})
        repo.commit(squash("DEP/TYP: Remove mypy plugin (deprecated since 2.3)", 31931,
                           "The plugin has been deprecated since 2.3."), at("2026-07-09", 8),
                    author="Joren Hammudoglu", email="joren@example.com", files={
                        "numpy/typing/mypy_plugin.py": "",
                        "doc/release/upcoming_changes/31931.expired.rst":
                            "The ``numpy.typing.mypy_plugin`` mypy plugin (deprecated since "
                            "NumPy 2.3) did not affect type-safety and has been removed.\n"})
        repo.commit(squash("BUG: support PathLike paths in DataSource methods", 31906,
                           "DataSource methods now accept os.PathLike paths."),
                    at("2026-07-09", 9), author="VectorPeak", email="vp@example.com",
                    files={"numpy/lib/_datasource.py": "y = 1\n" * 20})
    day = pull_git(tmp_path / "repo", dt.date(2026, 7, 9), tz="UTC", branch="main")
    d = build_digest(day, profile_for(day.repo, None, project="numpy"))
    from studio.editorial.impact import impact

    found = find_findings(d.commits)
    assert [f.kind for f in found] == ["removal"]  # the users' plugin, though "mypy" is named
    bug = next(c for c in d.commits if "PathLike" in c.title)
    assert impact(bug, found) == "fix"


def test_two_pull_requests_of_one_person_are_not_called_a_series(tmp_path):
    from studio.script.writer import write_script

    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-07-08"), files={"numpy/a.py": "x = 0\n"})
        for i, (title, body) in enumerate([
                ("BUG: support PathLike paths in DataSource methods",
                 "DataSource methods failed on os.PathLike paths and now accept them."),
                ("BUG: respect pathsep for DataSource include paths",
                 "Include paths with Windows drive letters were split at the wrong colon.")]):
            repo.commit(squash(title, 31906 + i, body), at("2026-07-09", 8 + i),
                        author="VectorPeak", email="vp@example.com",
                        files={"numpy/lib/_datasource.py": f"y = {i}\n" * 30})
            repo.commit(squash(f"MAINT: tidy the build scripts {i}", 31920 + i),
                        at("2026-07-09", 8 + i, 30), author="Ann Lee", email="ann@example.com",
                        files={"tools/build.py": f"z = {i}\n"})
    day = pull_git(tmp_path / "repo", dt.date(2026, 7, 9), tz="UTC", branch="main")
    profile = profile_for(day.repo, None, project="numpy")
    text = " ".join(s.text for s in write_script(build_digest(day, profile), profile).segments)
    assert "same series" not in text


def test_pytests_release_notes_are_told_as_sentences_about_the_change():
    from studio.script.editor.note_said import note_sentence

    assert note_sentence(
        "Fixed JUnit XML report: the `tests` attribute of the `<testsuite>` element now always "
        "matches the number of `<testcase>` elements in the file.") == (
        "In the JUnit XML report, the tests attribute of the testsuite element now always "
        "matches the number of testcase elements in the file.")
    assert note_sentence("Reduced the default number of `gc.collect()` passes from 5 to 1.") \
        == "The change reduces the default number of `gc.collect()` passes from 5 to 1."
    record = CommitRecord("x", "reduce gc_collect_harder default to 1 on CPython", (Paragraph((
        "Reduced the default number of `gc.collect()` passes in the `unraisableexception` "
        "plugin from 5 to 1 on CPython, where reference counting makes a single pass "
        "sufficient.",), "notes"),))
    assert [x.said for x in lines(record)] == [
        "The change reduces the default number of gc collect passes in the unraisableexception "
        "plugin from 5 to 1 on CPython, where reference counting makes a single pass sufficient."]


def test_the_notes_fuller_sentence_is_the_lead(tmp_path):
    from studio.script.writer import write_script

    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-05-20"), files={"src/a.py": "x = 0\n"})
        repo.commit(squash("reduce gc_collect_harder default to 1 on CPython", 700),
                    at("2026-05-24", 9), author="Mike Fiedler", email="mf@example.com", files={
                        "src/_pytest/unraisableexception.py": "x = 1\n" * 5,
                        "changelog/700.improvement.rst":
                            "Reduced the default number of ``gc.collect()`` passes in the "
                            "``unraisableexception`` plugin from 5 to 1 on CPython, where "
                            "reference counting makes a single pass sufficient.\n"})
    day = pull_git(tmp_path / "repo", DAY, tz="UTC", branch="main")
    profile = profile_for(day.repo, None, project="pytest")
    text = " ".join(s.text for s in write_script(build_digest(day, profile), profile).segments)
    assert "Mike Fiedler reduced the default number of gc collect passes in the " \
        "unraisableexception plugin from 5 to 1 on CPython" in text, text
    assert "The change reduces" not in text


def test_changes_the_project_wrote_no_note_for_give_listeners_nothing_to_act_on(tmp_path):
    from studio.script.writer import write_script

    d = day_of(tmp_path, notes=True)
    profile = profile_for("repo", None, project="pytest")
    text = " ".join(s.text for s in write_script(d, profile).segments)
    assert "three related changes are on main" not in text


def test_a_changelog_entry_alone_still_tells_users_what_they_lose(tmp_path):
    """mypy 2026-07-13: "Changelog entry for macOS x86 wheels" only adds to CHANGELOG.md,
    which is upkeep, but its entry says "No longer provide mypyc-accelerated wheels for macOS
    x86_64 mypyc-wheels #119." A platform dropped: a finding, told in words."""
    from studio.script.editor.note_said import note_sentence
    from studio.sources.release_notes import clean_note

    assert clean_note("- No longer provide mypyc-accelerated wheels for macOS x86_64 "
                      "mypyc-wheels #119.") == \
        "No longer provide mypyc-accelerated wheels for macOS x86_64."
    assert note_sentence("No longer provide mypyc-accelerated wheels for macOS x86_64.") == \
        "The project no longer provides mypyc-accelerated wheels for macOS x86_64."
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-07-12"), files={"CHANGELOG.md": "# Changelog\n\n## Next\n"})
        repo.commit(squash("Changelog entry for macOS x86 wheels", 21715), at("2026-07-13", 9),
                    author="Shantanu", email="s@example.com", files={
                        "CHANGELOG.md": "# Changelog\n\n## Next\n\n- No longer provide "
                                        "mypyc-accelerated wheels for macOS x86_64 "
                                        "mypyc-wheels #119.\n"})
    day = pull_git(tmp_path / "repo", dt.date(2026, 7, 13), tz="UTC", branch="main")
    d = build_digest(day, profile_for(day.repo, None, project="mypy"))
    assert d.commits[0].housekeeping
    assert [f.kind for f in find_findings(d.commits)] == ["platform"]
