"""Short excerpts of real commit and PR bodies (pytorch/ao, astral-sh/ruff, numpy/numpy,
summer 2026), the author's prose kept as written; code blocks in them are replaced by a
stand-in snippet of our own. Used by tests/test_bodies.py."""

SNIPPET = "```python\nvalue = other = 1\n```"

SAMPLES: dict[str, tuple[str, str]] = {
    # ---- astral-sh/ruff (squash merges, "## Summary" / "## Test plan" template)
    "ruff_multi_target": (
        "[ty] Avoid duplicate bindings in multi-target assignments (#27938)",
        "## Summary\n\nPreviously, chained assignments could panic when their shared right-hand\n"
        "side contained both an assignment expression and a lambda:\n\n" + SNIPPET + "\n\n"
        "Each target independently imported the same nested binding, violating\n"
        "the uniqueness invariant for inferred bindings.\n\n"
        "We now record whether an assignment's value bindings belong to its\n"
        "definition or its enclosing statement during semantic indexing.\n"
        "Statements claim shared bindings once while individual targets retain\n"
        "contextual expression inference.\n",
    ),
    "ruff_slots": (
        "[ty] Support `__slots__` (#27730)",
        "## Summary\n\nPreviously, we did not model `__slots__` as instance storage, so slotted\n"
        "attributes were not recognized consistently and classes without an\n"
        "instance dictionary could accept arbitrary attribute assignments.\n\n" + SNIPPET + "\n\n"
        "We now represent slots as class descriptors and track instance layouts\n"
        "through inheritance.\n\nCloses https://github.com/astral-sh/ty/issues/1268.\n",
    ),
    "ruff_protocol_meta": (
        "[ty] Recognize ABC metaclass methods on protocols (#27897)",
        "Valid calls such as `collections.abc.Mapping.register(...)` currently\n"
        "produce missing-attribute errors. Using `register` as a class decorator\n"
        "can also hide the registered class's members and generic parameters,\n"
        "causing further false positives and negatives.\n\n"
        "This PR gives protocol classes declared in source or ordinary `.pyi`\n"
        "files the metaclass `typing._ProtocolMeta`, which derives from\n"
        "`ABCMeta`. That makes ABC methods available and preserves the types of\n"
        "registered classes. It also lets ty report incompatible custom\n"
        "metaclasses.\n\nFixes https://github.com/astral-sh/ty/issues/1204.\n\n"
        "## Test plan\n\n- Cover protocol metaclasses, bundled and custom typeshed, and\n"
        "registration decorators that preserve generic classes.\n",
    ),
    "ruff_unpacked_kwargs": (
        "[ty] Avoid panic on unpacked kwargs in string annotations (#27963)",
        "## Summary\n\nPreviously, `Annotated` metadata containing unpacked keyword arguments\n"
        "could panic when the annotation was written as a string:\n\n" + SNIPPET + "\n\n"
        "We now skip dictionary-key narrowing inside string annotations while\n"
        "preserving ordinary call inference.\n",
    ),
    "ruff_constructor_cycles": (
        "[ty] Guard recursive constructor bindings by receiver (#27958)",
        "## Summary\n\nFixes astral-sh/ty#4347.\n\n"
        "Constructor signature expansion can revisit the same receiver through\n"
        "class-valued `__new__`, `__init__`, or metaclass `__call__`, recursively\n"
        "expanding bindings until ty overflows the stack.\n\n"
        "Track active constructor receivers during binding expansion and return a\n"
        "gradual signature when an exact receiver repeats.\n\n"
        "## Test plan\n\nExtend the constructor mdtests to cover:\n\n"
        "- The reported generic decorator, mutual and generic constructor cycles.\n\n"
        "The full `ty_python_semantic` test suite, Clippy, and applicable\n"
        "repository hooks pass.\n",
    ),
    "ruff_pytest_template": (
        "[ty] Recognize pytest parametrization with a known class (#27960)",
        "<!--\nThank you for contributing to Ruff/ty! To help us out with reviewing,\n"
        "please consider the following:\n\n- Does this pull request include a summary of the change?\n"
        "-->\n\n## Summary\n\n<!-- What's the purpose of the change? -->\n"
        "This applies a lesson that I learned from\n`https://github.com/astral-sh/ruff/pull/27834`: the\n"
        "[`@pytest.mark.parametrize`](https://docs.pytest.org/en/stable/how-to/parametrize.html)\n"
        "decorator can be recognized with a known class. This helps standardize\n"
        "the intepretation of that decorator in anticipation of new consumers,\n"
        "and also improves our ability to recognize the canonical decorator\n"
        "through aliases.\n\n## Test Plan\n\nSee included tests.\n<!-- How was it tested? -->\n",
    ),
    "ruff_typo_ai": (
        "Fix duplicated \"of\" in ClientOptions doc comment (#27978)",
        "## What\nFixed duplicated word 'of' in the doc comment for the client\n"
        "configuration struct in crates/ruff_server/src/session/options.rs\n\n"
        "## How verified\nRead the surrounding code; the comment read with a clear\n"
        "duplicate word, corrected to 'of the'. Confirmed via git diff after\nedit.\n\n"
        "---\nPrepared with Claude Code assistance and reviewed by Aarush's\n"
        "automation gates (diff-size, file-scope, deletion, and build checks)\nbefore opening.\n\n"
        "Co-authored-by: Claude Fable 5 <noreply@anthropic.com>\n",
    ),
    "ruff_npm_scripts": (
        "Disable `npm` install scripts by default (#27837)",
        "The playground workflows disable dependency lifecycle scripts, but\n"
        "ordinary local installs in the playground, its API, and the ty benchmark\n"
        "project still enable them. Set `ignore-scripts` in each project's\n"
        "`.npmrc` so the same default applies outside CI, while preserving the\n"
        "existing seven-day release-age policy.\n\n"
        "Related: astral-sh/ruff-vscode#1151 and astral-sh/ty-vscode#525 apply\n"
        "the same install-script default to the editor extensions.\n\n---------\n\n"
        "Co-authored-by: zaniebot <242828183+zaniebot@users.noreply.github.com>\n",
    ),
    "ruff_pep723": (
        "[ty] Skip scripts with an invalid PEP 723 configuration (#27505)",
        "## Summary\n\nSkip checking scripts with invalid PEP 723 metadata blocks, that are,\n"
        "blocks that ty can't parse successfully or configurations that don't\n"
        "resolve successfully. Instead, emit one diagnostic that points to the\n"
        "invalid metadata.\n\nty still initializes a `Program` for each of those scripts so that LSP\n"
        "operations continue to work. But we skip those scripts in all code paths\n"
        "where we perform semantic checks.\n\nFixes https://github.com/astral-sh/ty/issues/4181.\n\n"
        "## Test plan\n\nAdded tests\n",
    ),
    "ruff_while_one": (
        "[`pyupgrade`] Add rule to replace `while 1` with `while True` (`while-one`, `UP048`) (#27190)",
        "## Summary\n\nA very simple pyupgrade-style rule to migrate Python-2 style infinite\n"
        "while loops (`while 1`) into more idiomatic `while True`.\n\nCloses #21870\n\n"
        "## Test Plan\n\n1. Look at new mdtest\n2. Look at ecosystem resulst\n\n"
        "## Coding Agent disclaimer\n\nCode was initially written by Claude Opus 5. Fully human reviewed.\n\n"
        "---------\n\nCo-authored-by: Claude Opus 5 (1M context) <noreply@anthropic.com>\n"
        "Co-authored-by: Brent Westbrook <36778786+ntBre@users.noreply.github.com>\n",
    ),
    "ruff_protocol_slow": (
        "[ty] Optimize inherited recursive protocol comparisons (#27922)",
        "Generic classes inheriting recursive protocols can repeatedly expand the\n"
        "same protocol interface when contextual constructor inference or\n"
        "diagnostic collection binds explicitly constrained method receivers.\n"
        "Programs with several inherited recursive members then become\n"
        "pathologically slow.\n\nCheck finite requirements first for nominally inherited protocols, and\n"
        "stop expanding recursive requirements once their constraints establish\n"
        "the inherited relationship.\n\nPart of astral-sh/ty#4269.\n\n## Test plan\n\n"
        "- Protocol mdtests cover contextual constructor inference.\n",
    ),
    "ruff_lazy_defaults": (
        "[ty] Lazily infer function parameter default types (#27857)",
        "Fixes astral-sh/ty#4308 by separating two questions: does a parameter\n"
        "have a default, and what type does that default expression have?\n\n## The failure\n\n"
        "This small example currently causes ty to panic with `too many cycle\niterations`:\n\n"
        + SNIPPET + "\n\nThe fix is to let ty determine that `x` has a default value (can be\n"
        "omitted from calls) without first working out the type of `lambda: f`.\n",
    ),
    "ruff_release_env": (
        "Export `UV_DEFAULT_INDEX` in `release.sh` (#27934)",
        "Passing an additional `--default-index` flag to the initial `uv run` also\n"
        "works, but it seems easier to export the environment variable for the whole\n"
        "workflow.\n\n## Test Plan\n\nManual testing in today's release.\n",
    ),
    "ruff_tuple_materialization": (
        "[ty] Fix invariant gradual tuple materialization ranges (#27946)",
        "`tuple[Any, ...]` can materialize to an exact built-in tuple of any\nlength. "
        "As a result, valid specializations can be\nrejected, and an exhaustive variadic-generic "
        "class pattern can appear\nnon-exhaustive.\n\nThe full fix here will be more invasive, and I "
        "prefer to delay that until we've\nmade some more general decisions.\n\n"
        "This is an independent prerequisite for both #27920 and #27943. It does\n"
        "not change `Never` tuple normalization or static tuple disjointness.\n",
    ),
    "ruff_literal_narrowing": (
        "[ty] Allow unsafe equality-based narrowing for builtins (#26414)",
        "## Summary\n\nThis PR allows `str`, `int`, and `bytes` types to narrow to literal\n"
        "values when an equality check succeeds by default.\n\n"
        "The behavior is unsound because a subclass could override `__eq__`, but\n"
        "it is convenient for users and matches other type checkers. Users who\n"
        "prefer conservative behavior can enable `strict-literal-narrowing`; the\n"
        "option defaults to `false`.\n\n```toml\n[tool.example]\nsetting = true\n```\n\n"
        "For example, the default behavior allows:\n\n" + SNIPPET + "\n",
    ),
    # ---- pytorch/ao (squash merges, PyTorch-style bodies)
    "ao_cutlass_rename": (
        "Fix RoundingModeKind incompatible with nvidia-cutlass-dsl 4.6.0+ (#4765)",
        "nvidia-cutlass-dsl 4.6.0 renamed RoundingModeKind -> FPRoundingMode,\n"
        "while both existed in 4.5.0. #4725 recently added references to the\n"
        "old name, resulting in the following error. This breaks compatibility\n"
        "with vllm nightly, which currently depends on 4.6.2:\n\n```\nAttributeError: stand-in\n```\n\n"
        "According to claude:\n```\nRename the three uses to `FPRoundingMode`, which is correct on every\n"
        "released version.\n```\n",
    ),
    "ao_ptx_guard": (
        "Guard three-input PTX max by CUDA and architecture (#4805)",
        "Original changes by @lw (Luca Wehrstedt), from D116784835.\n\n**Summary:**\n"
        "The three-input `max.NaN.abs.f32` form needs PTX ISA 8.8 and an SM100+\n"
        "target. `CUDA_VERSION >= 12090` checks that the compiler can emit the ISA\n"
        "syntax, while `__CUDA_ARCH__ >= 1000` checks the selected GPU architecture.\n"
        "Older toolchains or targets use a NaN-propagating two-input max fallback.\n\n"
        "**Test Plan:**\n- Generated code for CUDA 12.8/SM100, CUDA 12.9/SM90, and CUDA 12.9/SM100;\n"
        "  the first two selected the fallback.\n- Assembled the fallback output as PTX ISA 8.7.\n",
    ),
    "ao_readme_link": (
        "Fixes Workflows documentation link in README.md (#4802)",
        "The link 404'd. Moving to the correct one at "
        "https://docs.pytorch.org/ao/main/workflows/index.html\n",
    ),
    "ao_ghstack_update": ("Delete torchao.sparsity, torchao.prototype.sparsity, and torchao.kernel (#4728)",
                          "Update\n\n[ghstack-poisoned]\n"),
    "ao_phabricator": ("Fold quantization into mutable buffer storage (#4665)",
                       "Differential Revision: D113826710\n\n"
                       "Pull Request resolved: https://github.com/pytorch/ao/pull/4665\n"),
    "ao_device_asserts": (
        "Make the grouped RHT device-side input checks opt-in",
        "The three `_assert_async` launches guarding the device-resident group\n"
        "metadata cost ~9 us of device time each, measured both as CUDA self-time and\n"
        "as wall time in a replayed CUDA graph. That is 33 us per call against a\n"
        "19.8 us kernel at the DeepSeek-V3 671B expert shape, so validation more than\n"
        "doubled every grouped RHT amax and quantize call on both backends.\n\n"
        "So gate them behind\nTORCHAO_NVFP4_GROUP_DEVICE_ASSERTS=1 rather than trying to make them\n"
        "cheaper.\n\n"
        "671B E=4 gate/up, device us per call:\n\n"
        "    amax      55.8 -> 22.6 (cutedsl)   73.2 -> 40.0 (triton)\n"
        "    quantize  97.7 -> 64.6 (cutedsl)  121.4 -> 87.8 (triton)\n\n"
        "Co-Authored-By: Claude Opus 5 <noreply@anthropic.com>\n",
    ),
    "ao_inf_norm": (
        "Take the per-expert weight amax as an inf-norm",
        "`weight.float().abs().amax(dim=(1, 2))` materialized the whole (E, N, K)\n"
        "weight in fp32 before reducing it, moving ~700 MB to read 117 MB at the\n"
        "DeepSeek-V3 671B expert shape.\n\nOne MoE layer fwd+bwd (4 local experts, 2048 tokens/expert), "
        "3 grouped GEMMs:\n\n    before  3461 us   116 launches\n    after   2762 us   113 launches\n\n"
        "The abs and fp32 reduce collapse into a single 119 us bf16 reduce, and the\n"
        "copy the upcast forced disappears with them.\n",
    ),
    "ao_rc_bump": ("bump version to 0.19.0 (#4668)",
                   "The RC for 0.18.0 has just been cut, bumping the version.\n"),
    "ao_int64": (
        "Promote grouped NVFP4 activation tile indices to int64",
        "The tiled RHT amax kernel and the RHT row/col quantize kernel index the\n"
        "packed activation A (and its FP4 code stores) with int32 row-tile indices.\n"
        "Once the packed token count times N exceeds 2**31, the row*stride products\n"
        "wrap and silently corrupt memory. Cast the tile index to int64 once at its\n"
        "definition so every derived offset inherits int64.\n\n"
        "Verified on GB200 (SM100): the grouped RHT amax, quantize, and end-to-end\n"
        "NVFP4 grouped-MM test modules all pass unchanged.\n\n"
        "Co-Authored-By: Claude Opus 4.8 <noreply@anthropic.com>\n",
    ),
    # ---- numpy/numpy (merge commits and squash merges, mostly short)
    "numpy_merge_deprecate": ("Merge pull request #32015 from prathamhole14/dep_lapack_lite-",
                              "DEP: Deprecate `numpy.linalg.lapack_lite` module\n"),
    "numpy_dependabot_merge": (
        "Merge pull request #32383 from numpy/dependabot/pip/requirements/python-deps-05aedb351d",
        "MAINT: Bump hypothesis from 6.165.3 to 6.165.7 in /requirements in the python-deps group\n"),
    "numpy_dependabot_squash": (
        "MAINT: Bump gitpython from 3.1.58 to 3.1.59 in /requirements in the python-deps group (#32322)",
        "Signed-off-by: dependabot[bot] <support@github.com>\n"
        "Co-authored-by: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\n"),
    "numpy_fast_path": (
        "PERF: Exact NDArray reduction fast path (#32041)",
        "Adds an exact-ndarray fast path for np.sum, np.prod, np.min/np.max, np.amin/np.amax, and "
        "np.any/np.all. The __array_function__ dispatcher now parses reduction arguments in C and "
        "directly invokes the corresponding ufunc.reduce, avoiding Python dispatch overhead for "
        "common calls. Custom array types and arguments still use the original dispatch logic, so "
        "their override behavior is preserved.\n",
    ),
    "numpy_loop_cache": (
        "ENH: Improve ufunc performance by caching the loop function (#31068)",
        "Rather than looking up loops with the `PyUFunc_DefaultLegacyInnerLoopSelector` every time, "
        "this caches\nthe actual loop on the ArrayMethod.\n\n"
        "Conceptually, this is the right thing, but there are two annoyances unfortunately:\n"
        "1. We have a `ReplaceLoopByDescr` whether it is used by anyone is another question.\n"
        "2. We allow dict registration of dtypes which is contrary to how ufunc dispatching works.\n",
    ),
    "numpy_coauthor_only": ("MAINT: parse dtype endian as unicode directly (gh-15317) (#32353)",
                            "Co-authored-by: Nathan Goldbaum <nathan.goldbaum@gmail.com>\n"),
    "numpy_empty": ("TYP: ``linalg.svd`` shape-typing (#32368)", ""),
}
