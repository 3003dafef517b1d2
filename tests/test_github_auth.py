"""Which token a pull uses, and where GitHub Enterprise tokens are kept."""

from __future__ import annotations

import keyring
import pytest
from keyring_file_backend import FileKeyring

from studio.plumbing.errors import StudioError
from studio.sources.github.auth import (
    Token,
    host_of,
    normalize_api_url,
    resolve_token,
    store_token,
)


@pytest.fixture
def file_keyring(tmp_path, monkeypatch):
    monkeypatch.setenv("STUDIO_TEST_KEYRING_FILE", str(tmp_path / "keyring.json"))
    monkeypatch.setenv("PATH", str(tmp_path))  # no `gh` to fall back on
    previous = keyring.get_keyring()
    keyring.set_keyring(FileKeyring())
    yield
    keyring.set_keyring(previous)


def test_environment_then_keyring_then_anonymous(file_keyring):
    assert resolve_token(None, env={}) == Token("", "anonymous")
    store_token("github.com", "ghp_fromKeyring")
    assert resolve_token(None, env={}).source == "keyring"
    assert resolve_token(None, env={"GH_TOKEN": "ghp_gh"}).source == "GH_TOKEN"
    both = resolve_token(None, env={"GH_TOKEN": "ghp_gh", "GITHUB_TOKEN": "ghp_env"})
    assert (both.source, both.value) == ("GITHUB_TOKEN", "ghp_env")
    # a token stored for github.com is not sent to an Enterprise host
    assert resolve_token("https://ghe.example.com/api/v3", env={}).source == "anonymous"


def test_token_value_stays_out_of_its_text_forms():
    token = Token("ghp_secret_value_123", "keyring")
    assert "ghp_secret" not in repr(token) + str(token) + token.identity
    assert token.identity != Token("ghp_other", "keyring").identity


def test_api_urls_and_hosts():
    assert host_of(None) == "github.com"
    assert host_of("https://api.github.com/") == "github.com"
    assert host_of("https://ghe.example.com/api/v3") == "ghe.example.com"
    assert host_of("http://127.0.0.1:8080/api/v3") == "127.0.0.1:8080"
    assert normalize_api_url("https://ghe.example.com/api/v3/") == "https://ghe.example.com/api/v3"
    for bad in ("ftp://x/api/v3", "ghe.example.com", "https://user:pw@ghe.example.com/api/v3"):
        with pytest.raises(StudioError):
            normalize_api_url(bad)
