"""Real web servers for the hosting tests: nginx (Debian's package) started on 127.0.0.1 with
the snippet `studio publish --to folder:` writes, and `studio serve` in a child process."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            pytest.fail(f"{what} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    pytest.fail(f"{what} did not listen on {port} in {timeout} s")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def nginx_binary() -> str:
    path = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx")
                                     else None)
    if not path:
        pytest.fail("nginx is not installed: run `make system` (Debian's nginx-light)")
    return path


def start_nginx(work: Path, locations: dict[str, Path], snippet: Path
                ) -> tuple[subprocess.Popen, int]:
    """nginx in the foreground serving each URL prefix of ``locations`` from its folder
    (``alias``), each ``location`` including the studio's ``snippet``."""
    port = free_port()
    (work / "tmp").mkdir(parents=True, exist_ok=True)
    blocks = "\n".join(f"    location {prefix} {{ alias {folder}/; include {snippet}; }}"
                       for prefix, folder in locations.items())
    user = "user root;" if os.geteuid() == 0 else ""  # workers read the test's 0700 folders
    conf = work / "nginx.conf"
    conf.write_text(f"""\
{user}
worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log warn;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {work}/tmp/body;
  proxy_temp_path {work}/tmp/proxy;
  fastcgi_temp_path {work}/tmp/fastcgi;
  server {{
    listen 127.0.0.1:{port};
{blocks}
  }}
}}
""", encoding="utf-8")
    proc = subprocess.Popen([nginx_binary(), "-p", str(work), "-e", str(work / "error.log"),
                             "-c", str(conf)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_port(port, proc, "nginx")
    return proc, port


def start_serve(show: Path) -> tuple[subprocess.Popen, int]:
    """`studio serve --show-dir SHOW` on a free port."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "studio", "serve", "--show-dir", str(show),
                             "--port", str(port)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    wait_for_port(port, proc, "studio serve")
    return proc, port
