"""The weekly recap of a real repository: pull + script time against seven daily pulls of the
same week (in the same run), the same with the week's day files already in the show folder,
and the recap's length.

    PYTHONPATH=$PWD .venv/bin/python bench/bench_recap.py \
        [--git /work/.mirror/astral-sh+ruff/repo --week 2026-W26] [--also PATH:WEEK ...] \
        [--repeat 3] [--out bench/results/recap.md]

The first repository must have at least 150 commits in the week (checked). Times are
in-process medians of ``--repeat`` runs, the span and the dailies alternating.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.episode import Episode  # noqa: E402
from studio.pipeline import SourceSpec, write_script_for  # noqa: E402
from studio.recap import RECAP_MINUTES, pull_span, write_recap_for  # noqa: E402
from studio.sources.gitlocal import pull_git  # noqa: E402
from studio.sources.gitspan import pull_git_span  # noqa: E402
from studio.sources.model import save_day  # noqa: E402
from studio.sources.span import week_span  # noqa: E402
from studio.spoken_length import spoken_words  # noqa: E402

MIN_COMMITS = 150


def median_time(run, repeat: int) -> tuple[float, object]:  # noqa: ANN001
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def measure(repo: str, week: str, repeat: int, minutes: float) -> dict:
    dates = week_span(week)
    spec = SourceSpec(git=repo)
    out: dict = {"repo": repo, "week": week}
    span_times, pull_times, daily_times, daily_script_times, walk_times = [], [], [], [], []
    write_recap_for(pull_span(spec, dates), minutes=minutes)  # warm: imports, page cache
    write_script_for(pull_git(repo, dates.first))
    for _ in range(repeat):  # alternating, so neither side gets the warmer cache
        t0 = time.perf_counter()
        span = pull_span(spec, dates)
        pulled = time.perf_counter()
        episode = write_recap_for(span, minutes=minutes)
        span_times.append(time.perf_counter() - t0)
        pull_times.append(pulled - t0)
        t, days = median_time(lambda: [pull_git(repo, d) for d in dates.dates], 1)
        daily_times.append(t)
        t, _ = median_time(lambda: pull_git_span(repo, dates.first, dates.last), 1)
        walk_times.append(t)
        t, _ = median_time(lambda: [write_script_for(pull_git(repo, d)) for d in dates.dates], 1)
        daily_script_times.append(t)
    show = Path(tempfile.mkdtemp(prefix="bench-recap-"))
    try:
        for day in days:
            save_day(day, show / "episodes" / day.date / "day.json")
        reuse, reused = median_time(
            lambda: (s := pull_span(spec, dates, show), write_recap_for(s, minutes=minutes))[0],
            repeat)
    finally:
        shutil.rmtree(show, ignore_errors=True)
    assert isinstance(episode, Episode)
    words = spoken_words(episode.transcript)
    out.update(
        commits=len(span.commits), authors=episode.stats.authors,
        span=statistics.median(span_times), span_pull=statistics.median(pull_times),
        walk=statistics.median(walk_times),
        dailies=statistics.median(daily_times),
        dailies_scripted=statistics.median(daily_script_times), reuse=reuse,
        reused=len(reused.reused), words=words, minutes=episode.estimated_seconds / 60,
        stories=sum(1 for s in episode.segments if s.id.startswith("story-")),
        title=episode.title, target=minutes)
    return out


def github_requests() -> str:
    """GitHub requests for the test week (tests/week_history.py) from the local API server:
    the span in one pull against its seven days pulled one by one."""
    sys.path.insert(0, str(ROOT / "tests"))
    from github_history import repo_data
    from github_server import GitHubApiServer
    from week_history import MONDAY, week_history

    from studio.sources.github import pull_github, pull_github_span
    from studio.sources.github.auth import Token

    token = "ghp_benchTOKEN0123456789abcdefABCDEF012345"
    with tempfile.TemporaryDirectory() as tmp, GitHubApiServer(token=token) as server:
        hist = week_history(Path(tmp) / "widgets.git")
        server.add_repo(repo_data(hist, "octo/widgets", server.api_url, merged=True))
        auth = Token(token, "GITHUB_TOKEN")
        last = MONDAY + dt.timedelta(days=6)
        pull_github_span("octo/widgets", MONDAY, last, api_url=server.api_url, token=auth,
                         use_cache=False)
        span = server.count()
        for i in range(7):
            pull_github("octo/widgets", MONDAY + dt.timedelta(days=i), api_url=server.api_url,
                        token=auth, use_cache=False)
        days = server.count() - span
    return (f"GitHub (local API server, tests/week_history.py, 10 commits in 2026-W05): the "
            f"week in one pull {span} requests, its seven days pulled one by one {days}")


def table(rows: list[dict]) -> str:
    lines = ["repository / week         commits  days only  recap pull  recap pull+script"
             "  7 daily pulls"
             "  ratio  7 dailies pulled+scripted  ratio  recap from 7 day files  words  minutes"
             "  stories"]
    for r in rows:
        name = f"{Path(r['repo']).parent.name} {r['week']}"
        lines.append(
            f"{name:25} {r['commits']:7}  {r['walk']:7.2f} s  {r['span_pull']:8.2f} s"
            f"  {r['span']:15.2f} s"
            f"  {r['dailies']:11.2f} s  {r['span'] / r['dailies']:5.2f}"
            f"  {r['dailies_scripted']:23.2f} s  {r['span'] / r['dailies_scripted']:5.2f}"
            f"  {r['reuse']:20.2f} s  {r['words']:5}  {r['minutes']:7.1f}  {r['stories']:7}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--git", default="/work/.mirror/astral-sh+ruff/repo")
    parser.add_argument("--week", default="2026-W26")
    parser.add_argument("--also", nargs="*", default=["/work/.mirror/pytorch+ao/repo:2026-W05"],
                        metavar="PATH:WEEK")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--minutes", type=float, default=RECAP_MINUTES)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = [measure(args.git, args.week, args.repeat, args.minutes)]
    if rows[0]["commits"] < MIN_COMMITS:
        print(f"{args.git} has {rows[0]['commits']} commits in {args.week}: pick a week "
              f"with at least {MIN_COMMITS}", file=sys.stderr)
        return 1
    for item in args.also:
        path, _, week = item.rpartition(":")
        rows.append(measure(path, week, args.repeat, args.minutes))
    text = table(rows) + "\n\n" + github_requests()
    print(text)
    for r in rows:
        print(f"{Path(r['repo']).parent.name} {r['week']}: {r['title']}")
    if args.out:
        stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%MZ")
        cmd = "PYTHONPATH=$PWD /work/main/.venv/bin/python bench/bench_recap.py " + " ".join(
            sys.argv[1:])
        titles = "\n".join(f"- {Path(r['repo']).parent.name} {r['week']}: {r['title']}"
                           for r in rows)
        args.out.write_text(f"# bench_recap, {stamp}\n\n    {cmd}\n\n```\n{text}\n```\n\n"
                            f"Titles:\n{titles}\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
