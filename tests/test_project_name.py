"""The show's name: the project's own name from its metadata or README, in real repositories."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from gitrepo import RepoBuilder, at, squash

from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.sources.gitlocal import pull_git
from studio.sources.model import Day
from studio.sources.project_name import day_project, project_name, readme_heading

DAY = "2026-08-20"


def _repo(path, files: dict[str, str], bare: bool = True):
    with RepoBuilder(path, bare=bare) as r:
        r.commit(squash("Add the widget cache", 10), at(DAY, 9), "Ada Byron", "ada@ex.com",
                 files={"src/a.py": "x\n", **files})
    return path


@pytest.mark.parametrize(("files", "name"), [
    ({"pyproject.toml": '[project]\nname = "torchao"\n', "README.md": "# TorchAO\n"}, "TorchAO"),
    ({"pyproject.toml": '[project]\nname = "numpy"\n',
      "README.md": '<h1 align="center">\n<img src="logo.svg">\n</h1>\n'}, "numpy"),
    ({"pyproject.toml": '[tool.poetry]\nname = "widgetry"\n'}, "widgetry"),
    ({"setup.cfg": "[metadata]\nname = cfgproject\nversion = 1\n"}, "cfgproject"),
    ({"package.json": json.dumps({"name": "@acme/web-kit", "version": "1.0.0"})}, "web-kit"),
    ({"Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n[workspace.package]\nname = "ruffish"\n'},
     "ruffish"),
    ({"Cargo.toml": '[package]\nname = "ruff"\n', "README.md": "<!-- x -->\n\n# Ruff\n\n[![badge](u)](v)\n"},
     "Ruff"),
    # git/git: a C project whose Cargo.toml builds a helper crate; the README never names it
    ({"Cargo.toml": '[package]\nname = "gitcore"\n[lib]\ncrate-type = ["staticlib"]\n',
      "README.md": "[![CI](u)](v)\n\nGit - fast, scalable, distributed revision control system\n"
                   "=========================================================\n\nGit is fast.\n"}, "Git"),
    # a README heading that is not the name, with the metadata's name in its text: metadata wins
    ({"pyproject.toml": '[project]\nname = "frob"\n', "README.md": "# Welcome\n\nInstall frob.\n"}, "frob"),
    ({"README.md": "<div align=\"center\">\n\n# TorchAO\n\n</div>\n"}, "TorchAO"),
    ({"README.rst": "Widget Works\n============\n\nText.\n"}, "Widget Works"),
    ({"README.md": "# [Frobnicator](https://ex.com) - the fastest frob\n"}, "Frobnicator"),
    ({}, ""),
])
def test_project_name_from_metadata_or_readme(tmp_path, files, name):
    assert project_name(_repo(tmp_path / "repo", files)) == name


def test_working_tree_wins_over_head_and_no_checkout_reads_head(tmp_path):
    path = _repo(tmp_path / "work", {"pyproject.toml": '[project]\nname = "old"\n'}, bare=False)
    assert project_name(path) == "old"  # nothing checked out: read from HEAD
    (path / "pyproject.toml").write_text('[project]\nname = "renamed"\n')
    assert project_name(path) == "renamed"


def test_broken_metadata_falls_through(tmp_path):
    files = {"pyproject.toml": "[project\nname = ", "package.json": "{not json",
             "README.md": "# Good Name\n"}
    assert project_name(_repo(tmp_path / "repo", files)) == "Good Name"


def test_readme_heading_cleanup():
    assert readme_heading("# **Ruff** :zap:\n") == "Ruff"
    # a heading that is only a logo, over several lines (polars): its alt text names it
    assert readme_heading('<h1 align="center">\n  <a href="https://pola.rs">\n    <img src='
                          '"https://x/banner.svg" alt="Polars logo">\n  </a>\n</h1>\n') == "Polars"
    assert readme_heading("Intro line\n\n## Not first level\n") == ""


def test_a_show_from_a_folder_named_repo_takes_the_project_name(tmp_path):
    path = _repo(tmp_path / "repo", {"pyproject.toml": "[project]\nversion = '1'\n",
                                     "README.md": "<div align=\"center\">\n\n# TorchAO\n</div>\n"})
    day = pull_git(path, dt.date.fromisoformat(DAY))
    assert day.repo == "repo" and day.project == "TorchAO"
    assert Day.from_dict(json.loads(json.dumps(day.to_dict()))).project == "TorchAO"
    digest = build_digest(day, profile_for(day.repo, project=day_project(day)))
    assert digest.show == "TorchAO"
    # a show profile names the show itself
    assert profile_for("pytorch/pytorch", project="TorchAO").name == "PyTorch"


def test_github_days_use_the_repository_name_as_github_spells_it():
    day = Day(repo="pytorch/ao", branch="main", date=DAY, tz="UTC", source="github",
              start="", end="")
    assert day_project(day) == "ao"
    assert profile_for(day.repo, project=day_project(day)).name == "ao"
    old = Day.from_dict({"repo": "widgets", "branch": "main", "date": DAY, "tz": "UTC",
                         "source": "git", "start": "", "end": "", "commits": []})
    assert day_project(old) == "" and profile_for(old.repo).name == "Widgets"


def test_the_same_rules_over_any_file_reader():
    from studio.sources.project_name import project_name_from

    files = {"pyproject.toml": "[project]\nversion = '1'\n", "README.md": "# TorchAO\n"}
    assert project_name_from(lambda name: files.get(name, "")) == "TorchAO"
    assert project_name_from(lambda name: "") == ""
