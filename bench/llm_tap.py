"""A tap between the LLM writer and a model server: every chat-completions request is passed
on unchanged and the model's answer kept, so the sentences a model drafted can be read
whatever the fact lock and the fallbacks later made of them (a corpus of drafted sentences to
label by hand). Answers pass back as they come, a stream piece by piece; the tap is for
benches on this machine, never for a show.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def drafted_sentences(content: str) -> list[dict]:
    """The sentences (text and commits) of a draft answer in the writer's JSON shape; none
    for an answer that is not one (a revision, or text that is no JSON)."""
    try:
        data = json.loads(content)
    except ValueError:
        return []
    if not isinstance(data, dict) or not isinstance(data.get("segments"), list):
        return []
    out = []
    for seg in data["segments"]:
        for s in (seg.get("sentences") or []) if isinstance(seg, dict) else []:
            if isinstance(s, dict) and isinstance(s.get("text"), str):
                commits = s.get("commits") if isinstance(s.get("commits"), list) else []
                out.append({"text": s["text"], "commits": [str(c) for c in commits]})
    return out


def _content(data: bytes) -> str | None:
    """The message an answer carries: a whole body's, or a stream's deltas joined."""
    try:
        return json.loads(data)["choices"][0]["message"]["content"] or ""
    except (ValueError, KeyError, IndexError, TypeError):
        pass
    parts = []
    for line in data.decode("utf-8", "replace").splitlines():
        if not line.startswith("data:") or line.strip() == "data: [DONE]":
            continue
        try:
            parts.append(json.loads(line[5:])["choices"][0]["delta"].get("content") or "")
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            continue
    return "".join(parts) if parts else None


class Tap:
    """Listens on 127.0.0.1 and forwards to ``upstream`` (a base URL ending in /v1)."""

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/")
        self.answers: list[str] = []  # the message content of every answer, in order
        self.lock = threading.Lock()
        tap = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _relay(self, body: bytes | None) -> None:
                """Pass the request on and the answer back as it comes (a stream piece by
                piece, so the writer can stop a runaway as it would without the tap)."""
                url = tap.upstream + self.path.removeprefix("/v1")
                req = urllib.request.Request(url, data=body, method=self.command,
                                             headers={"Content-Type": "application/json"})
                try:
                    r = urllib.request.urlopen(req, timeout=3600)  # noqa: S310 - loopback
                except urllib.error.HTTPError as exc:
                    r = exc
                except OSError as exc:
                    self._whole(502, json.dumps({"error": {"message": str(exc)}}).encode())
                    return
                with r:
                    status = getattr(r, "status", None) or r.code
                    kind = r.headers.get("Content-Type", "application/json")
                    got = b""
                    try:
                        self.send_response(status)
                        self.send_header("Content-Type", kind)
                        self.send_header("Connection", "close")
                        self.end_headers()
                        self.close_connection = True
                        while piece := r.read1(65536) if hasattr(r, "read1") else r.read():
                            got += piece
                            self.wfile.write(piece)
                            self.wfile.flush()
                    except OSError:  # the writer hung up (a runaway stopped): keep what came
                        pass
                if status == 200 and body:
                    content = _content(got)
                    if content is not None:
                        with tap.lock:
                            tap.answers.append(content)

            def _whole(self, status: int, data: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                self._relay(None)

            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                self._relay(self.rfile.read(int(self.headers.get("Content-Length") or 0)))

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def take(self) -> list[str]:
        """The answers since the last call."""
        with self.lock:
            out, self.answers = self.answers, []
        return out

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
