"""Titles of repositories the story writer was never tuned for, read aloud (numpy 2026-08-07,
ruff 2026-08-09, executorch's Qualcomm titles): a kind prefix is no place, a hyphenated verb
and its particle are a verb, a bare object gets its article, a title that is a sentence is
said as news, a gerund title is its verb, a title led by code says the code last, and a
folder said by its path is a folder."""

from __future__ import annotations

import pytest

from studio.editorial.titles import split_area
from studio.script.editor.clauses import clause, code_last
from studio.script.editor.ear import for_ear
from studio.script.editor.telling import subject_verb


@pytest.mark.parametrize("title, said", [
    ("MAINT: Bump the python-deps group in /requirements with 2 updates",
     "bumped the python-deps group in the requirements folder with 2 updates"),
    ("Split-off Command execution from System", "split off Command execution from System"),
    ("Fix interpreter cache invalidation test", "fixed the interpreter cache invalidation test"),
    ("Add opt-in unsound-yield lint", "added an opt-in unsound-yield lint"),
    ("Add tests for the parser", "added tests for the parser"),  # a plural: no article
    ("Fix the crash", "fixed the crash"),
    ("Adding QNN backend support for pdist", "added QNN backend support for pdist"),
    ("Removing unused helpers", "removed unused helpers"),
])
def test_a_title_is_said_as_a_clause(title, said):
    assert clause(title) == (said, True)


@pytest.mark.parametrize("title", ["Logging cleanup", "Padding fix for conv",
                                   "Tracing improvements"])
def test_a_gerund_that_names_a_thing_stays_a_noun(title):
    assert clause(title) == (title, False)


def test_a_kind_prefix_is_no_place():
    for kind in ("MAINT", "TYP", "BUG", "ENH", "DOC", "TST", "BLD"):
        assert split_area(f"{kind}: Remove an unused setting")[0] == ""
    assert split_area("Arm backend: Remove an unused setting")[0] == "Arm backend"


def test_a_title_that_states_a_rule_is_said_as_it_is_and_one_that_states_a_problem_is_not():
    assert subject_verb("Two equality constraints are usually disjoint") == \
        "two equality constraints are usually disjoint"
    assert subject_verb("Default is now lazy") == "the default is now lazy"
    assert subject_verb("Build is flaky on Windows") == ""
    assert subject_verb("Docs are wrong") == ""


def test_code_first_is_said_last():
    assert code_last("``np.unique`` shape-typing") == "shape-typing for np.unique"
    assert code_last("``clip`` improved shape-typing and dtype propagation") == \
        "improved shape-typing and dtype propagation for clip"
    # already a phrase with its own "for": left as it is
    assert code_last("``isclose`` shape-typing fix for 2d array-likes") == \
        "``isclose`` shape-typing fix for 2d array-likes"


def test_a_folder_said_by_its_path_is_a_folder():
    assert for_ear("files under /docs/ changed") == "files under the docs folder changed"
    assert for_ear("the /tmp folder") == "the /tmp folder"
    assert for_ear("and/or a 1/2 split") == "and/or a 1/2 split"


def test_a_fix_told_by_its_remedy_is_a_fix():
    # executorch 2026-08-10: "Infer XNNPACK conv dimensionality from the weight rank", whose
    # record tells the failure and "The fix takes ...", was counted among "six smaller changes"
    from day_fixtures import at, change, commit, digest_of

    from studio.editorial.impact import impact

    body = ("A 2d conv with a length-1 stride is mistaken for a 1d conv and then failed inside "
            "the fake tensor rule.\n\nThe fix takes the dimensionality from the weight rank.")
    d = digest_of([
        commit("c1", "Infer conv dimensionality from the weight rank (#1)", at(9, 0),
               [change("backends/xnnpack/op.py", 10, 2)], body=body),
        commit("c2", "Infer pool dimensionality from the weight rank (#2)", at(9, 5),
               [change("backends/xnnpack/pool.py", 10, 2)],
               body="Takes the dimensionality from the weight rank, which is simpler.")])
    kinds = {c.title.split()[1]: impact(c, []) for c in d.commits}
    assert kinds == {"conv": "fix", "pool": "change"}


def test_a_sentence_that_leans_on_what_came_before_it_is_marked_so():
    from studio.script.editor.sentences import adapt

    for raw in ("The dynamic-quant guard right below it has the same problem in reverse: a "
                "genuine 2d conv is refused for no reason.",
                "I verified the export and lowering half of them directly against this "
                "branch."):
        got = adapt(raw)
        assert got is None or got[1], raw
    assert adapt("The quantizer runs before the edge conversion, so the op it sees is the "
                 "plain slice.")[1] is False


def test_about_one_gigabyte_is_said_as_a_host_says_it():
    from studio.script.speakable import speakable

    assert speakable("a ~1 GB GitHub release asset") == \
        "a roughly 1 gigabyte GitHub release asset"
    assert speakable("11 GB") == "11 gigabytes"
