"""A local threaded HTTP server that answers like GitHub's git data API for one repository.

It keeps real git blob shas (so clients can compare them with their files), trees as
path -> blob sha maps, commits with parents, and branch refs; it checks the token, refuses
non-fast-forward ref updates, and counts every request so tests can see what was uploaded.
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit


def blob_sha(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


class GitDataAPI:
    def __init__(self, repo: str = "octo/widgets-site", token: str = "s3cret-token") -> None:
        self.repo, self.token = repo, token
        self.blobs: dict[str, bytes] = {}
        self.trees: dict[str, dict[str, str]] = {}
        self.commits: dict[str, dict] = {}
        self.refs: dict[str, str] = {}
        self.calls: Counter[str] = Counter()
        self.auth_seen: set[str] = set()
        self.lock = threading.Lock()
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format, *args):  # noqa: A002
                pass

            def do_GET(self):
                api.handle(self, "GET")

            def do_POST(self):
                api.handle(self, "POST")

            def do_PATCH(self):
                api.handle(self, "PATCH")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/api/v3"

    def __enter__(self) -> GitDataAPI:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    # What a test reads back.
    def branch_files(self, branch: str) -> dict[str, bytes]:
        tree = self.trees[self.commits[self.refs[branch]]["tree"]]
        return {path: self.blobs[sha] for path, sha in tree.items()}

    def _url(self, rest: str) -> str:
        return f"{self.api_url}/repos/{self.repo}/{rest}"

    def _commit_json(self, sha: str) -> dict:
        c = self.commits[sha]
        return {"sha": sha, "url": self._url(f"git/commits/{sha}"), "message": c["message"],
                "tree": {"sha": c["tree"], "url": self._url(f"git/trees/{c['tree']}")},
                "parents": [{"sha": p, "url": self._url(f"git/commits/{p}")}
                            for p in c["parents"]]}

    def _ref_json(self, branch: str) -> dict:
        sha = self.refs[branch]
        return {"ref": f"refs/heads/{branch}", "url": self._url(f"git/refs/heads/{branch}"),
                "object": {"sha": sha, "type": "commit", "url": self._url(f"git/commits/{sha}")}}

    def _tree_json(self, sha: str) -> dict:
        entries = [{"path": p, "mode": "100644", "type": "blob", "sha": s,
                    "size": len(self.blobs[s]), "url": self._url(f"git/blobs/{s}")}
                   for p, s in sorted(self.trees[sha].items())]
        folders = sorted({p.rsplit("/", 1)[0] for p in self.trees[sha] if "/" in p})
        entries += [{"path": f, "mode": "040000", "type": "tree", "sha": "0" * 40,
                     "url": self._url("git/trees/" + "0" * 40)} for f in folders]
        return {"sha": sha, "url": self._url(f"git/trees/{sha}"), "tree": entries,
                "truncated": False}

    def handle(self, req: BaseHTTPRequestHandler, method: str) -> None:
        path = urlsplit(req.path).path
        length = int(req.headers.get("Content-Length") or 0)
        body = json.loads(req.rfile.read(length) or b"{}") if length else {}
        auth = req.headers.get("Authorization", "")
        with self.lock:
            self.auth_seen.add(auth)
            if auth not in (f"token {self.token}", f"Bearer {self.token}"):
                return self._send(req, 401, {"message": "Bad credentials"})
            prefix = f"/api/v3/repos/{self.repo}/git/"
            if not path.startswith(prefix):
                return self._send(req, 404, {"message": "Not Found"})
            rest = path[len(prefix):]
            kind = rest.split("/", 1)[0]
            self.calls[f"{method} {kind}"] += 1
            status, data = self._route(method, rest, body)
        self._send(req, status, data)

    def _route(self, method: str, rest: str, body: dict) -> tuple[int, dict]:
        parts = rest.split("/")
        if method == "GET" and parts[0] in ("ref", "refs") and parts[1] == "heads":
            branch = "/".join(parts[2:])
            if branch not in self.refs:
                return 404, {"message": "Not Found"}
            return 200, self._ref_json(branch)
        if method == "GET" and parts[0] == "commits" and parts[1] in self.commits:
            return 200, self._commit_json(parts[1])
        if method == "GET" and parts[0] == "trees" and parts[1] in self.trees:
            return 200, self._tree_json(parts[1])
        if method == "POST" and rest == "blobs":
            raw = body["content"]
            data = base64.b64decode(raw) if body.get("encoding") == "base64" else raw.encode()
            sha = blob_sha(data)
            self.blobs[sha] = data
            return 201, {"sha": sha, "url": self._url(f"git/blobs/{sha}")}
        if method == "POST" and rest == "trees":
            base = dict(self.trees.get(body.get("base_tree", ""), {}))
            for entry in body["tree"]:
                if entry.get("sha") not in self.blobs:
                    return 422, {"message": f"blob {entry.get('sha')} not found"}
                base[entry["path"]] = entry["sha"]
            sha = hashlib.sha1(json.dumps(sorted(base.items())).encode()).hexdigest()
            self.trees[sha] = base
            return 201, self._tree_json(sha)
        if method == "POST" and rest == "commits":
            if body["tree"] not in self.trees or any(p not in self.commits
                                                      for p in body["parents"]):
                return 422, {"message": "tree or parent not found"}
            sha = hashlib.sha1(json.dumps(body, sort_keys=True).encode()).hexdigest()
            self.commits[sha] = {"tree": body["tree"], "parents": body["parents"],
                                 "message": body["message"]}
            return 201, self._commit_json(sha)
        if method == "POST" and rest == "refs":
            branch = body["ref"].removeprefix("refs/heads/")
            if branch in self.refs:
                return 422, {"message": "Reference already exists"}
            self.refs[branch] = body["sha"]
            return 201, self._ref_json(branch)
        if method == "PATCH" and parts[0] == "refs" and parts[1] == "heads":
            branch = "/".join(parts[2:])
            new = body["sha"]
            if branch not in self.refs or new not in self.commits:
                return 422, {"message": "Reference does not exist"}
            if self.refs[branch] not in self.commits[new]["parents"] and not body.get("force"):
                return 422, {"message": "Update is not a fast forward"}
            self.refs[branch] = new
            return 200, self._ref_json(branch)
        return 404, {"message": "Not Found"}

    @staticmethod
    def _send(req: BaseHTTPRequestHandler, status: int, data: dict) -> None:
        payload = json.dumps(data).encode()
        req.send_response(status)
        req.send_header("Content-Type", "application/json; charset=utf-8")
        req.send_header("Content-Length", str(len(payload)))
        req.end_headers()
        req.wfile.write(payload)
