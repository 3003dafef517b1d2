"""Turning a commit title ("Fix dispatch in view_as_complex") into what a person did
("fixed dispatch in view_as_complex"), and starting sentences without capitalising a handle."""

from __future__ import annotations

import re

_IRREGULAR = {
    "make": "made", "build": "built", "split": "split", "set": "set", "run": "ran",
    "reset": "reset", "upset": "upset", "offset": "offset",
    "write": "wrote", "read": "read", "keep": "kept", "teach": "taught", "bind": "bound",
    "put": "put", "cut": "cut", "cast": "cast", "shut": "shut", "let": "let", "get": "got", "take": "took",
    "give": "gave", "rewrite": "rewrote", "undo": "undid", "redo": "redid", "hold": "held",
    "feed": "fed", "lead": "led", "fall": "fell", "show": "showed", "drop": "dropped",
    "stop": "stopped", "skip": "skipped", "unskip": "unskipped", "pin": "pinned",
    "unpin": "unpinned", "ship": "shipped", "strip": "stripped", "swap": "swapped",
    "wrap": "wrapped", "unwrap": "unwrapped", "plan": "planned", "map": "mapped",
    "gate": "gated", "log": "logged", "tag": "tagged", "flag": "flagged", "prefer": "preferred",
    "refer": "referred", "emit": "emitted", "permit": "permitted", "submit": "submitted",
    "commit": "committed", "omit": "omitted", "admit": "admitted", "trim": "trimmed",
    "bump": "bumped", "plug": "plugged", "debug": "debugged", "shard": "sharded",
    "rerun": "reran", "reland": "relanded", "hide": "hid", "unhide": "unhid",
    "infer": "inferred", "defer": "deferred", "occur": "occurred", "transfer": "transferred",
    "control": "controlled", "compel": "compelled", "cancel": "canceled", "label": "labeled",
    "model": "modeled", "level": "leveled", "signal": "signaled", "travel": "traveled",
    "seek": "sought", "hang": "hung", "find": "found", "send": "sent", "spend": "spent",
    "lend": "lent", "bend": "bent", "leave": "left", "lose": "lost", "mean": "meant",
    "choose": "chose", "freeze": "froze", "unfreeze": "unfroze", "throw": "threw",
    "break": "broke", "speak": "spoke", "wake": "woke", "steal": "stole", "begin": "began",
    "overwrite": "overwrote", "override": "overrode", "rebuild": "rebuilt", "deal": "dealt",
    "draw": "drew", "redraw": "redrew", "withdraw": "withdrew", "grow": "grew", "bring": "brought",
    "tell": "told", "sell": "sold", "catch": "caught", "think": "thought", "forbid": "forbade",
}
_VERBS = {
    "accelerate", "accept", "account", "add", "address", "adjust", "adopt", "align", "allocate", "allow",
    "annotate", "apply", "assign", "avoid", "batch", "bind", "bring", "build", "bump", "bypass", "cache",
    "call", "cap", "capture", "change", "check", "clarify", "clean", "collapse", "compute", "configure",
    "consider", "consolidate", "convert", "copy", "correct", "create", "decode", "decompose", "dedupe",
    "deduplicate", "defer", "define", "delay", "delete", "demote", "deploy", "deprecate", "detect",
    "disable", "document", "dogfood", "downgrade", "drop", "edit", "emit", "enable", "encode", "enforce",
    "ensure", "escape", "exclude", "expand", "export", "expose", "extend", "extract", "fetch", "filter",
    "fix", "flatten", "fold", "forward", "free", "fuse", "gate", "generalize", "generate", "give",
    "guard", "handle", "harden", "hide", "hoist", "ignore", "implement", "improve", "include",
    "increase", "infer", "inline", "install", "introduce", "isolate", "keep", "let", "lift", "limit",
    "lint", "load", "lock", "log", "lower", "make", "map", "mark", "mention", "merge", "migrate",
    "mirror", "move", "narrow", "normalize", "omit", "optimize", "outline", "override", "parallelize",
    "parse", "pass", "patch", "pin", "plan", "plumb", "polish", "port", "prefer", "prepare", "preserve",
    "prevent", "print", "profile", "promote", "propagate", "prune", "publish", "quote", "raise",
    "re-enable", "read", "recognize", "record", "recover", "reduce", "reenable", "refactor", "refer",
    "refine", "regenerate", "register", "reimplement", "reinstate", "reintroduce", "reject", "reland",
    "relax", "release", "relocate", "remove", "rename", "reorder", "repair", "replace", "report",
    "require", "rerun", "reset", "resolve", "respect", "restore", "restrict", "resurrect", "retain",
    "retry", "return", "reuse", "revert", "revise", "revive", "rework", "rewrite", "route", "run",
    "sanitize", "save", "schedule", "serialize", "set", "shard", "share", "shorten", "show", "silence",
    "simplify", "skip", "sort", "specialize", "speed", "speedup", "split", "stabilize", "standardize",
    "start", "stop", "store", "strip", "support", "suppress", "swap", "switch", "sync", "take", "teach",
    "test", "tidy", "tighten", "trace", "track", "treat", "trim", "tune", "unblock", "undo", "unhide",
    "unify", "unlock", "unpin", "unquote", "unskip", "unwrap", "update", "upgrade", "upstream", "use",
    "validate", "vectorize", "wait", "warn", "widen", "wire", "wrap", "write",
}
_VERBS |= {"benchmark",
           "assume", "begin", "block", "break", "cancel", "choose", "control", "crash", "defer",
           "emulate", "error", "fail", "find", "freeze", "hang", "hide", "hyperlink", "infer", "label",
           "lazify", "leak", "leave", "manage", "model", "note", "override", "overwrite", "panic",
           "prepare", "rebuild", "seek", "send", "signal", "surface", "throw", "transfer", "trigger",
           "unhide", "decouple", "couple", "render", "display", "rearrange", "reword", "rephrase",
           "reformat", "dedup", "collect", "select", "compile", "declare", "detach", "attach", "embed",
           "clarify", "inherit", "invert", "rebase", "reject", "pull", "cast", "activate", "deactivate",
           "point",
}
_BRING = {"bring": "brought", "speedup": "sped up", "speed": "sped"}


def _known(w: str) -> bool:
    from ..draft import VERBS

    return w in _VERBS or w in VERBS


def _base(word: str) -> str:
    w = word.lower().rstrip(":,")
    # an -s form first: the verb lists hold some ("adds", "fixes"), and "fixes" is "fix"
    if w.endswith("ies") and _known(w[:-3] + "y"):
        return w[:-3] + "y"
    for cut in ("es", "s"):
        if w.endswith(cut) and not w.endswith("ss") and _known(w[: -len(cut)]):
            return w[: -len(cut)]
    if _known(w):
        return w
    if re.fullmatch(r"[a-z]{3,}(?:ize|ise|ify)", w):  # "tokenize", "stringify": verbs by their form
        return w
    return ""


def _past_base(word: str) -> str:
    """"Deleted" → "delete", "Added" → "add", "Dropped" → "drop": a title that says what it
    did in the past tense (the verb's own past, so "landed deleted X" is never said)."""
    w = word.lower().rstrip(":,")
    if not w.endswith("ed") or len(w) < 5:
        return ""
    for base in (w[:-1], w[:-2], w[:-3], w[:-3] + "y"):
        if _known(base) and past(base) == w:
            return base
    return ""


def past(verb: str) -> str:
    if verb in _BRING:
        return _BRING[verb]
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied"
    if _doubles(verb):
        return verb + verb[-1] + "ed"
    return verb + "ed"


_DOUBLED = re.compile(r"^[^aeiou]*[aeiou][bdglmnprt]$")  # one short vowel, then a consonant


def _doubles(verb: str) -> bool:
    """split → splitting, drop → dropping; emit → emitting (as its past tense shows)."""
    if verb in _IRREGULAR and _IRREGULAR[verb].endswith(("pped", "tted", "gged", "mmed", "rred",
                                                          "nned", "dded", "lled")):
        return True
    return bool(_DOUBLED.match(verb))


def gerund(verb: str) -> str:
    if verb in ("speedup", "speed"):
        return "speeding"
    if _doubles(verb):
        return verb + verb[-1] + "ing"
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")) and verb != "be":
        return verb[:-1] + "ing"
    return verb + "ing"


def split_verb(title: str, guess: bool = False) -> tuple[str, str]:
    """("fix", "dispatch in view_as_complex") when the title starts with a verb, else ("", title).
    An adverb before the verb stays with the rest: "Lazily infer X" → ("infer", "X"), said
    "lazily inferred X" by :func:`did`. With ``guess`` (a commit title), an unknown capitalised
    first word before lowercase words is taken for the imperative verb most titles start with
    ("Integrate DeepGEMM FP8 blockwise MoE backend")."""
    title = " ".join(title.split()).rstrip(".")
    first, _, rest = title.partition(" ")
    second, _, after = rest.partition(" ")
    if _is_adverb(first) and _base(second) and after:
        return _base(second), after
    base = _base(first) or _past_base(first) or (_guessed_verb(first, rest) if guess else "")
    # "copy improved shape-typing": copy is a name; "remove disabled X": remove is no noun
    if base and rest and _participle(second) and base not in _SECOND_VERBS:
        return "", title
    if base and rest:
        if base == "speed" and rest.lower().startswith("up "):
            return "speedup", rest[3:]
        return base, rest
    return "", title


# first words of titles that are not verbs: adjectives, determiners, nouns, and proper nouns
_NOT_VERBS = {"more", "less", "new", "better", "some", "initial", "minor", "major", "basic", "first",
              "consistent", "proper", "various", "misc", "extra", "partial", "full", "native", "custom",
              "generic", "default", "experimental", "optional", "unused", "dead", "stale", "simple",
              "small", "large", "several", "many", "most", "other", "another", "nicer", "cleaner",
              "clearer", "support", "cleanup", "typo", "readme", "docs", "nightly", "python", "rust",
              "android", "linux", "pyodide", "cuda", "triton", "numpy", "pytorch", "cargo", "mypy",
              "emscripten", "wasm", "apple", "intel", "arm", "meson", "cython", "github", "windows",
              "this", "that", "these", "those", "then", "when", "while", "after", "before", "only",
              "also", "with", "without", "from", "into", "over", "under", "each", "every", "both",
              "again", "towards", "toward", "about", "against", "because", "since", "until", "upon"}
_NOT_VERB_ENDINGS = ("s", "ed", "ing", "ly", "tion", "sion", "ment", "ness", "ity", "al", "ic", "ous",
                     "ive", "ful", "able", "ible", "er", "or", "ist", "ism", "age", "ship", "est")


def _guessed_verb(word: str, rest: str) -> str:
    """"Integrate", "Diagnose", "Index" first in a title whose other words are mostly lowercase:
    the imperative most commit titles start with, though no list knows it. Not a word whose form
    says noun or adjective ("Encoding", "Consistent", "Parser"), nor a known non-verb."""
    w = word.lower()
    if not re.fullmatch(r"[A-Z][a-z]{3,}", word) or w in _NOT_VERBS or w.endswith(_NOT_VERB_ENDINGS):
        return ""
    if re.search(r"[bcdfgjklmnpqrstvxz]{3}$", w):  # "Flydsl": a name, no English verb ends so
        return ""
    words = [x for x in rest.split() if x.isalpha()]
    if not words or not any(x.islower() for x in words) or rest.split()[0].lower() == "of":
        return ""
    return w


_AND_VERB = re.compile(r"\b(and|then) ([a-z]+)\b")
# verbs that are not also common nouns, so "and drop them" is a second action but "and cache
# behaviour" is not
_SECOND_VERBS = {"add", "drop", "remove", "delete", "fix", "move", "rename", "make", "use", "skip",
                 "enable", "disable", "avoid", "keep", "expose", "register", "replace", "simplify",
                 "deprecate", "document", "ensure", "allow", "split", "adopt", "align", "introduce",
                 "migrate", "refactor", "reuse", "unify", "validate", "improve", "prevent", "extend"}


def _and_verbs(rest: str, tense) -> str:
    """"X and drop them" → "X and dropping them" (a second verb joined by "and" follows the
    first one's tense)."""
    def one(m: re.Match[str]) -> str:
        word = m.group(2)
        return f"{m.group(1)} {tense(word)}" if word in _SECOND_VERBS else m.group(0)
    return _AND_VERB.sub(one, rest)


_DONT = re.compile(r"^(?:don't|do not|never)\s+(\S+)\s+(.*)$", re.I)


def _negated(title: str) -> tuple[str, str] | None:
    """"Don't assume X" → ("assume", "X")."""
    match = _DONT.match(" ".join(title.split()))
    if match and _base(match.group(1)):
        return _base(match.group(1)), match.group(2)
    return None


def _adverb(title: str) -> str:
    first, _, rest = " ".join(title.split()).partition(" ")
    second = rest.split(" ", 1)[0]
    return first.lower() + " " if _is_adverb(first) and _base(second) else ""


def _participle(word: str) -> bool:
    """"improved", "fixed": a changelog's past form after a name ("np.copy improved
    shape-typing": the word before it is its subject). Not an adjective before its noun
    ("add limited API support", "accept documented inputs", "avoid uninitialized memory")."""
    return word.lower() in _CHANGELOG_PARTICIPLES


_CHANGELOG_PARTICIPLES = {"improved", "fixed", "updated", "added", "removed", "deprecated",
                          "changed", "reworked", "simplified", "refactored", "optimized", "renamed",
                          "restored", "corrected", "extended", "enabled", "disabled", "supported"}


def _is_adverb(word: str) -> bool:
    """"Lazily", "Only", "Always" — not a verb that happens to end in -ly ("Apply")."""
    w = word.lower()
    return (w.endswith("ly") and len(w) >= 4 or w in ("always", "never", "also")) and not _base(w)


# a noun that takes an article when it heads the object ("removed an orphaned MX dispatch module")
_COUNTABLE = {"module", "helper", "test", "function", "method", "file", "panel", "note", "check",
              "option", "flag", "field", "class", "type", "warning", "error", "kernel", "backend",
              "path", "rule", "command", "step", "script", "workflow", "job", "argument", "parameter",
              "variable", "constant", "attribute", "property", "wrapper", "decorator", "hook",
              "utility", "primitive", "export", "import", "dependency", "package", "crate", "feature",
              "setting", "message", "comment", "section", "page", "link", "example", "benchmark",
              "operator", "op", "pass", "buffer", "cache", "map", "table", "list", "entry", "guard",
              "branch", "loop", "label", "button", "view", "layer", "tensor", "struct", "enum",
              "trait", "macro", "lint", "diagnostic", "fixture", "case", "subclass", "alias"}
_CREATES = {"add", "remove", "delete", "drop", "introduce", "create", "deprecate", "implement"}
_PREPOSITIONS = {"from", "in", "to", "for", "on", "of", "with", "by", "at", "into", "when", "via",
                 "and", "or", "under", "after", "before", "if", "as", "so", "that"}
_VOWEL_LETTERS = set("AEFHILMNORSX")  # "an MX module", "an RFC", "an FP8 kernel"


def _article(verb: str, rest: str) -> str:
    """"orphaned MX dispatch module in X" after "remove" → "an orphaned MX dispatch module in X";
    after other verbs "the" ("decoupled the applicability note from Diff"). Only when the object
    is two or more plain words that end in a countable noun in the singular."""
    words = rest.split()
    phrase: list[str] = []
    for w in words:
        if w.lower() in _PREPOSITIONS:
            break
        phrase.append(w)
    if verb == "make" and len(phrase) >= 3 and re.search(r"(?:able|ible|ive|ful|less)$", phrase[-1]):
        phrase = phrase[:-1]  # "make run panel scrollable": the object is "run panel"
    if len(phrase) < 2 or phrase[-1].lower() not in _COUNTABLE:
        return rest
    first = phrase[0]
    if not first.isalpha() or first.lower() in _NO_ARTICLE or not first[:1].islower() and \
            not first.isupper():
        return rest
    if verb not in _CREATES:
        return f"the {rest}"
    vowel = first[:1] in "aeiou" if first[:1].islower() else first[:1] in _VOWEL_LETTERS
    return f"{'an' if vowel else 'a'} {rest}"


_NO_ARTICLE = {"the", "a", "an", "its", "their", "this", "that", "these", "those", "all", "any",
               "each", "every", "some", "more", "several", "many", "most", "one", "two", "three",
               "no", "both", "our", "his", "her", "support", "new"}


def did(title: str) -> str:
    """"Fix dispatch in X" → "fixed dispatch in X"; "Don't assume X" → "stopped assuming X";
    a title without a verb → "landed X"."""
    negated = _negated(title)
    if negated:
        return f"stopped {gerund(negated[0])} {negated[1]}"
    verb, rest = split_verb(title, guess=True)
    if verb:
        return f"{_adverb(title)}{past(verb)} {_and_verbs(_article(verb, rest), past)}"
    return f"landed {_noun(title)}"


def third_person_verb(word: str) -> bool:
    """"Renames", "Unblocks", "Fixes": a known verb in its -s form, capitalised."""
    if not word[:1].isupper() or not word.isalpha() or not word.endswith("s"):
        return False
    w = word.lower()
    return _base(w) != "" and _base(w) != w


def is_action(title: str) -> bool:
    """Whether the title starts with a verb (so "they also …" can follow)."""
    return bool(split_verb(title, guess=True)[0])


def doing(title: str) -> str:
    """"Fix dispatch in X" → "fixing dispatch in X"; without a verb → "X"."""
    negated = _negated(title)
    if negated:
        return f"no longer {gerund(negated[0])} {negated[1]}"
    verb, rest = split_verb(title, guess=True)
    if verb:
        word = "speeding up" if verb == "speedup" else gerund(verb)
        return f"{_adverb(title)}{word} {_and_verbs(_article(verb, rest), gerund)}"
    return _noun(title)


def _noun(title: str) -> str:
    title = " ".join(title.split()).rstrip(".")
    if not title:
        return "an untitled change"
    first, _, rest = title.partition(" ")
    if _lowered_start(first) and any(x.isalpha() and x.islower() for x in rest.split()):
        return f"{first.lower()} {rest}".strip()  # "More consistent encoding" → "more consistent …"
    return title


def _lowered_start(word: str) -> bool:
    """A title's first word that is a plain word in mid-sentence ("More", "New-style", "Improved"),
    not an acronym, a CamelCase name or a proper noun."""
    if not re.fullmatch(r"[A-Z][a-z]+(?:-[a-z]+)*", word):
        return False
    w = word.lower()
    head = w.split("-", 1)[0]
    known_proper = {"python", "rust", "android", "linux", "pyodide", "cuda", "triton", "numpy",
                    "pytorch", "cargo", "mypy", "emscripten", "apple", "intel", "meson", "cython",
                    "github", "windows"}
    if head in known_proper:
        return False
    return "-" in w or head in _NOT_VERBS or head.endswith(("ed", "ing")) or bool(_base(head))


def is_handle(name: str) -> bool:
    """A lowercase login or display name that must not be capitalised at a sentence start."""
    return bool(name) and name[:1].islower()


def starting_with(who: str, rest: str, fallback: str) -> str:
    """"{who} {rest}" when ``who`` may open a sentence, else ``fallback`` (which names them
    further in)."""
    return fallback if is_handle(who) else f"{who} {rest}"
