"""`studio doctor`: what this machine has for `produce`, and the exact fix for what it lacks."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    doctor = sub.add_parser("doctor", help="check ffmpeg, voices, sound devices, the GitHub "
                                           "token and a show folder; print how to fix each")
    doctor.add_argument("--show-dir", metavar="DIR", help="also check this show folder")
    doctor.add_argument("--api-url", metavar="URL",
                        help="GitHub Enterprise API URL (default: github.com)")
    doctor.add_argument("--voice", default="", metavar="ID",
                        help="check that the speech engine has this voice (as produce --voice)")
    doctor.add_argument("--offline", action="store_true",
                        help="do not ask GitHub whether it takes the token")
    doctor.add_argument("--json", action="store_true", help="print the findings as JSON")
    doctor.set_defaults(handler=cmd_doctor)


def cmd_doctor(args: argparse.Namespace) -> int:
    from ..doctor import DoctorOptions, run_checks

    options = DoctorOptions(show_dir=Path(args.show_dir) if args.show_dir else None,
                            api_url=args.api_url, offline=args.offline, voice=args.voice)
    checks = run_checks(options)
    failed = [c for c in checks if not c.ok and c.needed]
    if args.json:
        print(json.dumps({"ready": not failed, "checks": [
            {"name": c.name, "ok": c.ok, "needed": c.needed, "detail": c.detail, "fix": c.fix}
            for c in checks]}, indent=2))
        return 1 if failed else 0
    width = max(len(c.name) for c in checks)
    for check in checks:
        print(f"{check.status:<5} {check.name:<{width}}  {check.detail}")
        if not check.ok and check.fix:
            print(f"{'':<5} {'':<{width}}  fix: {check.fix}")
    warned = sum(1 for c in checks if not c.ok and not c.needed)
    if failed:
        names = ", ".join(c.name for c in failed)
        print(f"\nnot ready to produce: fix {names} (see above)")
        return 1
    extra = f" ({warned} warnings)" if warned else ""
    print(f"\nready to produce{extra}")
    return 0
