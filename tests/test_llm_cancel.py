"""The language-model writer as the app runs it, in-process: progress while the draft streams,
cancel between chunks (a cancelled draft is not a fallback: the job stops)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from llm_day import DAY, build_repo, faithful
from llm_server import ChatServer, Reply

from studio.digest.build import build_digest
from studio.jobs import CancelToken
from studio.pipeline import SourceSpec, pull_day
from studio.plumbing.errors import Cancelled
from studio.profile import profile_for
from studio.script.llm.cache import DraftCache
from studio.script.llm.config import WriterSettings
from studio.script.llm.writer import LlmWriter


@pytest.fixture(scope="module")
def digest_and_shas(tmp_path_factory):
    base = tmp_path_factory.mktemp("llmcancel")
    shas = build_repo(base / "repo")
    day = pull_day(SourceSpec(git=str(base / "repo")), dt.date.fromisoformat(DAY))
    profile = profile_for(day.repo)
    return build_digest(day, profile), profile, shas


def test_progress_streams_and_cancel_stops_the_draft(digest_and_shas, tmp_path):
    digest, profile, shas = digest_and_shas
    with ChatServer() as server:
        settings = WriterSettings(kind="llm", base_url=server.base_url, model="m", cache=False)
        seen: list[tuple[float, str]] = []
        server.script(Reply(json.dumps(faithful(shas))))
        episode = LlmWriter(settings, progress=lambda f, m: seen.append((f, m))).write(
            digest, profile)
        drafting = [f for f, m in seen if m.startswith("drafting with m… ")]
        assert len(drafting) > 10 and drafting == sorted(drafting)  # one report per chunk
        sizes = [int(m.split("… ")[1].split()[0].replace(",", "")) for _, m in seen
                 if m.startswith("drafting with m… ")]
        assert sizes == sorted(sizes) and sizes[-1] == len(json.dumps(faithful(shas)))
        assert any("," in m for _, m in seen if m.startswith("drafting"))  # 1,234 characters
        assert episode.writer == "llm-1 (m)"

        token = CancelToken()

        def cancel_midway(fraction: float, message: str) -> None:
            if message.startswith("drafting with m") and fraction > 0.05:
                token.cancel()

        server.script(Reply(json.dumps(faithful(shas))))
        with pytest.raises(Cancelled):
            LlmWriter(settings, progress=cancel_midway, cancel=token,
                      cache=DraftCache(tmp_path)).write(digest, profile)
        assert not list(tmp_path.rglob("*.json"))  # nothing half-drafted was cached


def test_a_long_retry_after_is_cancellable_and_kept_within_the_deadline(digest_and_shas):
    import threading
    import time

    digest, profile, shas = digest_and_shas
    with ChatServer() as server:
        settings = WriterSettings(kind="llm", base_url=server.base_url, model="m", cache=False)
        server.script(Reply(status=429, content="busy", headers={"Retry-After": "30"}))
        token = CancelToken()
        threading.Timer(0.5, token.cancel).start()
        started = time.monotonic()
        with pytest.raises(Cancelled):
            LlmWriter(settings, cancel=token).write(digest, profile)
        assert time.monotonic() - started < 3  # the back-off stopped, not waited out

        # a wait that would pass the deadline is not waited: the story script, at once
        tight = WriterSettings(kind="llm", base_url=server.base_url, model="m", cache=False,
                               deadline=5)
        server.script(Reply(status=429, content="busy", headers={"Retry-After": "30"}))
        started = time.monotonic()
        episode = LlmWriter(tight).write(digest, profile)
        assert time.monotonic() - started < 3 and episode.writer == "editor-1"
        assert "would pass the 5 s deadline" in episode.writer_note
