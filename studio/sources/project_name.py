"""A project's own name, read from its package metadata or README, for naming its show.

Works on a working copy (its files as they are) and on a bare clone (``HEAD``'s files). Looks, in order, at
``pyproject.toml`` (``[project] name``, then ``[tool.poetry] name``), ``setup.cfg``
(``[metadata] name``), ``package.json`` (``name``), ``Cargo.toml`` (``[package] name``, else
``[workspace.package] name``) and the README's first heading. When the README heading spells
the same name with other capitals ("Ruff" for ``ruff``), the README's spelling wins; a
heading that is a different name is used only without metadata, or when the README never
mentions the metadata's name at all: then the metadata names a component (git's ``Cargo.toml``
builds a helper crate called "gitcore"; its README is headed "Git"), not the project. "" when
nothing names the project.
"""

from __future__ import annotations

import configparser
import json
import os
import re
import subprocess
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..plumbing.redact import child_env

if TYPE_CHECKING:
    from .model import Day

_README = ("README.md", "README.rst", "README.markdown", "README.txt", "README", "readme.md")
_MAX_BYTES = 512 * 1024


def _git(repo: Path, *args: str) -> bytes | None:
    try:
        out = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, timeout=20,
            env=dict(child_env(), LC_ALL="C", GIT_TERMINAL_PROMPT="0"), check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


class _Tree:
    """A clone's top-level files: from its working tree where checked out, else from HEAD
    (a bare clone, or a clone without a checkout)."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        listing = _git(repo, "ls-tree", "--name-only", "-z", "HEAD") or b""
        self.committed = {n.decode("utf-8", "replace") for n in listing.split(b"\0") if n}

    def read(self, name: str) -> str:
        path = self.repo / name
        try:
            if path.is_file():
                return path.read_bytes()[:_MAX_BYTES].decode("utf-8", "replace")
        except OSError:
            pass
        if name not in self.committed:
            return ""
        data = _git(self.repo, "show", f"HEAD:{name}")
        return data[:_MAX_BYTES].decode("utf-8", "replace") if data else ""


def _clean(name: str) -> str:
    name = " ".join(str(name).split())
    name = name.removeprefix("@").split("/")[-1] if name.startswith("@") else name
    return name if 0 < len(name) <= 60 and re.search(r"\w", name) else ""


def _toml_name(text: str, *tables: tuple[str, ...]) -> str:
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return ""
    for table in tables:
        node: object = data
        for key in table:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, str) and _clean(node):
            return _clean(node)
    return ""


def _setup_cfg_name(text: str) -> str:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
        return _clean(parser.get("metadata", "name", fallback=""))
    except configparser.Error:
        return ""


def _package_json_name(text: str) -> str:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # a hostile repository's package.json
        return ""
    name = data.get("name") if isinstance(data, dict) else None
    return _clean(name) if isinstance(name, str) else ""


def readme_heading(text: str) -> str:
    """The first heading's words: ``# TorchAO``, ``<h1>NumPy</h1>``, an underlined rst title;
    badges, images, links and emphasis taken out."""
    lines = text.splitlines()[:80]
    for i, line in enumerate(lines):
        found = ""
        if m := re.match(r"^\s{0,3}#\s+(.*?)\s*#*\s*$", line):
            found = m.group(1)
        elif m := re.search(r"<h1\b[^>]*>(.*?)(?:</h1>|$)", line, re.I):
            found = m.group(1)
            if "</h1>" not in line.lower():  # a heading over several lines (a logo's link)
                rest = " ".join(lines[i + 1:i + 8])
                found += " " + re.split(r"</h1>", rest, maxsplit=1, flags=re.I)[0]
            if not re.sub(r"<[^>]+>", "", found).strip():  # only a logo: its alt text names it
                alt = re.search(r"<img\b[^>]*\balt=[\"']([^\"']{2,60})[\"']", found, re.I)
                found = re.sub(r"\s+(?:logo|banner|icon|wordmark)$", "", alt.group(1).strip(),
                               flags=re.I) if alt else ""
        elif (i + 1 < len(lines) and line.strip() and re.fullmatch(r"(=+|#+|\*+)", lines[i + 1].strip())
              and len(lines[i + 1].strip()) >= len(line.strip()) - 1):
            found = line
        if not found:
            continue
        found = re.sub(r"!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>|\[!\[.*?\]\(.*?\)\]\(.*?\)", "", found)
        found = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", found)
        found = re.sub(r"<[^>]+>|[*_`]|:[a-z_]+:", "", found).strip(" -:|")
        found = re.split(r"\s+[-–—:|]\s+", found, maxsplit=1)[0].strip()
        if found and len(found.split()) <= 6:
            return _clean(found)
    return ""


def _folded(name: str) -> str:
    return re.sub(r"[\W_]+", "", name.casefold())


def project_name(repo_path: str | os.PathLike[str]) -> str:
    """The project's own name for the clone at ``repo_path``; "" when nothing names it."""
    return project_name_from(_Tree(Path(repo_path)).read)


def project_name_from(read: Callable[[str], str]) -> str:
    """The project's own name from ``read(file name) -> text`` ("" for a missing file) over the
    repository's top-level files: a clone's, or a forge's contents API for a remote pull, so
    both sources name the show alike."""
    meta = (
        _toml_name(read("pyproject.toml"), ("project", "name"), ("tool", "poetry", "name"))
        or _setup_cfg_name(read("setup.cfg"))
        or _package_json_name(read("package.json"))
        or _toml_name(read("Cargo.toml"), ("package", "name"), ("workspace", "package", "name"))
    )
    heading, readme = "", ""
    for name in _README:
        readme = read(name)
        if readme:
            heading = readme_heading(readme)
            break
    if meta and heading and (_folded(heading) == _folded(meta) or _folded(meta) not in _folded(readme)):
        return heading
    return meta or heading


def github_project_name(repo: str) -> str:
    """``pytorch/ao`` → "ao": a GitHub repository's name, spelled as GitHub spells it."""
    return repo.rstrip("/").rsplit("/", 1)[-1]


def day_project(day: Day) -> str:
    """The name a day's show goes by when no profile names it: the project's own name from
    the clone, or for a GitHub pull the repository's name as GitHub spells it."""
    if day.project.strip():
        return day.project.strip()
    return github_project_name(day.repo) if day.source == "github" else ""
