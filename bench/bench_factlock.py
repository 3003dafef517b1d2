"""The fact lock on real days: planted fabrications caught, faithful sentences let through, and
the time the lock adds per episode.

For the most recent commit days of real repositories (bare mirrors read with ``git``), each day's
digest gives faithful drafted sentences — what a model told from the commit cards would say:
who landed what, the authors' own explaining sentences, PR numbers, sizes, dates, rollbacks and
the day's numbers — and, from those, sentences with one planted fabrication each: a wrong count,
a swapped PR number, an invented person, another commit's author, a wrong date, a fabricated
environment variable, version or file path, a sha from another day (in the text or as the
sentence's commit). Every planted fact is checked absent from the record before it counts.

    .venv/bin/python bench/bench_factlock.py [--repo GIT_DIR ...] [--days 12]
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from studio.digest.bodies import explain_commit  # noqa: E402
from studio.digest.build import build_digest  # noqa: E402
from studio.pipeline import SourceSpec, pull_day  # noqa: E402
from studio.profile import profile_for  # noqa: E402
from studio.script.llm.factlock import check_resolved  # noqa: E402
from studio.script.llm.facts import DayFacts, day_facts  # noqa: E402
from studio.script.llm.numbers import numbers_in  # noqa: E402
from studio.script.words import number_words, spoken_date  # noqa: E402
from studio.sources.project_name import day_project  # noqa: E402

MIRRORS = ["/work/.mirror/pytorch+ao/repo", "/work/.mirror/astral-sh+ruff/repo",
           "/work/.mirror/numpy+numpy/repo"]
INVENTED = ["Priya Raman", "Tomasz Wierzbicki", "Hiroshi Tanaka", "Olumide Adeyemi",
            "Sofia Marquez", "Lena Hoffmann", "Arjun Mehta", "Camille Dubois"]

Sentence = tuple[str, list[str]]  # text, full shas (empty: a stock line)


def recent_days(git_dir: str, count: int) -> list[dt.date]:
    out = subprocess.run(["git", "--git-dir", git_dir, "log", "--format=%cs", "-n", "3000",
                          "--first-parent", "HEAD"], capture_output=True, text=True, check=True)
    per_day = collections.Counter(out.stdout.split())
    days = [d for d, n in sorted(per_day.items(), reverse=True) if n >= 2]
    return [dt.date.fromisoformat(d) for d in days[:count]]


def blob(facts: DayFacts, shas: list[str]) -> str:
    ev = facts.evidence_for(shas) if shas else facts.day
    return "\n".join(ev.texts)


def faithful(facts: DayFacts) -> list[Sentence]:
    d = facts.digest
    s = d.stats
    date = spoken_date(dt.date.fromisoformat(d.date))
    out: list[Sentence] = [
        (f"Welcome to {d.show} for {date}.", []),
        (f"{number_words(s.commits).capitalize()} commits landed today from "
         f"{number_words(s.authors)} authors.", []),
    ]
    for c in d.commits:
        sha = [c.sha]
        if c.revert is not None:
            for r in d.reverts:
                if r.sha == c.sha and r.original_author and r.reverted_by:
                    out.append((f"{r.reverted_by} reverted {r.original_author}'s change to "
                                f"{r.reverted_title}.", sha))
            continue
        out.append((f"{c.author} landed a change: {c.title}.", sha))
        if c.pr is not None:
            out.append((f"That is PR {c.pr}.", sha))
        if c.changes:
            added = sum(x.added for x in c.changes)
            out.append((f"It adds {added} lines across {number_words(len(c.changes))} "
                        f"files.", sha))
        when = dt.date.fromisoformat(c.committed_at[:10])
        out.append((f"It landed on {spoken_date(when)}.", sha))
        for text in explain_commit(c).sentences[:2]:
            out.append((text, sha))
    return out


def _absent(facts: DayFacts, shas: list[str], text: str) -> bool:
    return text.lower() not in blob(facts, shas).lower()


def plant(kind: str, facts: DayFacts, others: list[str], rng: random.Random) -> Sentence | None:
    """One sentence with one fabrication of ``kind`` about a random commit of the day."""
    d = facts.digest
    commits = [c for c in d.commits if c.revert is None]
    if not commits:
        return None
    c = rng.choice(commits)
    sha = [c.sha]
    ev = facts.evidence_for(sha)
    numbers = ev.numbers | numbers_in(blob(facts, sha))
    if kind == "wrong count":
        n = d.stats.commits + rng.choice([1, 2, 3, 5])
        if float(n) in facts.day.numbers:
            return None
        return (f"{number_words(n).capitalize()} commits landed today.", [])
    if kind == "wrong size":
        added = sum(x.added for x in c.changes)
        n = added + rng.choice([7, 13, 40, 100])
        return None if float(n) in numbers else (f"It adds {n} lines of code.", sha)
    if kind == "swapped PR number":
        prs = [x.pr for x in d.commits if x.pr and float(x.pr) not in numbers]
        return (f"{c.author} landed PR {rng.choice(prs)}: {c.title}.", sha) if prs else None
    if kind == "invented person":
        name = rng.choice(INVENTED)
        return (f"{name} landed a change: {c.title}.", sha) if _absent(facts, sha, name.split()[0]
                                                                      ) else None
    if kind == "another commit's author":
        people = [x.author for x in d.commits if x.author and x.author != c.author
                  and all(_absent(facts, sha, p) for p in x.author.split())]
        return (f"{rng.choice(people)} landed a change: {c.title}.", sha) if people else None
    if kind == "wrong date":
        when = dt.date.fromisoformat(c.committed_at[:10]) + dt.timedelta(
            days=rng.choice([-9, -3, -1, 1, 2, 6]))
        if when.isoformat() in ev.dates:
            return None
        return (f"It landed on {spoken_date(when)}.", sha)
    if kind == "wrong weekday":
        days = {dt.date.fromisoformat(x).strftime("%A") for x in ev.dates if x[:1].isdigit()}
        wrong = [w for w in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                             "Sunday") if w not in days]
        return (f"It landed on a {rng.choice(wrong)}.", sha)
    if kind == "fabricated env var":
        word = rng.choice([w for w in c.title.upper().split() if w.isalpha()] or ["FEATURE"])
        var = f"{rng.choice(['TORCH', 'RUFF', 'NPY', 'ENABLE'])}_{word}_{rng.choice(['MODE', 'LEVEL'])}"
        return (f"Set {var}=1 to turn it on.", sha) if _absent(facts, sha, var) else None
    if kind == "fabricated version":
        v = f"{rng.randint(0, 3)}.{rng.randint(1, 30)}.{rng.randint(0, 9)}"
        return (f"It ships in version {v}.", sha) if _absent(facts, sha, v) else None
    if kind == "fabricated file path":
        path = f"src/{rng.choice(['core', 'utils', 'ops'])}/{rng.choice(['fast', 'new'])}_impl.py"
        return (f"The change lives in {path}.", sha) if _absent(facts, sha, path) else None
    if kind == "sha from another day (text)":
        return (f"{c.author} landed it as commit {rng.choice(others)[:9]}.", sha)
    if kind == "sha from another day (commit)":
        return (f"{c.author} landed a change: {c.title}.", [rng.choice(others)])
    raise ValueError(kind)


KINDS = ["wrong count", "wrong size", "swapped PR number", "invented person",
         "another commit's author", "wrong date", "wrong weekday",
         "fabricated env var", "fabricated version",
         "fabricated file path", "sha from another day (text)", "sha from another day (commit)"]


def locked(text: str, shas: list[str], facts: DayFacts) -> str:
    """The lock's reason for a sentence whose commits may not be the day's (full shas)."""
    for sha in shas:
        if sha not in facts.by_sha:
            return f"names commit {sha[:9]}, which is not one of the day's"
    return check_resolved(text, shas, facts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", action="append", help="bare git dir (default: the mirrors)")
    ap.add_argument("--days", type=int, default=12, help="most recent commit days per repo")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--show-rejected", type=int, default=8)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    repos = [r for r in (args.repo or MIRRORS) if Path(r).exists()]
    if not repos:
        print("bench_factlock: no repositories here (pass --repo GIT_DIR, a clone's .git or a "
              "bare mirror); nothing measured")
        return 0
    faithful_n = rejected = 0
    caught: collections.Counter[str] = collections.Counter()
    planted: collections.Counter[str] = collections.Counter()
    missed: list[str] = []
    wrongly: list[str] = []
    lock_seconds: list[float] = []
    facts_seconds: list[float] = []
    sentence_counts: list[int] = []
    for repo in repos:
        days = recent_days(repo, args.days)
        all_shas = subprocess.run(["git", "--git-dir", repo, "log", "--format=%H", "-n", "5000"],
                                  capture_output=True, text=True, check=True).stdout.split()
        for date in days:
            day = pull_day(SourceSpec(git=repo), date)
            profile = profile_for(day.repo, project=day_project(day))
            digest = build_digest(day, profile)
            started = time.perf_counter()
            facts = day_facts(digest, profile)  # the evidence, and the cards of the prompt
            facts_seconds.append(time.perf_counter() - started)
            good = faithful(facts)
            started = time.perf_counter()
            verdicts = [locked(t, s, facts) for t, s in good]
            lock_seconds.append(time.perf_counter() - started)
            sentence_counts.append(len(good))
            faithful_n += len(good)
            for (text, _), why in zip(good, verdicts, strict=True):
                if why:
                    rejected += 1
                    wrongly.append(f"{Path(repo).parent.name} {date}: {why} :: {text[:110]}")
            others = [s for s in all_shas if s not in facts.by_sha]
            for kind in KINDS:
                for _ in range(3):
                    sentence = plant(kind, facts, others, rng)
                    if sentence is None:
                        continue
                    planted[kind] += 1
                    why = locked(*sentence, facts)
                    if why:
                        caught[kind] += 1
                    else:
                        missed.append(f"{kind}: {sentence[0][:110]}")
        print(f"{Path(repo).parent.name}: {len(days)} days", file=sys.stderr)
    total = sum(planted.values())
    print(f"\nfact lock on {sum(1 for _ in lock_seconds)} real days of "
          f"{', '.join(Path(r).parent.name for r in repos)}")
    print(f"{'kind':34} {'planted':>8} {'caught':>8}")
    for kind in KINDS:
        print(f"{kind:34} {planted[kind]:8d} {caught[kind]:8d}")
    print(f"{'all fabrications':34} {total:8d} {sum(caught.values()):8d} "
          f"({100 * sum(caught.values()) / max(1, total):.1f}% caught, goal 100%)")
    print(f"faithful sentences: {faithful_n}, wrongly rejected {rejected} "
          f"({100 * rejected / max(1, faithful_n):.1f}%, goal <= 5%)")
    per_sentence = sum(lock_seconds) / max(1, sum(sentence_counts))
    for what, values in (("building the day's facts (evidence + prompt cards)", facts_seconds),
                         ("checking every faithful sentence", lock_seconds)):
        values = sorted(values)
        print(f"per episode, {what}: median {1000 * values[len(values) // 2]:.0f} ms, "
              f"max {1000 * values[-1]:.0f} ms")
    print(f"per sentence checked: {1000 * per_sentence:.2f} ms "
          f"(median {sorted(sentence_counts)[len(sentence_counts) // 2]} sentences a day)")
    for line in missed[:20]:
        print("MISSED", line)
    for line in wrongly[:args.show_rejected]:
        print("REJECTED", line)
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main())
