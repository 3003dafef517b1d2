"""The show folder given with ``--show-dir``: its settings parse, its base URL is usable, its
``[writer]`` model server answers (and how)."""

from __future__ import annotations

import os
from pathlib import Path

from ..plumbing.errors import StudioError
from .model import Check


def check_show(show_dir: Path) -> list[Check]:
    from ..plumbing.showlock import holder_of
    from ..publish.show import DEFAULT_BASE_URL, SHOW_FILE, read_settings, show_file

    root = Path(show_dir)
    if not root.exists():
        return [Check("show folder", True, f"{root} does not exist yet: produce creates it")]
    if not root.is_dir():
        return [Check("show folder", False, f"{root} is not a folder",
                      "pass --show-dir the show's folder (it holds show.toml and episodes/)")]
    if not os.access(root, os.W_OK | os.X_OK):
        return [Check("show folder", False, f"cannot write in {root}",
                      f"give this user write access: sudo chown -R $USER {root}")]
    checks = []
    episodes = root / "episodes"
    count = sum(1 for p in episodes.iterdir() if p.is_dir()) if episodes.is_dir() else 0
    busy = holder_of(root)
    note = f"; in use right now by {busy}" if busy else ""
    checks.append(Check("show folder", True, f"{root}: {count} episode folders{note}"))
    if not show_file(root).exists():
        checks.append(Check("show.toml", True,
                            f"no {SHOW_FILE} yet: the first publish writes one with defaults"))
        return checks
    try:
        settings = read_settings(root)
    except StudioError as exc:
        checks.append(Check("show.toml", False, str(exc),
                            f"fix {show_file(root)} (see the README's show.toml section), or "
                            f"move it away to start again from defaults"))
        return checks
    checks.append(Check("show.toml", True, f"{settings.title!r}, feed {settings.feed_url}"))
    if settings.base_url == DEFAULT_BASE_URL:
        checks.append(Check("base URL", False,
                            f"{settings.base_url} is the preview address: podcast apps cannot "
                            "reach it", f"studio publish --show-dir {root} --base-url "
                            "https://YOU.github.io/SHOW/", needed=False))
    if settings.writer.llm:
        checks.append(check_writer(settings.writer))
    if not settings.owner.email:
        checks.append(Check("owner e-mail", False, "show.toml has no [owner] email; Apple "
                            "Podcasts needs it to verify the show",
                            f"set email under [owner] in {show_file(root)}", needed=False))
    return checks


def check_writer(writer) -> Check:
    """The show's ``[writer]`` model server: its models, and one tiny chat request in each way
    the writer asks (a failure is a warning: the story writer stands in)."""
    from ..script.llm.probe import connection

    try:
        models, modes = connection(writer)
    except StudioError as exc:
        return Check("language-model writer", False, str(exc),
                     "start the server, or fix [writer] in show.toml", needed=False)
    listed = writer.model in models or not models
    usable = any(f"{mode} yes" in modes for mode in ("JSON schema", "json_object", "no format"))
    detail = (f"{writer.model} at {writer.base_url}" + ("" if listed else
              " (not in the server's model list)") + f"; {modes}")
    return Check("language-model writer", usable and listed, detail,
                 "" if usable and listed else "see the server's answers above; the story "
                 "writer writes the script until it drafts", needed=False)
