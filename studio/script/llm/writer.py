"""``LlmWriter``: the day drafted by a language model, every fact locked to the record.

Off by default (show.toml ``[writer] kind = "llm"``, or ``--writer llm``). The story writer
always writes the day too. A sentence the fact lock rejects goes back to the model once with
the reason (:mod:`.revise`) and is dropped if it still fails; the story writer's sentence for the
same commits stands in only when the server cannot revise. Its whole script is used when the
server is down, slow or answers garbage, or when the locked draft is no episode (nothing kept,
no greeting or sign-off, a planned story left out: :mod:`.usable`); the host is told in one
line, and such a draft is not cached.
"""

from __future__ import annotations

import logging

from ...digest.model import Digest
from ...editorial.plan import plan_episode
from ...episode import Episode
from ...jobs import CancelToken, Progress, no_progress
from ...profile import Profile
from .assemble import lock_draft, provenance_counts, rejections, verdicts
from .cache import DraftCache, draft_key
from .client import ContextExceeded, LlmUnavailable, complete, make_client
from .config import WriterSettings, host_of
from .facts import DayFacts, day_facts
from .key import api_key
from .parts import draft_in_parts
from .plan_brief import DayBrief, day_brief
from .prompt import day_words, messages
from .revise import MAX_REVISED, parse_revision, revised, revision_messages
from .revise import RESPONSE_FORMAT as REVISION_FORMAT
from .schema import RESPONSE_FORMAT, DraftInvalid, DraftScript, parse_draft
from .unsayable import READS_CODE, keeps, unsayable
from .usable import unusable
from .window import answer_tokens, context_window, estimate_tokens

log = logging.getLogger(__name__)


class LlmWriter:
    def __init__(self, settings: WriterSettings, minutes: float | None = None,
                 progress: Progress = no_progress, cancel: CancelToken | None = None,
                 cache: DraftCache | None = None) -> None:
        self.settings = settings.checked()
        self.minutes = minutes
        self.progress = progress
        self.cancel = cancel
        self.cache = cache if cache is not None else (DraftCache() if settings.cache else None)
        self.name = f"llm-1 ({settings.model})"
        self.client = None
        self._fresh: list[tuple[str, str]] = []  # (cache key, answer) of this draft
        self._used: list[str] = []  # cache keys this draft was read from

    def write(self, digest: Digest, profile: Profile) -> Episode:
        from ..writer import default_writer

        story = default_writer(self.minutes).write(digest, profile)
        plan = plan_episode(digest)
        facts = day_facts(digest, profile, plan.findings)
        self._fresh, self._used = [], []
        try:
            draft, revised = self._draft(facts, day_brief(plan, digest))
        except (LlmUnavailable, DraftInvalid) as exc:
            # an unavailable server's reason names its host already: said once
            what = (f"at {host_of(self.settings.base_url)} answered with no usable draft"
                    if isinstance(exc, DraftInvalid) else "was not used")
            return self._fall_back(story, f"the language model {what} ({exc})")
        self.progress(0.97, "checking every fact of the draft against the day")
        episode = lock_draft(draft, facts, story, digest, self.name, revised)
        counts = provenance_counts(episode)
        drafted = sum(len(seg.sentences) for seg in draft.segments)
        why = unusable(episode, plan, drafted)
        if why:
            if self.cache is not None:  # a draft cached before this check: never again
                for key in self._used:
                    self.cache.forget(key)
            return self._fall_back(story, f"the language model's draft at "
                                          f"{host_of(self.settings.base_url)} was not usable "
                                          f"({why})")
        if self.cache is not None:
            for key, content in self._fresh:
                self.cache.put(key, content)
        log.info("draft by %s: %d sentences drafted, %d kept (verified), %d replaced, "
                 "%d dropped", self.settings.model, drafted, counts["verified"],
                 counts["replaced"], counts["dropped"])
        self.progress(1.0, "draft checked")
        return episode

    def _fall_back(self, story: Episode, why: str) -> Episode:
        note = f"{why}; this script is the story writer's"
        log.warning("%s", note)
        story.writer_note = note
        return story

    def _draft(self, facts: DayFacts, brief: DayBrief
               ) -> tuple[DraftScript, set[tuple[int, int]] | None]:
        """The draft, revised once where the lock rejects sentences (see :mod:`.revise`),
        and where the revised sentences stand (None: no revision round was held)."""
        try:
            return self._revise(self._draft_day(facts, brief), facts)
        finally:  # no connection left open to a server that may still be computing
            if self.client is not None:
                self.client.close()
                self.client = None

    def _revise(self, draft: DraftScript, facts: DayFacts
                ) -> tuple[DraftScript, set[tuple[int, int]] | None]:
        # a sentence naming no commit of the day has no record to be revised against
        rejected = [r for r in rejections(draft, facts) if r.shas]
        # and one the lock keeps that reads code aloud is asked in words (:mod:`.unsayable`)
        rejected += unsayable(draft, verdicts(draft, facts))[:max(0, MAX_REVISED - len(rejected))]
        rejected.sort(key=lambda r: (r.seg, r.index))
        if not rejected:
            return draft, None
        if len(rejected) > MAX_REVISED:
            log.info("the fact check rejects %d sentences of the draft: too many to revise",
                     len(rejected))
            return draft, None
        s = self.settings
        prompt = revision_messages(draft, rejected, facts)
        key = draft_key(s.model, prompt, s.temperature)
        content = self.cache.get(key) if self.cache is not None else None
        try:
            if content is None:
                if self.client is None:
                    self.client = make_client(s, api_key(s.base_url))
                n = len(rejected)
                self.progress(0.0, f"asking {s.model} to revise {n} sentence"
                                   f"{'s' if n != 1 else ''} the fact check could not verify")
                words = sum(len(r.text.split()) + 10 for r in rejected)
                content = complete(self.client, s, prompt, REVISION_FORMAT, words,
                                   self.progress, self.cancel, max_tokens=answer_tokens(words))
                self._fresh.append((key, content))
            else:
                self._used.append(key)
            answers = parse_revision(content, len(rejected))
            for n, r in enumerate(rejected):  # a sentence only asked in words stays as it was
                if r.why.startswith(READS_CODE) and n in answers and \
                        not keeps(answers[n], facts):  # when its rewording fails the lock
                    del answers[n]
        except (LlmUnavailable, DraftInvalid) as exc:
            # the draft stands as locked: the story writer's sentences stand in for the
            # rejected ones, as before a revision round existed
            log.info("no revision of the draft (%s)", exc)
            return draft, None
        return revised(draft, rejected, answers)

    def _draft_day(self, facts: DayFacts, brief: DayBrief) -> DraftScript:
        """The day in one request when it fits the model's window, else part by part."""
        words = day_words(facts, self.minutes)
        whole = messages(facts, brief, self.minutes)
        cached = self._cached(whole)
        if cached is not None:
            return cached
        window, source = context_window(self.settings)
        need = estimate_tokens(whole) + answer_tokens(words)
        if need <= window:
            try:
                return self._ask(whole, words, "the day")
            except ContextExceeded as exc:
                window = exc.n_ctx or min(window, need) * 3 // 4
                log.info("%s; drafting part by part in a %d-token window", exc, window)
        else:
            log.info("the day's prompt is about %d tokens with its answer (characters / 4); "
                     "the context window is %d (%s): drafting part by part", need, window,
                     source)
        return draft_in_parts(self._ask, facts, brief, words, window)

    def _cached(self, prompt: list[dict[str, str]]) -> DraftScript | None:
        s = self.settings
        cached = self.cache.get(draft_key(s.model, prompt, s.temperature)) if self.cache else None
        if cached is None:
            return None
        try:
            draft = parse_draft(cached)
        except DraftInvalid:
            return None
        self._used.append(draft_key(s.model, prompt, s.temperature))
        self.progress(0.95, "the draft of this day is cached")
        return draft

    def _ask(self, prompt: list[dict[str, str]], words: int, what: str) -> DraftScript:
        cached = self._cached(prompt)
        if cached is not None:
            return cached
        s = self.settings
        if self.client is None:
            self.client = make_client(s, api_key(s.base_url))
        self.progress(0.0, f"drafting {what} with {s.model} at {host_of(s.base_url)}")
        content = complete(self.client, s, prompt, RESPONSE_FORMAT, words, self.progress,
                           self.cancel, max_tokens=answer_tokens(words))
        draft = parse_draft(content)
        self._fresh.append((draft_key(s.model, prompt, s.temperature), content))
        return draft
