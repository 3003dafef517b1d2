"""The text stages for a 30-commit day: `studio pull` + `studio script` on the command line,
and pull + digest + script in one process, against a bare `git log` of the same window.

    .venv/bin/python bench/bench_text.py [--repeat 5]
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
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from gitrepo import AUTOREVERT, PT_BOT, RepoBuilder, at, pt_landed, pt_revert  # noqa: E402

DATE = "2026-02-09"
AREAS = ["torch/_inductor/a.py", "torch/_dynamo/b.py", "aten/src/ATen/native/mps/c.mm",
         "torch/distributed/tensor/d.py", "docs/source/e.rst", ".github/workflows/f.yml"]


def build(path: Path) -> None:
    with RepoBuilder(path, origin="https://github.com/pytorch/pytorch.git") as r:
        shas = []
        for i in range(27):
            shas.append(r.commit(pt_landed(f"Change number {i} to the thing", 1000 + i),
                                 at(DATE, 0, i * 2), f"Dev {i % 9}", f"dev{i % 9}@ex.com",
                                 committer=PT_BOT[0], committer_email=PT_BOT[1],
                                 files=[AREAS[i % len(AREAS)]]))
        for j in range(3):
            r.commit(pt_revert(f"Change number {j} to the thing", 1000 + j, shas[j],
                               "pytorch-auto-revert", AUTOREVERT), at(DATE, 20, j), *PT_BOT)


def median_time(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        repo, day_file, out = Path(tmp) / "repo", Path(tmp) / "day.json", Path(tmp) / "ep"
        build(repo)

        def run(*cmd: str) -> None:
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)

        git = median_time(lambda: run("git", "-C", str(repo), "log", "--since=2026-01-26",
                                      "main"), args.repeat)
        cli = median_time(lambda: (
            run(sys.executable, "-m", "studio", "pull", "--git", str(repo), "--date", DATE,
                "-o", str(day_file)),
            run(sys.executable, "-m", "studio", "script", str(day_file), "-o", str(out))),
            args.repeat)
        from studio.pipeline import SourceSpec, pull_day, write_script_for

        spec = SourceSpec(git=str(repo))
        func = median_time(lambda: write_script_for(pull_day(spec, dt.date.fromisoformat(DATE))),
                           args.repeat)
    print(f"30-commit day, median of {args.repeat}:")
    print(f"  git log of the window          {git * 1000:7.0f} ms")
    print(f"  studio pull + studio script    {cli * 1000:7.0f} ms  (two commands, start-up included)")
    print(f"  pull + digest + script         {func * 1000:7.0f} ms  (in one running process)")


if __name__ == "__main__":
    main()
