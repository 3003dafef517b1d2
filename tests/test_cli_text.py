"""The command line for the text half: pull, script, produce, and its one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from gitrepo import PT_BOT, RepoBuilder, at, pt_landed, pt_revert

ROOT = Path(__file__).resolve().parent.parent


def studio(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=120)


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "pytorch"
    with RepoBuilder(path, origin="https://github.com/pytorch/pytorch.git") as r:
        sha = r.commit(pt_landed("[MPS] Add bitwise ops", 10), at("2026-02-09", 3), "Mo Pal",
                       "mo@ex.com", committer=PT_BOT[0], committer_email=PT_BOT[1])
        r.commit(pt_revert("[MPS] Add bitwise ops", 10, sha, "pytorch-auto-revert",
                           "Reverted automatically by pytorch's autorevert"),
                 at("2026-02-09", 5), *PT_BOT)
        for i in range(4):
            r.commit(pt_landed(f"[Inductor] Tune kernel {i}", 20 + i * 10), at("2026-02-09", 6 + i),
                     f"Dev {i}", f"dev{i}@ex.com", committer=PT_BOT[0], committer_email=PT_BOT[1],
                     files=["torch/_inductor/k.py"])
    return path


def _one_line_error(result: subprocess.CompletedProcess[str], needle: str) -> None:
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("studio: error: ") and needle in lines[0], lines[0]
    assert "Traceback" not in result.stderr


def test_pull_then_script(repo, tmp_path):
    day = tmp_path / "day.json"
    r = studio("pull", "--git", str(repo), "--date", "2026-02-09", "-o", str(day))
    assert r.returncode == 0, r.stderr
    data = json.loads(day.read_text())
    assert data["repo"] == "pytorch/pytorch" and len(data["commits"]) == 6
    out = tmp_path / "ep"
    r = studio("script", str(day), "-o", str(out))
    assert r.returncode == 0, r.stderr
    ep = json.loads((out / "episode.json").read_text())
    # five landed pull requests (`Title (#N)`); the revert landed none of its own
    assert ep["stats"] == {"commits": 6, "reverts": 1, "relands": 0, "authors": 5,
                           "merged_prs": 5}
    assert ep["reverts"][0]["automatic"] is True
    assert ep["reverts"][0]["original_author"] == "Mo Pal"
    assert ep["title"] in r.stdout


def test_script_minutes_from_the_flag_and_from_show_toml(repo, tmp_path):
    day = tmp_path / "day.json"
    assert studio("pull", "--git", str(repo), "--date", "2026-02-09", "-o", str(day)).returncode == 0
    told = {}  # sentences that tell one commit each: a longer target tells more of them one by one
    words = {}
    for minutes in ("1", "6"):
        out = tmp_path / f"ep{minutes}"
        r = studio("script", str(day), "-o", str(out), "--minutes", minutes)
        assert r.returncode == 0, r.stderr
        ep = json.loads((out / "episode.json").read_text())
        told[minutes] = sum(1 for seg in ep["segments"] for s in seg["sentences"]
                            if len(s["commits"]) == 1)
        words[minutes] = len(ep["transcript"].split())
    assert told["6"] > told["1"]
    # an episode folder of a show takes show.toml's [script] minutes
    show = tmp_path / "show"
    (show / "episodes").mkdir(parents=True)
    (show / "show.toml").write_text('title = "T"\n[script]\nminutes = 6\n')
    r = studio("script", str(day), "-o", str(show / "episodes" / "2026-02-09"))
    assert r.returncode == 0, r.stderr
    ep = json.loads((show / "episodes" / "2026-02-09" / "episode.json").read_text())
    assert len(ep["transcript"].split()) == words["6"]
    _one_line_error(studio("script", str(day), "-o", str(tmp_path / "x"), "--minutes", "99"),
                    "--minutes must be a number of minutes from 1 to 15")


def test_produce_writes_the_episode_folder(repo, tmp_path):
    show = tmp_path / "show"
    r = studio("produce", "--git", str(repo), "--date", "2026-02-09", "--show-dir", str(show),
               "--quiet")
    assert r.returncode == 0, r.stderr
    folder = show / "episodes" / "2026-02-09"
    assert (folder / "episode.json").exists() and (folder / "day.json").exists()


def test_bad_inputs_give_one_line(repo, tmp_path):
    _one_line_error(studio("pull", "--git", str(tmp_path), "--date", "2026-02-09", "-o",
                           str(tmp_path / "d.json")), "not a git repository")
    _one_line_error(studio("pull", "--git", str(repo), "--date", "2026-02-30", "-o",
                           str(tmp_path / "d.json")), "not a valid date")
    _one_line_error(studio("pull", "--git", str(repo), "--date", "2026-02-09", "--branch",
                           "nope", "-o", str(tmp_path / "d.json")), "no branch 'nope'")
    _one_line_error(studio("pull", "--git", str(repo), "--date", "2026-02-09", "--tz",
                           "Mars/Olympus", "-o", str(tmp_path / "d.json")), "unknown time zone")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    _one_line_error(studio("pull", "--git", str(repo), "--date", "2026-02-09", "-o",
                           str(blocker / "d.json")), "cannot")
    _one_line_error(studio("script", str(tmp_path / "missing.json"), "-o", str(tmp_path / "e")),
                    "day file not found")
    (tmp_path / "bad.json").write_text("[1, 2")
    _one_line_error(studio("script", str(tmp_path / "bad.json"), "-o", str(tmp_path / "e")),
                    "not valid JSON")
    _one_line_error(studio("produce", "--git", str(repo), "--date", "2026-02-09",
                           "--show-dir", str(blocker)), "cannot")
    assert not (tmp_path / "d.json").exists() and not (tmp_path / "e").exists()
    # argparse's own errors are one line too
    _one_line_error(studio("pull", "--date", "2026-02-09"), "required")


def test_demo_makes_the_sample_episode(tmp_path):
    r = studio("demo", "--out", str(tmp_path / "demo"), "--quiet")
    assert r.returncode == 0, r.stderr
    folder = tmp_path / "demo" / "episodes" / "2026-02-09"
    ep = json.loads((folder / "episode.json").read_text())
    assert ep["title"].startswith("PyTorch: ")
    assert ep["title"] in r.stdout
    # make demo installs the piper extra: the demo is narrated by Piper's joe voice
    assert all(s["take"]["voice"].startswith("piper:en_US-joe-medium#")
               for s in ep["segments"] if s.get("take"))
