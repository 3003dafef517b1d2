"""Turning a commit title ("Fix dispatch in view_as_complex") into what a person did
("fixed dispatch in view_as_complex"), and starting sentences without capitalising a handle."""

from __future__ import annotations

_IRREGULAR = {
    "make": "made", "build": "built", "split": "split", "set": "set", "run": "ran",
    "write": "wrote", "read": "read", "keep": "kept", "teach": "taught", "bind": "bound",
    "put": "put", "cut": "cut", "shut": "shut", "let": "let", "get": "got", "take": "took",
    "give": "gave", "rewrite": "rewrote", "undo": "undid", "redo": "redid", "hold": "held",
    "feed": "fed", "lead": "led", "fall": "fell", "show": "showed", "drop": "dropped",
    "stop": "stopped", "skip": "skipped", "unskip": "unskipped", "pin": "pinned",
    "unpin": "unpinned", "ship": "shipped", "strip": "stripped", "swap": "swapped",
    "wrap": "wrapped", "unwrap": "unwrapped", "plan": "planned", "map": "mapped",
    "gate": "gated", "log": "logged", "tag": "tagged", "flag": "flagged", "prefer": "preferred",
    "refer": "referred", "emit": "emitted", "permit": "permitted", "submit": "submitted",
    "commit": "committed", "omit": "omitted", "admit": "admitted", "trim": "trimmed",
    "bump": "bumped", "plug": "plugged", "debug": "debugged", "shard": "sharded",
    "rerun": "reran", "reland": "relanded",
}
_VERBS = {
    "add", "fix", "remove", "refactor", "support", "enable", "disable", "implement", "introduce",
    "update", "use", "move", "make", "improve", "speed", "optimize", "reuse", "align", "expand",
    "allow", "avoid", "handle", "skip", "unskip", "bump", "rename", "delete", "clean", "port",
    "migrate", "replace", "switch", "drop", "deprecate", "extend", "generalize", "unify",
    "split", "set", "change", "upgrade", "register", "expose", "guard", "prevent", "reduce",
    "increase", "lower", "raise", "teach", "mark", "pin", "unpin", "document", "simplify",
    "consolidate", "cache", "check", "validate", "restore", "preserve", "propagate", "return",
    "run", "test", "wire", "plumb", "lift", "shard", "tune", "decompose", "inline", "patch",
    "share", "batch", "bind", "build", "call", "capture", "clarify", "convert", "copy",
    "create", "define", "detect", "emit", "ensure", "fuse", "gate", "generate", "hoist",
    "ignore", "include", "infer", "keep", "limit", "load", "log", "map", "merge", "annotate",
    "override", "parallelize", "parse", "pass", "print", "profile", "read", "record", "refine",
    "relax", "release", "reorder", "repair", "report", "require", "reset", "resolve",
    "respect", "retry", "route", "save", "schedule", "serialize", "show", "silence", "sort",
    "specialize", "stop", "store", "strip", "swap", "sync", "track", "trace", "unblock",
    "upstream", "vectorize", "warn", "write", "rewrite", "correct", "accept", "reject",
    "apply", "allocate", "adjust", "address", "adopt", "bypass", "cap", "collapse", "compute",
    "configure", "deduplicate", "defer", "dedupe", "exclude", "flatten",
    "forward", "free", "harden", "lint", "lock", "mention", "mirror", "normalize",
    "omit", "prefer", "prepare", "promote", "prune", "publish", "recognize", "reland",
    "rework", "revert", "revise", "rerun", "shorten", "stabilize", "standardize", "suppress",
    "tighten", "trim", "widen", "wrap", "unwrap", "treat", "undo", "extract",
    "consider", "speedup", "regenerate", "fold", "narrow",
    "relocate", "reimplement", "re-enable", "reenable", "bring", "give", "let", "take",
    "dogfood", "isolate", "export", "install", "unlock", "fetch", "enforce", "accelerate", "start", "restrict", "recover", "retain",
    "account", "sanitize", "escape", "quote", "unquote", "filter", "delay", "revive", "resurrect", "reinstate", "reintroduce", "downgrade", "wait",
    "assign", "demote", "outline", "encode",
    "decode", "hide", "unhide", "deploy", "tidy", "polish",
}
_BRING = {"bring": "brought", "speedup": "sped up", "speed": "sped"}


def _base(word: str) -> str:
    w = word.lower().rstrip(":,")
    if w in _VERBS:
        return w
    for cut in ("es", "s"):
        if w.endswith(cut) and w[: -len(cut)] in _VERBS:
            return w[: -len(cut)]
    if w.endswith("ies") and w[:-3] + "y" in _VERBS:
        return w[:-3] + "y"
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
    return verb + "ed"


def gerund(verb: str) -> str:
    if verb in ("speedup", "speed"):
        return "speeding"
    if verb in _IRREGULAR and _IRREGULAR[verb].endswith(("pped", "tted", "gged", "mmed", "rred")):
        return verb + verb[-1] + "ing"
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")) and verb != "be":
        return verb[:-1] + "ing"
    return verb + "ing"


def split_verb(title: str) -> tuple[str, str]:
    """("fix", "dispatch in view_as_complex") when the title starts with a verb, else ("", title)."""
    title = " ".join(title.split()).rstrip(".")
    first, _, rest = title.partition(" ")
    base = _base(first)
    if base and rest:
        if base == "speed" and rest.lower().startswith("up "):
            return "speedup", rest[3:]
        return base, rest
    return "", title


def did(title: str) -> str:
    """"Fix dispatch in X" → "fixed dispatch in X"; a title without a verb → "landed X"."""
    verb, rest = split_verb(title)
    if verb:
        return f"{past(verb)} {rest}"
    return f"landed {_noun(title)}"


def doing(title: str) -> str:
    """"Fix dispatch in X" → "fixing dispatch in X"; without a verb → "X"."""
    verb, rest = split_verb(title)
    if verb:
        word = "speeding up" if verb == "speedup" else gerund(verb)
        return f"{word} {rest}"
    return _noun(title)


def _noun(title: str) -> str:
    title = " ".join(title.split()).rstrip(".")
    return f"a change titled {title}" if title else "an untitled change"


def is_handle(name: str) -> bool:
    """A lowercase login or display name that must not be capitalised at a sentence start."""
    return bool(name) and name[:1].islower()


def starting_with(who: str, rest: str, fallback: str) -> str:
    """"{who} {rest}" when ``who`` may open a sentence, else ``fallback`` (which names them
    further in)."""
    return fallback if is_handle(who) else f"{who} {rest}"
