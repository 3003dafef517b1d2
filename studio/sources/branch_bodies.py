"""What a merge commit's branch said: the bodies of the merged branch's own commits.

A merge-commit project ("Merge pull request #N from user/branch") keeps its authors'
explanations in the commits of the branch it merged, not in the merge: ``git log
first_parent..second_parent`` (the pull request's own commits). Both sources read them alike:
the branch's commits oldest first, at most :data:`MAX_BRANCH_COMMITS` of them (GitHub's pull
request lists its first 100), merges left out ("Merge branch 'main' into ..."), and of the
rest only a body that says something (the title is the change's, the body its reason).

The git source reads every merge of the day in one `git log` (:func:`read_branch_bodies`);
GitHub gives the same commits in the day's GraphQL query (the merged pull request's commits).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

from ..plumbing.redact import child_env
from ..textsafe import clean_text, decode_git
from .model import MAX_MESSAGE_CHARS, Commit

MAX_BRANCH_COMMITS = 100  # GitHub's first page of a pull request's commits
MAX_BODIES = 20  # bodies kept per merge
MAX_BODY_CHARS = 8_000
_WALK_LIMIT = 5_000  # commits read in the one walk (a release branch merged back is not a PR)


def body_of(message: str) -> str:
    """The body of a commit message, cleaned like the sources clean a commit's own body."""
    message = clean_text(message).replace("\r\n", "\n").strip("\n")
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS]
    _title, _, body = message.partition("\n")
    return body.strip("\n")[:MAX_BODY_CHARS].strip()


def bodies_of(branch: Iterable[tuple[str, int]]) -> list[str]:
    """The bodies worth keeping from a merged branch's commits given oldest first as
    (message, number of parents): the first :data:`MAX_BRANCH_COMMITS` commits, no merges,
    no empty body, no body twice.

    A later commit whose title turns the branch (:data:`TURN`: "Replace docs mention of iso
    8601 durations in favor of P<n>D") keeps its title too, and so does the earlier one whose
    work a later commit drops ("Add invalidation-mode option", then "Drop the
    --invalidation-mode option"): what the merge brings is the branch's end, not its first
    title (round 38: both writers told pip's help text as the reference its last commit
    replaced, and told pytest's listeners to remove an option that never reached main)."""
    commits = [(title_of(m), body_of(m)) for n, (m, parents) in enumerate(branch)
               if n < MAX_BRANCH_COMMITS and parents <= 1]
    kept: list[str] = []
    for n, (title, body) in enumerate(commits):
        if len(kept) >= MAX_BODIES:
            break
        later = " ".join(f"{t}\n{b}" for t, b in commits[n + 1:])
        if title and (n and TURN.match(title) or _undone(title, later)):
            body = f"{title.rstrip('.')}.\n\n{body}" if body else f"{title.rstrip('.')}."
        if body and body not in kept:
            kept.append(body)
    return kept


# a title that changes course: what an earlier commit of the branch did is replaced or undone
TURN = re.compile(r"(?:Replace|Remove|Drop|Revert|Undo|Back out|Rename|Switch|Rework|"
                  r"Restore)\b", re.I)
_ADDS = re.compile(r"(?:Add|Introduce|Create)\s+(?:an?\s+|the\s+)?(?P<what>[\w./-]+(?:\s+[\w./-]+)?)",
                   re.I)


def _undone(title: str, later: str) -> bool:
    """Whether a later commit of the branch drops or replaces what ``title`` adds."""
    m = _ADDS.match(title)
    if not m:
        return False
    head = re.escape(m.group("what").split()[0].strip("-")).replace("\\-", "[- ]?")
    return re.search(rf"\b(?:Drop|Remove|Delete|Replace|Revert)\w*\s+(?:the\s+|an?\s+)?"
                     rf"(?:--)?{head}", later, re.I) is not None


def title_of(message: str) -> str:
    """The title of a commit message (its first line), cleaned like its body."""
    return clean_text(message).replace("\r\n", "\n").strip("\n").partition("\n")[0].strip()


def _ancestors(start: str, graph: dict[str, list[str]]) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        sha = todo.pop()
        if sha in seen or sha not in graph:
            continue
        seen.add(sha)
        todo.extend(graph[sha])
    return seen


def read_branch_bodies(repo: Path, commits: list[Commit]) -> None:
    """Fill ``branch_bodies`` of the merge commits among ``commits`` with one `git log`.

    The walk is everything the merges' parents reach that the oldest merge's first parent does
    not; each merge's own branch is then what its second parent reaches and its first parent
    does not (everything the walk left out is reachable from that oldest first parent, which
    every later merge's first parent reaches too)."""
    merges = [c for c in commits if len(c.parents) > 1]
    if not merges:
        return
    oldest = min(merges, key=lambda c: c.committed_at)
    # both parents: what a first parent reaches must be in the walk to be taken away (a branch
    # started from another PR's branch reaches that PR's commits, merged before it)
    tips = sorted({p for c in merges for p in c.parents[:2]} - {oldest.parents[0]})
    env = dict(child_env(), LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    marker = b"\x1eCOMMITCAST-BRANCH\x1e"
    out = subprocess.run(
        ["git", "-C", str(repo), "log", "--topo-order", "-z", f"--max-count={_WALK_LIMIT}",
         "--format=%x1eCOMMITCAST-BRANCH%x1e%H%x00%P%x00%B", *tips, "--not", oldest.parents[0], "--"],
        capture_output=True, env=env, check=False)
    if out.returncode != 0:
        return
    graph: dict[str, list[str]] = {}
    messages: dict[str, str] = {}
    order: list[str] = []  # newest first (topological)
    for record in out.stdout.split(marker)[1:]:
        parts = record.split(b"\0", 2)
        if len(parts) < 3:
            continue
        sha = decode_git(parts[0]).strip()
        graph[sha] = decode_git(parts[1]).split()
        messages[sha] = decode_git(parts[2].rstrip(b"\0"))
        order.append(sha)
    if len(order) >= _WALK_LIMIT:
        return  # not a pull request's branch: a history this long is told without it
    for merge in merges:
        mine = _ancestors(merge.parents[1], graph) - _ancestors(merge.parents[0], graph)
        branch = [sha for sha in reversed(order) if sha in mine]
        merge.branch_bodies = bodies_of((messages[sha], len(graph[sha])) for sha in branch)
