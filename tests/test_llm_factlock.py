"""The fact lock on a day whose records are written as developers write them (identifiers,
acronyms in lower case, plurals): true sentences that say those words another way pass, every
planted fabrication (a number, a name, an identifier, a version, a date) is caught, and "no
action needed" is a claim the day's findings can contradict."""

from __future__ import annotations

import datetime as dt

import pytest
from gitrepo import GH_COMMITTER, RepoBuilder, at, squash

from studio.digest.build import build_digest
from studio.pipeline import SourceSpec, pull_day
from studio.profile import profile_for
from studio.script.llm.factlock import check_sentence
from studio.script.llm.facts import day_facts

DAY = "2026-03-04"


def _facts(path, breaking: bool):
    c, e = GH_COMMITTER
    shas = {}
    with RepoBuilder(path, origin="https://github.com/octo/quant.git") as r:
        shas["qat"] = r.commit(squash(
            "Add qat_config for int4 weight-only training", 201,
            "Adds a qat prototype: fake-quantizes weights after `apply_hadamard` before "
            "training. The scale is set per attention head via `num_heads`; measured 1.8x less "
            "error on llama."), at(DAY, 9), "Ana Lima", "ana@ex.com", c, e,
            files={"quant/qat.py": "x = 1\n" * 40})
        body = ("The `old_quantize` function is removed; use `quantize_` instead."
                if breaking else "Speeds up the kernel cache lookups.")
        shas["api"] = r.commit(squash("Tidy the quantize entry points", 202, body),
                               at(DAY, 10), "Ben Okafor", "ben@ex.com", c, e,
                               files={"quant/api.py": "y = 2\n" * 10})
    day = pull_day(SourceSpec(git=str(path)), dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo, None)
    digest = build_digest(day, profile)
    return day_facts(digest, profile), {k: v[:7] for k, v in shas.items()}


@pytest.fixture(scope="module")
def day(tmp_path_factory):
    return _facts(tmp_path_factory.mktemp("lock") / "repo", breaking=True)


@pytest.mark.parametrize("text", [
    "Ana Lima added a QAT prototype that fake-quantizes weights for int4 training.",
    "Hadamard comes first: the weights are transformed before training.",
    "Attention Heads each get their own scale.",
    "The new QatConfig, said qat config, sets it up, with 1.8x less error on Llama.",
    "Quantization-aware training arrives as a prototype.",  # a capitalised first word
])
def test_true_sentences_in_another_case_or_form_pass(day, text):
    facts, s = day
    assert check_sentence(text, [s["qat"]], facts) == ""


@pytest.mark.parametrize("text,why", [
    ("Ana Lima added a QAT prototype with 2.4x less error on llama.", "number 2.4"),
    ("Ana Lima and Raj Mehta added a QAT prototype.", "Raj"),
    ("Raj Mehta added a QAT prototype.", "Mehta"),
    ("Ana Lima added qat_trainer for int4 weight-only training.", "qat_trainer"),
    ("Ana Lima added a QAT prototype for PyTorch 2.9.", "version 2.9"),
    ("Ana Lima added a QAT prototype on March 3rd.", "date March 3rd"),
    ("Ana Lima added QATTrainer for int4 weights.", "QATTrainer"),
    ("Ana Lima's prototype rotates the weights with a HADAMARD_SEED of 7.", "HADAMARD_SEED"),
])
def test_planted_fabrications_are_caught(day, text, why):
    facts, s = day
    assert why in check_sentence(text, [s["qat"]], facts)


def test_nothing_to_change_is_a_claim_the_findings_contradict(day, tmp_path):
    facts, s = day
    assert facts.findings  # old_quantize removed: listeners must act
    said = check_sentence("Nothing here needs you to change your code: no action needed.",
                          [s["api"]], facts)
    assert said.startswith("says 'Nothing here needs you to'") and "1 finding" in said
    assert "no migration" in check_sentence("There is no migration to do today.", [], facts)
    quiet, q = _facts(tmp_path / "quiet", breaking=False)
    assert not quiet.findings
    assert check_sentence("Nothing today asks you to change your code.", [], quiet) == ""


def test_a_decimal_in_words_is_one_number():
    """"three point two five" (a model's 3.25) is 3.25, not the numbers two and five: a true
    sentence from a strong model's draft of a real day was replaced for "two five"."""
    from studio.script.llm.numbers import numbers_in

    assert numbers_in("about three point one to three point two five times faster") == {3.1, 3.25}
    assert numbers_in("twelve commits, forty-two files") == {12.0, 42.0}


@pytest.fixture(scope="module")
def strong_day(tmp_path_factory):
    """A day whose records a strong model retold in words the lock once refused: "bf16" said
    "bfloat16", "W4A16" said "four-bit", "3.1-3.25x" as a measurement, a bot's change."""
    c, e = GH_COMMITTER
    path = tmp_path_factory.mktemp("strong") / "repo"
    shas = {}
    with RepoBuilder(path, origin="https://github.com/octo/quant.git") as r:
        shas["w4"] = r.commit(squash(
            "Add packed W4 execution to ROCm", 301,
            "Lowers packed linears to a Triton W4A16 matmul for bf16 models. CuteDSL is about "
            "3.1-3.25x faster than Triton on the sweep. Packing 22 layers can take 0.07s."),
            at(DAY, 9), "Dee Desai",
            "dee@ex.com", c, e, files={"quant/w4.py": "x = 1\n" * 40})
        shas["flag"] = r.commit(squash(
            "Prevent sub-commands from accepting --version", 303,
            "Passing --version to pip install doesn't raise an error but doesn't cause the "
            "version to be shown, confusingly. Reject it in sub-commands."), at(DAY, 8),
            "Islam Asabaev", "islam@ex.com", c, e, files={"src/cli.py": "z = 1\n" * 20})
        shas["bot"] = r.commit(squash("Remove contributor pre-commit configuration", 302,
                                      "CI already invokes each check directly."),
                               at(DAY, 10), "astral-automations-bot[bot]", "bot@ex.com", c, e,
                               files={".pre-commit-config.yaml": "y: 1\n"})
    day = pull_day(SourceSpec(git=str(path)), dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo, None)
    return day_facts(build_digest(day, profile), profile), {k: v[:7] for k, v in shas.items()}


@pytest.mark.parametrize("key,text", [
    ("w4", "Dee Desai added packed four-bit weight execution for bfloat16 models on ROCm."),
    ("w4", "CuteDSL runs about 3.1 to 3.25 times faster than Triton."),
    ("w4", "Packing those layers can take 0.07 seconds."),  # a duration, not a version
    # the record's "--version" is a flag; its "confusingly" says "confusing" (pip 2026-08-08)
    ("flag", "Islam Asabaev changed it so that sub-commands no longer accept the version flag."),
    ("flag", "It did not show the version either, which was confusing."),
    ("bot", "A bot-authored change removed the pre-commit configuration."),
])
def test_a_strong_models_true_retelling_passes(strong_day, key, text):
    facts, s = strong_day
    assert check_sentence(text, [s[key]], facts) == ""


@pytest.mark.parametrize("text,why", [
    ("Dee Desai added packed eight-bit weight execution on ROCm.", "number"),
    ("CuteDSL runs about 4.25 times faster than Triton.", "4.25"),
    ("Packing those layers can take 0.09 seconds.", "0.09"),
    ("It did not show the version either, which was dangerous and slow.", "dangerous"),
    ("It works for bfloat32 models too.", "bfloat32"),
])
def test_the_retelling_allowances_still_catch_fabrications(strong_day, text, why):
    facts, s = strong_day
    assert why in check_sentence(text, [s["w4"]], facts)


@pytest.mark.parametrize("title", ["Scripts Find Their Weights", "Take Two for the Prototype",
                                   "How Long Training Waits"])
def test_a_headline_in_title_case_is_no_list_of_names(day, title):
    from studio.script.llm.factlock import check_title

    facts, s = day
    full = [sha for sha in facts.by_sha if sha.startswith(s["qat"])]
    assert check_title(title, full, facts) == ""


@pytest.mark.parametrize("title,why", [("Raj Mehta's Prototype", "Mehta"),
                                       ("QAT Lands in PyTorch 2.9", "2.9"),
                                       ("Ana Lima Ships QATTrainer", "QATTrainer")])
def test_a_headline_still_may_not_invent(day, title, why):
    from studio.script.llm.factlock import check_title

    facts, s = day
    full = [sha for sha in facts.by_sha if sha.startswith(s["qat"])]
    assert why in check_title(title, full, facts)


def test_the_brief_lists_a_break_before_a_stated_limit(tmp_path):
    # round 6: asked for "at most three" focus items, a strong model's draft kept a stated
    # limit (CMake 3.28) and left out the day's two new runtime requirements; the findings now
    # reach the model most important first, and the brief asks for every break and requirement
    from studio.script.llm.prompt import BRIEF, findings_of

    c, e = GH_COMMITTER
    path = tmp_path / "repo"
    with RepoBuilder(path, origin="https://github.com/octo/quant.git") as r:
        r.commit(squash("Ship the kernels as a library", 301,
                        "Linux only for now: macOS keeps the fused extension."),
                 at(DAY, 11), "Ana Lima", "ana@ex.com", c, e, files={"quant/lib.py": "x\n" * 30})
        r.commit(squash("Tidy the quantize entry points", 302,
                        "The `old_quantize` function is removed; use `quantize_` instead."),
                 at(DAY, 10), "Ben Okafor", "ben@ex.com", c, e, files={"quant/api.py": "y\n" * 9})
    day = pull_day(SourceSpec(git=str(path)), dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo, None)
    from studio.editorial.findings import find_findings

    digest = build_digest(day, profile)
    found = sorted(find_findings(digest.commits), key=lambda f: f.kind != "limitation")
    facts = day_facts(digest, profile, found)  # the plan's findings, a limit first
    kinds = [f["kind"] for f in findings_of(facts)]
    assert "limitation" in kinds and "removal" in kinds, kinds
    assert kinds.index("removal") < kinds.index("limitation"), kinds
    assert "tell every break, removal, rename and new\n   requirement" in BRIEF


@pytest.mark.parametrize("text,title", [
    ("Quantization-Aware Training Gets a Prototype", True),
    ("Ana Lima adds a QAT prototype for int4 training. The old quantize function is gone.",
     False),
    ("Two commits today. Hadamard weights come first, with 1.8x less error.", False),
])
def test_a_true_title_and_summary_are_credited_to_their_commits(day, text, title):
    from studio.script.llm.headline import check_headline

    facts, s = day
    why, shas = check_headline(text, facts, title)
    assert why == "" and any(sha.startswith(s["qat"]) for sha in shas)


@pytest.mark.parametrize("text,title,why", [
    ("The 2026-03-04", True, "names nothing of the day's commits"),
    ("A Quiet Day", True, "is not in the record"),
    ("The prototype is a common application for the production environment, in the cloud "
     "or on the desktop, for user testing.", False, "of its words are in the commits"),
    ("Ana Lima adds a QAT prototype. Raj Mehta reviewed it.", False, "Mehta"),
])
def test_an_invented_title_or_summary_is_caught(day, text, title, why):
    from studio.script.llm.headline import check_headline

    facts, _ = day
    assert why in check_headline(text, facts, title)[0]


def test_a_summary_keeps_its_true_sentences_when_a_later_one_fails(day):
    from studio.script.llm.headline import check_headline, kept_summary

    facts, _ = day
    true = "Ana Lima adds a QAT prototype for int4 training."
    summary = f"{true} Raj Mehta reviewed it."
    assert check_headline(summary, facts, False)[0]  # the whole fails on a name
    assert kept_summary(summary, facts) == true  # the model's own first sentence stays
    assert kept_summary(f"Raj Mehta reviewed it. {true}", facts) == ""  # a false lead: replaced
    assert kept_summary(true, facts) == ""  # one sentence: nothing to keep apart


def test_the_same_author_is_the_one_just_told(day):
    # round 9: "From the same author, ..." after another person's story credited him with a
    # change he did not write (through the writer: llm_day's "misattributed same author" plant)
    from studio.script.llm.claims import same_author
    from studio.script.llm.factlock import resolve

    facts, s = day
    qat, _ = resolve([s["qat"]], facts)
    api, _ = resolve([s["api"]], facts)
    text = "From the same author, the quantize entry points were tidied."
    assert same_author(text, api, api, facts) == ""  # Ben, then Ben again
    assert "same author" in same_author(text, api, qat, facts)  # Ana, then Ben
    assert same_author("Ben Okafor tidied the quantize entry points.", api, qat, facts) == ""
    # "He" or "She" is the person just told (round 23b: "He also reverted that fix" after
    # another person's fix, of the reverter's commit)
    assert "not by the author just told" in same_author("He also tidied the quantize entry "
                                                        "points.", api, qat, facts)
    assert same_author("He also tidied the quantize entry points.", api, api, facts) == ""
    assert same_author("Hence the quantize entry points were tidied.", api, qat, facts) == ""




def _one_commit(path, title: str, pr: int, body: str, files: dict[str, str]):
    """The facts of a day of one commit by Ana Lima, and its short sha."""
    c, e = GH_COMMITTER
    with RepoBuilder(path, origin="https://github.com/octo/one.git") as r:
        sha = r.commit(squash(title, pr, body), at(DAY, 9), "Ana Lima", "ana@ex.com", c, e,
                       files=files)
    day_ = pull_day(SourceSpec(git=str(path)), dt.date.fromisoformat(DAY))
    profile = profile_for(day_.repo, None)
    return day_facts(build_digest(day_, profile), profile), sha[:7]

def test_the_language_a_commits_files_are_written_in_is_in_its_record(day, tmp_path):
    # round 16: "In pydantic-core's Rust code, ... are now boxed" for a change to four .rs
    # files was replaced as an invented name; the language of another commit's files is not
    facts, rs = _one_commit(tmp_path / "repo", "Box rarely-used oversized validator variants",
                            301, "", {"core/src/validators/int.rs": "fn a() {}\n" * 20})
    said = "In the Rust code, the oversized validator variants are now boxed."
    assert check_sentence(said, [rs], facts) == ""
    facts, s = day
    assert "Rust" in check_sentence(said, [s["qat"]], facts)  # that commit's files are Python


def test_a_platform_said_as_people_say_it_is_the_records_name(tmp_path):
    # round 17: "CUDA wheels for Linux on x86 and Arm" for a record's x86_64 and aarch64
    facts, sha = _one_commit(tmp_path / "repo", "Build and publish CUDA wheels", 401,
                             "Add the workflows that build CUDA wheels for Linux x86_64 and "
                             "aarch64.", {".github/workflows/cuda.yml": "on: push\n"})
    assert check_sentence("New workflows build CUDA wheels for Linux on x86 and Arm.",
                          [sha], facts) == ""
    assert "Apple" in check_sentence("New workflows build CUDA wheels for Apple machines.",
                                     [sha], facts)


def test_a_pair_compared_is_not_a_count(tmp_path):
    # rounds 16-18: "Comparing two secret values now takes constant time" was replaced three
    # times; a count the record does not give is still caught
    facts, sha = _one_commit(tmp_path / "repo", "Use constant-time comparison for secret types",
                             402, "", {"src/types.py": "x = 1\n" * 5})
    assert check_sentence("Comparing two secret values now takes constant time.",
                          [sha], facts) == ""
    assert "number nine" in check_sentence("Comparing nine secret values takes constant time.",
                                           [sha], facts)


def test_a_product_family_is_named_as_its_models_are(tmp_path):
    # round 19: "KV-cache export for Ethos-U" was rejected for a record of "Ethos-U85" (the
    # hyphen split the name); a letter the record does not carry is still caught
    facts, sha = _one_commit(tmp_path / "repo", "Arm backend: Add Ethos-U85 KV-cache export", 403,
                             "Exports the KV cache for Ethos-U85 targets.",
                             {"backends/arm/kv.py": "x = 1\n" * 5})
    assert check_sentence("The Arm backend can now export a KV cache for Ethos-U.",
                          [sha], facts) == ""
    assert "Q" in check_sentence("The Arm backend can now export a KV cache for Ethos-Q.",
                                 [sha], facts)


# issue 28 item 4: claims made of ordinary words. The first two are the small model's own
# sentences of the issue (for an op change); the rest are a weak model's stand-in's on real days
@pytest.mark.parametrize("text", [
    "A new project is being developed. It requires a few months to complete.",
    "This makes the code more robust for everyone.",
    "This release fixes a long-standing training bug that many users had reported.",
    "Together these changes make quantization fully safe.",
    "The change also makes the exporter much faster.",
    "Before this, weights were silently dropped, so invalid models could ship.",
])
def test_a_claim_its_commits_do_not_make_is_rejected(day, text):
    facts, s = day
    assert check_sentence(text, [s["qat"]], facts).startswith(("says what happened",
                                                                "claims")), text


@pytest.mark.parametrize("text", [
    "Ana Lima added a prototype that fake-quantizes weights before training.",
    "The scale is now set per attention head.",
    # common knowledge that explains a change, not a claim about it
    "A scale per head lets each head keep its own range of values.",
    "It adds forty lines across one file.",
])
def test_a_claim_in_its_commits_words_passes(day, text):
    facts, s = day
    assert check_sentence(text, [s["qat"]], facts) == "", text


# the held-out corpus's misses (bench/bench_lock_corpus.py, weak-r21): a sweep told of an event,
# a consequence pointed at with "Those", an effect the change "caused", commits called a series
@pytest.mark.parametrize("text, keys, why", [
    ("When training failed, every later step failed too.", ["qat"], "claims 'every'"),
    ("Those weights could end up in logs that anyone could read.", ["qat"],
     "says what happened"),
    ("This caused weights to be dropped before training.", ["qat"], "adds 'caused'"),
    ("Ana Lima and Ben Okafor landed a two part series on quantization.", ["qat", "api"],
     "calls its commits 'two part'"),
    # one commit told as a part of a stack it is not in (ruff 2026-08-09: "The last pull
    # request of the stack", of three changes no author declared a stack)
    ("The last pull request of the stack fake-quantizes weights.", ["qat"],
     "calls its commits 'the stack'"),
])
def test_a_claim_the_held_out_drafts_slipped_past_is_caught(day, text, keys, why):
    facts, s = day
    assert why in check_sentence(text, [s[k] for k in keys], facts), text


@pytest.mark.parametrize("text", [
    "Error fell to at most a fraction of what it was on llama.",  # "at most" is no sweep
    "Ben Okafor also answered questions about stacked pull requests.",  # no series claimed
])
def test_words_near_those_claims_still_pass(day, text):
    facts, s = day
    commits = [s["qat"]] if "Ben" not in text else [s["api"]]
    assert "series" not in check_sentence(text, commits, facts) and \
        "most" not in check_sentence(text, commits, facts), text


def test_a_stack_the_digest_found_may_be_called_a_series():
    from types import SimpleNamespace

    from day_fixtures import at, change, commit, digest_of

    from studio.script.llm.claims import series_claim

    parts = [(4747, "Remove unused NF4 helper", "torchao/quantization/nf4/t.py"),
             (4748, "Remove orphaned MX dispatch module", "torchao/prototype/mx/funcs.py")]
    d = digest_of([commit(f"s{n}", f"{t} (#{n})", at(9, i * 5), [change(p, 0, 40, "deleted")],
                          pr_body="Split from #4742.", author="Zain", email="z@example.com")
                   for i, (n, t, p) in enumerate(parts)], repo="pytorch/ao")
    assert d.stacks, "the fixture is one series"
    shas = [c.sha for c in d.stacks[0].commits]
    facts = SimpleNamespace(digest=d)
    assert series_claim("Zain removed dead code in a two-part series.", shas, facts, "") == ""
    assert series_claim("The last part of the series removed dead code.", shas[1:], facts,
                        "") == ""
    other = SimpleNamespace(digest=SimpleNamespace(stacks=[]))
    assert "no stack" in series_claim("Zain removed dead code in a two-part series.", shas, other,
                                      "")


def test_the_days_commits_are_not_all_its_peoples_when_automation_made_some(tmp_path):
    # pydantic 2026-08-04's weak draft: "8 commits from 3 people, and 2 more of those came from
    # automation" of 6 by people and 2 by bots
    c, e = GH_COMMITTER
    with RepoBuilder(tmp_path / "repo", origin="https://github.com/octo/mix.git") as r:
        r.commit(squash("Add a parser", 11, "Adds a parser."), at(DAY, 9), "Ana Lima",
                 "ana@ex.com", c, e, files={"p.py": "x = 1\n"})
        r.commit(squash("Add a printer", 12, "Adds a printer."), at(DAY, 10), "Ben Okafor",
                 "ben@ex.com", c, e, files={"q.py": "x = 1\n"})
        r.commit(squash("Bump ruff", 13, ""), at(DAY, 11), "dependabot[bot]",
                 "49699333+dependabot[bot]@users.noreply.github.com", c, e,
                 files={"requirements.txt": "ruff\n"})
    day_ = pull_day(SourceSpec(git=str(tmp_path / "repo")), dt.date.fromisoformat(DAY))
    profile = profile_for(day_.repo, None)
    facts = day_facts(build_digest(day_, profile), profile)
    assert facts.digest.stats.bot_commits == 1 and facts.digest.stats.authors == 2
    assert "automation made" in check_sentence("We have 3 commits from 2 people, plus one "
                                               "from automation.", [], facts)
    assert check_sentence("There were 3 commits from 2 people, and one of those came from "
                          "automation.", [], facts) == ""
    assert check_sentence("We have 2 commits from two people, plus one from automation.", [],
                          facts) == ""


def test_a_files_kind_and_a_compound_are_words_of_its_record(tmp_path):
    # numpy 2026-08-07: a commit of .pyi files is a change to type stubs; uv 2026-08-18:
    # "RISC-V" for a record's riscv64
    facts, sha = _one_commit(tmp_path / "repo", "TYP: unique shape-typing", 501, "",
                             {"numpy/lib/_arraysetops_impl.pyi": "def unique(): ...\n" * 9,
                              "ci/riscv64-musl.sh": "true\n"})
    assert check_sentence("The change lives in the type stubs of the unique function, for a "
                          "static checker on RISC-V.", [sha], facts) == ""
    assert "says what happened" in check_sentence(
        "The change rewrites the allocator and the garbage collector.", [sha], facts)


def test_nothing_to_change_unless_you_opt_in_is_no_claim_of_the_day(day):
    facts, s = day  # a day with a finding (the removed old_quantize)
    assert check_sentence("Because it is opt-in, nothing changes for you unless you enable it.",
                          [], facts) == ""
    assert "finding" in check_sentence("Nothing changes for you today.", [], facts)


def test_a_strong_models_explanations_of_the_record_pass(tmp_path):
    """Rounds 32-36: of 556 sentences a strong model's stand-in drafted, 96 were sent back,
    nearly all true (hand-labelled 553 of 556 faithful): advice in the listener's own words,
    a record's short name said in full, a well-known name the record implies, a platform
    said with its hyphen, common knowledge opened on a gerund."""
    facts, sha = _one_commit(tmp_path / "one", "Bump version to 2.4.0+dev", 601,
                             "The release branch has been cut.", {"mypy/version.py": "v\n"})
    for said in ("If a script of yours checks that string, expect the new value.",
                 "Cutting a release branch lets a release settle on its own line while new "
                 "work carries on in the main one."):
        assert check_sentence(said, [sha], facts) == "", said
    # advice still may not claim what the record does not: a sweep, an effect
    assert check_sentence("If you use mypy, this makes every check much faster.", [sha], facts)
    facts, sha = _one_commit(tmp_path / "two", "TYP: fix ufunc float/complex co-promotion", 602,
                             "Stubs for ufuncs backed by urllib3 and built for x86_64 with "
                             "f2py.", {"numpy/_core/umath.pyi": "def f(): ...\n"})
    for said in ("The stubs for numpy's universal functions were fixed.",
                 "It concerns the HTTP library and the Fortran wrapper generator.",
                 "The wheels for x86-64 are built the same way.",
                 "On Unix-like systems, a directory without execute permission cannot be "
                 "entered."):
        assert check_sentence(said, [sha], facts) == "", said
    for said, why in (("This matters to anyone who frames messages over TCP.", "TCP"),
                      ("Mixing the two fields in a different way removes the collisions "
                       "completely.", "")):
        got = check_sentence(said, [sha], facts)
        assert got and why in got, (said, got)


def test_a_bots_name_is_no_persons(tmp_path):
    """pytest 2026-08-18: "The same commit also changes how pytest renders …" was dropped as
    naming "commit", a word of pre-commit-ci[bot]'s name, another commit's author."""
    c, e = GH_COMMITTER
    with RepoBuilder(tmp_path / "r", origin="https://github.com/octo/one.git") as r:
        sha = r.commit(squash("Make rendering deep tracebacks cheap", 701,
                              "Memoize line numbers; also truncate recursion tracebacks."),
                       at(DAY, 9), "Ana Lima", "ana@ex.com", c, e, files={"src/tb.py": "x\n"})
        r.commit(squash("[pre-commit.ci] pre-commit autoupdate", 702), at(DAY, 10),
                 "pre-commit-ci[bot]", "66853113+pre-commit-ci[bot]@users.noreply.github.com",
                 c, e, files={".pre-commit-config.yaml": "rev: 2\n"})
    day_ = pull_day(SourceSpec(git=str(tmp_path / "r")), dt.date.fromisoformat(DAY))
    profile = profile_for(day_.repo, None)
    facts = day_facts(build_digest(day_, profile), profile)
    assert check_sentence("The same commit also changes how recursion tracebacks are "
                          "truncated.", [sha[:7]], facts) == ""


def test_round_37s_true_sentences_pass(tmp_path):
    """Held out from the r37 tuning, round 37's strong drafts (r38) lost true sentences to
    "no longer" read as the content word "longer", an xfail's "expected to fail" read as a
    promise, and "JavaScript" read as an identifier."""
    facts, sha = _one_commit(tmp_path / "one", "Fix reduce crash for ufuncs without outputs", 801,
                             "Reduce-like methods crashed on a ufunc without outputs; the core "
                             "now checks for them. The reproducer, an xfail test, ran in 0.54s "
                             "before and 0.23s after. Bumps the playground's javascript deps.",
                             {"numpy/_core/src/umath/reduction.c": "int a;\n"})
    for said in ("Ana Lima fixed the core code so this case no longer crashes.",
                 "On the reproducer, a test expected to fail went from 0.54 seconds to 0.23.",
                 "The playground's JavaScript packages were bumped too."):
        assert check_sentence(said, [sha], facts) == "", said
    assert check_sentence("The team expects to remove reduce next year.", [sha], facts)


def test_a_version_is_its_tag_without_the_v(tmp_path):
    # round 38: "main now carries version 2.14.0b1" of "Prepare release v2.14.0b1" was dropped
    facts, sha = _one_commit(tmp_path / "repo", "Prepare release v2.14.0b1", 13597, "",
                             {"pydantic/version.py": "x\n"})
    assert check_sentence("Main now carries version 2.14.0b1.", [sha], facts) == ""
    assert "2.14.0b2" in check_sentence("Main now carries version 2.14.0b2.", [sha], facts)


def test_commits_said_more_than_the_people_made_are_caught(tmp_path):
    # the lock corpus's pydantic 2026-08-04: "There were 8 commits from 3 people, and 2 more
    # of those came from automation" (the people made six); a subset said so still passes
    c, e = GH_COMMITTER
    with RepoBuilder(tmp_path / "repo", origin="https://github.com/octo/one.git") as r:
        for n, who in enumerate(["Ana Lima", "Ben Okafor", "Chen Wu"] * 2):
            r.commit(squash(f"Fix widget {n}", 500 + n), at(DAY, 8 + n), who,
                     f"{who.split()[0].lower()}@ex.com", c, e, files={f"w{n}.py": "x\n"})
        for n in range(2):
            r.commit(squash(f"Bump dep{n} from 1.0 to 1.1", 600 + n), at(DAY, 15 + n),
                     "dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com",
                     c, e, files={f"req{n}.txt": "y\n"})
    day_ = pull_day(SourceSpec(git=str(tmp_path / "repo")), dt.date.fromisoformat(DAY))
    profile = profile_for(day_.repo, None)
    facts = day_facts(build_digest(day_, profile), profile)
    assert "made 6" in check_sentence("There were 8 commits from 3 people, and 2 more of "
                                      "those came from automation.", [], facts)
    assert check_sentence("There were 6 commits from 3 people, and 2 more came from "
                          "automation.", [], facts) == ""
    assert check_sentence("There were 8 commits from 3 people, and 2 of those came from "
                          "automation.", [], facts) == ""


def test_the_c_language_is_no_name_and_a_focus_of_if_you_lines_is_counted(tmp_path):
    from studio.script.llm.assemble import counted_out

    # rounds 38 and 39: "regardless of the C library, musl or glibc" dropped as a name
    facts, sha = _one_commit(tmp_path / "repo", "Use creation time for cache keys regardless "
                             "of libc", 21150, "On musl the modification time is used today.",
                             {"crates/uv-cache-key/src/lib.rs": "x\n"})
    assert check_sentence("The cache keys now use the creation time, regardless of the C "
                          "library, musl or glibc.", [sha], facts) == ""
    assert "Lo" in check_sentence("Cee Lo made the cache keys use the creation time.", [sha],
                                   facts)
    # ruff 2026-08-13: "Three things for today." before three "If you …" and a comment
    assert counted_out("Three things for today.", [
        "If you rely on deprecation warnings, note this.", "If you check unions, expect that.",
        "Both gaps are slated to be fixed separately.", "If a class gets an attribute, expect"
        " a miss.".replace("If a class", "If your class")])
