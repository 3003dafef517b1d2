"""Recording for real: a PulseAudio virtual microphone, the Qt recorder process, the CLI."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest
from recording_helpers import (
    RATE,
    dominant_hz,
    envelope,
    espeak_speech,
    loud_span,
    make_episode_dir,
    read_wav,
    record_until_the_server_dies,
    take_growing,
    tone,
    wait_for,
)

from studio.episode import load_episode


def studio(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "studio", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def recorder(take: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "studio.gui.record_process", "--take",
                             str(take), "--segment", "intro", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_cli_records_a_tone_of_the_right_pitch_and_length(mic, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "intro", "--device", "virtual_mic",
                  "--seconds", "3")
    take = ep / "takes" / "intro-rec-1.wav"
    wait_for(lambda: take_growing(take), what="the recording to start")
    mic.play(tone(440, 1.0))
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "takes/intro-rec-1.wav" in out

    data, rate = read_wav(take)
    assert rate == RATE and data.shape[1] == 1
    assert len(data) == 3 * RATE  # exactly the seconds asked for
    start, end = loud_span(data[:, 0], rate)
    assert end - start == pytest.approx(1.0, abs=0.03)
    assert dominant_hz(data[int(start * rate):int(end * rate), 0], rate) == pytest.approx(440, abs=2)
    assert np.abs(data).max() == pytest.approx(0.5, abs=0.02)

    seg = load_episode(ep).segment("intro")
    assert seg.take.source == "recorded" and seg.take.path == "takes/intro-rec-1.wav"
    assert seg.take.duration == pytest.approx(3.0, abs=0.001) and seg.take.trim.auto


@pytest.mark.parametrize("fmt,rate,channels", [("float", 48000, 2), ("int32", 22050, 1),
                                               ("uint8", 44100, 1)])
def test_any_device_format_is_converted(mic, tmp_path, fmt, rate, channels):
    take = tmp_path / "take.wav"
    proc = recorder(take, "--seconds", "2", "--format", fmt, "--rate", str(rate),
                    "--channels", str(channels))
    wait_for(lambda: take_growing(take), what="the recording to start")
    mic.play(tone(1000, 1.0, amplitude=0.4))
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    started = json.loads(out.splitlines()[0])
    named = "1 channel" if channels == 1 else f"{channels} channels"
    assert started["format"] == f"{rate} Hz, {named}, {fmt}"
    data, got_rate = read_wav(take)
    assert got_rate == rate and data.shape[1] == channels and len(data) == 2 * rate
    start, end = loud_span(data[:, 0], rate)
    assert end - start == pytest.approx(1.0, abs=0.03)
    loud = data[int(start * rate) + 100:int(end * rate) - 100]
    assert dominant_hz(loud[:, 0], rate) == pytest.approx(1000, abs=3)
    assert np.abs(loud).max() == pytest.approx(0.4, abs=0.03)  # scaled right, not clipped
    if channels == 2:
        assert np.allclose(loud[:, 0], loud[:, 1], atol=0.01)


def test_speech_envelope_matches_what_was_said(mic, tmp_path):
    from studio.recording.process import run_recorder

    speech = espeak_speech("Hey there, PyTorch developers! Twelve commits today.", tmp_path / "s")
    seconds = len(speech) / RATE + 1.5
    take = tmp_path / "speech.wav"
    started: list[bool] = []

    def on_event(event: dict) -> None:
        if event.get("event") == "level" and not started:
            started.append(True)
            mic.play(speech)

    outcome = run_recorder(take, "intro", "virtual_mic", seconds, on_event=on_event)
    assert outcome.error == "" and outcome.seconds == pytest.approx(seconds, abs=0.001)
    data, rate = read_wav(take)
    fed, got = envelope(speech, RATE), envelope(data[:, 0], rate)
    # Find where the speech lies in the take, then compare the envelopes there.
    lags = [np.corrcoef(fed, got[k:k + len(fed)])[0, 1] for k in range(len(got) - len(fed))]
    best = int(np.argmax(lags))
    assert lags[best] > 0.97
    assert got[:best].max() < 0.01 and got[best + len(fed) + 5:].max() < 0.01  # silence around


def test_ctrl_c_finishes_the_take_and_sets_it(mic, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "news")
    take = ep / "takes" / "news-rec-1.wav"
    wait_for(lambda: take_growing(take), what="the recording to start")
    mic.play(tone(300, 30.0))
    wait_for(lambda: take.stat().st_size > 44 + 2 * RATE * 2, what="two seconds of audio")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    data, rate = read_wav(take)  # the header is final: sizes agree with the data
    assert 2.0 <= len(data) / rate < 4.0
    assert dominant_hz(data[RATE // 2:, 0], rate) == pytest.approx(300, abs=2)
    assert load_episode(ep).segment("news").take.path == "takes/news-rec-1.wav"
    assert not list((ep / "takes").glob("*.json"))


def test_retakes_are_kept_and_one_can_be_chosen(mic, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    for _ in range(2):
        proc = studio("record", str(ep), "--segment", "outro", "--seconds", "0.5")
        assert proc.wait(timeout=30) == 0, proc.stderr.read()
    assert load_episode(ep).segment("outro").take.path == "takes/outro-rec-2.wav"
    listing = studio("record", str(ep), "--segment", "outro", "--takes").communicate()[0]
    assert "takes/outro-rec-1.wav" in listing and "* " in listing.splitlines()[1][:2]
    use = studio("record", str(ep), "--segment", "outro", "--use", "1")
    assert use.wait(timeout=30) == 0
    assert load_episode(ep).segment("outro").take.path == "takes/outro-rec-1.wav"


def test_kill_9_mid_take_keeps_the_audio_up_to_a_second_before(mic, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    (ep / "takes").mkdir()
    take = ep / "takes" / "intro-rec-1.wav"
    mic.play(tone(440, 60.0))
    proc = recorder(take, "--device", "virtual_mic")
    last = 0.0
    for line in proc.stdout:
        event = json.loads(line)
        if event["event"] == "level":
            last = event["seconds"]
            if last >= 3.0:
                break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert (ep / "takes" / "intro-rec-1.recording.json").exists()
    with wave.open(str(take)) as w:
        assert w.getnframes() == 0  # the header of a take that was never finished

    # The next studio command on the episode finds it, repairs it and offers it back.
    listing = studio("record", str(ep), "--segment", "intro", "--takes")
    out, err = listing.communicate(timeout=30)
    assert listing.returncode == 0, err
    assert "recovered an unfinished take of segment 'intro'" in err
    assert "takes/intro-rec-1.wav" in out
    data, rate = read_wav(take)
    assert len(data) / rate >= last - 1.0
    assert (take.stat().st_size - 44) == len(data) * 2
    assert dominant_hz(data[: int(last * rate), 0], rate) == pytest.approx(440, abs=2)
    assert not (ep / "takes" / "intro-rec-1.recording.json").exists()


def test_input_lost_mid_take_keeps_the_audio(tmp_path):
    """The sound server dies under the recorder (as when a USB microphone's server goes):
    Qt reports nothing, so the recorder notices the input has gone quiet and stops."""
    code, err, take, ep = record_until_the_server_dies(tmp_path)
    assert code == 1
    last = err.strip().splitlines()[-1]
    assert last.startswith("studio: error: the input sent no audio") and "are kept" in last, err
    assert "--use 1" in last
    data, rate = read_wav(take)
    assert len(data) / rate >= 1.5
    assert dominant_hz(data[:, 0], rate) == pytest.approx(440, abs=2)
    assert load_episode(ep).segment("intro").take is None  # a cut-off take is not used unasked


def test_no_input_device_is_a_clear_error(pulse, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "intro", "--seconds", "1")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert err.strip().splitlines()[-1].startswith("studio: error: no audio input device")
    assert not list((ep / "takes").glob("*.wav"))


def test_unknown_device_names_the_inputs(mic, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "intro", "--device", "no-such-mic")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert "'no-such-mic' matches no input device" in err and "virtual_mic" in err


def test_cli_survives_its_recorder_being_killed_and_keeps_the_take(mic, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "news")
    take = ep / "takes" / "news-rec-1.wav"
    marker = ep / "takes" / "news-rec-1.recording.json"
    wait_for(lambda: take_growing(take) and marker.exists(), what="the recording to start")
    mic.play(tone(440, 30.0))
    wait_for(lambda: take.stat().st_size > 44 + RATE * 2 * 2, what="2 s of audio")
    os.kill(json.loads(marker.read_text())["pid"], signal.SIGKILL)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 1
    assert "the recorder stopped unexpectedly (signal 9)" in err and "--use 1" in err, err
    data, rate = read_wav(take)  # repaired on the spot
    assert len(data) / rate >= 1.0
    assert not marker.exists() and not list((ep / "takes").glob("*.json"))


def test_list_devices_and_bad_arguments(mic, tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    out, err = studio("record", str(ep), "--list-devices").communicate(timeout=60)
    assert "* virtual_mic\tUnix FIFO source" in out, err
    for args, message in [(["--seconds", "0", "--segment", "intro"], "--seconds must be more"),
                          ([], "say which segment to record"),
                          (["--segment", "nope"], "no segment 'nope'")]:
        proc = studio("record", str(ep), *args)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 1 and err.startswith(f"studio: error: {message}"), err
    assert not (ep / "takes").exists() or not list((ep / "takes").iterdir())
