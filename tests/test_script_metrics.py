"""The script bench's detectors (bench/script_metrics.py) and its git truth (bench/bench_script.py):
they must catch the bad lines issue 13 lists and let good spoken text through."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_script as B  # noqa: E402
import script_metrics as M  # noqa: E402
from gitrepo import RepoBuilder, at, pt_landed, squash  # noqa: E402

# What the seeds and a good script sound like: colons in English, numbers in words, a range.
GOOD = ("It's August 30th, 2026, and this is PyTorch, your daily developer briefing. Here's the "
        "short version: two stacks and a fix. Bohnstingl landed a five-PR stack, PRs 195322 to "
        "195326, that unifies how vmap handles cond, while-loop, scan, and switch. Ryan Spring "
        "wrote it with an AI assistant. Wang Chuanqi moved the XPU set-up into shared actions, "
        "and/or trimmed the rest. iamzainhuda deleted six unused helpers. "
        "That's the day: twenty-three commits from five authors.")


def kinds(text: str, **kw) -> set[str]:
    return {k for k, _ in M.unspeakable(text, **kw)}


def test_good_text_has_nothing_unspeakable():
    assert M.unspeakable(GOOD, handles={"iamzainhuda"}, comma_names={"Wang, Chuanqi"},
                         titles=["[ci] Reuse set-up actions (#4799)", "MAINT: Bump mypy"]) == []


def test_each_bad_example_from_the_issue_is_caught():
    assert "backtick" in kinds("Alex landed a change to `ruff check`.")
    assert "(#N)" in kinds("It fixes SVD class leakage from #4587 (#4613).")
    assert "type(scope):" in kinds("Tai An landed work on docs(qat): update the list.")
    assert "area:" in kinds("Joren shipped work on MAINT: Bump mypy.")
    assert "title prefix" in kinds("Tom relanded pt2e: preserve buffers.",
                                   titles=["pt2e: preserve buffers (#4466)"])
    assert "path" in kinds("A change to fix a link in README.md.")
    assert "path" in kinds("It removes torchao/prototype/dtypes for good.")
    assert "slash-word" in kinds("It reuses setup-xpu/teardown-xpu actions.")
    assert "arrow" in kinds("Benchmarks moved h100->b200.")
    assert "arrow" in kinds("The submodule moved (5adb334 → fa944ef).")
    assert "PRs of PRs" in kinds("Iamzainhuda landed a two-PR series of PRs, 4795 through 4796.")
    assert "doubled word" in kinds("The biggest change in the other work work.")
    assert "model decoration" in kinds("Ryan Spring, with Claude Opus 4.8 (1M context), merged it.")
    assert "duplicated name" in kinds("Måns Nilsson, with Tom Allsop and Tom Allsop, landed it.")
    assert "surname, given" in kinds("Wang, Chuanqi merged a change.", comma_names={"Wang, Chuanqi"})
    assert "capitalised handle" in kinds("Iamzainhuda landed three PRs.", handles={"iamzainhuda"})
    assert "stray punctuation" in kinds("PRs 4747 and 4753,. It starts with a change.")
    assert "[tag]" in kinds("Renovate[bot] shipped a change.")
    assert "broken verb" in kinds("Syed fixesed the import failure and addsed a test.")
    assert "broken verb" not in kinds("It licensed, reversed, collapsed and processed the files.")


def test_one_prefix_is_one_bit_even_when_two_detectors_see_it():
    hits = M.unspeakable("Joren shipped work on MAINT: Bump mypy.", titles=["MAINT: Bump mypy"])
    assert len(hits) == 1


def test_numbers_in_words_and_digits():
    assert M.number_value(["twenty", "three"]) == 23
    assert M.number_value(["a", "hundred", "and", "five"]) == 105
    assert M.number_value(["66"]) == 66
    assert M.number_value(["a", "single"]) == 1
    assert M.number_value(["commits"]) is None


def test_spoken_counts_against_git():
    text = ("Sixty-six commits landed on main today, and three of them were rollbacks. Eight "
            "authors contributed. Two more commits touched CI.")
    said = {(k, v) for k, v, _ in M.spoken_counts(text)}
    assert said == {("commits", 66), ("reverts", 3), ("authors", 8), ("commits", 2)}
    assert M.count_mismatches(text, {"commits": 66, "reverts": 3, "authors": 8}) == []
    wrong = M.count_mismatches(text, {"commits": 65, "reverts": 3, "authors": 9})
    assert [w.split(":")[0] for w in wrong] == ["commits", "authors"]
    assert M.count_mismatches("A quiet day: a single commit on main.", {"commits": 2})


def test_spoken_pr_numbers():
    assert M.spoken_prs("PRs 4747 to 4753, then PR 4802 and PRs 12, 15 and 19.") == \
        [4747, 4753, 4802, 12, 15, 19]
    assert M.spoken_prs("nine PRs as one series, PRs between 26901 and 26915.") == [26901, 26915]


def test_recurring_runs_share():
    stock = "thanks for listening and see you tomorrow".split()
    days = [stock + [f"word{i}"] * 7 for i in range(4)]
    share, runs = M.recurring_share(days, min_days=3)
    assert abs(share - 7 / 14) < 1e-9 and ("thanks", "for", "listening", "and", "see") in runs
    assert M.recurring_share([[f"w{i}{j}" for j in range(9)] for i in range(4)], 3)[0] == 0


TITLES = ["Fixes Workflows documentation link in README.md (#4802)",
          "[ty] Simplify numeric tower displays (e.g., `float` over `int | float`) (#27406)"]
BODY = ("PEP 484's numeric tower means we represent a float annotation as the semantic union int "
        "| float. We previously rendered those internal unions directly, which exposed an "
        "implementation detail in user-facing output: reveal_type showed int | float.")


def test_restated_titles_and_stock_lines_do_not_explain():
    bad = ["Turning to the fixes work, Patrick Auld merged a change to fix Workflows documentation "
           "link in README.md, PR 4802.",
           "Charlie Marsh shipped a change to simplify numeric tower displays.",
           "First, the rollbacks, because they tell us the most about the day.",
           "Better to catch problems early than let them reach users downstream."]
    assert M.explaining_sentences(bad, TITLES, "\n".join(TITLES) + "\n" + BODY) == []


def test_a_reason_in_the_scripts_own_words_explains():
    good = ["Until now reveal_type on a function returning float showed the internal union, int "
            "or float, which exposed an implementation detail; it now shows float."]
    assert M.explaining_sentences(good, TITLES, "\n".join(TITLES) + "\n" + BODY) == good
    problem = ["The partial helper incorrectly inferred an untouched tuple as empty, so later calls "
               "rejected valid positional arguments."]
    body = "functools.partial inferred an untouched TypeVarTuple as an empty tuple; later calls failed."
    assert M.explaining_sentences(problem, ["Keep TypeVarTuple in partial"], body) == problem
    # a maintainer's merge paragraph (git/git): "allowing", "failure", "leaks" are the same cues
    para = ["The creation of the object database has been made pluggable, allowing future "
            "backends to customize their setup.",
            "A racy build failure under Meson has been corrected by building the header first.",
            "Various memory leaks in the Bloom-filter code paths have been plugged.",
            "The argument has been converted to an enum to improve type safety.",
            "It gives the catalog rule a quiet prefix so a quiet build stays quiet."]
    body = ("odb: creation pluggable so future backends customize setup. meson: racy build "
            "failure header. bloom: memory leaks in Bloom-filter code paths plugged. connect: "
            "argument converted enum type safety. catalog rule quiet prefix build")
    assert M.explaining_sentences(para, ["Merge branch 'ps/odb'"], body) == para
    # ... but not when that wording is stock, said on many days
    stock = M.ngrams(M.words(good[0]), 5)
    assert M.explaining_sentences(good, TITLES, BODY, stock) == []


def test_code_lines_leave_out_tests_docs_ci_and_fixtures():
    rows = [(586, 0, "torchao/prototype/deepgemm_grouped_kernels.py"),
            (486, 0, "test/prototype/test_deepgemm.py"), (46, 0, "benchmarks/README.md"),
            (90, 0, "crates/ty/src/tests.rs"), (70, 0, "crates/ruff/resources/test/fixtures/a.py"),
            (30, 0, ".github/workflows/ci.yml"), (12, 4, "crates/ruff/src/rules/mod.rs")]
    assert M.code_lines(rows) == 598


def test_housekeeping_wording():
    assert M.told_as_housekeeping("housekeeping", "Housekeeping", "x")
    assert M.told_as_housekeeping("wins-other", "Other", "And some tidying up: two changes.")
    assert not M.told_as_housekeeping("the-day", "The day", "A new backend landed.")
    # the change's own name is not the writer's verdict (git/git's odb-pluggable-housekeeping)
    said = "Patrick Steinhardt landed the odb pluggable housekeeping topic."
    assert not M.told_as_housekeeping("topic-other", "Other", said,
                                      "Merge branch 'ps/odb-pluggable-housekeeping'")
    assert M.told_as_housekeeping("topic-other", "Other", "More housekeeping: " + said, "Merge branch 'x'")
    assert not M.told_as_housekeeping("topic-other", "Other", "Housekeeping in 'git maintenance' is "
                                      "pluggable.", "Merge branch 'ps/odb-pluggable-housekeeping'")


def test_git_truth_for_a_day(tmp_path):
    day = "2026-02-09"
    with RepoBuilder(tmp_path / "r") as r:
        r.commit(squash("Add a kernel", 10), at(day, 1), "Wang, Chuanqi", "wc@ex.com",
                 files={"pkg/kernel.py": "x\n" * 320, "tests/test_kernel.py": "t\n" * 500})
        r.commit(pt_landed("Tidy", 11), at(day, 2), "iamzainhuda", "iz@ex.com")
        r.commit('Revert "Add a kernel"\n\nThis reverts commit 0123456.', at(day, 3),
                 "iamzainhuda", "iz@ex.com")
        r.commit(squash("Bump deps", 12), at(day, 4), "renovate[bot]", "bot@ex.com")
        r.commit(squash('[ty] Revert "Tidy"', 15), at(day, 4, 30), "Ann Dev", "ann@ex.com")
        r.commit("feature", at(day, 5), "Ann Dev", "ann@ex.com", branch="topic")
        r.commit("Merge pull request #13 from ann/topic\n\nENH: Add the widget", at(day, 6),
                 "Maint", "m@ex.com",
                 merge="topic")
        r.commit("fix", at(day, 6, 30), "Kim Dev", "kim@ex.com", branch="kd/racy-fix")
        r.commit("Merge branch 'kd/racy-fix'\n\nA racy build failure has been corrected.\n\n"
                 "* kd/racy-fix:\n  fix\n", at(day, 7), "Maint", "m@ex.com", merge="kd/racy-fix")
        r.commit(squash("Next day", 14), at("2026-02-10", 0), "Ann Dev", "ann@ex.com")
    t = B.day_truth(tmp_path / "r", day)
    assert (t.commits, t.reverts, t.authors) == (7, 2, 4)  # the merge counts once, for Ann
    assert t.handles == {"iamzainhuda", "renovate[bot]"} and t.comma_names == {"Wang, Chuanqi"}
    assert list(t.big.values()) == [320]
    assert "ENH: Add the widget" in t.titles  # a merge commit's PR title, for the title checks
    # a topic merge's body is the maintainer's paragraph, not a title (git/git)
    assert not any("racy build" in x for x in t.titles)


def test_body_quotes_are_the_authors_words_not_the_title():
    said = ["We previously rendered those internal unions directly, which exposed a detail.",
            "Charlie Marsh simplified numeric tower displays, float over int or float, today."]
    assert M.body_quotes(said, TITLES, "\n".join(TITLES) + "\n" + BODY) == said[:1]


def test_prose_words_leave_out_trailers_code_and_ghstack():
    body = ("Stack from ghstack (oldest at bottom):\n* __->__ #4795\n* #4796\n\n```py\nx = 1\n```\n"
            "Pull Request resolved: https://github.com/pytorch/ao/pull/4795\n"
            "Co-authored-by: A <a@b.c>\nThe old path leaked memory.")
    assert M.prose_words(body) == 5


def test_spoken_dates():
    assert M.spoken_dates("It was reverted on June 24th and landed on July 1st.", 2026) == \
        ["2026-06-24", "2026-07-01"]
    assert M.spoken_dates("Today is the day.", 2026) == []


def test_a_spoken_date_must_be_a_cited_commits_date(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        first = r.commit(squash("Add a kernel", 10), at("2026-06-12", 9), "Ann Dev", "ann@ex.com")
        back = r.commit(squash('Revert "Add a kernel"', 11), at("2026-06-24", 9), "Bo", "bo@ex.com")

    def episode(text: str) -> dict:
        return {"segments": [{"id": "rollbacks", "title": "A rollback", "text": text,
                              "sentences": [{"text": text, "commits": [back, first]}]}]}

    right = episode("It landed on June 12th and was reverted on June 24th.")
    assert B.date_problems(tmp_path / "r", right, "2026-07-17") == []
    wrong = episode("It landed on June 11th and was reverted on June 24th.")
    assert len(B.date_problems(tmp_path / "r", wrong, "2026-07-17")) == 1


def test_a_number_ends_at_its_sentence():
    """ruff 2026-07-27: "… precedes a non-defaulted one. Ten authors …" is ten authors, not eleven."""
    text = ("Skipping a fix when a TypeVar precedes a non-defaulted one. "
            "Ten authors put fourteen commits on main.")
    assert M.count_mismatches(text, {"authors": 10, "commits": 14}) == []


def test_an_assistant_is_counted_as_a_person_only_where_it_is_credited():
    import editorial_metrics as E
    seg = [{"id": "also", "text": t} for t in (
        "Also today, an automated update loaded root Codex automation threads.",
        "And an automated update reviewed pull requests for security with Codex.")]
    assert not E.faults(seg, [])["person counted twice"]
    seg = [{"id": "story-1", "text": "Chetan Thotti, Scott Roy, and Claude landed it."}]
    assert E.faults(seg, [])["person counted twice"]
