"""The whole publish: idempotence, publish times, settings, bad input, the CLI and the hook."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from show_fixtures import make_episode, show_copy

from studio.cli.main import main
from studio.episode import load_episode, save_episode
from studio.pipeline import publish_step
from studio.publish.show import read_settings
from studio.publish.site import publish_show

DATES = ["2026-02-07", "2026-02-08", "2026-02-09"]
BASE = "https://podcasts.example.org/widgets/"


def _snapshot(show: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(show)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(show.rglob("*")) if p.is_file()}


def test_republishing_changes_nothing(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    first = publish_show(show, BASE)
    assert "feed.xml" in first.changed and "show.toml" in first.changed
    before = _snapshot(show)
    again = publish_show(show)
    assert again.changed == []
    assert _snapshot(show) == before  # same bytes, and not even rewritten
    assert again.unchanged == 3 + 5  # three pages; index, feed, stylesheet, icon, published.json


def test_published_time_is_set_once_and_kept(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES[:2])
    given = "2026-02-07T11:05:41Z"
    ep = load_episode(show / "episodes" / DATES[0])
    ep.published_at = given
    save_episode(ep, show / "episodes" / DATES[0])
    publish_show(show, BASE)
    assert load_episode(show / "episodes" / DATES[0]).published_at == given
    stamped = load_episode(show / "episodes" / DATES[1]).published_at
    assert stamped and stamped.endswith("Z")
    publish_show(show)
    assert load_episode(show / "episodes" / DATES[1]).published_at == stamped
    assert "Sat, 07 Feb 2026 11:05:41 +0000" in (show / "feed.xml").read_text()


def test_show_toml_is_created_and_edits_are_used(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES[:1])
    publish_show(show, BASE)
    settings = read_settings(show)
    assert settings.title == "Widgets Daily" and settings.base_url == BASE
    text = (show / "show.toml").read_text()
    (show / "show.toml").write_text(text.replace('title = "Widgets Daily"',
                                                 'title = "Widget Radio"'))
    result = publish_show(show)
    assert {"feed.xml", "index.html"} <= set(result.changed)
    assert "<title>Widget Radio</title>" in (show / "feed.xml").read_text()


def test_drafts_are_left_out_and_reported(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES[:2])
    draft = make_episode("2026-02-10", "Widgets: Not Narrated Yet")
    save_episode(draft, show / "episodes" / "2026-02-10")
    result = publish_show(show, BASE)
    assert result.drafts == ["2026-02-10"] and result.episodes == DATES[:2]
    assert "Not Narrated Yet" not in (show / "feed.xml").read_text()
    assert publish_step(show, show / "episodes" / "2026-02-10") is None
    assert publish_step(show, show / "episodes" / DATES[1]).changed == []


def _cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["publish", "-q", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _one_line_error(err: str, *words: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("studio: error: "), err
    assert "Traceback" not in err
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture
def published(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    return show


def test_no_episodes(tmp_path, capsys):
    (tmp_path / "empty" / "episodes").mkdir(parents=True)
    code, _out, err = _cli(capsys, "--show-dir", str(tmp_path / "empty"))
    assert code == 1
    _one_line_error(err, "no episodes to publish")
    assert not (tmp_path / "empty" / "show.toml").exists()
    code, _out, err = _cli(capsys, "--show-dir", str(tmp_path / "missing"))
    _one_line_error(err, "does not exist")


def test_corrupt_show_toml_loses_nothing(published, capsys):
    before = _snapshot(published)
    (published / "show.toml").write_text('title = "Widgets\nexplicit = maybe\n')
    broken = _snapshot(published)
    code, _out, err = _cli(capsys, "--show-dir", str(published))
    assert code == 1
    _one_line_error(err, "show.toml", "not valid TOML")
    assert _snapshot(published) == broken
    (published / "show.toml").write_text('title = "Widgets"\nexplicit = "maybe"\n')
    code, _out, err = _cli(capsys, "--show-dir", str(published))
    _one_line_error(err, "explicit must be true or false")
    assert {k: v for k, v in _snapshot(published).items() if k != "show.toml"} == \
        {k: v for k, v in before.items() if k != "show.toml"}


def test_missing_show_toml_is_recreated(published):
    (published / "show.toml").unlink()
    publish_show(published, BASE)
    assert read_settings(published).title == "Widgets Daily"


@pytest.mark.parametrize("url", ["ftp://example.org/show/", "javascript:alert(1)",
                                 "example.org/show", "file:///tmp/show/"])
def test_base_url_must_be_http(published, capsys, url):
    before = _snapshot(published)
    code, _out, err = _cli(capsys, "--show-dir", str(published), "--base-url", url)
    assert code == 1
    _one_line_error(err, "base URL must be an absolute http")
    assert _snapshot(published) == before


def test_episode_missing_its_mp3(published, capsys):
    os.remove(published / "episodes" / DATES[1] / "episode.mp3")
    before = _snapshot(published)
    code, _out, err = _cli(capsys, "--show-dir", str(published))
    assert code == 1
    _one_line_error(err, DATES[1], "episode.mp3", "missing")
    assert _snapshot(published) == before


def test_broken_episode_json_loses_nothing(published, capsys):
    (published / "episodes" / DATES[0] / "episode.json").write_text("{not json")
    before = _snapshot(published)
    code, _out, err = _cli(capsys, "--show-dir", str(published))
    _one_line_error(err, DATES[0], "not valid JSON")
    assert _snapshot(published) == before


def test_dry_run_lists_and_writes_nothing(tmp_path, tmp_path_factory, capsys):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES[:2])
    before = _snapshot(show)
    code, out, _err = _cli(capsys, "--show-dir", str(show), "--base-url", BASE, "--dry-run")
    assert code == 0
    assert "would change" in out and "feed.xml" in out and "show.toml" in out
    assert _snapshot(show) == before
    code, out, _err = _cli(capsys, "--show-dir", str(show), "--base-url", BASE)
    assert code == 0 and (show / "feed.xml").is_file()
    assert f"2 episodes -> {BASE}feed.xml" in out


def test_a_new_episode_updates_its_neighbours(published, tmp_path_factory):
    from show_fixtures import write_episode_folder

    write_episode_folder(published, make_episode("2026-02-10", "Widgets: Fresh Day"))
    result = publish_show(published)
    assert set(result.changed) == {
        "feed.xml", "index.html", "published.json",
        *[f"episodes/{day}/index.html" for day in DATES],  # nearby lists gain the new day
        "episodes/2026-02-10/index.html", "episodes/2026-02-10/episode.json"}
    assert "Widgets: Fresh Day" in (published / "episodes" / DATES[-1] / "index.html").read_text()
    shutil.rmtree(published / "episodes" / "2026-02-10")


def test_audio_file_name_cannot_leave_the_folder(published, capsys):
    ep = load_episode(published / "episodes" / DATES[0])
    ep.audio.file = "../../show.toml"
    save_episode(ep, published / "episodes" / DATES[0])
    code, _out, err = _cli(capsys, "--show-dir", str(published))
    _one_line_error(err, DATES[0], "not a plain file name")
