"""Known secrets never leave the process, whatever echoes them: a local server that answers
every request with an error whose body repeats the request's headers (as a misconfigured
proxy or S3-compatible service does) stands in for the GitHub API (PyGithub pointed at it)
and for S3 (boto3's endpoint_url); `studio publish` prints one line without the GitHub
token, the AWS key id, secret or session token, in its errors and in its -v log. Children
(the speech workers of a produce) get an environment without them."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from gitrepo import RepoBuilder, at
from show_fixtures import show_copy

from studio.publish.site import publish_show

ROOT = Path(__file__).resolve().parent.parent
FAULTS = Path(__file__).resolve().parent / "faults"
DATES = ["2026-02-07"]
GITHUB_TOKEN = "ghp_Echo1Echo2Echo3Echo4Echo5Echo6Echo7"
KEYS = {"AWS_ACCESS_KEY_ID": "AKIAECHOEXAMPLE12345",
        "AWS_SECRET_ACCESS_KEY": "s3cr3t/Echo+Secret+Never+Printed",
        "AWS_SESSION_TOKEN": "FwoGZXIvYXdzEchoSessionToken//never/printed+"}
SECRETS = [GITHUB_TOKEN, *KEYS.values()]


class Echo(http.server.BaseHTTPRequestHandler):
    """Every request: an error that repeats the request's headers in its body."""

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        # the credentials first, so that they fall inside what a client quotes of the body
        items = sorted(self.headers.items(), key=lambda kv: kv[0].lower() not in
                       ("authorization", "x-amz-security-token"))
        headers = "; ".join(f"{k}: {v}" for k, v in items)
        if "amz" in headers.lower():
            body = (f"<?xml version='1.0' encoding='UTF-8'?><Error><Code>AccessDenied</Code>"
                    f"<Message>denied for {headers}</Message></Error>").encode()
            kind, status = "application/xml", 403
        else:
            body = json.dumps({"message": f"proxy failure for {headers}"}).encode()
            kind, status = "application/json", 502
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_PUT = do_POST = do_PATCH = do_HEAD = _answer

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


@pytest.fixture
def echo():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def env(tmp: Path) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "GH_", "GITHUB_"))}
    out.update(PYTHONPATH=str(ROOT), HOME=str(tmp / "home"), GITHUB_TOKEN=GITHUB_TOKEN,
               AWS_EC2_METADATA_DISABLED="true", AWS_CONFIG_FILE=str(tmp / "no-config"),
               AWS_SHARED_CREDENTIALS_FILE=str(tmp / "no-credentials"),
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring", **KEYS)
    return out


def publish(tmp: Path, show: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "studio", "-v", "publish", "--show-dir",
                           str(show), *args], capture_output=True, text=True, env=env(tmp),
                          timeout=120)


def no_secret(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 1, (result.returncode, result.stderr)
    text = result.stdout + result.stderr
    for secret in SECRETS:
        assert secret not in text
    assert "AKIAECHO" not in text and "Echo1Echo2" not in text  # nor any part of them
    error = [line for line in result.stderr.splitlines() if line.startswith("studio: error:")]
    assert len(error) == 1 and "Traceback" not in text, result.stderr
    for word in words:
        assert word in error[0], error[0]


@pytest.fixture
def show(tmp_path, tmp_path_factory, echo) -> Path:
    folder = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(folder, "https://octo.github.io/widgets-site/")
    text = (folder / "show.toml").read_text()
    text = text.replace('repo = ""', 'repo = "octo/widgets-site"')
    text = text.replace('api_url = ""', f'api_url = "{echo}/api/v3"')
    text = text.replace('[s3]\nendpoint_url = ""\nregion = ""',
                        f'[s3]\nendpoint_url = "{echo}"\nregion = "us-east-1"')
    (folder / "show.toml").write_text(text)
    return folder


def test_a_github_error_that_echoes_the_token(show, tmp_path):
    no_secret(publish(tmp_path, show, "--push"), "HTTP 502", "[redacted]")


def test_an_s3_error_that_echoes_the_keys(show, tmp_path):
    no_secret(publish(tmp_path, show, "--to", "s3://podcasts/widgets"), "AccessDenied",
              "[redacted]")


def test_children_get_no_tokens(tmp_path):
    repo = tmp_path / "repo"
    with RepoBuilder(repo) as r:
        r.commit("Speed up the widget cache (#101)", at("2026-02-09", 6), "Ada", "ada@ex.com",
                 files={"a.py": "x\n"})
    dumps = tmp_path / "envs"
    dumps.mkdir()
    full = env(tmp_path)
    full.update(PYTHONPATH=os.pathsep.join([str(FAULTS), str(ROOT)]),
                STUDIO_ENV_DUMP=str(dumps))
    run = subprocess.run([sys.executable, "-m", "studio", "produce", "--git", str(repo),
                          "--date", "2026-02-09", "--show-dir", str(tmp_path / "show"), "-q"],
                         capture_output=True, text=True, env=full, timeout=300)
    assert run.returncode == 0, run.stderr
    names = {p.name: set(p.read_text().split()) for p in dumps.iterdir()}
    studio_pid = [n for n, v in names.items() if "GITHUB_TOKEN" in v]
    assert len(studio_pid) == 1  # studio itself had the token (its own dump)...
    children = [v for n, v in names.items() if n not in studio_pid]
    assert children, "no speech worker started"
    for child in children:  # ...and none of its Python children got it, nor AWS's keys
        assert not child & {"GITHUB_TOKEN", *KEYS}, child & {"GITHUB_TOKEN", *KEYS}
