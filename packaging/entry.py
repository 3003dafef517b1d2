"""The bundle's launcher: the ``studio`` command, and ``studio -m MODULE`` for workers.

The studio starts helper processes as ``sys.executable -m studio.narration.speak`` (speech)
and ``-m studio.doctor.voices_probe``, and the desktop app uses multiprocessing's ``spawn``;
in a PyInstaller bundle ``sys.executable`` is this launcher, so ``-m`` and
``freeze_support()`` are handled here. ffmpeg is looked up on PATH; a ``bin/`` folder inside
the bundle (see bundle_config.py) is put first on PATH, so a bundled ffmpeg is found first.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path


def bundled_bin_dirs() -> list[Path]:
    roots = [Path(getattr(sys, "_MEIPASS", "")), Path(sys.executable).resolve().parent]
    return [root / "bin" for root in roots if str(root) and (root / "bin").is_dir()]


def main() -> int:
    import multiprocessing

    # The desktop app runs jobs in `spawn` child processes; in a bundle a child is this same
    # launcher, and freeze_support() turns it into the worker instead of a second studio.
    multiprocessing.freeze_support()
    dirs = [str(d) for d in bundled_bin_dirs()]
    if dirs:
        os.environ["PATH"] = os.pathsep.join([*dirs, os.environ.get("PATH", "")])
    if len(sys.argv) >= 3 and sys.argv[1] == "-m":
        module = sys.argv[2]
        sys.argv = [module, *sys.argv[3:]]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        return 0
    from studio.cli.main import main as studio_main

    return studio_main()


if __name__ == "__main__":
    worker = sys.argv[1:2] == ["-m"]  # main() rewrites argv for a worker module
    code = main()
    if worker:
        sys.exit(code)
    from studio.plumbing.process_exit import finish

    finish(code)  # a command's work is on disk: end without the interpreter's teardown
