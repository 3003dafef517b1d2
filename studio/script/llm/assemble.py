"""A locked draft becomes an Episode: verified sentences kept; failing ones dropped, after the
model's revision round where the server could hold one (:mod:`.revise`), never replaced by
another writer's sentence; every sentence marked with where it came from."""

from __future__ import annotations

import re

from ...digest.model import Digest
from ...episode import Episode, Segment, Sentence
from ..editor.ear import for_ear
from ..story.draft import finish
from .claims import same_author
from .factlock import check_resolved, check_title, resolve
from .facts import DayFacts
from .headline import check_headline, kept_summary
from .revise import Rejected
from .schema import DraftScript

VERIFIED = "drafted-verified"


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())[:40]


def verdicts(draft: DraftScript, facts: DayFacts) -> list[list[tuple[list[str], str]]]:
    """Per segment, per sentence of ``draft``: the commits it names (full shas) and why the
    lock rejects it ("" when every fact of it is in those commits)."""
    out: list[list[tuple[list[str], str]]] = []
    before: list[str] = []  # the commits of the last sentence that told any
    for dseg in draft.segments:
        row = []
        for j, ds in enumerate(dseg.sentences):
            shas, why = resolve(ds.commits, facts)
            why = why or check_resolved(ds.text, shas, facts) or \
                same_author(ds.text, shas, before, facts)
            if why and not shas and counted_out(ds.text, [x.text for x in
                                                          dseg.sentences[j + 1:]]):
                why = ""  # "Three things to keep in mind." before "First, …", "Second, …",
                # "Third, …": the count is of what follows (dropped on every day of round 32)
            before = shas or before
            row.append((shas, why))
        out.append(row)
    return out


_ANNOUNCES = re.compile(r"^(?:(?:Here are|There are|We have|I have|Just|Only) )?(?P<n>\w+) "
                       r"(?:things|items|points|changes|takeaways|notes|reminders)\b[^.!?]*[.!?:]?$",
                       re.I)
_ORDINAL = re.compile(r"^(?:And )?(?:First|Second|Third|Fourth|Fifth|Finally|Last|Lastly)\b", re.I)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5}


def counted_out(text: str, after: list[str]) -> bool:
    """Whether ``text`` announces a count ("Three things to keep in mind.") that the
    sentences ``after`` it in its segment then count out: each opens with its ordinal, or
    they are as many as it says (a focus of three "If you …" sentences)."""
    m = _ANNOUNCES.match(text.strip())
    n = _NUMBERS.get(m.group("n").lower()) or (int(m.group("n")) if m and m.group("n").isdigit()
                                                else 0) if m else 0
    return n >= 2 and (sum(1 for x in after if _ORDINAL.match(x.strip())) == n or
                       len(after) == n or
                       # "Three things for today." and three "If you …" (ruff 2026-08-13)
                       sum(1 for x in after if _IF_YOU.match(x.strip())) == n)


_IF_YOU = re.compile(r"^(?:And |But )?If (?:you|your)\b", re.I)


def rejections(draft: DraftScript, facts: DayFacts) -> list[Rejected]:
    """The sentences of ``draft`` the lock rejects, where they stand and why."""
    return [Rejected(i, j, draft.segments[i].sentences[j].text,
                     draft.segments[i].sentences[j].commits, shas, why)
            for i, row in enumerate(verdicts(draft, facts))
            for j, (shas, why) in enumerate(row) if why]


# a sentence that opens by pointing back at the one before ("That matters", "It also", "Both")
LEANS = re.compile(r"(?:That|This|These|Those|It|Its|They|Their|He|She|His|Her|Both|The same|"
                   r"Such|There,|Then|So|But|And that|And this)\b")

# "That's all for today": the show's sign-off points at the day, not at the sentence before
SIGN_OFF = re.compile(r"\b(?:for today|see you|thanks for listening|that['’]s all|that is all)\b",
                      re.I)


def lock_draft(draft: DraftScript, facts: DayFacts, story: Episode, digest: Digest,
               writer: str, revised: set[tuple[int, int]] | None = None) -> Episode:
    """The episode of ``draft``: each sentence the lock verifies is kept; one it rejects (after
    the model's chance to revise it: ``revised``, where those sentences stand, or None when no
    revision was asked or it failed) is dropped, and its neighbours are joined. The story
    writer's sentences go with each segment (:func:`offer_story`), for the host who rejects
    the draft."""
    from ..episode_build import build_episode

    segments: list[Segment] = []
    dropped: list[Sentence] = []
    notes: list[str] = []
    ids: set[str] = set()
    checked = verdicts(draft, facts)
    for n, dseg in enumerate(draft.segments):
        sentences: list[Sentence] = []
        leaning = False  # the sentence before was dropped
        for k, ds in enumerate(dseg.sentences):
            shas, why = checked[n][k]
            if not why and leaning and LEANS.match(ds.text) and not SIGN_OFF.search(ds.text):
                # "That matters because ..." after a dropped sentence points at nothing the
                # listener heard (tokio 2026-08-07): it goes with the sentence it leans on
                why = "leans on the sentence before it, which was dropped"
            leaning = bool(why)
            if not why:
                text = finish(for_ear(ds.text))  # as the story writer's: for the ear
                if text:
                    sentences.append(Sentence(text, shas, provenance=VERIFIED))
                continue
            # left out, its neighbours joined: the model was shown why and could not say it
            # from the record, or could not be asked; another writer's sentence in its place
            # reads as a splice (issue 28: "never spliced from another writer")
            what = "" if why.startswith("leans on") else \
                ("after revision" if (n, k) in revised else "after the revision round") \
                if revised is not None else "the server could not revise it" if shas else ""
            said = f"dropped: {why} ({what})" if what else f"dropped: {why}"
            dropped.append(Sentence(ds.text, shas, provenance=said))
            sentences.append(Sentence("", shas, provenance=said))  # where it stood
        sentences = _recounted(sentences, dropped)
        if not sentences:
            continue
        shas = list(dict.fromkeys(sha for s in sentences for sha in s.commits))
        title = dseg.title
        why = check_title(title, shas, facts)
        if why or not title.strip():
            notes.append(f"segment title {title!r} replaced: {why or 'empty'}")
            title = _story_title(shas, story, facts) or f"Part {n + 1}"
        seg_id = _slug(title) or f"part-{n + 1}"
        while seg_id in ids:
            seg_id += "-2"
        ids.add(seg_id)
        segments.append(Segment(id=seg_id, title=title, text=" ".join(s.text for s in sentences),
                                commits=shas, sentences=sentences))
    title, summary = draft.title, draft.summary
    why, _ = check_headline(title, facts, title=True)
    if why:
        notes.append(f"title replaced: {why}")
        title = story.title
    why, _ = check_headline(summary, facts, title=False)
    if why:
        kept = kept_summary(summary, facts)
        if kept:  # the model's own summary, less the sentence the record does not hold
            notes.append(f"summary shortened: {why}")
            summary = kept
        else:
            notes.append(f"summary replaced: {why}")
            summary = story.summary
    if digest.show and digest.show.lower() not in title.lower():
        title = f"{digest.show}: {title}"  # as every episode of the show is titled
    offer_story(segments, story)
    episode = build_episode(digest, segments, title, summary, writer)
    episode.dropped = dropped
    episode.writer_notes = notes
    return episode


_WORDS = {2: "Two", 3: "Three", 4: "Four", 5: "Five"}


def _recounted(sentences: list[Sentence], dropped: list[Sentence]) -> list[Sentence]:
    """A segment's kept sentences (the empty ones mark where a dropped one stood), with a
    count it announces ("Two things worth knowing today.") that drops left wrong said again
    for what is left, or dropped with the rest when fewer than two are (pydantic 2026-08-06
    announced two things and said one: a judge marked it)."""
    out: list[Sentence] = []
    for k, sentence in enumerate(sentences):
        m = _ANNOUNCES.match(sentence.text.strip())
        n = _NUMBERS.get(m.group("n").lower(), 0) if m else 0
        after = sentences[k + 1:]
        if n and any(not x.text for x in after):
            left = sum(1 for x in after if x.text)
            if left < 2:
                dropped.append(Sentence(sentence.text, sentence.commits,
                                        provenance="dropped: announces a count of sentences "
                                                   "that were dropped"))
                continue
            if left != n:
                said = sentence.text.strip()
                start = m.start("n")
                word = _WORDS[left] if said[start].isupper() else _WORDS[left].lower()
                sentence = Sentence(said[:start] + word + said[m.end("n"):], sentence.commits,
                                    provenance=sentence.provenance)
        out.append(sentence)
    return [x for x in out if x.text]


def _story_title(shas: list[str], story: Episode, facts: DayFacts) -> str:
    """The story writer's title for the segment that tells most of ``shas``, when the lock
    passes it there ("Part 3" told a listener of the show's page nothing: numpy 2026-08-07)."""
    told = set(shas)
    body = [seg for seg in story.segments if seg.id not in ("intro", "focus", "sign-off")]
    best = max(body, key=lambda seg: len(told & set(seg.commits)), default=None)
    if best is not None and told & set(best.commits) and \
            not check_title(best.title, shas, facts):
        return best.title
    # else a commit of the segment named by what it brings ("Skipping pip show installed-files
    # list"): pip 2026-06-30's segment was titled "Part 2" on the show's page
    from ..editor.naming import segment_title

    by_sha = {c.sha: c for c in facts.digest.commits}
    for sha in shas:
        if sha in by_sha:
            named = segment_title(by_sha[sha])
            if named and not check_title(named, shas, facts):
                return named
    return ""


def offer_story(segments: list[Segment], story: Episode) -> None:
    """Give each drafted segment the story writer's sentences for its commits (``story``),
    what rejecting the draft puts in place. Each story sentence goes to one segment: the one
    whose commits hold all of its commits (the smallest), else the one it shares commits with,
    else (about several: the headline, the numbers) the first; a sentence naming no commit
    goes with the opening (from the story's first segment), the closing (from its last) or
    the sentence after it (a transition)."""
    sets = [set(seg.commits) for seg in segments]
    told = [(k, s) for k, seg in enumerate(story.segments) for s in seg.sentences]
    owners = [_owner(set(s.commits), sets) if s.commits else None for _, s in told]
    last = len(story.segments) - 1
    for i, (k, s) in enumerate(told):
        if s.commits or not segments:
            continue
        if k == 0:
            owners[i] = 0
        elif k == last:
            owners[i] = len(segments) - 1
        else:
            owners[i] = next((owners[j] for j in range(i + 1, len(told))
                              if told[j][0] == k and told[j][1].commits), None)
    for (_, s), owner in zip(told, owners, strict=True):
        if owner is not None:
            segments[owner].story.append(Sentence(s.text, list(s.commits)))


def _owner(commits: set[str], sets: list[set[str]]) -> int | None:
    inside = [(len(c), n) for n, c in enumerate(sets) if c and commits <= c]
    if inside:
        return min(inside)[1]
    shared = [n for n, c in enumerate(sets) if commits & c]
    if len(shared) > 1:
        return 0  # about the day across segments (the headline, the numbers): the opening
    return shared[0] if shared else None


def provenance_counts(episode: Episode) -> dict[str, int]:
    """How many sentences were drafted and verified, replaced, dropped: for the host's line."""
    out = {"verified": 0, "replaced": 0, "dropped": len(episode.dropped)}
    for seg in episode.segments:
        for s in seg.sentences:
            if s.provenance == VERIFIED:
                out["verified"] += 1
            elif s.provenance.startswith("replaced"):
                out["replaced"] += 1
    return out
