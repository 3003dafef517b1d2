"""An episode folder through narration, mastering and export, checked like a listener would."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from audio_fixtures import make_episode, write_episode
from audio_helpers import ebur128, episode_mp3, ffprobe_json, pyloudnorm_lufs

from studio.audio.settings import AudioSettings
from studio.episode import load_episode, save_episode
from studio.render import render_episode


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    folder = write_episode(tmp_path_factory.mktemp("episode"))
    messages: list[tuple[float, str]] = []
    episode = render_episode(folder, progress=lambda f, m: messages.append((f, m)))
    return folder, episode, messages


def test_loudness_and_true_peak_meet_the_target(rendered):
    folder, episode, _ = rendered
    mp3 = episode_mp3(folder)
    assert abs(pyloudnorm_lufs(mp3) - (-16.0)) <= 1.0
    integrated, true_peak = ebur128(mp3)
    assert abs(integrated - (-16.0)) <= 1.0
    assert true_peak <= -1.0
    assert episode.loudness_target == -16.0
    assert abs(episode.loudness_lufs - integrated) <= 0.2
    assert episode.true_peak_dbtp <= -1.0


def test_mp3_format_and_duration(rendered):
    folder, episode, _ = rendered
    info = ffprobe_json(episode_mp3(folder))
    stream = info["streams"][0]
    assert stream["codec_name"] == "mp3" and stream["sample_rate"] == "44100"
    assert stream["channels"] == 1
    assert abs(int(stream["bit_rate"]) - 96000) < 2000
    length = float(info["format"]["duration"])
    assert abs(episode.duration_seconds - length) <= 0.1
    minutes, seconds = divmod(round(length), 60)
    expected = (f"PT{minutes}M" if minutes else "PT") + (f"{seconds}S" if seconds else "")
    assert episode.duration == expected


def test_chapters_are_at_segment_starts_in_time_order(rendered):
    folder, episode, _ = rendered
    chapters = ffprobe_json(episode_mp3(folder))["chapters"]
    starts = [float(c["start_time"]) for c in chapters]
    assert starts == sorted(starts)
    assert [c["tags"]["title"] for c in chapters] == [s.title for s in episode.segments]
    expected = [0.0] + [s.start for s in episode.segments[1:]]
    assert starts == pytest.approx(expected, abs=0.002)
    data = json.loads((folder / "chapters.json").read_text())
    assert data["version"] == "1.2.0"
    assert [c["startTime"] for c in data["chapters"]] == pytest.approx(expected, abs=0.002)
    assert data["chapters"][1]["url"] == "https://github.com/pytorch/pytorch/pull/195303"
    assert "url" not in data["chapters"][0]


def test_id3_tags(rendered):
    from mutagen.id3 import ID3


    folder, episode, _ = rendered
    tags = ID3(episode_mp3(folder))
    assert tags.version[:2] == (2, 3)  # what ffmpeg reads whole (tests/test_chapter_readers.py)
    assert str(tags["TIT2"]) == episode.title
    assert str(tags["TALB"]) == "PyTorch"
    assert str(tags["TPE1"])
    assert str(tags["TDRC"]) == "2026-02-09"
    assert tags.getall("COMM")[0].text[0] == episode.summary
    assert tags.getall("USLT")[0].text == episode.transcript
    assert "torch.compile" in episode.transcript  # the real spelling, not the respelled one
    apic = tags.getall("APIC")[0]
    assert apic.mime == "image/jpeg" and apic.type == 3
    toc = tags.getall("CTOC")[0]
    chap_starts = [tags[f"CHAP:{cid}"].start_time for cid in toc.child_element_ids]
    assert chap_starts == sorted(chap_starts) and len(chap_starts) == len(episode.segments)


def test_cover_art_is_square_and_large_enough():
    from studio.export.episode_files import default_cover

    stream = ffprobe_json(default_cover())["streams"][0]
    assert stream["width"] == stream["height"]
    assert 1400 <= stream["width"] <= 3000


def _cues(text: str) -> list[tuple[float, float, str]]:
    def secs(stamp: str) -> float:
        h, m, s = stamp.replace(",", ".").split(":")
        return int(h) * 3600 + int(m) * 60 + float(s)

    cues = []
    for block in text.strip().split("\n\n"):
        lines = block.splitlines()
        times = next(i for i, line in enumerate(lines) if "-->" in line)
        a, b = lines[times].split(" --> ")
        cues.append((secs(a), secs(b), "\n".join(lines[times + 1:])))
    return cues


def test_transcripts_follow_the_real_takes(rendered):
    folder, episode, _ = rendered
    vtt = (folder / "transcript.vtt").read_text()
    assert vtt.startswith("WEBVTT\n")
    cues = _cues(vtt.split("\n", 2)[2])
    srt = _cues((folder / "transcript.srt").read_text())
    assert [c[:2] for c in cues] == [c[:2] for c in srt]
    for seg in episode.segments:
        inside = [c for c in cues if seg.start - 0.001 <= c[0] and c[1] <= seg.end + 0.001]
        assert inside, seg.id
        assert inside[0][0] == pytest.approx(seg.start, abs=0.001)
        assert inside[-1][1] == pytest.approx(seg.end, abs=0.001)
        spoken = " ".join(c[2] for c in inside)
        assert spoken.replace("&amp;", "&") == " ".join(seg.text.split())
    assert all(len(line) <= 65 for c in cues for line in c[2].splitlines())
    assert all(a < b for a, b, _ in cues)


def test_episode_json_records_takes_and_the_file(rendered):
    folder, _, _ = rendered
    episode = load_episode(folder)
    for seg in episode.segments:
        take = seg.take
        assert take.source == "synthesized" and not Path(take.path).is_absolute()
        assert (folder / take.path).is_file()
        assert take.duration > 0 and take.trim.auto
        assert 0 <= take.trim.start < take.trim.end <= take.duration
        assert seg.end - seg.start == pytest.approx(take.trim.end - take.trim.start, abs=0.002)
    audio = episode.audio
    data = episode_mp3(folder).read_bytes()
    assert audio.file == f"pytorch-{episode.date}.mp3" and audio.bytes == len(data)
    assert audio.sha256 == hashlib.sha256(data).hexdigest()


def test_pauses_between_segments_are_longer_than_within(rendered):
    from studio.audio.trim import analyze, pauses

    folder, episode, _ = rendered
    gaps = [b.start - a.end for a, b in zip(episode.segments, episode.segments[1:], strict=False)]
    inner = [b - a for seg in episode.segments
             for a, b in pauses(analyze(folder / seg.take.path), seg.take.trim.start,
                                seg.take.trim.end)]
    assert inner, "the engine pauses between sentences"
    assert min(gaps) > max(inner)


def test_progress_is_reported(rendered):
    _, _, messages = rendered
    fractions = [f for f, _ in messages]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert any("synthesiz" in m for _, m in messages)
    assert any("master" in m for _, m in messages)


def test_only_changed_segments_are_synthesized_again(tmp_path):
    from studio.narration.lexicon import lexicon_for
    from studio.narration.takes import narrate

    folder = write_episode(tmp_path)
    episode = load_episode(folder)
    settings = AudioSettings()
    first = narrate(episode, folder, settings, lexicon_for())
    assert first == [s.id for s in episode.segments]
    save_episode(episode, folder)
    again = load_episode(folder)
    assert narrate(again, folder, settings, lexicon_for()) == []
    again.segment("compiler").text += " One more sentence."
    assert narrate(again, folder, settings, lexicon_for()) == ["compiler"]
    faster = AudioSettings(rate=220)
    assert len(narrate(again, folder, faster, lexicon_for())) == len(episode.segments)


def test_trims_are_non_destructive_and_respected(rendered, tmp_path):
    import shutil

    folder = tmp_path / "ep"
    shutil.copytree(rendered[0], folder)
    episode = load_episode(folder)
    seg = episode.segment("compiler")
    take_file = folder / seg.take.path
    before = take_file.read_bytes()
    seg.take.trim.auto = False
    seg.take.trim.end = seg.take.trim.start + 2.0
    save_episode(episode, folder)
    result = render_episode(folder)
    cut = result.segment("compiler")
    assert cut.end - cut.start == pytest.approx(2.0, abs=0.002)
    assert cut.take.trim.end == pytest.approx(seg.take.trim.end)
    assert take_file.read_bytes() == before


def test_lexicon_changes_what_the_engine_hears_not_the_transcript(tmp_path):
    from studio.narration.lexicon import Lexicon, lexicon_for
    from studio.narration.tts import SynthJob, synthesize

    segments = [("intro", "Intro", "Today Frobnitz landed.", [])]
    folder = write_episode(tmp_path / "ep", segments)
    lexicon = lexicon_for().merge(Lexicon(words={"Frobnitz": "banana split"}))
    episode = render_episode(folder, AudioSettings(sting=False), lexicon=lexicon)
    take = (folder / episode.segments[0].take.path).read_bytes()
    synthesize([SynthJob("Today banana split landed.", tmp_path / "said.wav", "a"),
                SynthJob("Today Frobnitz landed.", tmp_path / "plain.wav", "b")])
    assert take == (tmp_path / "said.wav").read_bytes()
    assert take != (tmp_path / "plain.wav").read_bytes()
    assert "Frobnitz" in (folder / "transcript.vtt").read_text()
    assert "banana" not in (folder / "transcript.vtt").read_text()
    assert load_episode(folder).segments[0].text == "Today Frobnitz landed."


def test_stereo_and_mono_target_settings(tmp_path):
    segments = [("intro", "Intro", "A short stereo episode at the mono target.", [])]
    folder = write_episode(tmp_path, segments)
    episode = render_episode(folder, AudioSettings(channels=2, loudness_target=-19.0,
                                                   bitrate_kbps=128))
    info = ffprobe_json(episode_mp3(folder))["streams"][0]
    assert info["channels"] == 2
    integrated, true_peak = ebur128(episode_mp3(folder))
    assert abs(integrated + 19.0) <= 1.0 and true_peak <= -1.0
    assert episode.loudness_target == -19.0


def test_a_cancelled_render_leaves_no_export(tmp_path):
    from studio.jobs import CancelToken
    from studio.plumbing.errors import Cancelled

    folder = write_episode(tmp_path)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        render_episode(folder, cancel=token)
    assert not list(folder.glob("*.mp3"))
    assert load_episode(folder).audio is None
    assert make_episode().title == load_episode(folder).title


def test_one_worker_speaks_each_utterance_once_and_in_its_own_file(tmp_path):
    from studio.narration.tts import SynthJob, synthesize

    texts = ["The first take is long enough to notice. " * 5, "A second one.",
             "And the third take says something else entirely."]
    together = [SynthJob(t, tmp_path / f"together{i}.wav", str(i)) for i, t in enumerate(texts)]
    synthesize(together, workers=1)
    for i, text in enumerate(texts):
        synthesize([SynthJob(text, tmp_path / f"alone{i}.wav", str(i))])
        assert (tmp_path / f"together{i}.wav").read_bytes() == \
            (tmp_path / f"alone{i}.wav").read_bytes()
    assert len({(tmp_path / f"together{i}.wav").read_bytes() for i in range(3)}) == 3
    assert not list(tmp_path.glob(".*"))


def test_the_show_profile_lexicon_is_used(tmp_path):
    from studio.narration.tts import SynthJob, synthesize
    from studio.pipeline import finish_episode

    folder = write_episode(tmp_path / "ep", [("intro", "Intro", "Welcome to PyTorch.", [])])
    episode = finish_episode(folder, "pytorch", AudioSettings(sting=False))
    synthesize([SynthJob("Welcome to pie torch.", tmp_path / "said.wav", "a")])
    assert (folder / episode.segments[0].take.path).read_bytes() == \
        (tmp_path / "said.wav").read_bytes()


def test_a_new_script_replaces_the_episode_only_with_a_complete_export(rendered, tmp_path,
                                                                        monkeypatch):
    import shutil

    from studio.export import fileset
    from studio.pipeline import finish_episode, save_script
    from studio.plumbing.errors import StudioError

    folder = tmp_path / "ep"
    shutil.copytree(rendered[0], folder)
    before = (folder / "episode.json").read_bytes()
    script = make_episode([("intro", "Intro", "A brand new script for the same day.", [])])
    save_script(script, folder)  # an exported episode is there: not overwritten yet
    assert (folder / "episode.json").read_bytes() == before

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileset, "_replace", broken)
    with pytest.raises(StudioError):
        finish_episode(folder, None, AudioSettings(sting=False), episode=script)
    assert (folder / "episode.json").read_bytes() == before
    monkeypatch.undo()
    finish_episode(folder, None, AudioSettings(sting=False), episode=script)
    assert [s.id for s in load_episode(folder).segments] == ["intro"]
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    save_script(script, fresh)
    assert load_episode(fresh).segments[0].text == "A brand new script for the same day."
