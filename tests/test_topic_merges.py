"""A maintainer's topic merges (git/git's shape): "Merge branch 'hn/branch-delete-merged'" with
the maintainer's paragraph and the "* topic:" list, release-notes batches and release cuts."""

from __future__ import annotations

import datetime as dt

import pytest
from gitrepo import RepoBuilder, at

from studio.digest.build import build_digest
from studio.digest.topic_merge import is_sync_merge, topic_merge
from studio.profile import profile_for
from studio.sources.gitlocal import pull_git


def write_script(digest, profile, writer=None, minutes=None):
    """These tests hold the rule-based StoryWriter (kept: the editor writer tells rollbacks
    and the day's numbers with its parts) to its own behaviour, named explicitly now that the
    default writer is the editor writer (tests/test_editor_writer.py)."""
    from studio.script.story import StoryWriter
    from studio.script.writer import write_script as _write

    return _write(digest, profile, writer or StoryWriter(minutes), minutes)


DAY, CUT = "2026-08-20", "2026-08-21"
JUNIO = ("Junio C Hamano", "gitster@pobox.com")
WHY = ("The 'git branch' command has been taught the '--delete-merged' option\nto remove local "
       "branches that are already merged into their tracked\nremote-tracking branches.")
LIST = ("* hn/branch-delete-merged:\n  branch: add --dry-run for --delete-merged\n"
        "  branch: add --delete-merged <pattern>\n")
README = ("[![CI](https://ex.com/b.svg)](https://ex.com)\n\nGit - fast, scalable, distributed "
          "revision control system\n==============================================\n\nGit is fast.\n")


def _c(lines: int) -> str:
    return "".join(f"int f{i}(void) {{ return {i}; }}\n" for i in range(lines))


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    path = tmp_path_factory.mktemp("gitgit") / "repo"
    r = RepoBuilder(path, bare=True, branch="master")
    r.commit("Initial\n", at("2026-08-01", 8), *JUNIO, files={
        "README.md": README, "Cargo.toml": '[package]\nname = "gitcore"\n[lib]\ncrate-type = ["staticlib"]\n',
        "builtin/branch.c": "int x;\n", "Documentation/RelNotes/2.56.0.adoc": "Git 2.56\n"})
    r.commit("branch: add --delete-merged <pattern>\n\nAdd an option that deletes local branches whose"
             " work is already merged\ninto their upstream, so that cleaning up after a release "
             "takes one command.\n\nSigned-off-by: Harald Nordgren <hn@ex.com>\n",
             at(DAY, 6), "Harald Nordgren", "hn@ex.com", branch="hn/branch-delete-merged",
             files={"builtin/branch.c": _c(400)})
    r.commit("branch: add --dry-run for --delete-merged\n\nSigned-off-by: Harald Nordgren "
             "<hn@ex.com>\n", at(DAY, 7), "Harald Nordgren", "hn@ex.com",
             branch="hn/branch-delete-merged", files={"builtin/branch.c": _c(420)})
    r.commit(f"Merge branch 'hn/branch-delete-merged'\n\n{WHY}\n\n{LIST}", at(DAY, 9), *JUNIO,
             merge="hn/branch-delete-merged", files={"builtin/branch.c": _c(420)})
    r.commit("The 16th batch\n\nSigned-off-by: Junio C Hamano <gitster@pobox.com>\n", at(DAY, 10),
             *JUNIO, files={"Documentation/RelNotes/2.56.0.adoc": "Git 2.56\n * --delete-merged\n"})
    r.commit("Git 2.56\n\nSigned-off-by: Junio C Hamano <gitster@pobox.com>\n", at(CUT, 9), *JUNIO,
             files={"Documentation/RelNotes/2.56.0.adoc": "Git 2.56 final\n",
                    "GIT-VERSION-GEN": "DEF_VER=v2.56.0\n"})
    r.close()
    return path


def _episode(path, day):
    d = pull_git(path, dt.date.fromisoformat(day), branch="master")
    profile = profile_for(d.repo)
    return build_digest(d, profile), write_script(build_digest(d, profile), profile)


def test_topic_merge_reads_branch_paragraph_and_parts():
    t = topic_merge("Merge branch 'hn/branch-delete-merged'", f"{WHY}\n\n{LIST}")
    assert t is not None and t.name == "branch delete merged" and t.into == ""
    assert t.paragraph == WHY and t.parts[1] == "branch: add --delete-merged <pattern>"
    assert topic_merge("Merge branch 'jk/fix' into maint-2.55", "").into == "maint-2.55"
    assert topic_merge("Merge branch 'tb/incremental-midx-part-3.3'").name == "incremental midx part 3.3"
    assert topic_merge("Merge branch 'ab/a.b_c'").name == "a b c"
    assert topic_merge("Merge branch 'maint'", "") is None and is_sync_merge("Merge branch 'maint'")
    assert is_sync_merge("Sync with Git 2.55.1") and not is_sync_merge("Merge branch 'kh/x'")


def test_the_topic_is_told_by_its_name_and_paragraph_never_its_branch_path(repo):
    digest, ep = _episode(repo, DAY)
    said = " ".join(s.text for seg in ep.segments for s in seg.sentences)
    assert "Branch Delete Merged" in ep.title
    assert "branch delete merged topic" in said
    assert "taught the '--delete-merged' option to remove local branches" in said
    for bad in ("hn and", "branch 'hn", "hn/", "* hn", "dry-run for"):
        assert bad not in said, bad


def test_a_bare_name_and_version_is_a_release_cut(repo):
    digest, ep = _episode(repo, CUT)
    cut = next(c for c in digest.commits if c.raw_title == "Git 2.56")
    assert cut.sig.kind == "release" and not cut.sig.housekeeping


def test_a_pull_from_a_subsystem_repository_is_named_by_it():
    from studio.digest.messages import parse_message
    from studio.script.speakable import spoken_title

    facts = parse_message("Merge branch 'master' of https://github.com/j6t/git-gui", "* 'master':\n  x\n")
    assert spoken_title(facts.clean_title) == "The latest from git-gui"
    tag = parse_message("Merge tag 'l10n-2.55.0-v1' of https://github.com/git-l10n/git-po", "")
    assert tag.clean_title == "the latest from git-po"


def test_a_deleted_vendored_c_subtree_is_no_module_to_move_away_from(tmp_path):
    r = RepoBuilder(tmp_path / "repo", bare=True, branch="master")
    r.commit("Initial\n", at("2026-05-01", 8), *JUNIO, files={
        "README.md": README, "compat/nedmalloc/malloc.c.h": _c(500),
        "compat/nedmalloc/nedmalloc.c": _c(400), "config.mak.uname": "X=1\n"})
    r.commit("mingw: remove the vendored compat/nedmalloc/ subtree\n\nNothing uses it any more.\n",
             at("2026-05-20", 6), "Johannes Schindelin", "js@ex.com", branch="js/mingw-no-nedmalloc",
             delete=["compat/nedmalloc/malloc.c.h", "compat/nedmalloc/nedmalloc.c"])
    r.commit("Merge branch 'js/mingw-no-nedmalloc'\n\nStop using unmaintained custom allocator in "
             "Windows build which was\nthe last user of the code.\n\n* js/mingw-no-nedmalloc:\n"
             "  mingw: remove the vendored compat/nedmalloc/ subtree\n", at("2026-05-20", 9), *JUNIO,
             merge="js/mingw-no-nedmalloc", delete=["compat/nedmalloc/malloc.c.h",
                                                    "compat/nedmalloc/nedmalloc.c"])
    r.close()
    _, ep = _episode(tmp_path / "repo", "2026-05-20")
    said = " ".join(s.text for seg in ep.segments for s in seg.sentences)
    assert "unmaintained custom allocator in Windows build" in said
    assert "compat" not in said and "if your code uses" not in said


def test_the_paragraphs_first_line_is_not_a_title_to_skip():
    from studio.digest.bodies import explain

    para = ("The 'git refs' toolbox has been extended with new 'create', 'delete',\n'update', and "
            "'rename' subcommands to create, delete, update, and\nrename references, respectively.")
    body = f"{para}\n\n* ps/refs-writing-subcommands:\n  builtin/refs: add \"rename\" subcommand\n"
    e = explain("Merge branch 'ps/refs-writing-subcommands'", body, body)
    assert e.sentences and e.sentences[0].startswith("The 'git refs' toolbox has been extended")


def test_a_topic_whose_paragraph_says_what_gets_the_why_from_its_commits():
    from studio.digest.bodies import explain

    para = "The Windows builds in GitLab CI have been weaned away from Chocolatey."
    body = f"{para}\n\n* ps/gitlab-ci-windows:\n  gitlab-ci: install dependencies without Chocolatey\n"
    branch = ["Indeed, whatever the job currently does there is just an accidental side effect of "
              "the old setup and nobody relies on it.\n",
              "Currently, this option is dynamically disabled if combined with a filter, even a "
              "simple one that would work.\n",
              "Previously such a line was treated as a comment rather than an invalid line in "
              "the todo list.\n",
              "The oidtree data structure is currently only used to store object IDs, without "
              "any associated data.\n",
              "Unfortunately, Chocolatey seems to be very unreliable, which causes the jobs to fail "
              "very regularly.\n\nInstall the dependencies with a script instead.\n"]
    e = explain("Merge branch 'ps/gitlab-ci-windows'", body, body, branch)
    assert e.sentences[0].startswith("Unfortunately, Chocolatey seems to be very unreliable")
    assert e.sentences[1] == para
    # a paragraph that already says what was wrong is told alone
    fixed = ("A racy build failure under Meson has been corrected by building the header first, "
             "which broke builds that compiled in parallel.\n\n* mg/meson-fix:\n  meson: x\n")
    e = explain("Merge branch 'mg/meson-fix'", fixed, fixed, branch)
    assert not any("Chocolatey" in s for s in e.sentences)
