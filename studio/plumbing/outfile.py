"""Writing a command's output file (``-o PATH``) without replacing what PATH is.

An atomic write makes a new file and renames it over the path. That is right for a regular
file (readers see the old one or the new one) and for a new path, but renaming over
``/dev/null``, ``/dev/full``, a FIFO or a link to ``/proc/self/fd/1`` would replace the device
or the pipe with a regular file (as root, the machine's own ``/dev/null``). So:

* ``-``: standard output;
* a regular file, or a new path: written atomically (a link to a regular file keeps the link:
  the file it points at is replaced);
* a character device, a FIFO or a socket: written straight through, as ``cat > PATH`` would;
* a folder or a block device: refused.

Errors are one line; a full device is "no space left on device".
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from .errors import StudioError
from .fsutil import atomic_write_bytes, check_writable_dir

STDOUT = "-"


def is_stdout(path: str | os.PathLike[str]) -> bool:
    return os.fspath(path) == STDOUT


def _leads_to(target: Path) -> int | None:
    """The mode of what ``target`` leads to (through links); None for a new path."""
    try:
        return os.stat(target).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StudioError(f"cannot write {target}: {_reason(exc)}") from None


def _file_path(target: Path) -> Path:
    """Where the atomic write goes: the file a link points at, so the link stays."""
    return Path(os.path.realpath(target)) if target.is_symlink() else target


def check_output(path: str | os.PathLike[str]) -> None:
    """Before the work: refuse an output ``path`` that cannot take the file (a folder, a
    block device, a new file in a folder that cannot be written)."""
    if is_stdout(path):
        return
    target = Path(path)
    mode = _leads_to(target)
    if mode is None or stat.S_ISREG(mode):
        check_writable_dir(_file_path(target).parent)
    elif stat.S_ISDIR(mode):
        raise StudioError(f"{target} is a folder: name a file to write")
    elif stat.S_ISBLK(mode):
        raise StudioError(f"{target} is a block device: not written (name a file)")


def write_output(path: str | os.PathLike[str], data: bytes, public: bool = False) -> None:
    """Write ``data`` to the command's output ``path`` (see the module's docstring); a new
    file is private (0600) unless ``public`` (studio.plumbing.fsutil's published mode)."""
    if is_stdout(path):
        _through_fd(sys.stdout.fileno(), data, "standard output", flush_stdout=True)
        return
    check_output(path)
    target = Path(path)
    mode = _leads_to(target)
    if mode is None or stat.S_ISREG(mode):
        atomic_write_bytes(_file_path(target), data, public=public)
        return
    try:  # a character device, a FIFO, a socket: through it, never replacing it
        fd = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        raise StudioError(f"cannot write {target}: {_reason(exc)}") from None
    try:
        _through_fd(fd, data, str(target))
    finally:
        os.close(fd)


def _through_fd(fd: int, data: bytes, what: str, flush_stdout: bool = False) -> None:
    try:
        if flush_stdout:
            sys.stdout.flush()  # what was printed before goes first
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise StudioError(f"cannot write {what}: {_reason(exc)}") from exc


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "no space left on device" if exc.errno == errno.ENOSPC else "disk quota exceeded"
    return exc.strerror or str(exc)
