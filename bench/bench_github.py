"""Requests and wall time of a GitHub pull against the local API server, next to a naive loop.

For a 30-commit and a 300-commit PyTorch-style day (plus a 6-commit look-back), it runs:
- lean: ``pull_github`` (one paginated list, one GraphQL query per 100 commits for every
  commit's pull request, body and size, one REST request per commit without a PR of its own);
- lean again with a warm ETag cache (every REST answer a 304 and the GraphQL answers kept
  with the unchanged listing: no rate limit used);
- naive: list the commits, then ask each day commit's pull requests (N + 1 requests and up).
Wall times are medians of a few runs with PyGithub's pacing off (``seconds_between_requests``
None) so they measure the work, not the sleep; at GitHub's recommended pacing each request
adds 0.25 s more. Run: ``.venv/bin/python bench/bench_github.py``.
"""

from __future__ import annotations

import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from github_history import pytorch_history, repo_data  # noqa: E402
from github_server import GitHubApiServer  # noqa: E402

from studio.sources.github import pull_github  # noqa: E402
from studio.sources.github.auth import Token  # noqa: E402
from studio.sources.github.transport import NetworkPolicy  # noqa: E402

DAY = dt.date(2026, 2, 9)
ZONE = "America/Los_Angeles"
TOKEN = "ghp_benchTOKEN0123456789abcdefABCDEF01234"
POLICY = NetworkPolicy(min_interval=None)
RUNS = 3


def lean(server: GitHubApiServer, cache: Path | None) -> int:
    day = pull_github("pytorch/pytorch", DAY, tz=ZONE, api_url=server.api_url,
                      token=Token(TOKEN, "bench"), policy=POLICY, cache_dir=cache,
                      use_cache=cache is not None)
    return len(day.commits)


def naive(server: GitHubApiServer) -> int:
    """What a first version would do: every day commit's pull requests, one request each."""
    from github import Auth, Github

    zone = ZoneInfo(ZONE)
    start = dt.datetime.combine(DAY, dt.time.min, tzinfo=zone)
    end = start + dt.timedelta(days=1)
    gh = Github(base_url=server.api_url, auth=Auth.Token(TOKEN), per_page=100, retry=None,
                seconds_between_requests=None)
    repo = gh.get_repo("pytorch/pytorch")
    count = 0
    for commit in repo.get_commits(sha="main", since=start.astimezone(dt.UTC),
                                   until=end.astimezone(dt.UTC)):
        pulls = commit.get_pulls()
        _ = [p.title for p in pulls]
        count += 1
    gh.close()
    return count


def measure(fn, server: GitHubApiServer) -> tuple[int, int, float]:
    """(requests, of which charged, median seconds) over RUNS runs."""
    times = []
    for _ in range(RUNS):
        server.reset_counts()
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return server.count(), server.charged(), statistics.median(times)


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for count in (30, 300):
            hist = pytorch_history(Path(tmp) / f"pt{count}.git", DAY, count=count,
                                   zone=ZoneInfo(ZONE))
            with GitHubApiServer(token=TOKEN) as server:
                server.add_repo(repo_data(hist, "pytorch/pytorch", server.api_url, merged=False))
                cache = Path(tmp) / f"cache{count}"
                cold = measure(lambda s=server: lean(s, None), server)
                lean(server, cache)  # warm the ETag cache
                warm = measure(lambda s=server, c=cache: lean(s, c), server)
                slow = measure(lambda s=server: naive(s), server)
            rows.append((count, cold, warm, slow))

    head = (f"{'day':>9} | {'lean req':>8} | {'naive req':>9} | {'req ratio':>9} | "
            f"{'lean s':>7} | {'naive s':>7} | {'time ratio':>10} | {'re-pull req (charged)':>21}")
    print(head)
    print("-" * len(head))
    for count, cold, warm, slow in rows:
        print(f"{count:>5} cmt | {cold[0]:>8} | {slow[0]:>9} | {slow[0] / cold[0]:>8.1f}x | "
              f"{cold[2]:>7.3f} | {slow[2]:>7.3f} | {slow[2] / cold[2]:>9.1f}x | "
              f"{warm[0]:>12} ({warm[1]}) ")
    for count, cold, _warm, slow in rows:
        print(f"{count} commits at GitHub's 0.25 s pacing (estimate: measured + 0.25 s a request):"
              f" lean {cold[2] + 0.25 * cold[0]:.1f} s, naive {slow[2] + 0.25 * slow[0]:.1f} s")
    print(f"\nmedian of {RUNS} runs against the local server, PyGithub pacing off; a day's "
          "list covers the day plus a 6-commit look-back; lean sizes every commit kept and "
          "reads its PR (GraphQL, 100 a query) plus the two reverts' files (REST)")


if __name__ == "__main__":
    main()
