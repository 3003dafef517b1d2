"""Titles and record sentences of pytest 2026-07-22, as the story writer says them: an issue
number before the title, a verb with a prefix, an identifier subject before "now", a clause
whose colon opens its own list."""

from __future__ import annotations

from studio.digest.messages import parse_message
from studio.editorial.record import CommitRecord, Paragraph
from studio.script.editor.clauses import base_verb, clause
from studio.script.editor.sentences import lines
from studio.script.editor.telling import subject_verb


def test_an_issue_number_before_the_title_is_left_to_the_tracker():
    assert parse_message("fix #13564 - warn when fixtures get wrapped with a decorator (#13745)",
                         "").clean_title == "Warn when fixtures get wrapped with a decorator"
    assert parse_message("Fix #88: crash on empty input", "").clean_title == \
        "Fix crash on empty input"
    assert parse_message("Fix the #1 bug", "").clean_title == "Fix the #1 bug"


def test_a_verb_with_a_prefix_is_a_verb():
    assert base_verb("deduplicate") and base_verb("unpin") and not base_verb("dependency")
    assert clause("deduplicate Directory nodes on re-collection")[1]


def test_an_identifier_before_now_is_the_subject():
    assert subject_verb("rm rf now handles directories without exec permission") == \
        "the rm rf now handles directories without exec permission"


def test_a_clause_whose_colon_opens_a_list_is_not_said_cut_off():
    record = CommitRecord("x", "Warn when fixtures get wrapped", (Paragraph((
        "This refactors the wrapped fixture detection logic to safely handle:",
        "objects with self-referential attributes and mock objects."), ""),))
    assert not any("to safely handle." in x.said for x in lines(record))
