"""Cutting a commit or PR body into prose sentences, each with the section it came from.

What is not prose goes here: fenced and indented code, tables, HTML comments and
``<details>`` blocks, block quotes, images, bare links, checklists, trailers (ghstack,
Phabricator, merge bots, sign-offs, co-authors), cc lists, and whole sections that test or
prompt rather than explain (Test Plan, Testing, How verified, a prompt or AI transcript).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

MAX_CHARS = 30_000  # a 60 kB body is read as far as this; explanations come first


@dataclass
class Piece:
    text: str  # one sentence, markdown still in it
    section: str  # "summary", "problem", "action", "numbers" or "" (untitled)
    listed: bool = False  # from a list item
    paragraph: int = 0  # which paragraph (or list item) of the body it came from
    code_follows: bool = False  # it ends in a colon and a code block (left out) came next


_SECTIONS = {
    "summary": "summary", "overview": "summary", "description": "summary", "what": "summary",
    "what does this pr do": "summary", "what this pr does": "summary", "changes": "summary",
    "what changed": "summary", "proposed changes": "summary", "this pr": "summary",
    "details": "summary", "solution": "summary", "approach": "summary", "fix": "summary",
    "motivation": "problem", "why": "problem", "rationale": "problem", "background": "problem",
    "context": "problem", "problem": "problem", "the problem": "problem", "issue": "problem",
    "root cause": "problem", "bug": "problem",
    "migration": "action", "migration guide": "action", "usage": "action", "how to use": "action",
    "upgrading": "action", "breaking changes": "action", "bc-breaking note": "action",
    "bc breaking": "action", "deprecation": "action", "user-facing changes": "action",
    "user facing changes": "action", "release notes": "action", "release note": "action",
    "benchmarks": "numbers", "benchmark": "numbers", "results": "numbers",
    "performance": "numbers", "perf": "numbers", "benchmark results": "numbers",
}
_SKIP_SECTIONS = re.compile(
    r"^(?:test(?:s|ing)?(?: plan| done| results?)?|how (?:was (?:this|it) )?(?:verified|tested)|"
    r"verification|validation|checklist|pr checklist|screenshots?|reviewers?|notes? (?:for|to) "
    r"reviewers?|cc|stack|prompts?|ai (?:assistance|disclosure|usage|use|policy)|transcript|"
    r"reviewed by|differential revision|rollback plan|pull request resolved|approved by|"
    r"ghstack.*|imported from.*|before submitting|related issues?|links?|references?|"
    r"ecosystem(?: report| impact| results| analysis| changes| checks)?|"
    r"(?:typing )?conformance(?: results| impact| changes)?|"
    r"(?:new |updated |new and updated )?(?:markdown tests|mdtests|snapshots))$",
    re.I,
)
# skipped sections whose prose still says what was found (kept by ``pieces(tests=True)``):
# "Verified against ...: a consumer ... fails while configuring" is a fact; the commands are not
_TEST_SECTIONS = re.compile(
    r"^(?:test(?:s|ing)?(?: plan| done| results?)?|how (?:was (?:this|it) )?(?:verified|tested)|"
    r"verification|validation)$", re.I)
# a test plan's command, not its finding: "pytest -q ...", "$ cargo test", "`make check`"
_COMMAND = re.compile(
    r"^(?:\$\s|>>>|(?:python3?|pytest|cargo|buck2?|make|cmake|ninja|bash|sh|pip3?|uv|npm|yarn|"
    r"git|docker|ctest|bazel|torchrun|\./)\s*\S|`[^`]+`\s*$)", re.I)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_BOLD_HEADING = re.compile(r"^\s*(?:\*\*|__)([^*_]{2,40}?)\s*:?\s*(?:\*\*|__)\s*:?\s*(.*)$")
_PLAIN_HEADING = re.compile(r"^([A-Z][A-Za-z /-]{1,30}):\s*(.*)$")
_TRAILER = re.compile(
    r"^\s*(?:Pull Request resolved|Approved by|ghstack-source-id|ghstack dependencies|"
    r"Differential Revision|Reviewed[ -]By|Pulled By|Signed-off-by|Co-authored-by|Acked-by|"
    r"Tested-by|Reported-by|Suggested-by|Helped-by|fbshipit-source-id|Change-Id|"
    r"Bypass-Github-Export-Checks|Imported from|X-[\w-]+|Reviewers|Subscribers|Tags|Tasks|"
    r"Authored by|Generated-by|Assisted-by|AI-assisted-by|AI-generated-by|Made-with)\s*:",
    re.I,
)
_PROMPT_START = re.compile(
    r"^\s*(?:prompt|human|user|assistant|claude|codex|copilot|cursor|devin|chatgpt|gpt|ai|model|"
    r"me)\s*:|^\s*(?:according to|as told by|output from|asked|i asked|we asked)\b.*"
    r"\b(?:claude|codex|copilot|chatgpt|gpt|gemini|cursor|devin|llm|ai)\b.*:\s*$",
    re.I,
)
_SKIP_LINE = re.compile(
    r"^\s*(?:[*-]\s+(?:__->__\s+)?#\d+\b|Stack from \[?ghstack|cc:?\s+@|cc\s*$|\[ghstack-poisoned\]|"
    r"(?:[*-]\s+)?Update (?:base for Update )?on \"|"  # ghstack's squashed revision notes
    r"[-*+]\s*\[[ xX]\]|!\[|<img\b|-{3,}\s*$|={3,}\s*$|\*{3,}\s*$|_{3,}\s*$|"
    r"(?:Fixes|Closes|Resolves)\s*:?\s*(?:#|https?://)\S*\s*$|"
    r"(?:🤖\s*)?Generated with\b|Co-Authored-By\b|Made with\b|\[message truncated\]|"
    r"\[PLEASE REMOVE\]|(?:@[\w.-]+[\s,]*)+$|"  # a PR template's instructions, a bare cc list
    # an AI assistant's credit: "Authored with Claude Code.", "Written with the help of Codex"
    r"(?:authored|written|created|generated|drafted|co-written|assisted|made|developed)\s+"
    r"(?:with|by|using)\s+(?:the )?(?:help of\s+|assistance of\s+)?(?:an? )?"
    r"(?:claude|codex|copilot|chatgpt|gpt|cursor|gemini|devin|ai\b|llm)[^.]{0,40}\.?\s*$)",
    re.I,
)
_TEMPLATE = re.compile(r"^\[(?:PLEASE REMOVE|REMOVE ME|DELETE THIS|TEMPLATE)\]", re.I)
_LINK_LINE = re.compile(
    r"^\s*(?:\[[^\]]*\]\([^)]*\)|<?https?://\S+>?)\s*[.,;]?\s*$"
    r"|^(?:Related|See also|Refs?|Follow-?up to|Part of|Depends on|Blocked by)\s*:",
    re.I,
)
# numpy's "BUG: ...", "MAINT, DEV: ...": upper-case areas before a title, not a section heading
_TITLE_PREFIX = re.compile(r"^[A-Z]{2,8}(?:\s*[,/+&]\s*[A-Z]{2,8})*:\s+\S")
_LIST_ITEM = re.compile(r"^(\s*)(?:[-*+•]|\d{1,2}[.)])\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|Mr|Mrs|Dr|No|Fig|al|resp)|\b[A-Z])\.$")
_SETEXT = re.compile(r"^(?:-{2,}|={2,})$")  # "Summary\n--": the line above is a heading
_SHORT_NAME = re.compile(r"^[A-Za-z][\w /&'-]{0,40}[\w)]$")
# a wrapped line of a sentence that starts with "#" ("drop the file-level\n# mypy: ..."): the
# line above ends in no full stop, so it is no heading
_HASH_WRAP = re.compile(r"(?<=[^\s.!?:])[ \t]*\n(?=#{1,6} )")


def _section_of(name: str, tests: bool = False) -> str | None:
    """The section a heading opens; None when its text is skipped ("tests" for a test plan's,
    when ``tests``)."""
    key = re.sub(r"[*_`:]+", "", name).strip().lower()
    key = re.sub(r"^[^\w]+", "", key).strip()
    if _SKIP_SECTIONS.match(key):
        return "tests" if tests and _TEST_SECTIONS.match(key) else None
    return _SECTIONS.get(key, "")


def _is_table_row(line: str, wrapped: bool = False) -> bool:
    """Whether ``line`` is a table's row; ``wrapped``: it continues a paragraph of prose, where
    a hard-wrapped line of numbers ("fabricated 1.5.0 and 2.0.0") is no table unless its
    columns are aligned by runs of spaces."""
    s = line.strip()
    # "| a | b |" or a "---|---" rule; not prose with a union in code ("match `Int | Bool` or")
    if s.count("|") >= 2 and (s.startswith("|") or s.endswith("|")):
        return True
    if "|" in s and (not s.strip("|").strip() or "-" in s and re.fullmatch(r"[\s|:-]+", s)):
        return True  # a rule, or the "|" a wrapped row left on its own line
    if re.sub(r"`[^`]*`?", "", s).count(" | ") >= 2 and not s.endswith((".", ":", "?", "!")):
        return True  # a row written without its outer pipes ("Workload | Serialization | CPU")
    tokens = s.split()
    numbers = sum(1 for t in tokens if re.fullmatch(r"[-+~]?[\d.,]+(?:x|%|us|ms|s|MB|GB)?", t))
    runs = len(re.findall(r"\S {2,}\S", s))
    if wrapped:
        return runs >= 2 and numbers >= 2
    return (runs >= 2 and numbers >= 2) or (len(tokens) >= 3 and numbers * 2 >= len(tokens)
                                             and not s.endswith("."))


LONG_WORDS = 40  # a sentence longer than the reader says (body_sentences.MAX_WORDS)


def _at_colon(sentence: str) -> list[str]:
    """A long sentence whose first clause ends in a colon ("X did not initialize Y, so Z was
    silently ignored: the attribute ...") as that clause (with its colon) and the rest; the
    reader can say the first where the whole is too long to say."""
    if len(sentence.split()) <= LONG_WORDS:
        return [sentence]
    head, sep, rest = sentence.partition(": ")
    if not sep or len(head.split()) < 8 or not rest[:1].islower():
        return [sentence]
    return [head + ":", rest]


def _sentences(paragraph: str) -> Iterator[str]:
    text = " ".join(paragraph.split())
    start = 0
    for match in re.finditer(r"[.!?][\"')\]]?\s+(?=[A-Z\"'(`*_\[#])", text):
        head = text[start:match.start() + 1]
        if _ABBREV.search(head):
            continue
        yield from _at_colon(text[start:match.end()].strip())
        start = match.end()
    if text[start:].strip():
        yield from _at_colon(text[start:].strip())


def _clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > MAX_CHARS:  # cut at a paragraph, never inside a sentence
        text = text[:MAX_CHARS].rsplit("\n\n", 1)[0]
    text = re.sub(r"<!--.*?(?:-->|\Z)", "", text, flags=re.S)
    text = re.sub(r"<details\b.*?(?:</details>|\Z)", "", text, flags=re.S | re.I)
    text = _HASH_WRAP.sub(" ", text)
    text = re.sub(r"<img\b[^>]*>", "", text, flags=re.S | re.I)  # wrapped over lines too
    text = _TABLE_BLOCK.sub(_table_prose, text)
    return re.sub(r"</?(?:summary|br|p|div|sub|sup|kbd|details|h\d)\b[^>]*>", "\n", text, flags=re.I)


# a markdown table: a row, its rule, and every line to the blank line after it (GitHub's
# squash message wraps long rows over several lines, so a cell's prose ran on outside the
# row and was read as a paragraph, its closing "|" spoken as "or": executorch 2026-07-31)
_TABLE_BLOCK = re.compile(r"(?m)^[ \t]*\|[^\n]*\|[^\n]*\n(?:[^\n]*\n)*?[ \t]*\|?[ \t]*:?-{3,}"
                          r"[^\n]*\n(?:[ \t]*\S[^\n]*(?:\n|\Z))*")
_PROSE_CELL = 6  # words, ended as a sentence: prose ("Latent bug found while …"), else a label


def _table_prose(m: re.Match[str]) -> str:
    """A table as the prose its cells hold, a paragraph each; its labels, names, numbers and
    rules left out (as a table was before, whole) — but a table of measurements before and
    after ("53 → 42 ms") said as sentences of them (:func:`measured_rows`)."""
    cells = [" ".join(c.split()) for c in " ".join(m.group(0).split("\n")).split("|")]
    prose = [c for c in cells if c.endswith((".", "!", "?", ".)")) and len(re.findall(
        r"(?<![\w`])[A-Za-z][a-z'’-]*\b", re.sub(r"`[^`]*`", "", c))) >= _PROSE_CELL]
    return "\n\n" + "".join(c + "\n\n" for c in prose + measured_rows(m.group(0)))


_BEFORE_AFTER = re.compile(r"^(?P<a>[~≈]?\d[\d.,]*\s?[A-Za-zµ%]*)\s*(?:→|->|⟶|=>)\s*"
                           r"(?P<b>[~≈]?\d[\d.,]*\s?[A-Za-zµ%/]*)$")
MAX_MEASURED_ROWS = 6


def measured_rows(table: str) -> list[str]:
    """A small table whose rows measure before and after, one sentence a row: "With extras
    40 and activated items 61: wall from 53 to 42 ms, instructions from 428.2M to 264.0M."
    (uv 2026-08-16: the speed-up's only figures were in such a table, and both writers told
    it without them; round 39's judges marked it.) [] for any other table."""
    rows = [[" ".join(c.split()) for c in line.strip().strip("|").split("|")]
            for line in table.splitlines() if line.strip().startswith("|")]
    rows = [r for r in rows if not all(re.fullmatch(r":?-{3,}:?", c) for c in r if c)]
    if len(rows) < 2 or len(rows) - 1 > MAX_MEASURED_ROWS or len(rows[0]) > 6:
        return []
    head, body = rows[0], rows[1:]
    if any(len(r) != len(head) for r in body) or \
            not all(any(_BEFORE_AFTER.match(c) for c in r) for r in body):
        return []
    out = []
    for r in body:
        case = [f"{h} {c}" for h, c in zip(head, r, strict=True)
                if c and h and not _BEFORE_AFTER.match(c)]
        results = [f"{h} from {m['a'].strip()} to {m['b'].strip()}" for h, c in zip(head, r, strict=True)
                   if h and (m := _BEFORE_AFTER.match(c))]
        lead = f"With {' and '.join(case)}: " if case else ""
        said = ", ".join(results)
        out.append(f"{lead}{said if lead else said[:1].upper() + said[1:]}.")
    return out


_SQUASH_ITEM = re.compile(r"^\*\s+(\S.*)$")


def squash_items(body: str) -> set[str]:
    """The items of GitHub's default squash message in ``body``: the branch's commit titles,
    one "* title" paragraph each ("* [INITIAL] Update", "* Fix PAT DTensor metrics"), two or
    more. Those are steps, not an explanation: said as sentences they sound like commands."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", _clean(body).strip())]
    items = {m.group(1).strip() for p in paragraphs
             if "\n" not in p and (m := _SQUASH_ITEM.match(p))}
    return items if len(items) >= 2 else set()


def pieces(body: str, tests: bool = False) -> Iterator[Piece]:
    """The body's prose sentences, in order. ``tests``: a test plan's prose too (its section
    "tests"), without its commands; the record keeps what a test plan found."""
    section: str | None = ""
    paragraph: list[str] = []
    listed = False
    in_fence = ""
    prev_blank = True
    in_list = False
    count = [0]
    last: list[Piece | None] = [None]  # the last piece said
    in_snippet = False
    last_line = ""  # the last line of prose read
    in_template = False  # a PR template's instruction, wrapped over lines: to its blank line

    def flush(code: bool = False) -> Iterator[Piece]:
        if paragraph and section is not None:
            count[0] += 1
            said = [Piece(s, section, listed, count[0]) for s in _sentences(" ".join(paragraph))]
            if section == "tests":
                said = [p for p in said if not _COMMAND.match(p.text) and len(p.text.split()) > 2]
            if said and code and said[-1].text.endswith(":"):
                said[-1].code_follows = True
            if said:
                last[0] = said[-1]
            yield from said
        elif code and last[0] is not None and last[0].text.endswith(":"):
            last[0].code_follows = True  # "... like this:", a blank line, then the block
        paragraph.clear()

    for line in _clean(body).split("\n"):
        fence = _FENCE.match(line)
        if in_fence:
            if fence and fence.group(1) == in_fence:
                in_fence = ""
            continue
        if fence:
            yield from flush(code=True)
            in_fence = fence.group(1)
            continue
        if not line.strip():
            yield from flush()
            prev_blank, in_snippet, in_template = True, False, False
            continue
        if in_template:
            continue
        indented = line.startswith(("    ", "\t"))
        # "You can see that today like this:" and lines indented by two: commands, not prose
        in_snippet = in_snippet or (prev_blank and not in_list and line.startswith("  ")
                                    and last_line.endswith(":"))
        if in_snippet or indented and (prev_blank or not paragraph) and not in_list:
            yield from flush(code=True)
            continue  # indented code (or a quoted output) block
        prev_blank = False
        stripped = line.strip()
        heading = _HEADING.match(line) or _BOLD_HEADING.match(stripped)
        plain = _PLAIN_HEADING.match(stripped)
        if plain and plain.group(2) and _TITLE_PREFIX.match(stripped):
            yield from flush()
            continue  # "BUG: avoid ...": a commit title (a merge's PR title), told as the title
        if heading or (plain and (_section_of(plain.group(1)) != "" or
                                  plain.group(1).lower() in _SECTIONS)):
            match = heading or plain
            assert match is not None
            yield from flush()
            section = _section_of(match.group(1), tests)
            rest = match.group(2) if match.lastindex and match.lastindex >= 2 else ""
            listed, in_list = False, False
            if rest and section is not None:
                paragraph.append(rest)
            continue
        if _SETEXT.match(stripped) and len(paragraph) == 1 and _SHORT_NAME.match(paragraph[0]):
            # "Summary\n--", "Test Plan\n--": the line above is a heading (a setext one)
            section = _section_of(paragraph.pop(), tests)
            listed, in_list = False, False
            continue
        if _PROMPT_START.match(stripped):
            yield from flush()
            section = None  # a prompt or transcript: nothing until the next heading
            continue
        if _TEMPLATE.match(stripped):
            # "[PLEASE REMOVE] If this PR introduces a fix or feature that should be\nthe
            # upcoming release notes, …": its wrapped lines were read as the commit's prose
            # (executorch 2026-08-19)
            yield from flush()
            in_template = True
            continue
        if _TRAILER.match(stripped) or _SKIP_LINE.match(stripped) or stripped.startswith(">"):
            yield from flush()
            continue
        if _LINK_LINE.match(stripped) and (not paragraph or not stripped.startswith("[")):
            yield from flush()
            continue
        if _is_table_row(stripped, wrapped=bool(paragraph)):
            yield from flush()
            continue
        item = _LIST_ITEM.match(line)
        if item:
            yield from flush()
            listed, in_list = True, True
            paragraph.append(item.group(2))
            continue
        if in_list and not line.startswith(" ") and not paragraph:
            listed, in_list = False, False
        paragraph.append(stripped)
        last_line = stripped
    yield from flush()
