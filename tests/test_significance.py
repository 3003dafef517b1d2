"""Significance from the change itself: sizes by kind of file, new and removed modules,
deprecations, releases, and housekeeping only for real chores."""

from __future__ import annotations

from day_fixtures import at, change, commit, digest_of, sha_of

from studio.digest.significance import ranked
from studio.sources.model import Day, load_day, save_day

BACKEND = [
    change("torchao/prototype/moe_training/nvfp4/__init__.py", 12, 0, "added"),
    change("torchao/prototype/moe_training/nvfp4/grouped_mm.py", 1337, 0, "added"),
    change("torchao/prototype/moe_training/nvfp4/kernels_triton.py", 1290, 0, "added"),
    change("torchao/prototype/moe_training/__init__.py", 3, 1),
    change("test/prototype/moe_training/test_nvfp4_grouped_mm.py", 561, 0, "added"),
    change("benchmarks/prototype/nvfp4/bench_grouped_mm.py", 60, 0, "added"),
]


def _day():
    return digest_of([
        commit("backend", "[test] NVFP4 grouped GEMM backend for MoE training (#4598)", at(9),
               BACKEND, author="Ryan Spring"),
        commit("typo", "Fix typo in README (#4802)", at(10), [change("README.md", 1, 1)],
               author="Pat Auld"),
        commit("crash", "Fix crash when the input is empty (#4810)", at(11),
               [change("torchao/quantization/quant_api.py", 14, 3),
                change("test/quantization/test_quant_api.py", 20, 0)], author="Bo Hn"),
        commit("ci", "[CI] Reuse the setup-xpu action (#4799)", at(12),
               [change(".github/workflows/xpu_test.yml", 10, 25)], author="Chuanqi Wang"),
        commit("owners", "Assign XPU code ownership (#4716)", at(13),
               [change(".github/CODEOWNERS", 2, 0)], author="Li Zhang"),
        commit("tests", "Unskip the float8 tests (#4811)", at(14),
               [change("test/float8/test_base.py", 4, 12)], author="Bo Hn"),
        commit("docs", "Document the sparsity workflow (#4812)", at(15),
               [change("docs/source/sparsity.rst", 80, 3), change("docs/source/index.rst", 1, 0)],
               author="Ann Doc"),
        commit("lock", "Bump lodash from 4.17.20 to 4.17.21 (#4813)", at(16),
               [change("package-lock.json", 3, 3), change("package.json", 1, 1)],
               author="dependabot[bot]", email="49699333+dependabot[bot]@users.noreply.github.com"),
        commit("reqs", "MAINT: Bump hypothesis from 6.165.0 to 6.165.1 in /requirements (#32265)",
               at(17), [change("requirements/test_requirements.txt", 1, 1)],
               author="dependabot[bot]", email="49699333+dependabot[bot]@users.noreply.github.com"),
        commit("merge", "Merge pull request #32383 from numpy/dependabot/pip/requirements/hyp-6",
               at(18), [change("requirements/test_requirements.txt", 1, 1)],
               body="MAINT: Bump hypothesis from 6.165.1 to 6.166.0 in /requirements",
               author="Charles Harris"),
        commit("submodule", "MAINT: Update SVML submodule to latest (#32375)", at(19),
               [change("numpy/_core/src/umath/svml", 1, 1)], author="Raghuveer Devulapalli"),
    ])


def test_a_big_new_backend_titled_test_is_not_housekeeping_and_ranks_first():
    d = _day()
    by = {c.sha: c for c in d.commits}
    backend = by[sha_of("backend")]
    assert backend.sig.housekeeping == ""
    assert backend.sig.code_lines == 1337 + 1290 + 12 + 4 + 60
    assert backend.sig.test_lines == 561
    assert "torchao.prototype.moe_training.nvfp4" in backend.sig.new_modules
    assert backend.sig.kind == "feature"
    assert ranked(d)[0].sha == backend.sha
    # it is told with the work, not in the housekeeping group
    group = next(g for g in d.groups if backend.sha in {c.sha for c in g.commits})
    assert not group.housekeeping and group.commits[0].sha == backend.sha
    assert backend.theme != "tests"


def test_a_one_character_readme_typo_is_housekeeping_and_last():
    d = _day()
    order = ranked(d)
    typo = next(c for c in d.commits if c.sha == sha_of("typo"))
    assert typo.sig.housekeeping == "typo"
    assert order[-1].sha == typo.sha
    assert all(c.sig.housekeeping for c in order[order.index(typo):])
    assert max(d.commits, key=lambda c: c.weight).sha != typo.sha
    chores = [g for g in d.groups if g.housekeeping]
    assert typo.sha in {c.sha for g in chores for c in g.commits}


def test_housekeeping_kinds():
    d = _day()
    kinds = {c.sha: c.sig.housekeeping for c in d.commits}
    assert kinds[sha_of("ci")] == "ci"
    assert kinds[sha_of("owners")] == "owners"
    assert kinds[sha_of("tests")] == "tests"
    assert kinds[sha_of("docs")] == "docs"
    assert kinds[sha_of("lock")] == "ci"
    assert kinds[sha_of("reqs")] == "ci"
    assert kinds[sha_of("merge")] == "ci"  # a merge commit tells its PR's title in the body
    assert kinds[sha_of("submodule")] == "ci"
    crash = next(c for c in d.commits if c.sha == sha_of("crash"))
    assert crash.sig.housekeeping == "" and crash.sig.kind == "fix"
    assert any("crash" in r for r in crash.sig.reasons)
    order = [c.sha for c in ranked(d)]
    assert order.index(sha_of("crash")) < order.index(sha_of("ci"))


def test_removal_of_public_modules_and_exports():
    d = digest_of([
        commit("gone", "Delete unused quantization logger prototype (#4796)", at(9), [
            change("torchao/prototype/quant_logger/__init__.py", 0, 29, "deleted"),
            change("torchao/prototype/quant_logger/quant_logger.py", 0, 281, "deleted"),
            change("test/prototype/quant_logger/test_quant_logger.py", 0, 234, "deleted"),
            change("docs/source/api_reference/api_ref_prototype_quant_logger.rst", 0, 29,
                   "deleted"),
        ], pr_body="## Summary\n\n- delete `torchao.prototype.quant_logger` and its seven "
                   "exported APIs\n"),
        commit("exports", "Delete unused codebook utility APIs (#4773)", at(10), [
            change("torchao/prototype/quantization/codebook_utils/__init__.py", 0, 8),
            change("torchao/prototype/quantization/codebook_utils/codebook_utils.py", 2, 448),
        ], pr_body="- delete four zero-consumer prototype exports: `quantize_dispatch`, "
                   "`dequantize_dispatch`, `save_quantized_data`, and `load_quantized_data`\n"
                   "- delete the private helpers reachable only from those APIs\n"),
        commit("private", "Remove shadowed GGUF tensor method (#4750)", at(11), [
            change("torchao/prototype/quantization/gguf/_helpers.py", 0, 40, "deleted")]),
    ])
    by = {c.sha: c for c in d.commits}
    gone = by[sha_of("gone")].sig
    assert gone.kind == "removal" and gone.housekeeping == ""
    assert gone.removed_modules == ["torchao.prototype.quant_logger"]
    assert "torchao.prototype.quant_logger" in gone.api_removed
    names = by[sha_of("exports")].sig.api_removed
    assert names == ["quantize_dispatch", "dequantize_dispatch", "save_quantized_data",
                     "load_quantized_data"]
    private = by[sha_of("private")].sig
    assert private.removed_modules and private.api_removed == []


def test_deprecation_version_and_release():
    d = digest_of([
        commit("dep", "Deprecate `Float8Linear.from_float` in favour of `convert_to_float8` (#1)",
               at(9), [change("torchao/float8/float8_linear.py", 18, 2)]),
        commit("typo-dep", "Fix typo in the `deprecated` parameter name (#2)", at(10),
               [change("torchao/utils.py", 1, 1)]),
        commit("removed-dep", "Remove deprecated torchao/dtypes package (#3)", at(11),
               [change("torchao/dtypes/__init__.py", 0, 50, "deleted"),
                change("torchao/dtypes/utils.py", 0, 300, "deleted")]),
        commit("version", "Bump version to 0.17.0 (#4)", at(12), [change("version.txt", 1, 1)]),
        commit("release", "Release 0.17.0rc1 (#5)", at(13),
               [change("version.txt", 1, 1), change("RELEASE.md", 20, 0)]),
        commit("ruff-release", "Bump 0.16.4 (#27937)", at(14),
               [change("CHANGELOG.md", 57, 0), change("Cargo.lock", 37, 37),
                change("Cargo.toml", 36, 36), change("crates/ruff/Cargo.toml", 1, 1)]),
        commit("release-sh", "Export `UV_DEFAULT_INDEX` in `release.sh` (#27934)", at(15),
               [change("scripts/release.sh", 3, 2)]),
        commit("reports", "[ty] Report deprecated unary operations (#27584)", at(16),
               [change("crates/ty_python_semantic/src/types/infer.rs", 80, 10)],
               body="This flags `__invert__` as deprecated for `Literal[True]`."),
        commit("dep-version", "Update mimalloc version to 0.1.52 (#27586)", at(17),
               [change("Cargo.toml", 1, 1), change("Cargo.lock", 4, 4)]),
    ])
    by = {c.sha: c.sig for c in d.commits}
    assert by[sha_of("dep")].kind == "deprecation" and by[sha_of("dep")].deprecations
    assert by[sha_of("typo-dep")].housekeeping == "typo"
    assert by[sha_of("typo-dep")].deprecations == [] and by[sha_of("typo-dep")].kind == "fix"
    assert by[sha_of("removed-dep")].kind == "removal"
    assert by[sha_of("removed-dep")].deprecations == []
    assert by[sha_of("version")].kind == "version" and by[sha_of("version")].housekeeping == ""
    assert by[sha_of("release")].kind == "release"
    assert by[sha_of("version")].score > by[sha_of("typo-dep")].score
    assert by[sha_of("ruff-release")].kind == "release"
    assert by[sha_of("release-sh")].kind != "release"
    assert by[sha_of("reports")].kind != "deprecation" and by[sha_of("reports")].deprecations == []
    assert by[sha_of("dep-version")].housekeeping == "ci"  # a dependency's version, not ours


def test_old_day_without_sizes_falls_back_to_titles_and_paths(tmp_path):
    d = digest_of([
        commit("docs", "Fix typo in the serialization docs (#670)", at(9),
               files=["docs/source/notes/serialization.rst"]),
        commit("code", "Reject allocations over the memory fraction early (#680)", at(10),
               files=["c10/cuda/CUDACachingAllocator.cpp"]),
    ])
    by = {c.sha: c for c in d.commits}
    assert by[sha_of("docs")].sig.housekeeping != ""
    assert by[sha_of("code")].sig.housekeeping == ""
    assert ranked(d)[0].sha == sha_of("code")


def test_changes_and_pr_body_round_trip_through_the_day_file(tmp_path):
    c = commit("rt", "Add a thing (#1)", at(9), [change("src/a.py", 3, 1, "added")],
               pr_body="## Summary\nIt adds a thing.")
    day = Day(repo="octo/widgets", branch="main", date="2026-08-18", tz="UTC", source="git",
              start="2026-08-18T00:00:00+00:00", end="2026-08-19T00:00:00+00:00", commits=[c])
    save_day(day, tmp_path / "day.json")
    back = load_day(tmp_path / "day.json").commits[0]
    assert back.changes == c.changes and back.pr_body == c.pr_body
    d = digest_of([back])
    assert d.commits[0].changes == c.changes and d.commits[0].pr_body == c.pr_body


def test_a_small_segfault_fix_outranks_a_bigger_typing_stub_change():
    d = digest_of([
        commit("stub", "TYP: ``np.asarray`` improved shape-typing (#32263)", at(9),
               [change("numpy/_core/multiarray.pyi", 180, 70),
                change("numpy/typing/tests/data/reveal/array_constructors.pyi", 40, 10)]),
        commit("segv", "BUG: fix segfault for reduce-like operations (#32264)", at(10),
               [change("numpy/_core/src/umath/reduction.c", 10, 4),
                change("numpy/_core/tests/test_ufunc.py", 12, 0)]),
    ], repo="numpy/numpy")
    assert [c.sha for c in ranked(d)] == [sha_of("segv"), sha_of("stub")]
    assert "fixes a crash or regression" in ranked(d)[0].sig.reasons


def test_crash_words_without_a_fix_are_not_a_crash_fix():
    d = digest_of([
        commit("report", "Add crash reporting to the language server (#1)", at(9),
               [change("crates/server/src/report.rs", 40, 0, "added")]),
        commit("panic", "[ty] Avoid panic on unpacked kwargs in string annotations (#27963)", at(10),
               [change("crates/ty_python_semantic/src/types/infer.rs", 5, 1)]),
    ])
    by = {c.sha: c.sig for c in d.commits}
    assert by[sha_of("report")].kind == "feature"
    assert "fixes a crash or regression" not in by[sha_of("report")].reasons
    assert by[sha_of("panic")].kind == "fix" and "fixes a crash or regression" in by[sha_of("panic")].reasons
