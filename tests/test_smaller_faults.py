"""Issue 27's smaller faults, each through the real `studio` command: an episode folder whose
`episode.json` is missing no longer drops out of the feed silently; an `.export-journal.json`
that is a folder is one line, not "4: Is a directory"; a folder fsync that fails (EIO) fails
the run instead of being ignored; a publish gives the show folder's served files (MP3,
transcripts, chapters, cover) the read bits the umask grants, as the README says; and a
`produce` whose publish step alone failed says so and that the episode is saved."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from github_history import pytorch_history
from show_fixtures import show_copy

from studio.resources import resource_path

ROOT = Path(__file__).resolve().parent.parent
FAULTS = Path(__file__).resolve().parent / "faults"
DATES = ["2026-02-07", "2026-02-08"]
BASE = "https://shows.example.org/widgets/"


def studio(*args: str, tmp: Path, umask: int = 0o022, timeout: float = 120,
           **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(ROOT), "STUDIO_CACHE_DIR": str(tmp / "cache"),
            "HOME": str(tmp / "home"), "XDG_CACHE_HOME": str(tmp / "xdg"), **env}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True, env=full,
                          capture_output=True, timeout=timeout, cwd=tmp,
                          preexec_fn=lambda: os.umask(umask))


def one_line(result: subprocess.CompletedProcess[str], *words: str) -> str:
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("studio: error: "), result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def test_a_missing_episode_json_stops_the_publish(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    (show / "episodes" / DATES[0] / "episode.json").unlink()
    line = one_line(studio("publish", "--show-dir", str(show), "--base-url", BASE, "-q",
                           tmp=tmp_path), f"episode {DATES[0]}", "episode.json is missing",
                    "drop out of the feed")
    assert "episode.mp3" in line and not (show / "feed.xml").exists()


def test_a_pulled_day_without_episode_json_is_a_warning(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    pulled = show / "episodes" / "2026-02-09"
    pulled.mkdir()
    (pulled / "day.json").write_text("{}")
    result = studio("publish", "--show-dir", str(show), "--base-url", BASE, tmp=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "episode 2026-02-09: no episode.json (nothing exported yet)" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_journal_that_is_a_folder_is_one_line(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    journal = show / "episodes" / DATES[1] / ".export-journal.json"
    journal.mkdir()
    line = one_line(studio("publish", "--show-dir", str(show), "--base-url", BASE, "-q",
                           tmp=tmp_path), str(journal), "is a folder", "move it out of the way")
    assert "Is a directory" not in line and journal.is_dir()


def test_a_failed_folder_fsync_fails_the_publish(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    result = studio("publish", "--show-dir", str(show), "--base-url", BASE, "-q",
                    tmp=tmp_path, STUDIO_FAULT="dir-fsync-eio",
                    PYTHONPATH=os.pathsep.join([str(FAULTS), str(ROOT)]))
    one_line(result, "cannot flush the folder", "Input/output error")


def test_publish_restores_read_bits_on_the_served_files(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    shutil.copyfile(resource_path("art", "cover.png"), show / "cover.png")
    first = studio("publish", "--show-dir", str(show), "--base-url", BASE, "-q", tmp=tmp_path)
    assert first.returncode == 0, first.stderr
    folder = show / "episodes" / DATES[1]
    served = [show / "cover.png", *(folder / n for n in ("episode.mp3", "transcript.vtt",
                                                         "transcript.srt", "chapters.json"))]
    served = [p for p in served if p.exists()]
    assert len(served) >= 3
    for path in served:
        os.chmod(path, 0o600)  # as an older studio, or a copy with a tight umask, left them
    again = studio("publish", "--show-dir", str(show), "-q", tmp=tmp_path)
    assert again.returncode == 0, again.stderr
    assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in served} == \
        {p.name: oct(0o644) for p in served}
    assert stat.S_IMODE((show / "episodes" / DATES[1] / "episode.json").stat().st_mode) == 0o600


def test_produce_says_only_its_publish_step_failed(tmp_path):
    day = dt.date(2026, 2, 9)
    history = pytorch_history(tmp_path / "pt.git", day, count=2)
    show = tmp_path / "show"
    show.mkdir()
    (tmp_path / "afile").write_text("x")
    (show / "show.toml").write_text(f'base_url = "{BASE}"\n[publish]\n'
                                    f'to = ["folder:{tmp_path / "afile"}"]\n')
    result = studio("produce", "--git", str(history.path), "--date", day.isoformat(),
                    "--show-dir", str(show), "-q", "--no-sting", tmp=tmp_path, timeout=300)
    folder = show / "episodes" / day.isoformat()
    one_line(result, f"produce {day.isoformat()}", f"the episode is made and saved in {folder}",
             "only its publish step failed", "is not a folder", "studio publish --show-dir")
    assert (folder / "episode.json").is_file() and list(folder.glob("*.mp3"))


def _interrupted_at(module: str, *command: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(FAULTS), str(ROOT)]),
           "STUDIO_FAULT": f"sigint-on-import:{module}"}
    return subprocess.run([sys.executable, *command, "doctor", "--help"], text=True, env=env,
                          capture_output=True, timeout=60, cwd=tmp)


def test_ctrl_c_while_python_m_studio_starts_is_one_line(tmp_path):
    # studio.__main__ is looked for just after the package is imported, before any of its
    # lines run: Python's KeyboardInterrupt there was a runpy traceback
    for module in ("studio.__main__", "studio.plumbing.interrupts", "studio.cli.main"):
        done = _interrupted_at(module, "-m", "studio", tmp=tmp_path)
        assert (done.returncode, done.stderr) == (130, "studio: cancelled\n"), module


def test_ctrl_c_while_the_studio_script_starts_is_one_line(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "studio"  # as pip writes the console script
    script.write_text("import sys\nfrom studio.plumbing.process_exit import entry\nsys.exit(entry())\n")
    for module in ("studio.cli.main", "studio.plumbing.interrupts"):
        done = _interrupted_at(module, str(script), tmp=tmp_path)
        assert (done.returncode, done.stderr) == (130, "studio: cancelled\n"), module


def test_a_hostile_publish_state_is_a_warning_not_a_traceback(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    state = show / "published.json"
    for body, words in (("[" * 100_000 + "]" * 100_000, "nests deeper than the 64 levels"),
                        ('{"published": {"a": ' + "9" * 400 + "}}", "400 digits")):
        state.write_text(body)
        done = studio("publish", "--show-dir", str(show), "--base-url", BASE, tmp=tmp_path)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert f"ignoring unreadable {state}" in done.stderr and words in done.stderr
    state.unlink()
    with open(state, "wb") as fh:
        fh.truncate(17_000_000)  # sparse: over the limit, never read
    done = studio("publish", "--show-dir", str(show), "--base-url", BASE, tmp=tmp_path)
    assert done.returncode == 0 and "over the 16 MB limit" in done.stderr, done.stderr
