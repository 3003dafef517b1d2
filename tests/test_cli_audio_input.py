"""Audio files `studio take import` and `studio render` cannot use are one line each, naming
the file and the real cause; paths that look like options reach ffmpeg safely."""

from __future__ import annotations

import json
import random
import shutil
import struct
import subprocess
import wave
from pathlib import Path

import numpy as np
import pytest
from audio_helpers import episode_mp3
from gitrepo import RepoBuilder, at
from test_cli_one_line import DATE, one_line_error, studio


def tone_wav(path: Path, seconds: float, rate: int = 16000) -> Path:
    frames = int(rate * seconds)
    samples = (np.sin(np.arange(frames) * 2 * np.pi * 440 / rate) * 8000).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return path


def tone_mp3(path: Path, seconds: float = 2.0) -> Path:
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                    f"sine=d={seconds}:sample_rate=22050", "-c:a", "libmp3lame",
                    "file:" + str(path)], check=True)
    return path


@pytest.fixture(scope="module")
def show(tmp_path_factory) -> Path:
    """A show with one produced (narrated, exported) episode."""
    base = tmp_path_factory.mktemp("audio")
    repo = base / "proj"
    with RepoBuilder(repo, origin="https://github.com/octo/proj.git") as r:
        for i in range(2):
            r.commit(f"Speed up the parser {i} (#{30 + i})", at(DATE, 8 + i), f"Dev {i}",
                     f"dev{i}@ex.com")
    run = studio("produce", "--git", str(repo), "--date", DATE, "--show-dir", str(base / "show"),
                 "-q")
    assert run.returncode == 0, run.stderr
    return base / "show"


@pytest.fixture
def episode(show, tmp_path) -> Path:
    folder = tmp_path / "ep"
    shutil.copytree(show / "episodes" / DATE, folder)
    return folder


def test_import_of_a_file_starting_with_a_dash(episode, tmp_path):
    tone_mp3(tmp_path / "-take.mp3")
    r = studio("take", "import", str(episode), "--segment", "intro", "--", "-take.mp3",
               cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    take = json.loads((episode / "episode.json").read_text())["segments"][0]["take"]
    assert take["source"] == "imported" and take["duration"] == pytest.approx(2.0, abs=0.1)


def test_render_of_a_folder_starting_with_a_dash(episode, tmp_path):
    dashed = tmp_path / "-ep"
    episode.rename(dashed)
    r = studio("render", "-q", "--", "-ep", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert episode_mp3(dashed).stat().st_size > 0


def test_garbage_is_not_an_audio_file_we_can_read(episode, tmp_path):
    rng = random.Random(7)
    (tmp_path / "noise.mp3").write_bytes(rng.randbytes(20000))
    real = tone_mp3(tmp_path / "real.mp3").read_bytes()
    (tmp_path / "broken.mp3").write_bytes(real[:400] + rng.randbytes(30000))
    for name in ("noise.mp3", "broken.mp3"):
        one_line_error(studio("take", "import", str(episode), "--segment", "intro",
                              str(tmp_path / name)), f"not an audio file we can read: {name}")
    # the same file put in as a take by hand: render says the same of it
    shutil.copy(tmp_path / "broken.mp3", episode / "takes" / "broken.mp3")
    data = json.loads((episode / "episode.json").read_text())
    data["segments"][0]["take"] = {"path": "takes/broken.mp3", "source": "imported"}
    (episode / "episode.json").write_text(json.dumps(data))
    one_line_error(studio("render", "-q", str(episode)), "not an audio file we can read: broken.mp3")


def test_a_wav_header_with_sample_rate_zero(episode, tmp_path):
    data = bytearray(tone_wav(tmp_path / "t.wav", 1.0).read_bytes())
    data[24:28] = struct.pack("<I", 0)  # the fmt chunk's sample rate
    (tmp_path / "rate0.wav").write_bytes(bytes(data))
    one_line_error(studio("take", "import", str(episode), "--segment", "intro",
                          str(tmp_path / "rate0.wav")), "rate0.wav", "0 Hz")


def test_takes_shorter_than_a_tenth_of_a_second(episode, tmp_path):
    click = tone_wav(tmp_path / "click.wav", 0.001)
    one_line_error(studio("take", "import", str(episode), "--segment", "intro", str(click)),
                   "click.wav", "1 ms", "at least 0.1 s")
    assert not list((episode / "takes").glob("import-*"))
    # a hand-edited episode.json pointing at such a take: render names the segment
    shutil.copy(click, episode / "takes" / "click.wav")
    data = json.loads((episode / "episode.json").read_text())
    data["segments"][0]["take"] = {"path": "takes/click.wav", "source": "imported"}
    (episode / "episode.json").write_text(json.dumps(data))
    one_line_error(studio("render", "-q", str(episode)), "segment 'intro'", "at least 0.1 s")


def test_import_on_a_full_disk_says_so(episode, tmp_path):
    mount = tmp_path / "small"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)],
                      capture_output=True).returncode != 0:
        pytest.skip("needs root to mount a small tmpfs")
    try:
        folder = mount / "ep"
        folder.mkdir()
        shutil.copy(episode / "episode.json", folder)
        (folder / "takes").mkdir()
        with open(mount / "filler", "wb", buffering=0) as fh:
            try:
                while True:
                    fh.write(b"\0" * 4096)
            except OSError:
                pass  # the disk is full
        short = tone_wav(tmp_path / "short.wav", 0.5)
        one_line_error(studio("take", "import", str(folder), "--segment", "intro", str(short)),
                       "no space left", "MB needed")
        (mount / "filler").unlink()  # room for episode.json, not for a 30 s take
        (mount / "filler").write_bytes(b"\0" * 300_000)
        long = tone_wav(tmp_path / "long.wav", 30.0, rate=44100)
        one_line_error(studio("take", "import", str(folder), "--segment", "intro", str(long)),
                       "no space left", "MB needed")
        assert not list((folder / "takes").iterdir())
    finally:
        subprocess.run(["umount", str(mount)], check=False)
