"""The fact lock: a drafted sentence reaches a listener only if the record backs every fact.

Each number, date, person or name, handle, PR number, sha, version, identifier, environment
variable and file path in a sentence must be found in the commits the sentence names (their
evidence, :mod:`.facts`, as :class:`.scope.Scope` reads it) or in the day's stats; a sentence
that tells what happened must say it in its commits' words (:mod:`.support`); a sentence must
name at least one of the day's commits, or be a stock line — one that names none and says
nothing the day's stats, date and show do not. :func:`check_sentence` gives the first reason a
sentence fails, or "".
"""

from __future__ import annotations

import datetime as dt
import re

from .claims import nothing_claim, paired_count, series_claim
from .facts import DayFacts
from .numbers import DECIMAL, RUN, numbers_in, value_of
from .scope import DATE_ISO, DATE_WORDS, MONTHS, Scope
from .words_common import (
    ANY_TWO,
    COMMON_WORDS,
    NOT_PEOPLE,
    PLATFORM_ALIASES,
    STOCK_NAMES,
    WELL_KNOWN,
)

SHA = re.compile(r"(?<![\w/.-])[0-9a-f]{7,40}(?![\w/])")
HANDLE = re.compile(r"(?<![\w@])@([A-Za-z0-9][\w-]*)")
ENV_VAR = re.compile(r"(?<![\w.])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=\S+)?(?![\w])")
# a path: two slashes or more, or a slash and a file extension, or a file name with a known
# extension ("and/or" and "full/concise" are words, not paths)
PATH = re.compile(r"(?<![\w/])(?:[\w.-]+/){2,}[\w.-]*\w|(?<![\w/])[\w.-]+/[\w-]*\.\w+|"
                  r"(?<![\w/.])[\w-]+\.(?:py|pyi|cpp|cc|cu|cuh|h|hpp|c|rs|go|js|ts|md|rst|txt|"
                  r"toml|yaml|yml|json|cfg|ini|sh|cmake|bzl)\b")
VERSION = re.compile(r"(?<![\w.])v?\d+(?:\.\d+)+(?:[-.]?(?:rc|a|b|alpha|beta|dev|post)\d*)?(?![\w])",
                     re.I)
PR = re.compile(r"(?:#|\b(?:PRs?|[Pp]ull [Rr]equests?|[Ii]ssues?|[Nn]umbers?)\s*#?)\s*(\d{2,})"
                r"((?:\s*(?:,|and|to|through|-|–)\s*#?\d{2,})*)")
WEEKDAY = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")
TIMES = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?[x×](?![\w])")  # "1.8x", "2 ×"
BACKTICK = re.compile(r"`([^`]+)`")
DOTTED = re.compile(r"(?<![\w.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?(?![\w])")
TOKEN = re.compile(r"(?<![\w'’])[^\W_][\w'’]*")
COUNTED = re.compile(r"\s+(?:(?:new|more|other|merged|single)\s+)?(commit|pull request|PR|"
                     r"author|contributor|revert|rollback|reland|change|file|line|day)s?\b",
                     re.I)
# counts of the day a number before these nouns must be (a sentence's own commits aside)
BOUND = {"commit": "commits", "author": "authors", "contributor": "authors",
         "revert": "reverts", "rollback": "reverts", "reland": "relands"}
EXEMPT_CAPS = {"PR", "PRS", "CI", "API", "APIS", "GPU", "GPUS", "CPU", "CPUS", "OK", "I", "AI",
               "UI", "PS", "FAQ", "TL", "DR"}


def _blank(text: str, m: re.Match[str]) -> str:
    return text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]


def _problems(sentence: str, scope: Scope, day_year: str) -> list[str]:  # noqa: C901
    text = sentence
    out: list[str] = []

    def scan(pattern: re.Pattern[str], check) -> None:
        nonlocal text
        for m in list(pattern.finditer(text)):
            why = check(m)
            if why is None:
                continue  # not one of these after all: left for the later checks
            if why:
                out.append(why)
            text = _blank(text, m)

    def sha(m):
        s = m.group(0)
        if not re.search(r"\d", s) or not re.search(r"[a-f]", s):
            return None  # a number or a word: checked as one
        return "" if scope.has_sha(s) else f"sha {s} is not one of its commits"

    def handle(m):
        login = m.group(1)
        return "" if login in scope.evidence.logins or scope.has(login) else \
            f"handle @{login} is not in its commits"

    def env(m):
        name = m.group(0)
        return "" if scope.has(name.split("=")[0]) and scope.has(name) else \
            f"environment variable {name} is not in its commits"

    def path(m):
        return "" if scope.has(m.group(0)) else f"file path {m.group(0)} is not in its commits"

    def version(m):
        v = m.group(0).lstrip("vV")
        if re.search(rf"(?<![\w.]){re.escape(v)}(?=[x×%]|\s?(?:s|ms|us|µs|ns|sec|secs|seconds?|"
                     rf"min|minutes?|h|hours?|[KMGT]i?B|MB/s|GB/s)\b)", scope.text):
            return ""  # "3.1-3.25x faster", "can take 0.07s": a measurement, as written
        # "2.14.0b1" said of "Prepare release v2.14.0b1" (pydantic 2026-08-06, round 38)
        return "" if scope.has(v) or scope.has(m.group(0)) or scope.has(f"v{v}") else \
            f"version {m.group(0)} is not in its commits"

    def date_words(m):
        month = MONTHS.index(m.group(1).lower()) + 1
        day = int(m.group(2))
        year = m.group(3)
        ok = any(d[5:] == f"{month:02d}-{day:02d}" and (not year or d[:4] in (year, "????"))
                 for d in scope.dates)
        return "" if ok else f"date {m.group(0)} is not in its commits or the day"

    def date_iso(m):
        return "" if m.group(0) in scope.dates else f"date {m.group(0)} is not in its commits"

    def weekday(m):
        days = set()
        for d in scope.dates:
            try:
                days.add(dt.date.fromisoformat(d).strftime("%A"))
            except ValueError:
                continue
        return "" if m.group(1) in days else f"weekday {m.group(1)} is not a day of its commits"

    def times(m):
        return "" if float(m.group(1)) in scope.numbers else \
            f"number {m.group(1)} is not in its commits or the day's stats"

    def pr(m):
        nums = [m.group(1), *re.findall(r"\d{2,}", m.group(2) or "")]
        bad = [n for n in nums if float(n) not in scope.numbers]
        return f"PR number {bad[0]} is not in its commits" if bad else ""

    def ident(m):
        word = m.group(1) if m.re is BACKTICK else m.group(0)
        word = word.removesuffix("()")
        return "" if scope.has_identifier(word) else f"identifier {word} is not in its commits"

    scan(SHA, sha)
    scan(HANDLE, handle)
    scan(BACKTICK, ident)
    scan(ENV_VAR, env)
    scan(PATH, path)
    scan(DATE_ISO, date_iso)
    scan(DATE_WORDS, date_words)
    scan(WEEKDAY, weekday)
    scan(VERSION, version)
    scan(PR, pr)
    scan(TIMES, times)
    scan(DOTTED, ident)
    out += _token_problems(text, scope, sentence)
    return out


def _is_identifier(tok: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", tok)
    if "_" in tok:
        return True
    if re.search(r"\d", tok) and letters:
        return True
    inner = tok[1:]
    return bool(re.search(r"[a-z]", tok) and re.search(r"[A-Z]", inner))


def _acronym_in(word: str, scope: Scope) -> bool:
    """An acronym the evidence has, as written or as the head of a versioned name ("RISC",
    "RISCV" for "riscv64")."""
    return scope.has(word) or scope.has_identifier(word) or (
        len(word) >= 3 and re.search(rf"(?<![a-z]){re.escape(word.lower())}[a-z]?\d",
                                     scope.text) is not None)


def _known(low: str, scope: Scope, sentence: str) -> bool:
    """A name of common developer knowledge (:data:`WELL_KNOWN`) said where the record implies
    it ("HTTP" of urllib3, "Fortran" of f2py, "Intel" of x86_64) or in a sentence said of things
    in general ("On Unix-like systems, a directory without execute permission …"); elsewhere it
    is a claim like any name ("frames messages over TCP", of a codec that never says so)."""
    if low not in WELL_KNOWN:
        return False
    from .support import general

    return low in scope.lemma_words or general(sentence)


def _token_problems(text: str, scope: Scope, sentence: str = "") -> list[str]:
    out: list[str] = []
    tokens = list(TOKEN.finditer(text))
    for i, m in enumerate(tokens):
        tok = m.group(0).rstrip("'’-")
        base = re.sub(r"['’]s$", "", tok)
        if not base:
            continue
        if base.isdigit() or re.fullmatch(r"\d[\d,]*(?:\.\d+)?", base) or RUN.fullmatch(base):
            continue  # numbers: below
        if _is_identifier(base) and base.lower() not in WELL_KNOWN:  # ("JavaScript": a name)
            if not scope.has_identifier(base):
                out.append(f"identifier {base} is not in its commits")
            continue
        if len(base) == 1 and base.isupper() and i and text[m.start() - 1] == "-" and (
                _acronym_in(text[tokens[i - 1].start():m.end()].replace("-", ""), scope)
                or _acronym_in(text[tokens[i - 1].start():m.end()], scope)):
            continue  # "RISC-V" for a record's riscv64, "Ethos-U" for its Ethos-U85: one
            # name with its hyphen
        if base.isupper() and len(base) > 1:
            if base.upper() not in EXEMPT_CAPS and not _known(base.lower(), scope, sentence) \
                    and not _acronym_in(base, scope):
                out.append(f"name {base} is not in its commits")
            continue
        if base in scope.other_people and not scope.has(base) and \
                base.lower() not in NOT_PEOPLE:
            out.append(f"person {base} is from another commit")
            continue
        if not base[:1].isupper():
            continue
        low = base.lower()
        if low in STOCK_NAMES or scope.has(base) or _known(low, scope, sentence) or \
                any(scope.has(a) for a in PLATFORM_ALIASES.get(low, ())):
            continue
        between = text[tokens[i - 1].end():m.start()] if i else ""
        if i == 0 or re.search(r"[.!?]\W*$", between):
            continue  # a sentence's capitalised first word is not a name (a full name's
            # second word still is one)
        start = re.search(r"[:;\"“(]\s*$", between)
        if start and low in COMMON_WORDS:
            continue
        if not start and low in COMMON_WORDS and low in ("i",):
            continue
        if base == "C" and re.match(r"\s*(?:\+\+|(?:and|or) C\+\+|library|libraries|compilers?|"
                                    r"code|extensions?|API|ABI|standard)\b", text[m.end():]):
            continue  # the C language ("regardless of the C library, musl or glibc", "the C
            # and C++ compilers": rounds 38 and 39), no person
        out.append(f"person or name {base} is not in its commits")
    for m in re.finditer(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w])", text):
        raw = m.group(0).rstrip(",.")
        joined = re.search(r"(\w+)-$", text[:m.start()])
        if joined and (f"{joined.group(1)}_{raw}".lower() in scope.text or
                       f"{joined.group(1)}{raw}".lower() in scope.text):
            continue  # "x86-64" of a record's x86_64: one name, said with its hyphen
        try:
            value = float(raw.replace(",", ""))
        except ValueError:
            continue
        why = _count_problem(raw, value, text, m.end(), scope)
        if why:
            out.append(why)
    decimals = []  # "three point two five": one number, 3.25
    for m in DECIMAL.finditer(text):
        value = numbers_in(m.group(0))
        if value:
            decimals.append(m.span())
            why = _count_problem(m.group(0), max(value), text, m.end(), scope)
            if why:
                out.append(why)
    for m in RUN.finditer(text):
        if any(a <= m.start() < b for a, b in decimals):
            continue
        read = value_of(m.group(0))
        if read is None:
            continue
        value, ordinal = read
        counted = COUNTED.match(text, m.end()) is not None  # "one commit", "one author"
        if (value == 1 and not counted) or (ordinal and value <= 3) or m.group(0).lower() in (
                "hundred", "thousand", "dozen") or (value == 2 and ANY_TWO.match(text, m.end())):
            continue  # "one of", "first", "second", "comparing two values": not counts
        if ordinal:
            counted = False
        why = _count_problem(m.group(0), float(value), text, m.end(), scope)
        if why:
            out.append(why)
    return out


def _count_problem(said: str, value: float, text: str, end: int, scope: Scope) -> str:
    """Why the number ``said`` (ending at ``end``) is wrong here, or "": a count of commits,
    authors, reverts or relands must be that count (of the day, or of the sentence's commits);
    any other number must be written in its commits or the day's stats."""
    noun = COUNTED.match(text, end)
    kind = BOUND.get(noun.group(1).lower()) if noun else None
    if kind is not None:
        if value not in scope.counts[kind]:
            return f"{said} {noun.group(1).lower()}s is not the count of the day or of its commits"
        return ""
    if value in scope.counts.get("stacks", set()) and re.search(
            r"\b(?:set|series|stack|run|chain) of\s+$", text[:end - len(said)]):
        return ""  # "Micha Reiser's set of three": the size of the stack a commit is part of
    if value not in scope.numbers:
        if value.is_integer() and re.match(r"[\s-]?bits?\b", text[end:end + 6]) and re.search(
                rf"(?<![\d.])[a-z]+{int(value)}(?![\d.])", scope.text):
            return ""  # "four-bit" for a record's W4 or int4
        return f"number {said} is not in its commits or the day's stats"
    return ""


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W_][\w'’]*", text))


def people_words(facts: DayFacts) -> set[str]:
    """Words of every author name and handle of the day, but English words ("will") and a
    bot's ("pre-commit-ci[bot]" names no person "commit": pytest 2026-08-18's "The same commit
    also changes …" was dropped as naming another commit's author)."""
    from .support import SHOW

    names = " ".join(f"{c.author} {c.author_login}" for c in facts.digest.commits
                     if not c.is_bot)
    return {w for w in _words(names) if len(w) >= 3 and w.lower() not in COMMON_WORDS
            and w.lower() not in SHOW}


def check_sentence(text: str, commits: list[str], facts: DayFacts) -> str:
    """Why ``text`` (telling ``commits``, short or full shas) fails the lock, or "".

    Returns a one-line reason; the sentence's commits are resolved with :func:`resolve`."""
    shas, why = resolve(commits, facts)
    if why:
        return why
    return check_resolved(text, shas, facts)


def resolve(commits: list[str], facts: DayFacts) -> tuple[list[str], str]:
    shas: list[str] = []
    for short in commits:
        full = facts.resolve(short)
        if full is None:
            return [], f"names commit {short[:12]}, which is not one of the day's"
        shas.append(full)
    return list(dict.fromkeys(shas)), ""


CONTENT_CHECK = True  # the content-word check (.support); bench/bench_lock_corpus.py turns it off


def check_resolved(text: str, shas: list[str], facts: DayFacts) -> str:
    scope = _scope(tuple(shas), facts)
    claim = nothing_claim(text, facts) or series_claim(text, shas, facts, scope.own_text) or \
        paired_count(text, facts)
    if claim:
        return claim
    problems = _problems(text, scope, facts.digest.date[:4])
    if problems:
        return problems[0] if shas else f"a stock line that states a fact: {problems[0]}"
    if shas and CONTENT_CHECK:
        from .support import unsupported_claim

        return unsupported_claim(text, scope, facts.people)
    return ""


def _scope(shas: tuple[str, ...], facts: DayFacts) -> Scope:
    """The scope of sentences telling ``shas``, built once per day and set of commits."""
    scopes = facts.scopes
    if shas not in scopes:
        evidence = facts.evidence_for(list(shas)) if shas else facts.day
        own = "\n".join(t for sha in shas if sha in facts.by_sha
                        for t in facts.by_sha[sha].texts)
        scopes[shas] = Scope(evidence, facts.people - _words(" ".join(evidence.texts)),
                             _counts(list(shas), facts), own)
    return scopes[shas]


def _counts(shas: list[str], facts: DayFacts) -> dict[str, set[float]]:
    d = facts.digest
    st = d.stats
    mine = [c for c in d.commits if c.sha in shas]
    counts = {
        "commits": {st.commits, st.commits - st.reverts, st.lookback_commits, len(shas),
                    st.commits - st.bot_commits, st.bot_commits},  # people's, bots
        "authors": {st.authors, len({c.author for c in mine if not c.is_bot})},
        "reverts": {st.reverts, sum(1 for c in mine if c.revert is not None)},
        "relands": {st.relands, sum(1 for r in d.relands if r.sha in shas)},
    }
    counts["stacks"] = set()
    for stack in d.stacks:  # "a five-commit stack": told of two of its commits or more
        if len(set(stack.shas) & set(shas)) >= 2:
            counts["commits"].add(len(stack.commits))
        if set(stack.shas) & set(shas):  # "her set of three", told of one of them
            counts["stacks"].add(len(stack.commits))
    return {k: {float(v) for v in values} for k, values in counts.items()}


def headline_words(text: str) -> str:
    """A headline as a sentence: title case is a typesetting choice, not a name, so its
    capitalised English words ("Scripts Find Their Indexes", "Take Two") are checked in lower
    case; names of the day's people, acronyms and identifiers keep their case (and are checked
    as they are)."""
    def low(m: re.Match[str]) -> str:
        w = m.group(0)
        return w.lower() if w[1:].islower() and w.lower() in COMMON_WORDS | _english(w) else w
    return re.sub(r"\b[A-Z][a-z]+\b", low, text)


def _english(word: str) -> set[str]:
    """``word`` in lower case when an English dictionary knows it (lemminflect)."""
    from lemminflect import getAllLemmas

    return {word.lower()} if getAllLemmas(word.lower()) else set()


def check_title(text: str, shas: list[str], facts: DayFacts) -> str:
    """A segment's or the episode's title (``shas``: its commits; none: the whole day)."""
    return check_resolved(headline_words(text), shas or list(facts.by_sha), facts)


def check_text(text: str, facts: DayFacts) -> str:
    """The episode's title or summary: checked against all the day's commits."""
    return check_resolved(text, list(facts.by_sha), facts)
