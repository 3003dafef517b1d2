"""Text a host can read aloud: commit titles as spoken phrases, names as people say them.

Pure functions. Identifiers (``view_as_complex``, ``FPRoundingMode``) are left whole for the
lexicon; what goes is markup a listener cannot hear: backticks, ``(#4466)``, ``[ty]`` tags,
``docs(scope):`` and ``MAINT:`` prefixes, links, file paths, arrows and comparison signs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..digest.messages import split_tags, strip_pr_suffix
from .dot_folders import DOT_FOLDERS, say_dot_folder
from .draft import VERBS

# ---- titles and free text -------------------------------------------------------------

_CONVENTIONAL = re.compile(
    r"^\s*(?:feat|feature|fix|bugfix|hotfix|docs?|chore|refactor|perf|tests?|build|ci|style|"
    r"deps|release|security|types?|typing)(?:\([^)]{0,40}\))?!?:\s+",
    re.I,
)
# numpy-style "MAINT:", "BUG:", "TYP/DOC:", "MAINT, DEV:"
_CAPS_AREA = re.compile(r"^\s*[A-Z]{2,8}(?:\s*[,/+&]\s*[A-Z]{2,8})*:\s+")
# "inductor: ...", "ruff_server: ...", "area/sub: ..." (one lowercase word before a colon)
_AREA = re.compile(r"^\s*[a-z][a-z0-9_.\-/]{1,30}(?:\([^)]{0,40}\))?:\s+(?=\S)")
_SERIES = re.compile(r"[\[(]\s*\d+\s*/\s*(?:\d+|[nN])\s*[\])]\s*")
_TRAILING_TAG = re.compile(r"\s*\[(?:ghstack-poisoned|wip|draft|skip ci|ci skip)\]\s*$", re.I)
_PR_REF = re.compile(r"\s*\((?:#|gh-|GH-)\d+\)|\s*\((?:[\w.-]+/[\w.-]+)?#\d+\)")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)")
_MD_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_URL = re.compile(r"<?\bhttps?://[^\s)>\]]+>?")
_BACKTICKS = re.compile(r"`+([^`]*)`+")
_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|\*|~~)(?=[^\s*])(.+?)(?<=[^\s*])\1(?![\w*])")
_FILE_EXT = (
    "py|pyi|pyx|rs|c|cc|cpp|cu|cuh|h|hpp|js|ts|tsx|jsx|go|java|kt|rb|md|rst|txt|toml|yaml|yml|"
    "json|cfg|ini|sh|bat|ps1|cmake|mk|in|lock|proto|html|css|ipynb"
)
_PATH = re.compile(
    rf"(?<![\w@./-])(?:/|~/)?(?:\.?[\w.-]+/)+(?:[\w.-]*[\w-])?(?::\d+(?:-\d+)?)?(?![\w/])"
    rf"|(?<![\w@./-])[\w.-]+\.(?:{_FILE_EXT})(?::\d+(?:-\d+)?)?(?![\w/])"
)
_SPECIAL_FILES = {
    "readme": "the README", "changelog": "the changelog", "codeowners": "the code owners file",
    "contributing": "the contributing guide", "license": "the license", "dockerfile": "the Dockerfile",
    "makefile": "the Makefile", "pyproject": "the project metadata", "cargo": "the Cargo manifest",
    "package": "the package manifest", "setup": "the setup script", "claude": "the agent notes",
    "agents": "the agent notes",
}
_OPERATORS = [
    (re.compile(r"\s*(?:->|=>|→)\s*"), " to "),
    (re.compile(r"\s*==\s*"), " equals "),
    (re.compile(r"\s*!=\s*"), " is not "),
    (re.compile(r"\s*(?:>=|≥)\s*"), " at least "),
    (re.compile(r"\s*(?:<=|≤)\s*"), " at most "),
    # "3.1-3.25x faster", "71-86%": a range, "3.1 to 3.25" (heard as a minus, or a date)
    (re.compile(r"(?<![\w.-])(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)(?=\s*(?:%|[x×](?![\w])|"
                r"percent\b|times\b|ms\b|s\b|seconds\b|minutes\b|hours\b|[KMGT]i?B\b))"),
     r"\1 to \2"),
    # "a 16x16 block", "1920x1080": dimensions, "16 by 16" (hex "0x1F" starts with 0)
    (re.compile(r"(?<![\w.])([1-9]\d*)[x×](\d+)((?:[x×]\d+)*)(?![\w.])"),
     lambda m: " by ".join([m.group(1), m.group(2)] + re.findall(r"\d+", m.group(3)))),
    # "2x faster", "1.5×": a number on its own, not a name ending in digits and x ("s390x")
    (re.compile(r"(?<![A-Za-z_\d])(\d+(?:\.\d+)?)\s*[x×](?=[\s,.;:)]|$)"), r"\1 times"),
    (re.compile(r"(?<![\w])~\s*(?=\d)"), "about "),
    (re.compile(r"\b([Aa]) about (?=\d)"), r"\1 roughly "),  # "a ~1 GB asset": "a roughly ..."
    (re.compile(r"(?<=\d)\s*%"), " percent"),
    (re.compile(r"\s+&\s+"), " and "),
    (re.compile(r"(?<=\d)\*\*(?=\d)"), " to the power of "),
    (re.compile(r"(?<=\w)\*(?=\w)"), " times "),
    (re.compile(r"(?<![\w*])\*{1,2}(?=[A-Za-z_])"), ""),  # *args, **kwargs
    (re.compile(r"\s*(?:~{2,}|`{3,}|={3,}|-{3,}|#{2,})\s*"), " "),  # fence and rule marks
    (re.compile(r"(?<=\S)\*+(?=[\s.,;:]|$)|(?<=\s)\*+(?=\s)"), ""),  # stray emphasis marks
    (re.compile(r"(?<=\d)\s*(?:us|µs)\b"), " microseconds"),
    (re.compile(r"(?<=\d)\s*ms\b"), " milliseconds"),
    (re.compile(r"(?<=\d)\s*ns\b"), " nanoseconds"),
    (re.compile(r"(?<=\d)\s*([KMGT])B/s\b"), lambda m: f" {_BYTES[m.group(1)]} per second"),
    (re.compile(r"(?<![\w.])(1)\s*([KMGT])i?B\b"), lambda m: f"1 {_BYTES[m.group(2)][:-1]}"),
    (re.compile(r"(?<=\d)\s*([KMGT])i?B\b"), lambda m: f" {_BYTES[m.group(1)]}"),
    (re.compile(r"(?<=\d)\s*dB\b"), " decibels"),
]
_BYTES = {"K": "kilobytes", "M": "megabytes", "G": "gigabytes", "T": "terabytes"}
_CALL = re.compile(r"\b([A-Za-z_][\w.]*)\((?:\.\.\.|…)?\)")
_ASSIGN = re.compile(r"\b([A-Z][A-Z0-9_]{2,})=([\w.-]+)")
# "(e.g., float over int | float)": an aside of examples the ear cannot follow (also when cut)
_ASIDE = re.compile(r"\s*\((?:e\.\s?g\.?|i\.\s?e\.?|eg\b|ie\b|for example|for instance)[^()]*(?:\)|$)",
                    re.I)
_BARE_KEYWORD = re.compile(r"\s*\([^()]*\w=\s*\)")  # "(when axis=)": a keyword without its value
_BRACES = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)?\{\s*(\w+(?:\s*,\s*\w+)+)\s*\}(\w*)")
_UNION = re.compile(r"(?<=[\w\]])\s+\|\s+(?=\w)|(?<=[\w\]])\|(?=\w)")


def _say_braces(match: re.Match[str]) -> str:
    """``ndarray.arg{min, max}`` → "ndarray.argmin and ndarray.argmax"."""
    head, tail = match.group(1) or "", match.group(3)
    names = [f"{head}{item.strip()}{tail}" for item in match.group(2).split(",")]
    return ", ".join(names[:-1]) + f" and {names[-1]}"


_TOP_DIRS = {
    "src", "lib", "crates", "docs", "doc", "test", "tests", "testing", "scripts", "tools", "benchmarks",
    "bench", "examples", "python", "packages", "pkg", "cmd", "internal", "include", "aten", "torch",
    "torchao", "numpy", "third_party", "vendor", "build", "ci", "config", "resources", "app", "apps",
}


def _is_path(token: str) -> bool:
    """``a/b/c.py``, ``docs/``, ``.github/x/y`` are paths; ``and/or``, ``fwd/bwd``,
    ``owner/repo`` and ``PyArray_malloc/realloc/free`` are not."""
    bare = re.sub(r":\d+(?:-\d+)?$", "", token)
    parts = bare.strip("/").split("/")
    if sum(1 for p in parts if p.startswith("_") and not p.startswith("__")) >= 2:
        return False  # "_pack_fp4/_swizzle_scales/_store": a list of private names
    if re.search(rf"\.(?:{_FILE_EXT})$", parts[-1], re.I):
        return True
    if len(parts) >= 3 and len(set(parts)) < len(parts) and \
            all(re.fullmatch(r"[a-z]+", p) for p in parts):
        return False  # "seek/read/seek/truncate": steps, a word said twice (pytest 2026-08-12)
    if bare.endswith("/") or bare.startswith(("./", "../", "~/", ".", "/")) or len(parts) >= 4:
        return True
    return len(parts) == 3 and parts[0].lower() in _TOP_DIRS


def _say_path(match: re.Match[str]) -> str:
    token = match.group(0)
    if not _is_path(token):
        parts = token.split("/")
        if len(parts) >= 3 and all(re.fullmatch(r"[A-Za-z_][\w.]*", p) for p in parts):
            return ", ".join(parts[:-1]) + f" and {parts[-1]}"  # "malloc/realloc/free"
        return token
    bare = re.sub(r":\d+(?:-\d+)?$", "", token).rstrip("/")
    name = bare.rsplit("/", 1)[-1]
    stem = name.split(".", 1)[0].lstrip(".")
    before = match.string[:match.start()].rstrip().rsplit(" ", 1)[-1].lower()
    after = match.string[match.end():].lstrip().split(" ", 1)[0].lower().rstrip(".,;:")
    special = _SPECIAL_FILES.get(stem.lower())
    if special:
        if special.endswith(" " + after):
            special = special[: -len(after) - 1]  # "the `setup.py` script"
        return special.removeprefix("the ") if before in _ARTICLES else special
    has_ext = "." in name.lstrip(".")
    if not has_ext and name in ("", ".", ".."):
        return "the top-level folder"
    noun = "" if after in _NOUNS else (" folder" if not has_ext else " file")
    if re.split(r"[-_]", (name if not has_ext else stem).lower())[-1] == noun.strip():
        noun = ""  # "object-file.c" is "the object-file", never "the object-file file"
    if not stem:
        return "a file"
    article = "" if before in _ARTICLES else "the "
    return f"{article}{name if not has_ext else stem}{noun}"


_DOT_NAME = re.compile(r"(?<![\w./-])\.([A-Za-z][\w-]*)(?![\w/-]|\.\w)")
_KINDS_OF_FILE = {"entries", "entry", "extension", "extensions", "suffix", "stub", "stubs", "syntax"}


def _say_dot_name(match: re.Match[str]) -> str:
    """``.pyi files`` → "pyi files", ``pick up .coveragerc`` → "pick up the coveragerc file":
    a dot before a word is a file kind or a dot file, never said as "dot"; a dot folder is
    said with its dot, as developers say it ("the dot venv folder")."""
    name = match.group(1)
    before = match.string[:match.start()].rstrip().rsplit(" ", 1)[-1].lower()
    after = match.string[match.end():].lstrip().split(" ", 1)[0].lower().rstrip(".,;:")
    if name.lower() in DOT_FOLDERS:
        return say_dot_folder(name, before, after)
    if before in _ARTICLES or after in _NOUNS or after in _KINDS_OF_FILE:
        return name
    return f"the {name} file"


_ARTICLES = {"the", "a", "an", "this", "that", "its", "their", "our", "top-level", "each", "every"}
_NOUNS = {"directory", "folder", "dir", "file", "files", "module", "package", "script", "workflow",
          "config", "tree"}


def _strip_markup(text: str) -> str:
    text = _MD_IMAGE.sub("", text)
    text = _MD_LINK.sub(lambda m: m.group(1), text)
    text = _URL.sub("", text)
    code: list[str] = []

    def hold(match: re.Match[str]) -> str:
        code.append(match.group(1).strip())
        return f"\x00{len(code) - 1}\x00"

    text = _BACKTICKS.sub(hold, text)
    for _ in range(2):
        text = _EMPHASIS.sub(lambda m: m.group(2), text)
    text = re.sub(r"(?<![\w_])_([^_\x00]+\s[^_\x00]+)_(?![\w_])", r"\1", text)  # _two words_
    return re.sub("\x00(\\d+)\x00", lambda m: code[int(m.group(1))], text)


def speakable(text: str) -> str:
    """``Move `foo/bar.py` -> `baz` (#12)`` → "Move the bar file to baz"."""
    text = " ".join((text or "").split())
    if not text:
        return ""
    text = _TRAILING_TAG.sub("", text)
    text = _PR_REF.sub("", text)
    text = _strip_markup(text)
    text = _ASIDE.sub("", text)
    text = _BARE_KEYWORD.sub("", text)
    text = _BRACES.sub(_say_braces, text)
    text = _UNION.sub(" or ", text)
    text = _PATH.sub(_say_path, text)
    text = _DOT_NAME.sub(_say_dot_name, text)
    text = _brackets(text)
    text = _CALL.sub(r"\1", text)
    text = re.sub(r"\b([Ss]et(?:ting)?|[Ee]xport(?:ing)?)\s+" + _ASSIGN.pattern, r"\1 \2 to \3", text)
    text = _ASSIGN.sub(r"\1 set to \2", text)
    for pattern, spoken in _OPERATORS:
        text = pattern.sub(spoken, text)
    text = re.sub(r"\s+([,.;:!?])(?=\s|$)", r"\1", text)
    # brackets left with nothing in them once links went: "upstreamed (https://a, https://b)"
    text = re.sub(r"\s*\([\s,;:]*(?:\)|(?=[.!?]?$))", "", text)
    text = re.sub(r"\s{2,}", " ", text)
    return text.strip(" -–—:;,")


_LEADING_ISSUE = re.compile(r"^\s*(?:gh-|GH-|#)\d+\s*[:\-]\s+")  # "#31993: Return FAIL if ..."
_CI_TAG = re.compile(r"\s*\[(?:skip|ci|no)[ -][^\]]{1,20}\]", re.I)  # "[skip actions]", "[ci skip]"
_GENERIC = re.compile(r"\b([A-Za-z_]\w*)\[([A-Z]\w*)\]")  # type[Protocol]
_ELLIPSIS_ARG = re.compile(r"\b([A-Za-z_]\w*)\[\.\.\.\]")  # type[...]
_OPTIONAL = re.compile(r"(?<![\w\]])([\w.]*)\[([a-z_]{1,8})\]([\w.]*)")  # np.[as]array, pow[er]


def _brackets(text: str) -> str:
    """What a reader says for the bracket notations of titles and bodies: ``[skip actions]``
    nothing, ``type[Protocol]`` "type of Protocol", ``pow[er]``/``np.[as]array`` the long name
    ("power", "np.asarray"). (A word/word is left to the voice, which says "slash".)"""
    text = _CI_TAG.sub("", text)
    text = _GENERIC.sub(r"\1 of \2", text)
    text = _ELLIPSIS_ARG.sub(r"\1", text)
    text = _OPTIONAL.sub(lambda m: m.group(1) + m.group(2) + m.group(3)
                         if m.group(1) or m.group(3) else m.group(0), text)
    return text


_DUNDER = re.compile(r"(?:\b[A-Za-z_]\w*\.)?__([a-z]\w*?)__(?!\w)")
_RULE_CODE = re.compile(r"\s*\((?:[A-Z]{1,6}\d{2,5}(?:\s*,\s*)?)+\)")
_SLASH_ASIDE = re.compile(r"\s*\((?:[\w.-]+/)+[\w.-]+\)")
_ISSUE_AFTER = re.compile(r"\b(by|in|from|since|after|of|with|before)\s+(?:gh-|GH-|#)\d+\b")
# what a pull request a sentence points at is, said: earlier only where the sentence says so
# ("broken by", "since", "added in"); "until the fix in #18713 is ready" waits on a change
# still to come (uv 2026-08-18's revert), and "stacked on" or "with" says nothing of when
_EARLIER_PREP = {"by", "from", "since", "after"}
_DONE_BEFORE = re.compile(r"\b(?:added|introduced|landed|made|done|caused|broken|broke|"
                          r"started|begun|merged|reverted|changed|regressed|shipped|"
                          r"released|first)\s+(?:\w+\s+)?$", re.I)


def pointed_change(prep: str, before: str) -> str:
    """How a change the text points at by number is said after ``prep`` ("by", "in"…), the
    words ``before`` it leading up: "an earlier change" where the sentence says it came
    first, else "another change"."""
    if prep.lower() in _EARLIER_PREP or _DONE_BEFORE.search(before):
        return "an earlier change"
    return "another change"


def _issue_after(m: re.Match[str]) -> str:
    return f"{m.group(1)} {pointed_change(m.group(1), m.string[:m.start()])}"
_ISSUE = re.compile(r"\s*\b(?:gh-|GH-)\d+\b")
_METHOD_PATH = re.compile(r"\b[a-z]+[A-Z]\w*/([A-Za-z]\w*)\b")  # LSP's textDocument/implementation
_PACKAGE_PATH = re.compile(r"(?<![\w/.])([A-Za-z_][\w-]*)/([\w./-]*\w)")
_PRIVATE = re.compile(r"(?<![\w.])_([a-z][a-z0-9]+)\b")


def _package_path(match: re.Match[str]) -> str:
    """``torchao/kernel`` → "the kernel folder", ``torchao/_models.llama`` → "the models llama
    module": a path under a top folder said by its last part in words."""
    if match.group(1).lower() not in _TOP_DIRS:
        return match.group(0)
    return package_path_words(match.group(1), match.group(2), match.string[:match.start()],
                              match.string[match.end():])


_STATE = {"deprecated", "unused", "deleted", "renamed", "removed", "legacy", "old", "obsolete",
          "vendored", "generated", "experimental", "internal", "private", "public", "new"}


def package_path_words(top: str, rest: str, before_text: str, after_text: str = "") -> str:
    """The words for ``top/rest`` (``top`` one of the top folders) after ``before_text``."""
    last = rest.rstrip("/").rsplit("/", 1)[-1]
    words = " ".join(last.replace("_", " ").replace(".", " ").split())
    before = before_text.lower().split()[-2:]
    # no article after one, nor after an adjective in a phrase ("of deleted models llama
    # module", "Remove deprecated torchao/dtypes package": "deprecated dtypes package")
    adjective = bool(before) and (before[-1] in _STATE or (
        len(before) == 2 and before[1].endswith("ed") and before[0] in _LINKS))
    article = "" if before and (before[-1] in _ARTICLES or adjective) else "the "
    after = after_text.lstrip().split(" ", 1)[0].lower().rstrip(".,;:")
    noun = "" if after in _NOUNS else (" module" if "." in last else " folder")
    return f"{article}{words}{noun}"


_LINKS = {"of", "from", "in", "into", "with", "for", "and", "or", "the", "a", "an", "to", "on"}


def heard(text: str) -> str:
    """What a title sounds like inside the story, after :func:`speakable`: a dunder by its name
    (``ndarray.__matmul__`` → "matmul"), no rule codes in parentheses ("(PYI041)"), no slash
    lists in parentheses ("(SAM/SAM2)"), an issue number as "an earlier change" (or "another
    change" where nothing says it came first: :func:`pointed_change`), an LSP method
    by its last part, a path under a top folder by its last part, a private name without its
    underscore."""
    text = _DUNDER.sub(r"\1", text)
    text = _RULE_CODE.sub("", text)
    text = _SLASH_ASIDE.sub("", text)
    text = _ISSUE_AFTER.sub(_issue_after, text)
    text = _ISSUE.sub("", text)
    text = _METHOD_PATH.sub(r"\1", text)
    text = _PACKAGE_PATH.sub(_package_path, text)
    text = _PRIVATE.sub(r"\1", text)
    from .slashes import say_slashes  # it says folders with this module's words

    text = say_slashes(text)
    return re.sub(r"\s{2,}", " ", text).strip()


def strip_prefixes(title: str) -> str:
    """Leading tags, series markers, ``type(scope):``, ``MAINT:`` and ``area:`` prefixes."""
    text = " ".join(title.split())
    for _ in range(4):
        before = text
        _, text = split_tags(text)
        text = _SERIES.sub("", text, count=1) if _SERIES.match(text) else text
        for pattern in (_CONVENTIONAL, _CAPS_AREA, _AREA, _LEADING_ISSUE):
            text = pattern.sub("", text, count=1)
        if text == before:
            break
    return text.strip() or " ".join(title.split())


# "Pydantic: Support ...", "Dataclass transform: Respect ...": a capitalised area before the title
_TITLE_AREA = re.compile(r"^([A-Z][\w-]*(?: [a-z][\w-]*){0,2}): (?=[A-Z])(.+)$")


def spoken_title(raw_title: str, capital: bool = True) -> str:
    """``[ty] docs(parser): Support `__slots__` in `a/b.py` (#27730)`` →
    "Support __slots__ in the b file". No full stop; a first letter capitalised only when it is
    not an identifier (``torch.compile``, ``liangan1``) that must keep its case, and only
    with ``capital``."""
    bare, _ = strip_pr_suffix(" ".join((raw_title or "").split()))
    bare = _TRAILING_TAG.sub("", bare)
    bare = re.sub(r'(^(?:Revert|Reland)\s+")((?:\[[^\]]{1,40}\]\s*)+)', r"\1", bare)  # 'Revert "[ty] x"'
    text = speakable(strip_prefixes(bare))
    text = text.rstrip(".").strip()
    area = _TITLE_AREA.match(text)
    if area and area.group(1).split()[0].lower() not in VERBS:
        name = area.group(1)  # "Pydantic: Support X" → "Support X for Pydantic"
        if " " in name and name.split()[0][1:].islower():
            name = name[:1].lower() + name[1:]  # "Dataclass transform" is not a name
        text = f"{area.group(2)} for {name}"
    first = text.split(" ", 1)[0] if text else ""
    if capital and first and first[0].islower() and first.isalpha() and first.lower() == first:
        text = first[0].upper() + text[1:]
    return text


# ---- people -------------------------------------------------------------------------

_AI_NAMES = re.compile(
    r"^(?:claude|anthropic|copilot|github copilot|codex|openai codex|chatgpt|gpt-?\d|cursor"
    r"(?: ?agent)?|devin(?:-ai)?|gemini|jules|aider|amazon q|codeium|windsurf|sweep)\b",
    re.I,
)
_AI_EMAILS = re.compile(
    r"(?:noreply@anthropic\.com|@anthropic\.com|copilot@github\.com|swe-agent|\bcopilot\b|"
    r"cursoragent@cursor\.com|@cursor\.(?:com|sh)|devin-ai-integration|@openai\.com|codex@)",
    re.I,
)
_CANONICAL_AI = [
    ("claude", "Claude"), ("anthropic", "Claude"), ("copilot", "Copilot"), ("codex", "Codex"),
    ("chatgpt", "ChatGPT"), ("gpt", "ChatGPT"), ("cursor", "Cursor"), ("devin", "Devin"),
    ("gemini", "Gemini"), ("jules", "Jules"), ("aider", "Aider"), ("amazon q", "Amazon Q"),
    ("codeium", "Codeium"), ("windsurf", "Windsurf"), ("sweep", "Sweep"),
]
_EMAIL_PART = re.compile(r"\s*<[^>]*>\s*$")


def is_ai_assistant(name: str, email: str = "") -> bool:
    """Claude, Copilot, Codex, Cursor, Devin ... by name or by their no-reply addresses."""
    name = _EMAIL_PART.sub("", name or "").strip().strip('"')
    if _AI_NAMES.match(name.removesuffix("[bot]")):
        return True
    if email and _AI_EMAILS.search(email):
        return True
    inline = re.search(r"<([^>]*)>", name or "")
    return bool(inline and _AI_EMAILS.search(inline.group(1)))


def assistant_name(name: str) -> str:
    """``Claude Opus 4.8 (1M context)`` → "Claude"; ``copilot-swe-agent[bot]`` → "Copilot"."""
    low = name.lower()
    for key, spoken in _CANONICAL_AI:
        if key in low:
            return spoken
    return re.sub(r"\s*\(.*?\)|\s+\d[\w.]*|\[bot\]", "", name).strip() or name


def person_name(name: str) -> str:
    """``Wang, Chuanqi`` → "Chuanqi Wang"; an e-mail part or quotes dropped; else unchanged."""
    name = _EMAIL_PART.sub("", " ".join((name or "").split())).strip().strip('"\'')
    if name.isupper() and len(name.split()) >= 2 and all(w.isalpha() for w in name.split()):
        # "GAUTAM V DATLA", a name set in capitals: said as a name, never spelled out
        name = " ".join(w.capitalize() for w in name.split())
    if name.count(",") != 1:
        return name
    surname, given = (p.strip() for p in name.split(","))
    if not surname or not given or given.rstrip(".").lower() in {"jr", "sr", "ii", "iii", "phd"}:
        return name
    words = (surname + " " + given).split()
    if len(words) > 5 or not all(re.fullmatch(r"[^\W\d_][\w.'’-]*", w) for w in words):
        return name
    return f"{given} {surname}"


def people(names: Iterable[str], emails: Iterable[str] = ()) -> list[str]:
    """Names as they are said, each person once; an AI assistant at most once, without model
    or context decorations."""
    mails = list(emails)
    out: list[str] = []
    seen: set[str] = set()
    for i, raw in enumerate(names):
        mail = mails[i] if i < len(mails) else ""
        inline = re.search(r"<([^>]*)>", raw or "")
        mail = mail or (inline.group(1) if inline else "")
        if is_ai_assistant(raw, mail):
            spoken = assistant_name(_EMAIL_PART.sub("", raw).strip() or mail)
        else:
            spoken = person_name(raw)
        key = " ".join(spoken.casefold().split())
        if spoken and key not in seen:
            seen.add(key)
            out.append(spoken)
    return out


# ---- numbers and sentence starts -------------------------------------------------------


def pr_range(prs: Iterable[int]) -> str:
    """``[4747, ..., 4753]`` → "PRs 4747 to 4753"; ``[12, 15, 19]`` → "PRs 12, 15 and 19"; more
    than three runs → "PRs between 26901 and 26915"."""
    numbers = sorted(set(prs))
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"PR {numbers[0]}"
    runs: list[list[int]] = [[numbers[0]]]
    for n in numbers[1:]:
        if n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts: list[str] = []
    for run in runs:
        if len(run) >= 3:
            parts.append(f"{run[0]} to {run[-1]}")
        else:
            parts.extend(str(n) for n in run)
    if len(parts) == 1:
        return f"PRs {parts[0]}"
    if len(parts) > MAX_PR_PARTS:  # a long list of numbers is noise to the ear: say its span
        return f"PRs between {numbers[0]} and {numbers[-1]}"
    return "PRs " + ", ".join(parts[:-1]) + f" and {parts[-1]}"


MAX_PR_PARTS = 3


_HANDLE = re.compile(r"^@?[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*(?:\[bot\])?$")


def starts_with_handle(sentence: str, names: Iterable[str] = ()) -> bool:
    """Whether ``sentence`` opens with a lowercase handle (``liangan1``, ``@lw``) that
    capitalising would misspell; the writer rephrases such a sentence instead.

    ``names``: the day's authors and logins; when given, only those count as handles
    (besides any ``@word``)."""
    first = (sentence or "").lstrip().split(" ", 1)[0].rstrip(",.;:'’s")
    if sentence.lstrip().split(" ", 1)[0].endswith(("'s", "’s")):
        first = sentence.lstrip().split(" ", 1)[0][:-2]
    if not first:
        return False
    if first.startswith("@"):
        return len(first) > 1
    known = [n for n in names if n]
    if known:
        return any(first == n and n[:1].islower() for n in known)
    return bool(_HANDLE.match(first)) and (any(ch.isdigit() or ch in "-_" for ch in first))
