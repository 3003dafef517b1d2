"""Recording from a sound server that delivers in blocks: 10 ms (USB under PulseAudio), 100 and
250 ms (PipeWire's quanta, Bluetooth headsets) and a jittery 5–250 ms, all in real time.

Every sample must be kept: the take grows as fast as the microphone is fed, the tone played in
it is there sample for sample (a lost block would shift or cut it), and no block gap is taken
for a device that went away.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from recording_helpers import (
    RATE,
    make_episode_dir,
    read_wav,
    record_until_the_server_dies,
    take_growing,
    tone,
    wait_for,
)

from studio.episode import load_episode

BLOCKS = [10, 100, 250, "jittery"]
LONGEST_BLOCK = {10: 0.01, 100: 0.1, 250: 0.25, "jittery": 0.25}


def studio(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "studio", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def frames_in(take: Path) -> int:
    """Frames written so far (the recorder writes as the audio arrives; mono 16-bit)."""
    return max(take.stat().st_size - 44, 0) // 2


def assert_tone_kept_whole(data: np.ndarray, fed: np.ndarray) -> None:
    """``fed`` is in ``data`` sample for sample, with the silence before and after it."""
    mono = data[:, 0]
    first = int(np.flatnonzero(np.abs(mono) > 0.02)[0]) - 1  # fed[0] is 0, fed[1] is 0.031
    got = mono[first:first + len(fed)]
    assert len(got) == len(fed), f"the take ends {len(fed) - len(got)} samples into the tone"
    worst = float(np.max(np.abs(got - fed)))
    lost_at = int(np.argmax(np.abs(got - fed) > 1e-3))
    assert worst < 1e-3, (f"the tone differs from {lost_at / RATE:.3f} s on: samples were lost "
                          f"(recorded tone of {len(fed) / RATE:.2f} s)")
    assert np.abs(mono[:first]).max(initial=0) < 1e-3
    assert np.abs(mono[first + len(fed):]).max(initial=0) < 1e-3  # nothing after it either


def keeps_pace(take: Path, mic, seconds: float, block: float) -> None:
    """While ``seconds`` of audio are recorded, the feeder feeds as much, give or take a block
    (and the 50 ms the recorder and the server may hold)."""
    fed0, got0 = mic.fed_frames, frames_in(take)
    try:
        wait_for(lambda: frames_in(take) >= got0 + seconds * RATE, timeout=3 * seconds + 5)
    except AssertionError:
        raise AssertionError(f"fed {(mic.fed_frames - fed0) / RATE:.2f} s, recorded only "
                             f"{(frames_in(take) - got0) / RATE:.2f} s") from None
    fed, got = (mic.fed_frames - fed0) / RATE, (frames_in(take) - got0) / RATE
    assert got == pytest.approx(fed, abs=block + 0.15), f"fed {fed:.2f} s, recorded {got:.2f} s"


@pytest.mark.parametrize("block_mic", BLOCKS, indirect=True)
def test_cli_keeps_every_block(block_mic, tmp_path):
    mic, block = block_mic, LONGEST_BLOCK[block_mic_param(block_mic)]
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "intro", "--device", "virtual_mic",
                  "--seconds", "5")
    take = ep / "takes" / "intro-rec-1.wav"
    try:
        wait_for(lambda: take_growing(take), what="the recording to start")
        fed = tone(440, 2.0)
        mic.play(fed)
        keeps_pace(take, mic, 2.5, block)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "no audio" not in err and "disappeared" not in err
    data, rate = read_wav(take)
    assert rate == RATE and len(data) == 5 * RATE
    assert_tone_kept_whole(data, fed)
    assert load_episode(ep).segment("intro").take.path == "takes/intro-rec-1.wav"


@pytest.mark.parametrize("block_mic", [250, "jittery"], indirect=True)
def test_ctrl_c_take_is_as_long_as_what_was_fed(block_mic, tmp_path):
    """No --seconds: the take runs until Ctrl-C and holds what the microphone gave meanwhile."""
    mic = block_mic
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "news", "--device", "virtual_mic")
    take = ep / "takes" / "news-rec-1.wav"
    try:
        wait_for(lambda: take_growing(take), what="the recording to start")
        fed = tone(300, 3.0)
        mic.play(fed)
        keeps_pace(take, mic, 3.5, 0.25)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    data, _ = read_wav(take)
    assert_tone_kept_whole(data, fed)


def block_mic_param(mic) -> int | str:
    return "jittery" if mic.jitter else round(mic.block_frames * 1000 / RATE)


@pytest.mark.parametrize("block_mic", [100, "jittery"], indirect=True)
def test_record_dialog_keeps_every_block(qtbot, block_mic, tmp_path):
    from studio.gui.record_dialog import RecordDialog

    mic = block_mic
    ep = make_episode_dir(tmp_path / "ep")
    seg = load_episode(ep).segment("intro")
    dlg = RecordDialog(ep, seg.id, seg.title, seg.text)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.select_device("virtual_mic")
    dlg.count_in.setValue(0)
    qtbot.mouseClick(dlg.record, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.recorder is not None and dlg.recorder.seconds > 0.2, timeout=10000)
    fed = tone(440, 1.5)
    mic.play(fed)
    time.sleep(0.8)  # the window busy (a redraw, a load) while the tone arrives: Qt holds it
    got0 = dlg.recorder.seconds
    qtbot.waitUntil(lambda: dlg.recorder.seconds >= got0 + 2.0, timeout=8000)
    with qtbot.waitSignal(dlg.recorded, timeout=10000) as finished:
        qtbot.mouseClick(dlg.stop, Qt.MouseButton.LeftButton)
    result = finished.args[0]
    assert result.error == ""
    data, _ = read_wav(result.path)
    assert_tone_kept_whole(data, fed)


@pytest.mark.parametrize("block_ms", [10, 250])
def test_sound_server_killed_still_ends_the_take(tmp_path, block_ms):
    """Blocks are not a dead server: killing the daemon still stops the take, audio kept."""
    code, err, take, _ep = record_until_the_server_dies(tmp_path, block_ms=block_ms)
    assert code == 1
    last = err.strip().splitlines()[-1]
    assert "are kept" in last and "--use 1" in last, err
    assert last.startswith(("studio: error: the input sent no audio",
                            "studio: error: the input failed")), err
    data, _ = read_wav(take)
    assert len(data) / RATE >= 1.5


@pytest.mark.parametrize("block_mic", [10, 250], indirect=True)
def test_source_unloaded_mid_take_ends_it(block_mic, pulse, tmp_path):
    """The microphone goes away (module unloaded, as when a USB or Bluetooth mic is removed)."""
    ep = make_episode_dir(tmp_path / "ep")
    proc = studio("record", str(ep), "--segment", "intro", "--device", "virtual_mic")
    take = ep / "takes" / "intro-rec-1.wav"
    try:
        wait_for(lambda: take_growing(take), what="the recording to start")
        block_mic.play(tone(440, 30.0))
        wait_for(lambda: frames_in(take) > RATE * 1.5, what="1.5 s of audio")
        pulse.remove_mic()
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 1, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("studio: error: the input device disappeared: "), err
    assert "are kept" in last and "--use 1" in last, err
    data, _ = read_wav(take)
    assert len(data) / RATE >= 1.5
    assert np.abs(data[int(RATE * 0.5):int(RATE * 1.5)]).max() > 0.4  # the tone is in it
