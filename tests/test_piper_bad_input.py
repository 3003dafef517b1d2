"""Bad Piper input through the real `studio render`: a missing or corrupt model, a JSON that
does not fit its model, a worker killed mid-episode, text Piper cannot phonemize. Each is one
line naming the segment and the fix; the takes made before stay; no half-written take."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from audio_fixtures import write_episode
from crash_kit import default_signals
from piper_procs import piper_workers_of

from studio.narration.piper_voices import find_piper_voice

ROOT = Path(__file__).resolve().parent.parent
SEGMENTS = [
    ("intro", "Intro", "Hello and welcome to a short episode.", []),
    ("news", "News", "The cache is faster now. The tests pass again.", []),
]


def render(folder: Path, *args: str, wait: bool = True, verbose: bool = False):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "studio", *(["-v"] if verbose else []), "render", str(folder),
           "--no-sting", *([] if verbose else ["-q"]), *args]
    if not wait:
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env)
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)


def one_line(r, *needles: str) -> str:
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("studio: error: "), r.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def state(folder: Path) -> dict[str, bytes]:
    """What a failed render must leave as it was: the episode, its takes, its export."""
    files = {p.relative_to(folder).as_posix(): p.read_bytes()
             for p in sorted(folder.rglob("*")) if p.is_file() and ".lock" not in p.name}
    assert not [name for name in files if name.endswith(".part")]
    return files


@pytest.fixture
def rendered(tmp_path) -> Path:
    """An episode rendered once with pyttsx3: the earlier takes a failure must keep."""
    folder = write_episode(tmp_path / "ep", SEGMENTS)
    r = render(folder)
    assert r.returncode == 0, r.stderr
    return folder


def voice_pair(folder: Path, name: str, model: bytes | None, config: dict | str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    onnx = folder / f"{name}.onnx"
    if model is not None:
        onnx.write_bytes(model)
    text = config if isinstance(config, str) else json.dumps(config)
    (folder / f"{name}.onnx.json").write_text(text)
    return onnx


def real_config() -> dict:
    return json.loads(find_piper_voice("").config.read_text())


def test_a_missing_model(rendered, tmp_path):
    before = state(rendered)
    line = one_line(render(rendered, "--voice", f"piper:{tmp_path / 'gone.onnx'}"),
                    "segment 'intro'", "gone.onnx is missing", "pip install")
    assert "Traceback" not in line
    assert state(rendered) == before


def test_a_corrupt_model(rendered, tmp_path):
    before = state(rendered)
    good = find_piper_voice("").model.read_bytes()
    onnx = voice_pair(tmp_path / "v", "cut", good[: len(good) // 3], real_config())
    one_line(render(rendered, "--voice", f"piper:{onnx}"), "segment 'intro'",
             "not a usable ONNX model", "download the .onnx again")
    assert state(rendered) == before


@pytest.mark.parametrize(("config", "needle"), [
    ({"num_speakers": 4}, "does not match its model"),  # asks the model for a speaker input
    ("{\"audio\": 3", "is not a Piper voice config"),  # cut short
    ({"phoneme_id_map": None}, "is not a Piper voice config"),
])
def test_a_voice_json_that_does_not_fit_its_model(rendered, tmp_path, config, needle):
    before = state(rendered)
    if isinstance(config, dict):
        config = {**real_config(), **config}
    onnx = tmp_path / "v" / "joe.onnx"
    onnx.parent.mkdir(parents=True)
    onnx.symlink_to(find_piper_voice("").model)
    voice_pair(onnx.parent, "joe", None, config)
    one_line(render(rendered, "--voice", f"piper:{onnx}"), "segment 'intro'", needle,
             "use the .onnx.json that came with the model")
    assert state(rendered) == before


def test_text_piper_cannot_phonemize(tmp_path):
    folder = write_episode(tmp_path / "ep", [*SEGMENTS, ("dash", "Dash", "— … —", [])])
    one_line(render(folder, "--voice", "piper:"), "segment 'dash'", "cannot phonemize",
             "respell it in the lexicon")
    takes = sorted((folder / "takes").glob("tts-*.wav"))
    assert len(takes) == 2  # the segments before it were made and kept
    assert not list(folder.rglob("*.part"))


def test_a_worker_killed_mid_episode(tmp_path):
    segments = [(f"s{i}", f"S{i}", f"Segment {i}. A sentence or two for the worker to say. "
                 "Then one more, to keep it busy.", []) for i in range(8)]
    folder = write_episode(tmp_path / "ep", segments)
    proc = render(folder, "--voice", "piper:", wait=False)
    deadline = time.monotonic() + 120
    while not list((folder / "takes").glob("tts-*.wav")) and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = piper_workers_of(proc.pid)
    assert workers, "no Piper worker running"
    os.kill(workers[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=120)
    r = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    line = one_line(r, "the Piper worker stopped (killed by signal 9)", "run it again",
                    "takes made so far are kept")
    assert "segment 's" in line
    kept = list((folder / "takes").glob("tts-*.wav"))
    assert 1 <= len(kept) < 8 and not list(folder.rglob("*.part"))
    again = render(folder, "--voice", "piper:", verbose=True)
    assert again.returncode == 0, again.stderr
    assert f"{8 - len(kept)} takes to synthesize, {len(kept)} cached" in again.stderr


def test_ctrl_c_cancels_with_progress_and_keeps_finished_takes(tmp_path):
    segments = [(f"s{i}", f"S{i}", f"Segment {i}. A sentence or two for the worker to say. "
                 "Then one more, to keep it busy.", []) for i in range(8)]
    folder = write_episode(tmp_path / "ep", segments)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "studio", "render", str(folder), "--no-sting",
                             "--voice", "piper:"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, preexec_fn=default_signals)  # as from a terminal
    deadline = time.monotonic() + 120
    while not list((folder / "takes").glob("tts-*.wav")) and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = piper_workers_of(proc.pid)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "synthesizing 8 takes with Piper" in err and "synthesized 1 of 8 takes" in err
    assert err.strip().splitlines()[-1].startswith("studio: cancelled")
    assert workers and not [w for w in workers if Path(f"/proc/{w}").exists()]
    assert list((folder / "takes").glob("tts-*.wav")) and not list(folder.rglob("*.part"))
