"""The record: each commit's cleaned full text, through the real parts (a day file built from
bodies shaped like real ones, and `studio pull` on a temp git repository)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gitrepo import RepoBuilder, at

from studio.digest.body_text import MAX_CHARS
from studio.editorial.record import clean_record, format_record, parse_record, record_text

# an executorch-shaped body: hard-wrapped mid-sentence, a fenced block after a colon, a test
# plan with commands and a finding, a wrapped table row, trailers, a cc line, an AI credit
WRAPPED = """The compiled Python extension in the wheel was called `_portable_lib`.
That name
is misleading in two ways.

The documented import path is unaffected. Applications import the public
wrapper:

```python
from executorch.extension.pybindings import portable_lib
```

The CMake target of that name is also gone. A project that names it directly no
longer configures and should link `executorch::runtime` instead.

| component | library |
| --- | --- |
| `executorch::kernels_optimized` | `libexecutorch_kernels_optimized.so`
|

- a version request is honoured, and a request naming
a different major is rejected. Measured with cmake 3.31.8 against
fabricated 1.5.0 and 2.0.0
packages: both directions hold.

Test plan:

pytest -q test/test_wheel.py

Measured on a default install: with openvino present and nncf absent, importing the
partitioner still fails.

- [x] Ran the linter

### Checklist

@Sebastian-Larsson @robell

[PLEASE REMOVE] See CONTRIBUTING.md for PR guidelines.

Authored with Claude Code.

Co-authored-by: Claude <noreply@anthropic.com>
Signed-off-by: A Dev <a@example.com>
Pull Request resolved: https://github.com/pytorch/executorch/pull/21816
"""

MERGE_BOT = """This PR was created by the merge bot to help merge the original PR into
the main branch.
ghstack PR number: https://github.com/pytorch/executorch/pull/21127 by
@JCNTH
^ Please use this as the source of truth for the PR details, comments,
and reviews
Merge bot PR base: https://github.com/pytorch/executorch/tree/main

@diff-train-skip-merge
"""


def test_prose_whole_wraps_joined_and_the_rest_left_out():
    r = clean_record("d64c302", "Name the Python extension", WRAPPED)
    text = r.text
    assert "The compiled Python extension in the wheel was called `_portable_lib`. That name is " \
           "misleading in two ways." in text
    assert "A project that names it directly no longer configures and should link " \
           "`executorch::runtime` instead." in text
    # the wrapped number line ("fabricated 1.5.0 and 2.0.0") is prose, not a table row
    assert "Measured with cmake 3.31.8 against fabricated 1.5.0 and 2.0.0 packages: both " \
           "directions hold." in text
    # a test plan keeps what it found, not its command or checklist
    assert "importing the partitioner still fails." in text
    assert "pytest" not in text and "linter" not in text and "Checklist" not in text
    for gone in ("from executorch", "| component", "@Sebastian", "PLEASE REMOVE", "Claude",
                 "Signed-off-by", "Pull Request resolved", "https://", "\n|"):
        assert gone not in text, gone
    # the colon sentence before the code block stays, marked
    lead = next(p for p in r.paragraphs if p.sentences[-1].endswith("public wrapper:"))
    assert lead.code_follows
    tests = [p for p in r.paragraphs if p.section == "tests"]
    assert tests and all("still fails" in p.text for p in tests)


def test_merge_bot_and_bot_bodies_leave_nothing():
    assert clean_record("x", "t", MERGE_BOT).text == ""
    bump = ("Bumps [transformers](https://github.com/huggingface/transformers) from 4.56.1 to "
            "5.3.0.\n\nDependabot will resolve any conflicts with this PR as long as you don't "
            "alter it yourself.")
    assert clean_record("x", "t", bump).text == ""
    revert = "Reverts pytorch/executorch#21740\nBroke a lot of internal builds due to buck issues."
    r = clean_record("x", "Revert", revert)
    assert r.sentences == ["Reverts pytorch/executorch#21740",
                           "Broke a lot of internal builds due to buck issues."]


def test_identifiers_stay_as_written_and_the_text_round_trips():
    body = ("Load every model matching `'*.gguf'` from `~/models`; `Builder::enable_x` stays "
            "opt-in.\n\n- one item: a list item.\n  Its second sentence.\n\nPreviously the "
            "loader:\n\n    load(path)\n\nfailed.")
    r = clean_record("abc", "t", body)
    assert "`'*.gguf'`" in r.text and "`~/models`" in r.text
    again = parse_record("abc", "t", format_record(r))
    assert again == r
    assert record_text("t", body) == format_record(r)


def test_a_huge_body_is_read_only_as_far_as_max_chars():
    para = "This paragraph explains the change in plain words and says nothing else. " * 5
    body = "\n\n".join(f"{para} Part {n}." for n in range(200))
    assert len(body) > 64_000
    r = clean_record("x", "t", body)
    assert 0 < len(r.text) <= MAX_CHARS
    assert r.text.rstrip().endswith(".")


def _studio(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
           "HOME": str(cwd / "home"), "XDG_CACHE_HOME": str(cwd / "xdg")}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=120, cwd=cwd)


def test_studio_pull_writes_each_commits_record_into_the_day_file(tmp_path):
    with RepoBuilder(tmp_path / "repo") as r:
        r.commit("Initial layout", at("2026-08-18", 9), files={"README.md": "x\n"})
        r.commit("Name the Python extension after what it contains (#21816)\n\n" + WRAPPED,
                 at("2026-08-20", 10), files={"setup.py": "y = 1\n"})
        r.commit("Tidy (#2)", at("2026-08-20", 11), files={"setup.py": "y = 2\n"})
    out = tmp_path / "day.json"
    done = _studio(["pull", "--git", str(tmp_path / "repo"), "--date", "2026-08-20", "-o",
                    str(out)], tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    by_title = {c["title"]: c for c in data["commits"]}
    record = by_title["Name the Python extension after what it contains (#21816)"]["record"]
    assert "should link `executorch::runtime` instead." in record
    assert "Signed-off-by" not in record and "```" not in record
    assert by_title["Tidy (#2)"]["record"] == ""
    # the digest reads the stored record: a changed stored text is what commit_record gives
    from studio.digest.build import build_digest
    from studio.editorial.record import commit_record
    from studio.profile import profile_for
    from studio.sources.model import load_day

    day = load_day(out)
    day.commits[-1].record = "A sentence only the day file has."
    digest = build_digest(day, profile_for(day.repo, None))
    told = {c.sha: commit_record(c).text for c in digest.commits}
    assert told[day.commits[-1].sha] == "A sentence only the day file has."


def test_a_table_written_without_its_outer_pipes_is_left_out():
    # uv 2026-07-17, read aloud: "Workload or Serialization or uv lock wall or CPU."
    body = ("Migrate lockfile serialization to writing TOML directly.\n\n"
            "This avoids constructing a full editable TOML AST when serializing lockfiles:\n\n"
            "Workload | Serialization | uv lock wall | CPU\n-- | -- | -- | --\n"
            "transformers | 15.34 → 6.15 ms (−60%) | −2.4% | −1.5%\n"
            "warehouse | 6.49 → 1.98 ms (−70%) | −1.5% | −1.6%\n\n"
            "Note that the changes here largely move code into one module. A match on "
            "`Int | Bool` stays prose.")
    text = clean_record("abc1234", "Migrate lockfile serialization", body).text
    assert "Workload" not in text and "transformers" not in text and "warehouse" not in text
    assert "Note that the changes here largely move code into one module." in text
    assert "`Int | Bool` stays prose." in text


def test_a_wrapped_tables_prose_cells_are_kept_whole_and_its_pipes_never():
    # executorch 2026-07-31: GitHub's squash message wrapped the table's rows over lines, a
    # cell's prose ran on outside its row and its closing "|" was spoken as "or" ("…without
    # validating anything. or."); an image tag wrapped over lines was read as prose too
    body = ("SiLU's quantized output is forced to reuse its input's scale.\n\n"
            "<img width=\"512\" alt=\"image\"\nsrc=\"https://github.com/user-attachments/"
            "assets/ea71\"\n/>\n\n"
            "| File | Change | Why |\n| --- | --- | --- |\n"
            "| `quantizer/config.py` | Remove\n`silu.default` from `PATTERNS` |\n"
            "The accuracy loss as described above. |\n"
            "| `test/ops/test_silu.py` | `Silu.forward` clones its input | Latent bug\n"
            "found while working on this change: SiLU was mutating the test\npipeline's "
            "shared input tensor, so the test kept passing without\nvalidating anything. |\n\n"
            "Testing is below.")
    text = clean_record("abc1234", "Give SiLU its own output params", body).text
    assert "|" not in text and "src=" not in text and "quantizer/config.py" not in text, text
    assert ("Latent bug found while working on this change: SiLU was mutating the test "
            "pipeline's shared input tensor, so the test kept passing without validating "
            "anything.") in text, text
    assert "Testing is below." in text


def test_a_pr_templates_wrapped_instructions_are_left_out_whole():
    """executorch 2026-08-19: "[PLEASE REMOVE] If this PR introduces a fix or feature that
    should be\\nthe upcoming release notes, please add …" — only its first line was dropped,
    and the rest reached both writers as the commit's prose."""
    body = ("ATen now reconciles an out-of-range integer bound by direction.\n\n"
            "### Summary\n[PLEASE REMOVE] See [CONTRIBUTING.md's Pull\nRequests](https://"
            "github.com/o/r/blob/main/CONTRIBUTING.md#pull-requests)\nfor PR guidelines.\n\n"
            "[PLEASE REMOVE] If this PR introduces a fix or feature that should be\nthe upcoming "
            "release notes, please add a \"Release notes: <area>\" label.\n\n"
            "### Test plan\n[PLEASE REMOVE] How did you test this PR? Please write down any "
            "manual\ncommands you used.\n")
    text = record_text("Skip ATen-mode clamp death tests", body, "")
    assert text == "ATen now reconciles an out-of-range integer bound by direction.", text
