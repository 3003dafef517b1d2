"""`studio pull --github` and `studio auth` as a user runs them: the token is used but never
shown or stored by the studio, failures are one line, and a failed pull keeps the old file."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from github_history import pytorch_history, serving
from github_server import GitHubApiServer

TOKEN = "ghp_cliTOKEN0123456789abcdefABCDEF012345"
DAY = dt.date(2026, 2, 9)
TESTS = Path(__file__).parent


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return pytorch_history(tmp_path_factory.mktemp("hist") / "pt.git", DAY, count=30)


@pytest.fixture
def server(history):
    with serving(history, TOKEN, "pytorch/pytorch", merged=False, private=True) as srv:
        yield srv


def run(args: list[str], tmp: Path, token: str | None = None, keyring_file: Path | None = None,
        stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
    env.update(STUDIO_CACHE_DIR=str(tmp / "cache"), HOME=str(tmp / "home"),
               XDG_CACHE_HOME=str(tmp / "xdg"), GH_CONFIG_DIR=str(tmp / "gh"))
    if token:
        env["GITHUB_TOKEN"] = token
    if keyring_file is not None:
        env["PYTHON_KEYRING_BACKEND"] = "keyring_file_backend.FileKeyring"
        env["STUDIO_TEST_KEYRING_FILE"] = str(keyring_file)
        env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
    else:
        env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.null.Keyring"
    return subprocess.run([sys.executable, "-m", "studio", *args], input=stdin, text=True,
                          capture_output=True, env=env, timeout=60, cwd=tmp)


def pull_args(server: GitHubApiServer, out: Path, *extra: str) -> list[str]:
    return ["pull", "--github", "pytorch/pytorch", "--date", DAY.isoformat(),
            "--api-url", server.api_url, "-o", str(out), *extra]


def files_under(path: Path) -> list[Path]:
    return [p for p in path.rglob("*") if p.is_file()]


def test_pull_uses_the_token_and_writes_it_nowhere(tmp_path, server):
    out = tmp_path / "day.json"
    result = run(["-v", *pull_args(server, out)], tmp_path, token=TOKEN)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("30 commits on pytorch/pytorch main for 2026-02-09 (")
    assert all(h.authorization == f"token {TOKEN}" for h in server.hits)
    day = json.loads(out.read_text())
    # every bot-landed commit but the two reverts landed a pull request
    assert day["source"] == "github" and day["merged_prs"] == 28 and len(day["commits"]) == 30
    cache_files = files_under(tmp_path / "cache")
    assert cache_files  # the ETag cache was written ...
    for path in [out, *cache_files]:  # ... and neither it nor the day holds the token
        assert TOKEN not in path.read_text(encoding="utf-8"), path
    assert TOKEN not in result.stdout + result.stderr


def test_failed_pull_is_one_line_and_keeps_the_previous_day_file(tmp_path, server):
    out = tmp_path / "day.json"
    out.write_text('{"previous": true}\n')
    wrong = "ghp_WRONG" + "z" * 30
    result = run(pull_args(server, out), tmp_path, token=wrong)
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("studio: error")]
    assert errors == result.stderr.splitlines()[-1:] == [
        "studio: error: GitHub rejected the token from GITHUB_TOKEN (401 bad credentials): "
        "renew it, or sign in again with `studio auth login`"]
    assert "Traceback" not in result.stderr
    assert out.read_text() == '{"previous": true}\n'
    assert wrong not in result.stdout + result.stderr


def test_auth_login_status_logout_round_trip(tmp_path, server):
    keyring_file = tmp_path / "keyring.json"
    api = ["--api-url", server.api_url]
    host = server.api_url.split("/")[2]

    status = run(["auth", "status", *api], tmp_path, keyring_file=keyring_file)
    assert status.returncode == 0 and "anonymous" in status.stdout
    # Anonymous cannot see the private repository.
    out = tmp_path / "day.json"
    denied = run(pull_args(server, out), tmp_path, keyring_file=keyring_file)
    assert denied.returncode == 1 and "sign in with `studio auth login`" in denied.stderr

    login = run(["auth", "login", *api], tmp_path, keyring_file=keyring_file,
                stdin=TOKEN + "\n")
    assert login.returncode == 0 and login.stdout.strip() == (
        f"token stored in the OS keyring for {host}")
    assert TOKEN not in login.stdout + login.stderr
    status = run(["auth", "status", "--check", *api], tmp_path, keyring_file=keyring_file)
    assert status.stdout.splitlines()[0] == f"{host}: using the token from keyring"
    assert status.stdout.splitlines()[1].startswith(
        f"GitHub accepts it: {server.rate_remaining} of 5000 requests left until ")

    # The stored token is what a pull now uses.
    pulled = run(pull_args(server, out), tmp_path, keyring_file=keyring_file)
    assert pulled.returncode == 0, pulled.stderr
    assert server.hits[-1].authorization == f"token {TOKEN}"
    # The environment wins over the keyring; --check says when GitHub rejects a token.
    env_status = run(["auth", "status", "--check", *api], tmp_path, token="ghp_env",
                     keyring_file=keyring_file)
    assert "GITHUB_TOKEN" in env_status.stdout and env_status.returncode == 1
    assert env_status.stderr.strip() == ("studio: error: GitHub rejected the token from "
                                         "GITHUB_TOKEN (401 bad credentials): renew it, or "
                                         "sign in again with `studio auth login`")

    logout = run(["auth", "logout", *api], tmp_path, keyring_file=keyring_file)
    assert logout.returncode == 0 and "removed" in logout.stdout
    assert json.loads(keyring_file.read_text()) == {}
    again = run(["auth", "logout", *api], tmp_path, keyring_file=keyring_file)
    assert again.stdout.startswith("no token stored")
    status = run(["auth", "status", *api], tmp_path, keyring_file=keyring_file)
    assert "anonymous" in status.stdout


def test_auth_login_refuses_an_empty_token(tmp_path):
    keyring_file = tmp_path / "keyring.json"
    result = run(["auth", "login"], tmp_path, keyring_file=keyring_file, stdin="\n")
    assert result.returncode == 1
    assert result.stderr.startswith("studio: error: that does not look like a token")
    assert not keyring_file.exists()


def test_auth_login_without_a_usable_keyring_says_what_to_do(tmp_path):
    result = run(["auth", "login"], tmp_path, stdin=TOKEN + "\n")  # the null keyring
    assert result.returncode == 1
    assert "set GITHUB_TOKEN" in result.stderr and TOKEN not in result.stderr


def test_produce_from_github_writes_the_episode(tmp_path, server):
    show = tmp_path / "show"
    result = run(["produce", "--github", "pytorch/pytorch", "--date", DAY.isoformat(),
                  "--api-url", server.api_url, "--show-dir", str(show), "-q"], tmp_path,
                 token=TOKEN)
    assert result.returncode == 0, result.stderr
    folder = show / "episodes" / DAY.isoformat()
    day = json.loads((folder / "day.json").read_text())
    assert day["source"] == "github" and len(day["commits"]) == 30
    assert (folder / "episode.json").is_file()
    for path in files_under(tmp_path / "show"):
        assert TOKEN not in path.read_text(encoding="utf-8", errors="replace"), path


def test_a_pull_without_graphql_says_so_on_stderr(tmp_path, server):
    server.graphql_enabled = False  # an old GitHub Enterprise
    out = tmp_path / "day.json"
    result = run(pull_args(server, out), tmp_path, token=TOKEN)
    assert result.returncode == 0, result.stderr
    notes = [ln for ln in result.stderr.splitlines() if ln.startswith("note: ")]
    assert len(notes) == 1 and "GraphQL" in notes[0] and "REST" in notes[0]
    assert TOKEN not in result.stderr + result.stdout
    assert json.loads(out.read_text())["notes"] == [notes[0].removeprefix("note: ")]
