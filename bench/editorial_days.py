"""Make the editorial bench's days from local clones: each day's ``day.json`` (through the real
``studio pull --git``) and ``record.txt``, the raw git record of the same commits (full message,
author, date, files changed) that a reference editor and a judge are given, with the earlier
commits the day's reverts take back (the writers see them too: whose work went back, when).

    .venv/bin/python bench/editorial_days.py DAYS_DIR NAME=CLONE:YYYY-MM-DD ...

e.g. ``executorch-2026-08-20=/work/.mirror/pytorch+executorch/repo:2026-08-20``. The clones are
public repositories fetched for the bench; nothing they hold is committed here.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def git(clone: str, *args: str) -> str:
    return subprocess.run(["git", "-C", clone, *args], check=True, capture_output=True,
                          text=True, errors="replace").stdout


def record(clone: str, shas: list[str], repo: str, date: str, on: str = "main",
           notes: dict[str, str] | None = None) -> str:
    # the branch by its name: round 28's judges marked "master" (the writers' word, mypy's
    # branch) wrong against a record that said "the main branch"
    out = [f"# {repo}, the {len(shas)} commits that landed on the {on} branch on {date} "
           "(UTC)",
           ""]
    for n, sha in enumerate(shas, 1):
        # numbered, the message indented as git log shows it: a body line that starts with
        # "commit" is not counted as a commit (a judge counted 46 of 44)
        out.append(f"=== {n} of {len(shas)} ===")
        out.append(git(clone, "show", "--no-patch", "--format=commit %H%nAuthor: %an%nDate:   "
                       "%aI%n%n%w(0,4,4)%B", sha).rstrip())
        out.append(git(clone, "show", "--format=", "--stat=100", sha).rstrip())
        if (notes or {}).get(sha):  # the release notes it adds, as the writers are given them
            out += ["", "    The release notes it adds:",
                    textwrap.indent(notes[sha], "    ").rstrip()]
        out += branch(clone, sha)
        out.append("")
    return "\n".join(out) + "\n"


def branch(clone: str, sha: str) -> list[str]:
    """A merge's own branch, as the writers are given it (studio.sources.branch_bodies): the
    merged commits' messages, oldest first, so the editor and the judge read what they read."""
    parents = git(clone, "show", "--no-patch", "--format=%P", sha).split()
    if len(parents) < 2:
        return []
    log = git(clone, "log", "--reverse", "--no-merges", "--format=--- branch commit %h by %an%n"
              "%w(0,4,4)%B", f"{parents[0]}..{parents[1]}")
    return ["", "    The merged branch's commits:", log.rstrip()] if log.strip() else []


def reverted(day: dict) -> list[str]:
    """The look-back commits the day's reverts take back (by the sha a revert names, or by the
    title in its 'Revert "…"'): a judge read the whole look-back as rollbacks unaccounted for."""
    text = " ".join(f"{c['title']}\n{c.get('body', '')}" for c in day["commits"])
    titles = set(re.findall(r'Revert "(.+?)"', text))
    out = []
    for c in day.get("lookback", []):
        bare = re.sub(r"\s*\(#\d+\)$", "", c["title"])
        pr = c.get("pr") or next(iter(re.findall(r"\(#(\d+)\)$", c["title"])), None)
        # (or by its pull request's number: "The … test added in #18712 is failing", uv
        # 2026-08-05, whose original the writers were given and the judges were not)
        if c["sha"][:10] in text or c["title"] in titles or any(
                re.sub(r"\s*\(#\d+\)$", "", t) == bare for t in titles) or (
                pr and re.search(rf"#{pr}\b", text) and re.search(r"\brevert", text, re.I)):
            out.append(c["sha"])
    return out


def make(days: Path, spec: str) -> None:
    name, rest = spec.split("=", 1)
    clone, date = rest.rsplit(":", 1)
    folder = days / name
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "studio", "pull", "--git", clone, "--date", date,
                    "-o", str(folder / "day.json")], check=True, cwd=ROOT)
    day = json.loads((folder / "day.json").read_text())
    shas = [c["sha"] for c in day["commits"]]
    notes = {c["sha"]: c.get("release_notes", "") for c in day["commits"] + day["lookback"]}
    text = record(clone, shas, day.get("project") or name, date, day.get("branch") or "main",
                  notes)
    earlier = reverted(day)
    if earlier:  # what the day's reverts take back: whose work it was, when it landed
        text += "\n" + record(clone, earlier, day.get("project") or name,
                              "earlier days (the changes today's reverts take back)",
                              notes=notes)
    (folder / "record.txt").write_text(text)
    print(f"{name}: {len(shas)} commits")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("days", type=Path)
    ap.add_argument("specs", nargs="+", metavar="NAME=CLONE:DATE")
    args = ap.parse_args()
    for spec in args.specs:
        make(args.days, spec)


if __name__ == "__main__":
    main()
