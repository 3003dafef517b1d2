"""Imported and recorded takes, bad input, and failures that must leave the last export whole."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from audio_fixtures import write_episode
from audio_helpers import episode_mp3, ffprobe_json, tone_file

from studio.audio.settings import AudioSettings
from studio.episode import Take, Trim, load_episode, save_episode
from studio.narration.takes import import_take
from studio.plumbing.errors import StudioError
from studio.render import render_episode

SHORT = [
    ("intro", "Intro", "Hello and welcome to a short episode.", []),
    ("news", "News", "The news segment says one thing. Then another thing.", []),
]
EXPORTED = ["transcript.vtt", "transcript.srt", "chapters.json", "episode.json"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = write_episode(tmp_path_factory.mktemp("ep"), SHORT)
    render_episode(folder, AudioSettings(sting=False))
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {"episode.mp3": episode_mp3(folder).read_bytes(),  # named after show and day
            **{name: (folder / name).read_bytes() for name in EXPORTED}}


@pytest.mark.parametrize("suffix, rate, channels", [
    ("wav", 48000, 2), ("flac", 96000, 1), ("mp3", 44100, 2), ("m4a", 48000, 2),
    ("wav", 16000, 6),
])
def test_import_any_format_rate_and_channels(tmp_path, suffix, rate, channels):
    folder = write_episode(tmp_path / "ep", SHORT)
    source = tone_file(tmp_path / f"voice.{suffix}", seconds=1.0, rate=rate, channels=channels)
    take = import_take(folder, "news", source)
    assert take.source == "imported"
    assert (folder / take.path).is_file() and not Path(take.path).is_absolute()
    # Automatic trim around the burst: 1.5 s of silence on each side, kept margins.
    assert take.trim.auto
    assert take.trim.start == pytest.approx(1.5 - 0.12, abs=0.06)
    assert take.trim.end == pytest.approx(2.5 + 0.2, abs=0.08)
    assert load_episode(folder).segment("news").take == take
    assert ffprobe_json(folder / take.path)["streams"][0]["channels"] == min(channels, 2)


def test_a_recorded_take_is_used_as_is_and_trimmed(tmp_path):
    folder = write_episode(tmp_path / "ep", SHORT)
    rec = tone_file(tmp_path / "takes-rec.wav", seconds=2.0, rate=44100, channels=1, lead=0.8)
    (folder / "takes").mkdir()
    os.replace(rec, folder / "takes" / "rec.wav")
    episode = load_episode(folder)
    episode.segment("news").take = Take("takes/rec.wav", "recorded", trim=Trim(auto=True))
    save_episode(episode, folder)
    result = render_episode(folder, AudioSettings(sting=False))
    news = result.segment("news")
    assert news.take.source == "recorded" and news.take.path == "takes/rec.wav"
    assert news.take.trim.start == pytest.approx(0.8 - 0.12, abs=0.06)
    assert news.end - news.start == pytest.approx(2.0 + 0.12 + 0.2, abs=0.08)
    assert not list((folder / "takes").glob("tts-*.wav"))[1:]  # only the intro synthesized


def test_import_via_the_command_line(tmp_path):
    folder = write_episode(tmp_path / "ep", SHORT)
    source = tone_file(tmp_path / "voice.m4a", rate=22050, channels=1)
    proc = subprocess.run([sys.executable, "-m", "studio", "take", "import", str(folder),
                           "--segment", "intro", str(source)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "segment intro" in proc.stdout
    assert load_episode(folder).segment("intro").take.source == "imported"


@pytest.mark.parametrize("make, message", [
    (lambda p: p.write_bytes(b""), "empty"),
    (lambda p: p.write_bytes(os.urandom(4096)), "not an audio file"),
    (lambda p: p.write_text("just some text, not audio\n" * 50), "not an audio file"),
])
def test_bad_files_to_import_are_clear_errors(tmp_path, make, message):
    folder = write_episode(tmp_path / "ep", SHORT)
    before = (folder / "episode.json").read_bytes()
    bad = tmp_path / "bad.mp3"
    make(bad)
    with pytest.raises(StudioError, match=message):
        import_take(folder, "intro", bad)
    assert (folder / "episode.json").read_bytes() == before


def test_a_zero_length_take_is_refused(tmp_path):
    folder = write_episode(tmp_path / "ep", SHORT)
    empty = tmp_path / "empty.wav"
    with wave.open(str(empty), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(44100)
    with pytest.raises(StudioError, match="zero-length|no audio"):
        import_take(folder, "intro", empty)
    episode = load_episode(folder)
    (folder / "takes").mkdir(exist_ok=True)
    os.replace(empty, folder / "takes" / "empty.wav")
    episode.segment("intro").take = Take("takes/empty.wav", "recorded", trim=Trim(auto=True))
    save_episode(episode, folder)
    with pytest.raises(StudioError, match="zero-length"):
        render_episode(folder)


def test_a_missing_take_file_is_a_clear_error(tmp_path):
    folder = write_episode(tmp_path / "ep", SHORT)
    episode = load_episode(folder)
    episode.segment("intro").take = Take("takes/gone.wav", "recorded")
    save_episode(episode, folder)
    with pytest.raises(StudioError, match="missing"):
        render_episode(folder)


def test_a_failure_halfway_through_export_keeps_the_previous_files(exported, monkeypatch,
                                                                   tmp_path):
    import shutil

    from studio.export import fileset

    folder = tmp_path / "ep"
    shutil.copytree(exported, folder)
    before = _snapshot(folder)
    episode = load_episode(folder)
    episode.title = "A different title"
    episode.segment("news").text = "The news segment changed completely today."
    save_episode(episode, folder)
    before["episode.json"] = (folder / "episode.json").read_bytes()
    calls = []
    real = fileset._replace

    def failing(src, dst):
        calls.append(dst)
        if len(calls) == 3:  # after the MP3 and the VTT have been replaced
            raise OSError(errno.ENOSPC, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(fileset, "_replace", failing)
    with pytest.raises(StudioError, match="no space left on .* at .*ep .*MB free.*: the episode "
                                          "was not replaced"):
        render_episode(folder, AudioSettings(sting=False))
    assert len(calls) == 3
    assert _snapshot(folder) == before
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]
    monkeypatch.undo()
    render_episode(folder, AudioSettings(sting=False))
    assert load_episode(folder).title == "A different title"
    assert _snapshot(folder)["episode.mp3"] != before["episode.mp3"]


def test_an_unwritable_folder_is_a_clear_error(exported, tmp_path):
    import shutil

    folder = tmp_path / "ep"
    shutil.copytree(exported, folder)
    blocker = folder / "takes"
    shutil.rmtree(blocker)
    blocker.write_text("a file where the takes folder should be")
    with pytest.raises(StudioError, match="cannot"):
        render_episode(folder)
    assert episode_mp3(folder).read_bytes() == episode_mp3(exported).read_bytes()


def test_missing_ffmpeg_names_what_to_install(exported, tmp_path):
    bare = tmp_path / "bin"
    bare.mkdir()
    env = dict(os.environ, PATH=str(bare))
    proc = subprocess.run([sys.executable, "-m", "studio", "render", str(exported)],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 1
    assert proc.stderr.strip() == ("studio: error: ffmpeg is not installed: install it "
                                   "(Debian: apt-get install ffmpeg)")


def test_an_unknown_voice_is_a_clear_error(tmp_path):
    from studio.narration.tts import SynthJob, synthesize

    with pytest.raises(StudioError, match="no voice 'no-such-voice'"):
        synthesize([SynthJob("hello", tmp_path / "x.wav", "segment 'x'")], voice="no-such-voice")
    assert not list(tmp_path.iterdir())


def test_bad_settings_are_refused():
    with pytest.raises(StudioError, match="channels"):
        AudioSettings(channels=3).validate()
    with pytest.raises(StudioError, match="loudness"):
        AudioSettings(loudness_target=5).validate()


def test_render_command_prints_title_duration_loudness_and_paths(exported, tmp_path):
    import shutil

    folder = tmp_path / "ep"
    shutil.copytree(exported, folder)
    proc = subprocess.run([sys.executable, "-m", "studio", "render", str(folder), "-q",
                           "--no-sting", "--loudness", "-19"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "PyTorch: The Day of Rollbacks" in out
    assert "duration: PT" in out and "LUFS" in out and "(target -19)" in out
    assert str(episode_mp3(folder)) in out and str(folder / "transcript.vtt") in out
    assert float(ffprobe_json(episode_mp3(folder))["format"]["duration"]) > 3


def test_cancel_while_mastering_keeps_the_previous_export(exported, tmp_path):
    import shutil

    from studio.jobs import CancelToken
    from studio.plumbing.errors import Cancelled

    folder = tmp_path / "ep"
    shutil.copytree(exported, folder)
    before = _snapshot(folder)
    token = CancelToken()
    seen = []

    def progress(fraction: float, message: str) -> None:
        seen.append(message)
        if "loudness" in message:
            token.cancel()

    with pytest.raises(Cancelled):
        render_episode(folder, AudioSettings(sting=False, loudness_target=-18.0),
                       progress=progress, cancel=token)
    assert _snapshot(folder) == before
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]


def test_rendering_a_folder_without_an_episode_is_a_clear_error(tmp_path):
    with pytest.raises(StudioError, match="no episode at"):
        render_episode(tmp_path / "missing")
    assert not (tmp_path / "missing").exists()
