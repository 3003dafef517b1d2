"""`studio recap` and `studio produce --week`: one recap episode in episodes/<week>/ with its
own feed item (iTunes bonus, or the season/episode scheme show.toml's [recap] chooses), page,
chapters and transcript; the daily pages link to it; bad input is one line and a non-zero exit."""

from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET

import pytest
from audio_helpers import episode_mp3
from show_fixtures import make_episode, show_copy, write_episode_folder
from week_history import week_history

from studio.cli.main import main
from studio.episode import load_episode, save_episode
from studio.plumbing.errors import StudioError
from studio.publish.site import publish_show
from studio.sources.span import load_span

BASE = "https://podcasts.example.org/widgets/"
ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    return week_history(tmp_path_factory.mktemp("repo") / "widgets.git")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def items(show) -> list[ET.Element]:
    return ET.parse(show / "feed.xml").getroot().findall("./channel/item")


def test_recap_script_only_writes_the_recap_and_its_span(tmp_path, capsys, week):
    show = tmp_path / "show"
    code, out, err = run(capsys, "recap", "--git", str(week.path), "--week", "2026-W05",
                         "--show-dir", str(show), "--script-only", "-q")
    assert code == 0, err
    folder = show / "episodes" / "2026-W05"
    assert out.splitlines()[0] == "Weekly Recap – Reverted and Back: Add a Fused Attention Kernel"
    ep = load_episode(folder)
    assert ep.kind == "recap" and ep.span_start == "2026-01-26" and ep.date == "2026-02-01"
    span = load_span(folder / "span.json")
    assert [len(d.commits) for d in span.days] == [3, 2, 3, 1, 1, 0, 0]
    assert span.newcomers == ["erin@example.com"]
    # the same span as --from/--to: named as the week it is
    code, out, _ = run(capsys, "recap", "--git", str(week.path), "--from", "2026-01-26",
                       "--to", "2026-02-01", "--show-dir", str(show), "--script-only", "-q")
    assert code == 0 and str(folder / "episode.json") in out
    code, out, _ = run(capsys, "recap", "--git", str(week.path), "--from", "2026-01-27",
                       "--to", "2026-01-29", "--show-dir", str(show), "--script-only", "-q")
    assert code == 0 and out.startswith("Recap – ")
    assert (show / "episodes" / "2026-01-27_2026-01-29" / "span.json").is_file()


@pytest.mark.parametrize(("args", "says"), [
    (["--date", "2026-01-27", "--to", "2026-01-29"], "--to goes with --from"),
    (["--week", "2026-W05", "--writer", "llm"], "drop --writer llm"),
])
def test_produce_refuses_what_a_recap_cannot_do(tmp_path, capsys, week, args, says):
    code, out, err = run(capsys, "produce", "--git", str(week.path), *args,
                         "--show-dir", str(tmp_path / "show"), "-q")
    assert code != 0 and says in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("span", "says"), [
    (["--week", "2026-W60"], "2026 has no week 60"),
    (["--week", "lastweek"], "not an ISO week"),
    (["--from", "2026-02-03", "--to", "2026-02-01"], "the span is reversed"),
    (["--from", "2026-01-01", "--to", "2026-02-15"], "at most 31 days"),
    (["--from", "2026-01-01"], "--from needs --to"),
    (["--from", "2026-13-01", "--to", "2026-02-01"], "--from: not a valid date"),
    (["--week", f"{dt.date.today().year + 1}-W02"], "in the future"),
])
@pytest.mark.parametrize("command", ["recap", "produce"])
def test_bad_spans_are_one_line_and_a_non_zero_exit(tmp_path, capsys, week, span, says, command):
    code, out, err = run(capsys, command, "--git", str(week.path), *span,
                         "--show-dir", str(tmp_path / "show"), "-q")
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("studio: error:"), err
    assert says in err
    assert not (tmp_path / "show" / "episodes").exists()


def test_recap_is_published_beside_the_dailies_that_link_to_it(tmp_path, tmp_path_factory,
                                                                capsys, week):
    show = show_copy(tmp_path_factory, tmp_path / "show", ["2026-01-26", "2026-01-27"])
    publish_show(show, BASE)
    text = (show / "show.toml").read_text()
    (show / "show.toml").write_text(text + '\n[recap]\nepisode_type = "full"\nseason = 3\n'
                                    "numbered = true\n")
    code, out, err = run(capsys, "recap", "--git", str(week.path), "--week", "2026-W05",
                         "--show-dir", str(show), "--publish", "-q")
    assert code == 0, err
    assert "published the recap of 2026-W05" in out
    folder = show / "episodes" / "2026-W05"
    assert episode_mp3(folder).name == "widgets-daily-2026-W05.mp3"
    for name in ("transcript.vtt", "transcript.srt", "chapters.json",
                 "index.html", "span.json"):
        assert (folder / name).is_file(), name
    chapters = json.loads((folder / "chapters.json").read_text())["chapters"]
    assert chapters[0]["title"] == "Welcome" and len(chapters) >= 4
    ep = load_episode(folder)
    assert ep.kind == "recap" and ep.episode_type == "full" and ep.season == 3 and ep.number == 5
    feed = items(show)
    assert len(feed) == 3
    recap = feed[0]  # the newest: the week's last day is after the dailies
    assert recap.findtext("title") == ep.title
    assert recap.findtext(f"{ITUNES}episodeType") == "full"
    assert recap.findtext(f"{ITUNES}season") == "3" and recap.findtext(f"{ITUNES}episode") == "5"
    assert recap.find("link") is None or "episodes/2026-W05/" in (recap.findtext("link") or "")
    assert all(i.findtext(f"{ITUNES}episodeType") == "full" for i in feed[1:])
    daily = (show / "episodes" / "2026-01-27" / "index.html").read_text()
    assert 'href="../2026-W05/"' in daily and "This day is part of the recap" in daily
    page = (folder / "index.html").read_text()
    assert "Mon 26 Jan 2026 – Sun 1 Feb 2026" in page and "This episode is a recap" in page
    index = (show / "index.html").read_text()
    assert 'href="episodes/2026-W05/"' in index
    # the script again, alone: the exported recap keeps its audio, the new scheme applies
    (show / "show.toml").write_text((show / "show.toml").read_text().replace(
        "numbered = true", "numbered = false"))
    code, _, err = run(capsys, "recap", "--git", str(week.path), "--week", "2026-W05",
                       "--show-dir", str(show), "--script-only", "-q")
    assert code == 0, err
    again = load_episode(folder)
    assert again.number is None and again.audio == ep.audio and again.season == 3


def test_recap_is_a_bonus_item_without_a_recap_section(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", ["2026-01-26"])
    ep = make_episode("2026-02-01", "Weekly Recap – Cache Wins")
    ep.kind, ep.span_start = "recap", "2026-01-26"
    folder = write_episode_folder(show, ep)
    folder.rename(show / "episodes" / "2026-W05")
    publish_show(show, BASE)
    recap, daily = items(show)
    assert recap.findtext("title") == "Weekly Recap – Cache Wins"
    assert recap.findtext(f"{ITUNES}episodeType") == "bonus"
    assert recap.find(f"{ITUNES}season") is None and recap.find(f"{ITUNES}episode") is None
    assert daily.findtext(f"{ITUNES}episodeType") == "full"


@pytest.mark.parametrize(("field", "value", "says"), [
    ("kind", "weekly", 'kind must be one of "daily", "recap"'),
    ("span_start", "last monday", "span_start must be a date"),
    ("episode_type", "extra", "episode_type must be one of"),
])
def test_episode_kind_is_checked_and_round_trips(tmp_path, field, value, says):
    ep = make_episode("2026-02-01", "Weekly Recap")
    ep.kind, ep.span_start, ep.number = "recap", "2026-01-26", 5
    save_episode(ep, tmp_path / "ok")
    back = load_episode(tmp_path / "ok")
    assert (back.kind, back.span_start, back.number, back.itunes_type) == (
        "recap", "2026-01-26", 5, "bonus")
    assert back.folder_name == "2026-W05"  # where the app exports it
    back.span_start = "2026-01-27"
    assert back.folder_name == "2026-01-27_2026-02-01"
    assert make_episode("2026-02-01", "A day").folder_name == "2026-02-01"
    data = json.loads((tmp_path / "ok" / "episode.json").read_text())
    data[field] = value
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "episode.json").write_text(json.dumps(data))
    with pytest.raises(StudioError, match=says):
        load_episode(tmp_path / "bad")


def test_produce_week_from_github_reuses_the_days_in_the_show(tmp_path, week):
    import os
    import subprocess
    import sys
    from pathlib import Path

    from github_history import repo_data
    from github_server import GitHubApiServer

    from studio.sources.github import pull_github
    from studio.sources.github.auth import Token
    from studio.sources.model import save_day

    token = "ghp_recapTOKEN0123456789abcdefABCDEF01234"
    show = tmp_path / "show"
    with GitHubApiServer(token=token) as server:
        server.add_repo(repo_data(week, "octo/widgets", server.api_url, merged=True))
        for date in ("2026-01-26", "2026-01-27"):  # two dailies made already
            day = pull_github("octo/widgets", dt.date.fromisoformat(date), api_url=server.api_url,
                              token=Token(token, "GITHUB_TOKEN"), use_cache=False)
            save_day(day, show / "episodes" / date / "day.json")
        before = server.count()
        env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
        env.update(GITHUB_TOKEN=token, STUDIO_CACHE_DIR=str(tmp_path / "cache"),
                   HOME=str(tmp_path / "home"), PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
                   PYTHONPATH=str(Path(__file__).parent.parent))
        result = subprocess.run(
            [sys.executable, "-m", "studio", "produce", "--github", "octo/widgets", "--week",
             "2026-W05", "--api-url", server.api_url, "--show-dir", str(show), "-q",
             "--no-sting"], capture_output=True, text=True, env=env, timeout=120)
        assert result.returncode == 0, result.stderr
        hits = server.hits[before:]
    listings = [h for h in hits if h.path.endswith("/commits")]
    assert len(listings) == 1  # Wednesday to Sunday in one listing
    assert listings[0].query["since"] == ["2026-01-14T00:00:00Z"]  # Wednesday's look-back
    folder = show / "episodes" / "2026-W05"
    span = load_span(folder / "span.json")
    assert span.reused == ["2026-01-26", "2026-01-27"] and span.days[0].source == "github"
    ep = load_episode(folder)
    assert ep.kind == "recap" and ep.audio is not None and (folder / "chapters.json").is_file()
    for path in [p for p in tmp_path.rglob("*") if p.is_file()]:
        assert token not in path.read_text(encoding="utf-8", errors="replace"), path


def test_week_last_is_the_iso_week_before_this_one(tmp_path, capsys, week):
    code, out, err = run(capsys, "recap", "--git", str(week.path), "--week", "last",
                         "--show-dir", str(tmp_path / "show"), "--script-only", "-q")
    assert code == 0, err
    year, number, _ = (dt.date.today() - dt.timedelta(days=7)).isocalendar()
    assert (tmp_path / "show" / "episodes" / f"{year}-W{number:02d}" / "span.json").is_file()
