"""`studio edit EPISODE_DIR`: the script in $EDITOR as plain text, applied back on save."""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from .cmd_audio import add_lock_wait


def register(sub: argparse._SubParsersAction) -> None:
    edit = sub.add_parser("edit", help="edit an episode's script in $EDITOR (titles and text)")
    edit.add_argument("episode_dir", metavar="EPISODE_DIR")
    add_lock_wait(edit)
    edit.set_defaults(handler=cmd_edit)


def editor_command() -> list[str]:
    """$VISUAL, else $EDITOR, else the system's editor (Debian's sensible-editor), else vi."""
    import shutil

    from ..plumbing.errors import StudioError

    chosen = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if chosen:
        try:
            words = shlex.split(chosen)
        except ValueError as exc:
            raise StudioError(f"cannot read $EDITOR {chosen!r}: {exc}") from None
        if words:
            return words
    return [shutil.which("sensible-editor") or "vi"]


def _run_editor(path: Path) -> None:
    from ..plumbing.errors import StudioError

    command = editor_command()
    try:
        done = subprocess.run([*command, str(path)])
    except OSError as exc:
        raise StudioError(f"cannot run the editor {command[0]!r}: {exc.strerror or exc}; set "
                          f"$EDITOR (e.g. EDITOR=nano); nothing was changed") from None
    if done.returncode != 0:
        raise StudioError(f"the editor {command[0]!r} exited with status {done.returncode}; "
                          f"nothing was changed")


def cmd_edit(args: argparse.Namespace) -> int:
    from ..episode import load_episode, save_episode
    from ..plumbing.errors import StudioError
    from ..plumbing.showlock import episode_lock
    from ..recovery import recover_episode
    from ..script_form import apply_script_text, script_as_text

    recover_episode(args.episode_dir)
    episode = load_episode(args.episode_dir)
    before = episode.to_dict()
    text = script_as_text(episode)
    fd, name = tempfile.mkstemp(prefix="studio-edit-", suffix=".txt")  # 0600, outside the show
    path = Path(name)
    keep = False
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        _run_editor(path)
        try:
            new = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise StudioError(f"cannot read the edited script {path}: {exc}") from None
        if not new.strip() or new == text:
            print("no changes")
            return 0
        keep = True  # from here a refused edit is kept for the host to fix
        try:
            applied = apply_script_text(episode, new)
        except StudioError as exc:
            raise StudioError(f"edit not applied: {exc}; the episode is unchanged, your text "
                              f"is kept in {path}") from None
        if not applied.changed:
            keep = False
            print("no changes")
            return 0
        with episode_lock(args.episode_dir, args.lock_wait, "studio edit"):
            if load_episode(args.episode_dir).to_dict() != before:
                raise StudioError(f"the episode changed while you edited it; nothing was "
                                  f"applied, your text is kept in {path}")
            saved = save_episode(applied.episode, args.episode_dir)
        keep = False
    finally:
        if not keep:
            path.unlink(missing_ok=True)
    print(f"{applied.line()} -> {saved}")
    recorded = [seg.title for seg in applied.episode.segments
                if seg.id in applied.rewritten and seg.take and seg.take.source != "synthesized"]
    if recorded:
        print(f"note: the recorded take of {', '.join(recorded)} no longer matches its text")
    if applied.episode.audio is not None or any(s.take for s in applied.episode.segments):
        print(f"narrate and export it again with `studio render {args.episode_dir}`")
    return 0
