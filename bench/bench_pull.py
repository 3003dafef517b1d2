"""`studio pull` for one day of a 200,000-commit repository, against a bare `git log` over the
same window (the day plus its 14-day look-back), in the same run.

    .venv/bin/python bench/bench_pull.py [--commits 200000] [--repeat 5]
    .venv/bin/python bench/bench_pull.py --git /path/to/repo --date 2026-08-20 [--date ...]

With ``--git`` it times real repositories instead (their default branch, the given days).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bigrepo import build, day_of  # noqa: E402

STUDIO = [sys.executable, "-m", "studio"]


def timed(cmd: list[str], repeat: int) -> float:
    runs = []
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def measure(repo: Path, day: dt.date, repeat: int, out: Path,
            branch: str = "main") -> tuple[float, float]:
    start = dt.datetime.combine(day, dt.time.min, tzinfo=dt.UTC)
    since = int((start - dt.timedelta(days=14)).timestamp())
    until = int((start + dt.timedelta(days=1)).timestamp())
    bare = ["git", "-C", str(repo), "log", "--first-parent", f"--since=@{since}",
            f"--until=@{until}", branch]
    ours = [*STUDIO, "pull", "--git", str(repo), "--date", day.isoformat(), "-o", str(out)]
    subprocess.run(bare, check=True, stdout=subprocess.DEVNULL)  # warm the page cache
    return timed(bare, repeat), timed(ours, repeat)


def in_process(repo: Path, day: dt.date, repeat: int, branch: str = "main") -> float:
    from studio.sources.gitlocal import pull_git

    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        pull_git(repo, day, branch=branch)
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commits", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--git", type=Path, help="time this repository instead of a built one")
    parser.add_argument("--date", action="append", default=[], help="a day to pull (with --git)")
    args = parser.parse_args()
    if args.git:
        real_repo(args.git, [dt.date.fromisoformat(d) for d in args.date], args.repeat)
        return
    t0 = time.perf_counter()
    repo = build(args.commits)
    print(f"repository: {repo} ({args.commits} commits, built/reused in "
          f"{time.perf_counter() - t0:.1f} s)")
    sys.path.insert(0, str(HERE.parent))
    print(f"{'day':<30}{'git log':>9}{'studio pull':>13}{'ratio':>7}{'pull_git()':>12}{'ratio':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, index in (("last day (newest)", args.commits - 1),
                             ("middle of history", args.commits // 2)):
            day = day_of(index)
            bare, ours = measure(repo, day, args.repeat, Path(tmp) / "day.json")
            func = in_process(repo, day, args.repeat)
            print(f"{label + ' ' + day.isoformat():<30}{bare * 1000:>7.0f}ms{ours * 1000:>11.0f}ms"
                  f"{ours / bare:>6.2f}x{func * 1000:>10.0f}ms{func / bare:>6.2f}x")
    print("studio pull = the whole command (interpreter start-up included); pull_git() = the "
          "same work in a running process, as the desktop app does it.")


def real_repo(repo: Path, days: list[dt.date], repeat: int) -> None:
    sys.path.insert(0, str(HERE.parent))
    branch = subprocess.run(["git", "-C", str(repo), "rev-parse", "--abbrev-ref", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    print(f"repository: {repo} (branch {branch})")
    print(f"{'day':<30}{'git log':>9}{'studio pull':>13}{'ratio':>7}{'pull_git()':>12}{'ratio':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for day in days:
            bare, ours = measure(repo, day, repeat, Path(tmp) / "day.json", branch)
            func = in_process(repo, day, repeat, branch)
            print(f"{day.isoformat():<30}{bare * 1000:>7.0f}ms{ours * 1000:>11.0f}ms"
                  f"{ours / bare:>6.2f}x{func * 1000:>10.0f}ms{func / bare:>6.2f}x")


if __name__ == "__main__":
    main()
