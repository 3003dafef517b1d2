"""`studio doctor` as a user runs it: real tools found (or not) on a PATH the test builds, a
real sound server, the local GitHub stand-in for the token check."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from github_server import GitHubApiServer

from studio.doctor.audio_devices import alsa_devices
from studio.doctor.desktop import debian_package
from studio.doctor.voices import check_voices

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "ghp_doctorTOKEN0123456789abcdefABCDEF01"


def bin_dir(tmp: Path, *tools: str) -> Path:
    """A PATH folder holding symlinks to only ``tools`` (those this machine has)."""
    folder = tmp / "bin"
    folder.mkdir(exist_ok=True)
    for tool in tools:
        found = shutil.which(tool)
        if found:
            (folder / tool).symlink_to(found)
    return folder


def doctor(tmp: Path, *args: str, path: Path | None = None, token: str | None = None,
           extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # No token, and no sound server but the one a test names (the recording tests' session
    # daemon is announced through PULSE_SERVER in this process's environment).
    env = {k: v for k, v in os.environ.items()
           if k not in ("GITHUB_TOKEN", "GH_TOKEN") and not k.startswith("PULSE_")}
    env.update(PYTHONPATH=str(ROOT), HOME=str(tmp / "home"), GH_CONFIG_DIR=str(tmp / "gh"),
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
               PULSE_RUNTIME_PATH=str(tmp / "no-pulse"))
    if path is not None:
        env["PATH"] = str(path)
    if token:
        env["GITHUB_TOKEN"] = token
    env.update(extra_env or {})
    return subprocess.run([sys.executable, "-m", "studio", "doctor", *args], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=120)


def line_of(out: str, name: str) -> str:
    found = [line for line in out.splitlines() if line[6:].startswith(name + " ")]
    assert found, out
    return found[0]


def fix_after(out: str, name: str) -> str:
    lines = out.splitlines()
    i = lines.index(line_of(out, name))
    assert lines[i + 1].strip().startswith("fix: "), out
    return lines[i + 1].strip()[5:]


def test_without_ffmpeg_on_path_it_fails_with_the_install_command(tmp_path):
    result = doctor(tmp_path, "--offline", path=bin_dir(tmp_path, "espeak-ng", "pactl"))
    assert result.returncode == 1, result.stdout
    out = result.stdout
    assert line_of(out, "ffmpeg").startswith("FAIL") and "not on PATH" in line_of(out, "ffmpeg")
    assert fix_after(out, "ffmpeg").startswith("sudo apt-get install -y ffmpeg")
    assert line_of(out, "ffprobe").startswith("FAIL")
    assert line_of(out, "espeak-ng").startswith("ok")
    assert "not ready to produce: fix ffmpeg, ffprobe" in out
    assert "Traceback" not in result.stderr


def test_with_ffmpeg_on_path_it_names_the_versions_and_is_ready(tmp_path):
    tools = bin_dir(tmp_path, "ffmpeg", "ffprobe", "espeak-ng", "pactl")
    result = doctor(tmp_path, "--offline", path=tools)
    assert result.returncode == 0, result.stdout
    version = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True
                             ).stdout.split()[2]
    ffmpeg = line_of(result.stdout, "ffmpeg")
    assert ffmpeg.startswith("ok") and version in ffmpeg and "libmp3lame" in ffmpeg
    assert str(tools / "ffmpeg") in ffmpeg
    assert line_of(result.stdout, "voices").startswith("ok")
    assert "English" in line_of(result.stdout, "voices")
    assert result.stdout.rstrip().splitlines()[-1].startswith("ready to produce")
    # ffplay only plays sound in the app: missing, it warns and says what needs it
    ffplay = line_of(result.stdout, "ffplay")
    assert not ffplay.startswith(("ok", "FAIL")) and "plays takes" in ffplay, ffplay
    with_player = doctor(tmp_path, "--offline", path=bin_dir(tmp_path, "ffplay"))
    assert line_of(with_player.stdout, "ffplay").startswith("ok"), with_player.stdout


def test_a_speech_engine_that_does_not_answer_in_time_is_reported_not_waited_for():
    started = time.monotonic()
    check = check_voices(timeout=0.05)
    assert time.monotonic() - started < 10
    assert not check.ok and check.needed and "did not list its voices" in check.detail
    assert "espeak-ng" in check.fix


@pytest.fixture
def api():
    with GitHubApiServer(token=TOKEN) as server:
        yield server


def test_a_good_token_shows_the_rate_limit_left_and_never_itself(tmp_path, api):
    api.rate_remaining = 4321
    result = doctor(tmp_path, "--api-url", api.api_url, token=TOKEN)
    line = line_of(result.stdout, "GitHub token")
    assert line.startswith("ok") and "from GITHUB_TOKEN" in line and "4321 of 5000" in line
    assert TOKEN not in result.stdout + result.stderr
    assert [h.path for h in api.hits] == ["/rate_limit"]  # free: costs no rate limit


def test_a_rejected_token_fails_with_what_to_do(tmp_path, api):
    wrong = "ghp_wrongTOKEN000000000000000000000000000"
    result = doctor(tmp_path, "--api-url", api.api_url, "--json", token=wrong)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    check = next(c for c in data["checks"] if c["name"] == "GitHub token")
    assert not check["ok"] and check["needed"] and "rejected" in check["detail"]
    assert "new token" in check["fix"]
    assert not data["ready"] and wrong not in result.stdout + result.stderr


def test_no_token_is_a_warning_unless_the_show_pushes(tmp_path, api):
    result = doctor(tmp_path, "--api-url", api.api_url)
    assert line_of(result.stdout, "GitHub token").startswith("warn")
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text('title = "T"\nbase_url = "https://o.github.io/t/"\n'
                                    '[owner]\nemail = "a@b.org"\n[github]\nrepo = "o/t"\n')
    pushing = doctor(tmp_path, "--api-url", api.api_url, "--show-dir", str(show))
    assert line_of(pushing.stdout, "GitHub token").startswith("FAIL")
    assert "pushes the site to o/t" in pushing.stdout and pushing.returncode == 1


@pytest.mark.parametrize("text, needle", [
    ('title = "T"\nbase_url = "ftp://example.org/"\n', "base URL must be an absolute http"),
    ("title = [unclosed\n", "is not valid TOML"),
])
def test_a_broken_show_toml_fails_with_the_file_to_fix(tmp_path, text, needle):
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text(text)
    result = doctor(tmp_path, "--offline", "--show-dir", str(show))
    assert result.returncode == 1
    line = line_of(result.stdout, "show.toml")
    assert line.startswith("FAIL") and needle in line
    assert str(show / "show.toml") in fix_after(result.stdout, "show.toml")


def test_a_good_show_reports_its_feed_and_a_preview_base_url(tmp_path):
    show = tmp_path / "show"
    (show / "episodes" / "2026-02-09").mkdir(parents=True)
    (show / "show.toml").write_text('title = "Widgets Daily"\n[owner]\nemail = "a@b.org"\n')
    result = doctor(tmp_path, "--offline", "--show-dir", str(show))
    assert "1 episode folders" in line_of(result.stdout, "show folder")
    assert "http://localhost:8000/feed.xml" in line_of(result.stdout, "show.toml")
    assert line_of(result.stdout, "base URL").startswith("warn")
    assert "--base-url" in fix_after(result.stdout, "base URL")


@pytest.fixture
def sound_server(tmp_path):
    """A private PulseAudio with a virtual microphone and a null output."""
    if not shutil.which("pulseaudio") or not shutil.which("pactl"):
        pytest.fail("pulseaudio and pactl are needed (make test installs them)")
    runtime = tmp_path / "pulse"
    env = dict(os.environ, PULSE_RUNTIME_PATH=str(runtime), HOME=str(tmp_path))
    proc = subprocess.Popen(
        ["pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "-n", "--use-pid-file=no",
         "--load=module-native-protocol-unix", "--load=module-null-sink sink_name=studio_out",
         f"--load=module-pipe-source source_name=virtual_mic file={tmp_path / 'mic.fifo'} "
         "format=s16le rate=44100 channels=1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if subprocess.run(["pactl", "info"], env=env, capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
        yield runtime
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


def test_sound_devices_come_from_the_sound_server(tmp_path, sound_server):
    result = doctor(tmp_path, "--offline", extra_env={"PULSE_RUNTIME_PATH": str(sound_server)})
    inputs = line_of(result.stdout, "audio input")
    assert inputs.startswith("ok") and "virtual_mic" in inputs and ".monitor" not in inputs
    assert "studio_out" in line_of(result.stdout, "audio output")


def test_without_a_sound_server_devices_are_a_warning_with_a_fix(tmp_path):
    result = doctor(tmp_path, "--offline")  # PULSE_RUNTIME_PATH points at no server
    line = line_of(result.stdout, "audio input")
    if Path("/proc/asound/pcm").exists():
        assert line.startswith("ok") and "ALSA" in line
    else:
        assert line.startswith("warn") and "sound server" in fix_after(result.stdout,
                                                                       "audio input")


def test_alsa_pcm_list_is_read_by_direction(tmp_path):
    (tmp_path / "pcm").write_text(
        "00-00: ALC892 Analog : ALC892 Analog : playback 1 : capture 1\n"
        "00-01: ALC892 Digital : ALC892 Digital : playback 1\n"
        "01-03: HDMI 0 : HDMI 0 : playback 1\n")
    assert alsa_devices("capture", tmp_path) == ["00-00 ALC892 Analog"]
    assert len(alsa_devices("playback", tmp_path)) == 3
    assert alsa_devices("capture", tmp_path / "absent") is None


def test_without_the_espeak_command_narration_still_counts_on_the_library(tmp_path):
    result = doctor(tmp_path, "--offline", path=bin_dir(tmp_path, "ffmpeg", "ffprobe"))
    assert line_of(result.stdout, "espeak-ng").startswith("warn")
    assert line_of(result.stdout, "voices").startswith("ok")  # pyttsx3 loads libespeak-ng
    assert result.returncode == 0, result.stdout


def test_the_voice_produce_is_told_to_use_is_checked(tmp_path):
    good = doctor(tmp_path, "--offline", "--voice", "gmw/en-us")
    assert line_of(good.stdout, "voices").startswith("ok") and "gmw/en-us is there" in good.stdout
    bad = doctor(tmp_path, "--offline", "--voice", "no/such-voice")
    assert bad.returncode == 1 and line_of(bad.stdout, "voices").startswith("FAIL")
    assert "gmw/en" in fix_after(bad.stdout, "voices")  # names voices that exist


def test_the_desktop_app_qt_is_checked_in_a_child_process(tmp_path):
    import PySide6

    result = doctor(tmp_path, "--offline")
    line = line_of(result.stdout, "desktop app")
    assert f"PySide6 {PySide6.__version__}: Qt widgets and multimedia load" in line
    if line.startswith("warn"):  # Qt loads, but this machine lacks X11 libraries of Qt's xcb
        assert "xcb plugin lacks" in line
        assert re.match(r"sudo apt-get install -y libxcb", fix_after(result.stdout, "desktop app"))
    else:
        assert line.startswith("ok")


def test_missing_libraries_are_named_by_their_debian_package():
    assert debian_package("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert debian_package("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert debian_package("libEGL.so.1") == "libegl1"
    assert debian_package("not-a-library") == ""


def test_the_doctor_imports_no_qt():
    code = ("import sys; from studio.doctor import DoctorOptions, run_checks; "
            "run_checks(DoctorOptions(offline=True)); "
            "print(sorted(m for m in sys.modules if m.startswith('PySide6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stdout + out.stderr


def test_a_show_with_a_model_writer_reports_what_its_server_supports(tmp_path):
    """llama-cpp-python's server lists its model but answers a JSON schema with a 500: doctor
    says so, with the server's message, and that the other ways work."""
    import sys as _sys

    _sys.path.insert(0, str(Path(__file__).parent))
    from llm_server import ChatServer, Reply

    show = tmp_path / "show"
    show.mkdir()
    with ChatServer(models=("gemma",)) as server:
        (show / "show.toml").write_text(
            f'title = "W"\n[owner]\nemail = "a@b.org"\n[writer]\nkind = "llm"\n'
            f'base_url = "{server.base_url}"\nmodel = "gemma"\n')
        ok = Reply('{"ok": true}')
        server.script(Reply(status=500, content="Input should be 'text' or 'json_object'"),
                      ok, ok, ok, ok)
        result = doctor(tmp_path, "--offline", "--show-dir", str(show))
    line = line_of(result.stdout, "language-model writer")
    assert line.startswith("ok") and "JSON schema no (500: Input should be 'text'" in line, line
    assert "json_object with a schema yes, json_object yes, no format yes, streaming yes" in line
