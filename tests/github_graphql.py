"""A small GraphQL executor over :class:`github_server.RepoData`, answering like GitHub's
``/api/graphql`` for the part of the schema the studio asks for.

Queries are parsed (operations, variables, aliases, arguments, fragments and inline fragments)
and resolved field by field against a typed schema, so an unknown field or type is an
``errors`` entry worded as GitHub words it, and the answer's shape is exactly the selection's.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

_TOKEN = re.compile(r'\s*(?:(\.\.\.)|([A-Za-z_]\w*)|(\$[A-Za-z_]\w*)|("(?:[^"\\]|\\.)*")|'
                    r'(-?\d+)|([{}():,!\[\]=@]))')

# type -> field -> (result type, is a list); scalars are "String", "Int", "Boolean", ...
SCHEMA: dict[str, dict[str, tuple[str, bool]]] = {
    "Query": {"repository": ("Repository", False), "rateLimit": ("RateLimit", False)},
    "RateLimit": {"cost": ("Int", False), "remaining": ("Int", False), "limit": ("Int", False),
                  "used": ("Int", False), "resetAt": ("DateTime", False),
                  "nodeCount": ("Int", False)},
    "Repository": {"object": ("GitObject", False), "nameWithOwner": ("String", False),
                   "id": ("ID", False), "pullRequest": ("PullRequest", False)},
    "GitObject": {"oid": ("GitObjectID", False)},  # an interface: Commit or Blob
    "Blob": {"oid": ("GitObjectID", False), "text": ("String", False),
             "byteSize": ("Int", False), "isBinary": ("Boolean", False)},
    "Commit": {"oid": ("GitObjectID", False), "additions": ("Int", False),
               "deletions": ("Int", False), "changedFilesIfAvailable": ("Int", False),
               "message": ("String", False), "messageHeadline": ("String", False),
               "associatedPullRequests": ("PullRequestConnection", False),
               "parents": ("CommitConnection", False)},
    "CommitConnection": {"nodes": ("Commit", True), "totalCount": ("Int", False)},
    "PullRequestCommitConnection": {"nodes": ("PullRequestCommit", True),
                                    "totalCount": ("Int", False)},
    "PullRequestCommit": {"commit": ("Commit", False)},
    "PullRequestConnection": {"nodes": ("PullRequest", True), "totalCount": ("Int", False)},
    "PullRequest": {"number": ("Int", False), "title": ("String", False),
                    "body": ("String", False), "merged": ("Boolean", False),
                    "mergedAt": ("DateTime", False), "state": ("PullRequestState", False),
                    "baseRefName": ("String", False), "additions": ("Int", False),
                    "deletions": ("Int", False), "changedFiles": ("Int", False),
                    "url": ("URI", False), "mergeCommit": ("Commit", False),
                    "labels": ("LabelConnection", False),
                    "files": ("PullRequestChangedFileConnection", False),
                    "commits": ("PullRequestCommitConnection", False)},
    "LabelConnection": {"nodes": ("Label", True), "totalCount": ("Int", False)},
    "Label": {"name": ("String", False)},
    "PullRequestChangedFileConnection": {"nodes": ("PullRequestChangedFile", True),
                                         "totalCount": ("Int", False)},
    "PullRequestChangedFile": {"path": ("String", False), "additions": ("Int", False),
                               "deletions": ("Int", False),
                               "changeType": ("PatchStatus", False)},
}
_CHANGE = {"added": "ADDED", "removed": "DELETED", "renamed": "RENAMED", "copied": "COPIED",
           "modified": "MODIFIED", "changed": "CHANGED"}


class GraphQLError(Exception):
    pass


@dataclass
class Field:
    name: str
    alias: str
    args: dict[str, Any] = field(default_factory=dict)
    selection: list[Any] = field(default_factory=list)  # Field | Spread | Inline


@dataclass
class Spread:
    name: str


@dataclass
class Inline:
    on: str
    selection: list[Any]


class _Parser:
    def __init__(self, text: str, variables: dict[str, Any]) -> None:
        self.tokens: list[str] = []
        pos = 0
        text = re.sub(r"#[^\n]*", "", text)
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None:
                if text[pos:].strip():
                    raise GraphQLError(f"Parse error on {text[pos:pos + 10].strip()!r}")
                break
            self.tokens.append(m.group(0).strip())
            pos = m.end()
        self.i = 0
        self.variables = variables
        self.fragments: dict[str, tuple[str, list[Any]]] = {}

    def peek(self) -> str:
        return self.tokens[self.i] if self.i < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if not token or (expected is not None and token != expected):
            raise GraphQLError(f"Parse error on {token or 'end of input'!r}"
                               + (f" (expected {expected!r})" if expected else ""))
        self.i += 1
        return token

    def document(self) -> list[Any]:
        operation: list[Any] | None = None
        while self.peek():
            if self.peek() == "fragment":
                self.take()
                name = self.take()
                self.take("on")
                self.fragments[name] = (self.take(), self.selection())
            elif self.peek() == "query":
                self.take()
                if self.peek() not in ("{", "("):
                    self.take()
                if self.peek() == "(":
                    while self.take() != ")":
                        pass
                operation = self.selection()
            elif self.peek() == "{":
                operation = self.selection()
            else:
                raise GraphQLError(f"Parse error on {self.peek()!r}")
        if operation is None:
            raise GraphQLError("No operation given")
        return operation

    def selection(self) -> list[Any]:
        self.take("{")
        items: list[Any] = []
        while self.peek() != "}":
            if self.peek() == "...":
                self.take()
                if self.peek() == "on":
                    self.take()
                    items.append(Inline(self.take(), self.selection()))
                else:
                    items.append(Spread(self.take()))
                continue
            alias = name = self.take()
            if self.peek() == ":":
                self.take()
                name = self.take()
            args: dict[str, Any] = {}
            if self.peek() == "(":
                self.take()
                while self.peek() != ")":
                    key = self.take()
                    self.take(":")
                    args[key] = self.value()
                    if self.peek() == ",":
                        self.take()
                self.take(")")
            sub = self.selection() if self.peek() == "{" else []
            items.append(Field(name, alias, args, sub))
            if self.peek() == ",":
                self.take()
        self.take("}")
        return items

    def value(self) -> Any:
        token = self.take()
        if token.startswith("$"):
            if token[1:] not in self.variables:
                raise GraphQLError(f"Variable {token} is not defined")
            return self.variables[token[1:]]
        if token.startswith('"'):
            return token[1:-1].encode().decode("unicode_escape")
        if re.fullmatch(r"-?\d+", token):
            return int(token)
        return {"true": True, "false": False, "null": None}.get(token, token)


class Executor:
    """Resolve one query against ``repos`` (full name, lower case -> RepoData)."""

    def __init__(self, repos: dict[str, Any], rate: dict[str, int]) -> None:
        self.repos = repos
        self.rate = rate
        self.errors: list[dict[str, Any]] = []

    def run(self, query: str, variables: dict[str, Any]) -> dict[str, Any]:
        try:
            parser = _Parser(query, variables or {})
            operation = parser.document()
            self.fragments = parser.fragments
            self._check("Query", operation)
        except GraphQLError as exc:
            return {"errors": [{"message": str(exc)}]}
        if self.errors:  # a query that does not validate runs not at all
            return {"errors": self.errors}
        answer: dict[str, Any] = {"data": self._select("Query", operation, None)}
        if self.errors:  # resolved in part: what could not be, with its errors
            answer["errors"] = self.errors
        return answer

    def _flatten(self, type_name: str, selection: list[Any]) -> list[Field]:
        out: list[Field] = []
        for item in selection:
            if isinstance(item, Field):
                out.append(item)
            elif isinstance(item, Spread):
                on, sub = self.fragments[item.name]
                if on == type_name:
                    out += self._flatten(type_name, sub)
            elif item.on == type_name:
                out += self._flatten(type_name, item.selection)
        return out

    def _check(self, type_name: str, selection: list[Any]) -> None:
        for item in selection:
            if isinstance(item, Spread):
                if item.name not in self.fragments:
                    raise GraphQLError(f"Fragment {item.name} was used, but not defined")
                on, sub = self.fragments[item.name]
                if on not in SCHEMA:
                    raise GraphQLError(f"No such type {on}, so it can't be a fragment condition")
                self._check(on, sub)
            elif isinstance(item, Inline):
                self._check(item.on, item.selection)
            elif item.name != "__typename":
                spec = SCHEMA[type_name].get(item.name)
                if spec is None:
                    self.errors.append({
                        "path": ["query"], "extensions": {
                            "code": "undefinedField", "typeName": type_name,
                            "fieldName": item.name},
                        "locations": [{"line": 1, "column": 1}],
                        "message": f"Field '{item.name}' doesn't exist on type '{type_name}'"})
                elif spec[0] in SCHEMA:
                    self._check(spec[0], item.selection)

    def _select(self, type_name: str, selection: list[Any], obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self._flatten(type_name, selection):
            if f.name == "__typename":
                out[f.alias] = type_name
                continue
            target, is_list = SCHEMA[type_name][f.name]
            value = getattr(self, f"_{type_name}_{f.name}", None)
            raw = value(obj, f.args) if value else (obj or {}).get(f.name)
            if target == "GitObject":  # resolved to (its concrete type, the object)
                out[f.alias] = None if raw is None else self._select(raw[0], f.selection, raw[1])
            elif target in SCHEMA:
                if is_list:
                    out[f.alias] = [self._select(target, f.selection, x) for x in raw or []]
                else:
                    out[f.alias] = None if raw is None else self._select(target, f.selection, raw)
            else:
                out[f.alias] = raw
        return out

    # -- resolvers ----------------------------------------------------------------------

    def _Query_rateLimit(self, obj, args):  # noqa: N802
        return {"cost": 1, "remaining": self.rate["remaining"], "limit": self.rate["limit"],
                "used": self.rate["limit"] - self.rate["remaining"], "nodeCount": 0,
                "resetAt": "2030-01-01T00:00:00Z"}

    def _Query_repository(self, obj, args):  # noqa: N802
        repo = self.repos.get(f"{args.get('owner')}/{args.get('name')}".lower())
        if repo is None:
            self.errors.append({"type": "NOT_FOUND", "path": ["repository"],
                                "message": "Could not resolve to a Repository with the name "
                                           f"'{args.get('owner')}/{args.get('name')}'."})
        return repo

    def _Repository_nameWithOwner(self, repo, args):  # noqa: N802
        return repo.full_name

    def _Repository_object(self, repo, args):  # noqa: N802
        if "expression" in args:  # REF:PATH, a file at the default branch's tip
            ref, _, path = str(args["expression"]).partition(":")
            text = repo.tree.get(path) if ref in (repo.default_branch, "HEAD") else None
            return None if text is None else ("Blob", text)
        oid = str(args.get("oid") or "")
        commit = next((c for c in repo.commits if c["sha"] == oid), None)
        return None if commit is None else ("Commit", (repo, commit))

    def _Blob_text(self, text, args):  # noqa: N802
        return None if "\0" in text else text

    def _Blob_isBinary(self, text, args):  # noqa: N802
        return "\0" in text

    def _Blob_byteSize(self, text, args):  # noqa: N802
        return len(text.encode())

    def _Blob_oid(self, text, args):  # noqa: N802
        return hashlib.sha1(f"blob {len(text.encode())}\0{text}".encode()).hexdigest()

    def _GitObject_oid(self, obj, args):  # noqa: N802
        return None

    def _Repository_pullRequest(self, repo, args):  # noqa: N802
        pull = repo.pulls.get(int(args.get("number", 0)))
        if pull is None:
            self.errors.append({"type": "NOT_FOUND", "path": ["repository", "pullRequest"],
                                "message": "Could not resolve to a PullRequest with the number "
                                           f"of {args.get('number')}."})
        return None if pull is None else (repo, pull)

    def _Commit_oid(self, obj, args):  # noqa: N802
        return obj[1]["sha"]

    def _Commit_additions(self, obj, args):  # noqa: N802
        return obj[1]["stats"]["additions"]

    def _Commit_deletions(self, obj, args):  # noqa: N802
        return obj[1]["stats"]["deletions"]

    def _Commit_changedFilesIfAvailable(self, obj, args):  # noqa: N802
        return len(obj[1]["files"])

    def _Commit_message(self, obj, args):  # noqa: N802
        return obj[1]["commit"]["message"]

    def _Commit_messageHeadline(self, obj, args):  # noqa: N802
        return obj[1]["commit"]["message"].split("\n", 1)[0]

    def _Commit_associatedPullRequests(self, obj, args):  # noqa: N802
        repo, commit = obj
        numbers = repo.commit_pulls.get(commit["sha"], [])[: int(args.get("first", 100))]
        return {"nodes": [(repo, repo.pulls[n]) for n in numbers], "totalCount": len(numbers)}

    def _PullRequest_number(self, obj, args):  # noqa: N802
        return obj[1]["number"]

    def _PullRequest_title(self, obj, args):  # noqa: N802
        return obj[1]["title"]

    def _PullRequest_body(self, obj, args):  # noqa: N802
        return obj[1].get("body") or ""

    def _PullRequest_merged(self, obj, args):  # noqa: N802
        return bool(obj[1]["merged"])

    def _PullRequest_mergedAt(self, obj, args):  # noqa: N802
        return obj[1]["merged_at"]

    def _PullRequest_state(self, obj, args):  # noqa: N802
        return "MERGED" if obj[1]["merged"] else obj[1]["state"].upper()

    def _PullRequest_baseRefName(self, obj, args):  # noqa: N802
        return obj[1]["base"]["ref"]

    def _PullRequest_url(self, obj, args):  # noqa: N802
        return obj[1]["html_url"]

    def _PullRequest_additions(self, obj, args):  # noqa: N802
        return sum(f["additions"] for f in obj[1].get("files", []))

    def _PullRequest_deletions(self, obj, args):  # noqa: N802
        return sum(f["deletions"] for f in obj[1].get("files", []))

    def _PullRequest_changedFiles(self, obj, args):  # noqa: N802
        return len(obj[1].get("files", []))

    def _PullRequest_mergeCommit(self, obj, args):  # noqa: N802
        repo, pull = obj
        sha = pull.get("merge_commit_sha") if pull["merged"] else None
        commit = next((c for c in repo.commits if c["sha"] == sha), None) if sha else None
        return None if commit is None else (repo, commit)

    def _Commit_parents(self, obj, args):  # noqa: N802
        repo, commit = obj
        shas = [p["sha"] for p in commit["parents"]]
        found = [c for c in repo.commits if c["sha"] in shas[: int(args.get("first", 100))]]
        return {"nodes": [(repo, c) for c in found], "totalCount": len(shas)}

    def _PullRequest_commits(self, obj, args):  # noqa: N802
        """The pull request's own commits, oldest first (``commits``: their shas)."""
        repo, pull = obj
        shas = pull.get("commits", [])
        by_sha = {c["sha"]: c for c in repo.commits}
        nodes = [{"commit": (repo, by_sha[s])} for s in shas[: int(args.get("first", 100))]
                 if s in by_sha]
        return {"nodes": nodes, "totalCount": len(shas)}

    def _PullRequest_labels(self, obj, args):  # noqa: N802
        labels = obj[1]["labels"]
        return {"nodes": labels[: int(args.get("first", 100))], "totalCount": len(labels)}

    def _PullRequest_files(self, obj, args):  # noqa: N802
        files = obj[1].get("files", [])
        return {"nodes": [{"path": f["filename"], "additions": f["additions"],
                           "deletions": f["deletions"],
                           "changeType": _CHANGE.get(f["status"], "MODIFIED")}
                          for f in files[: int(args.get("first", 100))]],
                "totalCount": len(files)}
