"""The messages the model is sent: an editor's brief to a writer, the day's plan and its record.

The system message is the brief (how the show is told, what may be said); the user message
holds the day as JSON: its numbers, the editorial plan (:mod:`studio.editorial.plan`) as the
order to tell it in, the findings (what listeners must act on) and one card per commit with
its record as written (:mod:`.facts`). Every sentence names the commits it tells — the fact
lock holds it to that afterwards. :func:`part_messages` and :func:`frame_messages` are the same
brief cut down for a model whose context window cannot hold the whole day (:mod:`.parts`).
"""

from __future__ import annotations

import datetime as dt
import json
import re

from ...editorial.findings import nothing_to_change, uplift_of
from ...editorial.record import commit_record
from ...profile import Profile
from ..editor.focus import ORDER
from ..words import spoken_date
from .facts import DayFacts
from .plan_brief import DayBrief

WORDS_A_MINUTE = 150
DEFAULT_STYLE = ("A daily briefing for the project's developers: warm, direct and concrete, "
                 "like a colleague who read every change so the listener does not have to.")

BRIEF = """You are the writer of a daily spoken podcast about one software repository's main
branch. The listeners are the project's developers and users; they hear the script read aloud
once, without seeing it. I am your editor. I have read the day, chosen the stories and put
them in order (the "plan" in the JSON below); you write the script from the commits' own
records (their "record" fields: commit messages and pull-request descriptions as the authors
wrote them; a "release_note" field is the project's own note to its users about the change,
the best word on what it means to them). A merge's record goes on with what its branch's own
commits said, oldest first: what a later one drops or replaces never reached the main branch,
so tell only what the branch ends with.

How to tell the day:
1. Open with a greeting, the show's name and the spoken date, then what is on the show:
   the headline and the next one or two stories, each named in a phrase ("a C++ SDK in the
   wheel and DFlash"; that sentence lists their commits). Then the shape of the day: how
   many commits and how many people wrote them (stats.authors counts people;
   stats.bot_commits came from automation, said apart), and, where the records show it,
   what kind of day it was in a few words (release preparation, a run of typing fixes).
2. Rollbacks come first (plan.rollbacks): whose work went back, what it had done, who took
   it out and the reason exactly as the record gives it (or that no reason was given). If it
   came back (a reland), tell it as a comeback: that it had been reverted, what it does,
   and what is different the second time, if the record says.
3. Then the stories (plan.stories), the headline first, each joined to the one before by
   a spoken transition, never a cold start. Open each with the problem as a listener met
   it or what they can now do, and name whose work it is early on; then tell it as an
   editor would want: the problem (what went wrong or was missing), the cause when the record gives it,
   the fix (what the change does), the evidence (the one or two numbers or test results
   that prove it) and what it means for the listener: what to do, if anything. Several
   commits in one story (a stack, a series, one person's campaign) are ONE story: say what
   they add up to first, then the steps in a sentence or two, not commit by commit. Retell
   the record in your own plain words: never paste its sentences, and leave out what only
   a reviewer needs (implementation details, the order of internal calls, file lists).
   Tell a problem by what a user saw (a task left asleep, a build that failed, a script
   that worked from one folder and not another), in the past tense, and use the record's
   own concrete example when it gives one; the mechanism comes after, in a sentence. When a
   change matters for a reason a listener may not know (why a comparison should take
   constant time, what a lost wake-up does to a program), say that reason in one plain
   sentence of common developer knowledge, with no number, name or version in it and no
   claim about this project that its records do not make. The first time you use a term
   a listener may not know (a zipapp, a ufunc, a type stub, a release branch), say what it
   is in a few plain words.
   Never call changes "a series", "both" or "the same author's" unless their commits say
   so (a bot's change and a person's are not one). Where the records show how two commits
   connect (a test that reproduces the bug another fixes, a fix for another change's
   fallout), tell them together in the first one's story, as the records connect them.
   A story's "also_fixes" are fixes its commit carries past its own point: give them a
   short segment of their own right after it (problem, fix, evidence), not a line inside it.
4. Then plan.in_a_sentence_each: one or two sentences each, what it does and for whom.
5. Then plan.covered_in_one_line: one or two sentences that cover them honestly and together
   (what kind of work it was, grouped by area: "seven for the Arm backend, mostly CI"; tests,
   docs, refactoring), with a count that is exactly the number of commits the sentence
   names; never one by one (a list of titles read out is a commit log, not a show), and
   never more than three things named in one sentence. Every commit of the day is told
   somewhere, and the counts you say add up to the day's numbers (plan.numbers).
6. "Today's focus": a short segment of what listeners should do, the findings (what they
   must act on) first, each told as what to do: what changed, who is affected, what to use
   or set instead.
   Findings come most important first: tell every break, removal, rename and new
   requirement; others only while the segment stays short. Each item is one or two short
   sentences: who it affects, then what to do; never a run of names, and never a story
   retold. A finding marked only_the_title is a version the project's own build moved to,
   named in a title alone: say what moved, never tell listeners to move with it. A rollback
   of work that had landed before today belongs here too: what listeners lose again, as its
   record tells it. So does a fix to something listeners may
   have copied into their own code (a documentation example, a sample configuration): how
   to check their copy, from the record's own description of the mistake. With fewer than
   three findings, add up to three changes from today's stories a listener would most want
   to act on, each said from that story's commits: who is affected (the
   symptom the record gives, so a listener can tell whether they hit it) and what to do
   (get the fix from the next release, or from main if they build it; until then, avoid
   what the record says triggers it; try the new option), never an instruction the
   record does not support (a check must be one the record says reveals the problem). Tell
   each item as an option for those it concerns ("if you mix the two calls, pick up the
   fix"). Say "no action needed", "nothing to change" or "no migration" only when
   plan.nothing_to_change is true and the segment has no item: before items it is heard as
   a contradiction.
7. Close with a short sign-off (no facts in it), and give the episode a title (a few words
   a listener would remember, naming the headline, never a commit title pasted) and a one-
   or two-sentence summary. Segment titles are short headlines too, not commit titles.

How to write it:
- Spoken English for the ear: short and medium sentences (most under twenty words), one
  thought each (no semicolons), each standing on its own when heard (name what "it" or
  "this" is). At most one number in a sentence, two for a before-and-after. No markdown,
  lists, backticks, URLs, file paths read out, or emoji.
- Identifiers: describe them ("the CUDA backend's memory planner") or say them as a
  developer says them aloud ("the to-executorch call"); say a name exactly as the record
  writes it when you say it at all, and only the names a listener must type or look for
  (an option to set, a module renamed). At most one such name in a sentence. Never read
  out an environment variable in capitals, a method path or a builder call: say what it
  turns on and where, with the option's name once in plain words so a listener can find it
  ("an unstable runtime builder option, enable sharded blocking queue"). Never point listeners
  to show notes, links or documents the records do not name. Never say a pull request or
  issue number (a listener cannot use one), except a stack's range. Never say a function,
  type, file or module name a listener could not spell from hearing it (a C helper, an
  abbreviated file name, a function like "ispace"): say what it is ("the tuple slicing
  helper", "the type analysis code", "the string functions").
- Never pad: no restating the plan's words, no line or file counts where the record says
  more. A quiet day has fewer stories, never thinner ones: each story of plan.stories gets
  its whole telling, with the record's own example of the problem when it gives one.
- When you announce a count ("two things to act on"), say exactly that many.
  Say the day's numbers once, in the opening; never tally the script ("five in the
  stories, seven here").
- Never name your sources ("the record says", "is titled", "no further description").
- Tell what main has now: how a pull request changed between its drafts is not news.
- A commit with nothing beyond its title (a release merged back): tell what its files show
  (a changelog entry, the code it touches), never a guess at what it does.
- A number belongs to what was measured (one kernel, one model): never widen it.
- About six sentences a segment; a longer story is two segments, a series a few steps.
- Name each person once, where their work is told (their name as in "author"); do not repeat
  names, and never turn a handle or a bot into a person ("a bot" or "an automated update").
- Say only what the records, the plan and the numbers say. Never add a number, date, name,
  version, identifier, environment variable or claim that is not written in the commits a
  sentence names. No praise or hype the record does not support, and no template or bot
  text (no checklists, "this PR", "cc", test-plan boilerplate).
- Every sentence lists in "commits" the short shas of the commits it tells (all of them: a
  sentence about a story names every commit of it that it speaks for). A sentence with an
  empty "commits" list is a stock line (greeting, transition, sign-off) and states no fact
  except the show's name, the date and the day's numbers.

Answer with one JSON object only, no other text:
{"title": str, "summary": str, "segments": [{"title": str,
 "sentences": [{"text": str, "commits": [short sha, ...]}]}]}
Segments: the opening, one per rollback or story, one for the sentence-each items and the
rest, "Today's focus", and the sign-off."""

PART_BRIEF = """This time you write only PART of the day's script: the stories in this
message's plan, told as the brief says (problem, cause, fix, evidence, what to do; a story
of several commits told as one). No greeting, no numbers of the whole day, no "Today's
focus", no sign-off: those are written separately. Use "title": "" and "summary": ""."""

FRAME_BRIEF = """This time you write only the FRAME of the day's script, from the plan, the
findings and the commits' titles (the stories themselves are written separately, so do not
tell them here): segment 1 is the opening (greeting, the show's name, the spoken date, the
shape of the day with its numbers and the headline in a phrase); segment 2 is "Today's
focus" from the findings (leave it out when there are none); the last segment is the
sign-off. Give the whole episode's title and summary."""


PER_COMMIT = 110  # words a quiet day's commit gets at least
RICH_COMMIT = 330  # and at most, when its record has that much to tell
BUSY = 20  # commits from which a day gets the longest show
MIDDLING = 6  # and from which a day gets the middle one


def target_words(minutes: float | None, records: list[int]) -> int:
    """Words to aim at: the show's length for a busy day, less on a quiet one; a quiet day's
    commit gets a third of its record's words (110 to 330), so a one-commit day whose record
    explains a saving tells it (round 8's judge on a 210-word script of an 850-word record:
    "thin ... never explains why" the change matters). ``records``: each commit's words."""
    # when the host sets no length: five minutes for a day of 20 commits or more, four from
    # six, else three. Round 12's judge preferred the editors' scripts on the days the two
    # tied for "giving listeners more to act on": they ran 850-1000 words where ours ran 600
    # ("shorter and tighter ... thinner"); the seed briefings run 370-640.
    n = len(records)
    full = round((minutes or (5.0 if n >= BUSY else 4.0 if n >= MIDDLING else 3.0)) *
                 WORDS_A_MINUTE)
    return min(full, 120 + sum(max(PER_COMMIT, min(RICH_COMMIT, w // 3)) for w in records))


def day_words(facts: DayFacts, minutes: float | None) -> int:
    """:func:`target_words` for the day ``facts`` holds."""
    return target_words(minutes, [commit_record(c).words for c in facts.digest.commits])


def _steps(keep: set[str]) -> str:
    """:data:`BRIEF` with only the numbered steps of "How to tell the day" in ``keep``: a
    part's request needs no opening or focus, the frame's no stories (a 4096-token window
    held the frame's request only without them)."""
    head, _, rest = BRIEF.partition("How to tell the day:\n")
    steps, _, tail = rest.partition("\nHow to write it:")
    parts = re.split(r"(?m)^(?=\d\. )", steps)
    kept = [p for p in parts if p[:1] in keep]
    return f"{head}How to tell the day:\n{''.join(kept)}\nHow to write it:{tail}"


def _system(profile: Profile, extra: str = "", steps: str = "1234567") -> str:
    style = getattr(profile, "style", "") or DEFAULT_STYLE
    brief = BRIEF if steps == "1234567" else _steps(set(steps))
    return f"{brief}\n\nThe show's style: {style}" + (f"\n\n{extra}" if extra else "")


def day_header(facts: DayFacts) -> dict:
    d = facts.digest
    s = d.stats
    return {"show": d.show, "host": facts.profile.host, "repository": d.repo,
            "branch": d.branch, "date": d.date,
            "spoken_date": spoken_date(dt.date.fromisoformat(d.date)),
            "stats": {"commits": s.commits, "reverts": s.reverts, "relands": s.relands,
                      "authors": s.authors, "bot_commits": s.bot_commits,
                      "merged_prs": s.merged_prs}}


def findings_of(facts: DayFacts, shas: set[str] | None = None) -> list[dict]:
    """The findings, most important first (a break before a stated limit), as the focus
    tells them: the brief asks for every break, removal, rename and requirement."""
    found = sorted((f for f in facts.findings if shas is None or f.sha in shas),
                   key=lambda f: ORDER.index(f.kind) if f.kind in ORDER else len(ORDER))
    return [{"kind": f.kind, "commit": f.sha[:7], "sentence": f.sentence,
             **({"about": f.subject} if f.subject else {}),
             **({"use_instead": f.replacement} if f.replacement else {}),
             # a title's version uplift: the project's own build moved; the record asks
             # nothing of users (round 19's judges: "move your setup to SDK 26.05" overreached)
             **({"only_the_title": True} if f.paragraph < 0 and uplift_of(f.sentence) else {})}
            for f in found]


def _user(lead: str, body: dict) -> str:
    return lead + "\n\n" + json.dumps(body, ensure_ascii=False, indent=None)


def messages(facts: DayFacts, brief: DayBrief, minutes: float | None) -> list[dict[str, str]]:
    """The whole day in one request."""
    words = day_words(facts, minutes)
    day = day_header(facts) | {
        "plan": brief.plan | {"nothing_to_change": nothing_to_change(facts.findings)},
        "findings": findings_of(facts), "commits": facts.cards}
    # (round 28: "a quiet day may be shorter" gave 280 words for a five-commit day whose
    # editor wrote 640, and the judges found the second and third stories a line each)
    lead = f"Write about {words} words for the day below, following the plan."
    return [{"role": "system", "content": _system(facts.profile)},
            {"role": "user", "content": _user(lead, day)}]


def part_messages(facts: DayFacts, brief: DayBrief, part: dict, cards: list[dict],
                  words: int) -> list[dict[str, str]]:
    """One part of the day: ``part`` (a plan cut to some of its stories) and their cards."""
    shas = {c for c in facts.by_sha if c[:7] in {card["sha"] for card in cards}}
    day = day_header(facts) | {"plan": part, "findings": findings_of(facts, shas),
                               "commits": cards}
    lead = f"Write about {words} words for these stories of the day, following the plan."
    return [{"role": "system", "content": _system(facts.profile, PART_BRIEF, "2345")},
            {"role": "user", "content": _user(lead, day)}]


def frame_messages(facts: DayFacts, brief: DayBrief, words: int) -> list[dict[str, str]]:
    """The opening, the day's numbers, Today's focus and the sign-off, from titles only."""
    titles = [{k: c[k] for k in ("sha", "title", "author", "pr", "bot", "landed_before_today")
               if k in c} for c in facts.cards]
    day = day_header(facts) | {
        "plan": brief.plan | {"nothing_to_change": nothing_to_change(facts.findings)},
        "findings": findings_of(facts), "commits": titles}
    lead = f"Write about {words} words: the opening, Today's focus and the sign-off."
    return [{"role": "system", "content": _system(facts.profile, FRAME_BRIEF, "167")},
            {"role": "user", "content": _user(lead, day)}]
