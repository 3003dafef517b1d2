"""Rollbacks told whole: the reason as written (or none), the original's own words and date,
file claims from the revert's diff, and relands credited to whoever landed them again."""

from __future__ import annotations

from day_fixtures import DAY, at, change, commit, digest_of, sha_of
from gitrepo import pt_landed, pt_revert

from studio.digest.revert_reason import reason_from_body

ORIGINAL_BODY = (
    "* pt2e: preserve mutable buffer inputs during prepare\n\n"
    "Skip inserting observers on arg0 of mutating ops when that argument traces back\n"
    "to a named buffer. Arg0 is the tensor being mutated, so it must remain the\n"
    "original module buffer.\n\n"
    "Co-Authored-By: Tom Allsop <tom.allsop@arm.com>\n"
    "Signed-off-by: Måns Nilsson <mans.nilsson@arm.com>\n"
)
PREPARE = [change("torchao/quantization/pt2e/prepare.py", 48, 0),
           change("test/quantization/pt2e/test_quantize_pt2e.py", 52, 13)]


def _pt2e_history(with_original: bool = True):
    """PyTorch/ao's pt2e change: landed, reverted without a word, relanded three weeks later
    by its co-author (the revert in the look-back window)."""
    original = commit("orig", "pt2e: preserve mutable buffer inputs during prepare (#4466)",
                      at(14, date="2026-07-16"), PREPARE, author="Måns Nilsson",
                      body=ORIGINAL_BODY)
    revert = commit(
        "revert", 'Revert "pt2e: preserve mutable buffer inputs during prepare" (#4531)',
        at(14, date="2026-07-28"),
        [change("torchao/quantization/pt2e/prepare.py", 0, 48),
         change("test/quantization/pt2e/test_quantize_pt2e.py", 13, 52)],
        author="liangel-02", email="liangel@example.com",
        body='Revert "pt2e: preserve mutable buffer inputs during prepare (#4466)"\n\n'
             f"This reverts commit {sha_of('orig')}.\n")
    reland = commit(
        "reland", 'Revert "Revert "pt2e: preserve mutable buffer inputs during prepare""',
        at(5), PREPARE, author="Tom Allsop", email="tom.allsop@example.com",
        body="Differential Revision: D111939703\n\n"
             "Pull Request resolved: https://github.com/pytorch/ao/pull/4564\n")
    lookback = [revert, original] if with_original else [revert]
    return digest_of([reland], lookback=lookback, repo="pytorch/ao")


def test_a_reland_is_credited_to_its_author_and_linked_to_a_revert_three_weeks_back():
    d = _pt2e_history()
    [reland] = d.relands
    assert reland.sha == sha_of("reland") and reland.how == "revert-of-revert"
    assert reland.author == "Tom Allsop"  # who landed it again
    assert reland.original_author == "Måns Nilsson"
    assert reland.revert_sha == sha_of("revert")
    assert reland.revert_date.startswith("2026-07-28")
    assert reland.original_sha == sha_of("orig") and reland.original_date.startswith("2026-07-16")
    assert reland.reverted_by == "liangel-02" and reland.reason == ""
    assert d.stats.relands == 1
    assert d.commits[0].pr == 4564  # its own PR, from "Pull Request resolved"


def test_a_reland_whose_original_is_out_of_the_window_still_finds_its_revert():
    d = _pt2e_history(with_original=False)
    [reland] = d.relands
    assert reland.author == "Tom Allsop" and reland.revert_sha == sha_of("revert")
    assert reland.revert_date.startswith("2026-07-28")
    assert reland.title == "pt2e: preserve mutable buffer inputs during prepare"
    assert reland.original_date == "" and reland.original_author == ""


def test_reason_from_the_merge_bot_text():
    body = pt_revert(
        "[Inductor] Fuse pointwise epilogues", 5000, "a" * 40, "malfet",
        "Sorry, but this breaks ROCm builds, see [GH job link](https://github.com/pytorch/"
        "pytorch/actions/runs/1/job/2) [HUD commit link](https://hud.pytorch.org/pytorch/"
        "pytorch/commit/abc)")
    d = digest_of([
        commit("orig", "[Inductor] Fuse pointwise epilogues (#5000)", at(9),
               [change("torch/_inductor/scheduler.py", 120, 4)], author="Fay Lee",
               body="Fusing the epilogue saves one kernel launch per matmul."),
        commit("bot", "Revert \"[Inductor] Fuse pointwise epilogues (#5000)\"", at(11),
               [change("torch/_inductor/scheduler.py", 4, 120)], author="PyTorch MergeBot",
               email="pytorchmergebot@users.noreply.github.com",
               body=body.split("\n", 2)[2].replace("a" * 40, sha_of("orig"))),
    ], repo="pytorch/pytorch")
    [story] = d.reverts
    assert story.reason == "Sorry, but this breaks ROCm builds, see GH job link HUD commit link"
    assert story.reverted_by == "malfet" and story.original_author == "Fay Lee"
    assert story.original_body == "Fusing the epilogue saves one kernel launch per matmul."
    assert story.original_committed_at.startswith(f"{DAY}T09:00")
    assert story.committed_at.startswith(f"{DAY}T11:00")
    assert story.files == ["torch/_inductor/scheduler.py"] and story.original_files == 1


def test_no_reason_given_is_empty_never_the_title():
    d = _pt2e_history()
    revert_story = next(iter(d.reverts), None)
    assert revert_story is None  # the revert is in the look-back, not the day
    body = ('Revert "pt2e: preserve mutable buffer inputs during prepare (#4466)"\n\n'
            "This reverts commit 7987abedee2ca8a9e9825d93eb20bfb01f402f5d.\n")
    assert reason_from_body(body, "pt2e: preserve mutable buffer inputs during prepare") == ""
    d = digest_of([
        commit("o", "Add the widget cache (#10)", at(8), [change("src/cache.py", 90, 0)]),
        commit("r", 'Revert "Add the widget cache (#10)" (#12)', at(9),
               [change("src/cache.py", 0, 90), change("src/app.py", 2, 1)],
               body="Reverts octo/widgets#10\n", author="Cy Young"),
    ])
    [story] = d.reverts
    assert story.reason == "" and story.reverted_sha == sha_of("o")
    assert story.original_files == 2  # what the revert's diff touched


def test_reasons_as_written():
    sha = "7987abedee2ca8a9e9825d93eb20bfb01f402f5d"
    assert reason_from_body(f"This reverts commit {sha} because it broke the nightly build.\n") \
        == "it broke the nightly build."
    assert reason_from_body(f"This reverts commit {sha}.\n\nReason: flaky on Windows\n") \
        == "flaky on Windows"
    assert reason_from_body("Reverts pytorch/ao#4751\n\nBroke the diff train, reverting for "
                            "now.\n\nSigned-off-by: A <a@b.c>\n") \
        == "Broke the diff train, reverting for now."
    assert reason_from_body("* Revert \"X\"\n\n[ghstack-poisoned]\n\n* Update\n") == ""


def test_a_squash_merged_revert_takes_its_reason_from_the_pr_body():
    d = digest_of([
        commit("o", "Remove unused quantization API helpers (#4751)", at(8),
               [change("torchao/quantization/quant_api.py", 0, 26)]),
        commit("r", 'Revert "Remove unused quantization API helpers (#4751)" (#4822)', at(9),
               [change("torchao/quantization/quant_api.py", 26, 0)], author="Andrew Or",
               pr_body="Reverts pytorch/ao#4751\n\nBroke the diff train, reverting for now."),
    ], repo="pytorch/ao")
    [story] = d.reverts
    assert story.reason == "Broke the diff train, reverting for now."
    assert story.reverted_by == "Andrew Or" and story.reverted_pr == 4751


def test_a_bot_revert_commit_does_not_read_the_reverted_prs_body_as_its_reason():
    d = digest_of([
        commit("o", "Speed up foreach kernels (#502)", at(8),
               [change("aten/src/ATen/native/ForeachOps.cpp", 40, 3)]),
        commit("r", 'Revert "Speed up foreach kernels (#502)"', at(9),
               [change("aten/src/ATen/native/ForeachOps.cpp", 3, 40)],
               body=f"This reverts commit {sha_of('o')}.\n",
               pr_body=pt_landed("Speed up foreach kernels", 502, body="It is faster."),
               author="Yan Wu"),
    ], repo="pytorch/pytorch")
    assert d.reverts[0].reason == ""


def test_a_revert_reason_says_word_slash_word_in_words():
    from studio.script.story.rollbacks import _said_reason

    assert _said_reason("It broke the ROCm/HIP builds and the fwd/bwd parity check", []) == \
        "It broke the ROCm and HIP builds and the fwd and bwd parity check"


def test_a_revert_titled_without_quotes_is_a_rollback_however_its_body_names_it():
    """Three real days (executorch 2026-07-13, uv 2026-07-20 and 2026-08-05) told no rollback
    while a title said "Revert …": the body named what it took back in its own words, or
    not at all."""
    from studio.digest.messages import parse_revert

    by_sha = parse_revert(
        "Revert Conv3d portable convolution support (#20888)",
        "Summary:\n- Revert 636daf1547b54552f7eb4cd001aaf39f627f84e2, which added forward\n"
        "portable Conv3d support for contiguous 5D inputs in\naten::convolution.out.\n\n"
        "Testing:\n- git diff --check origin/main...HEAD\n")
    assert by_sha is not None and by_sha.reverted_sha.startswith("636daf15")
    assert by_sha.inner_title == "Conv3d portable convolution support"
    assert by_sha.reason == ""  # what the reverted change did is not why it went back
    by_pr = parse_revert(
        "Revert Windows NanoServer integration test (#20961)",
        "The Windows NanoServer integration test added in #18712 is failing on\n`main` "
        "because NanoServer does not support the Windows resource-update\nAPIs used to build "
        "Python launchers. Revert the test until the fix in\n#18713 is ready.\n\n"
        "Co-authored-by: Zanie Blue <contact@zanie.dev>\n")
    assert by_pr is not None and by_pr.reverted_pr == 18712 and by_pr.own_pr == 20961
    assert by_pr.reason.startswith("The Windows NanoServer integration test added in #18712 "
                                   "is failing") and "Zanie" not in by_pr.reason
    unnamed = parse_revert("Revert changes to workflows for 0.11.30 (#20563)",
                           "Restore the workflows so the release can be completed.")
    assert unnamed is not None and unnamed.reverted_pr is None and unnamed.reverted_sha == ""
    assert unnamed.reason == "Restore the workflows so the release can be completed."
    assert parse_revert("Reverse the order of checks (#3)", "") is None  # not a revert
