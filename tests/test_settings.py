"""Settings survive corrupt files; the GitHub token goes to the keyring, shown only masked."""

from __future__ import annotations

import json

import pytest

from studio import credentials
from studio.settings import Settings, load_settings, remember, save_settings


def test_round_trip(tmp_path):
    s = Settings(voice="en-gb", rate=180, loudness_target=-19.0, show_dir="/tmp/show")
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == s


@pytest.mark.parametrize("garbage", [b"{not json", b"\xff\xfe\x00", b"", b"[1, 2]"])
def test_corrupt_file_gives_defaults_and_is_set_aside(tmp_path, garbage):
    (tmp_path / "settings.json").write_bytes(garbage)
    assert load_settings(tmp_path) == Settings()
    if garbage != b"[1, 2]":
        assert (tmp_path / "settings.json.bad").read_bytes() == garbage
    save_settings(Settings(rate=200), tmp_path)
    assert load_settings(tmp_path).rate == 200


def test_wrong_types_fall_back_one_field_at_a_time(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({
        "voice": "en-gb", "rate": "fast", "loudness_target": -99, "recent_repos": ["a", 3, "b"],
        "unknown": True, "tz": None}))
    s = load_settings(tmp_path)
    assert s.voice == "en-gb" and s.rate == Settings().rate
    assert s.loudness_target == -30.0  # clamped into range
    assert s.recent_repos == ["a", "b"] and s.tz == "UTC"


def test_recent_lists_move_to_front_and_stay_short():
    items = [f"r{i}" for i in range(10)]
    assert remember(items, "r5")[:2] == ["r5", "r0"]
    assert len(remember(items, "new")) == 10


@pytest.fixture
def file_keyring(tmp_path):
    import keyring
    from keyrings.alt.file import PlaintextKeyring

    before = keyring.get_keyring()
    ring = PlaintextKeyring()
    ring.file_path = str(tmp_path / "keyring.cfg")
    keyring.set_keyring(ring)
    yield tmp_path / "keyring.cfg"
    keyring.set_keyring(before)


def test_token_is_stored_and_only_shown_masked(file_keyring):
    token = "ghp_" + "x" * 30 + "WXYZ"
    credentials.store_token(token)
    assert credentials.stored_token() == token
    shown = credentials.masked(credentials.stored_token())
    assert shown.endswith("WXYZ") and token not in shown and len(shown) < 16
    credentials.clear_token()
    assert credentials.stored_token() == ""


def test_bad_token_and_missing_keyring_are_one_line_errors(tmp_path):
    import keyring
    from keyring.backends.fail import Keyring as NoKeyring

    with pytest.raises(Exception, match="does not look like a token"):
        credentials.store_token("two words")
    before = keyring.get_keyring()
    keyring.set_keyring(NoKeyring())
    try:
        with pytest.raises(Exception, match="GITHUB_TOKEN"):
            credentials.store_token("ghp_abcdefghijklmnop")
        assert credentials.stored_token() == ""
    finally:
        keyring.set_keyring(before)
