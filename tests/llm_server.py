"""A local chat-completions server (the OpenAI-compatible API) answering from a script.

Each request takes the next :class:`Reply` from the queue (the ``default`` one when the queue
is empty): a draft's text, streamed as server-sent events when the request asks for a stream,
or an HTTP error with headers, a hang, a stream cut off half-way, or raw bytes. Every request
body is kept in ``requests`` for the test to inspect.

As llama-server does, it can advertise its context window (``GET /props``: ``n_ctx``) and
reject a prompt longer than ``context_limit`` tokens with llama-server's own 400; as Ollama
does, answer ``POST /api/show`` (``ollama_ctx``). Those asks are kept in ``probes``. Tokens
are counted as characters / 3: more than the writer's estimate, as a real tokenizer may.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Reply:
    content: str = ""
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    hang: float = 0.0  # seconds to wait before answering anything
    truncate: bool = False  # a stream that stops half-way, without finish_reason or [DONE]
    raw: bytes | None = None  # the body as is (status and headers still apply)
    reject_schema: bool = False  # 400 when the request carries response_format
    pace: float = 0.0  # seconds between streamed chunks (a model writing as it thinks)
    repeat: str = ""  # streamed after ``content`` again and again until the client hangs up


def completion(content: str, model: str = "m") -> dict:
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def chunk(piece: str | None, finish: str | None = None, model: str = "m") -> bytes:
    delta = {"content": piece} if piece is not None else {}
    data = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return b"data: " + json.dumps(data).encode() + b"\n\n"


class ChatServer:
    def __init__(self, default: Reply | None = None, models: tuple[str, ...] = ("m",),
                 key: str = "", models_hang: float = 0.0, n_ctx: int | None = None,
                 context_limit: int | None = None, ollama_ctx: int | None = None,
                 respond=None, num_ctx: int | None = None) -> None:
        self.num_ctx = num_ctx  # the Modelfile's num_ctx in /api/show's parameters, if set
        self.respond = respond  # body -> content: the answer when nothing is scripted
        self.n_ctx = n_ctx  # what GET /props advertises (None: 404, not llama-server)
        self.context_limit = context_limit  # longer prompts: llama-server's 400
        self.ollama_ctx = ollama_ctx  # what POST /api/show says (None: 404, not Ollama)
        self.probes: list[dict] = []
        self.models = list(models)  # what GET /v1/models lists
        self.key = key  # when set, a request without "Bearer KEY" is answered 401
        self.models_hang = models_hang
        self.queue: list[Reply] = []
        self.default = default or Reply(status=500, content="no reply scripted")
        self.requests: list[dict] = []
        self.streamed = 0  # chunks of ``Reply.repeat`` sent
        self.hung_up: list[float] = []  # seconds into a hang when the client closed
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                if self.path == "/api/tags" and server.ollama_ctx is not None:
                    with server.lock:
                        server.probes.append({"path": self.path, "body": None})
                    server.send(self, 200, {"models": [{"name": m, "model": m}
                                                       for m in server.models]})
                    return
                if self.path.rstrip("/") == "/props":
                    with server.lock:
                        server.probes.append({"path": self.path, "body": None})
                    if server.n_ctx is None:
                        server.send(self, 404, {"error": {"message": "File Not Found"}})
                    else:
                        server.send(self, 200, {"default_generation_settings": {
                            "n_ctx": server.n_ctx}, "model_path": "/models/m.gguf"})
                    return
                with server.lock:
                    server.requests.append({"path": self.path, "body": None,
                                            "auth": self.headers.get("Authorization", "")})
                if server.models_hang:
                    time.sleep(server.models_hang)
                if self.path.rstrip("/") != "/v1/models":
                    server.send(self, 404, {"error": {"message": "not found"}})
                elif server.key and self.headers.get("Authorization") != f"Bearer {server.key}":
                    server.send(self, 401, {"error": {"message": "invalid api key",
                                                      "type": "invalid_request_error"}})
                else:
                    server.send(self, 200, {"object": "list", "data": [
                        {"id": m, "object": "model", "created": 0, "owned_by": "test"}
                        for m in server.models]})

            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.startswith("/v1/chat/completions"):
                    with server.lock:
                        server.probes.append({"path": self.path, "body": body})
                    if self.path == "/api/show" and server.ollama_ctx is not None:
                        params = f"num_ctx {server.num_ctx}" if server.num_ctx else ""
                        server.send(self, 200, {"parameters": params, "model_info": {
                            "general.architecture": "qwen2",
                            "qwen2.context_length": server.ollama_ctx}})
                    else:
                        server.send(self, 404, {"error": {"message": "not found"}})
                    return
                tokens = sum(len(m.get("content", "")) for m in body.get("messages", [])) // 3
                if server.context_limit is not None and tokens > server.context_limit:
                    with server.lock:
                        server.requests.append({"path": self.path, "body": body,
                                                "auth": "", "rejected": tokens})
                    server.send(self, 400, {"error": {
                        "code": 400, "type": "exceed_context_size_error",
                        "message": "the request exceeds the available context size, try "
                                   "increasing it", "n_prompt_tokens": tokens,
                        "n_ctx": server.context_limit}})
                    return
                with server.lock:
                    server.requests.append({"path": self.path, "body": body,
                                            "auth": self.headers.get("Authorization", "")})
                    reply = server.queue.pop(0) if server.queue else (
                        Reply(server.respond(body)) if server.respond else server.default)
                server.answer(self, reply, body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    @staticmethod
    def send(h: BaseHTTPRequestHandler, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        h.send_response(status)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    def script(self, *replies: Reply) -> None:
        with self.lock:
            self.queue = list(replies)
            self.requests = []
            self.hung_up = []
            self.streamed = 0
            self.probes = []

    def _wait(self, h: BaseHTTPRequestHandler, seconds: float) -> bool:
        """Compute for ``seconds``, as a model does, noting in ``hung_up`` how long after the
        request the client closed the connection (a server can see that, and stop)."""
        started = time.monotonic()
        while (left := started + seconds - time.monotonic()) > 0:
            ready, _, _ = select.select([h.connection], [], [], min(0.05, left))
            if ready:
                try:
                    closed = h.connection.recv(1, socket.MSG_PEEK) == b""
                except OSError:
                    closed = True
                if closed:
                    with self.lock:
                        self.hung_up.append(time.monotonic() - started)
                    return True
        return False

    def answer(self, h: BaseHTTPRequestHandler, reply: Reply, body: dict) -> None:
        if reply.hang and self._wait(h, reply.hang):
            h.close_connection = True  # the client gave up: nothing to answer
            return
        if reply.reject_schema and "response_format" in body:
            reply = Reply(status=400, content='{"error": {"message": "response_format not '
                                              'supported", "type": "invalid_request_error"}}')
        model = str(body.get("model", "m"))
        if reply.status != 200 or reply.raw is not None:
            data = reply.raw if reply.raw is not None else (
                reply.content.encode() if reply.content.startswith("{")
                else json.dumps({"error": {"message": reply.content or "error",
                                           "type": "server_error"}}).encode())
            h.send_response(reply.status)
            if "Content-Type" not in reply.headers:
                h.send_header("Content-Type", "application/json")
            for k, v in reply.headers.items():
                h.send_header(k, v)
            h.send_header("Content-Length", str(len(data)))
            h.end_headers()
            h.wfile.write(data)
            return
        if not body.get("stream"):
            data = json.dumps(completion(reply.content, model)).encode()
            h.send_response(200)
            h.send_header("Content-Type", "application/json")
            h.send_header("Content-Length", str(len(data)))
            h.end_headers()
            h.wfile.write(data)
            return
        h.send_response(200)
        h.send_header("Content-Type", "text/event-stream")
        h.send_header("Connection", "close")
        h.end_headers()
        text = reply.content
        pieces = [text[i:i + 40] for i in range(0, len(text), 40)] or [""]
        if reply.truncate:
            pieces = pieces[: max(1, len(pieces) // 2)]
        try:
            for piece in pieces:
                h.wfile.write(chunk(piece, model=model))
                h.wfile.flush()
                if reply.pace:
                    time.sleep(reply.pace)
            until = time.monotonic() + 120
            while reply.repeat and time.monotonic() < until:  # a model in a loop
                h.wfile.write(chunk(reply.repeat, model=model))
                h.wfile.flush()
                with self.lock:
                    self.streamed += 1
                time.sleep(reply.pace or 0.002)
            if not reply.truncate:
                h.wfile.write(chunk(None, "stop", model))
                h.wfile.write(b"data: [DONE]\n\n")
            h.wfile.flush()
        except OSError:
            pass
        h.close_connection = True

    def __enter__(self) -> ChatServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
