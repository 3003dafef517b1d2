"""A week of a squash-merging project (ISO week 2026-W05, Monday January 26th to Sunday
February 1st), built as a real git history, with the GitHub API data of the same history.

Its arcs: Alice's fused attention kernel (landed the Friday before) is reverted on Monday and
relanded on Thursday; Bob's five-part XPU series lands Monday to Wednesday; Dave works on the
parser on Tuesday and Friday (and the Thursday before); Erin's first commit lands on
Wednesday (Bob and Carol committed a month before); Saturday and Sunday are quiet.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from github_history import WEBFLOW, History, Planned

WEEK = "2026-W05"
MONDAY = dt.date(2026, 1, 26)
ALICE = ("Alice Zhang", "alice@example.com")
BOB = ("Bob Okafor", "bob@example.com")
CAROL = ("Carol Reyes", "carol@example.com")
DAVE = ("Dave Singh", "dave@example.com")
ERIN = ("Erin Walsh", "erin@example.com")


def at(day: int, hour: int) -> dt.datetime:
    """``day`` days after Monday (negative: before the week), at ``hour`` UTC."""
    return dt.datetime.combine(MONDAY + dt.timedelta(days=day), dt.time(hour), tzinfo=dt.UTC)


def _code(name: str, lines: int) -> str:
    return "".join(f"{name}_{i} = {i}\n" for i in range(lines))


def week_history(path: Path) -> History:
    hist = History(path)
    add = hist.add
    add(Planned("Add the device registry (#80)", "Devices register by name.", BOB, WEBFLOW,
                at(-30, 10), 80, files={"src/widgets/devices.py": _code("dev", 20)}))
    add(Planned("Add build notes (#85)", "", CAROL, WEBFLOW, at(-25, 10), 85,
                files={"docs/build.md": "Build with make.\n"}))
    add(Planned("Speed up the parser's tokenizer (#99)",
                "The tokenizer reads whole lines instead of single characters.", DAVE, WEBFLOW,
                at(-4, 10), 99, files={"src/widgets/parser/tokenize.py": _code("tok", 40)}))
    kernel = add(Planned("Add a fused attention kernel (#101)",
                         "The kernel fuses the softmax and the matmul into one pass.", ALICE,
                         WEBFLOW, at(-3, 10), 101,
                         files={"src/widgets/attention/kernel.py": _code("k", 120)}))
    add(Planned('Revert "Add a fused attention kernel (#101)" (#111)',
                "Reverts octo/widgets#101\n\nIt breaks the CUDA 12 build.", CAROL, WEBFLOW,
                at(0, 9), 111, reverts=kernel,
                files={"src/widgets/attention/kernel.py": "# reverted\n"}))
    xpu = ["Add the XPU device guard", "Register XPU streams", "Add XPU events",
           "Add XPU memory stats", "Enable XPU in the device matrix"]
    days = [0, 0, 1, 2, 2]
    for k, (title, day) in enumerate(zip(xpu, days, strict=True)):
        add(Planned(f"[XPU][{k + 1}/5] {title} (#{112 + k})",
                    f"Part {k + 1} of the XPU backend.", BOB, WEBFLOW, at(day, 10 + k), 112 + k,
                    files={f"src/widgets/xpu/part{k}.py": _code(f"x{k}", 30 + 10 * k)}))
    add(Planned("Fix the parser's handling of nested brackets (#120)",
                "Nested brackets were closed one level too early.", DAVE, WEBFLOW, at(1, 15),
                120, files={"src/widgets/parser/brackets.py": _code("br", 25)}))
    add(Planned("Fix a typo in the README (#121)", "", ERIN, WEBFLOW, at(2, 16), 121,
                files={"README.md": "Widgets: a library.\n"}))
    add(Planned("Reland: Add a fused attention kernel (#122)",
                "Relands #101 with the CUDA 12 build fixed.", ALICE, WEBFLOW, at(3, 10), 122,
                files={"src/widgets/attention/kernel.py": _code("k2", 130)}))
    add(Planned("Parse decorators in the parser (#123)",
                "Decorators are parsed as their own node.", DAVE, WEBFLOW, at(4, 11), 123,
                files={"src/widgets/parser/decorators.py": _code("dec", 60)}))
    hist.write()
    return hist
