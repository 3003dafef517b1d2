"""One finding per subject: a commit that says its break in several sentences ("The CMake
target of that name is also gone ... A project that names it directly no longer configures
and should link `executorch::runtime` instead.") gives one finding, its sentence the one that
carries what to do, the others kept as its context."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .findings import Finding


def _conflict(a: Finding, b: Finding) -> bool:
    """Two different things to use instead: two findings."""
    return bool(a.replacement and b.replacement and a.replacement != b.replacement)


def _weight(f: Finding) -> tuple[int, int, int]:
    """What the sentence carries: what to do, what to use instead, what it is about."""
    return (bool(f.action), bool(f.replacement), bool(f.subject))


def _join(group: list[Finding], priority: dict[str, int]) -> Finding:
    lead = max(group, key=lambda f: (_weight(f), -group.index(f)))
    kind = min((f.kind for f in group), key=lambda k: priority[k])
    subject = lead.subject or next((f.subject for f in group if f.subject), "")
    replacement = lead.replacement or next((f.replacement for f in group if f.replacement), "")
    action = lead.action or next((f.action for f in group if f.action), "")
    context = tuple(f.sentence for f in group if f is not lead)
    return replace(lead, kind=kind, subject=subject, replacement=replacement, action=action,
                   context=context)


def merge(findings: list[Finding], priority: dict[str, int]) -> list[Finding]:
    """``findings`` of one commit, near-duplicates joined, in the record's order: first the
    sentences of one paragraph (one paragraph tells one thing, unless it names two different
    replacements), then paragraphs about the same subject (a rename joins the first finding
    about its old name)."""
    groups: list[list[Finding]] = []
    for f in findings:
        for g in groups:
            if f.paragraph >= 0 and g[0].paragraph == f.paragraph and \
                    not any(_conflict(f, other) for other in g):
                g.append(f)
                break
        else:
            groups.append([f])
    joined = [_join(g, priority) for g in groups]
    out: list[Finding] = []
    for f in joined:
        mate = next((o for o in out if f.subject and o.subject == f.subject and
                     ("rename" in (f.kind, o.kind) or not _conflict(f, o))), None)
        if mate is None:
            out.append(f)
            continue
        first, second = (f, mate) if f.kind == "rename" else (mate, f)
        lead, rest = (second, first) if first.kind == "rename" else (first, second)
        merged = replace(lead, kind=min(lead.kind, rest.kind, key=lambda k: priority[k]),
                         replacement=lead.replacement or rest.replacement,
                         action=lead.action or rest.action,
                         context=lead.context + (rest.sentence,) + rest.context)
        out[out.index(mate)] = merged
    return out
