"""A local HTTP server that answers like the GitHub REST API, for PyGithub's ``base_url``.

It serves repositories described by :class:`RepoData` (built from real git repositories by
``tests/github_history.py``) under ``/api/v3`` as GitHub Enterprise does: the repository, the
commit list (``sha``/``since``/``until``/``per_page``/``page`` with ``Link`` headers), single
commits with files and stats, pull requests, ``/search/issues`` for merged pull requests and
``/rate_limit``. Every answer has an ``ETag`` and rate-limit headers; ``If-None-Match`` gets a
304. ``POST /api/graphql`` answers GraphQL queries (tests/github_graphql.py) as GitHub does:
signed-in only, ``errors`` for unknown fields, the ``graphql`` rate-limit resource; with
``graphql_enabled`` False it is a 404, like an old GitHub Enterprise. Faults can be injected
by path, and every request is recorded (a GraphQL one as ``POST /graphql``).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import re
import socket
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from github_graphql import Executor

PREFIX = "/api/v3"
GRAPHQL_PATH = "/api/graphql"
APP_LOGINS = {"Copilot"}  # GitHub Apps whose login has no [bot] suffix


@dataclass
class RepoData:
    full_name: str
    default_branch: str
    commits: list[dict[str, Any]]  # GitHub commit objects, newest first, with files/stats
    pulls: dict[int, dict[str, Any]] = field(default_factory=dict)
    commit_pulls: dict[str, list[int]] = field(default_factory=dict)
    private: bool = False
    tree: dict[str, str] = field(default_factory=dict)  # top-level files at the branch tip


@dataclass
class Fault:
    """Answer requests whose path contains ``match`` with ``status`` (``times`` times)."""

    match: str
    status: int = 500
    times: int = 1
    headers: dict[str, str] = field(default_factory=dict)
    body: str | None = None
    delay: float = 0.0  # sleep before answering (a timeout when longer than the client's)


@dataclass
class Gate:
    """Hold the first ``times`` requests whose path contains ``match`` until ``release`` is set
    (``arrived`` is set when one is held): a pull that stalls mid-way for as long as a test
    needs, then goes on normally."""

    match: str
    release: threading.Event = field(default_factory=threading.Event)
    arrived: threading.Event = field(default_factory=threading.Event)
    times: int = 1


@dataclass
class Hit:
    method: str
    path: str
    query: dict[str, list[str]]
    status: int
    authorization: str


class GitHubApiServer:
    """Start with ``with GitHubApiServer() as server:``; ``server.api_url`` is the base URL."""

    def __init__(self, token: str | None = None) -> None:
        self.repos: dict[str, RepoData] = {}
        self.token = token  # when set, any other token gets 401
        self.faults: list[Fault] = []
        self.gates: list[Gate] = []
        self.hits: list[Hit] = []
        self.rate_limit = 5000
        self.rate_remaining = 5000
        self.graphql_enabled = True
        self.lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{PREFIX}"

    def add_repo(self, data: RepoData) -> None:
        self.repos[data.full_name.lower()] = data

    def add_fault(self, fault: Fault) -> None:
        self.faults.append(fault)

    def count(self, status: int | None = None) -> int:
        return sum(1 for h in self.hits if status is None or h.status == status)

    def graphql_queries(self) -> list[str]:
        """The query text of every GraphQL request, in order."""
        return [h.query.get("query", [""])[0] for h in self.hits if h.path == "/graphql"]

    def charged(self) -> int:
        """Requests that cost rate limit (everything but 304s and /rate_limit)."""
        return sum(1 for h in self.hits if h.status != 304 and h.path != "/rate_limit")

    def reset_counts(self) -> None:
        self.hits.clear()

    def __enter__(self) -> GitHubApiServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    # -- answers ---------------------------------------------------------------------------

    def answer(self, path: str, query: dict[str, list[str]], auth: str) -> tuple[int, Any, dict]:
        given = auth.split(" ", 1)[1] if " " in auth else ""
        if self.token is not None and given and given != self.token:
            return 401, {"message": "Bad credentials",
                         "documentation_url": "https://docs.github.com/rest"}, {}
        signed_in = bool(given)
        if path == "/rate_limit":
            core = {"limit": self.rate_limit, "remaining": self.rate_remaining,
                    "reset": int(time.time()) + 3600, "used": 0}
            return 200, {"resources": {"core": core}, "rate": core}, {}
        if path == "/search/issues":
            return self._search(query)
        m = re.fullmatch(r"/repos/([^/]+)/([^/]+)(/.*)?", path)
        if not m:
            return 404, {"message": "Not Found"}, {}
        repo = self.repos.get(f"{m.group(1)}/{m.group(2)}".lower())
        if repo is None or (repo.private and not signed_in):
            return 404, {"message": "Not Found",
                         "documentation_url": "https://docs.github.com/rest/repos"}, {}
        rest = m.group(3) or ""
        base = f"{self.api_url}/repos/{repo.full_name}"
        if rest == "":
            return 200, _repo_json(repo, self.api_url), {}
        if rest == "/commits":
            return self._list_commits(repo, query, base)
        m = re.fullmatch(r"/contents/?([^/]*)", rest)
        if m:  # the top level only: what the studio reads (the project's own name)
            name = urllib.parse.unquote(m.group(1))
            if not name:
                return 200, [_content_json(repo, n, t, base, full=False)
                             for n, t in sorted(repo.tree.items())], {}
            if name in repo.tree:
                return 200, _content_json(repo, name, repo.tree[name], base, full=True), {}
            return 404, {"message": "Not Found"}, {}
        m = re.fullmatch(r"/commits/([0-9a-f]{4,40})(/pulls)?", rest)
        if m:
            commit = next((c for c in repo.commits if c["sha"].startswith(m.group(1))), None)
            if commit is None:
                return 422, {"message": f"No commit found for SHA: {m.group(1)}"}, {}
            if m.group(2):
                return 200, [_rest_pull(repo.pulls[n])
                             for n in repo.commit_pulls.get(commit["sha"], [])], {}
            return 200, commit, {}
        m = re.fullmatch(r"/pulls/(\d+)", rest)
        if m and int(m.group(1)) in repo.pulls:
            return 200, _rest_pull(repo.pulls[int(m.group(1))]), {}
        return 404, {"message": "Not Found"}, {}

    def _list_commits(self, repo: RepoData, query: dict, base: str) -> tuple[int, Any, dict]:
        ref = query.get("sha", [repo.default_branch])[0]
        if ref != repo.default_branch and not any(c["sha"] == ref for c in repo.commits):
            return 404, {"message": "Not Found"}, {}
        since = _parse_time(query.get("since", [None])[0])
        until = _parse_time(query.get("until", [None])[0])
        items = []
        for commit in repo.commits:
            when = _parse_time(commit["commit"]["committer"]["date"])
            if (since is None or when >= since) and (until is None or when <= until):
                items.append(_listed(commit))
        return self._page(items, query, f"{base}/commits")

    def _search(self, query: dict) -> tuple[int, Any, dict]:
        q = query.get("q", [""])[0]
        terms = dict(t.split(":", 1) for t in q.split() if ":" in t and not t.startswith("is:"))
        repo = self.repos.get(terms.get("repo", "").lower())
        if repo is None or "is:pr" not in q or "is:merged" not in q:
            return 422, {"message": "Validation Failed"}, {}
        lo, _, hi = terms.get("merged", "..").partition("..")
        lo_t, hi_t = _parse_time(lo), _parse_time(hi)
        found = []
        for pull in repo.pulls.values():
            merged = _parse_time(pull["merged_at"]) if pull["merged_at"] else None
            if merged is None or pull["base"]["ref"] != terms.get("base", pull["base"]["ref"]):
                continue
            if (lo_t is None or merged >= lo_t) and (hi_t is None or merged <= hi_t):
                found.append(_issue_of(pull))
        status, page, headers = self._page(found, query, f"{self.api_url}/search/issues")
        return status, {"total_count": len(found), "incomplete_results": False,
                        "items": page}, headers

    @staticmethod
    def _page(items: list, query: dict, url: str) -> tuple[int, Any, dict]:
        per_page = max(1, min(100, int(query.get("per_page", ["30"])[0])))
        page = max(1, int(query.get("page", ["1"])[0]))
        last = max(1, -(-len(items) // per_page))
        chunk = items[(page - 1) * per_page : page * per_page]
        params = {k: v[0] for k, v in query.items() if k != "page"}

        def link(n: int, rel: str) -> str:
            return f'<{url}?{urllib.parse.urlencode({**params, "page": n})}>; rel="{rel}"'

        links = []
        if page < last:
            links += [link(page + 1, "next"), link(last, "last")]
        if page > 1:
            links += [link(1, "first"), link(page - 1, "prev")]
        return 200, chunk, ({"Link": ", ".join(links)} if links else {})


def _handler_for(server: GitHubApiServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            # headers and body go out in two writes: without this, Nagle's algorithm and the
            # client's delayed ACK add 40 ms to every answer, which GitHub does not.
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            parts = urllib.parse.urlsplit(self.path)
            auth = self.headers.get("Authorization", "")
            try:
                request = json.loads(raw or b"{}")
                query = str(request.get("query") or "")
            except (ValueError, AttributeError):
                request, query = {}, ""
            hit = {"query": [query]}
            if parts.path != GRAPHQL_PATH or not server.graphql_enabled:
                self._send(404, json.dumps({"message": "Not Found"}).encode(), {}, "/graphql",
                           hit, auth, "POST")
                return
            fault = None
            with server.lock:
                for f in server.faults:
                    if f.times > 0 and f.match in self.path:
                        f.times -= 1
                        fault = f
                        break
            if fault is not None:
                if fault.delay:
                    time.sleep(fault.delay)
                body = fault.body if fault.body is not None else json.dumps(
                    {"message": f"fault {fault.status}"})
                self._send(fault.status, body.encode(), fault.headers, "/graphql", hit, auth,
                           "POST")
                return
            given = auth.split(" ", 1)[1] if " " in auth else ""
            if not given or (server.token is not None and given != server.token):
                message = ("This endpoint requires you to be authenticated." if not given
                           else "Bad credentials")
                self._send(401, json.dumps({"message": message, "documentation_url":
                                            "https://docs.github.com/graphql"}).encode(),
                           {}, "/graphql", hit, auth, "POST")
                return
            with server.lock:
                rate = {"limit": server.rate_limit, "remaining": server.rate_remaining}
                repos = dict(server.repos)
            answer = Executor(repos, rate).run(query, request.get("variables") or {})
            self._send(200, json.dumps(answer).encode(), {}, "/graphql", hit, auth, "POST")

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            parts = urllib.parse.urlsplit(self.path)
            path = parts.path.removeprefix(PREFIX) if parts.path.startswith(PREFIX) else "/?"
            query = urllib.parse.parse_qs(parts.query)
            auth = self.headers.get("Authorization", "")
            gate = None
            fault = None
            with server.lock:
                for g in server.gates:
                    if g.times > 0 and g.match in self.path:
                        g.times -= 1
                        gate = g
                        break
                for f in server.faults:
                    if f.times > 0 and f.match in self.path:
                        f.times -= 1
                        fault = f
                        break
            if gate is not None:
                gate.arrived.set()
                gate.release.wait(60)
            if fault is not None:
                if fault.delay:
                    time.sleep(fault.delay)
                body = fault.body if fault.body is not None else json.dumps(
                    {"message": f"fault {fault.status}"})
                self._send(fault.status, body.encode(), fault.headers, path, query, auth)
                return
            status, data, headers = server.answer(path, query, auth)
            body = json.dumps(data).encode()
            etag = 'W/"' + hashlib.sha256(body).hexdigest()[:32] + '"'
            if status == 200:
                headers = {**headers, "ETag": etag}
                if self.headers.get("If-None-Match") == etag:
                    self._send(304, b"", {"ETag": etag}, path, query, auth)
                    return
            self._send(status, body, headers, path, query, auth)

        def _send(self, status: int, body: bytes, headers: dict, path: str, query: dict,
                  auth: str, method: str = "GET") -> None:
            with server.lock:
                free = status == 304 or path == "/rate_limit"  # as on GitHub
                if not free and server.rate_remaining > 0:
                    server.rate_remaining -= 1
                server.hits.append(Hit(method, path, query, status, auth))
                rate = {"X-RateLimit-Limit": str(server.rate_limit),
                        "X-RateLimit-Remaining": str(server.rate_remaining),
                        "X-RateLimit-Reset": str(int(time.time()) + 3600),
                        "X-RateLimit-Resource": "graphql" if path == "/graphql" else "core"}
            try:
                self.send_response(status)
                for key, value in {**rate, **headers}.items():
                    self.send_header(key, value)
                if status != 304:
                    self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


def _parse_time(text: str | None) -> dt.datetime | None:
    if not text:
        return None
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _content_json(repo: RepoData, name: str, text: str, base: str, full: bool) -> dict:
    data = text.encode()
    sha = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
    item = {"type": "file", "name": name, "path": name, "sha": sha, "size": len(data),
            "url": f"{base}/contents/{name}", "html_url": f"https://github.example/{name}",
            "git_url": f"{base}/git/blobs/{sha}", "download_url": None,
            "_links": {"self": f"{base}/contents/{name}"}}
    if full:
        item |= {"encoding": "base64", "content": base64.b64encode(data).decode()}
    return item


def _rest_pull(pull: dict) -> dict:
    """A pull request as REST has it: its size, not its file list (another endpoint)."""
    files = pull.get("files", [])
    return {**{k: v for k, v in pull.items() if k != "files"},
            "additions": sum(f["additions"] for f in files),
            "deletions": sum(f["deletions"] for f in files), "changed_files": len(files)}


def _listed(commit: dict) -> dict:
    """The list payload has no files or stats: the detail endpoint does."""
    return {k: v for k, v in commit.items() if k not in ("files", "stats")}


def user_json(login: str, api_url: str) -> dict:
    """A user as the API gives it; GitHub Apps (``name[bot]``, and Copilot) are type Bot."""
    uid = int(hashlib.sha256(login.encode()).hexdigest()[:8], 16)
    kind = "Bot" if login.endswith("[bot]") or login in APP_LOGINS else "User"
    return {"login": login, "id": uid, "node_id": f"U_{uid}",
            "avatar_url": f"https://avatars.example/u/{uid}", "url": f"{api_url}/users/{login}",
            "html_url": f"https://github.example/{login}", "type": kind, "site_admin": False}


def _repo_json(repo: RepoData, api_url: str) -> dict:
    owner, name = repo.full_name.split("/")
    return {"id": 1, "node_id": "R_1", "name": name, "full_name": repo.full_name,
            "private": repo.private, "owner": user_json(owner, api_url),
            "html_url": f"https://github.example/{repo.full_name}",
            "url": f"{api_url}/repos/{repo.full_name}", "default_branch": repo.default_branch,
            "description": "", "fork": False, "visibility": "private" if repo.private else "public"}


def _issue_of(pull: dict) -> dict:
    return {"url": pull["url"].replace("/pulls/", "/issues/"), "number": pull["number"],
            "title": pull["title"], "state": pull["state"], "user": pull["user"],
            "labels": pull["labels"], "pull_request": {"url": pull["url"],
                                                       "merged_at": pull["merged_at"]}}
