"""A day whose stories explain nothing still says why, when a chore's author did: pytorch/ao
2026-07-30, where the only explaining text was in the CODEOWNERS change ("to prepare to turn
on requiring a CODEOWNERS review before merge")."""

from __future__ import annotations

from day_fixtures import at, change, commit, digest_of

from studio.profile import profile_for


def write_script(digest, profile, writer=None, minutes=None):
    """These tests hold the rule-based StoryWriter (kept: the editor writer tells rollbacks
    and the day's numbers with its parts) to its own behaviour, named explicitly now that the
    default writer is the editor writer (tests/test_editor_writer.py)."""
    from studio.script.story import StoryWriter
    from studio.script.writer import write_script as _write

    return _write(digest, profile, writer or StoryWriter(minutes), minutes)


OWNERS = ("Summary:\n\nUpdating CODEOWNERS with recent changes and to prepare to turn on\n"
          "requiring a CODEOWNERS review before merge.\n\nTest Plan: none")
WHY = ("Updating CODEOWNERS with recent changes and to prepare to turn on requiring a "
       "CODEOWNERS review before merge.")


def _day(explained: bool):
    body = "Deleting it halves the nightly CI time, which the benchmarks no longer need." \
        if explained else "Update\n\n[ghstack-poisoned]"
    commits = [
        commit("micro", "delete the microbenchmarking system (#4642)", at(9),
               [change("benchmarks/micro/run.py", 0, 900, "deleted"),
                change("torchao/utils/bench.py", 0, 420)], author="Vasiliy Kuznetsov",
               body=body),
        commit("tma", "mxfp8: use versioned TMA lookup with CUDA 13 (#4653)", at(10),
               [change("torchao/prototype/mx_formats/kernels.py", 30, 10)], author="Luca W"),
        commit("nan", "mxfp8: make RCEIL NaN handling CSE-friendly (#4654)", at(11),
               [change("torchao/prototype/mx_formats/cast.py", 12, 4)], author="Luca W"),
        commit("ws", "Clear cuBLAS workspaces at pytest teardown (#4651)", at(12),
               [change("torchao/testing/utils.py", 8, 0)], author="Vasiliy Kuznetsov"),
        commit("owners", "update CODEOWNERS (#4662)", at(13), [change("CODEOWNERS", 10, 4)],
               author="Vasiliy Kuznetsov", body=OWNERS),
        commit("ci", "fix h100 sparse CI (#4661)", at(14),
               [change(".github/workflows/h100.yml", 2, 2)], author="Vasiliy Kuznetsov"),
        commit("rocm", "Route ROCm regression CI to MI350 runners (#4621)", at(15),
               [change(".github/workflows/regression_test_rocm.yml", 1, 1)], author="Faa D"),
    ]
    d = digest_of(commits, repo="pytorch/ao")
    return write_script(d, profile_for("pytorch/ao"))


def _chores(ep):
    return next(s for s in ep.segments if s.id == "housekeeping")


def test_the_chore_that_says_why_is_told_when_nothing_else_explains():
    chores = _chores(_day(explained=False))
    assert WHY in [s.text for s in chores.sentences]
    assert len(chores.sentences) <= 3


def test_a_day_that_explains_keeps_its_chores_to_one_line():
    ep = _day(explained=True)
    assert "halves the nightly CI time" in " ".join(s.text for s in ep.segments)
    assert len(_chores(ep).sentences) == 1
