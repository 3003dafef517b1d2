"""The story writer on a day of tagged, thin records (as ruff 2026-08-09): a bracket tag is the
tool's name ("if you use ty"), one audience is addressed once, a record sentence that says the
title again with its figures takes the title's place, a sentence whose "how" is code is said
up to its "by", and "Avoid deadlock" is named as the fix it is."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gitrepo import GH_COMMITTER, RepoBuilder, at, code_lines, squash

from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.script.editor.naming import noun_phrase
from studio.script.writer import write_script
from studio.sources.gitlocal import pull_git

DAY = "2026-08-09"
GH = {"committer": GH_COMMITTER[0], "committer_email": GH_COMMITTER[1]}

SIZE_BODY = """## Summary

This PR reduces the size of `Expr` from 72 to 64 bytes by storing only the start offset on
`ExprCall` (64 to 56 bytes) and boxing the uncommon representation in `ExprStringLiteral` (64
to 48 bytes). Both changes are required to reduce the size of the containing `Expr` enum.
"""


def _episode(tmp_path: Path):
    path = tmp_path / "lint.git"
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/lint.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={"src/a.rs": code_lines(5)})
        r.commit(squash("[ty] Avoid deadlock when scheduling watch checks", 301), at(DAY, 8),
                 "Micha R", "micha@example.com", **GH, files={"crates/ty/src/main.rs": code_lines(20)})
        r.commit(squash("[ty] Add an opt-in `unsound-yield` lint", 302), at(DAY, 9), "Alex W",
                 "alex@example.com", **GH, files={"crates/ty/src/lint.rs": code_lines(500),
                                                 "crates/ty/tests/yield.rs": code_lines(400)})
        r.commit(squash("[ty] Reduce Expr size to 64 bytes", 303, SIZE_BODY), at(DAY, 10),
                 "Charlie M", "charlie@example.com", **GH,
                 files={f"crates/linter/src/rules/r{k}.rs": code_lines(6) for k in range(60)})
    day = pull_git(path, dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    return write_script(build_digest(day, profile), profile)


def test_a_bracket_tag_is_said_as_the_tools_name_and_one_audience_once(tmp_path):
    ep = _episode(tmp_path)
    focus = next(seg for seg in ep.segments if seg.id == "focus").text
    assert "ty module" not in focus
    assert focus.count("if you use ty") + focus.count("If you use ty") == 1, focus
    assert "deadlock" in focus


def test_a_sentence_with_the_titles_figures_takes_the_titles_place(tmp_path):
    text = " ".join(seg.text for seg in _episode(tmp_path).segments)
    assert "Charlie M reduced the size of Expr from 72 to 64 bytes." in text
    assert "reduced Expr size to 64 bytes" not in text
    assert "Both changes" not in text  # it leant on the "how" said in code, left out


def test_avoid_is_named_as_a_fix_unless_it_avoids_doing_something():
    assert noun_phrase("[ty] Avoid deadlock when scheduling watch checks") == \
        "a fix for a deadlock when scheduling watch checks"
    assert noun_phrase("Avoid replacing the JoinQueue waker").startswith("a change that")


XNN_BODY = """### Summary

Fixes #10965.

ATen lets `stride` be a single value that is broadcast over every spatial dim, so
`len(stride)` is not the convolution's dimensionality.

The backend infers dimensionality from the stride's length in three places, so a 2d conv
with a length-1 stride is mistaken for a 1d conv:

`Conv1dUnsqueezePass` skips a node unless `len(stride) == 1`, so it picked up the 2d conv.
That is the traceback in the issue.

The fix takes the dimensionality from the weight rank, which is unambiguous, and normalizes
`stride` and `dilation` in the node visitor. `_get_act_deps` moves to the same derivation.
"""


def test_a_record_mostly_code_still_tells_its_problem_and_fix():
    from studio.digest.model import CommitInfo
    from studio.editorial.record import commit_record
    from studio.script.editor.choosing import choose

    c = CommitInfo(sha="f" * 40, title="Infer conv dimensionality from the weight rank",
                   raw_title="Infer conv dimensionality from the weight rank", author="Aditya",
                   author_login="", author_email="a@example.com",
                   committed_at="2026-08-10T10:00:00+00:00", body=XNN_BODY)
    told = choose(commit_record(c), 120, c.title)
    # the problem a colon introduces, then "The fix …" after it (it leans on the problem,
    # told), its plain-word code spans said; never a sentence whose subject is an identifier
    assert told[0] == ("Until now, the backend inferred dimensionality from the stride's length "
                       "in three places, so a 2d conv with a length-1 stride was mistaken for a "
                       "1d conv.") or told[0].startswith("The backend infers dimensionality"), told
    assert any(x.startswith("The fix takes the dimensionality from the weight rank") and
               "normalizes stride and dilation" in x for x in told), told
    assert not any("act deps" in x for x in told), told


def test_one_persons_titles_on_one_subject_are_one_story_led_by_the_biggest(tmp_path):
    # numpy 2026-08-07: three of five titles are Joren's shape-typing work, records empty
    path = tmp_path / "arrays.git"
    with RepoBuilder(path, bare=True, origin="https://github.com/octo/arrays.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={"src/a.py": code_lines(5)})
        r.commit(squash("TYP: ``clip`` improved shape-typing and dtype propagation", 401),
                 at(DAY, 8), "Joren H", "joren@example.com", **GH,
                 files={"pkg/fromnumeric.pyi": code_lines(80), "tests/reveal/clip.pyi": code_lines(3)})
        r.commit(squash("TYP: ``isclose`` shape-typing fix for 2d array-likes", 402),
                 at(DAY, 9), "Joren H", "joren@example.com", **GH,
                 files={"pkg/numeric.pyi": code_lines(36), "tests/reveal/isclose.pyi": code_lines(4)})
        r.commit(squash("MAINT: Remove unused env variable in the wheel build", 403),
                 at(DAY, 10), "Greg B", "greg@example.com", **GH,
                 files={".github/workflows/wheels.yml": "x\n"})
        r.commit(squash("MAINT: Bump the deps group with 2 updates", 404), at(DAY, 11),
                 "dependabot[bot]", "bot@users.noreply.github.com", **GH,
                 files={"requirements/lint.txt": "y\n"})
        r.commit(squash("TYP: ``np.unique`` shape-typing", 405), at(DAY, 12), "Joren H",
                 "joren@example.com", **GH,
                 files={"pkg/arraysetops.pyi": code_lines(630), "tests/reveal/sets.pyi": code_lines(104)})
    day = pull_git(path, dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    ep = write_script(build_digest(day, profile), profile)
    stories = [seg for seg in ep.segments if seg.id.startswith("story")]
    assert len(stories) == 1, [s.title for s in stories]
    text = stories[0].text
    assert "three typing changes, led by shape-typing for np unique" in text, text
    assert "It changes only the type stubs and their tests, about 730 lines" in text
    assert "clip" in text and "isclose" in text
