"""The body reader on real commit and PR bodies (tests/body_samples.py) and hostile ones."""

from __future__ import annotations

import re
import time

import pytest
from body_samples import SAMPLES

from studio.digest.bodies import Explanation, explain

UNSPEAKABLE = re.compile(r"`|\(#\d+\)|https?:|\[|\]|<|>|\*\*|^\s*[-*] |\|")
FIRST_PERSON = re.compile(r"\b(?:I|we|our|us|my)\b")


def ex(name: str) -> Explanation:
    title, body = SAMPLES[name]
    return explain(title, body)


def _words_from(sentence: str, body: str) -> bool:
    """Every word of a sentence comes from the body, except what explain() is allowed to say:
    "The change", "The author", "now", and the spoken forms of units and signs; and where the
    body joins words with a slash ("reshape/casts", "ROCm / HIP", "torchao/kernel"), the
    "and"/"or" (or "folder"/"module") the reader says for it — only then."""
    allowed = {"the", "change", "author", "now", "previously", "to", "times", "about", "percent",
               "microseconds", "milliseconds", "megabytes", "gigabytes", "set", "file", "folder",
               "equals", "at", "least", "most", "is", "not", "records", "represents", "tracks", "power", "of",
               "skips", "es", "s"}
    if re.search(r"[A-Za-z]\w*\s?/\s?[A-Za-z]", body):
        allowed |= {"and", "or", "module"}
    source = set(re.findall(r"[a-z0-9]+", body.lower()))
    return all(w in source or w in allowed for w in re.findall(r"[a-z0-9]+", sentence.lower()))


def test_the_faithfulness_check_fails_on_an_invented_word():
    body = "Make grad_output contiguous before the reshape/casts, which avoids a copy."
    assert _words_from("Make grad_output contiguous before the reshape and casts.", body)
    assert _words_from("The change avoids a copy.", body)
    assert not _words_from("Make grad_output contiguous before the reshape and casts quickly.", body)
    assert not _words_from("The change avoids a costly copy.", body)
    # "and" and "or" are allowed only where a slash was said in words
    assert not _words_from("It avoids a copy and more.", body.replace("reshape/casts", "reshape"))


@pytest.mark.parametrize(("body", "said"), [
    ("This keeps benchmark timing cleanup backend-agnostic for ROCm/HIP runs and avoids counting "
     "device synchronization overhead as kernel time.",  # pytorch/ao 2026-07-06
     "This keeps benchmark timing cleanup backend-agnostic for ROCm or HIP runs and avoids counting "
     "device synchronization overhead as kernel time."),
    ("RET504 flagged assignments as unnecessary even when the variable was read in finally/except, "
     "breaking runtime behavior on fix.",  # ruff 2026-07-29
     "RET504 flagged assignments as unnecessary even when the variable was read in finally or except, "
     "breaking runtime behavior on fix."),
    ("The statistics path in the printer is rendered separately from the full/concise renderers "
     "and used neither.",  # ruff 2026-08-12
     "The statistics path in the printer is rendered separately from the full and concise renderers "
     "and used neither."),
    ("Reintroducing demisto/content back to ruff-ecosystem, it is a large repository with many "
     "files.",  # ruff 2026-07-29
     "Reintroducing demisto content back to ruff-ecosystem, it is a large repository with many files."),
])
def test_body_sentences_say_word_slash_word_in_words(body, said):
    e = explain("A title that says nothing of it (#1)", body)
    assert said in e.change + e.problem + e.effect + e.numbers, e
    assert _words_from(said, body)


def test_a_title_inside_the_body_is_not_read_again():
    """pytorch/ao 2026-07-07: the body "fix: use configurable `group_size` in
    `Int4WeightOnlyConfig` QAT" was read after the title as "fix: use configurable ..."."""
    e = explain("fix: use `Int4WeightOnlyConfig.group_size` in fake quant configs (#4518)",
                "fix: use configurable `group_size` in `Int4WeightOnlyConfig` QAT")
    assert not any("fix:" in s.lower() for s in e.sentences + e.change + e.problem + e.effect)
    # numpy 2026-07-12: a merge commit's body is its PR title; "BUG:" is not a "Bug" section
    for title, body in (("Merge pull request #31963 from VectorPeak/fix-f2py-meson-lib-identifiers",
                         "BUG: avoid invalid Meson identifiers for f2py libraries"),
                        ("Merge pull request #30971 from HaoZeke/fix/f2py-allocatable-char-array",
                         "BUG: f2py: fix allocatable character arrays in module data")):
        e = explain(title, body)
        assert not (e.sentences + e.change + e.problem + e.effect), e
    kept = explain("Fix the parser (#1)",
                   "Problem: The parser crashed on an empty file that starts with a byte order mark.")
    assert kept.problem == ["The parser crashed on an empty file that starts with a byte order mark."]


def test_a_colon_after_a_capitalised_word_is_a_pause_not_a_label():
    """pytorch/ao 2026-07-23: "Mirrors the CUTEDSL branch for AMD: callers can now pick FlyDSL as
    the dim1 cast backend" — "AMD:" reads as a title's area label; a semicolon is the pause."""
    body = ("Add MXFP8Dim1CastKernelChoice.FLYDSL and dispatch branch in mx_formats\nutils. Mirrors "
            "the CUTEDSL branch for AMD: callers can now pick FlyDSL\nas the dim1 cast backend just "
            "like cutedsl on NVIDIA.\n")
    e = explain("[mxfp8 moe training] wire FlyDSL into MXFP8Dim1CastKernelChoice", body)
    said = e.change + e.problem + e.effect
    assert "Mirrors the CUTEDSL branch for AMD; callers can now pick FlyDSL as the dim1 cast backend " \
           "just like cutedsl on NVIDIA." in said, said


def test_there_are_thirty_real_samples():
    assert len(SAMPLES) >= 30


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sentence_is_speakable_complete_short_and_the_authors(name):
    title, body = SAMPLES[name]
    e = explain(title, body)
    assert 0 <= len(e.sentences) <= 3
    everything = e.sentences + e.problem + e.change + e.effect + e.numbers + e.user_action
    for s in everything:
        assert not UNSPEAKABLE.search(s), s
        assert not FIRST_PERSON.search(s), s
        assert s[-1] in ".!?" and len(s.split()) <= 40, s
        assert _words_from(s, body), s
    assert sum(len(s.split()) for s in e.sentences) <= 90
    assert set(e.sentences) <= set(e.problem + e.change + e.effect + e.numbers)


def test_problem_then_change_in_the_authors_words():
    e = ex("ruff_multi_target")
    assert e.sentences == [
        "Previously, chained assignments could panic when their shared right-hand side contained "
        "both an assignment expression and a lambda.",
        "The change now records whether an assignment's value bindings belong to its definition or "
        "its enclosing statement during semantic indexing.",
    ]
    assert "Each target independently imported the same nested binding, violating the uniqueness " \
           "invariant for inferred bindings." in e.problem


def test_we_did_not_becomes_the_consequence_and_we_now_the_change():
    e = ex("ruff_slots")
    assert e.sentences[0].startswith("Previously, slotted attributes were not recognized consistently")
    assert e.sentences[1] == ("The change now represents slots as class descriptors and tracks "
                              "instance layouts through inheritance.")
    assert e.fixes == [1268]


def test_this_pr_becomes_the_change_and_fixes_urls_are_read():
    e = ex("ruff_protocol_meta")
    assert any(s.startswith("The change gives protocol classes") for s in e.sentences)
    assert e.sentences[0] in e.problem
    assert e.fixes == [1204]
    assert not any("Cover protocol metaclasses" in s for s in e.change)  # the test plan


def test_fixes_forms():
    assert ex("ruff_constructor_cycles").fixes == [4347]  # "Fixes astral-sh/ty#4347."
    assert ex("ruff_while_one").fixes == [21870]  # "Closes #21870"
    assert ex("ruff_lazy_defaults").fixes == [4308]
    assert explain("t", "Fixes #12, #13 and #14.\nResolves gh-20").fixes == [12, 13, 14, 20]
    assert ex("ao_phabricator").fixes == []  # "Pull Request resolved: .../pull/4665" is its own PR


def test_sentences_before_a_code_block_are_kept_and_the_block_is_not():
    e = ex("ruff_unpacked_kwargs")
    assert e.sentences[0] == ("Previously, Annotated metadata containing unpacked keyword arguments "
                              "could panic when the annotation was written as a string.")
    assert not any("value = other" in s for s in e.problem + e.change + e.effect)


def test_template_comments_prompts_and_ai_notes_are_skipped():
    assert ex("ruff_pytest_template").sentences == []  # comments, "I learned", a fragment
    ai = ex("ruff_typo_ai")
    assert all("Claude" not in s and "automation" not in s for s in ai.change + ai.problem)
    assert not any("verified" in s.lower() or "git diff" in s for s in ai.change)
    cutlass = ex("ao_cutlass_rename")
    assert cutlass.sentences == ["nvidia-cutlass-dsl 4.6.0 renamed RoundingModeKind to FPRoundingMode, "
                                 "while both existed in 4.5.0."]  # the lowercase name is kept
    assert not any("Rename the three uses" in s for s in cutlass.change)  # the quoted AI answer


def test_summary_sections_and_test_plans():
    ptx = ex("ao_ptx_guard")
    assert ptx.sentences[0].startswith("The three-input max.NaN.abs.f32 form needs PTX ISA 8.8")
    assert not any("Generated code" in s or "Assembled" in s for s in ptx.change + ptx.problem)
    assert not any("lw" in s.split() or "D116784835" in s for s in ptx.change)
    int64 = ex("ao_int64")
    assert int64.sentences == [
        "Once the packed token count times N exceeds 2 to the power of 31, the row times stride "
        "products wrap and "
        "silently corrupt memory.",
        "Cast the tile index to int64 once at its definition so every derived offset inherits int64.",
    ]
    assert not any("Verified on GB200" in s for s in int64.change)


def test_numbers_only_from_the_text_and_tables_left_out():
    e = ex("ao_device_asserts")
    assert any("about 9 microseconds of device time each" in s for s in e.numbers)
    assert any("33 microseconds per call" in s for s in e.numbers)
    assert not any("55.8" in s or "22.6" in s for s in e.numbers + e.sentences)  # the table
    assert e.user_action == []  # the env var gates checks; the body does not tell users to set it
    norm = ex("ao_inf_norm")
    assert not any("3461" in s or "launches" in s for s in norm.numbers)
    assert not any("amax(dim" in s for s in norm.numbers + norm.effect)  # code in a sentence


def test_links_and_empty_results():
    assert ex("ao_readme_link").sentences == []  # "Moving to the correct one at <link>"
    for name in ("ao_ghstack_update", "ao_phabricator", "numpy_dependabot_merge",
                 "numpy_dependabot_squash", "numpy_coauthor_only", "numpy_empty",
                 "numpy_merge_deprecate"):
        assert not ex(name), name


def test_no_sentence_restates_or_points_at_pr_numbers():
    assert ex("ruff_tuple_materialization").sentences[0].startswith("Valid specializations can be rejected")
    assert not any("#" in s for s in ex("ruff_tuple_materialization").sentences)
    assert not any("I prefer" in s for s in ex("ruff_tuple_materialization").problem)


def test_merge_commit_title_in_body_is_not_a_sentence():
    e = explain("Merge pull request #32015 from someone/branch",
                "DEP: Deprecate `numpy.linalg.lapack_lite` module\n\nThe module has been private "
                "for years and nobody should import it anymore.\n")
    assert e.sentences == ["The module has been private for years and nobody should import it anymore."]


# ---- hostile bodies ----------------------------------------------------------------------

def test_code_only_body():
    body = "```python\nx = compute(1)\nprint(x)\n```\n\n    indented = code()\n    more()\n"
    assert explain("Add compute", body) == Explanation()


def test_test_plan_only_body():
    body = "## Test Plan\n\npytest test/test_x.py -k foo\n\nAll 12 tests passed on my machine.\n"
    assert explain("Add x", body) == Explanation()
    body = "Test Plan:\nRan the benchmark, it is 2x faster.\n\nReviewed By: someone\n"
    assert explain("Add x", body) == Explanation()


def test_ghstack_and_merge_bot_body():
    body = (
        "Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):\n"
        "* #4730\n* __->__ #4729\n* #4728\n\n"
        "The old kernel registry duplicated every entry, which doubled import time.\n\n"
        "cc @alice @bob @carol\n\n"
        "Pull Request resolved: https://github.com/pytorch/pytorch/pull/4729\n"
        "Approved by: https://github.com/alice\n"
        "ghstack-source-id: 1234abcd\n"
        "ghstack dependencies: #4728\n"
        "Differential Revision: D123456789\n"
        "Signed-off-by: Dee Dev <dee@example.com>\n"
        "Co-authored-by: Claude Opus 4.8 (1M context) <noreply@anthropic.com>\n"
    )
    e = explain("Drop the duplicate registry", body)
    assert e.sentences == ["The old kernel registry duplicated every entry, which doubled import time."]
    assert e.fixes == []


def test_dependabot_body():
    body = ("Bumps [lodash](https://github.com/lodash/lodash) from 4.17.20 to 4.17.21.\n"
            "<details>\n<summary>Commits</summary>\n<ul><li>a change</li></ul>\n</details>\n\n"
            "Dependabot will resolve any conflicts with this PR as long as you don't alter it "
            "yourself.\n")
    assert explain("Bump lodash from 4.17.20 to 4.17.21", body) == Explanation()


def test_empty_and_none():
    assert explain("", "") == Explanation()
    assert explain("t", "", "") == Explanation()


def test_html_comment_checklist_images_and_links():
    body = (
        "<!-- Please describe your change. You must fill this in or the PR is closed. -->\n"
        "## Summary\n\n<!--\nmultiline template text that should never be read aloud\n-->\n"
        "The uploader retried forever on a 403, which hung every nightly job.\n\n"
        "![screenshot](https://ex.com/s.png)\n\nhttps://ex.com/some/long/link\n\n"
        "- [x] I have read the contributing guide\n- [ ] Tests added\n"
        "<!-- unterminated comment runs to the end\nThis is not said.\n"
    )
    e = explain("Stop retrying on 403", body)
    assert e.sentences == ["The uploader retried forever on a 403, which hung every nightly job."]
    assert e.problem == e.sentences


def test_prompt_and_transcript():
    body = (
        "Prompt:\nRewrite the loader so that it streams files and never loads them whole.\n\n"
        "Assistant: I will rewrite the loader to stream.\n\n"
        "## Summary\n\nThe loader now streams files instead of reading them whole, so memory stays "
        "flat on large inputs.\n"
    )
    e = explain("Stream the loader", body)
    assert e.sentences == ["The loader now streams files instead of reading them whole, so memory "
                           "stays flat on large inputs."]


def test_user_action_only_when_users_are_addressed():
    body = (
        "## Summary\n\nThe `legacy_quant` API is deprecated; please use `quantize_` instead.\n\n"
        "## Migration\n\nReplace imports of `torchao.quantization.legacy` with `torchao.quantization`.\n"
        "Set `TORCHAO_STRICT=1` to get an error instead of a warning.\n"
    )
    e = explain("Deprecate legacy_quant", body)
    assert e.user_action == [
        "The legacy_quant API is deprecated; please use quantize_ instead.",
        "Replace imports of torchao.quantization.legacy with torchao.quantization.",
        "Set TORCHAO_STRICT to 1 to get an error instead of a warning.",
    ]
    assert explain("Disable npm scripts", SAMPLES["ruff_npm_scripts"][1]).user_action == []
    users = explain("x", "Users of the old loader should pass `--stream` to keep the old behaviour.")
    assert users.user_action == ["Users of the old loader should pass --stream to keep the old behaviour."]


def test_benchmark_prose_with_first_person():
    body = ("We measured 1.8x faster decoding on H100 with the new kernel.\n\n"
            "| shape | before | after |\n|---|---|---|\n| 1024 | 3.1 | 1.7 |\n\n"
            "I think we should also try the other kernel.\n")
    e = explain("Faster decoding", body)
    assert e.numbers == ["The author measured 1.8 times faster decoding on H100 with the new kernel."]
    assert e.sentences == e.numbers


def test_long_sentences_split_or_dropped():
    long = " ".join(["word"] * 50) + "."
    halves = ("The cache grew without bound on every request that carried a new key; " +
              "the fix evicts the oldest entries once the cache holds ten thousand keys in total " +
              "and reports the evictions in the debug log so operators can see them happen.")
    e = explain("Bound the cache", f"{long}\n\n{halves}\n")
    said = e.problem + e.change + e.effect
    assert all(len(s.split()) <= 40 for s in said)
    assert not any(s.startswith("Word word") for s in said)
    assert "The cache grew without bound on every request that carried a new key." in said
    assert any(s.startswith("The fix evicts the oldest entries") for s in said)


def test_a_60_kb_body_is_fast():
    para = ("The scheduler kept a lock while it waited for the disk, which stalled every other "
            "worker for the length of the write. ")
    body = "## Summary\n\n" + (para * 40 + "\n\n```\n" + "x = 1\n" * 200 + "```\n\n") * 12
    assert len(body) > 60_000
    start = time.perf_counter()
    e = explain("Release the lock before the write", body)
    assert time.perf_counter() - start < 0.5
    assert e.sentences == [para.strip()]


def test_we_now_lists_agree_with_the_change():
    # ruff #27507 and #27516 style: "We now A, B, and C ..."
    e = explain("t", "We now propagate failed module-level calls through member lookup, preserve "
                     "the function's return type, and point diagnostics at its definition.")
    assert e.change == ["The change now propagates failed module-level calls through member lookup, "
                        "preserves the function's return type, and points diagnostics at its definition."]
    e = explain("t", "We now record whether A and B differ during semantic indexing.")
    assert e.change == ["The change now records whether A and B differ during semantic indexing."]


def test_renovate_table_pointers_and_star_args():
    renovate = ("This PR contains the following updates:\n\n| Package | Change |\n|---|---|\n"
                "| uv | 0.11.14 -> 0.11.15 |\n\nThis PR was generated by Mend Renovate. View the "
                "repository job log.\n")
    assert explain("Update dependency astral-sh/uv to v0.11.15", renovate) == Explanation()
    e = explain("t", "By default, Pydantic models can convert input values for every field. Allowed "
                     "conversions are listed in this table in Pydantic's documentation.\n\n"
                     "Functions with unannotated `*args` and `**kwargs` use a gradual parameter list.\n\n"
                     "Mostly triggered by using the skill for the first time to analyze the report in "
                     "[this](https://ex.com/r).\n")
    said = e.problem + e.change + e.effect
    assert "Functions with unannotated args and kwargs use a gradual parameter list." in said
    assert not any("this table" in s or s.endswith((" in.", " this.")) for s in said)
    assert explain("t", "The results are in [this PR](https://ex.com/p) from last week.") == Explanation()


def test_we_now_with_an_adverb_and_prepositions_in_the_list():
    e = explain("t", "We now contextually infer unresolved instance assignments against the custom "
                     "setter, so the lambda parameter is inferred as int.\n\n"
                     "We now record exception checkpoints immediately before operations that can "
                     "raise, after evaluating their operands.")
    assert e.change[0].startswith("The change now contextually infers unresolved instance assignments")
    assert "The change now records exception checkpoints immediately before operations that can raise, " \
           "after evaluating their operands." in e.change


def test_user_action_from_a_real_opt_in():
    e = ex("ruff_literal_narrowing")
    assert e.user_action == ["Users who prefer conservative behavior can enable strict-literal-narrowing; "
                             "the option defaults to false."]
    assert e.sentences[0] == ("The change allows str, int, and bytes types to narrow to literal values "
                              "when an equality check succeeds by default.")
    # addressed to reviewers, contributors or internal callers: not an action for listeners
    for text in ("You should be able to review commit-by-commit, since the first commit moves "
                 "the setup.",
                 "In turn, callers must adjust to that change in signature of the helper.",
                 "As a contributor, you should have greater clarity as to who reviews your work.",
                 "Previously hardcoded to PerRow; now users can pass e.g. Config(granularity=PerGroup(64)) "
                 "for per-group float8 weight quantization."):
        assert explain("t", text).user_action == [], text


def test_pr_body_and_commit_body_together():
    pr_body = SAMPLES["ruff_slots"][1].replace("\n", "\r\n")  # GitHub sends CRLF
    e = explain("[ty] Support `__slots__` (#27730)", SAMPLES["ruff_slots"][1], pr_body)
    assert e == ex("ruff_slots")  # the same text twice is told once
    ghstack = explain("Delete torchao.sparsity", "Update\n\n[ghstack-poisoned]\n",
                      "Stack from [ghstack](https://github.com/ezyang/ghstack):\n* __->__ #4728\n\n"
                      "torchao.sparsity has had no users since the 0.14 release and blocks the "
                      "move to the new tensor subclass.\n")
    assert ghstack.sentences == ["torchao.sparsity has had no users since the 0.14 release and blocks "
                                 "the move to the new tensor subclass."]


def test_phabricator_style_summary_and_test_plan():
    body = ("Summary:\nThis diff moves the int8 kernels next to their only user, which removes "
            "a circular import at startup.\n\nTest Plan:\nbuck test //ao:kernels, all green.\n\n"
            "Reviewed By: someone\n\nDifferential Revision: D123456789\n")
    e = explain("Move int8 kernels", body)
    assert e.sentences == ["The change moves the int8 kernels next to their only user, which removes a "
                           "circular import at startup."]


def test_explain_commit_reads_a_digest_commit(tmp_path):
    import datetime as dt

    from gitrepo import RepoBuilder, at, squash

    from studio.digest.bodies import explain_commit
    from studio.digest.build import build_digest
    from studio.profile import profile_for
    from studio.sources.gitlocal import pull_git

    title, body = SAMPLES["ruff_unpacked_kwargs"]
    with RepoBuilder(tmp_path / "repo", bare=True) as r:
        r.commit(squash(title.removesuffix(" (#27963)"), 27963, body), at("2026-08-20", 9))
    day = pull_git(tmp_path / "repo", dt.date(2026, 8, 20))
    commit = build_digest(day, profile_for(day.repo)).commits[0]
    assert explain_commit(commit) == explain(title, body)


def test_a_human_body_about_dependabot_is_read():
    e = explain("Group dependabot updates", "Dependabot opened one PR per package, which flooded the "
                                            "review queue every Monday.\n")
    assert e.sentences == ["Dependabot opened one PR per package, which flooded the review queue every "
                           "Monday."]


def test_sentences_mostly_of_identifiers_are_not_read():
    """pytorch/ao #4598 (2026-08-19): slash lists of private helpers, tile constants and a
    snake_case subject are not speakable; the plain-prose sentence is."""
    body = (
        "torchao's NVFP4 per-vector scale diverged from TransformerEngine, so the kernels did "
        "not match it bitwise.\n\n"
        "Autotune num_warps/num_stages only, holding BLOCK_M/BLOCK_N at 128: group offsets are "
        "only 128-aligned, so a larger row tile could straddle two experts.\n\n"
        "Reuses the NVFP4 epilogue helpers (_nvfp4_quantize/_pack_fp4/_swizzle_scales/\n"
        "_store_scales_swizzle) from hadamard_utils; only the grouped index lookup and\n"
        "contiguous-store device helpers are local. Caller-owned int64 rng_state keeps\n"
        "stochastic rounding CUDA-graph-safe.\n")
    said = explain("[nvfp4_training] Support NVFP4 GroupedExperts on Blackwell (#4598)", body)
    text = " ".join(said.sentences)
    assert "diverged from TransformerEngine" in text
    for bit in ("num_warps", "BLOCK_M", "_pack_fp4", "rng_state", "/"):
        assert bit not in text


def test_a_sentence_leaning_on_a_left_out_table_is_not_said():
    """ruff #27526 (2026-08-05): after the benchmark table, "Keeping optimization enabled remains
    worthwhile for broader runs." was read alone, out of its context."""
    body = ("## Summary\n\nHolding `opt-level = 1` fixed, three alternating paired runs give:\n\n"
            "| Workflow | Local ThinLTO | Disabled | Change |\n| --- | ---: | ---: | ---: |\n"
            "| Rust edit + one mdtest file | 9.84 s | 6.81 s | -30.7% |\n\n"
            "Keeping optimization enabled remains worthwhile for broader runs.\n")
    said = explain("Disable local ThinLTO for optimized development workflows (#27526)", body)
    assert not any("remains worthwhile" in s for s in said.sentences)


def test_list_item_fragments_are_not_said():
    """ruff 2026-07-26: "same-named methods defined directly on known transitive subclasses.
    Deduplicate targets + preserve discovery order." — list items, not sentences."""
    body = ("## Summary\n\nImplements support for `textDocument/implementation`\n\n"
            "1. Finds one or more class roots:\n"
            "- for an attribute access, normalize the receiver type into class roots\n"
            "2. For each class root, collect:\n"
            "   - the method definition selected by normal MRO lookup for that root\n"
            "   - same-named methods defined directly on known transitive subclasses\n"
            "3. Deduplicate targets + preserve discovery order\n")
    e = explain("[ty] Implement LSP `textDocument/implementation` request (#25410)", body)
    said = e.sentences + e.change + e.effect + e.problem
    assert not any(s[:1].islower() or " + " in s for s in said), said
    kept = explain("[ty] Skip scripts with an invalid PEP 723 configuration (#27505)",
                   "ty still initializes a `Program` for each of those scripts so that LSP\n"
                   "operations continue to work.")
    assert kept.sentences == ["ty still initializes a Program for each of those scripts so that LSP "
                              "operations continue to work."]


def test_a_short_sentence_pointing_back_is_not_said_alone():
    """ruff 2026-07-31: "The fixed annotation isn't actually equivalent in this case." said on its
    own after the title; a sentence that stands alone still is."""
    body = ("Summary\n--\n\nFixes #27333. The fixed annotation isn't actually equivalent in this\ncase.\n\n"
            "```pycon\n>>> import functools\n```\n\nTest Plan\n--\n\nNew mdtests\n")
    e = explain("[`flake8-pyi`] Avoid false positives on `singledispatch` functions (`PYI041`) (#27335)",
                body)
    assert e.sentences == []
    alone = explain("Bump the minimum Rust version (#27400)",
                    "Summary\n--\n\nThe vendored parser needs let-else chains from Rust 1.88.\n")
    assert alone.sentences == ["The vendored parser needs let-else chains from Rust 1.88."]


def test_links_taken_out_leave_no_open_parenthesis_and_list_intros_are_not_said():
    """ruff 2026-07-28 (#27033): "Performance improvements have already been upstreamed (." and
    "Additional hacks to minimize behavior change include." were read aloud."""
    body = ("## Summary\n\nPerformance improvements have already been upstreamed\n"
            "(https://github.com/rust-lang/annotate-snippets-rs/pull/437,\n"
            "https://github.com/rust-lang/annotate-snippets-rs/pull/440)\n\n"
            "Additional hacks to minimize behavior change include\n"
            "- Adjust upstream's hidden severity behavior to match Ruff's\n")
    e = explain("Vendor latest annotate-snippets (#27033)", body)
    said = e.change + e.problem + e.effect + e.numbers
    assert "Performance improvements have already been upstreamed." in said, said
    assert not any("(" in s or s.endswith("include.") for s in said), said


def test_a_sentence_with_a_callable_type_in_code_is_not_read():
    """ruff 2026-07-31 (#26864): "types like ((...) to Unknown) and ~((...) to Unknown)" was said."""
    body = ("## Ecosystem report\n\nSome expected problems, e.g. with this user-defined function in\n"
            "beartype, leading to unfortunate types like `((...) -> Unknown) &\n~((...) -> Unknown)`, "
            "which are technically correct (and could maybe be\nsimplified), but certainly unintended:\n\n"
            "One false positive removed, which is expected.\n")
    e = explain("[ty] Do not top-materialize (user) `TypeIs` return types (#26864)", body)
    said = e.change + e.problem + e.effect + e.numbers
    assert not any("(...)" in s or "~" in s for s in said), said


def test_a_union_in_code_wrapped_over_lines_is_prose_not_a_table():
    """ruff 2026-07-22 (#27081): a line with `Int | Bool` in it was taken for a table row, which
    cut the paragraph: "... isn't actually needed - even." and "they're just other ..." were said."""
    body = ("The code has an `is_literal()` check that isn't actually needed - even\n"
            "when we matched literal, we still then match `Int | Bool` or `Int | Bool\n"
            "| None` explicitly, so we might as well drop `is_literal` completely.\n"
            "Other literals besides `Int | Bool | None` don't carry any meaning here,\n"
            "they're just other unexpected types from `CheckableExprType`.\n\n"
            "| Workflow | Before | After |\n| --- | ---: | ---: |\n| check | 9.84 s | 6.81 s |\n")
    e = explain("Remove redundant `is_literal` check (#27081)", body)
    said = e.change + e.problem + e.effect + e.numbers
    assert not any(s.endswith("even.") or s.startswith("they") or "Workflow" in s for s in said), said
    assert "Other literals besides Int or Bool or None don't carry any meaning here, they're just other " \
           "unexpected types from CheckableExprType." in said, said


def test_a_leading_link_word_goes_and_the_next_word_is_capitalised():
    """ruff 2026-07-30: "But also, it turns out ..." was said "also, it turns out ..."."""
    e = explain("[ty] Quantify constraints in one walk (#27200)",
                "But also, it turns out that there is one existing method which is determining "
                "which constraints to quantify away.")
    assert e.sentences and e.sentences[0].startswith("Also, it turns out"), e


def test_a_two_space_indented_command_after_a_colon_is_not_prose():
    # git/git 08-05: "You can see that today like this:" then the commands, indented by two
    body = ("The whatchanged command is deprecated, and building with breaking changes removes "
            "it, but a stale executable from an earlier build keeps it working in tests.\n\n"
            "You can see that today like this:\n\n  make\n  make WITH_BREAKING_CHANGES=1 test\n\n"
            "The test now asks the built git for its deprecated commands, so it no longer fails "
            "in a build directory with stale executables.\n")
    from studio.digest.body_text import pieces

    said = [p.text for p in pieces(body)]
    assert said[1] == "You can see that today like this:" and len(said) == 3
    assert not any("make" in s.split()[:2] or "WITH_BREAKING_CHANGES" in s for s in said)
    # an indented list under an intro with no colon, or a list's continuation lines, stay prose
    assert [p.text for p in pieces("Two cases\n\n  the first one is read.\n")][-1] == "the first one is read."
