"""The digest: reverts paired with originals, relands, stacks, themes and the day's numbers."""

from __future__ import annotations

import datetime as dt

import pytest
from gitrepo import (
    AUTOREVERT,
    GH_COMMITTER,
    PT_BOT,
    RepoBuilder,
    at,
    gh_revert,
    plain_revert,
    pt_landed,
    pt_revert,
    squash,
)

from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.sources.gitlocal import pull_git

DAY = "2026-04-04"
BOT, BOT_MAIL = PT_BOT


def _land(r, title, pr, who, when, files, **kw):
    mail = who.lower().replace(" ", ".") + "@example.com"
    return r.commit(pt_landed(title, pr, **kw), when, who, mail, committer=BOT,
                    committer_email=BOT_MAIL, files=files)


def _revert(r, title, pr, sha, by, reason, when):
    return r.commit(pt_revert(title, pr, sha, by, reason), when, BOT, BOT_MAIL, files=["v.txt"])


@pytest.fixture(scope="module")
def pytorch_digest(tmp_path_factory):
    path = tmp_path_factory.mktemp("pt") / "pytorch"
    s = {}
    with RepoBuilder(path, origin="https://github.com/pytorch/pytorch.git") as r:
        s["spirv"] = _land(r, "[ROCm] Add SPIRV support", 500, "Devi Raman", at("2026-04-01"),
                           ["aten/src/ATen/hip/spirv.cpp"])
        s["old"] = _land(r, "[Dynamo] Implement PyObject_Size semantics", 501, "Guil Leo",
                         at("2026-03-30"), ["torch/_dynamo/variables/base.py"])
        s["old_revert"] = _revert(r, "[Dynamo] Implement PyObject_Size semantics", 501,
                                  s["old"], "pytorch-auto-revert", AUTOREVERT, at("2026-03-31"))
        s["y"] = _land(r, "Speed up foreach kernels", 502, "Yan Wu", at("2026-03-28"),
                       ["aten/src/ATen/native/ForeachOps.cpp"])
        s["y_revert"] = _revert(r, "Speed up foreach kernels", 502, s["y"], "someone",
                                "broke trunk", at("2026-03-29"))
        # the day itself
        s["x"] = _land(r, "[FSDP2] Share code between fully_shard paths", 600, "Fay Lee",
                       at(DAY, 1), ["torch/distributed/fsdp/_fully_shard.py"] * 1)
        s["x_revert"] = _revert(r, "[FSDP2] Share code between fully_shard paths", 600, s["x"],
                                "pytorch-auto-revert", AUTOREVERT, at(DAY, 2))
        s["spirv_revert"] = _revert(r, "[ROCm] Add SPIRV support", 500, s["spirv"], "jwitt",
                                    "breaking internal builds", at(DAY, 3))
        s["reland_title"] = _land(r, "[Reland] [Dynamo] Implement PyObject_Size semantics", 610,
                                  "Guil Leo", at(DAY, 4), ["torch/_dynamo/variables/base.py"])
        s["reland_rr"] = r.commit(
            f'Revert "Revert "Speed up foreach kernels (#502)""\n\nThis reverts commit '
            f'{s["y_revert"]}.\n', at(DAY, 5), "Yan Wu", "yan.wu@example.com")
        for i in range(3):
            s[f"stack{i}"] = _land(r, f"[vmap] Unify batching rule part {i}", 620 + i,
                                   "Bo Hn", at(DAY, 6, i), [f"torch/_higher_order_ops/b{i}.py"],
                                   ghstack=[620 + j for j in range(i)])
        s["series1"] = _land(r, "[XPU][8/N] Add GEMM template", 640, "Xin Lin", at(DAY, 7),
                             ["torch/_inductor/codegen/xpu/gemm.py"])
        s["series2"] = _land(r, "[XPU][9/N] Add CUTLASS kernel generation", 650, "Xin Lin",
                             at(DAY, 8), ["torch/_inductor/codegen/xpu/cutlass.py"])
        s["run1"] = _land(r, "[MPS] Add bitwise ops", 660, "Mo Pal", at(DAY, 9),
                          ["aten/src/ATen/native/mps/Bitwise.mm"])
        s["run2"] = _land(r, "[MPS] Add shift ops", 662, "Mo Pal", at(DAY, 10),
                          ["aten/src/ATen/native/mps/Shift.mm"])
        s["docs"] = _land(r, "Fix typo in the serialization docs", 670, "Ann Doc", at(DAY, 11),
                          ["docs/source/notes/serialization.rst"],
                          body="Co-authored-by: Second Person <second@example.com>")
        s["cuda"] = _land(r, "Reject allocations over the memory fraction early", 680, "Jo Su",
                          at(DAY, 12), ["c10/cuda/CUDACachingAllocator.cpp"])
        s["bot"] = r.commit("Update pinned commits\n", at(DAY, 13), "PyTorch UpdateBot",
                            "pytorchupdatebot@users.noreply.github.com",
                            files=[".github/ci_commit_pins/xla.txt"])
        s["tomorrow"] = _land(r, "Tomorrow's work", 699, "Fay Lee", at("2026-04-05", 1), ["a"])
    day = pull_git(path, dt.date.fromisoformat(DAY))
    return build_digest(day, profile_for(day.repo)), s


def test_pytorch_numbers(pytorch_digest):
    d, _ = pytorch_digest
    assert d.show == "PyTorch" and d.repo == "pytorch/pytorch"
    assert d.stats.commits == 15
    assert d.stats.reverts == 2
    assert d.stats.relands == 2
    # humans only: the merge bot and the update bot are not authors
    assert d.stats.authors == 8
    assert "PyTorch UpdateBot" not in d.stats.author_names


def test_reverts_paired_with_originals(pytorch_digest):
    d, s = pytorch_digest
    by_sha = {r.sha: r for r in d.reverts}
    auto = by_sha[s["x_revert"]]
    assert auto.reverted_sha == s["x"] and auto.same_day
    assert auto.original_author == "Fay Lee"
    assert auto.automatic and auto.reverted_by == "pytorch-auto-revert"
    assert auto.reverted_title == "Share code between fully_shard paths"
    human = by_sha[s["spirv_revert"]]
    assert human.reverted_sha == s["spirv"] and not human.same_day  # from the look-back window
    assert human.original_author == "Devi Raman" and human.reverted_by == "jwitt"
    assert human.reason == "breaking internal builds" and not human.automatic
    assert human.reverted_pr == 500


def test_relands(pytorch_digest):
    d, s = pytorch_digest
    by_sha = {r.sha: r for r in d.relands}
    rr = by_sha[s["reland_rr"]]
    assert rr.how == "revert-of-revert"
    assert rr.original_sha == s["y"] and rr.revert_sha == s["y_revert"]
    assert rr.author == "Yan Wu"
    titled = by_sha[s["reland_title"]]
    assert titled.how == "title" and titled.original_sha == s["old"]
    assert titled.revert_sha == s["old_revert"]


def test_stacks_and_series(pytorch_digest):
    d, s = pytorch_digest
    kinds = {st.kind: st for st in d.stacks}
    assert kinds["ghstack"].prs == [620, 621, 622] and kinds["ghstack"].contiguous
    assert kinds["series"].shas == [s["series1"], s["series2"]]
    assert kinds["run"].prs == [660, 662] and kinds["run"].author == "Mo Pal"
    # a reverted commit is not a win, and stack members are told in their stack
    told = {c.sha for g in d.groups for c in g.commits}
    assert s["x"] not in told and s["stack0"] not in told
    assert s["cuda"] in told and s["docs"] in told


def test_themes(pytorch_digest):
    d, s = pytorch_digest
    by_sha = {c.sha: c for c in d.commits}
    assert by_sha[s["series2"]].theme == "xpu"  # title tag
    assert by_sha[s["cuda"]].theme == "cuda"  # path
    assert by_sha[s["docs"]].theme == "docs"
    assert by_sha[s["docs"]].co_authors == ["Second Person"]
    groups = [g.group for g in d.groups]
    assert groups[-1] == "housekeeping"
    hw = next(g for g in d.groups if g.group == "hardware backends")
    assert s["cuda"] in {c.sha for c in hw.commits}


@pytest.fixture(scope="module")
def squash_digest(tmp_path_factory):
    path = tmp_path_factory.mktemp("sq") / "widgets"
    s = {}
    gh, gh_mail = GH_COMMITTER
    with RepoBuilder(path, origin="https://github.com/octo/widgets") as r:
        def land(title, pr, who, when, files=None):
            return r.commit(squash(title, pr), when, who, f"{who.split()[0].lower()}@ex.com",
                            committer=gh, committer_email=gh_mail, files=files)
        s["a"] = land("Add the widget cache", 10, "Ada Byron", at("2026-04-02"))
        s["b"] = land("Fix a crash on empty input", 11, "Bob Ross", at(DAY, 9))
        s["a_revert"] = r.commit(gh_revert("Add the widget cache", 10, 12,
                                           reason="It doubled memory use."),
                                 at(DAY, 10), "Cy Young", "cy@ex.com", committer=gh,
                                 committer_email=gh_mail)
        s["c"] = land("Add retries to the uploader", 13, "Ada Byron", at(DAY, 11))
        s["c_revert"] = r.commit(plain_revert("Add retries to the uploader (#13)", s["c"],
                                              "Reason: flaky on Windows"),
                                 at(DAY, 12), "Bob Ross", "bob@ex.com")
        s["dep"] = r.commit(squash("Bump lodash from 4.17.20 to 4.17.21", 14), at(DAY, 13),
                            "dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com",
                            committer=gh, committer_email=gh_mail)
    day = pull_git(path, dt.date.fromisoformat(DAY))
    return build_digest(day, profile_for(day.repo)), s


def test_squash_merge_reverts(squash_digest):
    d, s = squash_digest
    assert d.show == "Widgets"
    assert d.stats.commits == 5 and d.stats.reverts == 2 and d.stats.relands == 0
    assert d.stats.authors == 3  # Ada, Bob, Cy; dependabot is a bot
    by_sha = {r.sha: r for r in d.reverts}
    button = by_sha[s["a_revert"]]
    assert button.reverted_sha == s["a"] and button.reverted_pr == 10
    assert button.original_author == "Ada Byron" and button.reverted_by == "Cy Young"
    assert button.reason == "It doubled memory use." and not button.automatic
    plain = by_sha[s["c_revert"]]
    assert plain.reverted_sha == s["c"] and plain.same_day
    assert plain.reason == "flaky on Windows" and plain.reverted_by == "Bob Ross"
    pr_of = {c.sha: c.pr for c in d.commits}
    assert pr_of[s["a_revert"]] == 12  # the revert's own PR, not the reverted one
    assert d.url_for(next(c for c in d.commits if c.sha == s["b"])) == \
        "https://github.com/octo/widgets/pull/11"


def test_a_pr_renamed_after_it_merged_does_not_change_the_title_told():
    """GitHub gives the PR's title beside the commit's; a clone has only the commit's. The
    commit's title is told either way, so both pulls tell one story."""
    from studio.digest.build import commit_info
    from studio.sources.model import Commit

    commit = Commit(sha="a" * 40, title="Fix the widget cache (#5)", body="", author_name="Ann",
                    author_email="ann@example.com", committed_at="2026-02-09T10:00:00+00:00",
                    pr_title="Widget: renamed after merge")
    profile = profile_for("example/widgets")
    assert commit_info(commit, profile, True).title == "Fix the widget cache"
    empty = Commit(sha="b" * 40, title="", body="", author_name="Ann",
                   author_email="ann@example.com", committed_at="2026-02-09T10:00:00+00:00",
                   pr_title="Speed up the widget cache (#6)")
    assert commit_info(empty, profile, True).title == "Speed up the widget cache"
