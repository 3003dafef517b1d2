"""Telling one highlight: a change, or a stack as one story, at a depth the length allows.

Depth 1 says who did what and the first explaining sentence; depth 2 and 3 add the authors'
further sentences and the facts of the change (new or removed modules, size). Nothing is said
that the commit, its bodies or its diff do not say.
"""

from __future__ import annotations

import re

from ...digest.model import CommitInfo, Digest
from ..words import capitalize, count, join_words, number_words
from . import inputs as I
from . import phrases as P
from .arcs import earlier_part
from .campaign import campaign_size, tell_campaign
from .draft import Said
from .plan import Highlight
from .series import Common, common_start, shared
from .verbs import did, doing, is_handle, split_verb
from .voice import Voice

MAX_DEPTH = 3
BIG_CHANGE = 500  # lines of code (outside tests and docs) worth saying


def who(c: CommitInfo) -> str:
    return I.credit(c) or "someone"


def opening(c: CommitInfo, title: str | None = None) -> str:
    """"Ada Byron fixed X" — a handle never opens the sentence: "A change from ada fixed X";
    a bot's change is "An automated update bumped X"."""
    person = who(c)
    action = did(title if title is not None else I.title(c))
    if person != I.AUTOMATED and is_handle(person):
        return f"A change from {person} {action}"
    return f"{capitalize(person)} {action}"


def size_fact(c: CommitInfo, voice: Voice) -> str:
    """"It changes more than two thousand lines of code" for a change of 500 lines or more
    outside tests and docs (rounded down, so the figure stays true)."""
    lines = I.code_lines(c)
    if lines < BIG_CHANGE:
        return ""
    step = 1000 if lines >= 10_000 else 100
    below = (lines - 1) // step * step  # strictly below: "more than" stays true
    return voice.pick("size", P.SIZE, n=number_words(below))


def _named_in(module: str, title: str) -> bool:
    """Whether the title already names the module ("prototype SpinQuant" names
    torchao.prototype.spinquant): its last part, as a word, in the title."""
    last = module.replace("/", ".").rsplit(".", 1)[-1].lower()
    return bool(re.search(rf"(?<![\w]){re.escape(last)}(?![\w])", title.lower()))


_GENERIC_PARTS = {"src", "lib", "python", "csrc", "_src", "impl", "internal", "core", "_core"}


def spoken_parent(names: list[str]) -> str:
    """The common parent of dotted module names, in words: ``torchao.prototype.moe_training.
    nvfp4_training.x`` and ``....y`` → "the nvfp4 training prototype"; "" when they share only
    their top package."""
    split = [n.replace("/", ".").split(".")[:-1] for n in names]
    common: list[str] = []
    for parts in zip(*split, strict=False):
        if len(set(parts)) > 1:
            break
        common.append(parts[0])
    while common and common[-1].lower() in _GENERIC_PARTS:
        common.pop()
    if len(common) < 2:
        return ""
    name = common[-1].strip("_").replace("_", " ")
    if "prototype" in common[:-1]:
        return f"the {name} prototype"
    return f"the {name} package"


def modules(names: list[str]) -> str:
    """One module by its name; several as a count and their parent ("three new modules under
    the nvfp4 training prototype"), never a list of dotted paths."""
    if len(names) == 1:
        return names[0]
    parent = spoken_parent(names)
    return f"{number_words(len(names))} modules" + (f" under {parent}" if parent else "")


def facts(c: CommitInfo, voice: Voice) -> list[str]:
    """What the diff adds to the title: modules removed or added, deprecations (each only when
    the title does not say it already), and the size of a big change."""
    out = []
    title = f"{c.title} {I.title(c)}"  # as written, and as said
    removed = [x for x in I.removed_api(c) if not _named_in(x, title)]
    if removed:
        out.append(f"It removes {modules(removed)}")
    added = [x for x in I.new_modules(c) if not _named_in(x, title)]
    if added:
        out.append(f"It adds {modules(added).replace(' modules', ' new modules', 1)}")
    deprecated = [x for x in I.deprecations(c) if x not in title and len(x.split()) == 1]
    if deprecated:
        out.append(f"It deprecates {join_words(deprecated[:3])}")
    size = size_fact(c, voice)
    if size:
        out.append(size)
    return out


def tell_commit(h: Highlight, depth: int, d: Digest, voice: Voice, again: bool = False
                ) -> list[Said]:
    """``again``: the sentence before named the same author (so: "They also fixed …")."""
    c = h.commits[0]
    action = did(I.title(c))
    version = I.release(c)
    if version:
        said: list[Said] = [(f"Version {version} was cut today, by {who(c)}", [c.sha])]
    elif again:
        said: list[Said] = [(voice.pick("again", P.AGAIN, did=action), [c.sha])]
    else:
        said = [(opening(c), [c.sha])]
    arc = earlier_part([c], d)
    if arc:
        said.append(arc)
    explained = I.explanation(c)
    said += [(s, [c.sha]) for s in explained[:depth]]
    if depth >= 2:
        said += [(f, [c.sha]) for f in facts(c, voice)[: depth - 1]]
    return said


def tell_stack(h: Highlight, depth: int, d: Digest, voice: Voice) -> list[Said]:
    s = h.stack
    assert s is not None
    commits = s.commits
    if s.kind == "campaign":
        facts = [x for x in _stack_facts(commits, voice) if x[0].startswith("Together")]
        return tell_campaign(commits, s.author, depth, d, voice) + (
            facts + campaign_size(commits) if depth >= 2 else [])
    n = len(commits)
    kind = "stack" if s.kind == "ghstack" else "series"
    prs = [c.pr for c in commits if c.pr is not None]
    span = f", {I.range_of(prs)}," if len(prs) >= 2 else ""
    author = I.person(s.author)
    size = f"{number_words(n)}-PR {kind}"
    bank = P.STACK_OPEN_INNER if is_handle(author) else P.STACK_OPEN + P.STACK_OPEN_INNER
    first = voice.pick("stack-open", bank, who=author, size=size, span=span, n=number_words(n),
                       kind=kind)
    said: list[Said] = [(first, [c.sha for c in commits])]
    arc = earlier_part(commits, d, I.builds_on(s))
    if arc:
        said.append(arc)
    same = shared([I.title(c) for c in commits])
    if same is not None:  # seven near-identical titles: what they share, once
        said.append((same.sentence(n), [c.sha for c in commits]))
        for k, extra in same.extras:
            said.append((f"The {same.leaves_of(k)} change also covers {extra}", [commits[k].sha]))
        if depth >= 2:
            said += _stack_facts(commits, voice)
        return said
    common = common_start([I.title(c) for c in commits], split_verb)
    if common is not None:  # thirteen of fourteen "Remove unused APIs from <crate>": said once
        return said + _common_steps(commits, common, depth, voice)
    steps = _steps(commits, depth, voice)
    head = commits[0]
    # the first part's own explanation right after it: a stack's base usually says why
    said += steps[:1] + [(x, [head.sha]) for x in I.explanation(head)[: max(0, depth - 1)]]
    said += steps[1:]
    if depth >= 2:
        said += _stack_facts(commits, voice)
    return said


def _common_steps(commits: list[CommitInfo], common: Common, depth: int, voice: Voice
                  ) -> list[Said]:
    """"It starts with X" (when the first part is not one of them) and its explanation;
    "Thirteen of the parts remove unused APIs from ruff_db, ..., and nine more"; the rest."""
    said: list[Said] = []
    mine = [commits[i] for i in common.parts]
    others = [c for c in commits if c not in mine]
    head = commits[0]
    if head in others:
        said.append((f"It starts with {doing(I.title(head))}", [head.sha]))
        said += [(x, [head.sha]) for x in I.explanation(head)[: max(1, depth - 1)]]
        others.remove(head)
    named = common.rests[:4]
    more = len(mine) - len(named)
    listed = join_words(named + ([f"{number_words(more)} more"] if more else []))
    share = "All" if len(mine) == len(commits) else capitalize(number_words(len(mine)))
    said.append((f"{share} of the parts {common.verb} {common.prefix} {listed}",
                 [c.sha for c in mine]))
    if others:
        said.append((f"The rest: {join_words([doing(I.title(c)) for c in others])}",
                     [c.sha for c in others]))
    if depth >= 2:
        said += _stack_facts(commits, voice)
    return said


def _stack_facts(commits: list[CommitInfo], voice: Voice) -> list[Said]:
    """What the stack's diffs add up to: the public modules it removes, its size."""
    said: list[Said] = []
    titles = " ".join(f"{c.title} {I.title(c)}" for c in commits)  # as written, and as said
    removed = [(n, c.sha) for c in commits for n in I.removed_api(c) if not _named_in(n, titles)]
    if removed:
        names = list(dict.fromkeys(n for n, _ in removed))
        said.append((f"Together they remove {modules(names)}",
                     list(dict.fromkeys(sha for _, sha in removed))))
    lines = sum(I.code_lines(c) for c in commits)
    if lines >= BIG_CHANGE:
        step = 1000 if lines >= 10_000 else 100
        said.append((voice.pick("size", P.SIZE, n=number_words((lines - 1) // step * step)),
                     [c.sha for c in commits if I.code_lines(c)]))
    return said


def _steps(commits: list[CommitInfo], depth: int, voice: Voice) -> list[Said]:
    """The stack in order: "It starts with X." "Then Y and Z." "It ends with W." — each step
    keeping its commit; at depth 1 only the first and the last."""
    titles = [doing(I.title(c)) for c in commits]
    shas = [[c.sha] for c in commits]
    if len(set(titles)) == 1:
        return [(f"{'Both' if len(titles) == 2 else 'All'} of them are about {titles[0]}",
                 [c.sha for c in commits])]
    if len(commits) == 2:
        return [(f"The first part is {titles[0]}; the second, {titles[1]}",
                 [c.sha for c in commits])]
    said: list[Said] = [(f"It starts with {titles[0]}", shas[0])]
    middle = list(range(1, len(commits) - 1))
    shown = middle[: {1: 0, 2: 2}.get(depth, len(middle))]
    for k in range(0, len(shown), 2):
        part = shown[k:k + 2]
        said.append((voice.pick("step-then", P.STEP_THEN,
                                steps=join_words([titles[i] for i in part])),
                     [s for i in part for s in shas[i]]))
    skipped = [i for i in middle if i not in shown]
    if skipped:
        said.append((f"{capitalize(count(len(skipped), 'more step'))} "
                     f"follow{'s' if len(skipped) == 1 else ''}",
                     [s for i in skipped for s in shas[i]]))
    said.append((f"It ends with {titles[-1]}", shas[-1]))
    return said


BUNDLE = 3  # one author's changes of one kind, unexplained, said together from this many


def bundle(items: list[Highlight]) -> list[Highlight]:
    """One author's unexplained changes that end alike ("stack shape-typing", "tile
    shape-typing", …) as one highlight of kind "bundle"; the rest as they were, in order."""
    groups: dict[tuple[str, str], list[Highlight]] = {}
    for h in items:
        if h.kind == "commit" and not I.explanation(h.commits[0]) and not I.release(h.commits[0]):
            words = I.title(h.commits[0]).split()
            if len(words) >= 2:
                groups.setdefault((h.commits[0].author, words[-1].lower()), []).append(h)
    out: list[Highlight] = []
    done: set[int] = set()
    for h in items:
        if id(h) in done:
            continue
        group = next((g for g in groups.values() if len(g) >= BUNDLE and h in g), None)
        if group is None:
            out.append(h)
            continue
        done |= {id(x) for x in group}
        out.append(Highlight("bundle", [c for x in group for c in x.commits],
                             max(x.score for x in group)))
    return out


def tell_bundle(h: Highlight) -> list[Said]:
    """"Joren Hammudoglu landed five shape-typing changes: stack, np.array, tile …"."""
    titles = [I.title(c).split() for c in h.commits]
    tail = titles[0][-1]
    heads = [" ".join(t[:-1]) for t in titles]
    person = who(h.commits[0])
    what = f"{count(len(h.commits), f'{tail} change')}: {join_words(heads)}"
    text = f"A batch from {person}: {what}" if is_handle(person) else f"{person} landed {what}"
    return [(text, [c.sha for c in h.commits])]


def tell(h: Highlight, depth: int, d: Digest, voice: Voice, alone: bool = True,
         again: bool = False) -> list[Said]:
    """``h`` at ``depth``; ``alone``: the only rollback told (it says whether it came back);
    ``again``: the last highlight told was the same author's."""
    if h.kind == "stack":
        return tell_stack(h, depth, d, voice)
    if h.kind == "bundle":
        return tell_bundle(h)
    if h.kind == "commit":
        return tell_commit(h, depth, d, voice, again)
    from .rollbacks import tell_reland, tell_revert

    if h.kind == "revert":
        return tell_revert(h, depth, d, voice, alone)
    return tell_reland(h, depth, d, voice, alone)
