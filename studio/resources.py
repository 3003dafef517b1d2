"""Where the files that ship with the studio are: the sample day, profiles, templates, art."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """``resources/`` inside a PyInstaller bundle, beside the package in a checkout (or an
    editable install), or under ``<prefix>/share/commitcast-studio`` for an installed wheel."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    checkout = Path(__file__).resolve().parent.parent / "resources"
    if checkout.is_dir():
        return checkout
    return Path(sys.prefix) / "share" / "commitcast-studio" / "resources"


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def user_guide_path() -> Path:
    """The host's user guide (Help ▸ User guide), shipped with the resources: in a checkout,
    an installed wheel's share folder and a bundle alike. The README is the developers'."""
    return resource_path("guide", "user-guide.md")
