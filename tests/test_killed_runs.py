"""A produce killed with SIGKILL takes its children with it, and the next command removes what
it left behind (studio.plumbing.children, studio.leftovers).

The runs are real ``studio produce`` processes; each carries a marker in its environment, which
its speech workers and ffmpeg children inherit, so the test finds every process of that run
in /proc whoever its parent is by then.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from github_history import pytorch_history

from studio.leftovers import remove_episode_leftovers, remove_leftovers

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)
MARK = "STUDIO_TEST_RUN"


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return pytorch_history(tmp_path_factory.mktemp("killed") / "pt.git", DAY, count=40)


def start(show: Path, tmp: Path, mark: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "xdg"), **{MARK: mark})
    # --rate 80: a long programme, so mastering runs for seconds
    args = [sys.executable, "-m", "studio", "produce", "--git", str(tmp / "pt.git"),
            "--date", DAY.isoformat(), "--show-dir", str(show), "-q", "--rate", "80"]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=tmp)


def processes_of(mark: str) -> dict[int, str]:
    """Live (not zombie) processes carrying ``mark``: the run and all it started."""
    found = {}
    needle = f"{MARK}={mark}".encode()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if needle not in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
                continue
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if state != "Z":
            found[int(pid)] = cmd.strip()
    return found


def kill_when(proc: subprocess.Popen, mark: str, word: str, limit: float = 120) -> str:
    """SIGKILL the run as soon as one of its children's command lines contains ``word``."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the run ended before '{word}': {proc.stderr.read()}"
        child = next((c for p, c in processes_of(mark).items() if p != proc.pid and word in c),
                     None)
        if child:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return child
        time.sleep(0.005)
    raise AssertionError(f"no child running '{word}' within {limit} s")


def leftovers(show: Path) -> list[str]:
    names = (".tts-", ".export-", ".backup-", ".import-", ".probe.")
    return sorted(str(p.relative_to(show)) for p in show.rglob(".*")
                  if p.name.startswith(names) or p.name.endswith((".tmp", ".part")))


def test_children_die_with_a_killed_produce_and_the_next_run_cleans_up(history, tmp_path):
    (tmp_path / "pt.git").symlink_to(history.path)
    show = tmp_path / "show"
    for moment in ("studio.narration.speak", "-f tee "):  # mid-synthesis, mid-mastering
        mark = uuid.uuid4().hex
        run = start(show, tmp_path, mark)
        child = kill_when(run, mark, moment)
        time.sleep(1.0)
        assert processes_of(mark) == {}, f"killed while running {child!r}"
    assert any(".export-" in name for name in leftovers(show)), leftovers(show)

    mark = uuid.uuid4().hex
    final = start(show, tmp_path, mark)
    out, err = final.communicate(timeout=300)
    assert final.returncode == 0, err
    assert leftovers(show) == []
    assert processes_of(mark) == {}


def _old(path: Path, is_dir: bool = False, age: float = 60) -> Path:
    if is_dir:
        path.mkdir(parents=True)
        (path / "episode.mp3").write_bytes(b"ID3")
        os.utime(path / "episode.mp3", (time.time() - age,) * 2)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x")
    os.utime(path, (time.time() - age,) * 2)
    return path


def test_only_old_unused_leftovers_go_and_a_pending_journal_keeps_its_folders(tmp_path):
    show = tmp_path / "show"
    ep = show / "episodes" / "2026-02-09"
    gone = [_old(ep / "takes" / ".tts-abc.wav.123.part"),
            _old(ep / "takes" / ".import-intro-1234.wav.part"),
            _old(ep / ".episode.json.k2j3.tmp"), _old(show / ".feed.xml.x1.tmp"),
            _old(ep / ".probe.a1b2"),
            _old(ep / ".export-q1w2", is_dir=True), _old(ep / ".backup-e3r4", is_dir=True)]
    journaled = show / "episodes" / "2026-02-10"
    # a journal write killed before its rename committed nothing: its temp file goes
    gone.append(_old(journaled / ".export-journal.json.x7.tmp"))
    kept = [_old(journaled / ".export-journal.json"),
            _old(journaled / ".export-z9", is_dir=True),
            _old(journaled / ".backup-y8", is_dir=True),
            _old(ep / "takes" / "tts-abc.wav"), _old(ep / "episode.json"),
            _old(ep / "takes" / "intro-rec-1.recording.json"), _old(show / ".studio.lock"),
            _old(ep / ".recent.tmp", age=-5),  # newer than the run: another writer's
            _old(ep / ".open.tmp")]
    with open(ep / ".open.tmp", "rb"):  # open in a process: in use
        removed = remove_leftovers(show, before=time.time())
    assert sorted(removed) == sorted(gone)
    assert all(p.exists() for p in kept) and not any(p.exists() for p in gone)

    alone = tmp_path / "standalone"  # an episode folder outside any show
    staged = _old(alone / ".export-a1", is_dir=True)
    part = _old(alone / "takes" / ".tts-def.wav.9.part")
    assert sorted(remove_episode_leftovers(alone, before=time.time())) == sorted([staged, part])
