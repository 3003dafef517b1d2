"""Words the recap's listening found wrong, in the daily writer's building blocks too: titles in
the past tense or with an adjective after the verb, ghstack's squashed revision notes read as
an explanation, and when an earlier day of the week is named."""

from __future__ import annotations

import pytest

from studio.digest.bodies import explain
from studio.script.story.verbs import did, doing


@pytest.mark.parametrize(("title", "said"), [
    ("Deleted the tensor_core_tiled_layout file", "deleted the tensor_core_tiled_layout file"),
    ("Dropped support for 3.9", "dropped support for 3.9"),
    ("delete deprecated UintxLayout and related code",
     "deleted deprecated UintxLayout and related code"),
    ("Remove unused imports", "removed unused imports"),
    ("Fully reset cached RNG state", "fully reset cached RNG state"),
    ("copy improved shape-typing", "landed copy improved shape-typing"),  # copy: a method name
])
def test_titles_are_said_as_what_was_done(title, said):
    assert did(title) == said
    assert not doing(title).startswith("landed")


def test_ghstack_revision_notes_explain_nothing():
    body = ("* Delete deprecated Int4CPULayout and related code\n\n[ghstack-poisoned]\n\n"
            '* Update base for Update on "Delete deprecated Int4CPULayout and related code"\n\n'
            '[ghstack-poisoned]\n\n* Update on "Delete deprecated Int4CPULayout"\n')
    said = explain("Delete deprecated Int4CPULayout and related code (#4149)", body, "").sentences
    assert not any("Update" in s for s in said), said
