"""A change and the tests that name the same issue (``editorial.plan._issue_threads``), told
as an editor tells a fix and its proof: the bug as its regression test states it, the change
from its record, then the test in a sentence."""

from __future__ import annotations

import re

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
        issue = _shared_issue(story.commits)
        of = f" for issue {issue}" if issue else ""  # (two stories' identical line heard as
        # a repetition: the issue tells them apart)
        what = ((f"a regression test{of} that reproduces the bug" if bug else
                 f"a test{of} of its own") if n == 1 else
                f"{number_words(n)} tests{of}" + (" that reproduce the bug" if bug else ""))
        out.append((f"{capitalize(what)} landed with it", [c.sha for c in tests]))
    return out


def _shared_issue(commits: list) -> str:
    """The issue number every commit of the thread names, "" when none is shared."""
    found = None
    for c in commits:
        text = f"{c.title}\n{commit_record(c).text}"
        mine = {n for n in _ISSUE.findall(text) if c.pr is None or int(n) != c.pr}
        found = mine if found is None else found & mine
    return min(found, key=int) if found else ""


_ISSUE = re.compile(r"#(\d{2,})\b")
