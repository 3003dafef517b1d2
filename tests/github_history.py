"""Real git histories in PyTorch's merge-bot format and in squash-merge format, and the GitHub
API data of the same history (for ``tests/github_server.py``).

Histories are written with ``git fast-import`` (one process for hundreds of commits), so a
300-commit day takes well under a second to build.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from github_server import GitHubApiServer, RepoData, user_json

MERGEBOT = ("PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com")
WEBFLOW = ("GitHub", "noreply@github.com")
PEOPLE = [("Alice Zhang", "alice@example.com"), ("Bob Okafor", "bob@example.com"),
          ("Chloé Dubois", "chloe@example.com"), ("Dev Patel", "dev@example.com")]
LABELS = ["module: inductor", "ciflow/trunk", "release notes: cuda", "topic: not user facing"]


def login_of(email: str) -> str:
    if email == MERGEBOT[1]:
        return "pytorchmergebot"
    if email == WEBFLOW[1]:
        return "web-flow"
    local, _, domain = email.partition("@")
    if domain == "users.noreply.github.com":  # [<id>+]<login>@users.noreply.github.com
        return local.rsplit("+", 1)[-1]
    return local


def _git(repo: Path, *args: str, data: bytes | None = None) -> bytes:
    env = dict(os.environ, LC_ALL="C", GIT_CONFIG_NOSYSTEM="1", HOME=str(repo))
    out = subprocess.run(["git", "-C", str(repo), *args], input=data, capture_output=True,
                         env=env, check=True)
    return out.stdout


@dataclass
class Planned:
    title: str
    body: str
    author: tuple[str, str]
    committer: tuple[str, str]
    when: dt.datetime
    pr: int | None = None
    reverts: int | None = None  # index of the planned commit this one reverts
    files: dict[str, str] = field(default_factory=dict)


class History:
    """Commits planned in order (oldest first) and written into a bare repository."""

    def __init__(self, path: Path, branch: str = "main") -> None:
        self.path = path
        self.branch = branch
        self.planned: list[Planned] = []
        self.shas: list[str] = []
        _git(path.parent, "init", "-q", "--bare", f"--initial-branch={branch}", str(path))

    def add(self, commit: Planned) -> int:
        self.planned.append(commit)
        return len(self.planned) - 1

    def write(self) -> None:
        """Write the planned commits; a revert's message names its original's real sha, so
        originals are written in a first pass and the rest in a second."""
        done = len(self.shas)
        todo = self.planned[done:]
        first = [i for i, p in enumerate(todo) if p.reverts is None or p.reverts < done]
        cut = next((i for i in range(len(todo)) if i not in first), len(todo))
        for chunk in (todo[:cut], todo[cut:]):
            if chunk:
                self._import(chunk)

    def _import(self, chunk: list[Planned]) -> None:
        stream = bytearray()
        parent = self.shas[-1] if self.shas else None
        for p in chunk:
            message = p.title + ("\n\n" + p.body if p.body else "")
            if p.reverts is not None:
                message = message.replace("{sha}", self.shas[p.reverts])
            msg = message.encode() + b"\n"
            stream += f"commit refs/heads/{self.branch}\n".encode()
            for role, (name, email) in (("author", p.author), ("committer", p.committer)):
                stamp = int(p.when.timestamp())
                stream += f"{role} {name} <{email}> {stamp} +0000\n".encode()
            stream += f"data {len(msg)}\n".encode() + msg
            if parent:
                stream += f"from {parent}\n".encode()
            for name, text in p.files.items():
                blob = text.encode()
                stream += f"M 100644 inline {name}\ndata {len(blob)}\n".encode() + blob + b"\n"
            stream += b"\n"
            parent = None  # fast-import chains the next commit onto this branch tip
        _git(self.path, "fast-import", "--quiet", data=bytes(stream))
        out = _git(self.path, "rev-list", "--reverse", self.branch).decode().split()
        self.shas = out


def pytorch_history(path: Path, day: dt.date, count: int, lookback: int = 6,
                    zone: dt.tzinfo = dt.UTC) -> History:
    """A PyTorch-style branch: bot-landed PRs `Title (#N)` with trailers, two auto-reverts."""
    hist = History(path)
    start = dt.datetime.combine(day, dt.time(0, 30), tzinfo=zone)
    for i in range(lookback):
        when = start - dt.timedelta(days=1 + i % 10, hours=i % 7)
        hist.add(_landed(1000 + i, when, i))
    hist.planned.sort(key=lambda p: p.when)
    originals = list(range(lookback))
    step = dt.timedelta(hours=23) / max(1, count)
    for i in range(count):
        when = start + step * i
        if i in (count // 3, 2 * count // 3) and originals:
            target = originals.pop()
            orig = hist.planned[target]
            hist.add(Planned(
                title=f'Revert "{orig.title}"',
                body=("This reverts commit {sha}.\n\nReverted https://github.com/pytorch/pytorch/"
                      f"pull/{orig.pr} on behalf of https://github.com/bob due to Reverted "
                      "automatically by pytorch's autorevert, to avoid this behaviour add the tag "
                      "autorevert:disable ([comment](https://github.com/pytorch/pytorch/pull/1))"),
                author=MERGEBOT, committer=MERGEBOT, when=when, reverts=target,
                files={f"torch/mod{target}.py": "reverted\n"}))
        else:
            hist.add(_landed(2000 + i, when, i))
    hist.write()
    return hist


def _landed(number: int, when: dt.datetime, i: int) -> Planned:
    author = PEOPLE[i % len(PEOPLE)]
    body = (f"Change {i}: " + "makes the compiler faster. " * (1 + i % 5)
            + f"\n\nPull Request resolved: https://github.com/pytorch/pytorch/pull/{number}\n"
            "Approved by: https://github.com/bob")
    return Planned(title=f"[inductor] Improve kernel {i} <fast> & \"safe\" (#{number})", body=body,
                   author=author, committer=MERGEBOT, when=when, pr=number,
                   files={f"torch/mod{i % 9}.py": f"x = {number}\n", f"test/t{i}.py": "ok\n"})


def squash_history(path: Path, day: dt.date, count: int, lookback: int = 4,
                   zone: dt.tzinfo = dt.UTC) -> History:
    """A squash-merging project: `Title (#N)` committed by GitHub, one web-UI revert."""
    hist = History(path)
    start = dt.datetime.combine(day, dt.time(0, 10), tzinfo=zone)
    for i in range(lookback):
        hist.add(_squashed(500 + i, start - dt.timedelta(days=lookback - i), i))
    step = dt.timedelta(hours=23, minutes=40) / max(1, count)
    for i in range(count):
        when = start + step * i
        if i == count // 2 and lookback:
            orig = hist.planned[0]
            hist.add(Planned(
                title=f'Revert "{orig.title}" (#{900 + i})',
                body="Reverts acme/widgets#500\n\nThis reverts commit {sha}.",
                author=PEOPLE[1], committer=WEBFLOW, when=when, pr=900 + i, reverts=0,
                files={"src/a0.py": "reverted\n"}))
        else:
            hist.add(_squashed(600 + i, when, i))
    hist.write()
    return hist


def _squashed(number: int, when: dt.datetime, i: int) -> Planned:
    return Planned(title=f"Add widget option {i} (#{number})",
                   body=(f"* first try\n\n* review fixes {i}\n\n"
                         "Co-authored-by: Dev <dev@example.com>"),
                   author=PEOPLE[i % len(PEOPLE)], committer=WEBFLOW, when=when, pr=number,
                   files={f"src/a{i % 5}.py": f"v = {number}\n"})


_TRAILER = re.compile(r"^(Co-authored-by|Pull Request resolved|Approved by|ghstack dependencies|"
                      r"Differential Revision|Signed-off-by):.*$", re.M | re.I)
_MERGE_PR = re.compile(r"^Merge pull request #(\d+) from \S+$")
_STATUS = {"A": "added", "D": "removed", "R": "renamed", "C": "copied", "M": "modified",
           "T": "changed"}


def _records(raw: str) -> dict[str, list[str]]:
    """sha -> the NUL-separated tokens after it, for a `--format=%x1e%H -z` log."""
    out = {}
    for record in raw.split("\x1e")[1:]:
        tokens = [t.strip("\n") for t in record.split("\0")]
        out[tokens[0]] = [t for t in tokens[1:] if t]
    return out


def file_sizes(path: Path, branch: str, since: str | None = None) -> dict[str, list[dict]]:
    """GitHub's ``files`` of every commit on ``branch`` (a merge: against its first parent),
    from `git log --name-status` and `--numstat`, renames detected as GitHub detects them."""
    common = ["log", "-z", "--diff-merges=first-parent", "--format=%x1e%H", branch,
              *([f"--since={since}"] if since else [])]
    names = _records(_git(path, *common, "--name-status").decode())
    stats = _records(_git(path, *common, "--numstat").decode())
    patches = _patches(_git(path, "log", "--diff-merges=first-parent", "-p", "--format=%x1e%H",
                            *common[4:]).decode("utf-8", "replace"))
    files: dict[str, list[dict]] = {}
    for sha, tokens in names.items():
        status: dict[str, str] = {}
        i = 0
        while i < len(tokens):
            letter = tokens[i][:1]
            two = letter in ("R", "C")
            status[tokens[i + 2] if two else tokens[i + 1]] = _STATUS.get(letter, "modified")
            i += 3 if two else 2
        sizes: dict[str, tuple[int, int]] = {}
        numbers = stats.get(sha, [])
        i = 0
        while i < len(numbers):
            a, d, name = numbers[i].split("\t", 2)
            if not name:  # a rename: old and new path follow
                name, i = numbers[i + 2], i + 3
            else:
                i += 1
            sizes[name] = (int(a) if a != "-" else 0, int(d) if d != "-" else 0)
        files[sha] = [{"sha": "0" * 40, "filename": name, "status": st,
                       "additions": sizes.get(name, (0, 0))[0],
                       "deletions": sizes.get(name, (0, 0))[1],
                       "changes": sum(sizes.get(name, (0, 0))), "blob_url": "", "raw_url": "",
                       "contents_url": "", "patch": patches.get((sha, name), "")}
                      for name, st in status.items()]
    return files


def _patches(raw: str) -> dict[tuple[str, str], str]:
    """(sha, path) -> the file's ``patch`` as GitHub gives it (its hunks, no headers), from a
    `git log -p --format=%x1e%H`."""
    out: dict[tuple[str, str], str] = {}
    for record in raw.split("\x1e")[1:]:
        sha, _, diff = record.partition("\n")
        for part in diff.split("\ndiff --git ")[0:]:
            head, sep, hunks = part.partition("\n@@")
            name = next((line[6:] for line in head.split("\n") if line.startswith("+++ b/")), "")
            if name and sep:
                out[(sha.strip(), name)] = ("@@" + hunks).rstrip("\n")
    return out


def pr_description(body: str) -> str:
    """What the PR's own description was: the landed message's body without the trailers
    the merge bot or GitHub's squash added."""
    return re.sub(r"\n{3,}", "\n\n", _TRAILER.sub("", body)).strip()


@contextmanager
def serving(hist: History, token: str, full_name: str, **view) -> Iterator[GitHubApiServer]:
    """The local GitHub API server, answering ``token``, with ``hist`` as ``full_name``
    (``view``: ``merged``, ``private``, … as for :func:`repo_data`)."""
    with GitHubApiServer(token=token) as srv:
        srv.add_repo(repo_data(hist, full_name, srv.api_url, **view))
        yield srv


def repo_data(hist: History, full_name: str, api_url: str, merged: bool,
              private: bool = False, associate: bool = True, since: str | None = None
              ) -> RepoData:
    """The GitHub API view of ``hist``: commit objects (files and stats from git) and one pull
    request per `(#N)` or `Merge pull request #N` with its description, labels and files;
    ``merged`` False is PyTorch's closed-not-merged state; ``associate`` False leaves such a
    closed PR untied to the commit that closed it (a bot's own push); ``since`` (a date)
    serves only the history from then on (a real repository's recent months)."""
    fmt = "%x1e%H%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B%x00"
    recent = [f"--since={since}"] if since else []
    raw = _git(hist.path, "log", "-z", f"--format={fmt}", hist.branch, *recent).decode()
    sizes = file_sizes(hist.path, hist.branch, since)
    commits: list[dict] = []
    pulls: dict[int, dict] = {}
    commit_pulls: dict[str, list[int]] = {}
    base = f"{api_url}/repos/{full_name}"
    for record in raw.split("\x1e")[1:]:
        sha, parents, an, ae, ad, cn, ce, cd, message, _rest = record.split("\0", 9)
        files = sizes.get(sha, [])
        adds = sum(f["additions"] for f in files)
        dels = sum(f["deletions"] for f in files)

        def utc(iso: str) -> str:
            return dt.datetime.fromisoformat(iso).astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

        author_login, committer_login = login_of(ae), login_of(ce)
        commits.append({
            "sha": sha, "node_id": f"C_{sha[:10]}", "url": f"{base}/commits/{sha}",
            "html_url": f"https://github.example/{full_name}/commit/{sha}",
            "comments_url": f"{base}/commits/{sha}/comments",
            "commit": {"author": {"name": an, "email": ae, "date": utc(ad)},
                       "committer": {"name": cn, "email": ce, "date": utc(cd)},
                       "message": message.rstrip("\n"), "comment_count": 0,
                       "tree": {"sha": "1" * 40, "url": f"{base}/git/trees/{'1' * 40}"},
                       "url": f"{base}/git/commits/{sha}",
                       "verification": {"verified": False, "reason": "unsigned",
                                        "signature": None, "payload": None}},
            "author": user_json(author_login, api_url),
            "committer": user_json(committer_login, api_url),
            "parents": [{"sha": p, "url": f"{base}/commits/{p}",
                         "html_url": f"https://github.example/{full_name}/commit/{p}"}
                        for p in parents.split()],
            "stats": {"total": adds + dels, "additions": adds, "deletions": dels},
            "files": files,
        })
        title, _, body = message.strip("\n").partition("\n")
        body = body.strip("\n")
        m = re.search(r"\(#(\d+)\)$", title)
        merge = _MERGE_PR.match(title) if len(parents.split()) > 1 else None
        own = [sha]  # the pull request's own commits, oldest first
        if m:
            number, pr_title, description = int(m.group(1)), title[: m.start()].rstrip(), (
                pr_description(body))
        elif merge:
            number, description = int(merge.group(1)), body
            pr_title = body.split("\n", 1)[0].strip() or title
            first, second = parents.split()[:2]
            own = _git(hist.path, "rev-list", "--reverse", "--topo-order",
                       f"{first}..{second}").decode().split()
        else:
            continue
        pulls[number] = {
            "url": f"{base}/pulls/{number}", "id": number, "number": number,
            "state": "closed", "title": pr_title, "body": description,
            "user": user_json(author_login, api_url),
            "labels": [{"id": k, "name": LABELS[(number + k) % len(LABELS)], "color": "fff"}
                       for k in range(2)],
            "merged_at": utc(cd) if merged else None, "closed_at": utc(cd),
            "merged": merged, "merge_commit_sha": sha if merged else None,
            "base": {"ref": hist.branch, "label": f"x:{hist.branch}"},
            "html_url": f"https://github.example/{full_name}/pull/{number}",
            "files": files,
            "commits": own,
        }
        if merged or associate:
            commit_pulls[sha] = [number]
    return RepoData(full_name=full_name, default_branch=hist.branch, commits=commits,
                    pulls=pulls, commit_pulls=commit_pulls, private=private,
                    tree=top_level_files(hist.path, hist.branch))


def top_level_files(path: Path, branch: str) -> dict[str, str]:
    """The branch tip's top-level files, as text (what GitHub's ``Blob.text`` gives)."""
    names = _git(path, "ls-tree", "-z", branch).decode().split("\0")
    files = {}
    for entry in names:
        meta, _, name = entry.partition("\t")
        if name and meta.split()[1] == "blob":
            files[name] = _git(path, "show", f"{branch}:{name}").decode("utf-8", "replace")
    return files
