"""Qt stays in the GUI package: no module outside studio/gui imports PySide6 (or shiboken6),
and only the `studio gui` command reaches into studio.gui, lazily, inside its handler."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUDIO = ROOT / "studio"
QT = ("PySide6", "shiboken6", "PyQt5", "PyQt6")


def _imports(tree: ast.AST):
    """(module name, node, enclosing function or None) for every import in ``tree``."""
    def walk(node: ast.AST, func: ast.AST | None):
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else func
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, child, func
            elif isinstance(child, ast.ImportFrom):
                base = "." * child.level + (child.module or "")
                yield base, child, func
                for alias in child.names:
                    yield f"{base}.{alias.name}" if child.module else base + alias.name, child, func
            yield from walk(child, inner)
    yield from walk(tree, None)


def _core_files() -> list[Path]:
    return [p for p in STUDIO.rglob("*.py") if "gui" not in p.relative_to(STUDIO).parts[:1]]


def test_no_qt_outside_the_gui_package():
    offenders = []
    for path in _core_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name, node, _func in _imports(tree):
            if name.split(".")[0] in QT:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not offenders, "\n".join(offenders)
    assert len(_core_files()) > 20  # the walk really saw the core


def test_only_cmd_gui_reaches_the_gui_and_only_lazily():
    offenders = []
    for path in _core_files():
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name, node, func in _imports(tree):
            absolute = name.startswith("studio.gui")
            relative = name.lstrip(".").startswith("gui") and name.startswith(".")
            if not (absolute or relative):
                continue
            if rel != "studio/cli/cmd_gui.py" or func is None:
                offenders.append(f"{rel}:{node.lineno} imports {name}")
    assert not offenders, "\n".join(offenders)


def test_the_checker_catches_a_top_level_qt_import():
    tree = ast.parse("import os\nfrom PySide6.QtCore import QObject\n"
                     "def f():\n    from ..gui.app import run\n")
    names = [(n, f is not None) for n, _node, f in _imports(tree)]
    assert ("PySide6.QtCore", False) in names
    assert ("..gui.app", True) in names


def test_the_command_line_starts_without_qt():
    code = ("import sys, studio.cli.main as m; m.build_parser(); "
            "import studio.pipeline, studio.editing, studio.projects, studio.settings; "
            "print(sorted(k for k in sys.modules if k.split('.')[0] in "
            "('PySide6', 'shiboken6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def _module_imports(rel: str) -> list[str]:
    """Every module ``studio/<rel>`` imports, at any depth of the file, as absolute names."""
    path = STUDIO / rel
    package = ["studio", *Path(rel).parent.parts]
    names = []
    for name, _node, _func in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if name.startswith("."):
            level = len(name) - len(name.lstrip("."))
            base = package[:len(package) - level + 1]
            name = ".".join([*base, name.lstrip(".")]) if name.lstrip(".") else ".".join(base)
        names.append(name)
    return names


def test_the_episode_model_imports_nothing_of_the_recorder():
    """The model is the bottom of the flow: recovery of recordings and exports is run by the
    commands and the app (studio.recovery), not from inside ``load_episode``."""
    names = _module_imports("episode.py")
    assert "studio.plumbing.errors" in names  # the walk resolved the model's relative imports
    assert [n for n in names if n.startswith(("studio.recording", "studio.recovery",
                                               "studio.export"))] == []
    code = "import sys, studio.episode; print(sorted(k for k in sys.modules if 'record' in k))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
