"""The fact lock on hand-labelled drafted sentences: how many faithful ones it keeps, how many
unfaithful ones would reach an episode (issue 28 item 4: kept >= 90 %, reaching <= 5 %).

    .venv/bin/python bench/bench_lock_corpus.py [--corpus bench/results/lock-corpus.jsonl]
        [--days DIR ...] [--show-misses]

The corpus holds one JSON line per drafted sentence: its ``day`` (a folder of one of
``--days`` holding the studio's ``day.json``, made by bench/editorial_days.py from the public
clones: ``tokio-2026-07-16=…/tokio-rs+tokio/repo:2026-07-16``), ``source`` (who drafted it: a
strong model's stand-in, a weak model's stand-in, a real small model), ``text``, ``commits``
(the short shas it names) and ``label`` ("faithful" or "unfaithful", from a person who read the
day's record and not the code). Three sets, each labelled before the rules it was then used to
tune were written, so that each was once a held-out set:

- no suffix: tokio 2026-07-16 and 08-09, pydantic 2026-07-29, uv 2026-08-14 and 08-18, ao
  2026-08-10, executorch 2026-08-19 and 08-20 (in ``/work/days``);
- ``-r21``: the same eight days, drafted again after the first rules;
- ``-r24``: numpy 2026-08-07, ruff 2026-08-09, pydantic 2026-08-04 (``/work/days2``);
- ``-r25``: uv 2026-08-12, tokio 2026-08-07, ao 2026-08-11, executorch 2026-08-10
  (``/work/days3``);
- ``-r37``: the strong stand-in's whole first drafts of editorial rounds 32-36 (pip, pytest,
  numpy, uv, mypy; twenty days in ``/work/days11`` to ``/work/days15``), labelled after those
  rounds; the rules were then tuned on it;
- ``-r38``: the strong stand-in's first drafts of editorial round 37 (numpy 2026-08-12, pydantic
  2026-08-17, pytest 2026-08-18, ruff 2026-07-29, in ``/work/days16``), labelled after the r37
  tuning and measured once on it before three small rules were tuned on it.

A new held-out set (new days, drafted and labelled by people who have not seen the code) is
the only honest measure of a rule change; the figures of a set the rules were tuned on are not.
Each sentence goes through the lock as the LLM writer's draft does
(:func:`studio.script.llm.factlock.check_sentence`); printed per source and in all, with the
same figures for the lock without the content-word check (:mod:`studio.script.llm.support`) as
the baseline of this run.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.digest.build import build_digest  # noqa: E402
from studio.editorial.plan import plan_episode  # noqa: E402
from studio.profile import profile_for  # noqa: E402
from studio.script.llm import factlock  # noqa: E402
from studio.script.llm.facts import DayFacts, day_facts  # noqa: E402
from studio.sources.model import load_day  # noqa: E402
from studio.sources.project_name import day_project  # noqa: E402

CORPUS = ROOT / "bench" / "results" / "lock-corpus.jsonl"
DAYS = [Path("/work/days"), Path("/work/days2"), Path("/work/days3")] + \
    [Path(f"/work/days{n}") for n in range(11, 17)]


def day_folder(days: list[Path], name: str) -> Path:
    """The folder of day ``name`` under the first of ``days`` that holds it."""
    return next((d / name for d in days if (d / name / "day.json").is_file()), days[0] / name)


def facts_of(folder: Path) -> DayFacts:
    day = load_day(folder / "day.json")
    profile = profile_for(day.repo, None, project=day_project(day))
    digest = build_digest(day, profile)
    return day_facts(digest, profile, plan_episode(digest).findings)


def verdicts(rows: list[dict], days: list[Path], content: bool) -> list[str]:
    """The lock's reason for each row ("" = kept), with or without the content-word check."""
    facts: dict[str, DayFacts] = {}
    saved = factlock.CONTENT_CHECK
    factlock.CONTENT_CHECK = content
    try:
        out = []
        for row in rows:
            if row["day"] not in facts:
                facts[row["day"]] = facts_of(day_folder(days, row["day"]))
            out.append(factlock.check_sentence(row["text"], row["commits"], facts[row["day"]]))
        return out
    finally:
        factlock.CONTENT_CHECK = saved


def table(rows: list[dict], why: list[str]) -> list[str]:
    groups: dict[str, list[tuple[dict, str]]] = collections.defaultdict(list)
    for row, reason in zip(rows, why, strict=True):
        groups[row["source"]].append((row, reason))
        groups["all"].append((row, reason))
        rnd = row["source"].rpartition("-")[2] if "-" in row["source"] else "first"
        groups[f"set {rnd}"].append((row, reason))
    lines = []
    for source, items in groups.items():
        faithful = [r for r, w in items if r["label"] == "faithful"]
        kept = sum(1 for r, w in items if r["label"] == "faithful" and not w)
        wrong = [r for r, w in items if r["label"] == "unfaithful"]
        reach = sum(1 for r, w in items if r["label"] == "unfaithful" and not w)
        lines.append(f"  {source}: faithful kept {kept}/{len(faithful)} "
                     f"({100 * kept / max(1, len(faithful)):.1f} %), unfaithful reaching "
                     f"{reach}/{len(wrong)} ({100 * reach / max(1, len(wrong)):.1f} %)")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--days", type=Path, nargs="+", default=DAYS,
                    help="folders holding the days' day.json (searched in order)")
    ap.add_argument("--show-misses", action="store_true")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.corpus.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    missing = sorted({r["day"] for r in rows
                      if not (day_folder(args.days, r["day"]) / "day.json").is_file()})
    if missing:
        print(f"no day.json under {' '.join(map(str, args.days))} for: {', '.join(missing)}")
        return 1
    before = verdicts(rows, args.days, content=False)
    after = verdicts(rows, args.days, content=True)
    print(f"{len(rows)} labelled sentences, {len({r['day'] for r in rows})} days")
    print("the lock without the content-word check (baseline):")
    print("\n".join(table(rows, before)))
    print("the lock with it:")
    print("\n".join(table(rows, after)))
    if args.show_misses:
        for row, why in zip(rows, after, strict=True):
            if (row["label"] == "faithful") == bool(why):
                print(f"{row['label']:>10} {'rejected' if why else 'KEPT':>8}: {row['text']}"
                      + (f"  [{why}]" if why else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
