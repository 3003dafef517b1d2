"""``studio serve``: the show folder served on this machine as a podcast host serves it, to
preview the site and feed at the default base URL (``http://localhost:8000/``).

``python3 -m http.server`` answers a ``Range`` request with the whole file (200), so the
page's player cannot seek, and sends ``text/xml`` or ``application/octet-stream`` where apps
expect the podcast types. This server answers a single byte range with 206 and
``Content-Range`` (416 when it starts past the end), every file with the type
studio.publish.mime gives it and the CORS headers the nginx snippet adds, and never sends a
dot file or what studio keeps for itself (404).
"""

from __future__ import annotations

import email.utils
import logging
import os
import re
import shutil
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

from ..plumbing.errors import StudioError
from .mime import CORS_HEADERS, content_type, is_private

log = logging.getLogger(__name__)

_RANGE = re.compile(r"bytes=(\d*)-(\d*)")


def byte_range(header: str | None, size: int) -> tuple[int, int] | None | bool:
    """The inclusive (first, last) byte a ``Range`` header asks of a file of ``size`` bytes;
    None to send the whole file (no header, a form not understood, several ranges); False
    when the range cannot be satisfied (RFC 9110 section 14)."""
    if not header:
        return None
    match = _RANGE.fullmatch(header.strip())
    if not match or match.group(1) == match.group(2) == "":
        return None  # not one byte range: the whole file, as the RFC allows
    first, last = match.groups()
    if first == "":  # the last N bytes
        length = int(last)
        if length == 0:
            return False
        return max(0, size - length), size - 1
    start = int(first)
    end = min(int(last), size - 1) if last else size - 1
    if start >= size or (last and int(last) < start):
        return False
    return start, end


class PreviewHandler(SimpleHTTPRequestHandler):
    """Static files of one folder, with byte ranges, podcast media types and CORS."""

    server_version = "CommitcastPreview"
    protocol_version = "HTTP/1.1"  # keep-alive, as players expect between range requests
    _remaining: int | None = None  # bytes of the open file still to send

    def log_message(self, format: str, *args) -> None:  # noqa: A002, ANN002
        log.info("%s %s", self.address_string(), format % args)

    def end_headers(self) -> None:
        for name, value in CORS_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return content_type(str(path))

    def send_head(self):  # noqa: ANN201 - a file object or None, as the base class
        self._remaining = None
        rel = unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        if any(is_private(part) for part in rel.split("/") if part):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's URL with a "/"
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            fh = open(path, "rb")  # noqa: SIM115 - handed to copyfile, closed by do_GET
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            stat = os.fstat(fh.fileno())
            size = stat.st_size
            wanted = byte_range(self.headers.get("Range"), size)
            if wanted is False:
                self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
                self.send_header("Content-Range", f"bytes */{size}")
                self.send_header("Content-Length", "0")
                self.send_header("Accept-Ranges", "bytes")
                self.end_headers()
                fh.close()
                return None
            if wanted is None:
                self.send_response(HTTPStatus.OK)
                start, length = 0, size
            else:
                start, end = wanted
                length = end - start + 1
                self.send_response(HTTPStatus.PARTIAL_CONTENT)
                self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(length))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
            self.end_headers()
            fh.seek(start)
            self._remaining = length
            return fh
        except Exception:
            fh.close()
            raise

    def list_directory(self, path):  # noqa: ANN001, ANN201 - as the base class
        """A folder without index.html is not listed (it would name studio's own files)."""
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - file objects
        remaining = self._remaining
        if remaining is None:
            shutil.copyfileobj(source, outputfile)
            return
        while remaining > 0:
            chunk = source.read(min(64 * 1024, remaining))
            if not chunk:
                break
            outputfile.write(chunk)
            remaining -= len(chunk)
        self._remaining = None


def preview_server(show_dir: str | Path, host: str = "127.0.0.1", port: int = 8000
                   ) -> ThreadingHTTPServer:
    """A server (not yet serving) for ``show_dir`` on ``host:port``; a folder that is not
    there or a port in use is a one-line StudioError."""
    root = Path(show_dir)
    if not root.is_dir():
        raise StudioError(f"{root} is not a folder: pass --show-dir the show's folder")
    if not (root / "feed.xml").is_file():
        log.warning("%s has no feed.xml yet: run studio publish first", root)

    class Handler(PreviewHandler):
        def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
            super().__init__(*args, directory=str(root), **kwargs)

    try:
        return ThreadingHTTPServer((host, port), Handler)
    except OSError as exc:
        raise StudioError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
