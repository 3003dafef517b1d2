"""Real git repositories for tests, built fast with `git fast-import`.

``RepoBuilder`` writes commits with exact author/committer identities and dates; ``sha()``
asks fast-import for a commit's id right away, so later messages can name it (reverts do).
Helpers write messages in PyTorch's merge-bot format and in GitHub's squash-merge format.
"""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

UTC = dt.UTC


class RepoBuilder:
    def __init__(self, path: Path, bare: bool = False, branch: str = "main",
                 origin: str | None = None) -> None:
        self.path = Path(path)
        args = ["git", "init", "-q", "-b", branch]
        if bare:
            args.append("--bare")
        subprocess.run([*args, str(self.path)], check=True)
        if origin:
            subprocess.run(["git", "-C", str(self.path), "remote", "add", "origin", origin],
                           check=True)
        self.branch = branch
        self._proc = subprocess.Popen(
            ["git", "-C", str(self.path), "fast-import", "--quiet", "--cat-blob-fd=1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        self._mark = 0
        self._tips: dict[str, int] = {}
        self._files: dict[str, int] = {}

    def _write(self, data: bytes) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.write(data)

    def commit(
        self,
        message: str | bytes,
        when: dt.datetime,
        author: str = "Alice Example",
        email: str = "alice@example.com",
        committer: str | None = None,
        committer_email: str | None = None,
        files: dict[str, str | bytes] | list[str] | None = None,
        branch: str | None = None,
        merge: str | None = None,
        raw_author: bytes | None = None,
        delete: list[str] | None = None,
        rename: dict[str, str] | None = None,
    ) -> str:
        """Add a commit; returns its sha. ``merge`` names a branch to merge as second parent;
        ``delete`` lists paths to remove and ``rename`` maps old paths to new ones."""
        branch = branch or self.branch
        self._mark += 1
        mark = self._mark
        stamp = f"{int(when.timestamp())} {when.strftime('%z') or '+0000'}".encode()
        who = raw_author if raw_author is not None else f"{author} <{email}>".encode()
        committer_id = f"{committer or author} <{committer_email or email}>".encode()
        msg = message if isinstance(message, bytes) else message.encode("utf-8")
        out = [b"commit refs/heads/" + branch.encode(), b"mark :%d" % mark,
               b"author " + who + b" " + stamp, b"committer " + committer_id + b" " + stamp,
               b"data %d" % len(msg), msg]
        parent = self._tips.get(branch)
        if parent is None and branch != self.branch and self.branch in self._tips:
            parent = self._tips[self.branch]
        if parent is not None:
            out.append(b"from :%d" % parent)
        if merge is not None:
            out.append(b"merge :%d" % self._tips[merge])
        if files is None:
            files = [f"src/file{mark % 7}.txt"]
        if isinstance(files, list):
            files = {name: f"{name} at {mark}\n" for name in files}
        for old, new in (rename or {}).items():
            out.append(b'R "' + old.encode("utf-8") + b'" "' + new.encode("utf-8") + b'"')
        for name in delete or []:
            out.append(b"D " + name.encode("utf-8"))
        for name, content in files.items():
            data = content if isinstance(content, bytes) else content.encode("utf-8")
            out.append(b"M 644 inline " + name.encode("utf-8"))
            out.append(b"data %d" % len(data))
            out.append(data)
        out.append(b"")
        self._write(b"\n".join(out) + b"\n")
        self._tips[branch] = mark
        return self.sha(mark)

    def sha(self, mark: int) -> str:
        self._write(b"get-mark :%d\n" % mark)
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.flush()
        return self._proc.stdout.readline().decode().strip()

    def close(self) -> Path:
        assert self._proc.stdin is not None
        self._proc.stdin.close()
        if self._proc.wait() != 0:
            raise RuntimeError("git fast-import failed")
        return self.path

    def __enter__(self) -> RepoBuilder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def at(date: str, hour: int = 12, minute: int = 0, tz: dt.tzinfo = UTC) -> dt.datetime:
    y, m, d = (int(x) for x in date.split("-"))
    return dt.datetime(y, m, d, hour, minute, tzinfo=tz)


# --- PyTorch's merge-bot format -------------------------------------------------------------

PT_BOT = ("PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com")
AUTOREVERT = ("Reverted automatically by pytorch's autorevert, to avoid this behaviour add the "
              "tag autorevert:disable")


def pt_landed(title: str, pr: int, body: str = "", approver: str = "reviewer",
              ghstack: list[int] | None = None, repo: str = "pytorch/pytorch") -> str:
    lines = [f"{title} (#{pr})", ""]
    if body:
        lines += [body, ""]
    lines.append(f"Pull Request resolved: https://github.com/{repo}/pull/{pr}")
    lines.append(f"Approved by: https://github.com/{approver}")
    if ghstack:
        lines.append("ghstack dependencies: " + ", ".join(f"#{n}" for n in ghstack))
    return "\n".join(lines) + "\n"


def pt_revert(title: str, pr: int, sha: str, by: str, reason: str,
              repo: str = "pytorch/pytorch") -> str:
    return (
        f'Revert "{title} (#{pr})"\n\nThis reverts commit {sha}.\n\n'
        f"Reverted https://github.com/{repo}/pull/{pr} on behalf of https://github.com/{by} "
        f"due to {reason} ([comment](https://github.com/{repo}/pull/{pr}#issuecomment-1))\n"
    )


# --- GitHub squash-merge format -------------------------------------------------------------

GH_COMMITTER = ("GitHub", "noreply@github.com")


def squash(title: str, pr: int, body: str = "") -> str:
    return f"{title} (#{pr})\n\n{body}\n" if body else f"{title} (#{pr})\n"


def gh_revert(title: str, pr: int, own_pr: int, repo: str = "octo/widgets",
              reason: str = "") -> str:
    body = f"Reverts {repo}#{pr}" + (f"\n\n{reason}" if reason else "")
    return f'Revert "{title} (#{pr})" (#{own_pr})\n\n{body}\n'


def plain_revert(title: str, sha: str, reason: str = "") -> str:
    tail = f"\n\n{reason}" if reason else ""
    return f'Revert "{title}"\n\nThis reverts commit {sha}.{tail}\n'


def code_lines(n: int) -> str:
    """``n`` lines of Python, a file's content where only its size matters."""
    return "".join(f"x{i} = {i}\n" for i in range(n))
