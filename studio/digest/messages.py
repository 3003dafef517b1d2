"""Reading commit messages: PR numbers, trailers, co-authors, revert notices, series markers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .revert_reason import bot_reason, reason_from_body
from .topic_merge import pulled_from, topic_merge

_PR_SUFFIX = re.compile(r"\s*\(#(\d+)\)\s*$")
_PR_RESOLVED = re.compile(r"^Pull Request resolved:\s*\S*?/pull/(\d+)", re.M | re.I)
_MERGE_PR = re.compile(r"^Merge pull request #(\d+) from (\S+)", re.I)
_REVERTS_REF = re.compile(r"^\s*Reverts\s+([\w.-]+/[\w.-]+)?#(\d+)", re.M)
_THIS_REVERTS = re.compile(r"\b[Tt]his (?:PR |change |commit )?reverts (?:PR |pull request )?"
                           r"(?:[\w.-]+/[\w.-]+)?#(\d+)")
_REVERTS_SHA = re.compile(r"This reverts commit ([0-9a-fA-F]{7,40})")
# a hand-written revert's body: "- Revert 636daf1547b5…, which added …" (executorch #20888)
_REVERT_SHA_LINE = re.compile(r"^\W*Revert(?:s|ing)?\s+(?:commit\s+)?([0-9a-f]{7,40})\b", re.M | re.I)
# what it takes back, by the PR that brought it: "The … test added in #18712 is failing" (uv)
_ADDED_IN = re.compile(r"\b(?:added|introduced|landed|brought in) (?:in|by) "
                       r"(?:[\w.-]+/[\w.-]+)?#(\d+)", re.I)
_REVERT_TITLE = re.compile(r'^Revert\s+"(?P<inner>.*)"(?:\s*\(#(?P<own>\d+)\))?\s*$', re.S)
_REVERT_LOOSE = re.compile(r"^Revert[: ]\s*(?P<inner>.+?)(?:\s*\(#(?P<own>\d+)\))?\s*$", re.I)
_PT_REVERTED = re.compile(
    r"Reverted\s+(?P<url>\S*?/pull/(?P<pr>\d+))\s+on behalf of\s+(?P<who>\S+)"
    r"(?:\s+due to\s+(?P<reason>.*))?",
    re.I | re.S,
)
_GHSTACK = re.compile(r"^ghstack dependencies:\s*(.*)$", re.M | re.I)
_CO_AUTHOR = re.compile(r"^Co-authored-by:\s*(.*?)\s*(?:<([^>]*)>)?\s*$", re.M | re.I)
_SERIES = re.compile(r"[\[(]\s*(\d+)\s*/\s*(\d+|[nN])\s*[\])]")
_TAG = re.compile(r"^\s*\[([^\]]{1,40})\]\s*")
_RELAND = re.compile(
    r"^\s*(?:\[\s*re-?land(?:ed)?\s*\d*\s*\]|\(\s*re-?land\s*\)|re-?land(?:ed|ing)?\s*\d*\s*[:\-]?)\s*",
    re.I,
)
# a body that opens by saying it lands a reverted change again: "Re-lands the sharded queue from
# #7757 (reverted due to #8056), disabled by default" (tokio 2026-08-09; the judges' lead story,
# "a comeback", which a title-only marker missed)
_BODY_RELAND = re.compile(
    r"^\s*(?:this (?:pr |change |commit )?(?:is )?(?:a )?)?"
    r"(?:re-?lands?|re-?landing|re-?land of|re-?applies|re-?apply(?:ing)?|"
    r"second attempt (?:at|to))\b(?P<rest>[^\n]*)", re.I)
_PR_REF = re.compile(r"(?<![\w/])#(\d{1,7})\b")
_GITHUB_LOGIN_URL = re.compile(r"https?://[^/\s]+/([A-Za-z0-9-]+(?:\[bot\])?)/?$")


@dataclass
class RevertNotice:
    """What a revert commit says about what it reverts and why."""

    inner_title: str  # the quoted title, as written (may itself be `Revert "..."`)
    reverted_sha: str = ""
    reverted_pr: int | None = None
    own_pr: int | None = None
    reverted_by_login: str = ""
    reason: str = ""

    @property
    def is_revert_of_revert(self) -> bool:
        return parse_revert_title(self.inner_title) is not None


@dataclass
class MessageFacts:
    pr: int | None = None
    clean_title: str = ""
    tags: list[str] = field(default_factory=list)
    co_authors: list[str] = field(default_factory=list)
    ghstack_deps: list[int] = field(default_factory=list)
    series: tuple[int, int | None] | None = None  # (k, N) with N None for "N"
    revert: RevertNotice | None = None
    reland_marker: bool = False
    reland_pr: int | None = None  # the PR a body says it lands again ("Re-lands … #7757")
    merge_branch: str = ""


def strip_pr_suffix(title: str) -> tuple[str, int | None]:
    match = _PR_SUFFIX.search(title)
    if not match:
        return title.strip(), None
    return title[: match.start()].strip(), int(match.group(1))


def split_tags(title: str) -> tuple[list[str], str]:
    """Leading ``[Tag]`` markers (``[XPU][4/N] Foo``) and the title without them."""
    tags: list[str] = []
    rest = title
    while True:
        match = _TAG.match(rest)
        if not match:
            break
        tag = match.group(1).strip()
        if not _SERIES.fullmatch(f"[{tag}]"):
            tags.append(tag)
        rest = rest[match.end() :]
    return tags, rest.strip()


def parse_revert_title(title: str) -> tuple[str, int | None] | None:
    """``Revert "X (#N)" (#M)`` → ("X (#N)", M); None when the title is not a revert."""
    match = _REVERT_TITLE.match(title.strip())
    if match:
        own = match.group("own")
        return match.group("inner"), int(own) if own else None
    return None


def normalize_title(title: str) -> str:
    """A key for matching titles: no PR suffix, no reland marker, no tags, case folded."""
    bare, _ = strip_pr_suffix(title)
    bare = _RELAND.sub("", bare)
    _, bare = split_tags(bare)
    bare = _RELAND.sub("", bare)
    return " ".join(re.sub(r"[^\w\s]", " ", bare.casefold()).split())


def _login_from(who: str) -> str:
    match = _GITHUB_LOGIN_URL.match(who.strip())
    return match.group(1) if match else who.strip().lstrip("@")


def parse_revert(title: str, body: str) -> RevertNotice | None:
    tags, bare = split_tags(title)
    if tags and bare.startswith("Revert"):  # "[ty] Revert "[ty] X" (#N)": a squash-merged revert
        title = bare
    parsed = parse_revert_title(title)
    loosely = False
    if parsed is None:
        # "Revert X" with no quotes: a revert as its title says, whether or not the body
        # names what it reverts (three such days on executorch and uv told no rollback while
        # the title said one)
        loose = _REVERT_LOOSE.match(title.strip())
        if not loose:
            return None
        own = loose.group("own")
        parsed = (loose.group("inner"), int(own) if own else None)
        loosely = True
    inner, own = parsed
    notice = RevertNotice(inner_title=inner.strip(), own_pr=own)
    sha_match = _REVERTS_SHA.search(body) or (_REVERT_SHA_LINE.search(body) if loosely else None)
    if sha_match:
        notice.reverted_sha = sha_match.group(1).lower()
    pt = _PT_REVERTED.search(body)
    if pt:
        notice.reverted_pr = int(pt.group("pr"))
        notice.reverted_by_login = _login_from(pt.group("who"))
        notice.reason = bot_reason(pt.group("reason") or "")
    else:
        ref = _REVERTS_REF.search(body)
        this = _THIS_REVERTS.search(body)
        if ref:
            notice.reverted_pr = int(ref.group(2))
        elif this:
            notice.reverted_pr = int(this.group(1))
        elif loosely and (added := _ADDED_IN.search(body)):
            notice.reverted_pr = int(added.group(1))
        notice.reason = reason_from_body(body, notice.inner_title)
    if notice.reverted_pr is None:
        _, inner_pr = strip_pr_suffix(notice.inner_title)
        notice.reverted_pr = inner_pr
    if _is_title_echo(notice.reason, title, notice.inner_title):
        notice.reason = ""  # a title is not a reason
    return notice


def _is_title_echo(reason: str, title: str, inner: str) -> bool:
    if not reason:
        return False
    key = normalize_title(reason)
    return key in {normalize_title(title), normalize_title(inner)} \
        or parse_revert_title(reason) is not None


# "fix #13564 - warn when fixtures get wrapped with a decorator" (pytest 2026-07-22: heard as
# "a fix for #13564 - warn"): the issue's number is for the tracker, the rest is the title
_ISSUE_LED = re.compile(r"^(?P<verb>(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?)\s+)?(?:#|gh-)\d+"
                        r"\s*[-:\u2013\u2014]\s*(?P<rest>\S.*)$", re.I)
_DOING = re.compile(r"^(?:warn|add|fix|make|use|allow|raise|error|reject|handle|support|avoid|"
                    r"keep|remove|drop|skip|show|report|respect|ignore|improve|prevent|"
                    r"stop|deprecate|document|update|refactor|rename|move|speed)\b", re.I)


_PR_LED = re.compile(r"^Merge (?:pull request|PR) #(\d+)\s*[,:;\u2013\u2014-]\s*(?=\S)", re.I)


def _issue_led(title: str) -> str:
    """The title without a leading issue reference ("fix #13564 - warn when …" → "Warn when
    …"; "Fix #88: crash on empty input" → "Fix crash on empty input"; "BUG: #31993: Return
    FAIL …" → "BUG: Return FAIL …")."""
    kind = re.match(r"^[A-Z]{2,}(?:, ?[A-Z]{2,})*: (?=(?:#|gh-)\d)", title)
    if kind:
        return kind.group(0) + _issue_led(title[kind.end():])
    m = _ISSUE_LED.match(title)
    if m is None:
        return title
    rest = m.group("rest").strip()
    if m.group("verb") and not _DOING.match(rest):
        return f"{m.group('verb').strip().capitalize()} {rest}"
    return rest[:1].upper() + rest[1:]


def parse_message(title: str, body: str) -> MessageFacts:
    facts = MessageFacts()
    facts.revert = parse_revert(title, body)
    lead = _PR_LED.match(title)
    if lead and not _MERGE_PR.match(title):
        # "Merge pull request #14754, handle infinite relative tolerance for timedelta
        # values" (pytest 2026-08-02, a squash): the pull request's number, then its title
        facts.pr, title = int(lead.group(1)), title[lead.end():]
    merge = _MERGE_PR.match(title)
    if merge:
        facts.pr = int(merge.group(1))
        facts.merge_branch = merge.group(2)
        first_body_line = body.strip().split("\n", 1)[0].strip()
        title = first_body_line or title
    elif (topic := topic_merge(title, body)) is not None:
        facts.merge_branch = topic.branch
        title = f"the {topic.name} topic"  # its story is the maintainer's paragraph
    elif pulled := pulled_from(title):
        title = f"the latest from {pulled}"  # a subsystem's repository, pulled by its maintainer
    bare, suffix_pr = strip_pr_suffix(title)
    if facts.revert is not None:
        # a revert's own PR is the suffix after the closing quote, never the reverted one
        suffix_pr = facts.revert.own_pr
    resolved = _PR_RESOLVED.search(body)
    if facts.pr is None:
        if resolved and (facts.revert is None or facts.revert.is_revert_of_revert):
            facts.pr = int(resolved.group(1))
        else:
            facts.pr = suffix_pr
    facts.reland_marker = bool(_RELAND.match(bare))
    if facts.revert is None and (said := _BODY_RELAND.match(body.lstrip())):
        facts.reland_marker = True
        ref = _PR_REF.search(said.group("rest"))
        facts.reland_pr = int(ref.group(1)) if ref else None
    tags, rest = split_tags(_RELAND.sub("", bare))
    facts.tags = tags
    facts.clean_title = _issue_led(_RELAND.sub("", rest).strip()) or bare
    series = _SERIES.search(bare)
    if series:
        total = series.group(2)
        facts.series = (int(series.group(1)), None if total in "nN" else int(total))
        facts.clean_title = _SERIES.sub("", facts.clean_title).strip(" -:") or facts.clean_title
    deps = _GHSTACK.search(body)
    if deps:
        facts.ghstack_deps = [int(n) for n in re.findall(r"#(\d+)", deps.group(1))]
    for match in _CO_AUTHOR.finditer(body):
        name = " ".join(match.group(1).split())
        if name:
            facts.co_authors.append(name)
    return facts
