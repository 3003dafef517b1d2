"""Explanations the body reader used to drop or cut from real pytorch/ao bodies (2026-07-22):
a wrapped line that starts with "#" is not a heading, and a long sentence whose first clause
states the problem before a colon is said up to the colon. Nothing is added: every sentence
said is the author's, word for word up to speakable spelling."""

from __future__ import annotations

from studio.digest.bodies import explain
from studio.digest.body_text import pieces

ENABLED = """Int4WeightFakeQuantizer and Float8FakeQuantizer did not initialize
self.enabled, so toggling it via enable_linear_fake_quant
(qat/linear.py:169) was silently ignored: the attribute was set on the
module via nn.Module.__setattr__ but the forward path never consulted
it, and reading the attribute before any write raised AttributeError.

Mirror the existing IntxFakeQuantizer behavior (fake_quantizer.py:193,
207): initialize self.enabled = True in __init__ and short-circuit the
forward to return the input tensor unchanged when disabled.

Fixes #3573"""

MYPY = """docs/types(pt2e): annotate and document DuplicateDQPass

Type _maybe_duplicate_dq (the only untyped def) and drop the file-level
# mypy: allow-untyped-defs, and add module/function/class docstrings.
No behavior change. Part of the PT2E type-hint & docstring audit (#4541)."""


def test_the_problem_before_a_colon_is_said():
    e = explain("Fix Int4WeightFakeQuantizer and Float8FakeQuantizer missing enabled attribute "
                "(#4336)", ENABLED)
    assert e.sentences and e.sentences[0].startswith(
        "Int4WeightFakeQuantizer and Float8FakeQuantizer did not initialize")
    assert e.sentences[0].endswith("was silently ignored.")
    assert e.fixes == [3573]


def test_a_wrapped_line_starting_with_a_hash_is_not_a_heading():
    texts = [p.text for p in pieces(MYPY)]
    assert not any(t.endswith("drop the file-level") for t in texts)  # the sentence was cut here
    assert any(t.endswith("module/function/class docstrings.") for t in texts)
    said = explain("docs/types(pt2e): annotate and document DuplicateDQPass (#4541) (#4565)",
                   MYPY).sentences
    assert "Type _maybe_duplicate_dq (the only untyped def) and drop the file-level." not in said


def test_a_heading_after_a_blank_line_or_a_full_stop_is_still_a_heading():
    body = "Some words end here.\n## Motivation\nThe cache was rebuilt on every call.\n"
    assert [(p.section, p.text) for p in pieces(body)] == [
        ("", "Some words end here."), ("problem", "The cache was rebuilt on every call.")]


RUFF = """Summary
--

This partially reverts https://github.com/astral-sh/ruff/pull/27935 as
an alternative to enabling preview everywhere. Preview stays enabled for
the benchmarks, which need the new resolver for their inputs.

Test Plan
--

Today's release failed with previous errors on every platform we build.
"""


def test_setext_headings_open_their_section():
    """ruff's PR template: "Summary\\n--" opens the summary, "Test Plan\\n--" is skipped."""
    got = [(p.section, p.text) for p in pieces(RUFF)]
    assert ("", "Summary --") not in got and not any("Test Plan" in t for _, t in got)
    assert all(section == "summary" for section, _ in got)
    assert not any("release failed" in t for _, t in got)
    assert explain("Disable uv preview for releases (#27939)", RUFF).sentences == [
        "Preview stays enabled for the benchmarks, which need the new resolver for their inputs."]


ECOSYSTEM = """## Summary

The current behavior is problematic for user-defined TypeIs functions, since their declared
return type is not respected.

## Ecosystem report

Looks mostly good: Removed false positives, new unused ignore comment
diagnostics

Some expected problems, e.g. with this user-defined function in beartype, leading to
unfortunate types.

## New mdtests

Covers narrowing with a user-defined TypeIs function for lists and tuples.
"""


def test_ecosystem_reports_and_test_lists_are_not_explanations():
    """ruff #26864: "Looks mostly good: Removed false positives ..." was told as its reason."""
    said = " ".join(explain("[ty] Do not top-materialize (user) TypeIs return types (#26864)",
                            ECOSYSTEM).sentences)
    assert "problematic for user-defined TypeIs functions" in said
    assert "Looks mostly good" not in said and "beartype" not in said and "Covers" not in said


SQUASHED = """* [INITIAL] Update

[ghstack-poisoned]

* Remove iterative reweighting and resolve reviewer comments

* Minor corrections and test simplification

* Fix PAT subset-mesh DTensor execution

* Fix PAT DTensor metrics and state handling

Pull Request resolved: https://github.com/pytorch/ao/pull/4587
Approved by: https://github.com/andrewor14"""


def test_a_squash_list_of_commit_titles_is_not_an_explanation():
    """ao #4587 was 'explained' by 'Fix PAT subset-mesh DTensor execution. Fix PAT DTensor
    metrics and state handling.', its branch's commit titles, heard as commands."""
    title = "[pat] Add GlobalMinSparsityConstraint for cross-layer budget allocation (#4587)"
    assert explain(title, SQUASHED).sentences == []
    body = ("Pruning budgets are now shared across layers, so a layer that matters less can "
            "give up more of its weights.\n\n" + SQUASHED)
    assert explain(title, body).sentences == [body.split("\n\n")[0]]
