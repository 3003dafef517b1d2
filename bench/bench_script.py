"""The script writer on real history: the 40 most recent commit days of real repositories,
each pulled and scripted the way `studio produce` does it up to the script (`studio pull` into
``SHOW/episodes/DATE/day.json``, then `studio script` into that folder, run in-process through
the CLI's own entry point; no audio), and measured against git.

    .venv/bin/python bench/bench_script.py [REPO_PATH_OR_URL ...] [--days 40] [--json OUT.json]
                                           [--keep DIR] [--minutes N]

Repositories are local clones / bare repositories, or URLs (cloned bare with
``--filter=blob:none`` into ``--cache``, default bench/out/clones). Without any, the local
mirrors of pytorch/ao (ghstack + merge bot), astral-sh/ruff (squash), numpy/numpy (merge
commits) and git/git (a maintainer's topic merges) under /work/.mirror are used when they exist.

Per repository it prints a table; per day the details go to the JSON file (``--json``,
default bench/out/bench_script.json), spoken text included, so every failure can be read.
What is measured (helpers in bench/script_metrics.py):

- counts: git's own count of the day's first-parent commits (a merge commit is one, credited
  to its branch tip's author), reverts (titles starting "Revert", not reverts of reverts) and
  distinct non-bot authors (one name or one address is one person), against the episode's
  stats AND against every "<number> commits / rollbacks / authors" the listener hears
  (numbers in words too; the largest one said must be git's — smaller ones are parts).
  Every PR number spoken must be a PR that the repository's messages name up to that day.
  Every date spoken ("reverted on June 24th") must be the day or the committed date of a
  commit its sentence cites.
- unspeakable bits in the spoken text: backticks, (#N), type(scope): and area: prefixes,
  [tags], file paths and a/b words, arrows, "(1M context)", doubled words ("work work"), broken
  past tenses ("fixesed"), "PRs series of PRs", a name twice in one list, "Surname, Given", a
  lower-case handle capitalised at a sentence start.
- stock wording: the share of all spoken words inside a 5-word run said on at least a quarter
  of the days (10 of 40).
- distinct titles; median words on 1-2 commit days and on busy days (10+ commits).
- explained: a day counts when one content sentence (any segment but intro, numbers, focus
  and sign-off) gives a reason or a consequence in its own words: a cue (because, so that,
  which means, due to, to fix, affects, users who, no longer, instead of, previously,
  now <verb>, broke, crash, failed, incorrectly, could <verb>, does not, faster, N percent,
  lets, allows ...; script_metrics.CUES) outside any run of 3+ words copied from a commit
  title and outside any 5-word run said on 10% of the days, and at least two of its other
  words also in the day's commit messages (a merge's: its merged branch's commits too). A
  restated title ("merged a change to fix X") or a stock line never counts. Calibrated on the
  body reader (studio.digest.bodies.explain): about half of the sentences it picks from real
  bodies count; the rest say only what changed.
- quoting: days with a content sentence carrying 8+ words of a commit body (not of a title), for
  comparison — the authors' own words, reason or not.
- big changes told as housekeeping: commits adding 300+ lines to code files (outside tests,
  docs, CI, fixtures; `git show --numstat`, first parent for merges) whose sentence sits in
  a housekeeping segment or says housekeeping/tidying/chores.
- seconds per day for the pull and for the script.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

import editorial_metrics as E  # noqa: E402
import script_metrics as M  # noqa: E402

from studio.digest.bodies import explain  # noqa: E402

MIRRORS = [Path("/work/.mirror/pytorch+ao/repo"), Path("/work/.mirror/astral-sh+ruff/repo"),
           Path("/work/.mirror/numpy+numpy/repo"), Path("/work/.mirror/git+git/repo")]
NOT_CONTENT = ("intro", "numbers", "focus", "sign-off", "signoff", "outro", "welcome")
BUSY = 10
BIG_CODE = 300


def git(repo: Path, *args: str, stdin: str | None = None) -> str:
    out = subprocess.run(["git", "-C", str(repo), *args], input=stdin, capture_output=True,
                         text=True, errors="replace", check=True, env={"LC_ALL": "C",
                                                                        "PATH": "/usr/bin:/bin",
                                                                        "TZ": "UTC"})
    return out.stdout


def resolve(source: str, cache: Path) -> tuple[str, Path]:
    """(name, path) for a path or a URL (cloned bare with --filter=blob:none, once)."""
    if re.match(r"^(?:https?|git|ssh|file)://|^[\w.-]+@[\w.-]+:", source):
        name = source.rstrip("/").removesuffix(".git").rsplit("/", 2)[-2:]
        dest = cache / "+".join(name)
        if not dest.exists():
            cache.mkdir(parents=True, exist_ok=True)
            subprocess.run(["git", "-c", "uploadpack.allowFilter=true", "clone", "--bare",
                            "--filter=blob:none", "-q", source,
                            str(dest)], check=True)
        return "+".join(name), dest
    path = Path(source).resolve()
    name = path.parent.name if path.name in ("repo", ".git") else path.name
    return name, path


def commit_days(repo: Path, n: int) -> list[str]:
    days: list[str] = []
    for line in git(repo, "log", "--first-parent", "--format=%cd",
                    "--date=format-local:%Y-%m-%d", "HEAD").splitlines():
        if not days or days[-1] != line:
            if line not in days:
                days.append(line)
        if len(days) > n:
            break
    return days[:n]


@dataclass
class Truth:
    commits: int = 0
    reverts: int = 0
    authors: int = 0
    titles: list[str] = field(default_factory=list)
    messages: str = ""
    handles: set[str] = field(default_factory=set)
    comma_names: set[str] = field(default_factory=set)
    big: dict[str, int] = field(default_factory=dict)  # sha -> code lines added
    own_titles: dict[str, str] = field(default_factory=dict)  # sha -> its title(s)
    bodies: int = 0  # commits whose body has 25+ words of prose to explain from
    explainable: int = 0  # commits the body reader finds an explaining sentence for
    record_words: int = 0  # prose words of the day's messages (code blocks and trailers out)


AUTOMATION = {"dependabot", "renovate", "github-actions", "pytorchmergebot", "pytorchbot",
              "facebook-github-bot", "pre-commit-ci"}


def is_bot(name: str, email: str) -> bool:
    """The bot shapes every profile knows (issue 17): GitHub's app accounts ("x[bot]"), an
    account whose handle or address ends in "bot" ("zaniebot", "pytorchmergebot", "ci-bot"),
    a name whose last word is Bot ("PyTorch MergeBot", "Some Bot") and a few well-known
    automation accounts; written here apart from the studio's own rules (studio/bots.py)."""
    local = email.split("@")[0].lower()
    last = name.split()[-1] if name.split() else ""
    return (any(x.endswith(("[bot]", "-bot")) or x in AUTOMATION for x in (name.lower(), local))
            or (local.endswith("bot") and local not in SURNAMES)
            or (" " not in name.strip() and name.lower().endswith("bot")
                and name.lower() not in SURNAMES)
            or last.lower() in {"bot", "robot"} or (last.endswith("Bot") and len(last) > 3))


SURNAMES = {"talbot", "cabot", "abbot"}  # people, not bots


def people(identities: set[tuple[str, str]]) -> int:
    """Distinct people among (name, e-mail) pairs: one name with two addresses is one person,
    and so is one address under two names ("jorenham" and "Joren Hammudoglu")."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for name, email in identities:
        a, b = root("n:" + name), root("e:" + (email or name))
        parent[a] = b
    return len({root("n:" + name) for name, _ in identities})


def branch_bodies(repo: Path, parents: list[str]) -> list[str]:
    """The bodies of a merge's branch commits (`git log first..second`, no merges)."""
    out = git(repo, "log", "--no-merges", "--format=%x01%B", f"{parents[0]}..{parents[1]}")
    return [m.strip().partition("\n")[2].strip() for m in out.split("\x01")[1:]
            if m.strip().partition("\n")[2].strip()]


def day_truth(repo: Path, day: str) -> Truth:
    fmt = "%x01%H%x00%P%x00%an%x00%ae%x00%cd%x00%B"
    out = git(repo, "log", "--first-parent", f"--since={day}T00:00:00Z",
              f"--until={day}T23:59:59Z", "--date=format-local:%Y-%m-%d", f"--format={fmt}",
              "HEAD")  # git's bounds are loose by a second: the committer date decides
    t = Truth()
    authors = set()
    shas = []
    for rec in out.split("\x01")[1:]:
        sha, parents, name, email, date, message = rec.split("\x00", 5)
        if date != day:
            continue
        parents_l = parents.split()
        if len(parents_l) > 1:  # a merge commit stands for its branch: credit the author of
            # the branch's own last commit (past a "Merge branch 'main' into …"), as the sources do
            name, email = git(repo, "log", "-1", "--first-parent", "--no-merges",
                              "--format=%an%x00%ae", parents_l[1]).strip().split("\x00")
        title, _, body = message.strip().partition("\n")
        t.commits += 1
        shas.append(sha)
        t.titles.append(title)
        t.own_titles[sha.strip()] = title
        # "Merge pull request #N from …": the body's first line is the PR's title (a topic merge's
        # body, "Merge branch 'kh/doc-trailers'", is the maintainer's paragraph: not a title)
        if len(parents_l) > 1 and body.strip() and re.match(r"Merge pull request\b", title):
            t.titles.append(body.strip().split("\n", 1)[0])
            t.own_titles[sha.strip()] += "\n" + t.titles[-1]
        t.messages += message + "\n"
        # a merge's own commits (its merged branch) explain it too
        branch = branch_bodies(repo, parents_l) if len(parents_l) > 1 else []
        t.messages += "".join(b + "\n" for b in branch)
        t.record_words += sum(M.prose_words(b) for b in [body, *branch])
        if any(M.prose_words(b) >= 25 for b in [body, *branch]):
            t.bodies += 1
        # (the reader's own order: a merge's branch oldest first)
        if explain(title, body.strip(), body.strip() if branch else "", branch[::-1]).sentences:
            t.explainable += 1
        bare = re.sub(r"^(?:\[[^\]]*\]\s*|[\w./-]+(?:\([^)]*\))?!?:\s+)+", "", title)  # "[ty] Revert"
        if re.match(r"revert\b", bare, re.I) and not re.match(r'revert\W+"?revert\b', bare, re.I):
            t.reverts += 1
        if not is_bot(name, email):
            authors.add((name.strip().lower(), email.lower()))
        if name and " " not in name and name == name.lower():
            t.handles.add(name)
        if re.fullmatch(r"[^,]+, [^,]+", name):
            t.comma_names.add(name)
    t.authors = people(authors)
    if shas:
        stat = git(repo, "log", "--no-walk=unsorted", "--diff-merges=first-parent", "--numstat",
                   "--format=%x01%H", "--stdin", stdin="\n".join(shas) + "\n")
        for rec in stat.split("\x01")[1:]:
            sha, _, rows = rec.partition("\n")
            nums = []
            for row in rows.splitlines():
                parts = row.split("\t")
                if len(parts) == 3 and parts[0].isdigit():
                    nums.append((int(parts[0]), int(parts[1]), parts[2]))
            lines = M.code_lines(nums)
            if lines >= BIG_CODE:
                t.big[sha.strip()] = lines
    return t


def known_prs(repo: Path) -> dict[int, str]:
    """PR number -> committer date of the first message that names it."""
    out = git(repo, "log", "--first-parent", "--since=2 years ago", "--format=%x01%cd%x00%B",
              "--date=format-local:%Y-%m-%d", "HEAD")
    found: dict[int, str] = {}
    for rec in out.split("\x01")[1:]:
        date, _, body = rec.partition("\x00")
        for m in re.finditer(r"#(\d+)|/pull/(\d+)", body):
            found[int(m.group(1) or m.group(2))] = min(date, found.get(int(m.group(1) or
                                                                           m.group(2)), date))
    return found


def run_day(repo: Path, day: str, show: Path, minutes: float | None) -> tuple[dict, float, float]:
    from studio.cli.main import main as studio

    folder = show / "episodes" / day
    folder.mkdir(parents=True, exist_ok=True)
    sink = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        code = studio(["pull", "--git", str(repo), "--date", day, "-o", str(folder / "day.json")])
    t1 = time.perf_counter()
    extra = ["--minutes", str(minutes)] if minutes else []
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        code = code or studio(["script", str(folder / "day.json"), "-o", str(folder), *extra])
    t2 = time.perf_counter()
    if code:
        raise RuntimeError(f"studio failed on {day}: {sink.getvalue()[-500:]}")
    return json.loads((folder / "episode.json").read_text()), t1 - t0, t2 - t1


def commit_dates(repo: Path, shas: set[str]) -> dict[str, str]:
    if not shas:
        return {}
    out = git(repo, "log", "--no-walk=unsorted", "--format=%H %cd", "--date=format-local:%Y-%m-%d",
              "--stdin", stdin="\n".join(sorted(shas)) + "\n")
    return dict(line.split() for line in out.splitlines() if line.strip())


def date_problems(repo: Path, ep: dict, day: str) -> list[str]:
    """Dates the listener hears ("reverted on June 24th") that are neither the day nor the
    committed date of a commit the sentence cites."""
    said = [(sent["text"], sent.get("commits", []))
            for seg in ep["segments"] for sent in seg.get("sentences", [])]
    year = int(day[:4])
    shas = {sha for text, cited in said if M.spoken_dates(text, year) for sha in cited}
    dates = commit_dates(repo, shas)
    problems = []
    for text, cited in said:
        for when in M.spoken_dates(text, year):
            if when[5:] > day[5:]:
                when = f"{year - 1}{when[4:]}"
            if when != day and when not in {dates.get(c) for c in cited}:
                problems.append(f"{when} matches no cited commit: {text[:140]!r}")
    return problems


def measure_day(ep: dict, truth: Truth, prs: dict[int, str], day: str) -> dict:
    segs = ep["segments"]
    spoken = "\n".join(s["text"] for s in segs)
    stats = ep.get("stats", {})
    git_counts = {"commits": truth.commits, "reverts": truth.reverts, "authors": truth.authors}
    count_problems = [f"stats {k}: {stats.get(k)} vs git {v}" for k, v in git_counts.items()
                      if stats.get(k) != v]
    count_problems += M.count_mismatches(spoken, git_counts)
    count_problems += [f"PR {n} is named by no message up to {day}" for n in M.spoken_prs(spoken)
                       if n not in prs or prs[n] > day]
    content = [(s, sent) for s in segs if not s["id"].startswith(NOT_CONTENT)
               for sent in (s.get("sentences") or [{"text": s["text"], "commits": s["commits"]}])]
    house: dict[str, dict] = {}
    told = set()
    for seg, sent in content:
        for sha in sent.get("commits", []):
            told.add(sha)
            if sha in truth.big and M.told_as_housekeeping(seg["id"], seg["title"], sent["text"],
                                                           truth.own_titles.get(sha, "")):
                house.setdefault(sha[:10], {"sha": sha[:10], "code_lines": truth.big[sha],
                                            "segment": seg["id"], "sentences": []}
                                 )["sentences"].append(sent["text"])
    return {
        "date": day, "title": ep["title"], "commits": truth.commits,
        "git": git_counts, "stats": stats, "count_problems": count_problems,
        "commits_with_bodies": truth.bodies, "commits_explainable": truth.explainable,
        "unspeakable": M.unspeakable(spoken, truth.handles, truth.comma_names, truth.titles),
        "faults": E.faults(segs, truth.titles),
        "record_words": truth.record_words,
        "words": len(spoken.split()), "seconds_estimated": ep.get("estimated_seconds"),
        "big_changes": {k[:10]: v for k, v in truth.big.items()},
        "big_untold": [k[:10] for k in truth.big if k not in told],
        "big_as_housekeeping": list(house.values()),
        "content": [sent["text"] for _, sent in content],
        "segments": [{"id": s["id"], "title": s["title"], "text": s["text"]} for s in segs],
        "_titles": truth.titles, "_messages": truth.messages,
    }


def median(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "-"


def bench_repo(name: str, repo: Path, n: int, keep: Path | None, minutes: float | None) -> dict:
    days = commit_days(repo, n)
    prs = known_prs(repo)
    records = []
    with tempfile.TemporaryDirectory(prefix="bench-script-") as tmp:
        show = (keep / name) if keep else Path(tmp)
        for day in days:
            ep, pull_s, script_s = run_day(repo, day, show, minutes)
            rec = measure_day(ep, day_truth(repo, day), prs, day)
            rec["date_problems"] = date_problems(repo, ep, day)
            rec["pull_seconds"], rec["script_seconds"] = round(pull_s, 3), round(script_s, 3)
            records.append(rec)
            print(f"  {day} {rec['commits']:>3} commits {rec['words']:>5} words "
                  f"{pull_s + script_s:5.2f} s  {ep['title'][:70]}", flush=True)
    toks = [M.words("\n".join(s["text"] for s in r["segments"])) for r in records]
    share, _ = M.recurring_share(toks, max(2, math.ceil(len(records) / 4)))
    _, stock = M.recurring_share(toks, max(3, math.ceil(len(records) / 10)))
    for r in records:
        titles, messages = r.pop("_titles"), r.pop("_messages")
        r["explaining"] = M.explaining_sentences(r["content"], titles, messages, stock)
        r["body_quotes"] = M.body_quotes(r["content"], titles, messages)
    return {"name": name, "path": str(repo), "days": records, "stock_share": share}


def _minutes(days: list[dict]) -> str:
    secs = [d["seconds_estimated"] for d in days if d.get("seconds_estimated")]
    return f"{statistics.median(secs) / 60:.1f}" if secs else "-"


def summary(res: dict) -> list[tuple[str, str, str]]:
    days = res["days"]
    n = len(days)
    quiet = [d["words"] for d in days if d["commits"] <= 2]
    rich = [d["words"] for d in days if d["commits"] <= 2 and d.get("record_words", 0) >= 120]
    busy = [d["words"] for d in days if d["commits"] >= BUSY]
    bits = sum(len(d["unspeakable"]) for d in days)
    dates = sum(len(d.get("date_problems", [])) for d in days)
    kinds: dict[str, int] = {}
    for d in days:
        for kind, _ in d["unspeakable"]:
            kinds[kind] = kinds.get(kind, 0) + 1
    big = sum(len(d["big_changes"]) for d in days)
    house = sum(len(d["big_as_housekeeping"]) for d in days)
    untold = sum(len(d["big_untold"]) for d in days)
    times = [d["pull_seconds"] + d["script_seconds"] for d in days]
    top = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])[:4])
    return [
        ("days with counts and spoken numbers = git", f"{sum(not d['count_problems'] for d in days)}/{n}",
         f"{n}/{n}"),
        ("dates spoken that match no cited commit", f"{dates}", "0"),
        ("unspeakable bits (all days)", f"{bits}", "0"),
        ("  most frequent", top or "-", ""),
        ("days with any unspeakable bit", f"{sum(bool(d['unspeakable']) for d in days)}/{n}", f"0/{n}"),
        ("words in 5-word runs on >= 1/4 of days", f"{res['stock_share']:.0%}", "<= 25%"),
        ("distinct titles", f"{len({d['title'] for d in days})}/{n}", f"{n}/{n}"),
        (f"median words, 1-2 commit days ({len(quiet)})", median(quiet), "short, honest"),
        (f"median words, busy days {BUSY}+ commits ({len(busy)})", median(busy), "fills --minutes"),
        ("median words, all days", median([d["words"] for d in days]), ""),
        ("median minutes (writer's estimate), quiet / busy days",
         f"{_minutes([d for d in days if d['commits'] <= 2])} / "
         f"{_minutes([d for d in days if d['commits'] >= BUSY])}", "seeds: 2.5-4 busy"),
        ("days whose content explains", f"{sum(bool(d['explaining']) for d in days)}/{n}",
         f">= {math.ceil(0.9 * n)}/{n}"),
        ("  days with a commit body to explain from (25+ words)",
         f"{sum(d.get('commits_with_bodies', 0) > 0 for d in days)}/{n}", ""),
        ("  days whose record explains (body reader)",
         f"{sum(d.get('commits_explainable', 0) > 0 for d in days)}/{n}", ""),
        ("days quoting a commit body (8+ words)", f"{sum(bool(d['body_quotes']) for d in days)}/{n}", ""),
        (f"changes adding {BIG_CODE}+ code lines told as housekeeping", f"{house} of {big}", "0"),
        (f"changes adding {BIG_CODE}+ code lines not told at all", f"{untold} of {big}", ""),
        ("seconds per day, median (pull + script)", f"{statistics.median(times):.2f}", ""),
        *[(f"{kind} (all days)", f"{sum(len(d['faults'][kind]) for d in days)}", "0")
          for kind in days[0]["faults"]],
        (f"median words, 1-2 commit days whose record has 120+ words ({len(rich)})",
         median(rich), ">= 120"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repos", nargs="*", help="repository paths or URLs")
    parser.add_argument("--days", type=int, default=40)
    parser.add_argument("--json", type=Path, default=HERE / "out" / "bench_script.json")
    parser.add_argument("--keep", type=Path, help="keep the show folders under DIR/NAME")
    parser.add_argument("--cache", type=Path, default=HERE / "out" / "clones")
    parser.add_argument("--minutes", type=float, help="pass --minutes to `studio script`")
    parser.add_argument("--before", type=Path, metavar="OLD.json",
                        help="an earlier run's JSON: its values shown in a 'before' column")
    args = parser.parse_args()
    before: dict[str, dict[str, str]] = {}
    if args.before:
        old = json.loads(args.before.read_text())
        before = {r["name"]: {a: b for a, b, _ in summary(r)} for r in old["repos"]}
    sources = args.repos or [str(p) for p in MIRRORS if p.exists()]
    if not sources:
        print("no repositories given and no local mirrors found: pass paths or URLs")
        return 0
    results = []
    for source in sources:
        name, path = resolve(source, args.cache)
        print(f"== {name} ({path})", flush=True)
        results.append(bench_repo(name, path, args.days, args.keep, args.minutes))
    lines = []
    for res in results:
        days = res["days"]
        lines.append(f"\n{res['name']}: {len(days)} days, {days[-1]['date']} to {days[0]['date']}, "
                     f"{sum(d['commits'] for d in days)} commits")
        old = before.get(res["name"])
        if old is None:
            lines.append(f"  {'measure':<54}{'value':<40}goal")
            lines += [f"  {a:<54}{b:<40}{c}" for a, b, c in summary(res)]
        else:
            lines.append(f"  {'measure':<54}{'before':<28}{'now':<40}goal")
            lines += [f"  {a:<54}{old.get(a, '-')[:26]:<28}{b:<40}{c}" for a, b, c in summary(res)]
    print("\n".join(lines))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"repos": results, "table": "\n".join(lines)}, indent=1))
    print(f"\nper-day details -> {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
