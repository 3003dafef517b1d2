"""`studio serve`: preview the show folder over HTTP, with seeking and the podcast types."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    serve = sub.add_parser(
        "serve", help="preview the published show at http://localhost:8000/ (seeking works)")
    serve.add_argument("--show-dir", required=True, metavar="DIR", help="the show folder")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000, the "
                       "default base URL's)")
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                       help="the address to listen on (default 127.0.0.1: this machine only)")
    serve.set_defaults(handler=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    from ..plumbing.errors import StudioError
    from ..publish.preview import preview_server

    if not 0 <= args.port <= 65535:
        raise StudioError(f"--port must be from 0 to 65535, not {args.port}")
    server = preview_server(args.show_dir, args.bind, args.port)
    host, port = server.server_address[:2]
    print(f"serving {args.show_dir} at http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0
