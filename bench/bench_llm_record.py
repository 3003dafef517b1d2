"""The LLM writer on a real day, with a person playing the model: what the prompt asks, what
the fact lock keeps.

    python bench/bench_llm_record.py executorch-2026-08-20 [--ctx 131072] [--days DIR]

Runs ``studio script DAY -o OUT --writer llm --llm-base-url http://127.0.0.1:PORT/v1
--llm-model strong`` against a local chat-completions server that saves each distinct request
it gets to ``bench/out/editorial/<day>/request-N.json`` (a retry of the same messages is
the same N) and answers it from ``answer-N.json`` there (a chat-completions response body)
when that file exists, else with a 503, so that the writer falls back to the story writer and
the request is kept for someone to answer. ``GET /props`` advertises ``--ctx`` tokens as
llama-server does. Prints the sentences drafted, kept, replaced and dropped (with the lock's
reasons) from the resulting episode.json, kept with its transcript in ``<day>/episode/``; the
script in the editors' layout (title, summary, headed segments) is ``<day>/llm.txt``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "out" / "editorial"  # text of fetched repositories: not committed
DAYS = Path("/work/editorial/days")


class Recorder:
    def __init__(self, folder: Path, ctx: int) -> None:
        self.folder, self.ctx = folder, ctx
        # a request keeps its number from run to run (its answer-N.json answers it alone); a
        # new one (a revision asked of other sentences) takes the next free number
        self.seen: dict[str, int] = {}
        for saved in folder.glob("request-*.json"):
            n = int(saved.stem.split("-")[1])
            self.seen[self._key(json.loads(saved.read_text())["messages"])] = n
        self.asked: set[str] = set()  # distinct requests of this run
        self.lock = threading.Lock()
        rec = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _send(self, status: int, body: dict | bytes, kind: str = "application/json"):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                if self.path.rstrip("/") == "/props":
                    self._send(200, {"default_generation_settings": {"n_ctx": rec.ctx}})
                elif self.path.rstrip("/") == "/v1/models":
                    self._send(200, {"object": "list", "data": [{"id": "strong"}]})
                else:
                    self._send(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                if not self.path.startswith("/v1/chat/completions"):
                    self._send(404, {"error": {"message": "not found"}})
                    return
                n = rec.save(body)
                answer = rec.folder / f"answer-{n}.json"
                if not answer.is_file():
                    self._send(503, {"error": {"message": f"no answer-{n}.json yet"}})
                    return
                reply = json.loads(answer.read_text())
                if not body.get("stream"):
                    self._send(200, reply)
                    return
                content = reply["choices"][0]["message"]["content"]
                pieces = [content[i:i + 200] for i in range(0, len(content), 200)]
                events = [{"choices": [{"index": 0, "delta": {"content": p},
                                        "finish_reason": None}]} for p in pieces]
                events.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
                data = b"".join(b"data: " + json.dumps({"id": "c", "object":
                                                        "chat.completion.chunk", "created": 0,
                                                        "model": "strong", **e}).encode()
                                + b"\n\n" for e in events) + b"data: [DONE]\n\n"
                self._send(200, data, "text/event-stream")

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @staticmethod
    def _key(messages: list) -> str:
        return hashlib.sha256(json.dumps(messages, sort_keys=True).encode()).hexdigest()

    def save(self, body: dict) -> int:
        key = self._key(body["messages"])
        with self.lock:
            self.asked.add(key)
            if key not in self.seen:
                self.seen[key] = max(self.seen.values(), default=0) + 1
                path = self.folder / f"request-{self.seen[key]}.json"
                path.write_text(json.dumps(body, indent=1, ensure_ascii=False))
            return self.seen[key]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"


def report(episode: dict) -> dict:
    kept = [s for seg in episode["segments"] for s in seg["sentences"]
            if s.get("provenance") == "drafted-verified"]
    replaced = [s for seg in episode["segments"] for s in seg["sentences"]
                if s.get("provenance", "").startswith("replaced")]
    dropped = episode.get("dropped", [])
    drafts = {s.get("draft") for s in replaced}  # one draft may stand in for several
    return {"writer": episode["writer"], "note": episode.get("writer_note", ""),
            "drafted": len(kept) + len(drafts) + len(dropped), "kept": len(kept),
            "replaced": len(drafts), "stand_ins": len(replaced), "dropped": len(dropped),
            "rejected": [{"draft": s.get("draft") or s["text"], "why": s["provenance"]}
                         for s in replaced + dropped if s.get("draft") in drafts
                         or s in dropped],
            "writer_notes": episode.get("writer_notes", [])}


def run(day: str, days: Path, ctx: int) -> dict:
    folder = RESULTS / day
    folder.mkdir(parents=True, exist_ok=True)
    rec = Recorder(folder, ctx)
    out = folder / "episode"
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=cache)
        env.pop("STUDIO_LLM_API_KEY", None)
        env.pop("OPENAI_API_KEY", None)
        r = subprocess.run([sys.executable, "-m", "studio", "-v", "script",
                            str(days / day / "day.json"), "-o", str(out), "--force", "--writer",
                            "llm", "--llm-base-url", rec.base_url, "--llm-model", "strong"],
                           capture_output=True, text=True, env=env, timeout=600)
    rec.httpd.shutdown()
    (folder / "studio.log").write_text(r.stdout + r.stderr)
    if r.returncode != 0:
        raise SystemExit(f"studio script failed: {r.stderr.strip().splitlines()[-1:]}")
    episode = json.loads((out / "episode.json").read_text())
    (folder / "script.txt").write_text(episode["transcript"] + "\n")
    # the same layout as the story writer's and the editors' scripts (bench_editorial.py), so a
    # blind judge cannot tell the writers apart by it
    layout = [f"TITLE: {episode['title']}", f"SUMMARY: {episode['summary']}", ""]
    for seg in episode["segments"]:
        layout += [f"[{seg['title']}]", seg["text"], ""]
    (folder / "llm.txt").write_text("\n".join(layout))
    result = report(episode) | {"requests": len(rec.asked)}
    (folder / "report.json").write_text(json.dumps(result, indent=1, ensure_ascii=False))
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("days", nargs="+", help="day folder names, e.g. tokio-2026-08-09")
    ap.add_argument("--ctx", type=int, default=131072, help="the context window /props says")
    ap.add_argument("--days-dir", type=Path, default=DAYS)
    args = ap.parse_args()
    for day in args.days:
        result = run(day, args.days_dir, args.ctx)
        print(f"{day}: {result['requests']} requests; writer {result['writer']}; "
              f"{result['drafted']} drafted, {result['kept']} kept, {result['replaced']} "
              f"replaced ({result['stand_ins']} stand-ins), {result['dropped']} dropped")
        if result["note"]:
            print(f"  note: {result['note']}")
        for x in result["rejected"]:
            print(f"  - {x['why']}\n      {x['draft']}")


if __name__ == "__main__":
    main()
