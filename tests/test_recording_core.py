"""The Qt-free half of recording: the streaming WAV, sample formats, retakes, recovery."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import wave

import numpy as np
import pytest
from recording_helpers import make_episode_dir

from studio.episode import load_episode
from studio.plumbing.errors import StudioError
from studio.recording.recovery import lock_recording, pending_recovered, recover_unfinished
from studio.recording.samples import level_of, to_float, to_take_pcm
from studio.recording.takes import list_takes, new_take_path, use_take, write_marker
from studio.recording.wavstream import StreamingWavWriter, repair_wav
from studio.recovery import recover_episode


def _pcm(seconds: float, rate: int = 8000) -> bytes:
    t = np.arange(int(seconds * rate)) / rate
    return (0.5 * np.sin(2 * np.pi * 200 * t) * 32767).astype("<i2").tobytes()


def test_streaming_writer_syncs_as_it_goes_and_finalises(tmp_path):
    path = tmp_path / "t.wav"
    writer = StreamingWavWriter(path, 8000, 1, sync_seconds=0.0)
    writer.write(_pcm(0.5))
    # Before close another reader already sees the samples on disk (header sizes still 0).
    assert path.stat().st_size == 44 + 8000
    assert writer.close() == pytest.approx(0.5)
    with wave.open(str(path)) as w:
        assert (w.getnframes(), w.getframerate(), w.getnchannels()) == (4000, 8000, 1)


def test_a_take_is_never_overwritten(tmp_path):
    path = tmp_path / "t.wav"
    StreamingWavWriter(path, 8000, 1).close()
    path.write_bytes(b"RIFF....")
    with pytest.raises(StudioError, match="already exists"):
        StreamingWavWriter(path, 8000, 1)


def test_repair_fixes_zero_and_stale_sizes_and_torn_frames(tmp_path):
    path = tmp_path / "t.wav"
    writer = StreamingWavWriter(path, 8000, 2)
    writer.write(_pcm(0.25) * 2)  # 0.25 s of stereo
    writer._fh.flush()
    with open(path, "ab") as fh:
        fh.write(b"\x01\x02\x03")  # a frame torn by the crash
    assert wave.open(str(path)).getnframes() == 0
    result = repair_wav(path)
    assert result.repaired and result.frames == 2000 and result.channels == 2
    with wave.open(str(path)) as w:
        assert w.getnframes() == 2000
        assert w.readframes(2000) == _pcm(0.25) * 2
    struct_size = struct.unpack("<I", path.read_bytes()[4:8])[0]
    assert struct_size == os.path.getsize(path) - 8
    assert not repair_wav(path).repaired  # repairing twice changes nothing


def test_repair_refuses_what_is_not_a_recorder_wav(tmp_path):
    path = tmp_path / "x.wav"
    path.write_bytes(b"not a wav at all" * 10)
    with pytest.raises(StudioError, match="not a WAV file"):
        repair_wav(path)


@pytest.mark.parametrize("fmt,dtype,full", [("int16", "<i2", 32768), ("int32", "<i4", 2**31),
                                            ("float", "<f4", 1.0)])
def test_every_sample_format_becomes_the_same_int16(fmt, dtype, full):
    wave_ = np.array([0.0, 0.5, -0.5, 0.25])
    raw = (wave_ * full).astype(dtype).tobytes()
    block = to_float(raw, fmt, 1)
    assert np.allclose(block[:, 0], wave_, atol=1e-4)
    assert np.frombuffer(to_take_pcm(block), "<i2").tolist() == [0, 16384, -16384, 8192]


def test_uint8_and_wide_devices_and_clipping():
    block = to_float(bytes([128, 192, 64, 255]), "uint8", 1)
    assert block[:, 0].tolist() == pytest.approx([0, 0.5, -0.5, 127 / 128])
    six = to_float(np.full(12, 0.3, "<f4").tobytes(), "float", 6)  # a 6-channel interface
    assert np.frombuffer(to_take_pcm(six), "<i2").size == 2  # mixed to mono
    hot = to_float(np.array([1.4, -1.2, 0.1], "<f4").tobytes(), "float", 1)
    level = level_of(hot)
    assert level.clipped == 2 and level.peak == pytest.approx(1.4)
    assert np.frombuffer(to_take_pcm(hot), "<i2").tolist() == [32767, -32768, 3277]


def test_retakes_are_numbered_kept_and_chosen(tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    paths = []
    for _ in range(3):
        path = new_take_path(ep, "intro")
        writer = StreamingWavWriter(path, 8000, 1)
        writer.write(_pcm(0.5 + len(paths)))
        writer.close()
        paths.append(path)
    assert [p.name for p in paths] == ["intro-rec-1.wav", "intro-rec-2.wav", "intro-rec-3.wav"]
    odd = new_take_path(ep, "../../x y/\u00e9t\u00e9")  # an id never becomes a path outside takes/
    assert odd.parent == ep / "takes" and odd.name == "x-y-ete-rec-1.wav"
    odd.unlink()
    use_take(ep, "intro", "takes/intro-rec-2.wav")
    takes = list_takes(ep, "intro")
    assert [(t.number, t.in_use, t.seconds) for t in takes] == [(1, False, 0.5), (2, True, 1.5),
                                                                (3, False, 2.5)]
    take = load_episode(ep).segment("intro").take
    assert (take.source, take.duration, take.trim.auto) == ("recorded", 1.5, True)
    with pytest.raises(StudioError, match="not a take of this episode"):
        use_take(ep, "intro", "../../etc/passwd")
    with pytest.raises(StudioError, match="no segment 'nope'"):
        use_take(ep, "nope", "takes/intro-rec-1.wav")


def test_recovery_leaves_a_live_recording_alone_and_repairs_a_dead_one(tmp_path):
    ep = make_episode_dir(tmp_path / "ep")
    path = new_take_path(ep, "news")
    writer = StreamingWavWriter(path, 8000, 1, sync_seconds=0.0)
    lock_recording(writer.fileno())
    write_marker(path, "news", "Test mic", 8000, 1)
    writer.write(_pcm(1.0))
    assert recover_unfinished(ep) == []  # locked: still being recorded
    # A dead recorder: the lock goes with its process; the header still says 0.
    code = ("import fcntl,sys,time; from studio.recording.wavstream import StreamingWavWriter as W;"
            "w=W(sys.argv[1],8000,1,sync_seconds=0); fcntl.flock(w.fileno(),fcntl.LOCK_EX);"
            "w.write(b'\\x10\\x00'*8000); import os; os._exit(9)")
    other = new_take_path(ep, "outro")
    write_marker(other, "outro", "Test mic", 8000, 1)
    subprocess.run([sys.executable, "-c", code, str(other)], check=False)
    recover_episode(ep)  # the recovery step every command and the app run on opening
    assert wave.open(str(other)).getnframes() == 8000
    offered = pending_recovered(ep)
    assert [(r.segment, r.path, r.seconds) for r in offered] == [("outro", "takes/outro-rec-1.wav",
                                                                  1.0)]
    assert wave.open(str(other)).getnframes() == 8000
    assert not (ep / "takes" / "outro-rec-1.recording.json").exists()
    assert (ep / "takes" / "news-rec-1.recording.json").exists()
    writer.close()


def test_core_and_cli_never_import_qt():
    code = ("import sys, studio.cli.main as m, studio.recording.process, studio.recording.recovery;"
            "m.build_parser(); assert not any(k.startswith('PySide6') for k in sys.modules), 'Qt'")
    subprocess.run([sys.executable, "-c", code], check=True)
