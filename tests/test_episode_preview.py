"""The episode player's render (studio.audio.preview), on real takes through real ffmpeg:
the export's running order and master to a WAV, a segment without a take left out and said,
cancel leaving no file, and an episode with no take one clear error."""

from __future__ import annotations

import pytest
from audio_fixtures import make_episode
from audio_helpers import pyloudnorm_lufs, tone_file

from studio.audio.preview import render_preview
from studio.audio.settings import AudioSettings
from studio.episode import Take, Trim
from studio.jobs import CancelToken
from studio.plumbing.errors import Cancelled, StudioError


@pytest.fixture
def episode(tmp_path):
    ep = make_episode()
    (tmp_path / "takes").mkdir()
    for n, seg in enumerate(ep.segments[:3]):
        path = tone_file(tmp_path / "takes" / f"{seg.id}.wav", seconds=1.0 + n, rate=22050,
                         channels=1, lead=0.3, tail=0.3)
        seg.take = Take(f"takes/{seg.id}.wav", "recorded", duration=1.6 + n,
                        trim=Trim(0.1, 1.5 + n, 0.05, 0.05))
        assert path.exists()
    return ep


def test_the_preview_is_the_programme_mastered(tmp_path, episode):
    settings = AudioSettings()
    out = tmp_path / "play.wav"
    seen: list[float] = []
    preview = render_preview(episode, tmp_path, out, settings, lambda f, _m: seen.append(f))
    assert out.exists() and preview.wav == out and seen[-1] == 1.0
    assert list(preview.segments) == ["intro", "reverts", "compiler"]
    assert preview.left_out == ["focus"]  # text, no take: the export would synthesize it
    spans = list(preview.segments.values())
    sting = spans[0][0]
    assert sting > settings.sting_pause
    for (_a0, a1), (b0, _b1) in zip(spans, spans[1:], strict=False):
        assert b0 - a1 == pytest.approx(settings.segment_pause, abs=0.01)  # the pauses
    assert [round(e - s, 2) for s, e in spans] == [1.4, 2.4, 3.4]  # each take as trimmed
    assert abs(pyloudnorm_lufs(out) - settings.loudness_target) < 1.0
    assert not list(tmp_path.glob("play.wav.*"))  # no working files left


def test_cancel_leaves_nothing_and_no_take_is_one_clear_error(tmp_path, episode):
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        render_preview(episode, tmp_path, tmp_path / "play.wav", AudioSettings(), cancel=token)
    assert list(tmp_path.glob("play.wav*")) == []
    for seg in episode.segments:
        seg.take = None
    with pytest.raises(StudioError, match="no segment has a take"):
        render_preview(episode, tmp_path, tmp_path / "play.wav", AudioSettings())
