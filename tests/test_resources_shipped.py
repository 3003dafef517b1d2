"""Every file in resources/ that the studio reads is carried by a wheel's data-files."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_data_files_cover_resources():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data_files = config["tool"]["setuptools"]["data-files"]
    patterns = [p for globs in data_files.values() for p in globs]
    shipped = [
        f for f in (ROOT / "resources").rglob("*")
        if f.is_file() and f.suffix != ".py" and "__pycache__" not in f.parts
    ]
    assert shipped
    for f in shipped:
        rel = f.relative_to(ROOT)
        covered = any(
            Path(p).parent == rel.parent and fnmatch.fnmatch(rel.name, Path(p).name)
            for p in patterns
        )
        assert covered, f"{rel} is not in a wheel"
