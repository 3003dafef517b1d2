"""A commit title as a clause a host can say: "Anthony Shoumikhin shipped the CUDA delegate in
the wheel", never a title pasted after a verb ("landed Ship the ...") or a prefix taken for a
verb ("qualcommed AI Engine Direct").

The title's area prefix (``Arm backend:``, ``Qualcomm AI Engine Direct - ``, ``runtime:``,
``[ExecuTorch][MLX]``) is taken off and said as a place ("in the Arm backend"); the first word
is a verb only when an English dictionary (lemminflect) says it is one in its base form, and
its past tense comes from the same tables. A title that does not start with a verb is said as
a noun phrase ("a change titled ..." is never said: "DFlash arrived").
"""

from __future__ import annotations

import re
from functools import lru_cache

from lemminflect import getAllLemmas, getInflection, getLemma

from ...editorial.titles import PART as _PART
from ...editorial.titles import split_area
from ..words import a_or_an

_AREA_WORDS = {"backend", "backends", "delegate", "engine", "direct", "examples", "example",
               "ci", "docs", "tests", "build"}


# verbs of developers' English the dictionary lacks ("Sync latest Python releases")
_TECH_VERBS = {"sync", "bump", "refactor", "dedupe", "dedup", "backport", "lint", "rebase",
               "unvendor", "inline", "plumb", "upstream", "downstream", "unify", "gate"}


@lru_cache(maxsize=4096)
def base_verb(word: str) -> bool:
    """Whether ``word`` is an English verb in its base form ("ship", "wake", "remap")."""
    w = word.lower()
    if not w.isalpha():
        return False
    if w in _TECH_VERBS:
        return True
    lemmas = getAllLemmas(w, upos="VERB").get("VERB", ())
    if w in lemmas:
        return True
    for prefix in ("re", "de", "un", "pre"):  # "remap", "rewire", "deduplicate", "unpin"
        if w.startswith(prefix) and len(w) > len(prefix) + 3:
            rest = w[len(prefix):]
            if rest in getAllLemmas(rest, upos="VERB").get("VERB", ()):
                return True
    return False


@lru_cache(maxsize=4096)
def past_form(word: str) -> bool:
    """Whether ``word`` is a verb's past tense already ("Corrected", "Fixed")."""
    w = word.lower()
    lemmas = getAllLemmas(w, upos="VERB").get("VERB", ())
    return any(w in getInflection(lemma, tag="VBD") for lemma in lemmas if lemma != w)


_NOUN_END = re.compile(r"(?:tion|sion|ment|ness|ity|ance|ence|ing|ism|ship)s?$")


def _noun_phrase(first: str, tail: str) -> bool:
    """"Pass migration", "Build system": a verb-and-noun word before a noun is a noun phrase."""
    nxt = tail.split(" ", 1)[0] if tail else ""
    return bool(getAllLemmas(first.lower(), upos="NOUN").get("NOUN")) and bool(
        _NOUN_END.search(nxt.lower())) and len(tail.split()) <= 2


@lru_cache(maxsize=4096)
def noun_too(word: str) -> bool:
    """Whether ``word`` is also a noun ("test", "build"): then it may not be a verb."""
    return bool(getAllLemmas(word.lower(), upos="NOUN").get("NOUN"))


@lru_cache(maxsize=4096)
def past_tense(verb: str) -> str:
    w = verb.lower()
    if w.startswith("re") and not getAllLemmas(w, upos="VERB").get("VERB") and len(w) > 4:
        return "re" + past_tense(w[2:])
    forms = getInflection(w, tag="VBD")
    if forms:
        return forms[0]
    return w + "d" if w.endswith("e") else w + "ed"  # "inline" → "inlined"


@lru_cache(maxsize=4096)
def third_person_form(word: str) -> bool:
    """Whether ``word`` is a verb's third-person present ("Re-lands", "Adds")."""
    w = word.lower().replace("-", "")
    if not w.endswith("s"):
        return False
    lemmas = getAllLemmas(w, upos="VERB").get("VERB", ())
    if any(w in getInflection(lemma, tag="VBZ") for lemma in lemmas if lemma != w):
        return True
    return w.startswith("re") and len(w) > 5 and third_person_form(w[2:])


def base_of(verb: str) -> str:
    """"ships" → "ship", "fixes" → "fix": a third-person verb's base form (as it is when
    not one)."""
    if not third_person_form(verb):
        return verb
    lemmas = getAllLemmas(verb.lower()).get("VERB", ())
    return lemmas[0] if lemmas else verb


def gerund_base(ing: str) -> str:
    """"accept" of "accepting": the verb a gerund was made from, "" when none is known."""
    got = getLemma(ing, upos="VERB")
    return got[0] if got else ""


def third_person(verb: str) -> str:
    forms = getInflection(verb.lower(), tag="VBZ")
    return forms[0] if forms else verb + "s"


def place(area: str) -> str:
    """How a title's area is said: "in the Arm backend", "in the runtime", "" for none."""
    if not area or re.fullmatch(r"(?:PR|part|step|v)\s?\d+[a-z]?", area.strip(), re.I):
        return ""
    a = area.split("/")[-1] if "/" in area else area
    a = a.replace("_", " ").strip()
    low = a.lower()
    if low in ("qualcomm ai engine direct", "qualcomm"):
        return "in the Qualcomm backend"
    if any(w in low.split() for w in _AREA_WORDS) or low in ("runtime", "rt"):
        return f"in the {a if a[:1].isupper() else low}"
    if "/" in area and area.split("/")[0].lower() in ("examples", "example"):
        return f"in the {a[:1].upper() + a[1:]} example"
    if a.islower() and " " not in a:
        return f"in the {a} module"  # "in the codec module": a module of the project
    if len(a.split()) == 1 and a[:1].isupper():
        return f"for {a}"  # "for Cortex-M"
    return ""  # "Channels last": a topic, not a place; said by the title itself


def area_and_rest(title: str) -> tuple[str, str]:
    """:func:`split_area`, but a head that opens with a verb is the title itself, not a place
    ("Sync latest Python releases: 3.10.21, 3.11.16")."""
    area, rest = split_area(title)
    first = area.split(" ", 1)[0]
    if len(area.split()) >= 3 and first[:1].isupper() and base_verb(first) and \
            place(area) == "":
        whole = re.sub(r"\s*\(#\d+\)\s*$", "", title).strip()
        # "Sync latest Python releases: Include 3.13.15": the part after the colon goes on
        return "", re.sub(r": ([A-Z])(?=[a-z])", lambda m: ": " + m.group(1).lower(), whole)
    return area, rest


# a title's shorthand, said in full ("restore File state when op fails": "when an operation
# fails" is how a host says it; round 12: "reads commit titles as sentences")
_SHORT = {"op": "operation", "ops": "operations", "deps": "dependencies", "dep": "dependency",
          "impl": "implementation", "impls": "implementations", "args": "arguments",
          "arg": "argument", "params": "parameters", "param": "parameter", "perf":
          "performance", "env": "environment", "dir": "directory", "dirs": "directories",
          "msg": "message", "msgs": "messages", "repo": "repository", "repos": "repositories",
          "func": "function", "funcs": "functions", "attr": "attribute", "attrs": "attributes"}
_SHORT_WORD = re.compile(r"(?<![\w./`-])(" + "|".join(_SHORT) + r")(?![\w./`-])")


def _said(text: str) -> str:
    from .ear import for_ear

    text = _SHORT_WORD.sub(lambda m: _SHORT[m.group(1)], text)
    text = re.sub(r"\bour\b", "the project's", text)  # "manage our tooling": the host is
    # not the project's author
    # "when operation fails" → "when an operation fails": a singular noun and its verb
    text = re.sub(r"\b(when|if|until|unless) (?!(?:it|this|that|there|one|nothing|something|"
                  r"everything|anything|none|all|each|any|some|no|the|a|an|he|she|we|you)\b)"
                  r"([a-z]+[^s\W]) (fails|succeeds|errors|panics|"
                  r"times out|returns|is|has)\b",
                  lambda m: f"{m.group(1)} {a_or_an(m.group(2))} {m.group(2)} {m.group(3)}",
                  text)
    return for_ear(text)


def part_of(title: str) -> int | None:
    m = _PART.search(title)
    if not m:
        return None
    return int(m.group(1) or m.group(2))


_MERGE = re.compile(r"^Merge (?:branch |remote-tracking branch )?'?([\w./-]+?)'?"
                    r"(?: into '?([\w./-]+?)'?)?$")
_VERSION = re.compile(r"\d+\.\d+(?:\.\d+)?")


def _merge_clause(title: str, tense: str) -> str | None:
    """"Merge 'tokio-1.52.4' into 'master'" → "merged the 1.52.4 release branch back into
    master"."""
    m = _MERGE.match(title.strip())
    if not m:
        return None
    branch, into = m.group(1), m.group(2)
    version = _VERSION.search(branch)
    what = f"the {version.group(0)} release branch" if version else f"the {branch} branch"
    verb = "merged" if tense == "past" else "merges"
    return f"{verb} {what}" + (f" back into {into}" if into else "")


# "Fix issue with X": "fixed an issue with X" (a title drops the article a host says)
_ARTICLE = re.compile(r"^(issue|bug|crash|typo|regression|race|leak|deadlock|error|problem|"
                      r"panic|hang|mistake)\b")
_COMMA_VERB = re.compile(r", ([a-z]+) (?=\S)")
_CODE_LED = re.compile(r"^``?([^`]+)``?\s+([a-z][\w -]*)$")
_PARTICLE = re.compile(r"^([A-Z][a-z]+)-(off|out|up|down|back|over)\b")
# "Fix interpreter cache invalidation test": the object of a fix is the one the listener's
# project has ("fixed the interpreter cache invalidation test"), of an addition a new one
_HEADS = ("test|check|option|flag|warning|message|script|job|step|workflow|example|helper|"
          "function|method|module|class|field|variable|setting|lint|rule|command|page|guide|"
          "benchmark|parser|cache|lookup|guard|hook|pass|kernel|backend|runner|"
          # (pytest 2026-05-24's "fixed junitxml count for teardown errors", read aloud)
          "count|default|section|report|limit|threshold|timeout|header|footer|summary|"
          "docstring|banner|label|layout|entry|table")
_BARE = re.compile(rf"^((?:(?!(?:for|in|on|of|to|the|a|an|and|or|with|from|by|as|at)\b)"
                   rf"(?:[a-z][\w-]*|[A-Z][a-z]+) ){{0,4}}(?:{_HEADS}))(?=$| (?:for|in|on|of|to|when|with|"
                   r"from|that|so|and|by|after|before|during|if)\b|,)")
_NOT_BARE = re.compile(r"^(?:the|a|an|this|that|these|those|its|their|our|your|each|every|"
                       r"all|any|some|no|one|two|three|more|other|another|new|unused|"
                       r"several|many|most|few|both|either|neither)\b|^\S*\d")
_FINDS_ONE = {"fix", "update", "remove", "rename", "refactor", "improve", "simplify",
              "document", "skip", "enable", "disable", "restore", "harden", "speed",
              "clean", "tidy", "deflake", "unskip", "reword", "move", "split", "reduce",
              "increase", "lower", "raise", "change", "correct", "adjust"}
_MAKES_ONE = {"add", "introduce", "create"}


def _article(verb: str, tail: str) -> str:
    """"interpreter cache invalidation test" after "fix": "the interpreter cache invalidation
    test"; after "add": "a ..."; anything else as it is."""
    v = verb.lower()
    m = _BARE.match(tail)
    if not m or _NOT_BARE.match(tail) or (v not in _FINDS_ONE and v not in _MAKES_ONE):
        return tail
    if v in _FINDS_ONE:
        return "the " + tail
    return f"{a_or_an(tail)} {tail}"


def _verb_first(word: str, nxt: str) -> bool:
    """Whether ``word`` is the verb of what follows it: "fix incorrect inference", "add the
    shape", not "test cleanup work" (a noun before a noun)."""
    if not base_verb(word) or third_person_form(word):
        return False
    if not noun_too(word):
        return True
    return nxt.lower() in ("the", "a", "an", "all", "its", "their", "missing", "unused") or \
        bool(getAllLemmas(nxt.lower(), upos="ADJ").get("ADJ")) and not noun_too(nxt)


def code_last(rest: str) -> str:
    """A noun title led by code, said with the code last: "``np.unique`` shape-typing" is
    "shape-typing for np.unique" (numpy 2026-08-07: "the np unique shape-typing work")."""
    code = _CODE_LED.match(rest)
    if code and not re.search(r"\b(?:for|of|to|in|on)\b", code.group(2)) and \
            not base_verb(code.group(2).split()[0].lower()):
        return f"{code.group(2)} for {code.group(1)}"
    return rest


def _comma_verb(tail: str, tense: str) -> str:
    """"Remove more uvx usages, add typos to the check group": the second imperative after a
    comma agrees with the first ("removed ... and added ..."), the last one only, once."""
    found = [m for m in _COMMA_VERB.finditer(tail) if base_verb(m.group(1))
             and len(tail[m.end():].split()) >= 2]  # "add foo, bar support": no verb
    if len(found) != 1 or tail.count(",") != 1:
        return tail
    m = found[0]
    w = m.group(1)
    verb = past_tense(w) if tense == "past" else third_person(w)
    return f"{tail[:m.start()]} and {verb} {tail[m.end():]}"


# "Sync latest Python releases: 3.10.21, 3.11.16" / "...: include 3.13.15": a colon and a
# list of versions after a verb's object (bench_script on uv: "synced latest Python releases:
# include 3.13.15" was heard as a label), said ", 3.10.21 and 3.11.16" / ", including 3.13.15"
_VERSIONS_AFTER = re.compile(r":\s+(includ(?:e|es|ing)\s+)?(v?\d+(?:\.\d+)+(?:,?\s+(?:and\s+)?"
                             r"v?\d+(?:\.\d+)+)*)\s*$")


def _versions(m: re.Match[str]) -> str:
    found = re.findall(r"v?\d+(?:\.\d+)+", m.group(2))
    listed = found[0] if len(found) == 1 else \
        ", ".join(found[:-1]) + f" and {found[-1]}"
    return (", including " if m.group(1) else ", ") + listed


# adverbs a title may open with before its verb ("Uniformly print …", "Always use …"); not
# the adjectives that end alike ("Early return", "Daily build", "Only run")
MANNER = {"properly", "correctly", "consistently", "uniformly", "always", "explicitly",
          "lazily", "eagerly", "safely", "silently", "quietly", "never", "automatically"}
_MANNER_ENDS = ("ally", "ously", "ively", "ently", "antly", "fully", "ctly", "rmly", "tely")


# a title's first word that is its verb even before a sentence ("Fix crash handler leaks
# memory": the fix of a leak)
_IMPERATIVE = {"fix", "add", "remove", "update", "make", "use", "allow", "skip", "improve",
               "avoid", "ensure", "handle", "support", "prevent", "check", "test", "show",
               "let", "stop", "revert", "bump", "move", "rename", "drop", "enable", "disable",
               "document", "clarify", "mention", "explain", "note", "warn", "raise", "return",
               "keep", "verify", "assert", "detect", "guard", "catch", "reject", "reland"}
_AFTER_VERB_NOT = {"in", "on", "for", "to", "from", "and", "or", "with", "of", "at", "by"}


def statement(rest: str) -> bool:
    """Whether a title (its area off) is a sentence with its own subject: "commit access
    follows demonstrated judgement, not a single clean PR", "Build cache keeps entries" — one
    to three nouns, then a verb in the third person before what it says (never a preposition:
    "Update docs links in README" is a verb and its object)."""
    words = rest.split()
    for k in (2, 3):
        if len(words) <= k:
            return False
        verb, subject = words[k], words[:k]
        if not (verb.islower() and verb.isalpha() and third_person_form(verb)):
            continue
        if len(words) == k + 1 or words[k + 1].lower().strip(",") in _AFTER_VERB_NOT:
            return False
        if noun_too(base_of(verb)) and base_verb(subject[0].lower()) and \
                re.fullmatch(r"more|less|[a-z]+ly", words[k + 1].lower()):
            return False  # "Borrow final attributes more aggressively": a plural noun and how,
            # not a verb (was "changed things so that borrow final …", mypy 2026-07-09)
        return subject[0].lower() not in _IMPERATIVE and \
            all(w.isalpha() and not third_person_form(w) and not past_form(w)
                for w in subject) and subject[-1].islower() and noun_too(subject[-1])
    return False


def clause(title: str, tense: str = "past") -> tuple[str, bool]:
    """The title as a predicate ("shipped the CUDA delegate in the wheel") and whether it
    starts with a verb; a noun title comes back as it is said ("DFlash"), False."""
    merged = _merge_clause(title, tense)
    if merged:
        return merged, True
    area, rest = area_and_rest(title)
    rest = _PART.sub("", rest).strip(" -–—:,")
    rest = rest[:-1] if rest.endswith(".") and not rest.endswith("..") else rest
    # "Split-off Command execution from System": a verb and its particle, hyphenated
    rest = _PARTICLE.sub(lambda m: f"{m.group(1)} {m.group(2)}" if base_verb(m.group(1).lower())
                         else m.group(0), rest)
    # "Adding QNN backend support for pdist": a title in the gerund is its verb
    m = re.match(r"([A-Z][a-z]+ing) (?=[A-Z]|(?:the|a|an|support|unused|missing|new|more|"
                 r"extra|some|all|its|their)\b)", rest)
    if m and m.group(1).lower() not in ("bring", "string", "thing", "spring", "ring"):
        base = getLemma(m.group(1).lower(), upos="VERB")
        if base and base[0] != m.group(1).lower() and base_verb(base[0]):
            rest = base[0].capitalize() + rest[m.end(1):]
    words = rest.split(" ", 1)
    first = words[0] if words else ""
    tail = words[1] if len(words) > 1 else ""
    where = place(area)
    entry = re.match(r"(?:add(?:ed|s)?\s+)?(?:an?\s+)?(changelog|news|release[- ]notes?)\s+"
                     r"entr(?:y|ies)\b\s*(.*)$", rest, re.I)
    if entry:
        # "Changelog entry for macOS x86 wheels": what was written, not "the changelog entry
        # for macOS x86 wheels work from Shantanu landed" (mypy 2026-07-13)
        kind = "a changelog" if entry.group(1).lower() == "changelog" else \
            "a news" if entry.group(1).lower() == "news" else "a release notes"
        said = _said(f"{'added' if tense == 'past' else 'adds'} {kind} entry "
                     f"{entry.group(2)}".strip())
        return said, True
    if statement(rest):
        # "Doc: commit access follows demonstrated judgement": the title says what is now so,
        # and its first word is no verb ("committed access follows …", pytest 2026-08-05)
        said = _said(rest[:1].lower() + rest[1:])
        docs = re.fullmatch(r"docs?|documentation", area.strip().lower() or "-") or \
            re.match(r"\s*\[?(?:docs?|documentation)\]?(?:\([^)]*\))?\s*:", title, re.I)
        lead = ("documented that " if tense == "past" else "documents that ") if docs else \
            ("changed things so that " if tense == "past" else "makes it so that ")
        return lead + said, True
    if first.lower() == "do" and tail.startswith("not ") and len(tail.split()) > 2:
        first, tail = "don't", tail[4:]  # "Do not hand the loader ...": "stopped handing"
    if first.lower() in ("don't", "don’t") and tail.split(" ", 1)[0].isalpha() and \
            tail.split(" ", 1)[0].islower():
        # "Don't error on unhashable arguments": "stopped erroring on unhashable arguments"
        verb, _, more = tail.partition(" ")
        ing = getInflection(verb.lower(), tag="VBG")
        m = re.match(r"(or|and) ([a-z]+)\b(.*)$", more)  # "Don't hang or crash on …":
        if m and base_verb(m.group(2)):  # "stopped hanging or crashing on …"
            also = getInflection(m.group(2), tag="VBG")
            more = f"{m.group(1)} {also[0] if also else m.group(2)}{m.group(3)}"
        said = _said(f"{'stopped' if tense == 'past' else 'stops'} "
                     f"{ing[0] if ing else verb + 'ing'} {more}".strip())
        return (f"{said} {where}" if where else said), True
    if first.lower() == "support" and tail and not tail.startswith("of "):
        # "Support referencing indexes by name": what it adds is support for it, not
        # "supported referencing indexes" (read aloud on uv 2026-08-14)
        said = _said(f"{'added' if tense == 'past' else 'adds'} support for "
                     f"{tail.removeprefix('for ')}")
        return (f"{said} {where}" if where else said), True
    if first and first[:1].isupper() and third_person_form(first) and tail and \
            not _noun_phrase(base_of(first), tail) and \
            not re.match(r"(?:to|for|of|in|on|from|with|and|or)\b", tail):
        # "Fixes cutlass base DSL helpers import failure": a title in the third person
        said, _ = clause(f"{base_of(first).capitalize()} {tail}", tense)
        return said, True
    if first and past_form(first):
        said = _said(first[:1].lower() + first[1:] + " " + _ARTICLE.sub(
            lambda m: f"{a_or_an(m.group(1))} {m.group(1)}", tail)
            if tail else rest[:1].lower() + rest[1:])
        return (f"{said} {where}" if where else said), True
    low = (first or "").lower()
    adverb = low in MANNER or (low.endswith(_MANNER_ENDS) and low.isalpha())
    if adverb and tail and base_verb(tail.split(" ", 1)[0].lower()):
        # "Uniformly print human-readable sizes …": "uniformly prints …" (round 11: read
        # aloud, "brings uniformly print …")
        said, verb = clause(tail[:1].upper() + tail[1:], tense)
        if verb:
            return f"{first.lower()} {said}", True
    if first and base_verb(first) and not _noun_phrase(first, tail):
        verb = past_tense(first) if tense == "past" else third_person(first)
        # "and test X" in "Document and test X": the second verb agrees too
        tail = re.sub(r"^(\S+,? )?and (\w+)\b",
                      lambda m: (m.group(1) or "") + "and " + (
                          past_tense(m.group(2)) if tense == "past" and base_verb(m.group(2))
                          else third_person(m.group(2)) if base_verb(m.group(2))
                          else m.group(2)), tail) if re.match(r"^(\S+, )?and \w+", tail) \
            and base_verb(re.match(r"^(?:\S+, )?and (\w+)", tail).group(1)) else tail
        # ("Use acquire and release orderings": "acquire and release" is the object, not
        # two verbs; only "Document and test X" or "Fix X, and test Y" has a second verb)
        # later in the title, "and pin them", "and update the docs": a verb before its
        # object agrees too (read aloud: "clarified the semantics and pin them")
        tail = re.sub(r"\band ([a-z]+)(?= (?:the|them|it|its|their|a|an|all|each|every)\b)",
                      lambda m: "and " + ((past_tense(m.group(1)) if tense == "past" else
                                           third_person(m.group(1)))
                                          if base_verb(m.group(1)) and
                                          not third_person_form(m.group(1)) and
                                          not past_form(m.group(1)) else m.group(1)), tail)
        # "and follow symlinks", "and add tests": a word that is only a verb, before its
        # plural object (pip 2026-06-13: "used pathlib and follow symlinks for …")
        tail = re.sub(r"\b([\w-]+) and ([a-z]+)(?= [a-z]+s\b)",
                      lambda m: f"{m.group(1)} and " + (
                          (past_tense(m.group(2)) if tense == "past" else third_person(m.group(2)))
                          if base_verb(m.group(2)) and not noun_too(m.group(2)) and
                          not base_verb(m.group(1).lower()) and  # (not "read and write locks")
                          not third_person_form(m.group(2)) and not past_form(m.group(2))
                          else m.group(2)), tail)
        tail = _ARTICLE.sub(lambda m: f"{a_or_an(m.group(1))} {m.group(1)}",
                            _comma_verb(tail, tense))
        tail = _article(first, tail)
        tail = _VERSIONS_AFTER.sub(_versions, tail)
        said = _said(f"{verb} {tail}".strip())
        if where and area.split()[0].lower() not in said.lower():
            said = f"{said}, {where}" if "," in said else f"{said} {where}"
        return said, True
    code = _CODE_LED.match(rest)
    if code and len(code.group(2).split()) >= 3 and _verb_first(*code.group(2).split()[:2]):
        # "``np.[as]array`` fix incorrect inference by pyright for builtin sequences": code,
        # then what is done to it (numpy 2026-08-13: "led by np array fix incorrect
        # inference …", a judge: "commit titles read aloud"), said with the code last
        said, verb = clause(f"{code.group(2)[:1].upper()}{code.group(2)[1:]} in "
                            f"``{code.group(1)}``", tense)
        if verb:
            return said, True
    rest = code_last(rest)
    return _said(rest) + (f", {where}" if where and area.split()[0].lower()
                          not in rest.lower() else ""), False
