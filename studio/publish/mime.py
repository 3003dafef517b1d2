"""The media types of the site's files, and how to tell Apache and nginx about them.

Podcast apps are picky: an enclosure must be ``audio/mpeg``, the feed ``application/rss+xml``;
Podcasting 2.0 names ``text/vtt``, ``application/x-subrip`` and ``application/json+chapters``
for transcripts and chapters. Many servers default to ``text/plain`` or
``application/octet-stream`` for the last three, and to ``text/xml`` for the feed.
"""

from __future__ import annotations

from pathlib import PurePosixPath

FEED_TYPE = "application/rss+xml; charset=utf-8"
CHAPTERS_TYPE = "application/json+chapters"
# by whole file name first (the site's own names), then by extension
BY_NAME = {"feed.xml": FEED_TYPE, "chapters.json": CHAPTERS_TYPE}
CHAPTERS_SUFFIX = ".chapters.json"  # a re-render's chapters: studio.export.identity
BY_EXTENSION = {
    ".mp3": "audio/mpeg",
    ".vtt": "text/vtt; charset=utf-8",
    ".srt": "application/x-subrip; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".json": "application/json",
    ".xml": "application/xml",
}
HTACCESS = ".htaccess"
NGINX_SNIPPET = "nginx-mime.conf"  # kept in the show folder, not in the served one
# Web apps (Podcasting 2.0 players in a browser) read the feed, chapters, transcripts and
# audio from another origin: every file may be read from any page, and a player may see the
# headers it needs to seek.
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "Content-Length, Content-Range, Accept-Ranges",
}
# What a server must never hand out: the server's own files and what studio keeps for itself
# in a show folder that is served as it is (their modes already keep most servers out).
PRIVATE_NAMES = (HTACCESS, NGINX_SNIPPET, "show.toml", "published.json", "episode.json",
                 "day.json")
_PRIVATE_RE = (r"(^|/)(\.ht[^/]*|" + "|".join(n.replace(".", r"\.") for n in PRIVATE_NAMES[1:])
               + r")$")


def is_private(rel: str) -> bool:
    """Whether the site path ``rel`` is one no server should send (a dot file, a file studio
    keeps for itself)."""
    name = PurePosixPath(rel).name
    return name.startswith(".") or name in PRIVATE_NAMES


def content_type(rel: str) -> str:
    """The Content-Type to serve the site file ``rel`` (a path inside the site) with."""
    path = PurePosixPath(rel)
    if path.name.endswith(CHAPTERS_SUFFIX):  # a re-render's chapters (…-r2.chapters.json)
        return CHAPTERS_TYPE
    return BY_NAME.get(path.name) or BY_EXTENSION.get(path.suffix.lower(),
                                                      "application/octet-stream")


def htaccess() -> bytes:
    """Apache (``AllowOverride FileInfo``): the podcast types by extension and by name."""
    lines = ["# Written by Commitcast Studio: media types podcast apps expect.",
             "AddType audio/mpeg .mp3",
             "AddType text/vtt .vtt",
             "AddType application/x-subrip .srt",
             "AddCharset utf-8 .vtt .srt .xml .html .css"]
    for name, kind in BY_NAME.items():
        lines += [f'<Files "{name}">', f'  ForceType "{kind}"', "</Files>"]
    lines += ['<FilesMatch "\\.chapters\\.json$">', f'  ForceType "{CHAPTERS_TYPE}"',
              "</FilesMatch>"]
    lines += ["# Any web page may read the feed, chapters, transcripts and audio (web players).",
              "<IfModule mod_headers.c>"]
    lines += [f'  Header set {name} "{value}"' for name, value in CORS_HEADERS.items()]
    lines += ["</IfModule>",
              "# Never served: this file and what studio keeps for itself (404).",
              "<IfModule mod_rewrite.c>", "  RewriteEngine On",
              f"  RewriteRule {_PRIVATE_RE} - [R=404,L]", "</IfModule>"]
    return ("\n".join(lines) + "\n").encode("utf-8")


def nginx_snippet() -> bytes:
    """For the nginx ``location`` (or ``server``) block that serves the show's folder.

    A ``types`` block replaces nginx's whole map for that block, which is right here: the
    site holds nothing but these kinds of file (.xml is only the feed, .json only chapters).
    Unlike regex locations, it works the same under ``root`` and ``alias``."""
    kinds: dict[str, list[str]] = {}
    for ext, kind in BY_EXTENSION.items():
        if ext not in (".json", ".xml"):
            kinds.setdefault(kind.split(";")[0], []).append(ext[1:])
    kinds[FEED_TYPE.split(";")[0]] = ["xml"]
    kinds[CHAPTERS_TYPE] = ["json"]
    lines = ["# Written by Commitcast Studio: the media types podcast apps expect.",
             "# include this file in the location { } block that serves the show's folder.",
             "types {"]
    lines += [f"    {kind} {' '.join(exts)};" for kind, exts in kinds.items()]
    lines += ["}", "charset utf-8;",
              "charset_types text/html text/css text/vtt application/x-subrip "
              "application/rss+xml application/json+chapters;",
              "# any web page may read the feed, chapters, transcripts and audio (web players)"]
    lines += [f'add_header {name} "{value}" always;' for name, value in CORS_HEADERS.items()]
    lines += ["# never served: an Apache .htaccess and what studio keeps for itself",
              f'location ~ "{_PRIVATE_RE}" {{', "    return 404;", "}"]
    return ("\n".join(lines) + "\n").encode("utf-8")
