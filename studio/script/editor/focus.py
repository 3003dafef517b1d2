""""Today's focus" from the findings alone, told as what to do.

Each finding is said in the record's own words, introduced by what kind of thing it is; a
finding that leans on the sentence before it ("A project that names it directly ...") brings
that sentence along. With no findings, the focus says only what the record allows: that
nothing today asks listeners to change their code.
"""

from __future__ import annotations

from ...digest.model import CommitInfo, Digest
from ...editorial.findings import Finding, nothing_to_change
from ...editorial.plan import Story
from ...editorial.record import commit_record
from ..story.draft import Draft
from .clauses import clause
from .rollbacks import short_clause
from .sentences import adapt
from .telling import person

MAX_COMMITS = 4
LEAD = {
    "break": "a compatibility break", "removal": "a removal", "rename": "a rename",
    "requirement": "a new requirement", "platform": "a platform change",
    "migration": "a migration", "workaround": "a workaround", "deprecation": "a deprecation",
    "opt-in": "an opt-in", "limitation": "a stated limit",
}
IS = {  # how the focus introduces a change by its finding
    "break": "is a compatibility break", "removal": "removes something you may use",
    "rename": "renames something you may use", "requirement": "brings a new requirement",
    "platform": "changes the platforms supported", "migration": "asks for a migration",
    "workaround": "comes with a workaround", "deprecation": "deprecates something",
    "opt-in": "is opt-in", "limitation": "comes with a limit to know",
}
ORDER = ("break", "removal", "rename", "requirement", "platform", "migration", "deprecation",
         "workaround", "opt-in", "limitation")


def _said(f: Finding, c: CommitInfo) -> list[str]:
    sentences = commit_record(c).sentences
    got = adapt(f.sentence)
    if got is None:
        return []
    said, leans = got
    if leans and f.sentence in sentences:
        i = sentences.index(f.sentence)
        before = adapt(sentences[i - 1]) if i > 0 else None
        if before is None or before[1]:
            return []
        return [before[0], said]
    return [said]


def focused(d: Digest, findings: list[Finding]) -> dict[str, list[Finding]]:
    """The findings the focus tells, by commit (the first few commits, strongest first)."""
    shas = {c.sha for c in d.commits}
    per_commit: dict[str, list[Finding]] = {}
    for f in sorted(findings, key=lambda f: (ORDER.index(f.kind) if f.kind in ORDER else 99,
                                             not f.subject)):
        if f.kind == "requirement" and not f.subject:
            continue  # a requirement that names nothing to install or update
        if f.sha in shas and (f.sha in per_commit or len(per_commit) < MAX_COMMITS):
            per_commit.setdefault(f.sha, []).append(f)
    return {sha: found[:2] for sha, found in per_commit.items()}


def told_sentences(d: Digest, findings: list[Finding]) -> frozenset[str]:
    """The record sentences the focus says (the stories leave them to it)."""
    return frozenset(f.sentence for found in focused(d, findings).values() for f in found)


def _rollback_tips(d: Digest, rollbacks: list[Story]) -> list[tuple[str, list[str]]]:
    """What a rollback asks of listeners: a change that landed before today and went back
    today is gone from the branch again; one that came back is there to pick up."""
    tips = []
    for story in rollbacks:
        if story.revert is not None and story.reland is None and not story.revert.same_day:
            name = short_clause(story.revert.reverted_title)
            tips.append((f"If you started using the change that {name}, it is gone from "
                         f"{d.branch} again", story.shas))
        elif story.reland is not None:
            name = clause(story.reland.title, "present")[0]
            tips.append((f"The change that {name} is back on {d.branch}", story.shas))
    return tips[:2]


def focus(d: Digest, findings: list[Finding], rollbacks: list[Story] = (),
          headline: Story | None = None) -> Draft:
    seg = Draft("focus", "Today's focus")
    if not d.commits:
        return seg
    by_sha = {c.sha: c for c in d.commits}
    told = 0
    for sha, found in focused(d, findings).items():
        c = by_sha[sha]
        lines: list[str] = []
        for f in found:
            lines += [x for x in _said(f, c) if x not in lines]
        if not lines:
            continue
        what = IS.get(found[0].kind, "asks something of you")
        subject, verb = clause(c.title, "present")
        lead = (f"{person(c)}'s change that {subject} {what}" if verb
                else f"{person(c)}'s {subject} {what}")
        if told == 0:
            lead = f"For today's focus: {lead}"
        seg.say(lead, [sha])
        for line in lines:
            seg.say(line, [sha])
        told += 1
    for text, shas in _rollback_tips(d, list(rollbacks)):
        seg.say(text if told else f"For today's focus: {text[:1].lower()}{text[1:]}", shas)
        told += 1
    if told or not d.stats.commits:
        return seg
    if nothing_to_change(findings):
        seg.say("Nothing in today's commits asks you to change your code", [])
    if headline is not None and headline.commits and len(headline.commits) == 1:
        c = headline.commits[0]
        said, verb = clause(c.title, "present")
        if verb:
            seg.say(f"If you read one change today, make it the one that {said}", [c.sha])
    return seg
