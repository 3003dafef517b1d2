"""A model with a small context window: the writer asks the server for it (llama-server's
/props, Ollama's /api/show), and a day that does not fit — or that the server rejects as
llama-server does, "the request exceeds the available context size" — is drafted part by
part, each request with the records of its own commits only, and joined into one draft."""

from __future__ import annotations

import json

from llm_day import DAY, build_repo
from llm_server import ChatServer

from studio.pipeline import SourceSpec, pull_day, write_script_for
from studio.script.llm.config import WriterSettings
from studio.script.llm.window import DEFAULT_CONTEXT, context_window


def _day_of(body: dict) -> dict:
    return json.loads(body["messages"][1]["content"].split("\n\n", 1)[1])


def answer(body: dict) -> str:
    """What a model writing what it is asked would answer: the frame when it gets titles only,
    else one sentence per commit it was given."""
    day = _day_of(body)
    cards = day["commits"]
    if not any("record" in c for c in cards) and "opening" in body["messages"][1]["content"]:
        return json.dumps({"title": "An LRU Cache and a Crash Fix",
                           "summary": "Ana Lima's LRU cache and a fix for a crash.",
                           "segments": [
                               {"title": "Welcome", "sentences": [
                                   {"text": "Welcome to Widgets.", "commits": []}]},
                               {"title": "Bye", "sentences": [
                                   {"text": "See you tomorrow.", "commits": []}]}]})
    return json.dumps({"title": "", "summary": "", "segments": [
        {"title": "Part", "sentences": [
            {"text": f"{c['author']} worked on this: {c['title']}.", "commits": [c["sha"]]}
            for c in cards if not c.get("landed_before_today")]}]})


def _write(tmp_path, server: ChatServer, **settings):
    shas = build_repo(tmp_path / "repo")
    day = pull_day(SourceSpec(git=str(tmp_path / "repo")), __import__("datetime").date
                   .fromisoformat(DAY))
    ws = WriterSettings(kind="llm", base_url=server.base_url, model="m", cache=False,
                        stream=False, **settings)
    return write_script_for(day, writer=ws), shas


def _chat(server: ChatServer) -> list[dict]:
    return [r for r in server.requests if r["path"].startswith("/v1/chat")]


def test_a_window_advertised_by_props_is_drafted_part_by_part(tmp_path):
    # (4096: Ollama's default window, the smallest a host meets; the server counts a token
    # per three characters, more than most tokenizers do)
    with ChatServer(n_ctx=4096, context_limit=4096, respond=answer) as server:
        episode, shas = _write(tmp_path, server)
        asked = _chat(server)
        assert any(p["path"] == "/props" for p in server.probes)
    assert episode.writer == "llm-1 (m)" and not episode.writer_note, episode.writer_note
    assert len(asked) >= 3 and not any("rejected" in r for r in asked)
    for r in asked:  # each request within the window, its answer capped
        assert r["body"]["max_tokens"] < 4096
    # each part carries the records of its own commits only
    for part in (_day_of(r["body"]) for r in asked[1:]):
        plan = part["plan"]
        named = {sha for key in ("rollbacks", "stories", "in_a_sentence_each")
                 for story in plan[key] for sha in story["commits"]}
        named |= set(plan["covered_in_one_line"])
        assert {c["sha"] for c in part["commits"]} == named
        assert len(named) < 6
    assert not any("record" in c for c in _day_of(asked[0]["body"])["commits"])
    # joined: the frame's opening first, its sign-off last, every commit told between
    said = [s for seg in episode.segments for s in seg.sentences]
    assert said[0].text.startswith("Welcome to Widgets") and said[-1].text.startswith("See you")
    told = {sha[:7] for s in said for sha in s.commits}
    assert {shas[k] for k in ("lru", "env", "release", "fix", "revert")} <= told
    assert episode.title == "Widgets: An LRU Cache and a Crash Fix"
    assert episode.summary == "Ana Lima's LRU cache and a fix for a crash."
    assert all(s.provenance == "drafted-verified" for s in said)


def test_a_prompt_the_server_rejects_as_too_long_is_drafted_again_in_parts(tmp_path):
    """No /props: the writer assumes 8192 tokens and sends the day whole; the server counts
    more tokens than the writer estimated and answers llama-server's 400, naming n_ctx."""
    with ChatServer(respond=answer) as server:  # how long the whole day is, as it counts
        _write(tmp_path / "a", server)
        whole = sum(len(m["content"]) for m in _chat(server)[0]["body"]["messages"]) // 3
    with ChatServer(context_limit=whole - 1, respond=answer) as server:
        episode, _ = _write(tmp_path / "b", server)
        asked = _chat(server)
    assert "rejected" in asked[0]  # the whole day, refused
    assert episode.writer == "llm-1 (m)" and not episode.writer_note, episode.writer_note
    assert len(asked) >= 3 and not any("rejected" in r for r in asked[1:])


def test_the_context_window_comes_from_the_server_or_the_setting():
    with ChatServer(n_ctx=16384) as server:
        ws = WriterSettings(kind="llm", base_url=server.base_url, model="m")
        assert context_window(ws)[0] == 16384
        assert context_window(WriterSettings(kind="llm", base_url=server.base_url, model="m",
                                             context=6000))[0] == 6000
    with ChatServer(ollama_ctx=32768) as server:  # Ollama runs with num_ctx, not the maximum
        ws = WriterSettings(kind="llm", base_url=server.base_url, model="qwen2.5:7b")
        assert context_window(ws)[0] == 4096
        assert server.probes[-1]["body"] == {"model": "qwen2.5:7b"}
    with ChatServer() as server:
        assert context_window(WriterSettings(kind="llm", base_url=server.base_url,
                                             model="m"))[0] == DEFAULT_CONTEXT
        assert context_window(WriterSettings(kind="llm", base_url=server.base_url, model="m",
                                             context=12000))[0] == 12000



def _one_commit_day(path, body: str):
    from gitrepo import GH_COMMITTER, RepoBuilder, at, squash

    with RepoBuilder(path, origin="https://github.com/octo/quant.git") as r:
        r.commit("Initial\n", at("2026-02-01"), files={"a.py": "x\n"})
        r.commit(squash("Add a faster quantize kernel", 301, body), at(DAY, 11), "Ana Lima",
                 "ana@ex.com", *GH_COMMITTER, files={"quant/k.py": "y\n" * 40})
    return pull_day(SourceSpec(git=str(path)), __import__("datetime").date.fromisoformat(DAY))


def _asked_words(day) -> int:
    with ChatServer(respond=answer) as server:
        write_script_for(day, writer=WriterSettings(kind="llm", base_url=server.base_url,
                                                    model="m", cache=False, stream=False))
        lead = _chat(server)[0]["body"]["messages"][1]["content"].split("\n\n", 1)[0]
    return int(lead.split("Write about ", 1)[1].split(" ", 1)[0])


def test_a_quiet_days_length_follows_what_its_record_has_to_tell(tmp_path):
    # round 8: a one-commit day whose commit explains a 3x speedup, a numerics fix and a
    # stochastic-rounding bug in 850 words was asked for 210 words (the judge: "thin ... never
    # explains why" it matters); a one-liner's day stays short
    rich = " ".join(
        f"Paragraph {i}: the kernel quantizes weights with sixteen by sixteen block scales, "
        "which keeps the forward and backward representations the same, and it runs about "
        "three times faster than the reference path on the benchmark model." for i in range(24))
    long_day = _asked_words(_one_commit_day(tmp_path / "rich", rich))
    short_day = _asked_words(_one_commit_day(tmp_path / "thin", "Adds the kernel."))
    assert short_day == 230, short_day
    assert 400 <= long_day <= 450, long_day


def test_a_busy_day_gets_a_longer_show():
    from studio.script.llm.prompt import WORDS_A_MINUTE, target_words
    assert target_words(None, [400] * 25) == 5 * WORDS_A_MINUTE  # 20+ commits: five minutes
    assert target_words(None, [400] * 12) == 4 * WORDS_A_MINUTE
    assert target_words(None, [400] * 4) == 3 * WORDS_A_MINUTE
    assert target_words(2.0, [400] * 25) == 2 * WORDS_A_MINUTE  # the host's length wins
    assert target_words(None, [30]) < 3 * WORDS_A_MINUTE  # a quiet day stays short


def test_a_titles_version_uplift_is_marked_as_no_instruction():
    """Round 19's judges: "move your setup to SDK version 26.05" where the commit only moves
    the project's own build. The brief marks such a finding, and the prompt says what it
    means."""
    from types import SimpleNamespace

    from studio.editorial.findings import Finding
    from studio.script.llm.prompt import BRIEF, findings_of

    uplift = Finding("requirement", "a" * 40, "Arm backend: Uplift Ethos-U SDK to 26.05 (#21886)",
                     subject="Ethos-U SDK 26.05", replacement="26.05")
    stated = Finding("requirement", "b" * 40, "Building now needs CMake 3.28 or newer.",
                     subject="CMake 3.28", paragraph=0)
    found = findings_of(SimpleNamespace(findings=[uplift, stated]))
    assert found[0]["only_the_title"] is True and "only_the_title" not in found[1], found
    assert "only_the_title" in BRIEF and "never tell listeners to move with it" in BRIEF
