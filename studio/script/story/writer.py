"""``StoryWriter``: the day told as a story — its threads in order of what matters, three to six
highlights explained in the authors' words, rollbacks told whole, a focus from real signals,
at the length the show asks for."""

from __future__ import annotations

import datetime as dt

from ...digest.model import Digest
from ...episode import Episode
from ...profile import Profile
from ...spoken_length import spoken_words
from ..words import capitalize, count, join_words, number_words, spoken_date
from . import inputs as I
from . import phrases as P
from .campaign import campaign_lead
from .draft import Draft, Said
from .focus import focus
from .headline import headline, summary
from .highlights import MAX_DEPTH, bundle, tell, who
from .length import choose
from .plan import Highlight, Thread, plan_day
from .rollbacks import change_name, more_rollbacks
from .series import shared
from .verbs import did, doing
from .voice import Voice

QUIET = 2  # a day of at most this many commits is told whole and short
MORE_ROLLBACKS_AT = 4  # rollbacks beyond this many are named together
LENGTH_PASSES = 2  # drafts measured to choose the length again (transitions and "also" lines vary)


class StoryWriter:
    name = "story-1"

    def __init__(self, minutes: float | None = None) -> None:
        self.minutes = minutes
        self._cost: dict[int, int] = {}  # id(highlight) -> its spoken words, as chosen

    def write(self, digest: Digest, profile: Profile) -> Episode:
        from ..episode_build import build_episode

        d = digest
        threads, chores = plan_day(d, profile)
        told = self._told(d, threads)
        drafts = self._drafts(d, profile, threads, chores, told)
        for _ in range(LENGTH_PASSES if d.stats.commits > QUIET else 0):
            # the words besides the highlights, as drafted: the length is chosen again with them
            # (the first choice estimated them), so a busy day fills the minutes asked
            overhead = _spoken(drafts) - sum(self._cost.values())
            again = self._told(d, threads, overhead)
            if again == told:
                break
            told = again
            drafts = self._drafts(d, profile, threads, chores, told)
        segments = [x.to_segment() for x in drafts if x]
        order = [(t, h) for t in threads for h in t.items if id(h) in told]
        return build_episode(d, segments, headline(d, threads, chores), summary(d, order),
                             self.name)

    def _drafts(self, d: Digest, profile: Profile, threads: list[Thread], chores,
                told: dict[int, int]) -> list[Draft]:
        voice = Voice(d.date, d.repo)
        drafts = [self._intro(d, profile, threads, voice), self._numbers(d, voice)]
        drafts += self._threads(d, threads, told, voice)
        drafts.append(self._housekeeping(d, chores, voice))
        drafts.append(focus(d, threads, voice))
        drafts.append(self._sign_off(d, voice))
        return drafts

    # -- choosing -------------------------------------------------------------------------

    def _told(self, d: Digest, threads: list[Thread], overhead: int | None = None
              ) -> dict[int, int]:
        """id(highlight) -> depth, for the highlights this episode tells (``overhead``: the
        spoken words besides them, when a draft measured it)."""
        order = sorted(((_turn(t, k, i), -h.score, n, h) for n, (k, t, i, h) in enumerate(
            (k, t, i, h) for k, t in enumerate(threads) for i, h in enumerate(t.items))),
            key=lambda x: x[:3])
        ranked = [h for *_, h in order]
        if d.stats.commits <= QUIET:
            return {id(h): MAX_DEPTH for h in ranked}
        measure = Voice(d.date, d.repo)  # a voice of its own: measuring must not turn the bank
        chosen = choose(ranked, self.minutes, d, measure, len(threads), overhead)
        told = {id(ranked[i]): k for i, k in chosen.items()}
        self._cost = {id(ranked[i]): _spoken_said(tell(ranked[i], k, d, Voice(d.date, d.repo)))
                      for i, k in chosen.items()}
        # rollbacks are told whole, whatever their rank (the first few; the rest are named)
        for t in threads:
            if t.kind == "rollbacks":
                for h in t.items[:MORE_ROLLBACKS_AT]:
                    told.setdefault(id(h), 1)
        return told

    # -- segments -------------------------------------------------------------------------

    def _intro(self, d: Digest, profile: Profile, threads: list[Thread], voice: Voice) -> Draft:
        seg = Draft("intro", "Welcome")
        date = spoken_date(dt.date.fromisoformat(d.date))
        seg.say(voice.pick("greeting", P.GREETING, show=d.show, host=profile.host, date=date))
        parts: list[str] = []
        shas: list[str] = []
        for t in threads[:3]:
            phrase = _lead(t)
            if phrase:
                parts.append(phrase)
                shas += t.items[0].shas
        if parts and d.stats.commits > QUIET:
            seg.say(voice.pick("lead", P.LEAD, lead=join_words(parts)), shas)
        return seg

    def _numbers(self, d: Digest, voice: Voice) -> Draft:
        seg = Draft("numbers", "The day in numbers")
        s = d.stats
        shas = [c.sha for c in d.commits]
        branch = d.branch
        values = {"branch": branch, "branch_cap": capitalize(branch),
                  "commits": count(s.commits, "commit")}
        values["commits_cap"] = capitalize(values["commits"])
        if s.commits == 0:
            seg.say(voice.pick("none", P.NO_COMMITS, **values))
            if s.lookback_commits:
                seg.say(voice.pick("lookback", P.LOOKBACK, days=count(s.lookback_days, "day")
                                   .split(" ")[0], commits=count(s.lookback_commits, "commit")))
            return seg
        if s.commits <= QUIET:
            seg.say(voice.pick("quiet", P.QUIET, **values), shas)
            return seg
        if s.authors:
            authors = count(s.authors, "author") if s.authors > 1 else "one author"
            seg.say(voice.pick("numbers", P.NUMBERS, authors=authors,
                               authors_cap=capitalize(authors), **values), shas)
        else:
            seg.say(voice.pick("numbers-bots", P.NUMBERS_BOTS, **values), shas)
        if s.reverts:
            one = s.reverts == 1
            seg.say(voice.pick("revert-count", P.REVERT_COUNT, reverts=count(s.reverts, "")
                               .split(" ")[0], reverts_cap=capitalize(count(s.reverts, "")
                                                                    .split(" ")[0]),
                               verb="was" if one else "were",
                               noun="a rollback" if one else "rollbacks",
                               counted="a rollback" if one else count(s.reverts, "rollback"),
                               revert_noun="a revert" if one else "reverts"),
                    [r.sha for r in d.reverts])
        if s.relands:
            one = s.relands == 1
            seg.say(voice.pick("reland-count", P.RELAND_COUNT, relands=count(s.relands, "reland"),
                               relands_cap=capitalize(count(s.relands, "reland")),
                               verb="was" if one else "were",
                               landing="a second landing" if one else "second landings",
                               comeback="a comeback" if one else "comebacks"),
                    [r.sha for r in d.relands])
        return seg

    def _threads(self, d: Digest, threads: list[Thread], told: dict[int, int],
                 voice: Voice) -> list[Draft]:
        drafts: list[Draft] = []
        previous = ""
        for t in threads:
            chosen = [h for h in t.items if id(h) in told]
            if not chosen:
                continue
            seg = Draft(t.key if t.kind == "rollbacks" else f"{t.kind}-{_slug(t.key)}",
                        capitalize(t.name or t.label))
            seg.say(_transition(t, chosen, len(drafts), previous, voice),
                    [s for h in chosen for s in h.shas] if t.kind != "topic" else [])
            detailed = chosen[:MORE_ROLLBACKS_AT] if t.kind == "rollbacks" else bundle(chosen)
            reverts = [h for h in detailed if h.kind == "revert"]
            last = ""
            for h in detailed:
                # the people told ("They also …" follows only people, never a bot's updates)
                author = " ".join(I.names(h.commits[0])) if h.kind == "commit" and h.commits else ""
                seg.extend(tell(h, told.get(id(h), 1), d, voice, alone=len(reverts) == 1,
                                again=bool(author) and author == last))
                last = author if h.kind == "commit" else ""
            if len(reverts) > 1 and all(h.reland is None for h in reverts):
                seg.say(voice.pick("none-back", P.NONE_BACK), [h.revert.sha for h in reverts
                                                               if h.revert])
            said = {id(h) for h in (detailed if t.kind == "rollbacks" else chosen)}
            rest = [h for h in t.items if id(h) not in said]
            if rest and t.kind == "rollbacks":
                seg.extend([more_rollbacks(rest, voice)])
            elif rest:
                seg.extend([_also(rest, voice, P.ALSO_OTHER if t.key == "other" else P.ALSO)])
            drafts.append(seg)
            previous = t.kind
        leftovers = [t for t in threads if not any(id(h) in told for h in t.items)]
        if leftovers:
            drafts.append(_more(leftovers, voice))
        return drafts

    def _housekeeping(self, d: Digest, chores, voice: Voice) -> Draft:
        """The chores in one sentence; on a day whose other changes explain nothing, a second
        one for the chore whose author says why (a CODEOWNERS change that prepares required
        reviews is news to contributors)."""
        seg = Draft("housekeeping", "Housekeeping")
        if not chores:
            return seg
        kinds = list(dict.fromkeys(I.housekeeping_kind(c, d) or "upkeep" for c in chores))
        if d.stats.commits <= QUIET:
            for c in chores:
                seg.extend(tell(Highlight("commit", [c], 0.0), 1, d, voice))
            return seg
        seg.say(voice.pick("housekeeping", P.HOUSEKEEPING, count=count(len(chores), "change"),
                           what=join_words(kinds[:4])), [c.sha for c in chores])
        chore = {c.sha for c in chores}
        explains = any(I.explanation(c) for c in d.commits if c.sha not in chore)
        why = None if explains else next((c for c in chores if I.explanation(c)), None)
        if why is not None:
            seg.extend(tell(Highlight("commit", [why], 0.0), 1, d, voice))
        return seg

    def _sign_off(self, d: Digest, voice: Voice) -> Draft:
        seg = Draft("sign-off", "Sign-off")
        date = spoken_date(dt.date.fromisoformat(d.date)).rsplit(",", 1)[0]
        seg.say(voice.pick("sign-off", P.SIGN_OFF, show=d.show, date=date))
        return seg


def _spoken(drafts: list[Draft]) -> int:
    return sum(spoken_words(s.text) for x in drafts for s in x.sentences)


def _spoken_said(said) -> int:
    return sum(spoken_words(t) for t, _ in said)


BIG_THREAD = 5  # from this many changes, a thread's second change comes before small threads


def _turn(t: Thread, rank: int, i: int) -> float:
    """When the ``i``-th highlight of thread ``t`` (``rank``-th of the day) is considered: each
    of the top threads' best first; then a big thread's second and third changes before a
    small thread's only one (on a busy day the big threads are the day's story)."""
    weight = 1 + min(len(t.items) // BIG_THREAD, 2)
    if i == 0 and rank >= 3 and len(t.items) < BIG_THREAD and t.kind != "rollbacks":
        return 0.75
    return i / weight


def _lead(t: Thread) -> str:
    h = t.items[0]
    if t.kind == "rollbacks":
        reverts = [x for x in t.items if x.kind == "revert"]
        if len(reverts) > 1:
            return count(len(reverts), "rollback")
        if h.kind == "revert" and h.revert is not None:
            return f"{change_name(h.revert.reverted_title)} went back"
        if h.reland is not None:
            return f"{change_name(h.reland.title)} came back"
        return ""
    if h.kind == "stack" and h.stack is not None and h.stack.kind == "campaign":
        return campaign_lead(h.commits, h.stack.author)  # "six removals from iamzainhuda"
    if h.kind == "stack":
        same = shared([I.title(c) for c in h.commits])
        if same is not None:  # "improved shape-typing for ten ndarray methods"
            return f"{same.phrase} for {same.what}"
    version = I.release(h.commits[0])
    return f"version {version}" if version else doing(I.title(h.commits[0]))


def _name(t: Thread, voice: Voice) -> str:
    """A thread's spoken name; a module's or tag's said one of several ways, day by day."""
    return t.name or voice.pick("thread-name", P.THREAD_NAME, x=t.label)


def _transition(t: Thread, chosen: list[Highlight], position: int, previous: str,
                voice: Voice) -> str:
    first = position == 0
    name = _name(t, voice)
    if t.kind == "rollbacks":
        n = sum(1 for h in t.items if h.kind == "revert")
        if n == 0:
            return voice.pick("comebacks", P.FIRST_THREAD if first else P.LATER_THREAD, name=name)
        # told after other news, the opener must not say "first" ("A rollback first.")
        if n == 1:
            return voice.pick("rollbacks-one", P.ROLLBACKS_ONE if first else P.ROLLBACKS_ONE_LATER)
        return voice.pick("rollbacks-many", P.ROLLBACKS_MANY if first else P.ROLLBACKS_MANY_LATER,
                          count=count(n, "change"), count_cap=capitalize(count(n, "change")))
    if t.key == "other":
        bank = P.OTHER_FIRST if first else P.OTHER_ONE if len(chosen) == 1 else P.OTHER_THREAD
        return voice.pick("other", bank)
    if first:
        return voice.pick("first", P.FIRST_THREAD, name=name)
    if previous == "rollbacks":
        return voice.pick("after-rollbacks", P.AFTER_ROLLBACKS, name=name)
    if position == 1:
        return voice.pick("next", P.NEXT_THREAD, name=name)
    return voice.pick("later", P.LATER_THREAD, name=name)


def _also(rest: list[Highlight], voice: Voice, bank: list[str]) -> Said:
    shas = [s for h in rest for s in h.shas]
    if len(rest) <= 3:
        by: dict[str, list[str]] = {}  # one person's changes said together
        for h in rest:
            if h.commits:
                by.setdefault(who(h.commits[0]), []).append(did(I.title(h.commits[0])))
        items = [f"{person} {join_words(acts)}" for person, acts in by.items()]
        return voice.pick("also", bank, items=join_words(items, "and")), shas
    n = f"{number_words(len(rest))} more changes"
    return voice.pick("also-count", P.ALSO_COUNT, count=n, count_cap=capitalize(n)), shas


def _more(threads: list[Thread], voice: Voice) -> Draft:
    seg = Draft("more", "More from the day")
    n = sum(len(h.commits) for t in threads for h in t.items)
    # plain names in a list ("IDE, ty, and other changes"), not "work on IDE, changes to ty"
    labels = join_words([t.name or t.label for t in threads[:3]]
                        + (["more"] if len(threads) > 3 else []))
    seg.say(f"{capitalize(count(n, 'more change'))} went to {labels}",
            [s for t in threads for s in t.shas])
    return seg


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split()) or "work"
