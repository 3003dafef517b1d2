"""Script writers: a Digest in, an Episode (titled segments of spoken text) out.

``ScriptWriter`` is the seam where another writer (a language model, say) can be plugged in;
``TemplateWriter`` is the built-in one: phrasebook templates, varied by a seed from the date so
the same day always reads the same.
"""

from __future__ import annotations

from typing import Protocol

from ..digest.model import Digest
from ..episode import CommitRef, Episode, RevertFact, Stats
from ..profile import Profile
from ..sources.forge import change_url, commit_url
from . import phrases as P
from . import sections
from .draft import SegmentDraft, Voice, seeded_rng
from .focus import focus
from .headline import headline, summary
from .words import spoken_date


class ScriptWriter(Protocol):
    name: str

    def write(self, digest: Digest, profile: Profile) -> Episode: ...


class TemplateWriter:
    name = "template-1"

    def write(self, digest: Digest, profile: Profile) -> Episode:
        import datetime as dt

        voice = Voice(seeded_rng(digest.repo, digest.branch, digest.date))
        drafts: list[SegmentDraft] = [sections.intro(digest, voice, profile.host),
                                      sections.numbers(digest, voice)]
        if digest.stats.commits <= 2:
            drafts.append(sections.rollbacks(digest, voice))
            drafts.append(sections.quiet_commits(digest, voice))
        else:
            drafts.append(sections.rollbacks(digest, voice))
            drafts.append(sections.stacks(digest, voice))
            drafts.extend(sections.wins(digest, voice))
        drafts.append(focus(digest, voice))
        sign_off = SegmentDraft("sign-off", "Sign-off")
        date = spoken_date(dt.date.fromisoformat(digest.date))
        sign_off.say(voice.pick(P.SIGN_OFF, date=date, show=digest.show))
        drafts.append(sign_off)

        segments = [d.to_segment() for d in drafts if d]
        episode = Episode(
            title=headline(digest, voice),
            summary=summary(digest),
            date=digest.date,
            repo=digest.repo,
            show=digest.show,
            repo_url=digest.repo_url,
            stats=Stats(
                commits=digest.stats.commits,
                reverts=digest.stats.reverts,
                relands=digest.stats.relands,
                authors=digest.stats.authors,
                merged_prs=digest.stats.merged_prs,
            ),
            reverts=[
                RevertFact(
                    sha=r.sha, reverted_sha=r.reverted_sha, reverted_title=r.reverted_title,
                    original_author=r.original_author, reverted_by=r.reverted_by,
                    reason=r.reason, automatic=r.automatic, reverted_pr=r.reverted_pr,
                )
                for r in digest.reverts
            ],
            segments=segments,
            commit_refs=_refs(digest, segments),
            writer=self.name,
        )
        episode.refresh_transcript()
        return episode


def _refs(digest: Digest, segments) -> list[CommitRef]:
    told = {sha for seg in segments for sha in seg.commits}
    refs = []
    for c in digest.commits:
        if c.sha in told:
            refs.append(CommitRef(sha=c.sha, title=c.title, author=c.author,
                                  pr=c.pr if c.revert is None else None, url=digest.url_for(c)))
    # originals from the look-back window that a rollback names
    known = {r.sha for r in refs}
    for r in digest.reverts:
        if r.reverted_sha and r.reverted_sha in told and r.reverted_sha not in known:
            url = (change_url(digest.repo_url, r.reverted_pr) if r.reverted_pr
                   else commit_url(digest.repo_url, r.reverted_sha))
            refs.append(CommitRef(sha=r.reverted_sha, title=r.reverted_title,
                                  author=r.original_author, pr=r.reverted_pr, url=url))
            known.add(r.reverted_sha)
    return refs


def default_writer(minutes: float | None = None) -> ScriptWriter:
    from .story import StoryWriter

    return StoryWriter(minutes)


DEFAULT_WRITER: ScriptWriter = default_writer()


def write_script(digest: Digest, profile: Profile, writer: ScriptWriter | None = None,
                 minutes: float | None = None) -> Episode:
    """The episode ``writer`` (default: the story writer, aiming at ``minutes``) makes."""
    from .merge import stamp_written

    if writer is None:
        writer = default_writer(minutes) if minutes else DEFAULT_WRITER
    return stamp_written(writer.write(digest, profile))
