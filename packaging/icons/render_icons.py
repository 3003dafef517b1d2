"""Render the app icon's SVG into the PNG sizes desktops look up in the hicolor theme.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/icons/render_icons.py
Writes packaging/icons/hicolor/<N>x<N>/apps/<APP_ID>.png for each size, plus the SVG as
hicolor/scalable/apps/<APP_ID>.svg. Uses QtSvg, which the app already depends on.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP_ID = "io.github.commitcast.Studio"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SOURCE = HERE / f"{APP_ID}.svg"


def render(out_root: Path = HERE / "hicolor") -> list[Path]:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"{SOURCE} is not a valid SVG")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = out_root / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"cannot write {target}")
        written.append(target)
    scalable = out_root / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCE, scalable)
    return [*written, scalable]


if __name__ == "__main__":
    for path in render():
        print(path.relative_to(HERE))
