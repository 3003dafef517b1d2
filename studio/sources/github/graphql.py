"""Each commit's pull request and size for a whole day, through GitHub's GraphQL API.

One query asks for up to :data:`BATCH` commits at once (``repository.object(oid:)`` under an
alias per commit): the commit's own additions and deletions, and its associated pull requests
with number, title, body, labels, size and changed files. A day of N commits costs
ceil(N/100) requests. The query goes through PyGithub's requester (the same transport: rate
limits, retries, request counting); where GraphQL is unavailable the caller falls back to REST.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from ...textsafe import clean_line, clean_text
from ..branch_bodies import MAX_BRANCH_COMMITS, bodies_of
from ..model import Commit, FileChange
from ..prs import pr_body_beyond, pr_number

log = logging.getLogger(__name__)

BATCH = 100
MAX_FILES = 100  # a pull request's files in the same query; more than that: REST per commit
_SHA = re.compile(r"^[0-9a-f]{40}$")
_CHANGE_TYPES = {"ADDED": "added", "COPIED": "added", "DELETED": "deleted",
                 "RENAMED": "renamed", "MODIFIED": "modified", "CHANGED": "modified"}

PULL_FRAGMENT = f"""
fragment PullDetail on PullRequest {{
  number
  title
  body
  merged
  baseRefName
  additions
  deletions
  mergeCommit {{ oid }}
  labels(first: 20) {{ nodes {{ name }} }}
  files(first: {MAX_FILES}) {{ totalCount nodes {{ path additions deletions changeType }} }}
}}
"""
FRAGMENT = """
fragment CommitDetail on Commit {
  oid
  additions
  deletions
  associatedPullRequests(first: 3) { nodes { ...PullDetail } }
}
""" + PULL_FRAGMENT
# A merge commit's pull request also gives its own commits (what the merged branch said; the
# git source reads them with `git log first..second`): asked only for the day's merges, so a
# squash-merging day's query (and its cached answer) stays as it was.
MERGE_FRAGMENT = f"""
fragment MergeDetail on Commit {{
  oid
  additions
  deletions
  associatedPullRequests(first: 3) {{ nodes {{ ...PullDetail
    commits(first: {MAX_BRANCH_COMMITS}) {{
      nodes {{ commit {{ message parents(first: 2) {{ totalCount }} }} }}
    }}
  }} }}
}}
"""


@dataclass
class PullRequestInfo:
    number: int
    title: str
    body: str
    merged: bool
    base: str
    additions: int
    deletions: int
    merge_oid: str
    labels: list[str]
    files: list[FileChange] | None  # None: more files than one query carries
    commits: list[tuple[str, int]] | None = None  # (message, parents) oldest first; merges only


@dataclass
class CommitDetail:
    sha: str
    additions: int
    deletions: int
    pulls: list[PullRequestInfo] = field(default_factory=list)


def build_query(shas: list[str], files: int = 0, merges: frozenset[str] = frozenset()) -> str:
    """The query for ``shas`` (validated hex: they are written into the query text), and the
    text of ``files`` blobs named by the variables ``$f0``... (``REF:PATH`` expressions); the
    ``merges`` among ``shas`` also get their pull request's commits."""
    parts = []
    for i, sha in enumerate(shas):
        if not _SHA.match(sha):
            raise ValueError(f"not a commit id: {sha!r}")
        detail = "MergeDetail" if sha in merges else "CommitDetail"
        parts.append(f'    c{i}: object(oid: "{sha}") {{ ...{detail} }}')
    for i in range(files):
        parts.append(f"    f{i}: object(expression: $f{i}) {{ ... on Blob {{ text }} }}")
    extra = "".join(f", $f{i}: String!" for i in range(files))
    fragments = FRAGMENT + (MERGE_FRAGMENT if merges & set(shas) else "")
    return _query("CommitDetails", parts, fragments, extra)


def build_pull_query(numbers: list[int]) -> str:
    """The query for pull requests by number: for commits whose message names a PR that
    GitHub does not associate with them (a merge bot's own push closes, not merges, it)."""
    parts = [f"    p{i}: pullRequest(number: {int(n)}) {{ ...PullDetail }}"
             for i, n in enumerate(numbers)]
    return _query("PullDetails", parts, PULL_FRAGMENT)


def _query(name: str, parts: list[str], fragments: str, variables: str = "") -> str:
    body = "\n".join(parts)
    return (f"query {name}($owner: String!, $name: String!{variables}) {{\n"
            "  rateLimit { cost remaining }\n"
            "  repository(owner: $owner, name: $name) {\n" + body + "\n  }\n}\n" + fragments)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and value >= 0 else 0


def _pull(node: dict[str, Any]) -> PullRequestInfo:
    files_conn = node.get("files") or {}
    nodes = files_conn.get("nodes") or []
    files: list[FileChange] | None = [
        FileChange(clean_text(str(f.get("path") or "")).strip("\n"), _int(f.get("additions")),
                   _int(f.get("deletions")), _CHANGE_TYPES.get(str(f.get("changeType")), "modified"))
        for f in nodes if f and f.get("path")]
    if _int(files_conn.get("totalCount")) > len(nodes):
        files = None
    merge = node.get("mergeCommit") or {}
    commits = None
    if isinstance(node.get("commits"), dict):
        commits = []
        for item in node["commits"].get("nodes") or []:
            commit = (item or {}).get("commit") or {}
            parents = _int((commit.get("parents") or {}).get("totalCount"))
            commits.append((str(commit.get("message") or ""), parents))
    return PullRequestInfo(
        number=_int(node.get("number")),
        title=clean_line(str(node.get("title") or "")),
        body=clean_text(str(node.get("body") or "")).replace("\r\n", "\n").strip(),
        merged=node.get("merged") is True,
        base=str(node.get("baseRefName") or ""),
        additions=_int(node.get("additions")),
        deletions=_int(node.get("deletions")),
        merge_oid=str(merge.get("oid") or ""),
        labels=[clean_line(str(label.get("name") or ""))
                for label in ((node.get("labels") or {}).get("nodes") or []) if label],
        files=files,
        commits=commits,
    )


def parse_answer(data: dict[str, Any], shas: list[str]) -> dict[str, CommitDetail]:
    """The commits GitHub knew, by sha, from one answer to :func:`build_query`."""
    repo = (data.get("data") or {}).get("repository")
    if not isinstance(repo, dict):
        raise ValueError("no repository in the GraphQL answer")
    found: dict[str, CommitDetail] = {}
    for i, sha in enumerate(shas):
        node = repo.get(f"c{i}")
        if not isinstance(node, dict) or node.get("oid") != sha:
            continue
        pulls = [_pull(p) for p in ((node.get("associatedPullRequests") or {}).get("nodes") or [])
                 if isinstance(p, dict)]
        found[sha] = CommitDetail(sha, _int(node.get("additions")), _int(node.get("deletions")),
                                  pulls)
    return found


def _answer(requester, query: str, variables: dict[str, Any], cache, reuse: bool
            ) -> dict[str, Any]:
    """GraphQL's answer to ``query``, kept in ``cache`` (an EtagCache); with ``reuse`` (the
    day's listing came back unchanged) an identical query answered before costs no request.
    GraphQL has no conditional requests of its own."""
    key = "graphql:" + hashlib.sha256(json.dumps([query, variables]).encode()).hexdigest()
    if cache is not None and reuse:
        kept = cache.get(key, "graphql")
        if kept is not None:
            try:
                data = json.loads(kept.body)
                if isinstance(data, dict):
                    return data
            except ValueError:
                pass
            log.info("ignoring a damaged GraphQL cache entry")
    _headers, data = requester.graphql_query(query, variables)
    if cache is not None:
        cache.put(key, {"ETag": "graphql"}, json.dumps(data).encode(), "graphql")
    return data


def query_details(requester, owner: str, name: str, shas: list[str], cache=None,
                  reuse: bool = False, files: list[str] | None = None,
                  merges: frozenset[str] = frozenset()
                  ) -> tuple[dict[str, CommitDetail], dict[str, str]]:
    """One GraphQL request for ``shas`` (at most :data:`BATCH`) and, in the same request, the
    text of ``files`` (``REF:PATH`` expressions; a missing or binary file is left out) and the
    commits of the ``merges``' pull requests."""
    files = files or []
    variables = {"owner": owner, "name": name} | {f"f{i}": e for i, e in enumerate(files)}
    data = _answer(requester, build_query(shas, len(files), merges), variables, cache, reuse)
    repo = (data.get("data") or {}).get("repository") or {}
    texts = {}
    for i, expression in enumerate(files):
        node = repo.get(f"f{i}") if isinstance(repo, dict) else None
        if isinstance(node, dict) and isinstance(node.get("text"), str):
            texts[expression] = node["text"]
    return parse_answer(data, shas), texts


def query_pulls(requester, owner: str, name: str, numbers: list[int], cache=None,
                reuse: bool = False) -> dict[int, PullRequestInfo]:
    """One GraphQL request for pull requests ``numbers`` (at most :data:`BATCH`)."""
    data = _answer(requester, build_pull_query(numbers), {"owner": owner, "name": name},
                   cache, reuse)
    repo = (data.get("data") or {}).get("repository")
    if not isinstance(repo, dict):
        raise ValueError("no repository in the GraphQL answer")
    found = {}
    for i, number in enumerate(numbers):
        node = repo.get(f"p{i}")
        if isinstance(node, dict) and node.get("number") == number:
            found[number] = _pull(node)
    return found


def named_but_not_associated(commit: Commit, detail: CommitDetail | None) -> int | None:
    """The PR number ``commit``'s message names when GitHub did not associate that PR."""
    number = pr_number(commit)
    if detail is None or number is None or any(p.number == number for p in detail.pulls):
        return None
    if any(p.merge_oid == commit.sha for p in detail.pulls):
        return None
    return number


def choose_pull(commit: Commit, detail: CommitDetail, branch: str) -> PullRequestInfo | None:
    """The pull request that landed ``commit``: the one it is the merge commit of, else the one
    its message names, else a merged one into ``branch``; a PR it merely appears in is not."""
    for pull in detail.pulls:
        if pull.merge_oid == commit.sha:
            return pull
    number = pr_number(commit)
    for pull in detail.pulls:
        if number is not None and pull.number == number:
            return pull
    for pull in detail.pulls:
        if pull.merged and pull.base == branch and number is None:
            return pull
    return None


def apply_detail(commit: Commit, detail: CommitDetail, branch: str) -> bool:
    """Fill ``commit`` from GraphQL; True when its files are known (else REST must size it)."""
    pull = choose_pull(commit, detail, branch)
    if pull is None:
        return False
    commit.pr_title = pull.title
    commit.pr_labels = pull.labels
    commit.pr_body = pr_body_beyond(commit, pull.body)
    if pull.merge_oid == commit.sha and pull.commits is not None:
        commit.branch_bodies = bodies_of(pull.commits)
    same_change = pull.merge_oid == commit.sha or (
        (pull.additions, pull.deletions) == (detail.additions, detail.deletions))
    if pull.files is None or not same_change:
        return False  # the PR's files are not this commit's: ask for the commit's own
    commit.changes = pull.files
    commit.files = [f.path for f in pull.files]
    return True


def landed_as_pr(commit: Commit, detail: CommitDetail | None, branch: str) -> bool:
    """A commit that stands for a merged pull request: its message names one, or GitHub says
    the pull request it landed through was merged."""
    if pr_number(commit) is not None:
        return True
    if detail is None:
        return False
    pull = choose_pull(commit, detail, branch)
    return pull is not None and pull.merged
