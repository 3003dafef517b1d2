"""A span of days is pulled once: one history walk (git) or one listing (GitHub), each day
the very Day a daily pull makes, and days already in the show folder are read, not pulled."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from github_history import repo_data
from github_server import GitHubApiServer
from week_history import MONDAY, WEEK, week_history

from studio.pipeline import SourceSpec
from studio.plumbing.errors import StudioError
from studio.recap import pull_span
from studio.sources.github import pull_github, pull_github_span
from studio.sources.github.auth import Token
from studio.sources.github.transport import NetworkPolicy
from studio.sources.gitlocal import pull_git
from studio.sources.gitspan import pull_git_span
from studio.sources.model import Day, load_day, save_day
from studio.sources.span import Span, date_span, load_span, save_span, week_span

TOKEN = "ghp_testTOKEN0123456789abcdefABCDEF0123"
FAST = NetworkPolicy(timeout=2.0, retries=2, backoff=0.01, max_rate_wait=3.0, min_interval=None)
SUNDAY = MONDAY + dt.timedelta(days=6)


@pytest.fixture
def week(tmp_path):
    return week_history(tmp_path / "widgets.git")


@pytest.fixture
def git_calls(tmp_path, monkeypatch):
    """Every git command line run from here on, through a shim in front of the real git."""
    shim = tmp_path / "shim"
    shim.mkdir()
    log = tmp_path / "git-calls.txt"
    real = next(p for p in os.environ["PATH"].split(os.pathsep) if (Path(p) / "git").is_file())
    (shim / "git").write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> "{log}"\n'
                              f'exec "{real}/git" "$@"\n')
    (shim / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{shim}{os.pathsep}{os.environ['PATH']}")
    return lambda: [x for x in log.read_text().splitlines()] if log.exists() else []


def walks(calls: list[str]) -> int:
    """History walks over the window: `git log --first-parent` with a --since."""
    return sum(1 for c in calls if c.split()[2:4] == ["log", "--first-parent"] and "--since" in c)


def same_days(a: list[Day], b: list[Day]) -> None:
    for x, y in zip(a, b, strict=True):
        assert x.date == y.date
        assert [c.sha for c in x.commits] == [c.sha for c in y.commits], x.date
        assert [c.sha for c in x.lookback] == [c.sha for c in y.lookback], x.date
        assert x.lookback_total == y.lookback_total and x.merged_prs == y.merged_prs
        for c, d in zip(x.commits + x.lookback, y.commits + y.lookback, strict=True):
            assert c.changes == d.changes and c.author_name == d.author_name


def test_a_week_is_one_history_walk_giving_the_days_daily_pulls_give(week, git_calls):
    days = pull_git_span(week.path, MONDAY, SUNDAY)
    assert walks(git_calls()) == 1
    assert [d.date for d in days] == [(MONDAY + dt.timedelta(days=i)).isoformat()
                                      for i in range(7)]
    assert [len(d.commits) for d in days] == [3, 2, 3, 1, 1, 0, 0]

    before = len(git_calls())
    dailies = [pull_git(week.path, MONDAY + dt.timedelta(days=i)) for i in range(7)]
    assert walks(git_calls()[before:]) == 7
    same_days(days, dailies)
    # Thursday's reland keeps Monday's revert and the Friday-before original in its look-back
    assert {c.title for c in days[3].lookback} >= {
        'Revert "Add a fused attention kernel (#101)" (#111)', "Add a fused attention kernel (#101)"}


def test_span_reads_the_show_folders_day_files_and_pulls_only_the_rest(tmp_path, week, git_calls):
    show = tmp_path / "show"
    spec = SourceSpec(git=str(week.path))
    for i in (0, 1, 2):  # Monday to Wednesday already made as dailies
        day = pull_git(week.path, MONDAY + dt.timedelta(days=i))
        day.commits[0].title += " [from the show folder]"
        save_day(day, show / "episodes" / day.date / "day.json")
    before = len(git_calls())
    span = pull_span(spec, week_span(WEEK), show)
    calls = git_calls()[before:]
    assert walks(calls) == 1  # Thursday to Sunday, in one walk
    since = next(c for c in calls if "--first-parent" in c and "--since" in c)
    assert span.reused == ["2026-01-26", "2026-01-27", "2026-01-28"]
    assert all(d.commits[0].title.endswith("[from the show folder]") for d in span.days[:3])
    assert [len(d.commits) for d in span.days] == [3, 2, 3, 1, 1, 0, 0]
    thursday_window = dt.datetime(2026, 1, 15, tzinfo=dt.UTC)  # 14 days before January 29th
    assert f"--since=@{int(thursday_window.timestamp())} " in since
    assert span.newcomers == ["erin@example.com"]  # her first commit, on Wednesday

    for i in range(3, 7):  # all seven days in the folder: no walk at all
        day = span.days[i]
        save_day(day, show / "episodes" / day.date / "day.json")
    before = len(git_calls())
    again = pull_span(spec, week_span(WEEK), show)
    assert walks(git_calls()[before:]) == 0 and len(again.reused) == 7


def test_day_files_of_another_repository_or_time_zone_are_not_reused(tmp_path, week):
    show = tmp_path / "show"
    berlin = pull_git(week.path, MONDAY, tz="Europe/Berlin")
    save_day(berlin, show / "episodes" / berlin.date / "day.json")
    span = pull_span(SourceSpec(git=str(week.path)), week_span(WEEK), show)
    assert span.reused == [] and span.days[0].tz == "UTC"


def test_span_file_round_trips(tmp_path, week):
    span = Span(week_span(WEEK), pull_git_span(week.path, MONDAY, SUNDAY), newcomers=["e@x"])
    save_span(span, tmp_path / "span.json")
    back = load_span(tmp_path / "span.json")
    assert back.dates == span.dates and back.newcomers == ["e@x"]
    assert [c.sha for c in back.commits] == [c.sha for c in span.commits]
    assert back.date_of(span.days[3].commits[0].sha) == "2026-01-29"


@pytest.mark.parametrize(("make", "message"), [
    (lambda: week_span("2026-W60"), "2026 has no week 60"),
    (lambda: week_span("last week"), "not an ISO week"),
    (lambda: date_span(dt.date(2026, 2, 3), dt.date(2026, 2, 1)), "reversed"),
])
def test_bad_spans_say_why(make, message):
    with pytest.raises(StudioError, match=message):
        make()


def test_spans_too_long_or_in_the_future_are_refused(week):
    spec = SourceSpec(git=str(week.path))
    with pytest.raises(StudioError, match="at most 31 days"):
        pull_span(spec, date_span(dt.date(2026, 1, 1), dt.date(2026, 2, 15)))
    future = dt.date.today() + dt.timedelta(days=3)
    with pytest.raises(StudioError, match="in the future"):
        pull_span(spec, date_span(future - dt.timedelta(days=6), future))


def test_week_from_github_is_one_listing_and_matches_git(tmp_path, week):
    with GitHubApiServer(token=TOKEN) as server:
        server.add_repo(repo_data(week, "octo/widgets", server.api_url, merged=True))
        token = Token(TOKEN, "GITHUB_TOKEN")
        days = pull_github_span("octo/widgets", MONDAY, SUNDAY, api_url=server.api_url,
                                token=token, policy=FAST, use_cache=False)
        span_requests = server.count()
        listings = sum(1 for h in server.hits if h.path.endswith("/commits"))
        assert listings == 1 and len(server.graphql_queries()) == 1
        assert days[0].requests == span_requests <= 4
        same_days(days, pull_git_span(week.path, MONDAY, SUNDAY))
        assert [d.merged_prs for d in days] == [3, 2, 3, 1, 1, 0, 0]
        for i in range(7):
            pull_github("octo/widgets", MONDAY + dt.timedelta(days=i), api_url=server.api_url,
                        token=token, policy=FAST, use_cache=False)
        assert server.count() - span_requests >= 7 * 3  # seven pulls: seven times the cost


def test_day_file_saved_from_a_span_loads_as_a_day(tmp_path, week):
    day = pull_git_span(week.path, MONDAY, SUNDAY)[3]
    save_day(day, tmp_path / "day.json")
    assert [c.sha for c in load_day(tmp_path / "day.json").lookback] == [c.sha for c in day.lookback]


def test_a_cancelled_span_pull_stops_and_leaves_no_git_running(week):
    from studio.jobs import CancelToken
    from studio.plumbing.errors import Cancelled

    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        pull_span(SourceSpec(git=str(week.path)), week_span(WEEK), cancel=token)
    assert git_children() == []  # the history's author list was stopped and reaped


def git_children() -> list[str]:
    """This process's git children, running or not yet reaped (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        comm, rest = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:]
        if comm == "git" and int(rest.split()[1]) == os.getpid():
            found.append(stat.parent.name)
    return found


def test_a_reland_whose_revert_is_older_than_its_window_is_paired_from_github_too(tmp_path):
    from github_history import WEBFLOW, History, Planned
    from week_history import ALICE, CAROL, at

    hist = History(tmp_path / "old.git")
    original = hist.add(Planned("Add the tile cache (#50)", "Caches tiles.", ALICE, WEBFLOW,
                                at(-40, 10), 50, files={"src/tiles/cache.py": "c = 1\n"}))
    hist.add(Planned('Revert "Add the tile cache (#50)" (#60)', "Reverts octo/tiles#50", CAROL,
                     WEBFLOW, at(-30, 10), 60, reverts=original,
                     files={"src/tiles/cache.py": "c = 0\n"}))
    hist.add(Planned("Reland: Add the tile cache (#90)", "Relands #50.", ALICE, WEBFLOW,
                     at(3, 10), 90, files={"src/tiles/cache.py": "c = 2\n"}))
    hist.write()
    git_days = pull_git_span(hist.path, MONDAY, SUNDAY)
    assert {c.title for c in git_days[3].lookback} == {
        "Add the tile cache (#50)", 'Revert "Add the tile cache (#50)" (#60)'}
    with GitHubApiServer(token=TOKEN) as server:
        server.add_repo(repo_data(hist, "octo/tiles", server.api_url, merged=True))
        days = pull_github_span("octo/tiles", MONDAY, SUNDAY, api_url=server.api_url,
                                token=Token(TOKEN, "GITHUB_TOKEN"), policy=FAST, use_cache=False)
        listings = [h for h in server.hits if h.path.endswith("/commits")]
    same_days(days, git_days)
    assert len(listings) == 2  # the span's, and one of the 90 days before its window
