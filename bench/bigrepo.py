"""A large synthetic repository for benchmarks: N commits in PyTorch's merge-bot format,
one every few minutes, made with `git fast-import` and cached under bench/out/."""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

OUT = Path(__file__).resolve().parent / "out"
START = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
STEP_SECONDS = 8 * 60  # one commit every eight minutes: 180 a day


def build(n: int, path: Path | None = None) -> Path:
    path = path or OUT / f"repo-{n}.git"
    if (path / "refs" / "heads" / "main").exists() or (path / "packed-refs").exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True)
    proc = subprocess.Popen(["git", "-C", str(path), "fast-import", "--quiet"],
                            stdin=subprocess.PIPE)
    assert proc.stdin is not None
    write = proc.stdin.write
    for i in range(1, n + 1):
        when = int(START.timestamp()) + i * STEP_SECONDS
        pr = 100000 + i
        msg = (f"[Inductor] Improve kernel number {i} (#{pr})\n\nSome body text for change {i}.\n\n"
               f"Pull Request resolved: https://github.com/pytorch/pytorch/pull/{pr}\n"
               f"Approved by: https://github.com/reviewer{i % 50}\n").encode()
        content = f"change {i}\n".encode()
        write(b"commit refs/heads/main\nmark :%d\n" % i)
        write(b"author Dev %d <dev%d@example.com> %d +0000\n" % (i % 300, i % 300, when))
        write(b"committer PyTorch MergeBot <bot@example.com> %d +0000\n" % when)
        write(b"data %d\n%s\n" % (len(msg), msg))
        if i > 1:
            write(b"from :%d\n" % (i - 1))
        write(b"M 644 inline torch/_inductor/mod%d/file%d.py\ndata %d\n%s\n"
              % (i % 40, i % 1000, len(content), content))
    proc.stdin.close()
    if proc.wait() != 0:
        raise RuntimeError("fast-import failed")
    subprocess.run(["git", "-C", str(path), "commit-graph", "write", "--reachable"], check=True)
    return path


def day_of(i: int) -> dt.date:
    """The calendar day (UTC) of commit number ``i``."""
    return (START + dt.timedelta(seconds=i * STEP_SECONDS)).date()
