"""`studio produce` killed on purpose: SIGKILL, SIGTERM and SIGINT at moments spread over the
run, and at every rename of the final swap (strace ``-e inject=rename:signal=SIG:when=N``).

The show holds two earlier episodes; each trial re-produces the latest day from the other of
two histories (the second has a late commit, so every file of the episode changes), kills it,
runs the next command on the episode, and checks (tests/crash_kit.py): earlier episodes
byte-identical, the latest wholly old or wholly new (the sha256 in episode.json match its
files), feed.xml well-formed with each enclosure length the MP3's size, no temp files left,
and the next full produce succeeds. Prints "kills survived / tried".

Then the full-disk series: the same show on a small tmpfs, a filler file taking every free
byte at moments spread from the start of mastering to the end of the run. Right after each
run, with the disk still full: a failed run gave one line naming the disk, the episode is
wholly old (the feed agreeing, the line saying it was not replaced) or wholly new; then the
disk is freed and the checks above follow. Prints "full disks survived / tried".

Then the reader series: the show also published to a ``folder:`` target by every produce,
a reader polls both sites (feed.xml, then the file its latest enclosure names) through a run
of produces that change every file of the episode. Prints "polls with a wrong length /
polls" (0 is the only passing figure).

    .venv/bin/python bench/bench_crash.py [--moments 40] [--signals SIGKILL,SIGTERM,SIGINT]
                                          [--fills 30] [--fill-size 24m] [--polled 6]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from crash_kit import (  # noqa: E402
    CrashShow,
    Filler,
    NoMount,
    Outcome,
    Poller,
    Trigger,
    disagreements,
    export_seconds,
    fill_trial,
    have_strace,
    tmpfs,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moments", type=int, default=40, help="timed kills per signal")
    parser.add_argument("--signals", default="SIGKILL,SIGTERM,SIGINT")
    parser.add_argument("--commits", type=int, default=2, help="commits on the latest day")
    parser.add_argument("--minutes", type=float, default=0,
                        help="start no trial after this many minutes (0: run them all)")
    parser.add_argument("--fills", type=int, default=30,
                        help="full-disk moments spread over the export (0: none)")
    parser.add_argument("--fill-size", default="24m", help="size of the tmpfs the show is on")
    parser.add_argument("--polled", type=int, default=6,
                        help="produces a polling reader watches (0: none)")
    parser.add_argument("--keep", action="store_true", help="keep the show folder")
    args = parser.parse_args()
    signals = [s.strip() for s in args.signals.split(",") if s.strip()]
    kills = kill_series(args, signals) if signals and args.moments else True
    fills = fill_series(args) if args.fills else True
    polls = poll_series(args) if args.polled else True
    return 0 if kills and fills and polls else 1


def poll_series(args: argparse.Namespace) -> bool:
    """A reader polling the show's site and a folder: target through produces; True when no
    poll saw an enclosure length that is not its file's size."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-poll-"))
    started = time.monotonic()
    try:
        show = CrashShow(tmp, commits=args.commits, earlier=2)
        show.build()
        www = tmp / "www"
        show.copy_to(www)
        show.complete(show.other())
        with Poller([show.show, www]) as poller:
            for _ in range(args.polled):
                show.complete(show.other())
        after = disagreements(show.show) + disagreements(www)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nreader: {args.polled} produces watched in the show folder and a folder: target; "
          f"{len(poller.seen)} distinct enclosures seen")
    for line in poller.wrong[:5] + after:
        print(f"  FAIL {line}")
    print(f"polls with a wrong length / polls: {len(poller.wrong)} / {poller.polls} "
          f"({time.monotonic() - started:.0f} s)")
    return not poller.wrong and not after


def kill_series(args: argparse.Namespace, signals: list[str]) -> bool:
    """The kills; True when every one was survived."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-crash-"))
    show = CrashShow(tmp, commits=args.commits, earlier=2)
    started = time.monotonic()
    show.build()
    took = [show.complete(show.other()) for _ in range(2)]  # A -> B -> A: both scripts known
    run_seconds = statistics.median(took)
    print(f"show with {len(show.dates)} earlier episodes; a produce of the latest day takes "
          f"{run_seconds:.1f} s", flush=True)

    outcomes: list[Outcome] = []

    def record(outcome: Outcome) -> None:
        outcomes.append(outcome)
        mark = ("ok " if outcome.survived else "FAIL") if outcome.delivered else "-- "
        exit_note = "" if outcome.clean_exit else f" (exit {outcome.code}: not a clean cancel)"
        print(f"  {mark} {outcome.signal:7} {outcome.how:40} -> {outcome.state or '?'}"
              f"{exit_note}{'' if outcome.survived else ': ' + '; '.join(outcome.problems)}",
              flush=True)

    points: dict[str, list] = {}
    if have_strace():
        for _ in range(2):  # toward the other history from where a trial starts, both ways
            target = show.other()
            points[target] = show.swap_renames(target)
        print(f"swap renames: {', '.join(r.label for r in points['B'])}", flush=True)
    else:
        print("strace is not installed: no kills at the swap's renames", flush=True)
    at_renames = [(n, sig) for n in range(len(points.get("B", []))) for sig in signals]
    timed = [(i, sig) for i in range(args.moments) for sig in signals]
    plan = []  # interleaved, so that a run cut short by --minutes still samples everything
    for k in range(max(len(at_renames), len(timed))):
        plan += [("rename", *at_renames[k])] if k < len(at_renames) else []
        plan += [("time", *timed[k])] if k < len(timed) else []
    stop_at = started + args.minutes * 60 if args.minutes else float("inf")
    for kind, n, sig in plan:
        if time.monotonic() > stop_at:
            print(f"stopped after {args.minutes:g} min: {len(outcomes)} of {len(plan)} planned "
                  f"trials run", flush=True)
            break
        if kind == "rename":
            found = points[show.other()]
            record(show.trial(show.kill_at_rename, sig, found[min(n, len(found) - 1)]))
        else:
            record(show.trial(show.kill_after, sig, run_seconds * (n + 0.5) / args.moments))

    late = [o for o in outcomes if not o.delivered]  # the run had ended: not a kill
    outcomes = [o for o in outcomes if o.delivered]
    survived = sum(o.survived for o in outcomes)
    clean = [o for o in outcomes if o.signal != "SIGKILL"]
    by_signal = Counter(o.signal for o in outcomes)
    ok_by_signal = Counter(o.signal for o in outcomes if o.survived)
    states = Counter(o.state for o in outcomes if o.survived)
    print()
    for sig in signals:
        print(f"{sig:8} {ok_by_signal[sig]} / {by_signal[sig]} survived")
    print(f"latest episode after recovery: {states['old']} wholly old, {states['new']} wholly new")
    print(f"clean cancels (exit 128+N, one line): {sum(o.clean_exit for o in clean)} / {len(clean)}")
    if late:
        print(f"not counted: {len(late)} moments after the run had ended "
              f"({sum(o.survived for o in late)} of them checked fine)")
    print(f"kills survived / tried: {survived} / {len(outcomes)} "
          f"({time.monotonic() - started:.0f} s)")
    if args.keep:
        print(f"show folder kept in {show.show}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return survived == len(outcomes)


def fill_series(args: argparse.Namespace) -> bool:
    """The full disks; True when every one was survived."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-fill-"))
    started = time.monotonic()
    outcomes: list[Outcome] = []
    try:
        with tmpfs(tmp / "disk", args.fill_size) as disk:
            show = CrashShow(tmp, commits=args.commits, earlier=2)
            show.show = disk / "show"
            show.build()
            show.complete(show.other())
            # the shortest of three: on busy cores a slow calibration puts moments past the end
            span = min(export_seconds(show, show.other()) for _ in range(3))
            print(f"\nfull disk: the show on a {args.fill_size} tmpfs; mastering to the end of "
                  f"the run takes {span:.2f} s", flush=True)
            filler = Filler(disk / "filler")
            for n in range(args.fills):
                trigger = Trigger(seconds=span * n / args.fills)
                outcome = fill_trial(show, trigger, filler)
                outcomes.append(outcome)
                line = outcome.stderr.strip().splitlines()[-1:] or [""]
                mark = ("ok " if outcome.survived else "FAIL") if outcome.delivered else "-- "
                print(f"  {mark} {outcome.how:26} exit {outcome.code} -> {outcome.state or '?'}"
                      f"{': ' + line[0][-110:] if outcome.code else ''}"
                      f"{'' if outcome.survived else ' | ' + '; '.join(outcome.problems)}",
                      flush=True)
            if args.keep:
                kept = tmp / "kept-show"
                shutil.copytree(show.show, kept, symlinks=True)
                print(f"show folder kept in {kept}")
    except NoMount as exc:
        print(f"full disk: skipped, cannot mount a tmpfs here ({exc})")
        return True
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    late = [o for o in outcomes if not o.delivered]
    counted = [o for o in outcomes if o.delivered]
    survived = sum(o.survived for o in counted)
    failed = [o for o in counted if o.code]
    states = Counter(o.state for o in counted if o.survived)
    print(f"\nfull disk: {len(failed)} runs stopped with the one line naming the disk, "
          f"{len(counted) - len(failed)} had written everything (exit 0)")
    print(f"latest episode on the full disk: {states['old']} wholly old (feed agreeing), "
          f"{states['new']} wholly new")
    if late:
        print(f"not counted: {len(late)} moments after the run had ended")
    print(f"full disks survived / tried: {survived} / {len(counted)} "
          f"({time.monotonic() - started:.0f} s)")
    return survived == len(counted)


if __name__ == "__main__":
    sys.exit(main())
