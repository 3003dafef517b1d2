"""The desktop bundle, built once and measured (a manual check: a build takes a minute or more,
so it is not part of `make test`).

Builds ``packaging/studio.spec`` with PyInstaller into a temporary folder and reports: build
time, bundle size (and the largest parts), and the start-up time of ``studio --version``,
``studio doctor --offline`` and the wall time of ``studio demo`` (a whole episode: script,
speech workers, mastering, export, publish) from the bundle against the same commands from
the venv (the
baseline, same run). Needs PyInstaller in the venv (`make bundle` installs it).

    .venv/bin/python bench/bench_bundle.py [--repeat 5] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"


def size_of(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def timed(cmd: list[str], repeat: int, out: Path | None = None) -> float:
    times = []
    for _ in range(repeat):
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT,
                       env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def gui_row(work: Path) -> list[tuple[str, list[str], None]]:
    """Start the desktop app offscreen and save its window, when the app is in this tree."""
    if not (ROOT / "studio" / "cli" / "cmd_gui.py").exists():
        return []
    return [("gui --screenshot", ["gui", "--demo", "--screenshot", str(work / "gui.png")], None)]


def unresolved_links(bundle: Path) -> list[str]:
    """``file: library`` for every library a bundled ELF file links that neither the bundle
    nor this system has (ldd, with the bundle's folders on the library path)."""
    internal = bundle / "_internal"
    env = dict(os.environ, LD_LIBRARY_PATH=f"{internal}:{internal / 'PySide6' / 'Qt' / 'lib'}")
    found = set()
    for path in internal.rglob("*.so*"):
        if not path.is_file():
            continue
        out = subprocess.run(["ldd", str(path)], capture_output=True, text=True, env=env)
        for line in out.stdout.splitlines():
            if "not found" in line:
                found.add(f"{path.relative_to(internal)}: {line.split()[0]}")
    return sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    args = parser.parse_args()
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit("PyInstaller is not installed: .venv/bin/pip install 'pyinstaller>=6.10,<7'")
    work = Path(tempfile.mkdtemp(prefix="bundle-bench-"))
    dist = args.keep or work / "dist"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--log-level", "ERROR", "--distpath", str(dist), "--workpath",
                    str(work / "build"), "studio.spec"], cwd=PACKAGING, check=True)
    build = time.perf_counter() - start
    bundle = dist / "commitcast-studio"
    internal = bundle / "_internal"
    parts = sorted(((size_of(p) if p.is_dir() else p.stat().st_size, p.name)
                    for p in internal.iterdir()), reverse=True)[:6]
    exe = str(bundle / "studio")
    venv = [sys.executable, "-m", "studio"]
    rows = []
    demo = work / "demo"
    for label, tail, out in (("--version", ["--version"], None),
                             ("doctor --offline", ["doctor", "--offline"], None),
                             ("demo (whole episode)", ["demo", "-q", "--out", str(demo)], demo),
                             *gui_row(work)):
        b = timed([exe, *tail], args.repeat, out)
        v = timed([*venv, *tail], args.repeat, out)
        rows.append((label, b, v))
    missing = unresolved_links(bundle)
    qt_missing = [m for m in missing if ": libQt6" in m]
    print(f"build: {build:.0f} s   bundle: {size_of(bundle) / 1e6:.0f} MB in {bundle}")
    print(f"unresolved links: {len(missing)} ({len(qt_missing)} to Qt libraries the bundle "
          "should hold)")
    for line in missing:
        print(f"  {line}")
    print("largest parts: " + ", ".join(f"{name} {size / 1e6:.0f} MB" for size, name in parts))
    print(f"{'command':<22}{'bundle':>10}{'venv':>10}{'ratio':>8}   (median of {args.repeat})")
    for label, b, v in rows:
        print(f"{label:<22}{b:>9.2f}s{v:>9.2f}s{b / v:>8.2f}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
