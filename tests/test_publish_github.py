"""Pushing the site to a GitHub Pages branch, against a local server answering like the API."""

from __future__ import annotations

import logging
import subprocess

import pytest
from git_data_api import GitDataAPI
from show_fixtures import make_episode, show_copy, write_episode_folder

from studio.cli.main import main
from studio.plumbing.errors import StudioError
from studio.publish.github_pages import git_blob_sha
from studio.publish.site import publish_show

DATES = ["2026-02-07", "2026-02-08"]
BASE = "https://octo.github.io/widgets-site/"


@pytest.fixture
def api():
    with GitDataAPI() as server:
        yield server


def _configure(show, api, path: str = "") -> None:
    text = (show / "show.toml").read_text()
    text = text.replace('repo = ""', f'repo = "{api.repo}"')
    text = text.replace('api_url = ""', f'api_url = "{api.api_url}"')
    text = text.replace('path = ""', f'path = "{path}"')
    (show / "show.toml").write_text(text)


@pytest.fixture
def show(tmp_path, tmp_path_factory, api, monkeypatch):
    folder = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(folder, BASE)
    _configure(folder, api)
    monkeypatch.setenv("GITHUB_TOKEN", api.token)
    monkeypatch.delenv("GH_TOKEN", raising=False)
    return folder


def _expected_files(show) -> dict[str, bytes]:
    names = ["feed.xml", "index.html", "style.css", "cover.png"]
    for day in DATES:
        names += [f"episodes/{day}/{n}" for n in ("index.html", "episode.mp3", "transcript.vtt",
                                                  "transcript.srt", "chapters.json")]
    files = {n: (show / n).read_bytes() for n in names}
    files[".nojekyll"] = b""
    return files


def test_git_blob_sha_matches_git(show):
    for data in (b"", b"hello\n", (show / "episodes" / DATES[0] / "episode.mp3").read_bytes()):
        out = subprocess.run(["git", "hash-object", "--stdin"], input=data, check=True,
                             capture_output=True)
        assert git_blob_sha(data) == out.stdout.decode().strip()


def test_push_creates_the_branch_then_uploads_only_changes(show, api, caplog):
    caplog.set_level(logging.DEBUG)
    first = publish_show(show, push=True).push
    assert first.commit and api.refs["gh-pages"] == first.commit
    expected = _expected_files(show)
    assert api.branch_files("gh-pages") == expected
    assert api.calls["POST blobs"] == len(expected) == first.uploaded
    assert api.commits[first.commit]["parents"] == []
    assert {"episode.json", "show.toml", "published.json"}.isdisjoint(
        {p.rsplit("/", 1)[-1] for p in api.branch_files("gh-pages")})

    # Nothing changed: no upload, no commit.
    again = publish_show(show, push=True).push
    assert again.commit is None and again.changed == []
    assert api.calls["POST blobs"] == len(expected) and api.calls["POST commits"] == 1

    # A new day: one commit on top, holding only what changed.
    write_episode_folder(show, make_episode("2026-02-09", "Widgets: Third Day"), freq=880)
    third = publish_show(show, push=True).push
    assert third.changed == sorted([
        "feed.xml", "index.html", "episodes/2026-02-07/index.html",
        "episodes/2026-02-08/index.html",  # their "Nearby episodes" now list the new day
        *[f"episodes/2026-02-09/{n}" for n in ("chapters.json", "episode.mp3", "index.html",
                                              "transcript.srt", "transcript.vtt")]])
    assert api.calls["POST blobs"] == len(expected) + len(third.changed)
    assert api.commits[third.commit]["parents"] == [first.commit]
    assert api.calls["POST commits"] == 2 and api.calls["PATCH refs"] == 1
    files = api.branch_files("gh-pages")
    assert files["episodes/2026-02-09/episode.mp3"] == \
        (show / "episodes/2026-02-09/episode.mp3").read_bytes()
    assert files["feed.xml"] == (show / "feed.xml").read_bytes()
    assert api.auth_seen == {f"token {api.token}"}
    assert api.token not in caplog.text


def test_dry_run_lists_changes_and_pushes_nothing(show, api, capsys):
    code = main(["publish", "-q", "--show-dir", str(show), "--push", "--dry-run"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"push to {api.repo} gh-pages would change {len(_expected_files(show))} files" in out
    assert "episodes/2026-02-08/episode.mp3" in out
    assert api.refs == {} and api.calls["POST blobs"] == 0
    publish_show(show, push=True)
    capsys.readouterr()
    main(["publish", "-q", "--show-dir", str(show), "--push", "--dry-run"])
    assert "would change 0 files" in capsys.readouterr().out


def test_push_into_a_folder_of_the_branch(show, api):
    _configure(show, api, path="podcast")
    publish_show(show, push=True)
    assert set(api.branch_files("gh-pages")) == {f"podcast/{p}" for p in _expected_files(show)}


def test_bad_token_is_one_line_without_the_token(show, api, monkeypatch, capsys):
    monkeypatch.setenv("GITHUB_TOKEN", "wrong-token-value")
    code = main(["publish", "-q", "--show-dir", str(show), "--push"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert "GitHub rejected the token" in err and "wrong-token-value" not in err
    monkeypatch.delenv("GITHUB_TOKEN")
    with pytest.raises(StudioError, match="no GitHub token"):
        publish_show(show, push=True)


def test_push_needs_a_configured_repo(tmp_path, tmp_path_factory, monkeypatch):
    folder = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    monkeypatch.setenv("GITHUB_TOKEN", "unused")
    with pytest.raises(StudioError, match=r"set repo under \[github\]"):
        publish_show(folder, BASE, push=True)
    assert (folder / "feed.xml").is_file()  # the local site is written before the push


def test_auto_push_makes_produce_push(show, api):
    from studio.pipeline import publish_step

    text = (show / "show.toml").read_text()
    (show / "show.toml").write_text(text.replace("auto_push = false", "auto_push = true"))
    write_episode_folder(show, make_episode("2026-02-09", "Widgets: Pushed By Produce"))
    result = publish_step(show, show / "episodes" / "2026-02-09")
    assert result.push.commit == api.refs["gh-pages"]
    assert b"Pushed By Produce" in api.branch_files("gh-pages")["feed.xml"]
