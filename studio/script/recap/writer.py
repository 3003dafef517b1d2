"""``RecapWriter``: a span told as its biggest stories across days — a busy week keeps five to
eight, a quiet one stays short — framed by the week's numbers, each sentence with its commits.

A sibling of the daily :class:`~studio.script.writer.ScriptWriter`: ``write_span`` takes the
span's digest (:mod:`studio.digest.span`) instead of a day's, and returns the same Episode,
marked ``kind = "recap"``.
"""

from __future__ import annotations

from ...digest.span import SpanDigest
from ...digest.span_stories import SpanStory, busy_limit
from ...digest.span_sweeps import drive
from ...episode import Episode
from ...profile import Profile
from ..episode_build import build_episode
from ..story import inputs as I
from ..story.draft import Draft, words_in
from ..story.headline import _short, plain, title_case
from ..story.length import target_words
from ..story.rollbacks import change_name
from ..story.series import shared
from ..story.verbs import doing
from ..story.voice import Voice
from ..words import capitalize, count, join_words, number_words
from .days import Calendar
from .tell import tell_story

FRAME_WORDS = 120  # greeting, the numbers, the rest of the week, the sign-off
DEEP = 2  # a story told with the authors' explanation
MAX_DEPTH = 3  # and with more of it, when the length allows

GREETING = [
    "This is {show}, and this is the weekly recap for {span}. I'm {host}.",
    "Welcome to the {show} weekly recap. I'm {host}, looking back at {span}.",
    "Hello, and welcome to the weekly recap of {show}, for {span}. I'm {host}.",
]
SPAN_GREETING = [
    "This is {show}, with a recap of {span}. I'm {host}.",
    "Welcome to a {show} recap, covering {span}. I'm {host}.",
]
LEAD = ["The stories that ran through it: {lead}.", "Here is what carried it: {lead}.",
        "Its biggest stories: {lead}."]
SIGN_OFF = ["That's the week in {show}. The dailies are back tomorrow.",
            "And that's the recap. Thanks for listening to {show}.",
            "That was the week. See you at the next daily episode of {show}."]


class RecapWriter:
    name = "recap-1"

    def __init__(self, minutes: float | None = None) -> None:
        self.minutes = minutes

    def write_span(self, sd: SpanDigest, profile: Profile) -> Episode:
        d = sd.digest
        cal = Calendar(sd.dates.first, sd.dates.last)
        voice = Voice(sd.dates.last.isoformat(), d.repo)
        least, most = busy_limit(sd.stats.commits, len(sd.stories))
        measure = Voice(sd.dates.last.isoformat(), d.repo)  # measuring must not turn the bank
        budget = target_words(self.minutes) - FRAME_WORDS
        told: list[SpanStory] = []
        said_all = []
        for i, s in enumerate(sd.stories[:most]):
            depth = DEEP if budget > 0 and (i < 3 or most <= 4) else 1
            said = tell_story(s, sd, cal, measure, depth)
            if budget - words_in(said) < 0 and depth > 1:
                depth, said = 1, tell_story(s, sd, cal, measure, 1)
            if budget - words_in(said) < 0 and len(told) >= least:
                break
            budget -= words_in(said)
            told.append(s)
            said_all.append(depth)
        for i, s in enumerate(told):  # length left: the biggest stories told deeper first
            deeper = words_in(tell_story(s, sd, cal, measure, MAX_DEPTH)) - words_in(
                tell_story(s, sd, cal, measure, said_all[i]))
            if 0 < deeper <= budget:
                said_all[i], budget = MAX_DEPTH, budget - deeper
        drafts = [self._intro(sd, profile, told, cal, voice), self._numbers(sd, cal)]
        for i, (s, depth) in enumerate(zip(told, said_all, strict=True)):
            said = tell_story(s, sd, cal, voice, depth)
            seg = Draft(f"story-{i + 1}", capitalize(story_name(s)))
            seg.extend(said)
            drafts.append(seg)
        drafts.append(self._rest(sd, told, cal))
        drafts.append(self._focus(sd))
        drafts.append(self._sign_off(sd, voice))
        segments = [x.to_segment() for x in drafts if x]
        episode = build_episode(d, segments, self._title(sd, told), self._summary(sd, told),
                                self.name)
        episode.kind = "recap"
        episode.span_start = sd.dates.first.isoformat()
        episode.date = sd.dates.last.isoformat()
        return episode

    @staticmethod
    def _focus(sd: SpanDigest) -> Draft:
        """What the span asks listeners to act on, from the same findings the dailies use
        (studio.editorial.findings), told as the daily writer's focus tells them."""
        from ...editorial.findings import find_findings
        from ..editor.focus import focus

        d = sd.digest
        found = find_findings(c for c in d.commits if c.revert is None)
        seg = focus(d, found, (), None, span="this week's" if sd.dates.week else "the span's")
        return seg if any(x.commits for x in seg.sentences) else Draft("focus", seg.title)

    def _intro(self, sd: SpanDigest, profile: Profile, chosen: list[SpanStory], cal: Calendar,
               voice: Voice) -> Draft:
        seg = Draft("intro", "Welcome")
        bank = GREETING if sd.dates.week else SPAN_GREETING
        seg.say(voice.pick("greeting", bank, show=sd.digest.show, host=profile.host,
                           span=cal.span()))
        lead = [story_name(s) for s in chosen[:3]]
        if lead and sd.stats.commits > 2:
            seg.say(voice.pick("lead", LEAD, lead=join_words(lead)),
                    [sha for s in chosen[:3] for sha in s.shas])
        return seg

    def _numbers(self, sd: SpanDigest, cal: Calendar) -> Draft:
        seg = Draft("numbers", "The week in numbers" if sd.dates.week else "The numbers")
        s, d = sd.stats, sd.digest
        shas = [c.sha for c in d.commits]
        days = count(sd.dates.length, "day")
        if not s.commits:
            seg.say(f"Nothing landed on {d.branch} in these {days}")
            return seg
        who = f" from {count(s.authors, 'author')}" if s.authors > 1 else \
            " from one author" if s.authors == 1 else ""
        seg.say(f"In {days}, {d.branch} took {count(s.commits, 'commit')}{who}", shas)
        if s.newcomers_known and s.newcomers:
            firsts = [c for c in d.commits if c.author in s.newcomers]
            names = join_words(s.newcomers[:4] + (["more"] if len(s.newcomers) > 4 else []))
            n = len(s.newcomers)
            if n == 1 and s.authors == 1:
                said = f"It was {names}'s first contribution"
            elif n == s.authors:
                said = ("Both" if n == 2 else f"All {number_words(n)}") + \
                    f" were contributing for the first time: {names}"
            else:
                said = (f"{capitalize(count(n, 'of them', 'of them'))} "
                        f"{'was' if n == 1 else 'were'} contributing for the first time: {names}")
            seg.say(said, [c.sha for c in firsts])
        if s.reverts or s.relands:
            parts = []
            if s.reverts:
                parts.append(f"{count(s.reverts, 'change')} went back")
            if s.relands:
                parts.append(f"{count(s.relands, 'change')} came back after a revert")
            seg.say(capitalize(join_words(parts)),
                    [r.sha for r in d.reverts] + [r.sha for r in d.relands])
        counts = sorted(s.per_day.values(), reverse=True)
        if s.active_days > 1 and counts[0] > counts[1]:  # one day stands out
            top = max(s.per_day.items(), key=lambda kv: kv[1])
            day_shas = [sha for sha, date in sd.day_of.items() if date == top[0]]
            seg.say(f"The busiest day was {cal.name(top[0])}, with {count(top[1], 'commit')}",
                    day_shas)
        return seg

    def _rest(self, sd: SpanDigest, told: list[SpanStory], cal: Calendar) -> Draft:
        seg = Draft("more", "More from the week" if sd.dates.week else "More from these days")
        said = {sha for s in told for sha in s.shas}
        rest = [s for s in sd.stories if not set(s.shas) & said]
        shas = [sha for s in rest for sha in s.shas]
        if rest:
            named = [story_name(s) for s in rest[:3]]
            n = sum(len(s.commits) for s in rest)
            more = ", and more" if len(rest) > 3 else ""
            listed = join_words(named) if len(rest) <= 3 else ", ".join(named)
            among = ": " if len(rest) == n else ", among them "
            seg.say(f"{capitalize(count(n, 'more change'))} landed{among}{listed}{more}",
                    [sha for s in rest[:3] for sha in s.shas])
            if len(rest) > 3:
                k = n - sum(len(s.commits) for s in rest[:3])
                said = "The other change is" if k == 1 else f"The {count(k, 'other change')} are"
                seg.say(f"{said} linked in the episode notes",
                        [sha for s in rest[3:] for sha in s.shas])
        chores = [c for c in sd.digest.commits if c.sig is not None and c.sig.housekeeping
                  and c.sha not in said and c.sha not in shas]
        if chores:
            kinds = list(dict.fromkeys(I.housekeeping_kind(c, sd.digest) for c in chores))
            lead = "And " if rest else ""
            seg.say(f"{lead}{count(len(chores), 'change')} went to upkeep: "
                    f"{join_words(kinds[:4])}", [c.sha for c in chores])
        return seg

    def _sign_off(self, sd: SpanDigest, voice: Voice) -> Draft:
        seg = Draft("sign-off", "Sign-off")
        seg.say(voice.pick("sign-off", SIGN_OFF, show=sd.digest.show, repo=sd.digest.repo))
        return seg

    def _title(self, sd: SpanDigest, told: list[SpanStory]) -> str:
        """"Weekly Recap – Python Semantic Work, and a Revert That Came Back": the week's two
        biggest stories where both fit (as the seeds' "Compiler Correctness and the Long Tail
        of Cleanup"), else the first that a plain phrase names."""
        head = "Weekly Recap" if sd.dates.week else "Recap"
        named = [(s, t) for s in told if (t := story_title(s)) and plain(t)]
        if named:
            first, text = named[0]
            second = next((p for s, _ in named[1:] if (p := story_phrase(s)) and plain(p)
                           and p.lower() not in text.lower()), "")
            if second and len(f"{text} {second}".split()) <= 10:
                text = f"{text}, and {second}"
            return f"{head} – {capitalize(text)}"
        if not sd.stats.commits:
            return f"{head} – A Quiet {'Week' if sd.dates.week else 'Stretch'}"
        return f"{head} – {capitalize(number_words(sd.stats.commits))} Changes on {sd.digest.branch}"

    def _summary(self, sd: SpanDigest, told: list[SpanStory]) -> str:
        s = sd.stats
        cal = Calendar(sd.dates.first, sd.dates.last)
        head = (f"{sd.digest.show}, {cal.span()}: {count(s.commits, 'commit')} from "
                f"{count(s.authors, 'author')}")
        if not s.commits:
            return f"{sd.digest.show}, {cal.span()}: nothing landed on {sd.digest.branch}."
        if not told:
            return head + "."
        return f"{head}. The stories: {join_words([story_name(x) for x in told[:4]])}."


def story_name(s: SpanStory) -> str:
    """A story named in a few words: "the return of the change to X", "version 0.12.0"."""
    if s.kind == "comeback" and s.reland is not None:
        return f"the return of {change_name(s.reland.title)}"
    if s.kind == "rollback" and s.revert is not None:
        return f"the revert of {change_name(s.revert.reverted_title)}"
    if s.kind == "release":
        return f"version {s.version}"
    if s.kind == "series":
        common = shared([I.title(c) for c in s.commits])
        if common is not None:
            return f"{common.phrase} for {common.what}"
        who = I.person(s.stack.author if s.stack is not None else s.commits[0].author)
        tag = series_tag(s)
        return f"{who}'s {number_words(len(s.commits))}-part {tag + ' ' if tag else ''}series"
    if s.kind == "theme" and s.label:
        return f"the {s.label} work"
    if s.kind == "sweep":
        who = I.person(s.commits[0].author)
        return f"{who}'s {drive(s.commits) or 'sweep'}" + (" drive" if drive(s.commits) else "")
    if s.kind == "removal":
        return doing(I.title(s.commits[-1]))
    return doing(I.title(s.commits[0]))



def series_tag(s: SpanStory) -> str:
    """The title tag every part of a series shares ("XPU"), "" when they share none."""
    tags = [{t for t in c.tags} for c in s.commits]
    common = set.intersection(*tags) if tags else set()
    return min(common, key=lambda t: [c.tags.index(t) for c in s.commits][0]) if common else ""


def story_title(s: SpanStory) -> str:
    """The story as an episode title: "Bob Okafor's XPU Series", "Version 0.12.0 Is Out",
    "Reverted and Back: Add a Fused Attention Kernel"; "" when no plain phrase names it."""
    if s.kind == "comeback" and s.reland is not None:
        name = _short(I.spoken(s.reland.title), 6)
        return f"Reverted and Back: {title_case(name)}" if name else ""
    if s.kind == "rollback" and s.revert is not None:
        name = _short(I.spoken(s.revert.reverted_title), 6)
        return f"Reverted: {title_case(name)}" if name else ""
    if s.kind == "release":
        return f"Version {s.version} Is Out"
    if s.kind == "series" and s.stack is not None:
        tag = series_tag(s)
        who = I.person(s.stack.author)
        if tag:
            return f"{who}'s {tag} Series"
    if s.kind == "theme" and s.label:
        return title_case(f"{s.label} work")
    if s.kind == "sweep":
        return title_case(story_name(s), frozenset(I.person(s.commits[0].author).split()))
    return title_case(_short(story_name(s), 7))


def story_phrase(s: SpanStory) -> str:
    """The story as the second half of a title: "a Revert That Came Back", "Version 0.12.0"."""
    if s.kind == "comeback":
        return "a Revert That Came Back"
    if s.kind == "rollback":
        return "a Revert"
    if s.kind == "series" and s.stack is not None and series_tag(s):
        return f"the {series_tag(s)} Series"
    if s.kind in ("theme", "release"):
        return story_title(s)
    return ""
