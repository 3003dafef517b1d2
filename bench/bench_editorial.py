"""The editorial bench: real days of real repositories, our writers' scripts beside a place for
an editor's, ready for a blind read.

    .venv/bin/python bench/bench_editorial.py DAYS_DIR [--llm-answers]

``DAYS_DIR`` holds one folder per day, each with the studio's ``day.json`` (``studio pull``)
and, where an editor wrote one, ``reference.txt`` (written from ``record.txt``, the day's raw
git record, by someone who has not seen the code). For every day this writes, beside them:

- ``clean-record.md``: what the writers are given (each commit's cleaned full text, studio.
  editorial.record) and the findings (studio.editorial.findings);
- ``story.txt``: the default writer's script (title, summary, segments);
- ``blind/A.txt``, ``blind/B.txt``: the story writer's and the reference script in a random
  order per day, with ``blind/key.json`` saying which is which (the judge must not read it);
- the LLM writer's script is written by bench/bench_llm_record.py (``llm.txt`` beside its
  saved requests), from a strong model's answers to them.

Scores from a blind read go in ``scores.json`` per day ({"A": {...5 scales...}, "B": ...});
``--table`` prints the table of all days (each script's total of 5 scales x 1-5, scaled to
100). The days' text comes from public repositories fetched for the bench: it is written
under DAYS_DIR, never committed; bench/results/editorial.md keeps the scores.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studio.digest.build import build_digest  # noqa: E402
from studio.editorial.findings import find_findings  # noqa: E402
from studio.editorial.record import commit_record  # noqa: E402
from studio.profile import profile_for  # noqa: E402
from studio.script.writer import write_script  # noqa: E402
from studio.sources.model import load_day  # noqa: E402
from studio.sources.project_name import day_project  # noqa: E402

SCALES = ("why it matters", "story and flow", "listenability", "host voice", "accuracy")


def script_text(ep) -> str:
    parts = [f"TITLE: {ep.title}", f"SUMMARY: {ep.summary}", ""]
    for seg in ep.segments:
        parts += [f"[{seg.title}]", seg.text, ""]
    return "\n".join(parts)


def clean_record(d) -> str:
    out = [f"# {d.repo} {d.date}: {len(d.commits)} commits", ""]
    for c in d.commits:
        out += [f"## {c.short} {c.title} — {c.author}", "", commit_record(c).text or "(no text)",
                ""]
    out += ["# Findings", ""]
    out += [f"- {f.kind} {f.sha[:7]}: {f.sentence}" for f in find_findings(d.commits)]
    return "\n".join(out) + "\n"


def prepare(folder: Path, rng: random.Random) -> None:
    day = load_day(folder / "day.json")
    profile = profile_for(day.repo, None, project=day_project(day))
    d = build_digest(day, profile)
    (folder / "clean-record.md").write_text(clean_record(d))
    story = script_text(write_script(d, profile))
    (folder / "story.txt").write_text(story)
    ref = folder / "reference.txt"
    if ref.exists():
        blind = folder / "blind"
        blind.mkdir(exist_ok=True)
        pair = [("story", story), ("reference", ref.read_text())]
        rng.shuffle(pair)
        key = {}
        for letter, (name, text) in zip("AB", pair, strict=True):
            (blind / f"{letter}.txt").write_text(text)
            key[letter] = name
        (blind / "key.json").write_text(json.dumps(key))
    print(f"{folder.name}: {len(d.commits)} commits, story {len(story.split())} words")


def table(days: Path) -> str:
    rows = ["| day | story writer | reference | preferred |", "|---|---|---|---|"]
    totals: dict[str, list[float]] = {"story": [], "reference": []}
    for folder in sorted(p for p in days.iterdir() if (p / "scores.json").exists()):
        key = json.loads((folder / "blind" / "key.json").read_text())
        scores = json.loads((folder / "scores.json").read_text())
        got = {key[k]: sum(scores[k][s] for s in SCALES) * 4 for k in "AB"}
        for name, value in got.items():
            totals[name].append(value)
        best = max(got, key=got.get) if got["story"] != got["reference"] else "tie"
        rows.append(f"| {folder.name} | {got['story']} | {got['reference']} | {best} |")
    for name, values in totals.items():
        if values:
            rows.append(f"| mean {name} | {sum(values) / len(values):.0f} | | |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("days", type=Path)
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--table", action="store_true")
    args = ap.parse_args()
    if args.table:
        print(table(args.days))
        return
    rng = random.Random(args.seed)
    for folder in sorted(p for p in args.days.iterdir() if (p / "day.json").exists()):
        prepare(folder, rng)


if __name__ == "__main__":
    main()
