"""Issue 24 item 9: show.toml stays the host's file. ``studio publish --base-url`` (and every
other writer of show.toml: the app's settings, the writer choice) edits it in place, keeping
the host's comments, order and the tables studio does not model."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from show_fixtures import show_copy

from studio.publish.show import ShowDetails, read_settings, set_details

HAND_WRITTEN = """\
# Widgets Daily — written by hand; keep these notes.
title = "Widgets Daily"   # the name apps show
description = "What landed in octo/widgets, read aloud."
author = "Ada Host"

# Apple mails the owner to verify the show.
[owner]
name = "Ada Host"  # me
email = "ada@example.org"

[recap]   # read on its own by the recap
weekday = "friday"
"""


def studio(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=300)


def test_publish_base_url_keeps_the_hosts_comments_and_layout(tmp_path_factory, tmp_path):
    show = show_copy(tmp_path_factory, tmp_path / "show", ["2026-03-02"])
    (show / "show.toml").write_text(HAND_WRITTEN, encoding="utf-8")
    run = studio("publish", "--show-dir", str(show), "--base-url",
                 "https://pods.example.org/widgets", "-q")
    assert run.returncode == 0, run.stderr
    text = (show / "show.toml").read_text(encoding="utf-8")
    for line in HAND_WRITTEN.splitlines():  # every line the host wrote, comments and all
        assert line in text, line
    assert len(text.splitlines()) <= len(HAND_WRITTEN.splitlines()) + 4  # not a full dump
    data = tomllib.loads(text)
    assert data["base_url"] == "https://pods.example.org/widgets/"
    assert data["podcast_guid"]  # pinned now that the address is public
    assert data["recap"] == {"weekday": "friday"}
    assert "github" not in data and "writer" not in data  # defaults are not spelled out

    again = studio("publish", "--show-dir", str(show), "-q")  # nothing to change: no rewrite
    assert again.returncode == 0, again.stderr
    assert (show / "show.toml").read_text(encoding="utf-8") == text


def test_the_apps_show_details_edit_only_what_changed(tmp_path):
    (tmp_path / "show.toml").write_text(HAND_WRITTEN, encoding="utf-8")
    details = ShowDetails.of(read_settings(tmp_path))
    set_details(tmp_path, ShowDetails(**{**details.__dict__, "title": "Widgets Weekly",
                                          "owner_email": "host@example.org"}))
    text = (tmp_path / "show.toml").read_text(encoding="utf-8")
    assert 'title = "Widgets Weekly"   # the name apps show' in text  # the comment stays
    assert 'email = "host@example.org"' in text
    assert "# Apple mails the owner to verify the show." in text
    assert text.replace("Widgets Weekly", "Widgets Daily", 1).replace(
        "host@example.org", "ada@example.org") == HAND_WRITTEN
