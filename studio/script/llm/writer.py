"""``LlmWriter``: the day drafted by a language model, every fact locked to the record.

Off by default (show.toml ``[writer] kind = "llm"``, or ``--writer llm``). The story writer
always writes the day too: its script stands in for any drafted sentence the fact lock rejects,
and whole when the server is down, slow or answers garbage (the host is told in one line).
"""

from __future__ import annotations

import logging

from ...digest.model import Digest
from ...episode import Episode
from ...jobs import CancelToken, Progress, no_progress
from ...profile import Profile
from ..story import StoryWriter
from .assemble import lock_draft, provenance_counts
from .cache import DraftCache, draft_key
from .client import LlmUnavailable, complete, make_client
from .config import WriterSettings, host_of
from .facts import day_facts
from .key import api_key
from .prompt import messages, target_words
from .schema import RESPONSE_FORMAT, DraftInvalid, DraftScript, parse_draft

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

    def write(self, digest: Digest, profile: Profile) -> Episode:
        story = StoryWriter(self.minutes).write(digest, profile)
        facts = day_facts(digest, profile)
        prompt = messages(facts, profile, self.minutes)
        try:
            draft = self._draft(prompt, target_words(self.minutes, digest.stats.commits))
        except (LlmUnavailable, DraftInvalid) as exc:
            # an unavailable server's reason names its host already: said once
            what = (f"at {host_of(self.settings.base_url)} answered with no usable draft"
                    if isinstance(exc, DraftInvalid) else "was not used")
            note = f"the language model {what} ({exc}); this script is the story writer's"
            log.warning("%s", note)
            story.writer_note = note
            return story
        self.progress(0.97, "checking every fact of the draft against the day")
        episode = lock_draft(draft, facts, story, digest, self.name)
        counts = provenance_counts(episode)
        log.info("draft by %s: %d sentences verified, %d replaced, %d dropped",
                 self.settings.model, counts["verified"], counts["replaced"], counts["dropped"])
        self.progress(1.0, "draft checked")
        return episode

    def _draft(self, prompt: list[dict[str, str]], words: int) -> DraftScript:
        s = self.settings
        key = draft_key(s.model, prompt, s.temperature)
        cached = self.cache.get(key) if self.cache is not None else None
        if cached is not None:
            try:
                self.progress(0.95, "the draft of this day is cached")
                return parse_draft(cached)
            except DraftInvalid:
                pass
        client = make_client(s, api_key(s.base_url))
        self.progress(0.0, f"drafting with {s.model} at {host_of(s.base_url)}")
        content = complete(client, s, prompt, RESPONSE_FORMAT, words, self.progress, self.cancel)
        draft = parse_draft(content)
        if self.cache is not None:
            self.cache.put(key, content)
        return draft
