"""`studio edit EP`: the script in $EDITOR as text, applied back with the editor's checks
(issue 25 item 3). The editor is a real program: a Python script that edits the file."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from studio.episode import load_episode

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-02-09"


def studio(*args: str, editor: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), EDITOR=editor)
    env.pop("VISUAL", None)
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def script_editor(tmp: Path, body: str) -> str:
    """An $EDITOR running ``body`` on the file's text (``text`` in, ``text`` out)."""
    prog = tmp / "editor.py"
    prog.write_text("import sys\nfrom pathlib import Path\np = Path(sys.argv[1])\n"
                    "text = p.read_text()\n" + body + "\np.write_text(text)\n")
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(prog))}"


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("edit") / "show"
    r = studio("script", str(ROOT / "resources" / "sample" / "day.json"), "-o",
               str(root / "episodes" / DAY))
    assert r.returncode == 0, r.stderr
    return root / "episodes" / DAY


@pytest.fixture
def folder(made, tmp_path) -> Path:
    copy = tmp_path / "show" / "episodes" / DAY
    copy.parent.mkdir(parents=True)
    subprocess.run(["cp", "-a", str(made), str(copy)], check=True)
    return copy


def test_edit_changes_one_sentence_and_keeps_every_other_link(folder, tmp_path):
    old = load_episode(folder)
    seg = old.segments[1]
    target = seg.sentences[0]
    assert target.commits or any(s.commits for s in seg.sentences)
    words = target.text.split()
    new_first = " ".join(words[:-1] + ["indeed."])
    # the editor re-wraps nothing but changes the last word of the segment's first sentence
    # and the second segment's title
    body = (f"text = text.replace({f'[{seg.id}] {seg.title}'!r}, "
            f"{f'[{seg.id}] Counting the day'!r}, 1)\n"
            f"old = {words[-1]!r}\n"
            f"head = text.index('[{seg.id}]')\n"
            f"at = text.index(old, head)\n"
            f"text = text[:at] + 'indeed.' + text[at + len(old):]\n")
    r = studio("edit", str(folder), editor=script_editor(tmp_path, body))
    assert r.returncode == 0, r.stderr
    assert "1 segment rewritten, 1 title changed" in r.stdout
    new = load_episode(folder)
    edited = new.segment(seg.id)
    assert edited.title == "Counting the day"
    assert edited.sentences[0].text == new_first
    assert edited.sentences[0].commits == target.commits  # similar enough: links kept
    assert edited.sentences[0].provenance == "host"
    for a, b in zip(edited.sentences[1:], seg.sentences[1:], strict=True):
        assert (a.text, a.commits, a.provenance) == (b.text, b.commits, b.provenance)
    for a, b in zip(new.segments, old.segments, strict=True):
        if a.id != seg.id:
            assert a == b  # re-wrapped for reading, and still exactly as it was
    assert new_first in new.transcript


def test_an_unchanged_file_changes_nothing(folder, tmp_path):
    before = (folder / "episode.json").read_bytes()
    r = studio("edit", str(folder), editor=script_editor(tmp_path, "pass"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "no changes"
    assert (folder / "episode.json").read_bytes() == before


def test_reorder_remove_and_add_a_segment(folder, tmp_path):
    old = load_episode(folder)
    ids = [s.id for s in old.segments]
    body = ("blocks = text.split('\\n=== ')\n"
            "head, segs = blocks[0], blocks[1:]\n"
            "segs = [segs[1], segs[0]] + segs[3:] + ['[new] A word from the host\\n"
            "Thanks for listening, see you tomorrow.\\n']\n"
            "text = '\\n=== '.join([head] + segs)\n")
    r = studio("edit", str(folder), editor=script_editor(tmp_path, body))
    assert r.returncode == 0, r.stderr
    new = load_episode(folder)
    assert [s.id for s in new.segments][:-1] == [ids[1], ids[0], *ids[3:]]
    added = new.segments[-1]
    assert added.title == "A word from the host" and added.id not in ids
    assert [s.text for s in added.sentences] == ["Thanks for listening, see you tomorrow."]
    assert "1 segment added, 1 segment removed, segments reordered" in r.stdout


@pytest.mark.parametrize("body, says", [
    ("text = text.replace('=== [sign-off]', '=== [nosuch]', 1)", "no segment [nosuch]"),
    ("text = 'Just some words\\n' + text.split('\\n\\n', 1)[1]",
     "text before the first '=== [id] Title' heading"),
    ("i = text.index('=== [intro]')\nj = text.index('\\n=== ', i + 1)\n"
     "text = text[:text.index('\\n', i) + 1] + text[j:]", "has no text"),
    ("text = text.replace('=== [sign-off]', '=== [intro]', 1)", "segment [intro] appears twice"),
])
def test_a_bad_edit_is_one_line_and_leaves_the_episode(folder, tmp_path, body, says):
    before = (folder / "episode.json").read_bytes()
    r = studio("edit", str(folder), editor=script_editor(tmp_path, body))
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in r.stderr
    assert lines[0].startswith("studio: error: edit not applied: line ")
    kept = Path(lines[0].rsplit("kept in ", 1)[1])
    assert kept.is_file()  # the host's text is not lost
    kept.unlink()
    assert (folder / "episode.json").read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        p.name for p in folder.iterdir() if not p.name.startswith("studio-edit"))


def test_a_failing_editor_changes_nothing(folder, tmp_path):
    before = (folder / "episode.json").read_bytes()
    r = studio("edit", str(folder), editor=script_editor(tmp_path, "text = 'x'\nsys.exit(3)"))
    assert r.returncode == 1
    assert r.stderr.strip() == (f"studio: error: the editor {sys.executable!r} exited with "
                                "status 3; nothing was changed")
    assert (folder / "episode.json").read_bytes() == before
    assert json.loads(before)  # still the episode


def test_a_missing_editor_says_how_to_set_one(folder):
    r = studio("edit", str(folder), editor="/nonexistent/editor")
    assert r.returncode == 1
    assert "set $EDITOR" in r.stderr and len(r.stderr.strip().splitlines()) == 1
