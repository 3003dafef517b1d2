"""A fresh desktop starts the app (issue 26, item 4): every library Qt's xcb platform plugin
links is installed by the Makefile's SYSTEM_LIBS (checked with ldd and dpkg on this machine),
and `studio gui` where no window can open prints the doctor's one-line finding and exits 1,
never Qt's paragraph and abort (exit 134)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not shutil.which("dpkg-query"), reason="a Debian machine")


def makefile_list(name: str) -> list[str]:
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    m = re.search(rf"^{name}\s*:=(.*)$", text, re.M)
    assert m, f"no {name} in the Makefile"
    return m.group(1).split()


def xcb_plugin() -> Path:
    from PySide6.QtCore import QLibraryInfo

    plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    return Path(plugins) / "platforms" / "libqxcb.so"


def package_of(library: str) -> str:
    """The installed Debian package holding ``library`` (as ldd resolved it, usrmerge or not)."""
    real = os.path.realpath(library)
    for path in dict.fromkeys((library, real, real.removeprefix("/usr"),
                               library.removeprefix("/usr"))):
        out = subprocess.run(["dpkg-query", "-S", path], capture_output=True, text=True)
        if out.returncode == 0:
            return out.stdout.split(":")[0].strip()
    return ""


def installed_with(packages: list[str]) -> set[str]:
    """``packages`` and everything apt installs with them (Depends and Pre-Depends)."""
    seen: set[str] = set()
    todo = list(packages)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        out = subprocess.run(["dpkg-query", "-W", "-f=${Depends}, ${Pre-Depends}", name],
                             capture_output=True, text=True).stdout
        for part in re.split(r"[,|]", out):
            dep = part.strip().split(" ")[0].split(":")[0]
            if dep and dep not in seen:
                todo.append(dep)
    return seen


def test_every_library_of_qts_xcb_plugin_comes_with_the_makefiles_system_libs():
    plugin = xcb_plugin()
    assert plugin.is_file(), plugin
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=True).stdout
    qt_dir = str(plugin.parents[2])  # Qt's own libraries ship in the wheel
    missing = sorted({line.split()[0] for line in out.splitlines() if "not found" in line})
    assert not missing, f"Qt's xcb plugin cannot load: {missing} are not installed"
    resolved = {m.group(1) for m in re.finditer(r"=> (/\S+)", out)}
    system = sorted(p for p in resolved if not os.path.realpath(p).startswith(
        os.path.realpath(qt_dir)) and "PySide6" not in p and "shiboken6" not in p)
    assert len(system) > 20, out  # libxcb*, libX11, libEGL, ... (a real check, not a vacuous one)
    covered = installed_with(makefile_list("SYSTEM_LIBS"))
    uncovered = {}
    for library in system:
        package = package_of(library)
        assert package, f"no package owns {library}"
        if package not in covered:
            uncovered[package] = library
    assert not uncovered, ("the Makefile's SYSTEM_LIBS does not install "
                           + ", ".join(f"{p} ({lib})" for p, lib in sorted(uncovered.items())))


def studio_gui(tmp: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE")}
    clean.update(PYTHONPATH=str(ROOT), COMMITCAST_CONFIG_DIR=str(tmp / "config"),
                 COMMITCAST_STATE_DIR=str(tmp / "state"), **env)
    return subprocess.run([sys.executable, "-m", "studio", "gui", "--demo"], capture_output=True,
                          text=True, env=clean, timeout=120)


def no_x_server() -> str:
    n = 77
    while Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
        n += 1
    return f":{n}"


def one_doctor_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, (result.returncode, result.stderr)  # not 134 (SIGABRT)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # not Qt's paragraph
    assert lines[0].startswith("studio: error: desktop app: PySide6 "), lines[0]
    assert "xcb-cursor0" not in lines[0] and "Traceback" not in result.stderr
    return lines[0]


def test_gui_without_a_display_prints_the_doctors_line_and_exits_1(tmp_path):
    line = one_doctor_line(studio_gui(tmp_path))
    assert "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset)" in line
    assert "fix: run it in a desktop session" in line and "--screenshot" in line


def test_gui_on_a_display_nobody_serves_says_so_instead_of_aborting(tmp_path):
    display = no_x_server()
    line = one_doctor_line(studio_gui(tmp_path, DISPLAY=display))
    assert f"cannot connect to the X display {display}" in line
    forced = one_doctor_line(studio_gui(tmp_path, DISPLAY=display, QT_QPA_PLATFORM="xcb"))
    assert forced == line


def test_the_doctor_gives_the_same_finding_without_a_display(tmp_path):
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE")}
    clean.update(PYTHONPATH=str(ROOT), HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "studio", "doctor", "--offline"],
                            capture_output=True, text=True, env=clean, timeout=180, cwd=tmp_path)
    gui = one_doctor_line(studio_gui(tmp_path)).removeprefix("studio: error: desktop app: ")
    detail, fix = gui.split("; fix: ")
    lines = result.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line[6:].startswith("desktop app "))
    assert lines[at].startswith("warn") and lines[at].endswith(detail)
    assert lines[at + 1].strip() == f"fix: {fix}"
