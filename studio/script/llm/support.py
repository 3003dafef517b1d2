"""Claims made of ordinary words: a drafted sentence that says what happened must say it in
the words of the commits it names.

The fact lock (:mod:`.factlock`) checks the tokens a record can prove or disprove (numbers,
names, identifiers, dates). A small model's sentences fail another way: "A new project is being
developed. It requires a few months to complete." (for an op change), "This improves
performance for many users." Every token is an ordinary word, and none of what they claim
is in the record.

A sentence that tells of the change (it points at it, "this", "the fix", "now", "today", says
what was done: "adds", "fixed", "improves", tells an event in the past, advises the listener, or
promises what comes next) must draw its content words — what happened, to what, and why: the
words left when function words, the show's own vocabulary and the day's people are taken out —
from the text of its commits: each is found there in some form (lemmas, by lemminflect), as an
identifier's part, a short form said in full, a British spelling or a close synonym. It fails
when more than half of them are not, and at least two; when a consequence or a cause it adds
(", so …", ", which …", "because …", "came from …") is not told in its commits' own words (a
cause wholly); when it sweeps ("every", "for all users", "fully", "much faster") where its
commits do not; when it claims a speed or memory effect they do not name; or when it promises a
plan or a timeline they do not. A sentence said of things in general — common developer
knowledge said to explain a change ("A comparison that stops at the first differing character
finishes later the more of a guess is right") — is left to the prompt, which asks for such
sentences without names, numbers or claims about the project, and to the token checks.

Measured on a hand-labelled corpus (bench/bench_lock_corpus.py; docs/benchmarks.md): what it
still cannot see is a claim made of the record's own words with a wrong detail ("The comparison
now encodes the values first") or advice the record does not give.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scope import Scope

MAX_UNSUPPORTED = 0.5  # of a claim's content words
MIN_UNSUPPORTED = 2  # a claim with one stray word passes

FUNCTION = frozenset("""
a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing down during each either else
even ever every few for from further had has have having he her here hers him his how however
i if in into is it its itself just may me might more most much must my no nor not now of off
on once only or other our ours out over own same she should so some such than that the their
them then there these they this those though through to too under until up upon us very was
we were what when where whether which while who whom whose why will with within without would
yet you your one two three four five six seven eight nine ten first second third last next
many several lot lots way ways thing things something anything nothing everything someone
anyone everyone already still again instead rather quite really also too well there's it's
that's what's let's isn't aren't wasn't weren't don't doesn't didn't can't cannot won't
wouldn't shouldn't couldn't hasn't haven't hadn't i'm you're we're they're i've you've we've
they've like longer""".split())  # ("no longer": its "longer" is no content)

# the show's own words: what every episode says of any change, and says of the listener
SHOW = frozenset("""
today day days yesterday tomorrow week morning show episode briefing daily welcome hello
goodbye bye thanks thank listener listeners story stories headline segment focus sign
change changes changed changing commit commits committed land lands landed landing
merge merges merged work works worked working update updates updated fix fixes fixed fixing
add adds added adding new now make makes made making get gets got take takes took taken
bring brings brought come comes came go goes went gone put puts use uses used using
also people person author authors contributor contributors team maintainers project's
matters matter important worth note notes mean means meaning need needs needed want wants
want look looks see sees say says said tell tells told know knows small big little large
quick short long good better best main branch repository repo master pull request requests
pr prs number part parts piece pieces side kind sort bit area areas rest others another
anyone users user developers developer reason reasons given release releases pick code case
concrete later alongside difference time times gap again line lines file files across
insertions deletions size earlier""".split()) | frozenset("""
let lets follow follows live lives behave behaves stay stays keep keeps move moves ship ships
run runs running call calls try tries program programs library libraries tool tools command
commands result results place public api bump bumps bumped upgrade upgrades""".split()) | frozenset("""
eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty
forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands million half
dozen""".split()) | frozenset("""
january february march april june july august september october november december monday
tuesday wednesday thursday friday saturday sunday""".split())
# a number or a date said in words is the token check's (.factlock)

# what records write short, said in full ("SecretStr": a secret string)
SHORT = {"str": "string", "char": "character", "int": "integer", "bool": "boolean",
         "err": "error", "msg": "message", "cfg": "config", "conf": "config",
         "dir": "directory", "impl": "implementation", "deps": "dependency",
         "env": "environment", "arg": "argument", "args": "argument", "param": "parameter",
         "params": "parameter", "fn": "function", "func": "function", "init": "initialize",
         "perf": "performance", "auth": "authentication", "repo": "repository",
         "docs": "documentation", "kv": "key", "async": "asynchronous", "ops": "operation",
         "op": "operation", "mem": "memory", "alloc": "allocation", "len": "length",
         "num": "number", "tmp": "temporary", "util": "utility", "utils": "utility",
         # what a developer knows a record's short name to be, said in full ("ufunc": a
         # universal function; "certifi": the certificate bundle): rounds 32-36's strong
         # drafts explained these and were sent back for it
         "ufunc": "universal function", "ufuncs": "universal function", "ci": "continuous "
         "integration automated", "zsh": "z shell", "bash": "shell", "gcc": "compiler",
         "clang": "compiler", "msvc": "compiler", "certifi": "certificate bundle trusted",
         "urllib3": "http url", "urllib": "url", "requests": "http", "dockerfile": "docker", "darwin":
         "macos", "win32": "windows", "posix": "unix", "dtype": "data type", "dtypes":
         "data type", "ndarray": "array",
         "mt19937": "mersenne twister generator", "f2py": "fortran wrapper generator",
         "pyc": "bytecode", "venv": "virtual environment", "gil": "global interpreter lock",
         "kib": "size", "mib": "size", "x86_64": "intel x86", "aarch64": "arm", "pypi": "package "
         "index", "repr": "representation", "stdlib": "standard library", "symlink":
         "symbolic link", "symlinks": "symbolic link", "cwd": "working directory",
         "dependabot": "automated", "renovate": "automated", "pre-commit": "hook",
         "rng": "random generator", "bitgen": "bit generator", "dist": "distribution",
         "vendored": "bundled copy", "vendoring": "bundled copy", "vendor": "bundled copy",
         "mypyc": "compiler compiled", "wheel": "package binary", "wheels": "package binary",
         "lockfile": "lock", "noqa": "lint", "lint": "linter style", "ruff": "linter"}

# a sentence that says one of these tells of the change, not of the world
TELLS_CHANGE = re.compile(
    r"\b(?:this|these|those|the (?:change|fix|commit|patch|update|pull request|release|revert|"
    r"work|series|stack)|now|today|new|newly|no longer|anymore|"
    r"add(?:s|ed)?|fix(?:es|ed)?|remov(?:e|es|ed)|chang(?:e|es|ed)|improv(?:e|es|ed)|"
    r"introduc(?:e|es|ed)|land(?:s|ed)?|revert(?:s|ed)?|renam(?:e|es|ed)|replac(?:e|es|ed)|"
    r"mak(?:e|es)|made|mov(?:e|es|ed)|switch(?:es|ed)?|speed(?:s)? up|sped up|drop(?:s|ped)?|"
    r"updat(?:e|es|ed)|bump(?:s|ed)?|support(?:s|ed)?|enabl(?:e|es|ed)|disabl(?:e|es|ed)|"
    r"refactor(?:s|ed)?|extend(?:s|ed)?|plan(?:s|ned)?|will|requires?|cut(?:s)?|"
    r"reduc(?:e|es|ed)|lower(?:s|ed)|prevent(?:s|ed)?|stop(?:s|ped)?|avoid(?:s|ed)?|"
    r"ensur(?:e|es|ed)|allow(?:s|ed)?|solv(?:e|es|ed)|resolv(?:e|es|ed)|clos(?:e|es|ed)|"
    r"boost(?:s|ed)?|box(?:es|ed)|restor(?:e|es|ed)|shows?|showed|broke|breaks?)\b", re.I)

# close synonyms: a claim may say one where its commits write another
SYNONYMS = [
    {"crash", "crashes", "segfault", "abort", "panic", "panics", "fault"},
    {"faster", "speed", "speedup", "quicker", "latency", "slow", "slower", "performance", "perf"},
    {"bug", "issue", "problem", "error", "errors", "failure", "fails", "failing", "broken",
     "break", "breaks", "wrong", "incorrect", "regression"},
    {"test", "tests", "testing", "coverage", "ci", "check", "checks"},
    {"doc", "docs", "documentation", "documented", "document", "readme", "guide", "comment",
     "comments", "docstring"},
    {"delete", "deleted", "remove", "removed", "drop", "dropped", "removal"},  # not "gone": "go"
    {"rename", "renamed", "renames", "name", "names"},  # not "called": "call"
    {"memory", "ram", "allocation", "allocations", "leak", "leaks"},
    {"build", "builds", "compile", "compiles", "compilation", "cmake", "bazel", "buck"},
    {"dependency", "dependencies", "deps", "requirement", "requirements", "package",
     "packages", "wheel", "wheels", "crate", "crates"},
    {"default", "opt", "optional"},  # "opt-in": off by default
    {"option", "options", "flag", "flags", "setting", "settings", "config", "configuration"},
    {"platform", "platforms", "os", "windows", "macos", "linux"},
    {"support", "supports", "supported", "handle", "handles", "handling"},
    {"cleanup", "clean", "cleans", "tidy", "tidies", "refactor", "refactors", "refactoring",
     "simplify", "simplifies"},
    {"folder", "folders", "directory", "directories", "dir", "dirs"},
    {"helper", "helpers", "utility", "utilities", "util", "utils"},
]
_SYNONYM_OF = {w: group for group in SYNONYMS for w in group}
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
# sweeping words a small model adds to any change ("fixes every hang", "for all users",
# "much faster", "fully safe"): said only where the commits say them too
SWEEPING = re.compile(r"\b(?:every(?:one|body|thing)?|all (?:users|programs|cases|platforms|"
                      r"crashes|bugs|hangs)|in every case|fully|completely|entirely|always|"
                      r"long[- ]standing|(?<!\bat )most|many users|significantly|dramatically|greatly|"
                      r"massively|much (?:faster|safer|smaller|better|simpler)|safer|robust|"
                      r"actively|noticeably|substantially|considerably|vastly|hugely)\b", re.I)
# a plan or a timeline ("the team plans to", "in the coming months"): only the commits can
# promise what comes next ("the next release" is where a fix ships: advice, not a promise)
FUTURE = re.compile(r"\b(?:plans? to|planned|expects? to|(?<!tests )(?<!test )expected to|"
                    r"intends? to|(?<!as )soon|"
                    r"eventually|in the future|roadmap|(?:next|coming) (?:few )?(?:months?|"
                    r"weeks?)|(?:next|coming) few releases|within the next|"
                    r"later this (?:week|month|year)|(?:added|brought) back later)\b", re.I)
_FUTURE_WORDS = re.compile(r"\b(?:plan|plans|planned|expect|expects|expected|intend|intends|"
                           r"soon|eventually|future|roadmap|follow-?up|later|next|todo)\b",
                           re.I)
_TIMELINE = re.compile(r"\b(?:next|coming|within|later|soon|eventually|future|back)\b")
# an effect claimed: the commits must name the same kind of effect
EFFECTS = [
    (re.compile(r"\b(?:faster|quicker|speeds? up|sped up|speedup|slower|performance)\b", re.I),
     re.compile(r"\b(?:fast|faster|speed|speedup|slow|slower|latency|throughput|perf|optimi[sz]\w*|"
                r"performance|benchmark|bench|[0-9.]+\s?[x×])", re.I)),
    (re.compile(r"\b(?:memory|footprint|ram)\b", re.I),
     re.compile(r"\b(?:memory|footprint|alloc\w*|ram|rss|heap|bytes|size)\b", re.I)),
    (re.compile(r"\b(?:cheaper|costs? less|less costly)\b", re.I),
     re.compile(r"\b(?:cheap\w*|cost\w*|sav(?:e|es|ed|ing|ings)|reduc\w+|fewer|less)\b",
                re.I)),
]


# what a file's kind says of a change, as its reader knows (a ".pyi" file is a type stub, a
# workflow is CI): the words a sentence may use of a commit whose files are of that kind
FILE_KINDS = [
    (re.compile(r"\.pyi\b"), "type typing stub stubs annotation annotations checker static"),
    (re.compile(r"\.(?:md|rst|mdx)\b|(?:^|/)docs?/", re.M), "documentation docs page pages"),
    (re.compile(r"\.github/workflows/|\.gitlab-ci|\.ci/"), "ci workflow workflows job jobs"),
    (re.compile(r"requirements[\w.-]*\.txt|Cargo\.(?:toml|lock)|pyproject\.toml|"
                r"package(?:-lock)?\.json|uv\.lock"), "dependency dependencies version versions"),
    (re.compile(r"(?:^|/)tests?/|_test\.\w+\b|\btest_\w+\.", re.M), "test tests"),
    # a command-line option the record names ("--version", "-c"): a flag, an option
    (re.compile(r"(?<![\w-])--?[a-z][\w-]*\b"), "flag flags option options switch"),
]


def implied_words(text: str) -> set[str]:
    """The words the kinds of the files named in ``text`` imply (:data:`FILE_KINDS`)."""
    return {w for kind, words in FILE_KINDS if kind.search(text) for w in words.split()}


@lru_cache(maxsize=65536)
def lemmas(word: str) -> frozenset[str]:
    """``word`` (lower case) and its lemmas as any part of speech (lemminflect)."""
    from lemminflect import getAllLemmas, getAllLemmasOOV

    out = {word}
    for found in (getAllLemmas(word), getAllLemmasOOV(word, "NOUN"),
                  getAllLemmasOOV(word, "VERB")):
        for forms in found.values():
            out.update(f.lower() for f in forms)
    return frozenset(out)


def content_words(text: str, people: set[str]) -> list[str]:
    """The words of ``text`` that carry its content: not function words, not the show's own,
    not a person of the day, lower case, hyphenated words in their parts."""
    out = []
    for raw in WORD.findall(text):
        if "-" in raw and len(raw) >= 5 and raw.lower() not in SHOW:
            # "RISC-V", "non-blocking": checked whole, then in parts
            out.append(re.sub(r"['’]s?$", "", raw.lower()))
            continue
        for part in re.split(r"[-’']", raw):
            w = part.lower()
            if len(w) < 3 or w in FUNCTION or w in SHOW or part in people or w in people:
                continue
            out.append(w)
    return out


def _spellings(word: str) -> set[str]:
    """"behaviour" → "behavior", "stabilise" → "stabilize": British forms as records in
    American English write them (and the other way)."""
    out = {word}
    for a, b in (("our", "or"), ("ise", "ize"), ("ised", "ized"), ("ising", "izing"),
                 ("isation", "ization"), ("yse", "yze")):
        if word.endswith(a):
            out.add(word[:-len(a)] + b)
        elif word.endswith(b):
            out.add(word[:-len(b)] + a)
    return out


# a verb made of an adjective ("broaden" of "broad", "widen"): "broader" says what it did
_EN_VERB = re.compile(r"^(broad|wid|short|loos|tight|length|strength|hard|soft|deep|fast|"
                      r"straight|sharp|flatt|light|weak|less)(?:en|ens|ened|ening)$")


def _supported(word: str, scope: Scope, own: bool = False) -> bool:
    if "-" in word:  # a compound: as the record writes it joined ("riscv64"), or each part
        parts = [p for p in word.split("-") if len(p) >= 3 and p not in FUNCTION | SHOW]
        joined = word.replace("-", "")  # "riscv64" for "RISC-V"
        return joined in scope.joined_pieces or \
            any(re.fullmatch(rf"{re.escape(joined)}\d+", p) for p in scope.joined_pieces) or \
            all(_supported(p, scope, own) for p in parts)
    forms = frozenset().union(*(lemmas(w) for w in _spellings(word)))
    if len(word) > 6:  # "confusing" of a record's "confusingly", and the other way
        forms = forms | ({word[:-2]} if word.endswith("ly") else {word + "ly"})
    known = scope.own_lemma_words if own else scope.lemma_words
    if forms & known:
        return True
    if any(_EN_VERB.match(k) and (k.startswith(f) or f.startswith(_EN_VERB.match(k).group(1)))
           for f in forms if len(f) >= 4 for k in known if k[:3] == f[:3]):
        return True  # "broader" of a record's "broaden"
    group = _SYNONYM_OF.get(word) or next((_SYNONYM_OF[f] for f in forms if f in _SYNONYM_OF),
                                          None)
    return group is not None and any(lemmas(g) & known for g in group)


_GENERIC = re.compile(r"\b(?:can|could|may|might|would|to|cannot|can't)\s+(?:\w+\s+)?$", re.I)
# events told in the past ("The crash came from a bug ...", "That error was caused by ..."): a
# claim about the day's change, not common knowledge, which is said in the present
NARRATES = re.compile(r"\b(?:was|were|had|came from|caused|led to|stemmed from|resulted in|"
                      r"turned out|used to)\b", re.I)
# advice to the listener ("If you use the pipeline API, re-check your data"): what the change
# asks of them, a claim about it
ADVISES = re.compile(r"\b(?:if you|you should|you need to|you must|make sure)\b", re.I)
# common knowledge said to explain a change opens on something in general ("A comparison that
# stops at the first differing character ...", "A KV cache keeps ..."), in the present, and
# points at nothing of the day
_GENERAL = re.compile(r"^(?:(?:On [\w-]+(?:-like)? systems|In general|Usually|Typically|"
                      r"Normally|Generally|In most (?:code|projects)),\s+)?"
                      r"(?:(?:A|An)\s+(?!new\b|newly\b|fix\b|change\b|commit\b|patch\b|"
                      r"follow-?up\b|revert\b|release\b)|"
                      # a gerund's subject: "Cutting a release branch lets a release settle"
                      r"(?!(?:Adding|Fixing|Making|Removing|Changing|Updating|Moving|"
                      r"Renaming|Bumping|Landing|Merging|Reverting|Starting|Coming|Turning|"
                      r"Wrapping|Closing|Rounding|Speaking|Talking|Nothing|Something|"
                      r"Everything|Anything|Thing|String|Bring|During|Morning|Evening|"
                      r"Spring)\b)[A-Z][a-z]+ing\s+(?:a|an|"
                      r"any|each|every)?\s*(?!the\b|your\b|its\b|their\b|this\b|these\b|"
                      r"those\b|that\b)[\w-]+\s)", re.I)
# a verb in the past ("A small cleanup changed how the lock is built"): an event of the day;
# a participle after "is", "its", "a" ("its registered waker is called") is not one
_PAST = re.compile(r"(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bbeen )(?<!\bits )(?<!\btheir )"
                   r"(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\byour )\b(?:[a-z]+ed|made|broke|came|"
                   r"went|took|brought|ran|found|gave|lost|sped|split)\b")
_POINTS = re.compile(r"\b(?:this|these|now|today|no longer|anymore|newly|the (?:change|fix|"
                     r"commit|patch|update|pull request|release|revert|series|stack))\b", re.I)
# a relation the sentence claims between what it tells and something more: a consequence or a
# cause ("..., so any batch size is supported", "..., which fixes the timers that never
# fired", "... because ..."): the clause after it is a claim of its own
RELATION = re.compile(r",?\s+(?:so that|so|which|because|since|caused by|came from|due to|"
                      r"causing|leading to|meaning|caused|led to|resulted in)\s+", re.I)
MAX_UNSUPPORTED_RELATION = 0.34  # of the related clause's content words


def general(text: str) -> bool:
    """Whether ``text`` is said of things in general, to explain a change ("A comparison that
    stops at the first differing character finishes later the more of a guess is right"): an
    indefinite subject, nothing of the day pointed at, nothing told in the past."""
    return bool(_GENERAL.match(text)) and not _POINTS.search(text) and \
        not NARRATES.search(text) and not _PAST.search(text)


def tells_change(text: str) -> bool:
    """Whether ``text`` tells of the change: a word that points at it, one that says what
    was done, or an event told in the past, but not as what something can or may do ("a
    comparison can stop at the first differing character": how things work, said to explain
    a change), nor a sentence said of things in general."""
    if general(text):
        return False
    if NARRATES.search(text) or ADVISES.search(text) or FUTURE.search(text):
        return True
    return any(not _GENERIC.search(text[:m.start()]) for m in TELLS_CHANGE.finditer(text))


# advice told to the listener: what they do is theirs to do, not a claim about the change
# ("If a script of yours checks that string, expect the new value": 'script', 'expect' are the
# listener's; round 36's strong draft lost three such lines)
ADVICE_VERBS = frozenset("""
expect check pick upgrade reread read avoid pin install try watch test look review rerun run
update switch migrate consider wait verify confirm audit search adjust replace revisit retest
rebuild recompile reinstall regenerate budget time measure compare drop remove skip plan give
""".split())
_YOURS = re.compile(r"\b(?:your|yours)\s+((?:[\w-]+\s+){0,2}[\w-]+)|"
                    r"\b(?:a|an|any|the)?\s*([\w-]+(?:\s+[\w-]+)?)\s+of (?:yours|your own)\b",
                    re.I)
_YOURS_STOP = re.compile(r"\s+(?:to|for|from|in|on|at|with|and|or|that|which|when|is|are|was|"
                         r"were|has|have|had|still|already|now|will|can|may|might)\b.*$", re.I)
_IMPERATIVE_START = re.compile(r"^(?:(?:first|second|third|finally|so|and|then|also|until "
                               r"then),?\s+)?([a-z]+)\b", re.I)


def advises(text: str) -> bool:
    """Whether ``text`` advises the listener ("If you …", "Expect …", "Pick up the fix …")."""
    if ADVISES.search(text) or re.search(r"\bif your\b|\bof (?:yours|your own)\b", text, re.I):
        return True
    m = _IMPERATIVE_START.match(text)
    return bool(m) and m.group(1).lower() in ADVICE_VERBS | {"pick", "give", "keep", "make"}


def listeners_words(text: str) -> set[str]:
    """The words of advice ``text`` that are the listener's own ("your build machine", "a
    script of yours") or the verbs of advice: supported by any change."""
    out = {"older", "newer", "latest"} | ADVICE_VERBS
    for m in _YOURS.finditer(text):
        phrase = _YOURS_STOP.sub("", m.group(1) or m.group(2) or "")
        out |= {w.lower() for w in re.findall(r"[\w-]+", phrase)}
    return out


def _missing(text: str, scope: Scope, people: set[str],
             own: bool = False) -> tuple[list[str], int]:
    words = content_words(text, people)
    distinct = list(dict.fromkeys(words))
    free = listeners_words(text) if advises(text) else set()
    return [w for w in distinct if w not in free and not _supported(w, scope, own)], \
        len(distinct)


def unsupported_relation(text: str, scope: Scope, people: set[str]) -> str:
    """The clause a sentence adds as a consequence or a cause of what it tells, when its
    commits do not say it: "..., which fixes the timers that never fired", "..., so any batch
    size is supported" (a small model's sentence is often a true clause and an invented one)."""
    for m in RELATION.finditer(text):
        # the related clause runs to the next one ("because X, and load time drops ...":
        # the cause is X)
        tail = re.split(r",\s+(?:and|but|while|so|which)\s+|;\s|:\s", text[m.end():],
                        maxsplit=1)[0]
        if re.match(r"(?:if you|you|your)\b", tail, re.I):
            continue  # advice ("so if you pin dependencies, add both"), checked as the sentence
        missing, distinct = _missing(tail, scope, people, own=True)
        # a cause is the commits' own or no one's: every content word of it in their text
        # and so is an effect it says the change had ("This caused frames to be dropped")
        cause = re.search(r"because|caus|came from|due to|led to|resulted", m.group(0), re.I)
        if missing and (cause or (len(missing) >= 2 or distinct <= 2) and
                        len(missing) > MAX_UNSUPPORTED_RELATION * distinct):
            shown = ", ".join(repr(w) for w in missing[:4])
            return (f"adds {m.group(0).strip(' ,')!r} and a claim its commits do not make "
                    f"({shown}{', …' if len(missing) > 4 else ''})")
    return ""


def _effect(text: str, own: str) -> str:
    for claim, evidence in EFFECTS:
        said = claim.search(text)
        if said and not evidence.search(own):
            return f"claims an effect ({said.group(0)!r}) its commits do not name"
    return ""


def unsupported_claim(text: str, scope: Scope, people: set[str]) -> str:
    """Why ``text``, a sentence telling the commits of ``scope``, makes a claim its commits'
    text does not support, or ""."""
    own = (scope.own_text or scope.text).lower()  # sweeps, plans, effects: the commits' words
    if general(text):
        # said of things in general: common knowledge, left to the prompt; but an effect is
        # the change's even said so ("A sliding window ..., which keeps long contexts
        # cheaper", of a reference that masks and does not evict: round 21's judges)
        return _effect(text, own)
    telling = tells_change(text)
    # a sweep is a claim about the day's things even where the sentence tells no change but an
    # event ("the File could get stuck and every later read or write failed too")
    sweep = SWEEPING.search(text)
    if sweep and (telling or NARRATES.search(text) or _PAST.search(text)) and \
            not re.search(rf"\b{re.escape(sweep.group(0).lower())}\b", own):
        return f"claims {sweep.group(0)!r}, which its commits do not say"
    if not telling:
        return ""  # how things work, said to explain a change: left to the prompt
    for plan in FUTURE.finditer(text):
        said = plan.group(0).lower()
        # a timeline ("within the next few releases") is the commits' own or no one's; a plan
        # ("expects to") needs a word of planning in them
        timeline = _TIMELINE.search(said)
        verb = re.match(r"(plan|expect|intend)", said)  # "expected to": the commits expect
        if (timeline and said not in own) or not _FUTURE_WORDS.search(own) or \
                (verb and verb.group(1) not in own):
            return f"promises what comes next ({plan.group(0)!r}), which its commits do not"
    if effect := _effect(text, own):
        return effect
    missing, distinct = _missing(text, scope, people)
    if not distinct:
        return ""
    if len(missing) >= MIN_UNSUPPORTED and len(missing) > MAX_UNSUPPORTED * distinct:
        shown = ", ".join(repr(w) for w in missing[:4])
        return (f"says what happened in words its commits do not use ({shown}"
                f"{', …' if len(missing) > 4 else ''})")
    return unsupported_relation(text, scope, people)
