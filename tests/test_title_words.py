"""Titles and record sentences of pytest 2026-07-22, as the story writer says them: an issue
number before the title, a verb with a prefix, an identifier subject before "now", a clause
whose colon opens its own list."""

from __future__ import annotations

from studio.digest.messages import parse_message
from studio.editorial.record import CommitRecord, Paragraph
from studio.script.editor.clauses import base_verb, clause
from studio.script.editor.sentences import lines
from studio.script.editor.telling import subject_verb


def test_an_issue_number_before_the_title_is_left_to_the_tracker():
    assert parse_message("fix #13564 - warn when fixtures get wrapped with a decorator (#13745)",
                         "").clean_title == "Warn when fixtures get wrapped with a decorator"
    assert parse_message("Fix #88: crash on empty input", "").clean_title == \
        "Fix crash on empty input"
    assert parse_message("Fix the #1 bug", "").clean_title == "Fix the #1 bug"


def test_a_verb_with_a_prefix_is_a_verb():
    assert base_verb("deduplicate") and base_verb("unpin") and not base_verb("dependency")
    assert clause("deduplicate Directory nodes on re-collection")[1]


def test_an_identifier_before_now_is_the_subject():
    assert subject_verb("rm rf now handles directories without exec permission") == \
        "the rm rf now handles directories without exec permission"


def test_a_clause_whose_colon_opens_a_list_is_not_said_cut_off():
    record = CommitRecord("x", "Warn when fixtures get wrapped", (Paragraph((
        "This refactors the wrapped fixture detection logic to safely handle:",
        "objects with self-referential attributes and mock objects."), ""),))
    assert not any("to safely handle." in x.said for x in lines(record))


def test_pip_2026_07_14s_record_said_as_a_host_says_it():
    from studio.script.editor.ear import for_ear
    from studio.script.editor.imperatives import imperative_as_change
    from studio.script.editor.sentences import adapt

    assert for_ear("The SSLVerificationError can't tell") == \
        "The SSL Verification Error can't tell"
    assert adapt("IMPORTANT: this only handles previously uncaught network errors.")[0] == \
        "The change only handles previously uncaught network errors."
    said = adapt("The package finder silently discards a package source if the request "
                 "failed, which IMO is bad user UX.")[0]
    assert "IMO" not in said and said.endswith("if the request failed.")
    record = CommitRecord("x", "Add five diagnostic connection errors", (
        Paragraph(("ConnectionFailedError",), ""), Paragraph(("SSLMissingError",), ""),
        Paragraph(("The first one is the most generic of the bunch.",
                   "The other four are a lot better, although still rather vague."), "")))
    from studio.script.editor.choosing import choose

    assert not any("first one" in x for x in choose(record, 80, record.title))  # (its list
    # was not said)
    assert imperative_as_change("Speedup tab autocompletion by lazy-importing modules.") == \
        "The change speeds up tab autocompletion by lazy-importing modules."


def test_an_unnamed_headline_leaves_no_teaser_of_the_second_story(tmp_path):
    import datetime as dt

    from gitrepo import RepoBuilder, at, squash

    from studio.digest.build import build_digest
    from studio.profile import profile_for
    from studio.script.writer import write_script
    from studio.sources.gitlocal import pull_git

    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-06-12"), files={"src/a.py": "x = 0\n"})
        repo.commit(squash("Avoid importing build env modules during autocompletion", 11,
                           "Tab completion was slow: it imported the whole build environment "
                           "module for one helper, which now lives in a small module.\n\n"
                           "Completion no longer loads the build environment at all."),
                    at("2026-06-13", 9), author="Daniel Hollas", email="dh@example.com",
                    files={"src/completion.py": "x = 1\n" * 40})
        repo.commit(squash("Add a quiet option to pip list", 12, "Users asked for a way to "
                           "list packages without the header, for scripts that parse it."),
                    at("2026-06-13", 10),
                    author="Nate Prewitt", email="np@example.com",
                    files={"src/commands/list.py": "y = 1\n" * 20})
        for i in range(3):
            repo.commit(squash(f"Fix typo in docs page {i}", 20 + i), at("2026-06-13", 11 + i),
                        author="Ann Lee", email="ann@example.com", files={"docs/a.md": f"{i}\n"})
    day = pull_git(tmp_path / "repo", dt.date(2026, 6, 13), tz="UTC", branch="main")
    profile = profile_for(day.repo, None, project="pip")
    episode = write_script(build_digest(day, profile), profile)
    assert "autocompletion" in episode.segments[1].text  # the headline opens the show
    assert "On the show today: a quiet option" not in episode.segments[0].text


def test_an_update_to_a_version_is_named_by_the_thing_and_its_version():
    from studio.script.editor.naming import noun_phrase

    assert noun_phrase("Update vendored Requests to 2.34.2") == "vendored Requests 2.34.2"
    assert noun_phrase("Update the docs") == "an update to the docs"


def test_a_title_without_its_article_is_said_with_one():
    assert clause("Fix junitxml count for teardown errors")[0] == \
        "fixed the junitxml count for teardown errors"
    assert clause("Add Examples section to the guide")[0] == \
        "added an Examples section to the guide"
    assert clause("Fix Windows path handling")[0] == "fixed Windows path handling"


def test_forty_days_of_pip_pytest_and_numpy_said_as_a_host_says_them():
    """bench/bench_script.py on pip, pytest and numpy, 40 days each: the titles and marks it
    found read out as written."""
    from studio.editorial.titles import split_area
    from studio.script.editor.ear import for_ear

    assert parse_message("BUG: #31993: Return FAIL if the converter is called (#31996)",
                         "").clean_title == "BUG: Return FAIL if the converter is called"
    facts = parse_message("Merge pull request #14754, handle infinite relative tolerance", "")
    assert (facts.clean_title, facts.pr) == ("handle infinite relative tolerance", 14754)
    assert split_area("MAINT, DEV: Delete legacy C coverage") == ("", "Delete legacy C coverage")
    assert for_ear("It splits the outer key on `.`, so it works.") == \
        "It splits the outer key on a dot, so it works."
    assert for_ear("a virtual environment to be be used") == \
        "a virtual environment to be used"


def test_calls_with_keywords_optional_plurals_and_lone_marks_are_said_in_words():
    from studio.script.editor.ear import for_ear

    assert for_ear("pip now rejects redirects to non-http(s) schemes.") == \
        "pip now rejects redirects to non-http or https schemes."
    assert for_ear("It avoids formatting for xfail(run=False).") == \
        "It avoids formatting for xfail with run set to False."
    assert for_ear("It accepts type expressions in addini(type=...).") == \
        "It accepts type expressions in addini's type argument."
    assert for_ear("It splits the outer key on ., so it works.") == \
        "It splits the outer key on a dot, so it works."
