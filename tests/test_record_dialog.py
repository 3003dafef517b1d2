"""The record dialog, driven through its widgets, recording from the virtual microphone."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from recording_helpers import dominant_hz, loud_span, make_episode_dir, read_wav, tone

from studio.episode import load_episode, save_episode
from studio.recording.takes import new_take_path, write_marker
from studio.recording.wavstream import StreamingWavWriter


@pytest.fixture
def dialog(qtbot, mic, tmp_path):
    from studio.gui.record_dialog import RecordDialog

    ep = make_episode_dir(tmp_path / "ep")
    seg = load_episode(ep).segment("intro")
    dlg = RecordDialog(ep, seg.id, seg.title, seg.text)
    qtbot.addWidget(dlg)
    chosen: list = []

    def apply(segment_id, take):  # what a host does: here, save it in the episode
        episode = load_episode(ep)
        episode.segment(segment_id).take = take
        save_episode(episode, ep)
        chosen.append(take)

    dlg.take_chosen.connect(apply)
    dlg.chosen = chosen
    dlg.folder_path = ep
    dlg.show()
    return dlg


def _record(qtbot, dlg, mic, signal_: np.ndarray, count_in: int = 0):
    dlg.select_device("virtual_mic")
    dlg.count_in.setValue(count_in)
    qtbot.mouseClick(dlg.record, Qt.MouseButton.LeftButton)
    if count_in:
        assert dlg.prompter.text() == f"{count_in}…"  # the count-in shows in the prompter
        assert dlg.recorder is None
    qtbot.waitUntil(lambda: dlg.recorder is not None and dlg.recorder.seconds > 0.2,
                    timeout=count_in * 1000 + 10000)
    assert dlg.prompter.text() == dlg.text  # the script, large, while recording
    mic.play(signal_)
    qtbot.waitUntil(lambda: dlg.meter.value() > 0, timeout=5000)
    wait = len(signal_) / 44100 + 0.4
    qtbot.wait(int(wait * 1000))
    with qtbot.waitSignal(dlg.recorded, timeout=10000) as finished:
        qtbot.mouseClick(dlg.stop, Qt.MouseButton.LeftButton)
    return finished.args[0]


def test_record_through_the_widgets_with_count_in(qtbot, dialog, mic):
    result = _record(qtbot, dialog, mic, tone(440, 1.0), count_in=1)
    assert result.error == ""
    data, rate = read_wav(result.path)
    start, end = loud_span(data[:, 0], rate)
    assert end - start == pytest.approx(1.0, abs=0.03)
    assert dominant_hz(data[int(start * rate):int(end * rate), 0], rate) == pytest.approx(440, abs=2)
    take = load_episode(dialog.folder_path).segment("intro").take
    assert take.source == "recorded" and take.path == "takes/intro-rec-1.wav"
    assert dialog.takes.count() == 1 and "(in use)" in dialog.takes.item(0).text()
    assert dialog.record.text().startswith("Punch in")


def test_retake_then_choose_the_first_and_see_clipping(qtbot, dialog, mic):
    _record(qtbot, dialog, mic, tone(440, 0.5))
    loud = np.clip(tone(220, 0.6, amplitude=1.5), -1, 1)  # a hot input, flat-topped
    _record(qtbot, dialog, mic, loud)
    assert dialog.clip.text() == "CLIPPING"
    assert load_episode(dialog.folder_path).segment("intro").take.path == "takes/intro-rec-2.wav"
    assert dialog.takes.count() == 2
    dialog.takes.setCurrentRow(0)
    qtbot.mouseClick(dialog.use, Qt.MouseButton.LeftButton)
    assert load_episode(dialog.folder_path).segment("intro").take.path == "takes/intro-rec-1.wav"
    assert "(in use)" in dialog.takes.item(0).text()
    assert "(in use)" not in dialog.takes.item(1).text()


def test_recovered_take_is_offered_once(tmp_path):
    from studio.gui.record_dialog import offer_recovered_takes

    ep = make_episode_dir(tmp_path / "ep")
    path = new_take_path(ep, "news")
    write_marker(path, "news", "mic", 8000, 1)
    writer = StreamingWavWriter(path, 8000, 1)
    writer.write(b"\x00\x10" * 12000)
    writer._fh.flush()  # then the process "dies": no close, sizes in the header stay 0
    writer._fh.close()
    asked: list[tuple[str, float]] = []
    chosen = offer_recovered_takes(ep, lambda seg, secs: asked.append((seg, secs)) or True)
    assert asked == [("news", 1.5)]
    assert chosen["news"].path == "takes/news-rec-1.wav" and chosen["news"].duration == 1.5
    assert offer_recovered_takes(ep, lambda *a: True) == {}  # answered once


def test_the_loudness_meter_reads_the_microphone_against_the_target(qtbot, dialog, mic):
    # issue 26 item 12: peak and short-term loudness while recording, the target marked
    dialog.loudness.set_target(-16.0)
    seen: list[float] = []
    dialog.select_device("virtual_mic")
    dialog.count_in.setValue(0)
    qtbot.mouseClick(dialog.record, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.recorder is not None and dialog.recorder.seconds > 0.2,
                    timeout=10000)
    dialog.recorder.level.connect(lambda level: level.lufs is not None and seen.append(level.lufs))
    mic.play(tone(440, 3.5))
    qtbot.waitUntil(lambda: any(x > -40 for x in seen), timeout=8000)
    assert dialog.loudness.loudness is not None and dialog.loudness.peak is not None
    assert "target -16" in dialog.loudness.text()
    with qtbot.waitSignal(dialog.recorded, timeout=10000):
        qtbot.mouseClick(dialog.stop, Qt.MouseButton.LeftButton)
    assert dialog.loudness.loudness is None  # idle: nothing shown
