"""Findings on real days (issue 23): what the editorial stage finds for listeners to act on.

Reads the real day files under /work/editorial/days and pulls the last 40 commit days of each
mirror repository (executorch, tokio, ao, ruff; read-only bare clones) with the studio's own
git pull. Prints per repository: days, commits, findings by kind, record words; writes every
finding (commit title, kind, subject, replacement, sentence) to bench/out/findings.md (fetched
repositories' text is not committed; bench/results/findings.md keeps the counts and labels), where
the hand labels and the precision and recall judged by reading them are kept below a marker
(a rerun keeps what is below it).

Run: PYTHONPATH=. .venv/bin/python bench/bench_findings.py [--days N]
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.digest.build import build_digest  # noqa: E402
from studio.editorial.findings import KINDS, find_findings  # noqa: E402
from studio.editorial.record import commit_record  # noqa: E402
from studio.profile import profile_for  # noqa: E402
from studio.sources.gitspan import pull_git_span  # noqa: E402
from studio.sources.model import Day, load_day  # noqa: E402
from studio.sources.project_name import day_project  # noqa: E402

DAYS = Path("/work/editorial/days")
MIRRORS = {"executorch": "pytorch+executorch", "tokio": "tokio-rs+tokio", "ao": "pytorch+ao",
           "ruff": "astral-sh+ruff"}
OUT = ROOT / "bench" / "out" / "findings.md"
MARKER = "<!-- hand labels below: kept across runs -->"


def _commit_dates(repo: Path, n: int) -> list[dt.date]:
    out = subprocess.run(["git", "-C", str(repo), "log", "--first-parent", "-n", "3000",
                          "--format=%cd", "--date=format-local:%Y-%m-%d", "HEAD"],
                         capture_output=True, text=True, check=True,
                         env={"TZ": "UTC", "PATH": "/usr/bin:/bin"}).stdout.split()
    return sorted({dt.date.fromisoformat(d) for d in out}, reverse=True)[:n]


def _mirror_days(name: str, n: int) -> list[Day]:
    repo = Path("/work/.mirror") / MIRRORS[name] / "repo"
    dates = _commit_dates(repo, n)
    if not dates:
        return []
    days = pull_git_span(repo, min(dates), max(dates), "UTC", None, lookback_days=1)
    wanted = {d.isoformat() for d in dates}
    return [d for d in days if d.date in wanted and d.commits]


def _digest(day: Day):  # noqa: ANN202 - a Digest
    return build_digest(day, profile_for(day.repo, None, project=day_project(day)))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=40)
    args = ap.parse_args()
    groups: dict[str, list[Day]] = {}
    for path in sorted(DAYS.glob("*/day.json")):
        groups.setdefault(f"real days ({path.parent.name.rsplit('-', 3)[0]})", []).append(
            load_day(path))
    for name in MIRRORS:
        groups[f"{name}, last {args.days} commit days"] = _mirror_days(name, args.days)
    lines = ["# Findings on real days", "",
             "Written by `bench/bench_findings.py`: every finding, by repository and day.", ""]
    for group, days in groups.items():
        kinds: Counter[str] = Counter()
        commits, words = 0, []
        section = [f"## {group}", ""]
        for day in days:
            d = _digest(day)
            commits += len(d.commits)
            words += [commit_record(c).words for c in d.commits]
            by_sha = {c.sha: c for c in d.commits}
            for f in find_findings(d.commits):
                kinds[f.kind] += 1
                c = by_sha[f.sha]
                extra = "".join(f" {k}: `{v}`." for k, v in (("subject", f.subject),
                                                             ("instead", f.replacement)) if v)
                section.append(f"- {day.date} {c.short} **{c.title[:80]}** — *{f.kind}*.{extra}"
                               f" {f.sentence}")
        counts = ", ".join(f"{k} {kinds[k]}" for k in KINDS if kinds[k]) or "none"
        median = statistics.median(words) if words else 0
        print(f"{group}: {len(days)} days, {commits} commits, {sum(kinds.values())} findings "
              f"({counts}); record words median {median:g}")
        lines += section[:2] + [f"{len(days)} days, {commits} commits, {sum(kinds.values())} "
                                f"findings: {counts}.", ""] + section[2:] + [""]
    kept = ""
    if OUT.exists() and MARKER in OUT.read_text(encoding="utf-8"):
        kept = OUT.read_text(encoding="utf-8").split(MARKER, 1)[1]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n" + MARKER + kept, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
