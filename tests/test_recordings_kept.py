"""The host's recordings in the core: no batch synthesis replaces a recorded or imported take,
stale or not (narrate, `studio render`), only the host's choice for that segment does."""

from __future__ import annotations

import subprocess
import sys

from audio_fixtures import write_episode
from audio_helpers import tone_file

from studio.audio.settings import AudioSettings
from studio.episode import Take, load_episode, save_episode, script_hash
from studio.narration.lexicon import lexicon_for
from studio.narration.recordings import matching_take, synthesis_plan
from studio.narration.takes import import_take, narrate

SHORT = [
    ("intro", "Intro", "Hello and welcome to a short episode.", []),
    ("news", "News", "The news segment says one thing. Then another thing.", []),
    ("quiet", "Quiet", "   ", []),
]


def _stale_import(tmp_path):
    """An episode whose "news" segment has an imported take, then its text edited."""
    folder = write_episode(tmp_path / "ep", SHORT)
    take = import_take(folder, "news", tone_file(tmp_path / "host.wav", seconds=1.0))
    episode = load_episode(folder)
    news = episode.segment("news")
    news.take.text_hash = script_hash(news.text)  # as the window imports it
    news.text += " A sentence added after the recording."
    save_episode(episode, folder)
    return folder, take


def test_the_plan_keeps_recordings_and_skips_empty_segments(tmp_path):
    folder, _ = _stale_import(tmp_path)
    episode = load_episode(folder)
    plan = synthesis_plan(episode)
    assert plan.synthesize == ["intro"] and plan.kept == ["news"] and plan.kept_stale == ["news"]
    assert plan.kept_line() == "kept 1 recording (1 stale: keep or re-record it)"
    assert synthesis_plan(episode, ["news"]).synthesize == []  # asked for it by name: still kept
    assert synthesis_plan(episode, ["news"], replace={"news"}).synthesize == ["news"]
    episode.segment("news").take = matching_take(episode.segment("news").take,
                                                 episode.segment("news").text)
    assert synthesis_plan(episode).kept_stale == []  # "Keep — it matches the script"


def test_narrate_keeps_a_stale_recording_unless_the_host_replaces_it(tmp_path):
    folder, imported = _stale_import(tmp_path)
    episode = load_episode(folder)
    assert narrate(episode, folder, AudioSettings(), lexicon_for()) == ["intro"]
    assert episode.segment("news").take.path == imported.path
    assert episode.segment("news").take.source == "imported"
    assert narrate(episode, folder, AudioSettings(), lexicon_for(), replace={"news"}) == ["news"]
    assert episode.segment("news").take.source == "synthesized"
    assert (folder / imported.path).is_file()  # the recording's file stays


def test_studio_render_keeps_the_recording_and_says_so(tmp_path):
    folder, imported = _stale_import(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "studio", "render", str(folder), "--no-sting"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "takes: kept 1 recording (1 stale: keep or re-record it)" in proc.stdout
    assert "'news': its imported take was kept though the script changed" in proc.stderr
    news = load_episode(folder).segment("news")
    assert news.take.path == imported.path and news.take.source == "imported"
    assert isinstance(news.take, Take)
