"""What the PyInstaller bundle holds, kept apart from ``studio.spec`` so tests can check it.

* Qt: only the modules the studio imports (``QT_KEEP``) go in; every other PySide6 module is
  excluded (WebEngine alone is several hundred MB).
* ffmpeg/ffprobe are NOT bundled by default: the bundle finds them on PATH at run time
  (Debian: ``apt-get install ffmpeg``), as the studio's decoding and mastering do. Build with
  ``STUDIO_BUNDLE_FFMPEG=1`` to copy this machine's ffmpeg and ffprobe (and the libraries
  they link) into the bundle's ``bin/``; the launcher puts that folder first on PATH, so a
  bundled ffmpeg wins and a missing one falls back to the system's.
* espeak-ng is a system library that pyttsx3 loads at run time (``libespeak-ng1``): not bundled.
* Piper (``piper-tts``, GPL-3.0-or-later) and ONNX Runtime stay out even when the build's
  venv has the ``piper`` extra: the bundle narrates with pyttsx3, and ``studio doctor`` says
  Piper is not there. ``STUDIO_BUNDLE_PIPER=1`` lets them in; such a bundle must carry what
  the README's "Licences" says (piper-tts's licence and source offer, ONNX Runtime's notices,
  each voice's model card), and its voice packages' data files must be collected as well.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
APP_ID = "io.github.commitcast.Studio"
NAME = "commitcast-studio"  # the folder dist/commitcast-studio/
EXECUTABLE = "studio"  # the command inside it, as with pip: `studio gui`, `studio produce`

# The Qt modules the studio imports (tests/test_packaging.py checks the source against it);
# QtNetwork and QtSvg come along as dependencies of QtMultimedia and of the SVG icon.
QT_KEEP = {"QtCore", "QtGui", "QtWidgets", "QtMultimedia", "QtNetwork", "QtSvg"}

# Packages whose modules are loaded by name at run time, which PyInstaller's import scan
# cannot see: the studio's worker modules (`-m studio.narration.speak`), feedgen's extensions
# (`load_extension("podcast")`), pyttsx3's drivers, keyring's backends.
COLLECT_PACKAGES = ["studio", "feedgen.ext", "pyttsx3.drivers", "keyring.backends"]

# Qt plugins pull in Qt libraries the studio never uses (the virtual keyboard plugin needs
# its own library, the PDF image plugin QtPdf, eglfs is for screens without a window system):
# their files are dropped after analysis, matched on the path inside the bundle. QtQml and
# QtQuick stay: QtMultimedia's FFmpeg plugin links them (bench/bench_bundle.py checks that
# every Qt library a bundled file links is in the bundle).
DROP_FILES = ("libQt6Pdf", "libQt6VirtualKeyboard", "libQt6EglFs", "libQt6EglFS",
              "/platforminputcontexts/libqtvirtualkeyboardplugin", "/imageformats/libqpdf",
              "/platforms/libqeglfs", "/platforms/libqminimalegl", "/egldeviceintegrations/",
              "/qml/")

EXCLUDES = ["tkinter", "pytest", "pytestqt", "ruff", "feedparser", "pyloudnorm", "IPython"]


def pyside_modules() -> list[str]:
    """The Qt modules this PySide6 installation has (``QtCore``, ``QtWebEngineCore``...)."""
    import importlib.util

    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return []
    folder = Path(list(spec.submodule_search_locations)[0])
    return sorted({p.name.split(".")[0] for p in folder.glob("Qt*.*")
                   if p.suffix in (".so", ".pyd") or p.name.endswith(".abi3.so")})


PIPER_MODULES = ["piper", "onnxruntime"]  # GPL Piper: only with STUDIO_BUNDLE_PIPER=1


def excludes() -> list[str]:
    unused = [f"PySide6.{m}" for m in pyside_modules() if m not in QT_KEEP]
    piper = [] if os.environ.get("STUDIO_BUNDLE_PIPER") == "1" else PIPER_MODULES
    return EXCLUDES + unused + piper


def dropped(dest: str) -> bool:
    """Whether a file bound for ``dest`` (a path inside the bundle) is left out."""
    path = "/" + dest.replace("\\", "/")
    return any(part in path for part in DROP_FILES)


def datas() -> list[tuple[str, str]]:
    """Files shipped inside the bundle: the studio's resources (the user guide among them),
    the README and the app icon."""
    return [(str(ROOT / "resources"), "resources"), (str(ROOT / "README.md"), "."),
            (str(HERE / "icons" / f"{APP_ID}.svg"), "share/icons")]


def ffmpeg_binaries() -> list[tuple[str, str]]:
    """ffmpeg and ffprobe (and ffplay, the app's player, where this machine has it) for
    ``bin/`` when STUDIO_BUNDLE_FFMPEG=1, else nothing."""
    if os.environ.get("STUDIO_BUNDLE_FFMPEG") != "1":
        return []
    found = []
    for tool in ("ffmpeg", "ffprobe", "ffplay"):
        path = shutil.which(tool)
        if path is None and tool == "ffplay":
            continue  # the app then says it cannot play; nothing else needs it
        if path is None:
            raise SystemExit(f"STUDIO_BUNDLE_FFMPEG=1 but {tool} is not on PATH")
        found.append((os.path.realpath(path), "bin"))
    return found
