"""A merge commit's explanation is in its merged branch's commits: both sources read them
(git with one `git log` for the whole day, GitHub in the day's GraphQL query), the day file
keeps them, and the body reader tells them."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest
from github_history import repo_data
from github_server import GitHubApiServer
from gitrepo import RepoBuilder, at

from studio.digest.bodies import explain
from studio.plumbing.errors import StudioError
from studio.sources.gitlocal import pull_git
from studio.sources.model import Day, load_day

TOKEN = "ghp_branchTOKEN0123456789abcdefABCDEF012"
DATE = "2026-07-30"
REPO = "numfolk/numlib"
WHY = ("Hypothesis moved from pure Python to Rust, which makes installing it in CI and on "
       "some niche platforms more of a hurdle. We don't really need it everywhere, its purpose "
       "is additive to pytest.")


def build(path: Path) -> Path:
    r = RepoBuilder(path, bare=True, origin=f"git@github.com:{REPO}.git")
    rg, jo, m = ("Ralf Gommers", "ralf@example.com"), ("Joren Ham", "joren@example.com"), (
        "Charles Harris", "charris@example.com")
    r.commit("Initial\n", at("2026-07-01", 8), *m, files={
        "numlib/core.py": "x = 1\n", "README.md": "# NumLib\n\nArrays.\n",
        "pyproject.toml": '[project]\nname = "numlib"\n'})
    # the first branch: a commit that explains, one without a body, main merged in, a review fix
    r.commit(f"DEV/TST: move hypothesis to an optional test dependency\n\n{WHY}\n\nCloses "
             "issue 32101\n", at("2026-07-20", 9), *rg, branch="hyp",
             files={"requirements/test.txt": "pytest\n"})
    r.commit("TYP: direct hypothesis re-exports\n", at("2026-07-21", 9), *jo, branch="hyp",
             files={"numlib/testing.pyi": "x: int\n"})
    r.commit("MAINT: tidy core (#31990)\n", at("2026-07-25", 9), *m,
             files={"numlib/core.py": "x = 2\n"})
    r.commit("Merge branch 'main' into hyp\n\n# Conflicts:\n#\tnumlib/core.py\n",
             at("2026-07-26", 9), *rg, branch="hyp", merge="main",
             files={"numlib/core.py": "x = 2\n"})
    r.commit("MAINT: address review comments\n\nNot the most recent version, three days old for "
             "a bit of cooldown.\n", at("2026-07-29", 9), *rg, branch="hyp",
             files={"requirements/test.txt": "pytest\nhypothesis\n"})
    # the second branch forks before the first merge and lands after it
    r.commit("MAINT: Bump cibuildwheel\n\nBumps cibuildwheel from 4.1 to 4.2.\n",
             at("2026-07-29", 10), "dependabot[bot]", "bot@example.com", branch="deps",
             files={".github/workflows/wheels.yml": "v: 4.2\n"})
    r.commit("Merge pull request #32200 from rgommers/hyp\n\nDEV/TST: move hypothesis to an "
             "optional test dependency\n", at(DATE, 11), *m, merge="hyp",
             files={"requirements/test.txt": "pytest\nhypothesis\n", "numlib/testing.pyi":
                    "x: int\n"})
    r.commit("BUG: fix overflow in i0 (#32223)\n", at(DATE, 12), *m,
             files={"numlib/core.py": "x = 3\n"})
    r.commit("Merge pull request #32201 from numpy/dependabot/wheels\n\nMAINT: Bump "
             "cibuildwheel\n", at(DATE, 13), *m, merge="deps",
             files={".github/workflows/wheels.yml": "v: 4.2\n"})
    return r.close()


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("branch") / "numlib.git")


def test_git_reads_each_merged_branchs_own_bodies(repo):
    day = pull_git(repo, dt.date.fromisoformat(DATE))
    by_title = {c.title: c for c in day.commits}
    hyp = by_title["Merge pull request #32200 from rgommers/hyp"]
    # oldest first; the commit without a body, the merge of main and main's own commit left out
    assert hyp.branch_bodies == [WHY + "\n\nCloses issue 32101",
                                 "Not the most recent version, three days old for a bit of "
                                 "cooldown."]
    deps = by_title["Merge pull request #32201 from numpy/dependabot/wheels"]
    assert deps.branch_bodies == ["Bumps cibuildwheel from 4.1 to 4.2."]
    assert by_title["BUG: fix overflow in i0 (#32223)"].branch_bodies == []


def test_one_git_call_for_the_whole_day(repo, tmp_path):
    log = tmp_path / "trace"
    code = ("import datetime, sys; from studio.sources.gitlocal import pull_git; "
            f"pull_git({str(repo)!r}, datetime.date.fromisoformat({DATE!r}))")
    env = {"GIT_TRACE": str(log), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path.cwd())}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=Path.cwd())
    walks = [line for line in log.read_text().split("\n")
             if "built-in: git log" in line and "--not" in line]
    assert len(walks) == 1  # two merges, one walk


def test_the_day_file_keeps_them_and_old_files_still_load(repo, tmp_path):
    from studio.sources.model import save_day

    day = pull_git(repo, dt.date.fromisoformat(DATE))
    save_day(day, tmp_path / "day.json")
    again = load_day(tmp_path / "day.json")
    assert [c.branch_bodies for c in again.commits] == [c.branch_bodies for c in day.commits]
    data = json.loads((tmp_path / "day.json").read_text())
    for c in data["commits"]:
        del c["branch_bodies"]  # a day file written before the field
    assert all(c.branch_bodies == [] for c in Day.from_dict(data).commits)
    data["commits"][0]["branch_bodies"] = "not a list"
    with pytest.raises(StudioError, match=r"commits\[0\]\.branch_bodies must be a list"):
        Day.from_dict(data)


def test_the_body_reader_tells_what_the_branch_said():
    title, body = "Merge pull request #32200 from rgommers/hyp", (
        "DEV/TST: move hypothesis to an optional test dependency")
    assert not explain(title, body, body)  # the merge alone says nothing
    said = explain(title, body, body, (WHY,)).sentences
    assert said and all(s in WHY.replace("We don't", "The change doesn't") or s in WHY
                        for s in said)
    assert any("Rust" in s for s in said)


def _studio(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path.cwd()), "GITHUB_TOKEN": TOKEN,
           "STUDIO_CACHE_DIR": str(tmp / "cache"), "HOME": str(tmp / "home"),
           "XDG_CACHE_HOME": str(tmp / "xdg"), "GH_CONFIG_DIR": str(tmp / "gh"),
           "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring"}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=120, cwd=tmp)


class _Hist:
    def __init__(self, path: Path) -> None:
        self.path, self.branch = path, "main"


def test_github_gives_the_same_bodies_and_the_same_script(repo, tmp_path):
    with GitHubApiServer(token=TOKEN) as server:
        server.add_repo(repo_data(_Hist(repo), REPO, server.api_url, merged=True))
        gh = _studio(["pull", "--github", REPO, "--date", DATE, "--api-url", server.api_url,
                      "-o", str(tmp_path / "gh.json")], tmp_path)
        requests = server.count()
    assert gh.returncode == 0, gh.stderr
    git = _studio(["pull", "--git", str(repo), "--date", DATE, "-o", str(tmp_path / "git.json")],
                  tmp_path)
    assert git.returncode == 0, git.stderr
    days = {n: json.loads((tmp_path / f"{n}.json").read_text()) for n in ("gh", "git")}
    assert [c["branch_bodies"] for c in days["gh"]["commits"]] == [
        c["branch_bodies"] for c in days["git"]["commits"]]
    assert any(c["branch_bodies"] for c in days["git"]["commits"])
    assert requests == 3  # repository, one page, one GraphQL query: the branches cost nothing
    spoken = {}
    for n in ("gh", "git"):
        out = _studio(["script", str(tmp_path / f"{n}.json"), "-o", str(tmp_path / f"ep-{n}")],
                      tmp_path)
        assert out.returncode == 0, out.stderr
        episode = json.loads((tmp_path / f"ep-{n}" / "episode.json").read_text())
        spoken[n] = [s["text"] for s in episode["segments"]]
    assert spoken["gh"] == spoken["git"]
    assert "Rust" in " ".join(spoken["git"])  # the branch's reason is told


def test_a_merge_does_not_tell_its_prs_title_as_its_reason_and_reads_one_branch_commit():
    title = "Merge pull request #29010 from dwesl/f2py-alloc"
    body = "BUG: f2py: fix allocatable character arrays in module data"
    branch = ("Use the element size lookup for allocatable arrays in the module getter, "
              "matching the non-allocatable path.\n\nCloses #21674",
              "Not the most recent version, three days old for a bit of cooldown.")
    e = explain(title, body, body, branch)
    assert e.sentences == ["Use the element size lookup for allocatable arrays in the module "
                           "getter, matching the non-allocatable path."]
    assert e.fixes == [21674]


def test_a_branch_started_from_another_prs_branch_keeps_only_its_own(tmp_path):
    """numpy 2026-07-23: charris/group-actions-updates reached the commits of
    charris/ignore-hypothesis, merged an hour before; its story got the other PR's reason."""
    r = RepoBuilder(tmp_path / "stacked.git", bare=True)
    ch = ("Charles Harris", "charris@example.com")
    r.commit("Initial\n", at("2026-07-20", 8), *ch, files={"a.txt": "a\n"})
    r.commit("MAINT: Tell dependabot to ignore hypothesis.\n\nThe latest version of hypothesis "
             "uses Rust, so tests using it need binary wheels or Rust installed.\n",
             at("2026-07-23", 8), *ch, branch="ignore", files={"dependabot.yml": "ignore\n"})
    r.commit("Merge branch 'ignore' into group\n", at("2026-07-23", 8, 30), *ch, branch="group",
             merge="ignore", files={"dependabot.yml": "ignore\n"})
    r.commit("MAINT: Group dependabot actions updates.\n\nThis should fix continuing problems "
             "with codeql updates as well as reducing dependabot spam.\n", at("2026-07-23", 9),
             *ch, branch="group", files={"dependabot.yml": "ignore\ngroup\n"})
    r.commit("Merge pull request #32080 from charris/ignore-hypothesis\n\nMAINT: Tell dependabot "
             "to ignore hypothesis.\n", at("2026-07-23", 10), *ch, merge="ignore",
             files={"dependabot.yml": "ignore\n"})
    r.commit("Merge pull request #32087 from charris/group-actions-updates\n\nMAINT: Group "
             "dependabot actions updates.\n", at("2026-07-23", 11), *ch, merge="group",
             files={"dependabot.yml": "ignore\ngroup\n"})
    day = pull_git(r.close(), dt.date(2026, 7, 23))
    bodies = {c.title.split()[3]: c.branch_bodies for c in day.commits}
    assert bodies["#32080"] == ["The latest version of hypothesis uses Rust, so tests using it "
                                "need binary wheels or Rust installed."]
    assert bodies["#32087"] == ["This should fix continuing problems with codeql updates as "
                                "well as reducing dependabot spam."]


def test_what_the_branch_ends_with_is_kept_where_a_later_commit_turns_it(tmp_path):
    """Round 38: pip's help text was told as "added an ISO 8601 reference" (its merge title)
    where the branch's last commit, a title alone, replaced it; pytest's listeners were told to
    remove an option its branch added ("Add invalidation-mode option", a title alone) and then
    dropped. The titles that turn a branch, and what a later commit undoes, are kept, from
    git as from GitHub (both read through studio.sources.branch_bodies.bodies_of)."""
    r = RepoBuilder(tmp_path / "pip.git", bare=True, origin="git@github.com:pypa/pip.git")
    me = ("Keto Zhang", "keto@example.com")
    r.commit("Initial\n", at("2026-08-01", 8), *me, files={"src/cmdoptions.py": "a\n"})
    r.commit("Add iso 8601 durations reference to --uploaded-prior-to docs\n",
             at("2026-08-10", 9), *me, branch="docs", files={"src/cmdoptions.py": "b\n"})
    r.commit("Replace docs mention of iso 8601 durations in favor of P<n>D\n",
             at("2026-08-11", 9), *me, branch="docs", files={"src/cmdoptions.py": "c\n"})
    r.commit("Add invalidation-mode option\n", at("2026-08-12", 9), *me, branch="hash",
             files={"src/rewrite.py": "mode\n"})
    r.commit("Always use checked-hash pycs\n\nDrop the --invalidation-mode option.\n",
             at("2026-08-13", 9), *me, branch="hash", files={"src/rewrite.py": "hash\n"})
    r.commit("Merge pull request #14255 from keto/docs\n\nAdd iso 8601 durations reference\n",
             at("2026-08-16", 11), "Damian Shaw", "d@example.com", merge="docs",
             files={"src/cmdoptions.py": "c\n"})
    r.commit("Merge pull request #14905 from keto/hash\n\nInvalidate pycs by source hash\n",
             at("2026-08-16", 12), "Damian Shaw", "d@example.com", merge="hash",
             files={"src/rewrite.py": "hash\n"})
    day = pull_git(r.close(), dt.date(2026, 8, 16), tz="UTC", branch="main")
    bodies = {c.title[:24]: c.branch_bodies for c in day.commits}
    assert bodies["Merge pull request #1425"] == [
        "Replace docs mention of iso 8601 durations in favor of P<n>D."]
    assert bodies["Merge pull request #1490"] == [
        "Add invalidation-mode option.", "Drop the --invalidation-mode option."]
