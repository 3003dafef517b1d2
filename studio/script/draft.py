"""Words the writer and the body reader share: the verbs a commit title starts with."""

from __future__ import annotations

VERBS = {
    "add", "adds", "fix", "fixes", "remove", "removes", "refactor", "support", "enable",
    "disable", "implement", "introduce", "update", "use", "move", "make", "improve", "speed",
    "optimize", "reuse", "align", "expand", "allow", "avoid", "handle", "skip", "unskip",
    "bump", "rename", "delete", "clean", "port", "migrate", "replace", "switch", "drop",
    "deprecate", "extend", "generalize", "unify", "split", "set", "change", "upgrade",
    "register", "expose", "guard", "prevent", "reduce", "increase", "lower", "raise", "teach",
    "mark", "pin", "unpin", "document", "simplify", "consolidate", "cache", "check",
    "validate", "restore", "preserve", "propagate", "return", "run", "test", "wire", "plumb",
    "lift", "shard", "tune", "re-enable", "reenable", "decompose", "inline", "patch",
    "share", "batch", "bind", "build", "call", "capture", "clarify",
    "convert", "copy", "create", "define", "detect", "emit", "ensure", "fall", "fuse", "gate",
    "generate", "hoist", "ignore", "include", "infer", "keep", "limit", "load", "log", "map",
    "merge", "annotate", "override", "parallelize", "parse", "pass", "print", "profile",
    "read", "record", "refine", "relax", "release", "reorder", "repair", "report",
    "require", "reset", "resolve", "respect", "retry", "route", "save", "schedule",
    "serialize", "show", "silence", "sort", "specialize", "stop", "store", "strip", "swap",
    "sync", "track", "trace", "unblock", "upstream", "vectorize", "warn", "write",
}
