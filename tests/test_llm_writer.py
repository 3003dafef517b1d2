"""The language-model writer through the real `studio script` and `studio produce` commands,
against a local chat-completions server answering from a script: faithful drafts are kept and
marked verified, every planted fabrication is replaced by the story writer's sentence with the
reason recorded, and a server that is down, slow, failing or talking garbage never blocks the
episode (the story script is used and the host is told in one line)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from llm_day import DAY, as_json, build_repo, faithful, planted, plants
from llm_server import ChatServer, Reply

ROOT = Path(__file__).resolve().parent.parent
MODEL = "test-model"


@pytest.fixture(scope="module")
def day(tmp_path_factory) -> tuple[Path, Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("llmday")
    shas = build_repo(base / "repo")
    day_file = base / "day.json"
    r = studio(base, "pull", "--git", str(base / "repo"), "--date", DAY, "-o", str(day_file))
    assert r.returncode == 0, r.stderr
    return base / "repo", day_file, shas


@pytest.fixture(scope="module")
def server():
    with ChatServer() as s:
        yield s


def env_for(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("STUDIO_LLM_API_KEY", "OPENAI_API_KEY")}
    env.update(PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    env.update(extra)
    return env


def studio(tmp: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env_for(tmp, **env), timeout=300)


def script(tmp: Path, day_file: Path, server: ChatServer, *extra: str, **env: str
           ) -> tuple[subprocess.CompletedProcess[str], dict]:
    out = tmp / "episode"
    r = studio(tmp, "script", str(day_file), "-o", str(out), "--force", "--writer", "llm",
               "--llm-base-url", server.base_url, "--llm-model", MODEL, *extra, **env)
    data = json.loads((out / "episode.json").read_text()) if r.returncode == 0 else {}
    return r, data


def sentences(ep: dict) -> list[dict]:
    return [s for seg in ep["segments"] for s in seg["sentences"]]


def test_a_faithful_draft_is_kept_and_every_sentence_marked_verified(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply(json.dumps(faithful(shas))))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    said = sentences(ep)
    assert len(said) == 10 and all(s["provenance"] == "drafted-verified" for s in said)
    assert "load time on the benchmark drops from 120 milliseconds to 45" in ep["transcript"]
    # the model's identifiers are said for the ear, as the story writer says them (a blind
    # judge on a strong model's drafts: "full of raw identifiers that fall apart when spoken")
    assert "She also added WIDGET CACHE SIZE" in ep["transcript"]
    assert "WIDGET_CACHE_SIZE" not in ep["transcript"]
    assert ep["title"] == "Widgets: an LRU cache and version 2.4.0"
    assert ep["writer"] == f"llm-1 ({MODEL})" and not ep["writer_note"] and not ep["dropped"]
    assert "10 sentences verified, 0 left out" in r.stdout
    # grounded and structured: the day's facts went in, the JSON schema was asked for, streamed
    body = server.requests[0]["body"]
    assert body["stream"] is True and body["response_format"]["type"] == "json_schema"
    assert "WIDGET_CACHE_SIZE" in body["messages"][1]["content"]
    assert "cuts load time from 120" in body["messages"][1]["content"]
    # every sentence keeps its commits (full shas), and the transcript's links
    lru = next(s for s in said if "LRU policy" in s["text"])
    assert len(lru["commits"]) == 1 and lru["commits"][0].startswith(shas["lru"])


@pytest.mark.parametrize("kind", list(plants({k: "0000000" for k in
                                              ("old", "orig", "lru", "env", "release", "fix",
                                               "revert")})))
def test_every_planted_fabrication_is_caught_and_dropped(day, server, tmp_path, kind):
    _, day_file, shas = day
    draft, bad, why = planted(shas, kind)
    server.script(Reply(as_json(draft)))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    assert bad not in ep["transcript"]
    if ep["writer"] == "editor-1":
        # the fabrication was its story's only sentence (or names no commit of the day): the
        # story is lost, so the draft is no episode and the story writer's script is used
        _fell_back(r, ep, "leaves out a planned story")
        return
    # never another writer's sentence in its place (issue 28 item 9): left out, with the
    # reason; this server holds no revision round, so it is said that it could not revise
    assert not [s for s in sentences(ep) if s["provenance"].startswith("replaced")]
    caught = ep["dropped"]
    assert caught, f"{kind}: not caught"
    assert all(s["provenance"].startswith("dropped: ") for s in caught)
    assert any(why in s["provenance"] for s in caught), [s["provenance"] for s in caught]
    assert caught[0]["text"] == bad
    others = [s for s in sentences(ep) if s["provenance"] == "drafted-verified"]
    assert len(others) == 9  # the rest of the faithful draft stays


def _fell_back(r: subprocess.CompletedProcess[str], ep: dict, words: str) -> None:
    assert r.returncode == 0, r.stderr
    assert ep["writer"] == "editor-1" and words in ep["writer_note"]
    assert all(s["provenance"] == "" for s in sentences(ep))
    warnings = [line for line in r.stderr.splitlines() if "language model" in line]
    assert len(warnings) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "story writer" in warnings[0]
    # one clean line: the server's host said once
    hosts = re.findall(r"127\.0\.0\.1:\d+", ep["writer_note"])
    assert len(hosts) == 1 and "\n" not in ep["writer_note"], ep["writer_note"]
    assert len(re.findall(r"127\.0\.0\.1:\d+", warnings[0])) == 1, warnings[0]


def test_malformed_json_falls_back_to_the_story_script(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply('{"title": "x", "segments": [ oops'))
    r, ep = script(tmp_path, day_file, server)
    _fell_back(r, ep, "not JSON")


def test_a_draft_without_its_fields_is_garbage(day, server, tmp_path):
    _, day_file, _ = day
    server.script(Reply('{"title": "x", "summary": "y", "segments": [{"title": "t", '
                        '"sentences": [{"text": "no commits field"}]}]}'))
    r, ep = script(tmp_path, day_file, server)
    _fell_back(r, ep, "has no 'commits'")


def test_a_truncated_stream_falls_back(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply(json.dumps(faithful(shas)), truncate=True))
    r, ep = script(tmp_path, day_file, server)
    _fell_back(r, ep, "ended before the draft was finished")


def test_429_is_retried_after_its_retry_after(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply(status=429, content="slow down", headers={"Retry-After": "1"}),
                  Reply(json.dumps(faithful(shas))))
    started = time.monotonic()
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    assert len(server.requests) == 2 and time.monotonic() - started >= 1.0
    assert ep["writer"] == f"llm-1 ({MODEL})"


def test_a_500_is_retried_and_a_failing_server_falls_back(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply(status=500), Reply(json.dumps(faithful(shas))))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0 and ep["writer"] == f"llm-1 ({MODEL})", r.stderr
    server.script(Reply(status=500), Reply(status=502), Reply(status=503), Reply(status=503))
    r, ep = script(tmp_path, day_file, server, STUDIO_CACHE_DIR=str(tmp_path / "other"))
    _fell_back(r, ep, "answered 503")
    # the schema, the schema inside json_object, json_object, then no format: a 5xx to a
    # request with a format may be the server refusing the format (llama-cpp-python's 500)
    assert len(server.requests) == 4


def test_a_hanging_server_falls_back_within_its_timeout(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply(json.dumps(faithful(shas)), hang=30), Reply(json.dumps(faithful(shas)),
                                                                     hang=30),
                  Reply(json.dumps(faithful(shas)), hang=30))
    started = time.monotonic()
    r, ep = script(tmp_path, day_file, server, "--llm-timeout", "1")
    _fell_back(r, ep, "did not answer within 1 s")
    assert time.monotonic() - started < 20


def test_a_server_that_is_down_falls_back(day, tmp_path):
    _, day_file, _ = day

    class Down:
        base_url = "http://127.0.0.1:9/v1"

    r, ep = script(tmp_path, day_file, Down())  # type: ignore[arg-type]
    _fell_back(r, ep, "cannot reach 127.0.0.1:9")


def test_a_server_without_json_schema_is_asked_again_without_it(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply(json.dumps(faithful(shas)), reject_schema=True),
                  Reply(json.dumps(faithful(shas)), reject_schema=True),
                  Reply(json.dumps(faithful(shas)), reject_schema=True),
                  Reply("```json\n" + json.dumps(faithful(shas)) + "\n```"))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0 and ep["writer"] == f"llm-1 ({MODEL})", r.stderr
    formats = [x["body"].get("response_format", {}).get("type") for x in server.requests]
    assert formats == ["json_schema", "json_object", "json_object", None]


def test_any_error_of_a_schema_request_tries_json_object_with_the_servers_message(
        day, server, tmp_path):
    """llama-cpp-python answers a JSON schema with a 500 of its own: json_object is asked next,
    and when the server fails everything its message reaches the host's line."""
    _, day_file, shas = day
    said = "Input should be 'text' or 'json_object'"
    server.script(Reply(status=500, content=said), Reply(json.dumps(faithful(shas))))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0 and ep["writer"] == f"llm-1 ({MODEL})", r.stderr
    asked = [x["body"].get("response_format", {}) for x in server.requests]
    assert [f.get("type") for f in asked] == ["json_schema", "json_object"]
    # llama-cpp-python's own form: the same schema inside json_object (a grammar holds the
    # model to it), so a small model's answer is a draft in the writer's shape
    assert asked[1]["schema"] == asked[0]["json_schema"]["schema"]
    server.script(Reply(status=400, content="grammar error"), Reply(status=400, content="nope"),
                  Reply(status=400, content="no schema here"),
                  Reply(status=400, content="bad field 'max_tokens'"))
    r, ep = script(tmp_path, day_file, server, STUDIO_CACHE_DIR=str(tmp_path / "c2"))
    _fell_back(r, ep, "answered 400: bad field 'max_tokens'")
    assert len(server.requests) == 4 and "response_format" not in server.requests[3]["body"]
    assert "schema" not in server.requests[2]["body"]["response_format"]


def test_a_reasoning_models_thinking_is_dropped_before_parsing(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply("<think>The user wants JSON. {not this}</think>\n"
                        + json.dumps(faithful(shas))))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0 and ep["writer"] == f"llm-1 ({MODEL})", r.stderr
    server.script(Reply("Okay, let me think about the day.\n</think>\n\n"
                        + json.dumps(faithful(shas))))
    r, ep = script(tmp_path, day_file, server, STUDIO_CACHE_DIR=str(tmp_path / "c2"))
    assert r.returncode == 0 and ep["writer"] == f"llm-1 ({MODEL})", r.stderr
    server.script(Reply("<think>Still thinking and never done"))
    r, ep = script(tmp_path, day_file, server, STUDIO_CACHE_DIR=str(tmp_path / "c3"))
    _fell_back(r, ep, "the answer is empty")


def test_a_second_run_uses_the_cached_draft(day, server, tmp_path):
    _, day_file, shas = day
    server.script(Reply(json.dumps(faithful(shas))))
    first, ep1 = script(tmp_path, day_file, server)
    server.script()  # nothing scripted: the server would answer 500
    again, ep2 = script(tmp_path, day_file, server)
    assert again.returncode == 0 and not server.requests
    assert ep2["transcript"] == ep1["transcript"] and ep2["writer"] == f"llm-1 ({MODEL})"


def test_show_toml_configures_it_and_produce_runs_unattended(day, server, tmp_path):
    repo, _, shas = day
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text(
        f'title = "Widgets"\n[writer]\nkind = "llm"\nbase_url = "{server.base_url}"\n'
        f'model = "{MODEL}"\ntemperature = 0.2\nstream = false\n')
    server.script(Reply(json.dumps(faithful(shas))))
    r = studio(tmp_path, "produce", "--git", str(repo), "--date", DAY, "--show-dir", str(show),
               "--no-sting", "--quiet")
    assert r.returncode == 0, r.stderr
    ep = json.loads((show / "episodes" / DAY / "episode.json").read_text())
    assert ep["writer"] == f"llm-1 ({MODEL})" and ep["audio"]
    assert f"script: drafted by llm-1 ({MODEL}), 10 sentences verified, 0 left out" in r.stdout
    assert server.requests[0]["body"]["temperature"] == 0.2
    assert "stream" not in server.requests[0]["body"] or not server.requests[0]["body"]["stream"]
    # the server gone: the next day's produce still makes its episode, told so in one line
    (show / "show.toml").write_text(
        'title = "Widgets"\n[writer]\nkind = "llm"\nbase_url = "http://127.0.0.1:9/v1"\n'
        f'model = "{MODEL}"\n')
    r = studio(tmp_path, "produce", "--git", str(repo), "--date", DAY, "--show-dir", str(show),
               "--no-sting", "--quiet", STUDIO_CACHE_DIR=str(tmp_path / "cache2"))
    assert r.returncode == 0, r.stderr
    ep = json.loads((show / "episodes" / DAY / "episode.json").read_text())
    assert ep["writer"] == "editor-1" and "cannot reach" in ep["writer_note"] and ep["audio"]
    assert "script: the language model was not used (cannot reach 127.0.0.1:9)" in r.stdout


def test_the_api_key_is_sent_and_never_written(day, server, tmp_path):
    _, day_file, shas = day
    secret = "sk-test-5ecret-never-written-0123456789"
    server.script(Reply(json.dumps(faithful(shas))))
    r, ep = script(tmp_path, day_file, server, STUDIO_LLM_API_KEY=secret)
    assert r.returncode == 0, r.stderr
    assert server.requests[0]["auth"] == f"Bearer {secret}"
    assert secret not in r.stdout + r.stderr
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path


@pytest.mark.parametrize("args,words", [
    (["--llm-base-url", "ftp://x/v1", "--llm-model", "m"], "--llm-base-url must be an http"),
    (["--llm-base-url", "http://127.0.0.1:1/v1"], "--llm-model is not set"),
    (["--llm-base-url", "https://llm.example.com/v1", "--llm-model", "m"],
     "no API key for the model server llm.example.com: set STUDIO_LLM_API_KEY"),
    (["--llm-model", "m", "--llm-temperature", "7"], "--llm-temperature must be from 0 to 2"),
])
def test_bad_configuration_is_one_line(day, tmp_path, args, words):
    _, day_file, _ = day
    r = studio(tmp_path, "script", str(day_file), "-o", str(tmp_path / "ep"), "--writer", "llm",
               *args)
    assert r.returncode != 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in r.stderr, r.stderr


def test_an_unknown_model_is_one_line(day, server, tmp_path):
    _, day_file, _ = day
    server.script(Reply(status=404, content='{"error": {"message": "model \\"nope\\" not found",'
                                            ' "type": "not_found_error"}}'))
    r, _ = script(tmp_path, day_file, server)
    # without a terminal, progress is plain lines ("  0% drafting ..."): the error is one more
    lines = [x for x in r.stderr.strip().splitlines() if not re.match(r"\s*\d+% ", x)]
    assert r.returncode != 0 and len(lines) == 1, r.stderr
    assert f"has no model '{MODEL}'" in lines[0]


def test_show_toml_writer_errors_are_one_line(day, tmp_path):
    _, day_file, _ = day
    show = tmp_path / "show"
    (show / "episodes").mkdir(parents=True)
    (show / "show.toml").write_text('title = "T"\n[writer]\nkind = "gpt"\n')
    r = studio(tmp_path, "script", str(day_file), "-o", str(show / "episodes" / DAY))
    lines = r.stderr.strip().splitlines()
    assert r.returncode != 0 and len(lines) == 1
    assert "writer.kind must be one of story, llm" in lines[0]


def test_a_sentence_may_name_its_commit_by_pr_number_and_a_stock_line_states_no_fact(
        day, server, tmp_path):
    _, day_file, shas = day
    draft = faithful(shas)
    intro = draft["segments"][0]["sentences"]
    intro.append({"text": "Ana Lima had a busy day.", "commits": []})  # a fact without a commit
    draft["segments"][3]["sentences"][1]["commits"] = ["#104"]
    server.script(Reply(json.dumps(draft)))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    fix = next(s for s in sentences(ep) if s["text"].startswith("Chen Wu fixed a crash"))
    assert fix["provenance"] == "drafted-verified" and fix["commits"][0].startswith(shas["fix"])
    assert "Ana Lima had a busy day" not in ep["transcript"]
    assert [d["provenance"] for d in ep["dropped"]] == [
        "dropped: a stock line that states a fact: person Ana is from another commit"]


def test_a_draft_the_lock_keeps_nothing_of_is_never_an_empty_episode_nor_cached(
        day, server, tmp_path):
    """Every sentence names commits that are not the day's: all dropped. The story writer's
    script is used (greeting, stories, sign-off), the host is told, and the draft is not cached:
    the next run asks the server again."""
    _, day_file, shas = day
    draft = faithful(shas)
    for seg in draft["segments"]:
        for s in seg["sentences"]:
            s["commits"] = ["deadbee"]
    server.script(Reply(json.dumps(draft)))
    r, ep = script(tmp_path, day_file, server)
    _fell_back(r, ep, "kept none of its 10 sentences")
    assert len(ep["segments"]) >= 3 and "0 segments" not in r.stdout
    server.script(Reply(json.dumps(draft)))
    r, ep = script(tmp_path, day_file, server)
    _fell_back(r, ep, "kept none")
    assert len(server.requests) == 1  # asked again: nothing was cached


@pytest.mark.parametrize("cut,words", [
    ((0, None), "no greeting"),
    ((3, 2), "no sign-off"),
    ((1, None), "leaves out a planned story"),
])
def test_a_draft_without_its_greeting_sign_off_or_a_planned_story_is_not_used(
        day, server, tmp_path, cut, words):
    _, day_file, shas = day
    draft = faithful(shas)
    seg, n = cut
    if n is None:
        del draft["segments"][seg]
    else:
        del draft["segments"][seg]["sentences"][n]
    server.script(Reply(json.dumps(draft)))
    r, ep = script(tmp_path, day_file, server)
    _fell_back(r, ep, words)
    server.script(Reply(json.dumps(faithful(shas))))  # not cached: a good draft is asked for
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0 and ep["writer"] == f"llm-1 ({MODEL})", r.stderr


def test_an_invented_title_and_summary_are_replaced_by_the_story_writers(day, server, tmp_path):
    """A title that names nothing of the day and a summary of words no record wrote (both
    pass a word-by-word check: the date is the day's, the words are plain English) are the
    story writer's in the episode, with the reasons noted; the true sentences stay."""
    _, day_file, shas = day
    draft = faithful(shas)
    draft["title"] = "The 2026-02-09"
    draft["summary"] = ("The widget cache is a common application for the production "
                        "environment, in the cloud or on the desktop, for user testing.")
    server.script(Reply(json.dumps(draft)))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0 and ep["writer"] == f"llm-1 ({MODEL})", r.stderr
    story = studio(tmp_path, "script", str(day_file), "-o", str(tmp_path / "story"))
    told = json.loads((tmp_path / "story" / "episode.json").read_text())
    assert story.returncode == 0 and ep["title"] == told["title"], ep["title"]
    assert ep["summary"] == told["summary"] and "cloud" not in ep["summary"]
    notes = " ".join(ep["writer_notes"])
    assert "title replaced: it names nothing of the day's commits" in notes, notes
    assert "summary replaced:" in notes and "of its words are in the commits" in notes, notes
    assert all(s["provenance"] == "drafted-verified" for s in sentences(ep))


@pytest.mark.parametrize("repeat,words", [
    ("A new layer is added. ", "said 'A new layer is added.' 3 times over"),
    (" and then more work", "a sentence ran past 1200 characters"),
])
def test_a_stream_that_loops_or_runs_on_is_stopped_at_once(day, server, tmp_path, repeat,
                                                           words):
    """A small model repeating one sentence forever, or writing one sentence without end:
    the stream is stopped as soon as it is plainly a loop, not at max_tokens or the deadline,
    and the story writer's script is used."""
    _, day_file, _ = day
    start = ('{"title": "Widgets", "summary": "The day.", "segments": [{"title": "Welcome", '
             '"sentences": [{"text": "Welcome to Widgets. ')
    server.script(Reply(start, repeat=repeat, pace=0.002))
    started = time.monotonic()
    r, ep = script(tmp_path, day_file, server)
    took = time.monotonic() - started
    _fell_back(r, ep, words)
    assert took < 20 and server.streamed < 400, (took, server.streamed)


def test_a_slow_server_on_this_machine_is_asked_once_and_its_request_closed(
        day, server, tmp_path):
    """Not streamed, a local server that takes longer than the timeout is still computing the
    answer: it is not asked again (each retry queued behind the last), and the request given
    up on is closed, so that a server that watches its connections can stop."""
    from studio.pipeline import write_script_for
    from studio.script.llm.config import WriterSettings
    from studio.sources.model import load_day

    _, day_file, shas = day
    slow = Reply(json.dumps(faithful(shas)), hang=8)
    server.script(slow, slow, slow)
    started = time.monotonic()
    settings = WriterSettings(kind="llm", base_url=server.base_url, model=MODEL, cache=False,
                              stream=False, timeout=1.0)
    ep = write_script_for(load_day(day_file), writer=settings)
    assert ep.writer == "editor-1" and "did not answer within 1 s" in ep.writer_note
    assert "not asked again" in ep.writer_note, ep.writer_note
    assert len(server.requests) == 1 and time.monotonic() - started < 8
    deadline = time.monotonic() + 5
    while not server.hung_up and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.hung_up and server.hung_up[0] < 3, server.hung_up


def _revision(body: dict) -> dict:
    """The rejected sentences a revision request carries."""
    return json.loads(body["messages"][1]["content"])


def test_a_rejected_sentence_goes_back_to_the_model_once_and_its_revision_is_kept(
        day, server, tmp_path):
    """Issue 28: the lock's reason goes back with the sentence and the records it may use;
    the model's revision is locked like any sentence, and nothing of another writer is
    spliced into the model's prose."""
    _, day_file, shas = day
    draft, bad, _ = planted(shas, "invented person")
    fixed = "Ana Lima switched the widget cache to an LRU policy."
    server.script(Reply(as_json(draft)), Reply(json.dumps(
        {"sentences": [{"id": 0, "text": fixed, "commits": [shas["lru"]]}]})))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    asked = _revision(server.requests[-1]["body"])
    assert [s["text"] for s in asked["sentences"]] == [bad]
    assert "Raj" in asked["sentences"][0]["reason"]
    # only the commits the sentence names, with their records, go back
    assert [c["sha"] for c in asked["commits"]] == [shas["lru"][:7]]
    said = sentences(ep)
    assert fixed in ep["transcript"] and bad not in ep["transcript"]
    assert all(s["provenance"] == "drafted-verified" for s in said), \
        [s["provenance"] for s in said]
    assert len(said) == 10 and not ep["dropped"]


def test_a_revision_of_another_commit_is_no_revision_and_never_takes_the_place(
        day, server, tmp_path):
    """A model that mixes up the ids answers for the wrong sentence: a true sentence of
    another commit put in the rejected one's place told a fix inside another story (uv
    2026-08-18). It is no revision of this sentence, which is dropped."""
    _, day_file, shas = day
    draft, bad, _ = planted(shas, "invented person")
    other = next(k for k in shas if k != "lru")
    elsewhere = "The widget cache now uses an LRU policy."
    server.script(Reply(as_json(draft)), Reply(json.dumps(
        {"sentences": [{"id": 0, "text": elsewhere, "commits": [shas[other]]}]})))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    assert elsewhere not in ep["transcript"] and bad not in ep["transcript"]
    assert [s["text"] for s in ep["dropped"]] == [bad]
    assert len(sentences(ep)) == 9


def test_a_revision_that_still_fails_is_dropped_never_spliced(day, server, tmp_path):
    _, day_file, shas = day
    draft, bad, _ = planted(shas, "invented person")
    server.script(Reply(as_json(draft)), Reply(json.dumps(
        {"sentences": [{"id": 0, "text": bad, "commits": [shas["lru"]]}]})))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    assert bad not in ep["transcript"]
    assert not [s for s in sentences(ep) if s["provenance"].startswith("replaced")]
    assert [s["text"] for s in ep["dropped"]] == [bad]
    assert "after revision" in ep["dropped"][0]["provenance"]
    assert len(sentences(ep)) == 9  # the rest of the draft stays, its neighbours joined


def test_a_server_that_cannot_revise_has_the_sentence_left_out_never_spliced(
        day, server, tmp_path):
    """Issue 28 item 9: the last splice. The server answers the revision with no JSON: the
    rejected sentence is dropped with its reason and that it could not be revised; no story
    writer's sentence stands in its place."""
    _, day_file, shas = day
    draft, bad, _ = planted(shas, "invented person")
    server.script(Reply(as_json(draft)), Reply("not json at all"))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    assert not [s for s in sentences(ep) if s["provenance"].startswith("replaced")]
    assert bad not in ep["transcript"]
    (gone,) = ep["dropped"]
    assert gone["text"] == bad and gone["provenance"].endswith("(the server could not revise it)")
    assert "left out by the fact check" in r.stdout


def test_a_sentence_that_leans_on_a_dropped_one_goes_with_it(day, server, tmp_path):
    """tokio 2026-08-07: the sentence that told the stream reader's fix was dropped, and "That
    matters because many streams are not meant to be polled again" was left pointing at
    nothing the listener heard. A sentence that opens by pointing back goes with the dropped
    one; one that stands on its own stays."""
    _, day_file, shas = day
    draft, bad, _ = planted(shas, "invented person")
    seg = next(s for s in draft["segments"] for x in s["sentences"] if x["text"] == bad)
    at_ = next(i for i, x in enumerate(seg["sentences"]) if x["text"] == bad)
    leaning = "That matters to anyone who caches widgets."
    seg["sentences"].insert(at_ + 1, {"text": leaning, "commits": []})
    server.script(Reply(as_json(draft)), Reply("not json at all"))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    assert [s["text"] for s in ep["dropped"]] == [bad, leaning]
    assert ep["dropped"][1]["provenance"] == \
        "dropped: leans on the sentence before it, which was dropped"
    assert len(sentences(ep)) == 9  # the rest stays


def test_a_segment_title_the_lock_rejects_takes_the_story_writers_title(day, server, tmp_path):
    """numpy 2026-08-07: a drafted segment title that failed the lock became "Part 3", which
    tells a listener reading the show's page nothing; the story writer's title for the same
    commits stands in (never its welcome, focus or sign-off)."""
    _, day_file, shas = day
    draft = faithful(shas)
    draft["segments"][2]["title"] = "Raj Mehta's cache"  # a person the record does not have
    server.script(Reply(as_json(draft)))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    titles = [s["title"] for s in ep["segments"]]
    assert not any(t.startswith("Part ") or "Raj" in t for t in titles), titles
    assert any("segment title" in n for n in ep.get("writer_notes", [])), ep.get("writer_notes")


def test_a_stacks_size_may_be_said_of_one_of_its_commits(tmp_path):
    """ruff 2026-08-09: "Also from Micha Reiser's set of three, pull request 27608 ..." was
    rejected as an invented number; the size of a stack the sentence's commit is part of is
    the record's."""
    import datetime as dt

    from gitrepo import GH_COMMITTER, RepoBuilder, at, squash

    from studio.digest.build import build_digest
    from studio.pipeline import SourceSpec, pull_day
    from studio.profile import profile_for
    from studio.script.llm.factlock import check_sentence
    from studio.script.llm.facts import day_facts

    c, e = GH_COMMITTER
    shas = []
    with RepoBuilder(tmp_path / "repo", origin="https://github.com/octo/ty.git") as r:
        for i, t in enumerate(["Split the system layer", "Move command execution",
                               "Resolve uv from the path"]):
            shas.append(r.commit(squash(t, 301 + i, f"Part {i + 1} of the system split."),
                                 at("2026-03-04", 9 + i), "Micha Reiser", "micha@ex.com", c, e,
                                 files={f"crates/ruff_db/src/system/m{i}.rs": "fn a() {}\n" * 30}))
    day_ = pull_day(SourceSpec(git=str(tmp_path / "repo")), dt.date.fromisoformat("2026-03-04"))
    profile = profile_for(day_.repo, None)
    facts = day_facts(build_digest(day_, profile), profile)
    assert [len(s.commits) for s in facts.digest.stacks] == [3]
    said = "From Micha Reiser's set of three, one moves command execution."
    assert check_sentence(said, [shas[1][:7]], facts) == ""
    assert "nine" in check_sentence(said.replace("three", "nine"), [shas[1][:7]], facts)


def _with_code(shas: dict[str, str]) -> tuple[dict, str]:
    """The faithful draft with one true sentence that reads a call aloud."""
    draft = faithful(shas)
    seg = draft["segments"][3]
    coded = "Chen Wu fixed a crash in render_title(), which now falls back to the widget id."
    seg["sentences"][1] = {"text": coded, "commits": [shas["fix"]]}
    return draft, coded


def test_a_kept_sentence_that_reads_code_is_asked_again_in_words(day, server, tmp_path):
    """Round 29's judges on a strong model's drafts: "reads raw C identifiers aloud". A
    sentence the lock keeps but that holds code a listener cannot follow goes to the revision
    round with the reason; the rewording in words takes its place."""
    _, day_file, shas = day
    draft, coded = _with_code(shas)
    worded = "Chen Wu fixed a crash: a widget without a name now falls back to the widget id."
    server.script(Reply(as_json(draft)), Reply(json.dumps(
        {"sentences": [{"id": 0, "text": worded, "commits": [shas["fix"]]}]})))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    asked = _revision(server.requests[-1]["body"])
    assert [s["text"] for s in asked["sentences"]] == [coded]
    assert "reads code aloud" in asked["sentences"][0]["reason"]
    assert "render_title()" in asked["sentences"][0]["reason"]
    assert worded in ep["transcript"] and "render" not in ep["transcript"]
    assert not ep["dropped"]


def test_a_rewording_the_lock_rejects_leaves_the_true_sentence_as_drafted(
        day, server, tmp_path):
    """Asked only for words, the model's answer adds what its commit does not say: the
    sentence as drafted stays (it was true), said for the ear; nothing is dropped."""
    _, day_file, shas = day
    draft, coded = _with_code(shas)
    invented = "Chen Wu fixed a crash that Raj Mehta found in the title code."
    server.script(Reply(as_json(draft)), Reply(json.dumps(
        {"sentences": [{"id": 0, "text": invented, "commits": [shas["fix"]]}]})))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    assert "Raj" not in ep["transcript"] and "falls back to the widget id" in ep["transcript"]
    assert not ep["dropped"]


def test_a_segment_title_with_no_story_title_to_take_is_named_by_its_commit(day):
    """pip 2026-06-30 (round 30): the drafted title failed the lock and the story writer had
    no segment for those commits, so the show's page said "[Part 2]". The segment is named by
    what its commit brings instead, when the lock passes that."""
    from studio.digest.build import build_digest
    from studio.episode import Episode
    from studio.profile import profile_for
    from studio.script.llm.assemble import _story_title
    from studio.script.llm.facts import day_facts
    from studio.sources.model import load_day

    _, day_file, shas = day
    loaded = load_day(day_file)
    profile = profile_for(loaded.repo)
    d = build_digest(loaded, profile)
    facts = day_facts(d, profile)
    fix = next(c.sha for c in d.commits if c.sha.startswith(shas["fix"]))
    no_story = Episode(title="", summary="", date=d.date, repo=d.repo)
    title = _story_title([fix], no_story, facts)
    assert title and not title.startswith("Part "), title


def test_a_pull_request_number_said_goes_back_to_be_left_out(day, server, tmp_path):
    """Rounds 29 and 30: "That's pull request 14057" in every strong draft, a number a
    listener cannot use. The sentence goes to the revision round to be said without it."""
    _, day_file, shas = day
    draft = faithful(shas)
    numbered = "Ben Okafor bumped the version to 2.4.0 for the February release, in pull " \
        "request 103."
    draft["segments"][3]["sentences"][0] = {"text": numbered, "commits": [shas["release"]]}
    plain = "Ben Okafor bumped the version to 2.4.0 for the February release."
    server.script(Reply(as_json(draft)), Reply(json.dumps(
        {"sentences": [{"id": 0, "text": plain, "commits": [shas["release"]]}]})))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    asked = _revision(server.requests[-1]["body"])
    assert [s["text"] for s in asked["sentences"]] == [numbered]
    assert "number a listener cannot use" in asked["sentences"][0]["reason"]
    assert plain in ep["transcript"] and "103" not in ep["transcript"]


def test_a_sentence_that_names_its_sources_or_reads_a_hash_is_asked_again(day, server,
                                                                          tmp_path):
    """Round 33's judges: "a meta voice ('The record doesn't give a reason … so we won't
    guess')" and "reads commit hashes aloud ('from commit 5adb334 to fa944ef')". Both go to
    the revision round with the reason."""
    _, day_file, shas = day
    draft = faithful(shas)
    seg = draft["segments"][3]
    meta = "The record does not give a reason for the widget id."
    hashed = f"Chen Wu's fix is commit {shas['fix'][:7]}."
    seg["sentences"][1:1] = [{"text": meta, "commits": [shas["fix"]]},
                             {"text": hashed, "commits": [shas["fix"]]}]
    server.script(Reply(as_json(draft)), Reply(json.dumps({"sentences": []})))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    asked = _revision(server.requests[-1]["body"])
    reasons = {s["text"]: s["reason"] for s in asked["sentences"]}
    assert "names its source" in reasons[meta]
    assert "a number a listener cannot use" in reasons[hashed]


@pytest.mark.parametrize("items", [2, 3])
def test_a_count_a_dropped_sentence_made_wrong_is_said_again_or_left_out(day, server, tmp_path,
                                                                         items):
    """pydantic 2026-08-06 (round 38): "Two things worth knowing today." and then one, the
    other dropped by the lock: a judge marked the count. What is left is counted again, and
    an announcement of fewer than two is left out."""
    _, day_file, shas = day
    draft = faithful(shas)
    true = [{"text": "If you load many widgets, try raising WIDGET_CACHE_SIZE to 512.",
             "commits": [shas["env"]]},
            {"text": "If a widget has no name, render_title now falls back to its id.",
             "commits": [shas["fix"]]}][:items - 1]
    invented = {"text": "If you use version 2.4.0, upgrade to version 2.5.0 next week.",
                "commits": [shas["release"]]}
    announce = {"text": f"{['Two', 'Three'][items - 2]} things worth knowing today.",
                "commits": []}
    draft["segments"].insert(-1, {"title": "Today's focus",
                                  "sentences": [announce, *true, invented]})
    server.script(Reply(json.dumps(draft)))
    r, ep = script(tmp_path, day_file, server)
    assert r.returncode == 0, r.stderr
    focus = next(seg for seg in ep["segments"] if seg["title"] == "Today's focus")
    said = [s["text"] for s in focus["sentences"]]
    assert "2.5.0" not in " ".join(said)
    if items == 2:
        assert said == ["If you load many widgets, try raising WIDGET CACHE SIZE to 512."]
        assert any("announces a count" in s["provenance"] for s in ep["dropped"])
    else:
        assert said[0] == "Two things worth knowing today." and len(said) == 3, ep["dropped"]
