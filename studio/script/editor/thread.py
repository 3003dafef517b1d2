"""A change and the tests that name the same issue (``editorial.plan._issue_threads``), told
as an editor tells a fix and its proof: the bug as its regression test states it, the change
from its record, then the test in a sentence."""

from __future__ import annotations

from ...digest.model import Digest
from ...editorial.plan import Story
from ...editorial.record import commit_record
from ..story.draft import Said
from ..words import capitalize, number_words
from .sentences import available
from .telling import key_commit, tell_commit
from .until_now import until_now


def tell_thread(story: Story, words: int, skip: frozenset[str] = frozenset(),
                d: Digest | None = None) -> list[Said]:
    """A change and the tests that name the same issue (``plan._issue_threads``): the change
    told from its record, then the test in a sentence ("A regression test that reproduces the
    bug landed with it"), as an editor tells a fix and its proof."""
    key = key_commit(story)
    tests = [c for c in story.commits if c is not key]
    told = tell_commit(key, words, skip, d)
    # the bug as its regression test states it, when the change's own record says it in
    # code ("`PYTHONEXECUTABLE` and `__PYVENV_LAUNCHER__` can change ..."): symptom first
    problem = next((x for t in tests for x in available(commit_record(t), t.title, skip)
                    if x.role == "problem" and not x.leans and x.index == 0), None)
    if problem is not None and not told[0][0].startswith("Until now") and \
            story.kind in ("fix", "security"):
        said = until_now(problem.said)
        if said.startswith("Until now"):
            first = told[0][0]
            told = [(said, [tests[0].sha]), (f"Today, {first[:1].lower()}{first[1:]}"
                                              if first.split(" ", 1)[0] in ("The", "A", "An")
                                              else f"Today, {first}", told[0][1])] + told[1:]
    out = told
    if tests:
        bug = story.kind in ("fix", "security")
        n = len(tests)
        what = (("a regression test that reproduces the bug" if bug else "a test of its own")
                if n == 1 else f"{number_words(n)} tests" + (" that reproduce the bug" if bug
                                                             else ""))
        out.append((f"{capitalize(what)} landed with it", [c.sha for c in tests]))
    return out
