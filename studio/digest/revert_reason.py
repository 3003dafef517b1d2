"""A revert's reason, as its author wrote it — never the revert's own title, "" when none.

Three shapes: PyTorch's merge bot (``Reverted <url> on behalf of <url> due to <reason>
([comment](...))``), ``This reverts commit X because …``, and a ``Reason: …`` line; else the
words a person wrote in the body besides git's and GitHub's boilerplate and trailers.
"""

from __future__ import annotations

import re

_REVERTS_SHA = re.compile(r"This reverts commit [0-9a-fA-F]{7,40}\.?", re.I)
_BECAUSE = re.compile(r"This reverts commit [0-9a-fA-F]{7,40}\.?,?\s*(?:because|since|as|due to)\s+(.+)",
                      re.I | re.S)
_REASON_LINE = re.compile(r"^\s*(?:\*\*)?(?:reason|why|because)(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.+)$",
                          re.I | re.M)
_REVERTS_REF = re.compile(r"^\s*Reverts?\s+(?:[\w.-]+/[\w.-]+)?#\d+\.?\s*$", re.I)
_REVERT_LINE = re.compile(r'^\s*(?:[*-]\s*)?(?:Revert|Back\s*out|Reland)\b\s*["\'“:]?', re.I)
_ITEM = re.compile(r"^(?:[*-]|\d+[.)])\s")
_TRAILER = re.compile(r"^\s*(?:[A-Za-z]+(?:-[A-Za-z]+)+|Pull Request resolved|Approved by|"
                      r"Differential Revision|Test Plan|Reviewed By|Fixes|Closes|Resolves|Tags|Tasks|"
                      r"Reviewers|Subscribers|Assisted-by|Change-Id)\s*:\s", re.I)
_STOP = re.compile(r"^\s*(?:#+\s*)?(?:test\s+plan|testing|checklist|cc\b|stack from|"
                   r"ghstack|differential revision|pull request resolved|approved by|"
                   r"---+|\(cherry picked)", re.I)
_NOISE = re.compile(r"^\s*(?:\[ghstack-poisoned\]|\*\s*update|update|<!--.*-->)\s*$", re.I)
_MD_LINK = re.compile(r"\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)")
_COMMENT_LINK = re.compile(r"\s*\(\s*\[comment\]\([^)]*\)\s*\)\s*$")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)


def tidy(reason: str) -> str:
    """One line: markdown links as their words, the bot's ``([comment](…))`` dropped."""
    reason = _COMMENT_LINK.sub("", reason.strip())
    reason = _MD_LINK.sub(lambda m: m.group(1), reason)
    reason = " ".join(reason.split())
    if len(reason) > 300:
        reason = reason[:297].rstrip() + "..."
    return reason


def bot_reason(text: str) -> str:
    """The ``due to …`` part of PyTorch's merge-bot notice (its first paragraph)."""
    return tidy(text.strip().split("\n\n", 1)[0])


def reason_from_body(body: str, inner_title: str = "") -> str:
    """For a revert that is not the merge bot's: the reason the author gave, or ""."""
    body = _HTML_COMMENT.sub("", body)
    line = _REASON_LINE.search(body)
    if line:
        return tidy(line.group(1))
    because = _BECAUSE.search(body)
    if because:
        return tidy(because.group(1).strip().split("\n\n", 1)[0])
    inner = " ".join(inner_title.split()).casefold()
    keep: list[str] = []
    revert_item = False  # inside a "- Revert <sha>, which added …" item, wrapped over lines
    for raw in body.splitlines():
        s = raw.strip()
        if _STOP.match(s):
            break
        if revert_item and s and not _ITEM.match(s):
            continue  # the item's next line: what the reverted change did, not why
        revert_item = bool(s) and bool(_REVERT_LINE.match(s))
        if not s or _NOISE.match(s) or _REVERTS_REF.match(s) or revert_item:
            continue
        s = _REVERTS_SHA.sub("", s).strip()
        if not s or _TRAILER.match(s) or (inner and " ".join(s.split()).casefold() == inner):
            continue
        if re.fullmatch(r"#+\s*\w+(?:\s+\w+)?\s*:?", s):
            continue  # a markdown heading such as "## Summary"
        keep.append(re.sub(r"^(?:summary|description)\s*:\s*", "", s.lstrip("#").strip(), flags=re.I))
    return tidy(" ".join(keep))


def is_revert_pr(pr_title: str, pr_body: str) -> bool:
    """The PR is itself a revert (not the reverted PR that a bot's revert commit points at)."""
    if not pr_body:
        return False
    if re.match(r"^\s*(?:Revert|Back\s*out)\b", pr_title, re.I):
        return True
    return any(_REVERTS_REF.match(line) for line in pr_body.splitlines()) \
        or bool(_REVERTS_SHA.search(pr_body))
