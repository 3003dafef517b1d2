"""A default turned on for everyone is what listeners must know (issue 23's findings): "Make
--local-partial-types the default" and "Enable strict_bytes by default" are findings both
writers get, the day's headline before an internal change, told in the focus with what to
check said once; the commit documenting one is told through the change it documents."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gitrepo import GH_COMMITTER, RepoBuilder, at, code_lines, squash

from studio.digest.build import build_digest
from studio.editorial.findings import commit_findings
from studio.editorial.plan import plan_episode
from studio.profile import profile_for
from studio.script.editor.clauses import clause
from studio.script.editor.naming import noun_phrase
from studio.script.writer import write_script
from studio.sources.gitlocal import pull_git

DAY = "2026-04-20"
GH = {"committer": GH_COMMITTER[0], "committer_email": GH_COMMITTER[1]}

PARSE_BODY = """Right now we are only using parallel parsing during initial graph loading. This
PR allows using it when processing modules that are stale due to dependencies.

Implementation is a bit less trivial than I thought, because we need to extract the tree
de-serialization, which cannot run in parallel.
"""


def _defaults_day(path: Path) -> Path:
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/checker.git") as r:
        r.commit("Initial\n", at("2026-04-01"), files={"checker/a.py": code_lines(5)})
        r.commit(squash("Enable strict_bytes by default", 18371, "For version two."),
                 at(DAY, 5), "Shan Tanu", "shan@example.com", **GH,
                 files={"checker/options.py": code_lines(40), "tests/t_bytes.py": code_lines(30)})
        r.commit(squash("Make --local-partial-types the default", 21163), at(DAY, 6),
                 "Shan Tanu", "shan@example.com", **GH,
                 files={"checker/main.py": code_lines(16)})
        r.commit(squash("Use parallel parsing at all stages", 21266, PARSE_BODY), at(DAY, 7),
                 "Ivan Lev", "ivan@example.com", **GH,
                 files={"checker/build.py": code_lines(150), "checker/parse.py": code_lines(90)})
        r.commit(squash("Document that `--strict-bytes` is enabled by default", 21272,
                        "`--strict-bytes` was enabled by default in #18371."), at(DAY, 8),
                 "Jukka Lehto", "jukka@example.com", **GH,
                 files={"docs/options.rst": code_lines(20), "checker/main.py": code_lines(17)})
    return path


def _day(path: Path):
    day = pull_git(path, dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    return build_digest(day, profile), profile


def test_a_default_turned_on_is_a_finding_and_the_headline(tmp_path):
    d, profile = _day(_defaults_day(tmp_path / "c.git"))
    kinds = {c.title: [f.kind for f in commit_findings(c)] for c in d.commits}
    assert kinds["Enable strict_bytes by default"] == ["default"], kinds
    assert kinds["Make --local-partial-types the default"] == ["default"], kinds
    assert kinds["Use parallel parsing at all stages"] == [], kinds
    plan = plan_episode(d)
    assert "default" in plan.stories[0].commits[0].title, [s.commits for s in plan.stories]


def test_the_focus_tells_both_defaults_and_what_to_check_once(tmp_path):
    d, profile = _day(_defaults_day(tmp_path / "c.git"))
    ep = write_script(d, profile)
    focus = next(seg.text for seg in ep.segments if seg.id == "focus")
    assert "made the local partial types flag the default" in focus, focus
    assert "enabled strict bytes by default" in focus, focus
    assert focus.count("relied on") == 1 and "either old default" in focus, focus
    # the episode is named by the change, never "Documentation for that"
    assert "Documentation" not in ep.title and "default" in ep.title.lower(), ep.title


def test_a_flag_that_is_a_clauses_subject_is_said_as_one():
    assert clause("Document that `--strict-bytes` is enabled by default")[0] == \
        "documented that the strict bytes flag is enabled by default"
    assert noun_phrase("Document that --strict-bytes is enabled by default") == \
        "documentation saying that the strict bytes flag is enabled by default"
    assert noun_phrase("Enable strict_bytes by default") == "strict bytes on by default"


def test_a_step_never_says_another_steps_title_again(tmp_path):
    d, profile = _day(_defaults_day(tmp_path / "c.git"))
    ep = write_script(d, profile)
    text = " ".join(seg.text for seg in ep.segments if seg.id.startswith("story"))
    assert "was enabled by default in another change" not in text, text


def test_what_users_code_now_gets_is_a_story_not_a_line():
    from studio.digest.model import CommitInfo
    from studio.editorial.impact import impact

    def commit(title: str, body: str) -> CommitInfo:
        return CommitInfo(sha="b" * 40, title=title, raw_title=title, body=body, author="Jing",
                          author_login="jing", author_email="j@example.com",
                          committed_at="2026-07-08T10:00:00Z")

    changed = commit("Infer Coroutine for unannotated async defs",
                     "Add an extra check for unannotated async defs when checking function "
                     "type. `async def foo()` is now treated like `async def foo() -> Any`.")
    assert impact(changed, []) == "behaviour"
    same = commit("Tidy the async checks", "Move the async checks into one helper.")
    assert impact(same, []) in ("change", "housekeeping")


def test_code_statements_are_never_read_out():
    from studio.script.editor.code_names import too_much_code

    assert too_much_code("`async def foo()` is now treated like `async def foo() -> Any`.")
    assert not too_much_code("The `rechunk` parameter is deprecated.")
    assert noun_phrase("Allow ParamSpec in NamedTuple and TypedDict") == \
        "support for ParamSpec in NamedTuple and TypedDict"
