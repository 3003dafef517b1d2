"""Writing a day's script again keeps the host's work, and day.json only ever changes with
its episode.json. Through the real `studio` command, on repositories built with RepoBuilder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from audio_helpers import tone_file
from gitrepo import RepoBuilder, at

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-02-09"
FAST = ["--no-sting", "--quiet"]


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def build(path: Path, extra: bool) -> Path:
    """The same day twice: ``extra`` adds one more commit to it (same shas otherwise)."""
    with RepoBuilder(path, origin="https://github.com/octo/widgets.git") as r:
        for i in range(4):
            r.commit(f"Speed up the widget cache, part {i} (#{10 + i})", at(DAY, 8 + i),
                     f"Dev {i}", f"dev{i}@ex.com", files=["src/cache.py"])
        if extra:
            r.commit("Add a docs page for the cache (#30)", at(DAY, 20), "Eve", "eve@ex.com",
                     files=["docs/cache.md"])
    return path


@pytest.fixture(scope="module")
def repos(tmp_path_factory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("rerun")
    return build(base / "a", False), build(base / "b", True)


def episode(folder: Path) -> dict:
    return json.loads((folder / "episode.json").read_text())


def seg(data: dict, seg_id: str) -> dict:
    return next(s for s in data["segments"] if s["id"] == seg_id)


def produced(repo: Path, show: Path, *extra: str) -> Path:
    r = studio("produce", "--git", str(repo), "--date", DAY, "--show-dir", str(show), *FAST,
               *extra)
    assert r.returncode == 0, r.stderr
    return show / "episodes" / DAY


def edit(folder: Path, seg_id: str, text: str) -> None:
    data = episode(folder)
    seg(data, seg_id)["text"] = text
    (folder / "episode.json").write_text(json.dumps(data))


def test_script_again_keeps_the_host_work_and_the_export(repos, tmp_path):
    folder = produced(repos[0], tmp_path / "show")
    r = studio("take", "import", str(folder), "--segment", "sign-off",
               str(tone_file(tmp_path / "bye.wav", seconds=1.5)))
    assert r.returncode == 0, r.stderr
    edit(folder, "intro", "Four commits today, all of them on the cache. Told by hand.")
    data = episode(folder)  # a segment of the host's own after "intro", and a new title
    at_ = [s["id"] for s in data["segments"]].index("intro") + 1
    data["segments"].insert(at_, {"id": "segment-1", "title": "A word from the host",
                                  "text": "Thanks to everyone who wrote in.", "commits": []})
    data["title"] = "The cache week, by hand"
    (folder / "episode.json").write_text(json.dumps(data))
    before = episode(folder)
    day = tmp_path / "day.json"
    assert studio("pull", "--git", str(repos[0]), "--date", DAY, "-o", str(day)).returncode == 0

    r = studio("script", str(day), "-o", str(folder))
    assert r.returncode == 0, r.stderr
    after = episode(folder)
    assert seg(after, "intro")["text"] == "Four commits today, all of them on the cache. Told by hand."
    assert seg(after, "sign-off")["take"] == seg(before, "sign-off")["take"]
    assert after["audio"] == before["audio"] and after["duration"] == before["duration"]
    ids = [s["id"] for s in after["segments"]]
    assert ids[ids.index("intro") + 1] == "segment-1"
    assert after["title"] == "The cache week, by hand"
    line = r.stdout.strip().splitlines()[-1]
    assert line == ("kept the host's work on 4 parts (intro, segment-1, sign-off, title); "
                    "the rest of the script is new"), r.stdout


def test_produce_again_refuses_to_drop_host_work_unless_forced(repos, tmp_path):
    show = tmp_path / "show"
    folder = produced(repos[0], show)
    r = studio("take", "import", str(folder), "--segment", "sign-off",
               str(tone_file(tmp_path / "bye.wav", seconds=1.5)))
    assert r.returncode == 0, r.stderr
    edit(folder, "intro", "Four commits, told by hand.")
    saved = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}

    # one more commit: "intro" tells other commits now, its edit cannot stay
    r = studio("produce", "--git", str(repos[1]), "--date", DAY, "--show-dir", str(show), *FAST)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "segment 'intro' (edited text: its commits changed)" in lines[0] \
        and "--force" in lines[0], r.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == saved

    r = studio("produce", "--git", str(repos[1]), "--date", DAY, "--show-dir", str(show),
               "--no-sting", "--force")  # not --quiet: it hides the notice
    assert r.returncode == 0, r.stderr
    assert "kept the host's work on 1 part (sign-off); replaced (--force) segment 'intro'" \
        in r.stderr
    after = episode(folder)
    assert seg(after, "sign-off")["take"]["source"] == "imported"
    assert "told by hand" not in seg(after, "intro")["text"]
    assert after["stats"]["commits"] == 5


def test_a_failed_rerun_leaves_day_and_episode_agreeing(repos, tmp_path):
    show = tmp_path / "show"
    folder = produced(repos[0], show)
    day_before = (folder / "day.json").read_bytes()
    r = studio("produce", "--git", str(repos[1]), "--date", DAY, "--show-dir", str(show), *FAST,
               "--voice", "no-such-voice")
    assert r.returncode == 1 and "no-such-voice" in r.stderr
    assert (folder / "day.json").read_bytes() == day_before
    assert episode(folder)["stats"]["commits"] == len(json.loads(day_before)["commits"]) == 4
    # and a run that succeeds writes both
    produced(repos[1], show)
    assert len(json.loads((folder / "day.json").read_text())["commits"]) == 5
    assert episode(folder)["stats"]["commits"] == 5


def test_an_episode_from_before_the_stamps_is_produced_again_without_a_refusal(repos, tmp_path):
    # episode.json as an earlier studio saved it: no "written" stamps; its day.json tells
    # what the writer wrote, so a late commit re-runs cleanly and an edit is still seen
    show = tmp_path / "show"
    folder = produced(repos[0], show)
    data = episode(folder)
    data.pop("written")
    for s in data["segments"]:
        s.pop("written")
    (folder / "episode.json").write_text(json.dumps(data))
    produced(repos[1], show)
    assert episode(folder)["stats"]["commits"] == 5

    data = episode(folder)
    data.pop("written")
    for s in data["segments"]:
        s.pop("written")
    seg(data, "sign-off")["text"] = "Bye for now, from a host who edits."
    (folder / "episode.json").write_text(json.dumps(data))
    r = studio("produce", "--git", str(repos[1]), "--date", DAY, "--show-dir", str(show),
               "--no-sting")  # not --quiet: it hides the notice
    assert r.returncode == 0, r.stderr
    assert "kept the host's work on 1 part (sign-off)" in r.stderr
    assert seg(episode(folder), "sign-off")["text"] == "Bye for now, from a host who edits."
