"""pyproject.toml declares only what the studio uses, and `make venv` installs every extra
(but the bench's llm-local, which compiles llama.cpp).

A declared dependency that no module imports costs every install (and, for pydub, a second
copy of a decoder the studio already drives itself: see the README's "Why not pydub").
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# packages that are data, not modules: nothing imports them by name
DATA_ONLY = {"tzdata"}
# extras for the developer's tools, not the studio's code
TOOL_EXTRAS = {"test", "llm-local"}
# extras `make venv` leaves out: llm-local compiles llama.cpp for bench/bench_llm_servers.py
NOT_IN_MAKE = {"llm-local"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].strip().lower()


def _modules(dist: str) -> set[str]:
    """The top-level modules a distribution installs (its own name when it is not installed)."""
    found = {mod for mod, dists in packages_distributions().items()
             if any(d.lower().replace("_", "-") == dist for d in dists)}
    return found or {dist.replace("-", "_")}


def _imported(modules: set[str]) -> bool:
    names = "|".join(map(re.escape, modules))
    pattern = re.compile(rf"^\s*(?:import|from)\s+(?:{names})\b", re.MULTILINE)
    return any(pattern.search(p.read_text(encoding="utf-8"))
               for p in (ROOT / "studio").rglob("*.py"))


def _declared() -> list[str]:
    names = [_name(r) for r in PYPROJECT["project"]["dependencies"]]
    for extra, reqs in PYPROJECT["project"]["optional-dependencies"].items():
        if extra not in TOOL_EXTRAS:
            names += [_name(r) for r in reqs]
    return [n for n in names if n not in DATA_ONLY and not n.endswith("-voice")]


def test_every_declared_dependency_is_imported_by_the_studio():
    unused = [name for name in _declared() if not _imported(_modules(name))]
    assert unused == []


def test_pydub_and_its_audioop_backport_are_not_declared():
    declared = {_name(r) for r in PYPROJECT["project"]["dependencies"]}
    assert not declared & {"pydub", "audioop-lts"}


def test_make_venv_installs_every_extra():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = re.search(r"pip install .*-e '\.\[([^\]]*)\]'", makefile)
    assert line, "the Makefile's editable install line"
    assert set(line.group(1).split(",")) == set(
        PYPROJECT["project"]["optional-dependencies"]) - NOT_IN_MAKE
