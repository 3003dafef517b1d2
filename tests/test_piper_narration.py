"""Piper beside pyttsx3, for real (short texts): takes keyed on engine, voice, model and speed;
only changed segments made again; one model load per worker; cancel; lexicon phonemes."""

from __future__ import annotations

import sys
import threading
import wave
from pathlib import Path

import pytest
from audio_fixtures import make_episode
from piper_procs import piper_workers_of

from studio.audio.settings import AudioSettings
from studio.jobs import CancelToken
from studio.narration import piper_pool
from studio.narration.engines import identity_of
from studio.narration.lexicon import Lexicon
from studio.narration.piper_engine import to_piper_phonemes
from studio.narration.piper_voices import find_piper_voice, piper_installed
from studio.narration.takes import narrate
from studio.plumbing.errors import Cancelled

PIPER = "piper:en_US-joe-medium"
SHORT = [
    ("intro", "Intro", "Hello and welcome.", []),
    ("news", "News", "The cache is faster now. The tests pass again.", []),
    ("outro", "Outro", "See you tomorrow.", []),
]


@pytest.fixture(autouse=True)
def _piper_is_installed():
    assert piper_installed(), "make test installs the piper extra: pip install -e '.[test,piper]'"


def seconds(path: Path) -> float:
    with wave.open(str(path)) as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
        return w.getnframes() / w.getframerate()


def rate_of(path: Path) -> int:
    with wave.open(str(path)) as w:
        return w.getframerate()


def test_piper_takes_then_only_what_changed_is_made_again(tmp_path):
    episode = make_episode(SHORT)
    settings = AudioSettings(voice=PIPER)
    made = narrate(episode, tmp_path, settings, Lexicon())
    assert made == ["intro", "news", "outro"]
    for seg in episode.segments:
        take = tmp_path / seg.take.path
        assert rate_of(take) == 22050 and 0.5 < seconds(take) < 8
        assert seg.take.voice.startswith("piper:en_US-joe-medium#")
    # two sentences: Piper's pause between them, not run together
    assert seconds(tmp_path / episode.segments[1].take.path) > 2.0

    assert narrate(episode, tmp_path, settings, Lexicon()) == []  # nothing changed
    episode.segments[1].text = "The cache is slower now."
    assert narrate(episode, tmp_path, settings, Lexicon()) == ["news"]
    faster = AudioSettings(voice=PIPER, rate=220)  # speed is in the key
    before = seconds(tmp_path / episode.segments[0].take.path)
    assert narrate(episode, tmp_path, faster, Lexicon()) == ["intro", "news", "outro"]
    assert seconds(tmp_path / episode.segments[0].take.path) < before
    # the other engine re-synthesizes everything; coming back finds the Piper takes again
    assert narrate(episode, tmp_path, AudioSettings(voice="gmw/en-us"), Lexicon()) == [
        "intro", "news", "outro"]
    assert narrate(episode, tmp_path, faster, Lexicon()) == []
    assert not list(tmp_path.rglob("*.part"))
    # Piper (GPL) ran in the workers only: the studio's own process never loaded it
    assert "piper" not in sys.modules and "onnxruntime" not in sys.modules


def test_the_model_file_is_in_the_key(tmp_path):
    """The same voice name over another model file is another voice."""
    real = find_piper_voice("")
    copy = tmp_path / "voices" / "en_US-joe-medium.onnx"
    copy.parent.mkdir()
    data = bytearray(real.model.read_bytes())
    data[-1] ^= 1  # one bit of a weight: another model, the same name
    copy.write_bytes(bytes(data))
    (copy.parent / (copy.name + ".json")).write_bytes(real.config.read_bytes())
    assert identity_of(PIPER).split("#")[1] != identity_of(f"piper:{copy}").split("#")[1]


def test_one_model_load_per_worker_for_many_segments(tmp_path, monkeypatch):
    spawned = []
    real_spawn = piper_pool._spawn

    def counting_spawn(setup):
        spawned.append(setup["threads"])
        return real_spawn(setup)

    monkeypatch.setattr(piper_pool, "_spawn", counting_spawn)
    segments = [(f"s{i}", f"S{i}", f"Segment number {i} is short.", []) for i in range(6)]
    episode = make_episode(segments)
    messages = []
    narrate(episode, tmp_path, AudioSettings(voice=PIPER, workers=2), Lexicon(),
            lambda f, m: messages.append(m))
    assert len(spawned) == 2  # six takes, two workers: each loaded the model once
    assert len(spawned) * spawned[0] <= piper_pool.usable_cores()
    assert any("synthesized 6 of 6 takes" in m for m in messages)


@pytest.mark.parametrize(("jobs", "cores", "wanted"), [(1, 2, 0), (6, 2, 0), (6, 8, 0), (3, 8, 0),
                                                       (6, 8, 2), (1, 1, 0), (20, 4, 16)])
def test_workers_times_threads_never_exceeds_the_cores(jobs, cores, wanted):
    workers, threads = piper_pool.plan_workers(jobs, cores, wanted)
    assert 1 <= workers <= jobs and threads >= 1
    assert workers * threads <= cores
    assert workers * threads >= cores // 2  # and the cores are used


def test_cancel_stops_the_workers_and_leaves_no_half_take(tmp_path):
    segments = [(f"s{i}", f"S{i}", "A sentence for the cancel test, said slowly. " * 3, [])
                for i in range(8)]
    episode = make_episode(segments)
    cancel = CancelToken()
    failure = []

    def cancel_once_a_take_is_made(_fraction, _message):
        # as a host pressing Cancel mid-episode, however busy the machine (a timed cancel
        # could come after the last take on a loaded machine)
        if list((tmp_path / "takes").glob("tts-*.wav")):
            cancel.cancel()

    def run():
        try:
            narrate(episode, tmp_path, AudioSettings(voice=PIPER, workers=1), Lexicon(),
                    progress=cancel_once_a_take_is_made, cancel=cancel)
        except Cancelled as exc:
            failure.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(120)
    assert not thread.is_alive() and failure
    kept = list((tmp_path / "takes").glob("tts-*.wav"))
    assert 1 <= len(kept) < 8
    assert all(seconds(p) > 1 for p in kept)
    assert not list(tmp_path.rglob("*.part"))
    assert not piper_workers_of()


def test_lexicon_phonemes_for_both_engines(tmp_path):
    """A [[...]] entry is espeak's phoneme mnemonics: espeak-ng reads it as sounds, and Piper
    gets the same sounds as IPA (not the letters 'h', 'at', 'l'...)."""
    assert to_piper_phonemes("Say [[h@l'oU]] now", "en-us") == "Say [[həlˈoʊ]] now"
    lexicon = Lexicon(words={"Kubectl": "[[k'u:b@k,Ut@l]]"})
    episode = make_episode([("a", "A", "Kubectl", [])])
    # what an engine says when it reads the brackets' characters instead
    spelled = make_episode([("a", "A", "k quote u colon b at k comma U t at l", [])])
    for voice in (PIPER, "gmw/en-us"):
        folder = tmp_path / voice.replace("/", "_").replace(":", "_")
        narrate(episode, folder, AudioSettings(voice=voice), lexicon)
        sounds = seconds(folder / episode.segments[0].take.path)
        narrate(spelled, folder / "literal", AudioSettings(voice=voice), Lexicon())
        letters = seconds(folder / "literal" / spelled.segments[0].take.path)
        assert 0.3 < sounds < letters * 0.8, (voice, sounds, letters)
