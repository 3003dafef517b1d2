"""episode.json: round trips, atomic saves, schema versions and migrations."""

from __future__ import annotations

import json
import os

import pytest

from studio import episode as ep_mod
from studio.episode import Episode, Segment, Sentence, load_episode, save_episode
from studio.plumbing.errors import StudioError


def _episode() -> Episode:
    ep = Episode(title="Title", summary="Sum", date="2026-01-01", repo="o/r",
                 segments=[Segment(id="intro", title="Hi", text="Hello there.",
                                   sentences=[Sentence("Hello there.", ["abc"])])])
    ep.refresh_transcript()
    return ep


def test_round_trip(tmp_path):
    ep = _episode()
    save_episode(ep, tmp_path)
    assert load_episode(tmp_path) == ep
    data = json.loads((tmp_path / "episode.json").read_text())
    assert data["schema"] == ep_mod.SCHEMA_VERSION
    for key in ("title", "summary", "date", "repo", "stats", "reverts", "segments", "transcript"):
        assert key in data
    assert set(data["stats"]) >= {"commits", "reverts", "relands", "authors"}


def test_newer_schema_is_refused(tmp_path):
    (tmp_path / "episode.json").write_text(json.dumps({"schema": 99, "title": "x"}))
    with pytest.raises(StudioError, match="newer than this studio"):
        load_episode(tmp_path)


def test_migration_hook_runs(tmp_path, monkeypatch):
    save_episode(_episode(), tmp_path)
    monkeypatch.setattr(ep_mod, "SCHEMA_VERSION", 2)

    def rename_title(data):
        data["title"] = data["title"].upper()
        return data

    monkeypatch.setitem(ep_mod.MIGRATIONS, 1, rename_title)
    assert load_episode(tmp_path).title == "TITLE"


def test_corrupt_file_is_a_clear_error(tmp_path):
    (tmp_path / "episode.json").write_text("{not json")
    with pytest.raises(StudioError, match="not valid JSON"):
        load_episode(tmp_path)


def test_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    save_episode(_episode(), tmp_path)
    before = (tmp_path / "episode.json").read_bytes()

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    changed = _episode()
    changed.title = "Changed"
    with pytest.raises(StudioError, match="No space left"):
        save_episode(changed, tmp_path)
    assert (tmp_path / "episode.json").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["episode.json"]  # no temp file left
