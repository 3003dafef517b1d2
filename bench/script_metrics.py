"""What `bench_script.py` measures in one episode's spoken text, as small pure functions.

Nothing here runs git or the studio: the bench hands in the spoken text, the day's titles and
bodies, the author names, and gets back figures and the offending snippets.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)*")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^a-z\s])")


def words(text: str) -> list[str]:
    """Lower-case words; punctuation, backticks and hyphens split words."""
    return WORD.findall(text.lower())


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(text) if s.strip()]


# -- numbers said in words ------------------------------------------------------------------

UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * (i + 2) for i, w in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split())}
NUMBER_WORDS = set(UNITS) | set(TENS) | {"hundred", "thousand", "a", "an", "and", "single",
                                         "dozen"}


def number_value(tokens: Sequence[str]) -> int | None:
    """``["twenty", "three"]`` -> 23, ``["a", "hundred", "and", "five"]`` -> 105, ``["12"]``
    -> 12, ``["a", "single"]`` -> 1; None when the tokens are not one number."""
    toks = [t for t in tokens if t]
    if not toks:
        return None
    if len(toks) == 1 and toks[0].replace(",", "").isdigit():
        return int(toks[0].replace(",", ""))
    if toks in (["a", "single"], ["single"], ["a"], ["an"]):
        return 1 if toks != ["a"] and toks != ["an"] else None
    if toks in (["a", "dozen"], ["dozen"]):
        return 12
    total, current, seen = 0, 0, False
    for i, t in enumerate(toks):
        if t in ("a", "an") and i == 0 and len(toks) > 1 and toks[1] in ("hundred", "thousand"):
            current = 1
        elif t in UNITS:
            current += UNITS[t]
            seen = True
        elif t in TENS:
            current += TENS[t]
            seen = True
        elif t == "hundred":
            current = max(current, 1) * 100
            seen = True
        elif t == "thousand":
            total += max(current, 1) * 1000
            current = 0
            seen = True
        elif t == "and" and 0 < i < len(toks) - 1:
            continue
        else:
            return None
    return total + current if seen else None


# -- counts the listener hears --------------------------------------------------------------

COUNT_NOUNS = {
    "commit": "commits", "commits": "commits",
    "rollback": "reverts", "rollbacks": "reverts", "revert": "reverts", "reverts": "reverts",
    "author": "authors", "authors": "authors", "contributor": "authors",
    "contributors": "authors", "people": "authors", "developers": "authors",
    "person": "authors",
}
# words that may sit between a number and its noun: "three more commits", "two of them were
# rollbacks", "five different authors"
BETWEEN = {"more", "new", "other", "different", "distinct", "separate", "human", "of", "them",
           "those", "these", "were", "was", "are", "is", "merged", "straight", "total"}
COUNT_TOKEN = re.compile(r"[a-z]+|\d+(?:,\d{3})*|[.!?;:]")  # a sentence end stops a number


def spoken_counts(text: str) -> list[tuple[str, int, str]]:
    """Every "<number> <noun>" the listener hears for commits, rollbacks and authors:
    (kind, value, the words around it)."""
    toks = [(m.group(), m.start(), m.end()) for m in COUNT_TOKEN.finditer(text.lower())]
    found = []
    for i, (tok, start, end) in enumerate(toks):
        kind = COUNT_NOUNS.get(tok)
        if kind is None:
            continue
        j = i - 1
        skipped = 0
        while j >= 0 and toks[j][0] in BETWEEN and skipped < 4:
            j -= 1
            skipped += 1
        k = j
        while k >= 0 and (toks[k][0] in NUMBER_WORDS or toks[k][0].replace(",", "").isdigit()):
            k -= 1
        span = [t for t, _, _ in toks[k + 1:j + 1]]
        while span and span[0] == "and":
            span = span[1:]
        value = number_value(span)
        if value is None:
            continue
        lo = toks[k + 1][1] if k + 1 < len(toks) else start
        found.append((kind, value, text[max(0, lo - 30):end + 10].replace("\n", " ")))
    return found


def count_mismatches(text: str, truth: dict[str, int]) -> list[str]:
    """Counts spoken against git: the largest number said for each kind must be git's
    (smaller ones are parts: "three more commits", "one of the rollbacks")."""
    by_kind: dict[str, list[tuple[int, str]]] = {}
    for kind, value, where in spoken_counts(text):
        by_kind.setdefault(kind, []).append((value, where))
    problems = []
    for kind, said in by_kind.items():
        value, where = max(said)
        if kind in truth and value != truth[kind]:
            problems.append(f"{kind}: said {value}, git has {truth[kind]} ({where.strip()!r})")
    return problems


MONTHS = ("january february march april may june july august september october november "
          "december").split()
SPOKEN_DATE = re.compile(r"\b(" + "|".join(m.capitalize() for m in MONTHS)
                         + r")\s+(\d{1,2})(?:st|nd|rd|th)\b")


def spoken_dates(sentence: str, year: int) -> list[str]:
    """"On June 12th" -> ["YYYY-06-12"] (the episode's year; a December date said in January
    is last year's)."""
    out = []
    for m in SPOKEN_DATE.finditer(sentence):
        month = MONTHS.index(m.group(1).lower()) + 1
        out.append(f"{year:04d}-{month:02d}-{int(m.group(2)):02d}")
    return out


PR_SPOKEN = re.compile(
    r"\b(?:PRs?|pull requests?|numbers?)\s+(?:between\s+)?"
    r"(\d{2,7}(?:(?:,\s*|,?\s+(?:and|to|through)\s+)\d{2,7})*)",
    re.I)


def spoken_prs(text: str) -> list[int]:
    out = []
    for m in PR_SPOKEN.finditer(text):
        out.extend(int(n) for n in re.findall(r"\d+", m.group(1)))
    return out


# -- bits a listener cannot hear --------------------------------------------------------------

CODE_EXT = r"(?:py|pyi|pyx|md|rst|txt|toml|ya?ml|json|cfg|ini|rs|c|h|cc|cpp|hpp|cu|cuh|mm|js|ts|sh)"
UNSPEAKABLE: list[tuple[str, re.Pattern[str]]] = [
    ("backtick", re.compile(r"`")),
    ("(#N)", re.compile(r"\(#\d+\)|(?<![\w&])#\d+\b")),
    ("type(scope):", re.compile(r"\b[a-z][\w-]*\([^()\s][^()]{0,40}\)!?:(?=\s)", re.I)),
    ("area:", re.compile(r"(?:^|(?<=[\s\"'(]))(?:feat|fix|chore|docs|refactor|test|tests|ci|build|"
                         r"perf|style|deps|[a-z]+[_./][\w./-]+|[A-Z]{2,6})!?:(?=\s+\S)")),
    ("[tag]", re.compile(r"\[[^\]\s][^\]]{0,30}\]")),
    ("path", re.compile(rf"\b[\w.-]+/[\w.-]+/[\w./-]*|\b[\w-]+/[\w-]+\.{CODE_EXT}\b"
                        rf"|\b[\w-]+\.{CODE_EXT}\b(?!\s*\d)|https?://\S+")),
    ("slash-word", re.compile(r"\b(?!and/or\b)(?!I/O\b)[A-Za-z][\w-]{2,}/[A-Za-z][\w-]{2,}\b")),
    ("arrow", re.compile(r"->|=>|→|⇒")),
    ("model decoration", re.compile(r"\(\s*\d+\s*[kKmM]\s+context\s*\)|\bcontext\)")),
    ("doubled word", re.compile(r"\b([A-Za-z]{2,})\s+\1\b", re.I)),
    ("PRs of PRs", re.compile(r"\bPRs?\s+(?:stack|series|run)\s+of\s+PRs\b|-PR\s+(?:stack|series)\s+of\s+PRs",
                              re.I)),
    ("broken verb", re.compile(r"\b[a-z]+(?:xes|ches|shes|sses|zes|ds|ts|ks|gs|ms)ed\b")),
    ("stray punctuation", re.compile(r",\s*[.,;:]|\s[,.;:](?!\d)|(?<!\.)\.\.(?!\.)|\(\s*\)")),
]
TITLE_PREFIX = re.compile(r"^(?:\[[^\]]+\]\s*)*(?P<p>[\w./-]+(?:\([^)]*\))?!?:)\s|^(?P<t>\[[^\]]+\])")


def title_prefixes(titles: Iterable[str]) -> set[str]:
    """The "area:" / "type(scope):" / "[tag]" openings of the day's commit titles."""
    found = set()
    for t in titles:
        for m in re.finditer(r"\[[^\]]+\]", t[:40]):
            found.add(m.group())
        m = TITLE_PREFIX.match(re.sub(r"^(?:\[[^\]]+\]\s*)+", "", t.strip()) + " ")
        if m and m.group("p"):
            found.add(m.group("p"))
    return found


PREFIX_KINDS = ("type(scope):", "area:", "[tag]", "title prefix")
ALLOWED_AREA = {"am", "pm", "ok", "tv", "us", "uk", "eu", "ai"}  # uppercase words before a colon


def _list_items(sentence: str) -> list[str]:
    parts = re.split(r",\s*|\s+and\s+|\s+with\s+|\s+along with\s+", sentence)
    items = []
    for p in parts:
        p = re.sub(r"^(?:by|from|to|and|with|co-authored by)\s+", "", p.strip(), flags=re.I)
        p = re.sub(r"\s*\([^)]*\)", "", p).strip(" .;:")
        if 0 < len(p.split()) <= 4 and p[:1].isupper():
            items.append(p)
    return items


def unspeakable(text: str, handles: Iterable[str] = (), comma_names: Iterable[str] = (),
                titles: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(kind, snippet) for each bit a listener would hear as noise. ``handles`` are the day's
    lower-case author handles ("iamzainhuda"): one capitalised at a sentence start is a
    mistake; ``comma_names`` are names written "Surname, Given" (read aloud as two people);
    ``titles`` are the day's commit titles, whose "area:" openings must not be read out."""
    hits: list[tuple[str, str]] = []
    taken: list[tuple[int, int]] = []  # one bit heard once: "MAINT:" is an area and a title prefix

    def hit(kind: str, m: re.Match[str]) -> None:
        if kind in PREFIX_KINDS and any(a < m.end() and m.start() < b for a, b in taken):
            return
        if kind in PREFIX_KINDS:
            taken.append((m.start(), m.end()))
        hits.append((kind, text[max(0, m.start() - 25):m.end() + 25].replace("\n", " ")))

    for kind, pattern in UNSPEAKABLE:
        for m in pattern.finditer(text):
            if kind == "area:" and m.group().rstrip(":").lower() in ALLOWED_AREA:
                continue
            if kind == "doubled word" and m.group(1).lower() in ("that", "had"):
                continue
            hit(kind, m)
    for prefix in title_prefixes(titles):
        for m in re.finditer(r"(?<![\w-])" + re.escape(prefix) + r"(?=\s)", text, re.I):
            hit("title prefix", m)
    for s in sentences(text):
        items = _list_items(s)
        dupes = [k for k, n in Counter(i.lower() for i in items).items() if n > 1]
        if dupes:
            hits.append(("duplicated name", f"{dupes[0]!r} in {s[:120]!r}"))
    for handle in handles:
        if not handle or handle != handle.lower() or not handle[:1].isalpha():
            continue
        cap = handle[:1].upper() + handle[1:]
        for s in sentences(text):
            if s.startswith(cap) and not s.startswith(handle):
                hits.append(("capitalised handle", s[:80]))
    for name in comma_names:
        if name and name in text:
            hits.append(("surname, given", name))
    return hits


# -- stock wording across days ---------------------------------------------------------------

def ngrams(tokens: Sequence[str], n: int = 5) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def recurring_share(days: Sequence[Sequence[str]], min_days: int, n: int = 5
                    ) -> tuple[float, set[tuple[str, ...]]]:
    """Share of all words that sit in an n-word run said on at least ``min_days`` of the
    days, and those runs."""
    seen: Counter[tuple[str, ...]] = Counter()
    for toks in days:
        seen.update(ngrams(toks, n))
    stock = {g for g, k in seen.items() if k >= min_days}
    covered = total = 0
    for toks in days:
        mask = [False] * len(toks)
        for i in range(len(toks) - n + 1):
            if tuple(toks[i:i + n]) in stock:
                for j in range(i, i + n):
                    mask[j] = True
        covered += sum(mask)
        total += len(toks)
    return (covered / total if total else 0.0), stock


# -- does the content explain? ----------------------------------------------------------------

CUES = re.compile(
    # reasons and purposes
    r"\b(?:because|so that|so users|so you|which means|this means|that means|meaning that|means|"
    r"due to|in order to|otherwise|problem|avoid(?:s|ed|ing)?|even though|therefore|thus|"
    r"so (?:the|it|they|we|this|those|these|each|every|its|their|a|an)|"
    r"to (?:fix|avoid|prevent|allow|let|enable|support|keep|stop|make sure|improve)|"
    # who is affected
    r"caus(?:e|es|ed|ing)|affect(?:s|ed|ing)?|anyone (?:who|using)|users? (?:who|of|can|will|"
    r"now|no longer|see|get|hit)|if you|you can|unaffected|unchanged|needs|requires?|"
    r"fall(?:s)? back|fallback|"
    # before and after
    r"no longer|instead of|previously|used to|until now|"
    r"now (?:\w+s|can|use|has|have|is|are|run|work|support|accept|return|raise|skip|read|"
    r"write|get|go)|"
    # what went wrong
    r"broke|breaks|broken|crash(?:es|ed)?|panic(?:s|ked)?|hang(?:s)?|fail(?:s|ed|ing)|"
    r"regression|incorrect(?:ly)?|wrong(?:ly)?|silently|corrupt\w*|reject(?:s|ed)? valid|missing|loses|"
    r"failures?|leak(?:s|ed|ing)?|racy|"
    r"could (?:\w+ )?delay|does not|doesn't|did not|didn't|cannot|can't|could not|couldn't|"
    r"without (?:changing|breaking|requiring|exposing)|"
    r"can (?:be )?(?:stall|rejected|dropped|lost|fail|break|crash|hang)|"
    r"could (?:\w+ )?(?:panic|crash|fail|hang|drop|emit|reject|lose|overflow|corrupt|miss)|"
    # effects in numbers
    r"faster|slower|speeds? up|reduc(?:e|es|ed|ing)|saves?|"
    r"\d+(?:\.\d+)?\s*(?:percent|x|times)|"
    # what it makes possible
    r"lets|letting|allows?|allowing|enables?|enabling|unblock(?:s|ed)?|"
    r"makes? (?:\w+ ){0,3}(?:available|possible|work))\b"
    r"|, so (?!far\b)\w+|, leaving\b")
STOP = set("""the a an and or but of to in on for with by from at as is are was were be been it its
this that these those then than there their they them his her he she we our you your i me my
today day change changes commit commits landed merged pushed shipped work front side more also
one two three new after before about into over under only just still now up out not no yes
pr prs pull request requests main branch""".split())
MIN_TITLE_RUN = 3


def stem(word: str) -> str:
    for end in ("ing", "es", "ed", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[:-len(end)]
    return word


def _mask_runs(tokens: list[str], sources: Iterable[Sequence[str]], min_run: int) -> list[str]:
    """``tokens`` with every run of ``min_run``+ words copied from one of ``sources`` blanked
    (a whole source when it is shorter), compared stemmed: "Fixes X" said as "fix X" is still
    the title."""
    stemmed = [stem(w) for w in tokens]
    out = list(tokens)
    for src in sources:
        n = min(min_run, len(src))
        if n == 0:
            continue
        grams = ngrams([stem(w) for w in src], n)
        for i in range(len(tokens) - n + 1):
            if tuple(stemmed[i:i + n]) in grams:
                for j in range(i, i + n):
                    out[j] = "_"
    return out


def explaining_sentences(content: Sequence[str], titles: Sequence[str], messages: str,
                         stock: set[tuple[str, ...]] = frozenset()) -> list[str]:
    """The content sentences that give a reason or a consequence.

    A sentence counts when a cue is in its own words: a reason (because, so that, which means,
    due to, to fix, to avoid, problem), who is affected (affects, users who, if you,
    unaffected), before and after (no longer, instead of, previously, now <verb>), what went
    wrong (broke, crash, panic, failed, failure, leaks, racy, incorrectly, silently, could <verb>,
    does not, missing),
    an effect in numbers (faster, reduces, N percent, N times) or what it makes possible (lets,
    allows, allowing, enables, enabling) — — not inside a run
    of 3+ words copied from a commit title ("merged a change to fix X" restates "Fix X") and not
    inside a stock run said on many days (``stock``) — and the sentence is about the day:
    at least two content words outside titles and stock that also occur in the day's commit
    messages (``messages``: titles and bodies), so a generic line ("rollbacks first, because
    they tell us the most") never counts.
    """
    title_toks = [words(t) for t in titles]
    vocab = set(words(re.sub(r"(?im)^\s*[\w-]+-by:.*$|https?://\S+", "", messages))) - STOP
    found = []
    for s in content:
        spans = [(m.start(), m.end()) for m in WORD.finditer(s.lower())]
        toks = [s.lower()[a:b] for a, b in spans]
        masked = _mask_runs(toks, title_toks, MIN_TITLE_RUN)
        if stock:
            n = len(next(iter(stock)))
            for i in range(len(toks) - n + 1):
                if tuple(toks[i:i + n]) in stock:
                    for j in range(i, i + n):
                        masked[j] = "_"
        own = s.lower()  # the sentence with title and stock words blanked, punctuation kept
        for (a, b), m in reversed(list(zip(spans, masked, strict=True))):
            if m == "_":
                own = own[:a] + "_" * (b - a) + own[b:]
        if not CUES.search(own):
            continue
        specific = {t for t in masked
                    if t != "_" and t in vocab and len(t) > 3 and not t[0].isdigit()}
        if len(specific) >= 2:
            found.append(s)
    return found


TRAILER = re.compile(r"(?im)^\s*(?:[\w-]+-by|Pull Request resolved|Differential Revision|Approved by|"
                     r"ghstack[\w -]*|Stack from ghstack.*|Test Plan|cc)\s*:.*$|"
                     r"^\s*\*\s+(?:__->__\s+)?#\d+.*$|"
                     r"\[ghstack-poisoned\]|https?://\S+")
CODE_BLOCK = re.compile(r"```.*?```", re.S)


def prose_words(body: str) -> int:
    """Words of a commit body outside trailers, ghstack lists, code blocks and links."""
    return len(words(TRAILER.sub("", CODE_BLOCK.sub("", body))))


def body_quotes(content: Sequence[str], titles: Sequence[str], messages: str, run: int = 8
                ) -> list[str]:
    """Content sentences carrying a run of ``run``+ words from the day's commit bodies (not
    from a title): the authors' own words, whether or not they give a reason."""
    title_grams: set[tuple[str, ...]] = set()
    for t in titles:
        title_grams |= ngrams(words(t), run)
    body = ngrams(words(messages), run) - title_grams
    return [s for s in content if ngrams(words(s), run) & body]


# -- size of a change ------------------------------------------------------------------------

NOT_CODE_DIRS = {"test", "tests", "testing", "doc", "docs", "documentation", ".github", ".ci",
                 "ci", "snapshots", "fixtures", "resources", "third_party", "vendor"}
CODE_FILE = re.compile(r"\.(?:py|pyx|pxd|c|h|cc|cpp|cxx|hpp|cu|cuh|mm|m|rs|go|js|ts|java|"
                       r"swift|f|f90|pyi)$")
TEST_FILE = re.compile(r"(?:^|/)(?:test_[^/]*|[^/]*_tests?\.[a-z]+|tests?\.[a-z]+|conftest\.py)$")


def is_code_path(path: str) -> bool:
    """A source file outside tests, docs, CI, fixtures and vendored code."""
    parts = path.lower().split("/")
    if any(p in NOT_CODE_DIRS for p in parts[:-1]):
        return False
    return bool(CODE_FILE.search(path)) and not TEST_FILE.search(path.lower())


def code_lines(numstat: Iterable[tuple[int, int, str]]) -> int:
    """Lines added to code files, from ``git --numstat`` rows (added, deleted, path)."""
    return sum(added for added, _deleted, path in numstat if is_code_path(path))


HOUSEKEEPING = re.compile(r"housekeeping|tidy|tidying|chores?\b|maintenance|upkeep|janitor",
                          re.I)


def told_as_housekeeping(segment_id: str, segment_title: str, sentence: str, own_title: str = ""
                         ) -> bool:
    """Placed among the chores, or called one — a word of the change's own title ("Merge branch
    'ps/odb-pluggable-housekeeping'": the topic is about a repository's housekeeping) or a quoted
    name ("'git maintenance'") is the change's name, not the writer's verdict."""
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", own_title)}
    quoted = re.sub(r"'[^']*'|\"[^\"]*\"", " ", sentence)  # "'git maintenance'" is a command's name
    said = [m for m in HOUSEKEEPING.finditer(quoted) if m.group(0).lower() not in own]
    return bool(HOUSEKEEPING.search(segment_id) or HOUSEKEEPING.search(segment_title) or said)
