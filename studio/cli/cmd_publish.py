"""`studio publish`: the show's feed and web pages, optionally pushed to GitHub Pages."""

from __future__ import annotations

import argparse

from .argtypes import seconds
from .terminal import TerminalProgress


def register(sub: argparse._SubParsersAction) -> None:
    publish = sub.add_parser(
        "publish", help="write the show's feed.xml, index.html and episode pages")
    publish.add_argument("--show-dir", required=True, metavar="DIR", help="the show folder")
    publish.add_argument("--base-url", metavar="URL",
                         help="where the site is served, e.g. https://you.github.io/show/ "
                              "(saved in show.toml)")
    publish.add_argument("--push", action="store_true", default=None,
                         help="also push the site to the GitHub Pages branch in show.toml "
                              "(always done when [github] auto_push = true)")
    publish.add_argument("--to", action="append", metavar="TARGET", dest="targets",
                         help="also send the site to TARGET: folder:/srv/www/show (a folder a "
                              "web server serves), s3://BUCKET/PREFIX (endpoint and region "
                              "under [s3] in show.toml) or github (as --push); repeatable; "
                              "default: [publish] to in show.toml")
    publish.add_argument("--release-at", action="append", default=[], metavar="EPISODE=TIME",
                         help="date the episode in folder EPISODE (2026-11-30, 2026-W48) at "
                              "TIME (RFC 3339, e.g. 2026-11-30T07:00:00+01:00) instead of its "
                              "day at show.toml's [release] time; kept by later publishes; "
                              "repeatable")
    publish.add_argument("--dry-run", action="store_true",
                         help="list what would change; write and push nothing")
    publish.add_argument("--lock-wait", type=seconds(), default=0.0, metavar="SECONDS",
                         help="wait this long for another run writing the show folder "
                              "(default 0: refuse at once, exit code 75)")
    publish.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    publish.set_defaults(handler=cmd_publish)


def cmd_publish(args: argparse.Namespace) -> int:
    from ..publish.release import parse_release_at
    from ..publish.site import publish_show

    release_at = parse_release_at(args.release_at)  # before anything is written
    progress = TerminalProgress(quiet=args.quiet)
    try:
        result = publish_show(args.show_dir, args.base_url, push=args.push,
                              dry_run=args.dry_run, progress=progress,
                              lock_wait=args.lock_wait, targets=args.targets,
                              release_at=release_at)
    finally:
        progress.done()
    print(describe(result))
    return 0


def describe(result) -> str:  # noqa: ANN001 - a PublishResult
    verb = "would change" if result.dry_run else "changed"
    lines = [f"{len(result.episodes)} episodes -> {result.feed_url}"]
    if result.drafts:
        lines.append(f"  not exported yet (left out): {', '.join(result.drafts)}")
    lines.append(f"  {len(result.changed)} files {verb}, {result.unchanged} unchanged")
    lines += [f"    {path}" for path in result.changed]
    lines += [f"  note: {note}" for note in result.notes]
    push = result.push
    if push is not None:
        where = f"{push.repo} {push.branch}"
        if push.dry_run:
            lines.append(f"  push to {where} would change {len(push.changed)} files")
            lines += [f"    {path}" for path in push.changed]
        elif push.commit:
            lines.append(f"  pushed {push.uploaded} files to {where} ({push.commit[:12]})")
        else:
            lines.append(f"  {where} is up to date")
    for sent in result.sent:
        if sent.dry_run:
            lines.append(f"  {sent.target} would get {len(sent.changed)} files")
            lines += [f"    {path}" for path in sent.changed]
        else:
            lines.append(f"  sent {sent.sent} files to {sent.target}, {sent.unchanged} unchanged")
        lines += [f"  {note}" for note in sent.notes]
    return "\n".join(lines)
