"""One story whichever way the day was pulled: a realistic day served by the local GitHub API
server and read from the clone gives the same day content and the same script.

The day (a squash-merging project, short excerpts of real commit text): a large new module
with a Summary, a ghstack-style deletion stack by one author, a revert of a look-back PR with
its reason, a test-only and a docs-only change, a CI change, a fix with a body, a rename and a
binary file, co-authors and a "Surname, Given" author.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from github_history import serving
from gitrepo import GH_COMMITTER, RepoBuilder, at, gh_revert, squash

TOKEN = "ghp_storyTOKEN0123456789abcdefABCDEF0123"
DATE = "2026-08-14"
REPO = "acme/quantlib"
GH = {"committer": GH_COMMITTER[0], "committer_email": GH_COMMITTER[1]}
POISONED = "* Update\n\n[ghstack-poisoned]\n\n* Update\n\n[ghstack-poisoned]"


def _lines(prefix: str, n: int) -> str:
    return "".join(f"{prefix} = {i}\n" for i in range(n))


def build_day(path: Path) -> RepoBuilder:
    r = RepoBuilder(path, bare=True, origin=f"git@github.com:{REPO}.git")
    lz, vk, lw = ("Luca Wehrstedt", "lcw@meta.com"), ("Vasiliy Kuznetsov", "vkuzo@example.com"), (
        "Wang, Chuanqi", "chuanqi.wang@example.com")
    r.commit(squash("Initial layout", 4600), at("2026-07-20", 9), *lz, **GH, files={
        "quantlib/nf4.py": _lines("nf4", 40), "quantlib/mx_dispatch.py": _lines("mx", 60),
        "quantlib/floatx/primitives.py": _lines("fx", 120), "quantlib/linear.py": _lines("l", 30),
        "README.md": "# QuantLib\n\nQuantization recipes.\n", "docs/logo.png": b"\x89PNG\x00\x01",
        "pyproject.toml": '[project]\nname = "quantlib"\n',
        "quantlib/old_name.py": _lines("o", 12)})
    r.commit(squash(
        "Enable rowwise MXFP8 CUDA quantization", 4709,
        "Adds a rowwise mode to the MXFP8 CUDA quantization kernel, so activations can be "
        "scaled per row instead of per tensor.\n\nCo-authored-by: Daniel Vega-Myhre "
        "<danvm@example.com>"), at("2026-08-06", 15), *lz, **GH,
        files={"quantlib/mx_dispatch.py": _lines("mx", 75)})
    r.commit(squash("Tidy the float8 config", 4710), at("2026-08-08", 10), *vk, **GH,
             files={"quantlib/linear.py": _lines("l", 31)})
    # the day
    r.commit(squash("Add MoE training backend for MXFP8", 4801,
                    "Summary: a new training backend for mixture-of-experts models that keeps "
                    "expert weights in MXFP8, cutting expert memory by about half on H100.\n\n"
                    "Test Plan: pytest test/moe/test_backend.py"),
             at(DATE, 8), *lz, **GH, files={"quantlib/moe/backend.py": _lines("moe", 420),
                                            "quantlib/moe/__init__.py": "from .backend import *\n",
                                            "test/moe/test_backend.py": _lines("t", 90)})
    for hour, (title, pr, gone) in enumerate([
            ("Remove unused NF4 helper", 4747, "quantlib/nf4.py"),
            ("Remove orphaned MX dispatch module", 4748, "quantlib/mx_dispatch.py"),
            ("Remove unused FloatX quantization primitives", 4749,
             "quantlib/floatx/primitives.py")]):
        r.commit(squash(title, pr, POISONED), at(DATE, 9 + hour), *vk, **GH, files={},
                 delete=[gone])
    r.commit(gh_revert("Enable rowwise MXFP8 CUDA quantization", 4709, 4760, REPO,
                       "Breaks the nightly build on H100: the rowwise kernel reads past the "
                       "end of the scale tensor."), at(DATE, 8, 30), "Ruth Ng", "ruth@example.com",
             **GH, files={"quantlib/mx_dispatch.py": _lines("mx", 60)})
    r.commit(squash("Add tests for the float8 linear layer", 4761,
                    "The float8 linear layer had no test for bias=False; this adds one."),
             at(DATE, 14), *lw, **GH, files={"test/float8/test_linear.py": _lines("t", 60)})
    r.commit(squash("Fix a typo in the quantization README", 4762), at(DATE, 15), *lw, **GH,
             files={"README.md": "# QuantLib\n\nQuantisation recipes.\n",
                    "docs/logo.png": b"\x89PNG\x00\x02"})
    r.commit(squash("[CI] Reuse setup-xpu/teardown-xpu actions in the XPU workflow", 4799),
             at(DATE, 16), "Akash Verma", "akash@example.com", **GH,
             files={".github/workflows/xpu_test.yml": "on: push\n"})
    r.commit(squash("Fix RoundingModeKind incompatible with nvidia-cutlass-dsl 4.6.0+", 4765,
                    "nvidia-cutlass-dsl 4.6.0 renamed the rounding mode enum, so importing "
                    "the MXFP8 kernels failed with an AttributeError. This looks the enum up "
                    "under both names.\n\nFixes #4764"), at(DATE, 17), *lz, **GH,
             files={"quantlib/kernels/rounding.py": _lines("r", 14)},
             rename={"quantlib/old_name.py": "quantlib/kernels/names.py"})
    r.commit(squash("Tidy the float8 config again", 4811), at("2026-08-15", 1), *vk, **GH)
    return r


def studio(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
    env.update(STUDIO_CACHE_DIR=str(tmp / "cache"), HOME=str(tmp / "home"),
               XDG_CACHE_HOME=str(tmp / "xdg"), GH_CONFIG_DIR=str(tmp / "gh"),
               GITHUB_TOKEN=TOKEN, PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=120, cwd=tmp)


# What the digest reads of a commit; pr_title/pr_labels are GitHub's alone and may differ.
STORY_FIELDS = ("sha", "title", "body", "pr_body", "author_name", "author_email", "files",
                "changes", "parents")


def story_of(day: dict) -> dict:
    return {part: [{k: c[k] for k in STORY_FIELDS} for c in day[part]]
            for part in ("commits", "lookback")} | {
        k: day[k] for k in ("repo", "branch", "date", "lookback_total", "merged_prs",
                            "project")}


@pytest.fixture(scope="module")
def pulled(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("story")
    repo = build_day(tmp / "quantlib.git").close()
    with serving(_Hist(repo), TOKEN, REPO, merged=True) as server:
        gh = studio(["pull", "--github", REPO, "--date", DATE, "--api-url", server.api_url,
                     "-o", str(tmp / "gh.json")], tmp)
        requests = server.count()
    assert gh.returncode == 0, gh.stderr
    git = studio(["pull", "--git", str(repo), "--date", DATE, "-o", str(tmp / "git.json")], tmp)
    assert git.returncode == 0, git.stderr
    return tmp, requests


class _Hist:
    def __init__(self, path: Path) -> None:
        self.path, self.branch = path, "main"


def test_the_same_day_content_both_ways(pulled):
    tmp, requests = pulled
    gh = json.loads((tmp / "gh.json").read_text())
    git = json.loads((tmp / "git.json").read_text())
    assert story_of(gh) == story_of(git)
    day = story_of(git)
    assert len(day["commits"]) == 9 and day["merged_prs"] == 9
    assert day["project"] == "QuantLib"  # the README's spelling of the package's name
    moe = next(c for c in day["commits"] if "MoE" in c["title"])
    assert {"path": "quantlib/moe/backend.py", "added": 420, "deleted": 0,
            "status": "added"} in moe["changes"]
    assert [c["title"] for c in day["lookback"]] == ["Enable rowwise MXFP8 CUDA quantization "
                                                      "(#4709)"]
    assert gh["notes"] == [] and requests == 3  # repository, one page, one GraphQL query


def test_the_same_script_both_ways(pulled):
    tmp, _ = pulled
    episodes = {}
    for name in ("gh", "git"):
        result = studio(["script", str(tmp / f"{name}.json"), "-o", str(tmp / f"ep-{name}")], tmp)
        assert result.returncode == 0, result.stderr
        episodes[name] = json.loads((tmp / f"ep-{name}" / "episode.json").read_text())
    gh, git = episodes["gh"], episodes["git"]
    assert gh["title"] == git["title"]
    assert gh["summary"] == git["summary"]
    assert [s["text"] for s in gh["segments"]] == [s["text"] for s in git["segments"]]
    spoken = " ".join(s["text"] for s in git["segments"])
    assert "merged pull requests" not in spoken and "GitHub" not in spoken
