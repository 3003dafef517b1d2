"""Speakable text: real commit titles (pytorch/ao, astral-sh/ruff, numpy/numpy) as spoken
phrases, names as people say them, PR ranges, handles at a sentence start."""

from __future__ import annotations

import re

import pytest

from studio.script.speakable import (
    is_ai_assistant,
    people,
    person_name,
    pr_range,
    speakable,
    spoken_title,
    starts_with_handle,
)

UNSPEAKABLE = re.compile(r"`|\(#\d+\)|^\w+(\([^)]*\))?:|->|==|!=|>=|\[[^\]]*\]|\w/\w+/\w|\.(py|rs|md)\b")


@pytest.mark.parametrize(("raw", "spoken"), [
    ("[ty] Support `__slots__` (#27730)", "Support __slots__"),
    ("[ty] Avoid panic on unpacked kwargs in string annotations (#27963)",
     "Avoid panic on unpacked kwargs in string annotations"),
    ("[nvfp4_training] Support NVFP4 GroupedExperts on Blackwell (#4598)",
     "Support NVFP4 GroupedExperts on Blackwell"),
    ("[CI] Reuse pytorch setup-xpu/teardown-xpu actions in XPU workflow (#4799)",
     "Reuse pytorch setup-xpu/teardown-xpu actions in XPU workflow"),
    ("[ROCm][CI] Switch ROCm CI runner label from gfx942 to ecosystem.mi350 (#4712)",
     "Switch ROCm CI runner label from gfx942 to ecosystem.mi350"),
    ("Fixes Workflows documentation link in README.md (#4802)",
     "Fixes Workflows documentation link in the README"),
    ("MAINT, DEV: Delete legacy C coverage tool (#32314)", "Delete legacy C coverage tool"),
    ("TYP/DOC: release note for the ``random.Generator`` shape-typing improvements (#32357)",
     "Release note for the random.Generator shape-typing improvements"),
    ("MAINT: parse dtype endian as unicode directly (gh-15317) (#32353)",
     "Parse dtype endian as unicode directly"),
    ("TYP: ``ndarray.__matmul__`` shape-typing (#32366)", "ndarray.__matmul__ shape-typing"),
    ("float8: work around Triton fp8 store miscompile in compiled training (#4652)",
     "Work around Triton fp8 store miscompile in compiled training"),
    ("docs(parser): explain `a/b/c.py` -> `d` (#12)", "Explain the c file to d"),
    ("Export `UV_DEFAULT_INDEX` in `release.sh` (#27934)", "Export UV_DEFAULT_INDEX in the release file"),
    ("Delete torchao/_models (SAM/SAM2) and its orphaned consumers (#4720)",
     "Delete torchao/_models (SAM/SAM2) and its orphaned consumers"),
    ("Split benchmarks out of `torchao/prototype/moe_training/kernels/` (#1)",
     "Split benchmarks out of the kernels folder"),
    ("fix: make x == y and a != b when n >= 3 (#5)", "Make x equals y and a is not b when n at least 3"),
    ("Delete prototype SpinQuant and its Hadamard packaging in setup.py (#4724)",
     "Delete prototype SpinQuant and its Hadamard packaging in the setup script"),
    ("Update CODEOWNERS [ghstack-poisoned]", "Update CODEOWNERS"),
    ("[XPU][2/N] Port the kernels", "Port the kernels"),
    ("torch.compile: speed up ~1.4x", "Speed up about 1.4 times"),
])
def test_spoken_titles_of_real_commits(raw, spoken):
    assert spoken_title(raw) == spoken


def test_spoken_titles_keep_identifiers_and_handles_as_written():
    assert spoken_title("liangan1 owns XPU code") == "liangan1 owns XPU code"
    assert spoken_title("ty: update typeshed") == "Update typeshed"
    assert spoken_title("`torch.compile` support for fp8") == "torch.compile support for fp8"
    # underscores stay for the lexicon; nothing is read as punctuation
    assert "view_as_complex" in spoken_title("Fix dispatch in `view_as_complex` (#1)")


def test_speakable_free_text():
    text = ("See [the docs](https://ex.com/d) and https://ex.com/x, **really** fast: 9 us per call "
            "against 19.8 ms, 117 MB at 5.7 TB/s; set `FOO_BAR=1` (#4466).")
    out = speakable(text)
    assert out == ("See the docs and really fast: 9 microseconds per call against 19.8 milliseconds, "
                   "117 megabytes at 5.7 terabytes per second; set FOO_BAR to 1.")
    assert speakable("gate them behind `TORCHAO_ASSERTS=1`") == "gate them behind TORCHAO_ASSERTS set to 1"
    assert speakable("`register(...)` and `foo()`") == "register and foo"
    assert speakable("fwd/bwd and/or owner/repo stay, PyArray_malloc/realloc/free is a list") == \
        "fwd/bwd and/or owner/repo stay, PyArray_malloc, realloc and free is a list"
    assert speakable("set VIRTUAL_ENV=/Users/brw/.virtualenvs/openai first") == \
        "set VIRTUAL_ENV to the openai folder first"
    assert speakable("aten/src/ATen/native/cuda/GroupedBlas.cpp:401-403 says") == "the GroupedBlas file says"
    assert speakable("helpers (_nvfp4_quantize/_pack_fp4/_swizzle_scales/_store) from") == \
        "helpers (_nvfp4_quantize, _pack_fp4, _swizzle_scales and _store) from"
    assert speakable("in torchao/prototype/moe_training/nvfp4_training as") == \
        "in the nvfp4_training folder as"
    # git/git: a file whose name ends in "file" is not "the object-file file"
    assert speakable("moved from 'object-file.c' to 'odb/source-loose.c'") == \
        "moved from 'the object-file' to 'the source-loose file'"
    assert speakable("Supports ~~~ and ``` code fences") == "Supports and code fences"
    assert speakable("") == ""


def test_every_bit_the_bench_counts_as_unspeakable_is_gone():
    titles = [
        "[ty] Fix `a -> b` in `crates/ruff/src/lib.rs` (#1)", "refactor(core): use `x != y` (#2)",
        "area: Move `docs/a/b.md` (#3)", "[CI][3/N] `foo` == `bar` (#4)",
    ]
    for title in titles:
        assert not UNSPEAKABLE.search(spoken_title(title)), spoken_title(title)


@pytest.mark.parametrize(("raw", "name"), [
    ("Wang, Chuanqi", "Chuanqi Wang"),
    ("Wang, Chuanqi <chuanqi.wang@example.com>", "Chuanqi Wang"),
    ("van Rossum, Guido", "Guido van Rossum"),
    ("Nathan Goldbaum", "Nathan Goldbaum"),
    ("Smith, Jr.", "Smith, Jr."),
    ("Acme, Inc, Ltd", "Acme, Inc, Ltd"),
    ("liangan1", "liangan1"),
])
def test_person_name(raw, name):
    assert person_name(raw) == name


def test_people_deduplicated_and_one_assistant_without_decorations():
    names = ["Wang, Chuanqi", "Claude Opus 4.8 (1M context)", "Chuanqi Wang", "Claude Opus 5",
             "Claude Opus 5 (1M context) <noreply@anthropic.com>", "Brent Westbrook",
             "brent westbrook", "Copilot", "copilot-swe-agent[bot]"]
    assert people(names) == ["Chuanqi Wang", "Claude", "Brent Westbrook", "Copilot"]
    assert people(["Claude Fable 5"], ["noreply@anthropic.com"]) == ["Claude"]
    assert people([]) == []


@pytest.mark.parametrize(("name", "email", "ai"), [
    ("Claude Opus 4.8 (1M context)", "noreply@anthropic.com", True),
    ("Claude", "", True),
    ("Some Bot Name", "noreply@anthropic.com", True),
    ("Copilot", "198982749+Copilot@users.noreply.github.com", True),
    ("copilot-swe-agent[bot]", "", True),
    ("Cursor Agent", "cursoragent@cursor.com", True),
    ("devin-ai-integration[bot]", "", True),
    ("Codex", "", True),
    ("Claudia Schmidt", "claudia@example.com", False),
    ("Nathan Goldbaum", "nathan.goldbaum@gmail.com", False),
    ("dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com", False),
])
def test_is_ai_assistant(name, email, ai):
    assert is_ai_assistant(name, email) is ai


def test_pr_ranges_not_lists():
    assert pr_range([4747, 4753, 4748, 4749, 4750, 4751, 4752]) == "PRs 4747 to 4753"
    assert pr_range([12, 15, 19]) == "PRs 12, 15 and 19"
    assert pr_range([7]) == "PR 7"
    assert pr_range([3, 4]) == "PRs 3 and 4"
    assert pr_range([1, 2, 3, 9, 4]) == "PRs 1 to 4 and 9"
    assert pr_range([]) == ""
    # ruff 2026-07-23: "PRs 26901, 26903, 26905, 26906, 26909, 26910 and 26913 to 26915" is some
    # forty spoken words of numbers; more than three parts are said as the span they lie in
    assert pr_range([26901, 26903, 26905, 26906, 26909, 26910, 26913, 26914, 26915]) == \
        "PRs between 26901 and 26915"
    assert pr_range([26943, 26944, 26945, 26947]) == "PRs 26943 to 26945 and 26947"


def test_starts_with_handle():
    assert starts_with_handle("liangan1 took over the XPU code")
    assert starts_with_handle("@lw wrote the original")
    assert starts_with_handle("ngoldbaum's fix landed", ["ngoldbaum"])
    assert not starts_with_handle("Nathan Goldbaum's fix landed", ["ngoldbaum"])
    assert not starts_with_handle("the change landed")
    assert not starts_with_handle("Ada landed it")
    assert not starts_with_handle("")


def test_the_writer_says_titles_speakably():
    from studio.script.story.inputs import spoken
    from studio.script.story.verbs import did

    assert did(spoken("docs(parser): Move `a/b/c.py` -> `d` (#12)")) == "moved the c file to d"
    assert spoken("MAINT: parse dtype endian as unicode directly (gh-15317)") == \
        "parse dtype endian as unicode directly"
    assert spoken("breaking internal builds") == "breaking internal builds"  # a reason keeps its case


def test_digest_names_people_as_they_are_said(tmp_path):
    import datetime as dt

    from gitrepo import RepoBuilder, at, squash

    from studio.digest.build import build_digest
    from studio.profile import profile_for
    from studio.script.story.highlights import who
    from studio.sources.gitlocal import pull_git

    body = ("Reuse the XPU setup actions.\n\n"
            "Co-authored-by: Claude Opus 4.8 (1M context) <noreply@anthropic.com>\n"
            "Co-authored-by: Claude Opus 5 <noreply@anthropic.com>\n"
            "Co-authored-by: Wang, Chuanqi <chuanqi.wang@example.com>\n"
            "Co-authored-by: Li Ming <li.ming@example.com>\n")
    with RepoBuilder(tmp_path / "repo", bare=True) as r:
        r.commit(squash("[CI] Reuse setup-xpu actions", 4799, body), at("2026-08-20", 9),
                 "Wang, Chuanqi", "chuanqi.wang@example.com")
    day = pull_git(tmp_path / "repo", dt.date(2026, 8, 20))
    d = build_digest(day, profile_for(day.repo))
    c = d.commits[0]
    assert c.author == "Chuanqi Wang"
    assert c.co_authors == ["Claude", "Chuanqi Wang", "Li Ming"]
    assert who(c) == "Chuanqi Wang, Claude, and Li Ming"
    assert d.stats.author_names == ["Chuanqi Wang"]


def test_revert_and_reland_titles():
    assert spoken_title('Revert "Fix X (#12)" (#13)') == 'Revert "Fix X"'
    assert spoken_title('Reland "[inductor] use `foo`" (#77)') == 'Reland "use foo"'
    assert spoken_title('Revert "[ty] Support `__slots__`"') == 'Revert "Support __slots__"'


def test_paths_read_with_the_words_around_them():
    assert speakable("The top-level `test/` directory contains an `__init__.py`") == \
        "The top-level test directory contains an __init__ file"
    assert speakable("Move tests from `torchao/dtypes/` to `./`") == \
        "Move tests from the dtypes folder to the top-level folder"
    assert speakable("the `setup.py` script and the README.md") == "the setup script and the README"


# --- editor's notes on real days (issue 13, lead13) --------------------------------------------

@pytest.mark.parametrize(("raw", "spoken"), [
    # ruff 2026-08-05: an "e.g." aside and a "|" type union cannot be heard
    ("[ty] Simplify numeric tower displays (e.g., `float` over `int | float`) (#27702)",
     "Simplify numeric tower displays"),
    ("Accept `int | None` in the signature", "Accept int or None in the signature"),
    # numpy 2026-08-17: brace lists after an identifier, a parenthesis ending in "="
    ("TYP: ``ndarray.arg{min, max}`` improved shape-typing (#32316)",
     "ndarray.argmin and ndarray.argmax improved shape-typing"),
    ("TYP: ``ndarray.{std, var}`` improved shape-typing (#32319)",
     "ndarray.std and ndarray.var improved shape-typing"),
    ("TYP: ``ndarray.squeeze`` shape-typing (when ``axis=``) (#32323)",
     "ndarray.squeeze shape-typing"),
])
def test_asides_unions_and_brace_lists_are_spoken(raw, spoken):
    assert spoken_title(raw, capital=False) == spoken


def test_story_titles_are_heard_without_codes_issue_numbers_dunders_or_paths():
    """ruff 07-31 "(PYI041)", numpy 07-16 "by gh-31620" and "ndarray.__matmul__", ao 08-07
    "from torchao/kernel" and "(SAM/SAM2)", ruff 07-26 "LSP textDocument/implementation"."""
    from studio.script.speakable import heard
    from studio.script.story.threads import spoken_tag

    def said(title: str) -> str:
        return heard(spoken_title(title))

    assert said("[`flake8-pyi`] Avoid false positives on `singledispatch` functions (`PYI041`) "
                "(#27335)") == "Avoid false positives on singledispatch functions"
    assert said("BUG: fix subclass problems introduced in linspace by gh-31620") == \
        "Fix subclass problems introduced in linspace by an earlier change"
    assert said("TYP: ``ndarray.__matmul__`` shape-typing (#32366)") == "matmul shape-typing"
    assert said("Delete torchao/_models (SAM/SAM2) and its orphaned consumers") == \
        "Delete the models folder and its orphaned consumers"
    assert said("Delete experimental custom Triton autotuner from torchao/kernel") == \
        "Delete experimental custom Triton autotuner from the kernel folder"
    assert said("[ty] Implement LSP `textDocument/implementation` request (#25410)") == \
        "Implement LSP implementation request"
    assert said("Remove dead consumers of deleted torchao/_models.llama and _eval") == \
        "Remove dead consumers of deleted models llama module and eval"
    assert said("Split fwd/bwd kernels") == "Split fwd and bwd kernels"  # was "slash" to the ear
    assert spoken_tag("`flake8-pyi`", []) == "flake8 pyi"


@pytest.mark.parametrize(("written", "said"), [
    ("np.[as]array fix incorrect inference", "np.asarray fix incorrect inference"),  # numpy 08-13
    ("specialized pow[er] ufunc", "specialized power ufunc"),  # numpy 07-20
    ("Support Annotated inside type[...]", "Support Annotated inside type"),  # ruff 08-10
    ("Support type[Protocol]", "Support type of Protocol"),  # ruff 07-14
    ("Add a section to np.ma.view [skip actions]", "Add a section to np.ma.view"),  # numpy 07-15
])
def test_bracket_notations_are_said_as_a_reader_says_them(written, said):
    assert speakable(written) == said


def test_a_leading_issue_number_is_not_said():
    assert spoken_title("#31993: Return FAIL if the cast fails") == "Return FAIL if the cast fails"


def test_a_multiplier_is_times_but_an_architecture_name_is_not():
    """bench_factlock: "s390x" came out "s390 times"."""
    assert speakable("builds for s390x and ppc64le") == "builds for s390x and ppc64le"
    assert speakable("a 2x speedup, up to 1.5× faster.") == "a 2 times speedup, up to 1.5 times faster."


@pytest.mark.parametrize(("written", "said"), [
    # bench_script's remaining "slash-word" hits on real days, as a listener hears them
    ("Make grad_output contiguous before the reshape/casts.",
     "Make grad_output contiguous before the reshape and casts."),  # ao 06-11
    ("keeps timing backend-agnostic for ROCm/HIP runs", "keeps timing backend-agnostic for ROCm or HIP runs"),
    ("the variable was read in finally/except, breaking",
     "the variable was read in finally or except, breaking"),
    ("a TypeIs/TypeGuard call without a target", "a TypeIs or TypeGuard call without a target"),
    ("aligned t-string/bytes mix error with CPython", "aligned t-string and bytes mix error with CPython"),
    ("rendered apart from the full/concise renderers", "rendered apart from the full and concise renderers"),
    ("fixed ufunc float/complex array-like co-promotion",
     "fixed ufunc float and complex array-like co-promotion"),
    ("errno is preserved on Darwin/iOS.", "errno is preserved on Darwin or iOS."),
    ("Split fwd/bwd kernels", "Split fwd and bwd kernels"),
    ("with read/write access for x86/arm", "with read and write access for x86 or arm"),
    ("Wrapping it with DDP / accelerate's prepare", "Wrapping it with DDP or accelerate's prepare"),
    ("landed specialized gcd/lcm and binary bitwise ufuncs",
     "landed specialized gcd and lcm, and binary bitwise ufuncs"),
    ("in the separate CI/configuration PR", "in the separate CI and configuration PR"),  # ruff 08-01
    ("from torchao/kernel and aten/native", "from the kernel folder and the native folder"),
    # owner/repo: the repository's name, with its owner when they differ
    ("Reintroduce demisto/content to ruff-ecosystem", "Reintroduce demisto content to ruff-ecosystem"),
    ("Drop ruff-ecosystem override for apache/airflow", "Drop ruff-ecosystem override for apache airflow"),
    ("reintroducing sphinx-doc/sphinx to the ecosystem", "reintroducing sphinx to the ecosystem"),
    ("bump bokeh/bokeh branch to branch-3.10", "bump bokeh branch to branch-3.10"),
    # what stays: and/or, I/O, A/B, fractions, units
    ("and/or I/O with A/B tests in 1/2 the time at 5 MB/s",
     "and/or I/O with A/B tests in 1/2 the time at 5 megabytes per second"),
])
def test_a_word_slash_word_is_said_as_a_listener_hears_it(written, said):
    """The story's titles (``heard``) and the body reader's sentences say them; ``speakable``
    alone leaves names and word pairs whole."""
    from studio.script.slashes import say_slashes

    assert say_slashes(speakable(written)) == said


def test_a_path_ending_a_sentence_keeps_its_full_stop_and_is_a_path():
    """ruff 08-15: "into `types/class/implicit_attributes.rs`." was said "types, class and
    implicit_attributes.rs." (the full stop made it look like a list of names)."""
    assert speakable("and into `types/class/implicit_attributes.rs`.") == \
        "and into the implicit_attributes file."


@pytest.mark.parametrize(("written", "said"), [
    ("protocol classes declared in ordinary .pyi files get",
     "protocol classes declared in ordinary pyi files get"),
    ("made spin pick up .coveragerc.", "made spin pick up the coveragerc file."),
    ("Ignore the .gitignore entries", "Ignore the gitignore entries"),
])
def test_a_dot_name_is_said_without_its_dot(written, said):
    """ruff 08-21 ".pyi files", numpy 08-05 "pick up .coveragerc": a dot before a word."""
    assert speakable(written) == said


@pytest.mark.parametrize(("raw", "spoken"), [
    ("[ty] Pydantic: Support special underscore parameters in `BaseSettings` models (#27098)",
     "Support special underscore parameters in BaseSettings models for Pydantic"),
    ("[ty] Pydantic: Stricter validation of sub-model fields in lax mode (#27091)",
     "Stricter validation of sub-model fields in lax mode for Pydantic"),
    ("[ty] Semantic syntax errors: Detect duplicate keys",
     "Detect duplicate keys for semantic syntax errors"),
    ("Dataclass transform: Respect field specifiers", "Respect field specifiers for dataclass transform"),
    # a verb before the colon is the title itself, not an area
    ("Simplify granularity: Drop the old path", "Simplify granularity: Drop the old path"),
])
def test_a_capitalised_area_before_a_colon_is_said_after_the_title(raw, spoken):
    """ruff 07-22: "David Peter landed Pydantic: Support special underscore ..."."""
    assert spoken_title(raw) == spoken


def test_irregular_verbs_of_titles_are_said_in_the_past():
    from studio.script.story.verbs import did

    assert did("Draw the map tiles lazily") == "drew the map tiles lazily"
    assert did("Redraw the canvas on resize") == "redrew the canvas on resize"
    assert did("Bring back the old loader") == "brought back the old loader"
    assert did("Grow the buffer in steps") == "grew the buffer in steps"
