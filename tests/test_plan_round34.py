"""The plan on round 34's days (uv 2026-08-20, pytest 2026-07-21): a display fix does not
lead a preview option and a resolver correctness fix; a change that makes a new default
leads its day."""

from __future__ import annotations

import datetime as dt

from gitrepo import RepoBuilder, at, squash

from studio.digest.build import build_digest
from studio.editorial.findings import find_findings
from studio.editorial.plan import plan_episode
from studio.profile import profile_for
from studio.sources.gitlocal import pull_git

HASHES = ("## Summary\n\n- Add an `artifact-hash-filtering` preview feature so `uv pip compile "
          "--generate-hashes` excludes source distribution hashes for `--only-binary`.\n")
EXTRAS = ("uv currently loses recursive self-constraints: If `project[outer]` includes "
          "`project[middle]`, and the `middle` extra requires `project[inner]>=2`, uv must "
          "honor the `>=2` requirement and not accept `project==1`.\n\nTo do this, we keep the "
          "recursive requirement around instead of discarding it.")
SIZES = ("Sizes at unit boundaries printed as 1024.0 KiB instead of 1.0 MiB; round before "
         "choosing the unit, and print sizes below 1024 bytes without a fractional part.")


def test_a_display_fix_follows_a_preview_option_and_a_correctness_fix(tmp_path):
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-08-19"), files={f"crates/f{i}.rs": "fn a() {}\n"
                                                       for i in range(3)})
        for i, (title, body, who) in enumerate([
                ("Fix human-readable size rounding at unit boundaries", SIZES, "Tomasz"),
                ("Respect binary policies in generated hashes", HASHES, "Ann"),
                ("Preserve transitive self-constraints in recursive extras", EXTRAS, "konsti")]):
            repo.commit(squash(title, 21200 + i, body), at("2026-08-20", 8 + i), author=who,
                        email=f"{who.lower()}@example.com",
                        files={f"crates/f{i}.rs": "fn b() {}\n" * 40})
    day = pull_git(tmp_path / "repo", dt.date(2026, 8, 20), tz="UTC", branch="main")
    d = build_digest(day, profile_for(day.repo, None, project="uv"))
    assert [f.kind for f in find_findings(d.commits)] == ["opt-in"]
    order = [s.commits[0].title for s in plan_episode(d).stories]
    assert order[-1] == "Fix human-readable size rounding at unit boundaries", order
    assert {s.kind for s in plan_episode(d).stories if "self-constraints" in
            s.commits[0].title} == {"fix"}


def test_a_change_that_makes_a_new_default_leads(tmp_path):
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-07-20"), files={"src/a.py": "x = 0\n"})
        for i, (title, body) in enumerate([
                ("Fix missing traceback source for code with cwd-relative filenames",
                 "The traceback showed no source lines when the file name was relative to "
                 "the working directory, and now it does."),
                ("Add policies for too long ids from a str and use short as default",
                 "Long string parameters made test IDs hard to read.")]):
            repo.commit(squash(title, 14700 + i, body), at("2026-07-21", 8 + i),
                        author="Ann Lee", email="ann@example.com",
                        files={f"src/m{i}.py": "y = 1\n" * 40})
    day = pull_git(tmp_path / "repo", dt.date(2026, 7, 21), tz="UTC", branch="main")
    d = build_digest(day, profile_for(day.repo, None, project="pytest"))
    assert plan_episode(d).stories[0].commits[0].title.startswith("Add policies for too long")


def test_a_docstring_fix_under_a_docs_kind_is_upkeep(tmp_path):
    """numpy 2026-07-22: "DOC: Fix full name of chebinterpolate in the Chebyshev.interpolate
    docstring." (one line of a source file) was planned as a story; a strong model left it
    out, and its whole draft was set aside for it."""
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-07-21"), files={"numpy/polynomial/chebyshev.py": "x\n"})
        repo.commit(squash("DOC: Fix full name of chebinterpolate in the docstring", 32058),
                    at("2026-07-22", 9), author="Warren", email="w@example.com",
                    files={"numpy/polynomial/chebyshev.py": "y\n"})
        repo.commit(squash("ENH: implement unwrap as a generalized ufunc", 31848,
                           "unwrap is now a generalized ufunc, faster on large inputs."),
                    at("2026-07-22", 10), author="Ann", email="ann@example.com",
                    files={"numpy/_core/unwrap.c": "int a;\n" * 80})
    day = pull_git(tmp_path / "repo", dt.date(2026, 7, 22), tz="UTC", branch="main")
    d = build_digest(day, profile_for(day.repo, None, project="numpy"))
    doc = next(c for c in d.commits if c.title.startswith("DOC"))
    assert doc.housekeeping
    assert all(doc not in s.commits for s in plan_episode(d).stories)


def test_a_rename_whose_old_name_stays_is_a_deprecation_not_a_break(tmp_path):
    """pytest 2026-07-23: "The private `_pytest.python.CallSpec2` name has been renamed to
    `CallSpec`. The old `CallSpec2` alias remains available for now and will be removed in
    pytest 10." led the day as its break, over a fix every user sees."""
    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-07-22"), files={"src/_pytest/python.py": "x\n"})
        repo.commit(squash("python: rename CallSpec2 -> CallSpec", 14742), at("2026-07-23", 9),
                    author="Ronny", email="r@example.com", files={
                        "src/_pytest/python.py": "y\n" * 20,
                        "changelog/14742.deprecation.rst":
                            "The private ``_pytest.python.CallSpec2`` name has been renamed to "
                            "``CallSpec``. The old ``CallSpec2`` alias remains available for "
                            "now and will be removed in pytest 10.\n"})
    day = pull_git(tmp_path / "repo", dt.date(2026, 7, 23), tz="UTC", branch="main")
    d = build_digest(day, profile_for(day.repo, None, project="pytest"))
    assert [f.kind for f in find_findings(d.commits)] == ["deprecation"]
