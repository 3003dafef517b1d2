"""Publish to a folder a web server serves (``--to folder:/srv/www/show``).

Only files whose bytes differ are copied, each atomically (a temporary file in the same
folder, then a rename) and in :func:`in_send_order`, so the feed is replaced last and never
points at audio that is not there yet. Copies get the published mode, ``0o666 & ~umask``.
An ``.htaccess`` for Apache goes with the site; the nginx equivalent is written into the show
folder (``nginx-mime.conf``) for the host to include.
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import tempfile
from pathlib import Path

from ..jobs import CancelToken, Progress, no_progress
from ..plumbing.diskspace import is_no_space, no_space_kept
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_bytes, check_writable_dir, fsync_dir, published_mode
from .aliases import link_alias
from .github_pages import Content
from .mime import HTACCESS, NGINX_SNIPPET, htaccess, nginx_snippet
from .targets import FolderTarget, SendResult, in_send_order

log = logging.getLogger(__name__)

CHUNK = 1 << 20


def _same(path: Path, content: Content) -> bool:
    try:
        if isinstance(content, bytes):
            return path.stat().st_size == len(content) and path.read_bytes() == content
        if path.stat().st_size != content.stat().st_size:
            return False
        with open(path, "rb") as a, open(content, "rb") as b:
            while True:
                x, y = a.read(CHUNK), b.read(CHUNK)
                if x != y:
                    return False
                if not x:
                    return True
    except OSError:
        return False


def _copy(src: Path, target: Path) -> None:
    """``src`` to ``target`` atomically, with the published mode."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise StudioError(f"cannot write {target}: {exc.strerror or exc}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # "being written": a sweep leaves it alone
        with os.fdopen(fd, "wb") as out, open(src, "rb") as data:
            os.fchmod(out.fileno(), published_mode())
            shutil.copyfileobj(data, out, CHUNK)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StudioError(f"cannot copy {src.name} to {target}: {exc.strerror or exc}") from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(target.parent)


def _sweep(dest: Path, rels: list[str]) -> None:
    """Remove the temporary files a killed publish left beside the site's files (those no
    writer holds locked), so they do not pile up in the served folder."""
    for rel in rels:
        target = dest / rel
        for tmp in target.parent.glob(f".{target.name}.*.tmp"):
            try:
                with open(tmp, "rb") as fh:
                    fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    tmp.unlink()
                log.info("removed %s, left by an interrupted publish", tmp)
            except OSError:
                continue  # being written now, or already gone


def _readable(path: Path) -> None:
    """An unchanged file left without the read bits the umask grants gets them."""
    wanted = published_mode()
    try:
        mode = path.stat().st_mode & 0o777
        if wanted & ~mode & 0o444:
            os.chmod(path, mode | (wanted & 0o444))
    except OSError as exc:
        raise StudioError(f"cannot make {path} readable: {exc.strerror or exc}") from exc


def send_to_folder(files: dict[str, Content], target: FolderTarget, show_dir: Path,
                   dry_run: bool = False, progress: Progress = no_progress,
                   cancel: CancelToken | None = None,
                   aliases: dict[str, str] | None = None) -> SendResult:
    """Make ``target`` hold the site ``files`` (other files in it stay). ``aliases``: old MP3
    paths, each made the same file as the current one it names once the feed is in place
    (studio.publish.aliases); a new MP3 has a new name, so the old feed stays true until the
    new one replaces it."""
    cancel = cancel or CancelToken()
    dest = target.path
    if dest.resolve() == show_dir.resolve():
        raise StudioError(f"{target} is the show folder itself: serve it as it is, or name "
                          "another folder")
    if dest.exists() and not dest.is_dir():
        raise StudioError(f"{target}: {dest} is not a folder")
    files = {**{rel: c for rel, c in files.items() if rel != ".nojekyll"}, HTACCESS: htaccess()}
    order = in_send_order(list(files))
    result = SendResult(str(target), dry_run=dry_run)
    result.changed = [rel for rel in order if not _same(dest / rel, files[rel])]
    result.unchanged = len(files) - len(result.changed)
    snippet_path = show_dir / NGINX_SNIPPET
    snippet = nginx_snippet()
    if dry_run:
        return result
    check_writable_dir(dest)
    _sweep(dest, order + sorted(aliases or {}))
    for n, rel in enumerate(result.changed):
        cancel.check()
        progress(n / max(1, len(result.changed)), f"copying {rel}")
        content = files[rel]
        try:
            if isinstance(content, bytes):
                atomic_write_bytes(dest / rel, content, public=True)
            else:
                _copy(content, dest / rel)
        except StudioError as exc:
            if not is_no_space(exc):
                raise
            raise no_space_kept(dest, f"{target} was not updated in full") from exc
        result.sent += 1
    for alias, current in sorted((aliases or {}).items()):  # the new feed is in place
        if (dest / current).is_file():
            link_alias((dest / alias).parent, Path(alias).name, Path(current).name)
    for rel in order:
        if rel not in result.changed:
            _readable(dest / rel)
    if not _same(snippet_path, snippet) and not os.access(show_dir, os.W_OK):
        result.notes.append(f"nginx: {snippet_path.name} (the media types for {dest}) was not "
                            f"written: the show folder is read-only")
        log.info("%s", result.notes[-1])
    elif not _same(snippet_path, snippet):
        atomic_write_bytes(snippet_path, snippet)
        result.notes.append(f"nginx: include {snippet_path} in the location that serves "
                            f"{dest} (media types; Apache reads the .htaccess)")
        log.info("%s", result.notes[-1])
    progress(1.0, f"copied {result.sent} files to {dest}")
    return result
