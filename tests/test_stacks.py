"""Stacks and series: ghstack lists kept only in PR bodies, [ghstack-poisoned], follow-ups,
and runs of one author's consecutive PRs on one module — never unrelated pairs."""

from __future__ import annotations

from day_fixtures import at, change, commit, digest_of, sha_of

from studio.digest.stacks import ghstack_list, linked_prs

ZAIN = dict(author="iamzainhuda", email="zain@example.com")

# PyTorch/ao's seven-PR deletion stack (Aug 7th), squash-merged: the commit messages lost
# everything but the titles; the stack is in the PR bodies.
SEVEN = [
    (4717, "Delete experimental custom Triton autotuner from torchao/kernel",
     [change("torchao/kernel/autotuner.py", 0, 255, "deleted")]),
    (4718, "Move int8 matmul kernels into the int8 workflow and drop them from public API",
     [change("torchao/quantization/int8_workflow.py", 60, 5)]),
    (4719, "Split blockwise fp8 kernels out of torchao/kernel into their consumers",
     [change("torchao/prototype/blockwise_fp8_inference/kernels.py", 300, 0, "added")]),
    (4720, "Delete torchao/_models (SAM/SAM2) and its orphaned consumers",
     [change("examples/sam2_amg_server/server.py", 0, 400, "deleted")]),
    (4721, "Remove dead consumers of deleted torchao/_models.llama and _eval",
     [change("benchmarks/quantized_training/pretrain_llama2.py", 0, 257, "deleted")]),
    (4722, "Remove model-release CI workflow and its scripts",
     [change(".github/workflows/release_models.yml", 0, 80, "deleted")]),
    (4723, "Delete prototype AutoRound quantization algorithm",
     [change("torchao/prototype/autoround/core.py", 0, 500, "deleted")]),
]


def _ghstack_body(prs: list[int], me: int) -> str:
    lines = ["Stack from [ghstack](https://github.com/ezyang/ghstack/tree/0.14.0) "
             "(oldest at bottom):"]
    lines += [f"* {'__->__ ' if n == me else ''}#{n}" for n in sorted(prs, reverse=True)]
    return "\n".join(lines) + "\n\nRemove code with no remaining references.\n"


def test_ghstack_list_and_links_are_read_from_text():
    assert ghstack_list(_ghstack_body([4726, 4727], 4726)) == [4727, 4726]
    assert ghstack_list("no stack here\n* #12") == []
    assert linked_prs("Follow up of #4751 to finish the job") == [4751]
    assert linked_prs("This is a follow-up to https://github.com/pytorch/ao/pull/4742.") == [4742]
    assert linked_prs("The already-merged cleanup in #4774 is part of the base.") == [4774]
    assert linked_prs("Fixes #12 and closes #13") == []
    assert linked_prs("This removes 26 lines.\n\nSplit from #4742.") == [4742]


def test_prs_split_from_one_parent_are_one_series():
    parts = [(4747, "Remove unused NF4 helper", "torchao/quantization/quantize_/workflows/nf4/t.py"),
             (4748, "Remove orphaned MX dispatch module", "torchao/prototype/mx_formats/mx_funcs.py"),
             (4749, "Remove unused FloatX quantization primitives",
              "torchao/quantization/quant_primitives.py")]
    d = digest_of([commit(f"x{n}", f"{t} (#{n})", at(9, i), [change(p, 0, 20)],
                          pr_body="## Summary\n\nThis removes 20 lines.\n\nSplit from #4742.\n",
                          **ZAIN)
                   for i, (n, t, p) in enumerate(parts)], repo="pytorch/ao")
    assert [s.prs for s in d.stacks] == [[4747, 4748, 4749]] and d.stacks[0].kind == "series"


def test_squash_merged_ghstack_known_only_from_pr_bodies_is_one_stack():
    prs = [n for n, _, _ in SEVEN]
    commits = [commit(f"s{n}", f"{title} (#{n})", at(9, i * 5), changes,
                      author="Vasiliy Kuznetsov", email="vkuzo@example.com",
                      pr_body=_ghstack_body(prs, n))
               for i, (n, title, changes) in enumerate(SEVEN)]
    d = digest_of(commits, repo="pytorch/ao")
    assert len(d.stacks) == 1
    stack = d.stacks[0]
    assert stack.kind == "ghstack" and stack.prs == prs and stack.contiguous
    assert stack.author == "Vasiliy Kuznetsov"


def test_ghstack_poisoned_prs_of_one_author_are_one_stack():
    commits = [commit(f"p{n}", f"{title} (#{n})", at(9, i * 5), changes,
                      author="Vasiliy Kuznetsov", email="vkuzo@example.com",
                      body="* Update\n\n[ghstack-poisoned]\n\n* Update\n\n[ghstack-poisoned]\n")
               for i, (n, title, changes) in enumerate(SEVEN[:3])]
    d = digest_of(commits, repo="pytorch/ao")
    assert [s.prs for s in d.stacks] == [[4717, 4718, 4719]]
    assert d.stacks[0].kind == "ghstack"


# the six deletions iamzainhuda landed on Aug 18th: no markers at all, one module
SIX = [
    (4769, "Delete broken SmoothQuant example",
     [change("torchao/prototype/smoothquant/README.md", 0, 16),
      change("torchao/prototype/smoothquant/example.py", 0, 309, "deleted")]),
    (4770, "Delete broken mixed-precision prototype",
     [change("torchao/prototype/quantization/mixed_precision/README.md", 0, 151, "deleted"),
      change("torchao/prototype/quantization/mixed_precision/__init__.py", 0, 0, "deleted"),
      change("torchao/prototype/quantization/mixed_precision/scripts/fit.py", 0, 151, "deleted"),
      change("torchao/prototype/quantization/mixed_precision/scripts/utils.py", 0, 167,
             "deleted")]),
    (4771, "Delete broken Llama PTQ data getter",
     [change("test/prototype/module_swap_quantization/test_llm_ptq_data_getter.py", 0, 35,
             "deleted"),
      change("torchao/prototype/quantization/module_swap/data_getters/__init__.py", 0, 4),
      change("torchao/prototype/quantization/module_swap/data_getters/llm_ptq_data_getter.py",
             0, 133, "deleted")]),
    (4772, "Delete unused NVFP4 filter",
     [change("torchao/prototype/mx_formats/inference_workflow.py", 0, 34)]),
    (4773, "Delete unused codebook utility APIs",
     [change("torchao/prototype/quantization/codebook_utils/__init__.py", 0, 8),
      change("torchao/prototype/quantization/codebook_utils/codebook_utils.py", 2, 448)]),
    (4774, "Delete broken ParetoQ eval launcher",
     [change("torchao/prototype/paretoq/2_run_eval.sh", 0, 38, "deleted")]),
]


def test_six_consecutive_prs_of_one_author_on_one_module_are_one_stack():
    commits = [commit(f"z{n}", f"{title} (#{n})", at(11, i), changes, **ZAIN)
               for i, (n, title, changes) in enumerate(SIX)]
    # someone else's work in between changes nothing
    commits.append(commit("other", "Fix RoundingModeKind with cutlass-dsl 4.6 (#4765)", at(12),
                          [change("torchao/prototype/mx_formats/kernels.py", 3, 3)],
                          author="Andrew Or"))
    d = digest_of(commits, repo="pytorch/ao")
    assert len(d.stacks) == 1
    stack = d.stacks[0]
    assert stack.prs == [4769, 4770, 4771, 4772, 4773, 4774] and stack.kind == "run"
    assert stack.module == "torchao/prototype"
    told = {c.sha for g in d.groups for c in g.commits}
    assert sha_of("other") in told and not told & set(stack.shas)


def test_two_unrelated_prs_of_one_author_are_not_a_stack():
    d = digest_of([
        commit("a", "Add float8 rowwise scaling config (#4801)", at(9),
               [change("torchao/float8/config.py", 40, 2)], **ZAIN),
        commit("b", "Document the sparsity workflow (#4802)", at(10),
               [change("docs/source/sparsity.rst", 80, 3)], **ZAIN),
        commit("c", "Speed up wanda pruning (#4803)", at(11),
               [change("torchao/sparsity/wanda.py", 30, 12)], **ZAIN),
    ], repo="pytorch/ao")
    assert d.stacks == []


def test_follow_ups_join_and_name_the_earlier_base():
    base = commit("base", "Delete broken ParetoQ eval launcher (#4774)",
                  at(11, date="2026-08-16"), SIX[5][2], **ZAIN)
    d = digest_of([
        commit("paretoq", "Delete unused ParetoQ prototype (#4795)", at(9),
               [change("torchao/prototype/paretoq/train.py", 0, 122, "deleted")],
               pr_body="The already-merged broken eval launcher cleanup in #4774 is part of "
                       "the base.", **ZAIN),
        commit("logger", "Delete unused quantization logger prototype (#4796)", at(9, 30),
               [change("torchao/prototype/quant_logger/quant_logger.py", 0, 281, "deleted")],
               **ZAIN),
        commit("helpers", "Remove unused quantization API helpers (#4751)", at(10),
               [change("torchao/quantization/quant_api.py", 0, 26)], **ZAIN),
        commit("more", "Remove the remaining helper imports (#4812)", at(11),
               [change("torchao/float8/float8_utils.py", 0, 6)],
               body="Follow up of #4751.", author="Andrew Or"),
    ], lookback=[base], repo="pytorch/ao")
    by_prs = {tuple(s.prs): s for s in d.stacks}
    assert (4751, 4812) in by_prs and by_prs[(4751, 4812)].kind == "series"
    # the two prototype deletions are one run, and it builds on #4774 from two days before
    assert by_prs[(4795, 4796)].kind == "run" and by_prs[(4795, 4796)].builds_on == [4774]
    assert len(d.stacks) == 2


def test_ghstack_poisoned_prs_landed_hours_apart_are_separate():
    """PyTorch/ao, July 29th: five ghstack PRs of one author, each its own one-PR stack."""
    landed = [(4640, "Fix ROCm rowwise-fp8 warning crash", at(12, 31), "torchao/quantization/a.py"),
              (4638, "Pin CI to PyTorch 2.13 for release", at(12, 52), ".github/workflows/a.yml"),
              (4644, "Split PT2E tests into CPU and GPU CI workflows", at(15, 9),
               ".github/workflows/b.yml"),
              (4641, "Remove disabled A100 perf workflow", at(16, 58), "scripts/bench.py"),
              (4643, "Stop quantize_ from leaking fp32 matmul precision", at(19, 20),
               "torchao/quantization/b.py")]
    poisoned = "Update\n\n[ghstack-poisoned]\n"
    d = digest_of([commit(f"j{n}", f"{t} (#{n})", when, [change(p, 5, 1)], body=poisoned,
                          author="Vasiliy Kuznetsov", email="vkuzo@example.com")
                   for n, t, when, p in landed], repo="pytorch/ao")
    assert d.stacks == []
    # landed together, but each PR body says it stands alone
    d = digest_of([commit(f"k{n}", f"{t} (#{n})", at(9, i), [change(p, 5, 1)], body=poisoned,
                          pr_body=_ghstack_body([n], n), author="Vasiliy Kuznetsov",
                          email="vkuzo@example.com")
                   for i, (n, t, _, p) in enumerate(sorted(landed))], repo="pytorch/ao")
    assert d.stacks == []


def test_a_fix_of_what_another_change_of_the_day_added_is_one_story_with_it_even_from_a_bot():
    """uv 2026-08-18: a wheels-only policy, then an automation account's fix of what it broke
    ("the no-build policy added in #21195"): a root cause and its fix, one story; a bot is in
    a story only by such a link, never in a run or campaign of its own."""
    assert linked_prs("they inherit the tooling-only no-build policy added in #21195.") == \
        [21195]
    assert linked_prs("This preserves the pinning introduced in #21204.") == [21204]
    policy = commit("policy", "Require wheels for Python tooling dependencies (#21195)",
                    at(9), [change("pyproject.toml", 5, 1)], author="Zed Policy")
    fix = commit("fix", "Use fixture configuration when priming benchmark caches (#21203)",
                 at(11), [change(".github/workflows/bench.yml", 6, 4)],
                 author="helperbot", login="helper[bot]",
                 body="The cache-priming commands inherit the no-build policy added in #21195.")
    other = commit("other", "Try APT fallback mirrors sooner in Linux CI (#21198)", at(12),
                   [change(".github/workflows/ci.yml", 6, 4)], author="helperbot",
                   login="helper[bot]")
    d = digest_of([policy, fix, other])
    stories = [sorted(c.sha for c in s.commits) for s in d.stacks]
    assert stories == [sorted([sha_of("policy"), sha_of("fix")])], stories
