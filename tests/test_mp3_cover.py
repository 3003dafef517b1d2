"""The picture an episode's MP3 carries (issue 24, item 4): in a show, the show's own cover,
else the default cover drawn with the show's name (what its site and feed show) — never the
studio's stock picture, which `studio produce` and `studio render` embedded in every episode
of every show. A cover that is a link out of the show folder is not read."""

from __future__ import annotations

import os
import subprocess

from audio_fixtures import write_episode
from mutagen.id3 import ID3

from studio.export.episode_files import default_cover
from studio.publish.show import ShowSettings, write_settings
from studio.render import render_episode

DATE = "2026-02-10"


def _show_episode(tmp_path, cover: str = "cover.png"):
    show = tmp_path / "show"
    (show / "episodes").mkdir(parents=True)
    write_settings(ShowSettings(title="Widgets Daily", cover=cover), show)
    return show, write_episode(show / "episodes" / DATE)


def _art(folder) -> bytes:
    mp3 = next(p for p in folder.iterdir() if p.suffix == ".mp3")
    art = ID3(mp3).getall("APIC")
    assert len(art) == 1
    return art[0].data


def test_a_shows_own_cover_is_in_the_mp3(tmp_path):
    show, folder = _show_episode(tmp_path)
    own = tmp_path / "own.png"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i",
                    "color=c=0x3465a4:s=1400x1400", "-frames:v", "1", "-y", str(own)], check=True)
    (show / "cover.png").write_bytes(own.read_bytes())
    render_episode(folder)
    assert _art(folder) == own.read_bytes()


def test_without_a_cover_the_mp3_carries_the_default_that_names_the_show(tmp_path):
    show, folder = _show_episode(tmp_path)
    render_episode(folder)
    art = _art(folder)
    assert art != default_cover().read_bytes()  # not the stock picture
    assert art.startswith(b"\x89PNG")  # drawn for this show
    assert not any(p.name.startswith(".cover") for p in folder.iterdir())  # not published


def test_a_cover_linked_out_of_the_show_is_not_read(tmp_path):
    show, folder = _show_episode(tmp_path)
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"\x89PNG not yours")
    os.symlink(secret, show / "cover.png")
    render_episode(folder)
    assert _art(folder) == default_cover().read_bytes()


def test_outside_a_show_it_is_the_stock_picture(tmp_path):
    folder = write_episode(tmp_path / "episode")
    render_episode(folder)
    assert _art(folder) == default_cover().read_bytes()
