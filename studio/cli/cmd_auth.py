"""`studio auth login|logout|status`: the GitHub token kept in the OS keyring."""

from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction) -> None:
    auth = sub.add_parser("auth", help="sign in to GitHub (token kept in the OS keyring)")
    actions = auth.add_subparsers(dest="auth_action", metavar="ACTION", required=True)
    login = actions.add_parser("login", help="store a GitHub token (read from standard input)")
    logout = actions.add_parser("logout", help="remove the stored GitHub token")
    status = actions.add_parser("status", help="say which token a pull would use")
    for parser in (login, logout, status):
        parser.add_argument("--api-url", metavar="URL",
                            help="GitHub Enterprise API URL (default: github.com)")
    status.add_argument("--check", action="store_true",
                        help="ask GitHub whether it takes the token, and the rate limit left")
    login.set_defaults(handler=cmd_login)
    logout.set_defaults(handler=cmd_logout)
    status.set_defaults(handler=cmd_status)


def _read_token() -> str:
    from ..plumbing.errors import StudioError

    if sys.stdin is None:
        raise StudioError("no token given: pipe it on standard input")
    if sys.stdin.isatty():
        import getpass

        try:
            return getpass.getpass("GitHub token (input hidden): ")
        except EOFError:
            return ""
    line = sys.stdin.readline()
    if not line:
        raise StudioError("no token given: pipe it on standard input")
    return line


def cmd_login(args: argparse.Namespace) -> int:
    from ..sources.github.auth import host_of, store_token

    host = host_of(args.api_url)
    store_token(host, _read_token())
    print(f"token stored in the OS keyring for {host}")
    return 0


def cmd_logout(args: argparse.Namespace) -> int:
    from ..sources.github.auth import delete_token, host_of

    host = host_of(args.api_url)
    if delete_token(host):
        print(f"token for {host} removed from the OS keyring")
    else:
        print(f"no token stored for {host}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from ..sources.github.auth import host_of, resolve_token

    host = host_of(args.api_url)
    token = resolve_token(args.api_url)
    if token.value:
        print(f"{host}: using the token from {token.source}")
    else:
        print(f"{host}: anonymous (public repositories only, 60 requests an hour)")
    if args.check:
        from ..sources.github.client import rate_limit_status

        remaining, limit, reset = rate_limit_status(args.api_url, token)
        print(f"GitHub accepts it: {remaining} of {limit} requests left until {reset:%H:%M} UTC")
    return 0
