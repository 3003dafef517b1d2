"""An Episode from a writer's segments: the day's facts, the commits told and their links."""

from __future__ import annotations

from ..digest.model import Digest
from ..episode import CommitRef, Episode, Person, RevertFact, Segment, Stats
from ..sources.forge import change_url, commit_url


def build_episode(d: Digest, segments: list[Segment], title: str, summary: str,
                  writer: str) -> Episode:
    episode = Episode(
        title=title,
        summary=summary,
        date=d.date,
        repo=d.repo,
        show=d.show,
        repo_url=d.repo_url,
        stats=Stats(commits=d.stats.commits, reverts=d.stats.reverts, relands=d.stats.relands,
                    authors=d.stats.authors, merged_prs=d.stats.merged_prs),
        reverts=[
            RevertFact(sha=r.sha, reverted_sha=r.reverted_sha, reverted_title=r.reverted_title,
                       original_author=r.original_author, reverted_by=r.reverted_by,
                       reason=r.reason, automatic=r.automatic, reverted_pr=r.reverted_pr)
            for r in d.reverts
        ],
        segments=segments,
        commit_refs=commit_refs(d, segments),
        people=[Person(p.name, p.login, p.url) for p in d.stats.people],
        writer=writer,
    )
    episode.refresh_transcript()
    return episode


def commit_refs(d: Digest, segments: list[Segment]) -> list[CommitRef]:
    """The commits the segments tell, with their links: the day's own, then originals and
    reverts from the look-back window that a rollback or reland names."""
    told = {sha for seg in segments for sha in seg.commits}
    refs = [CommitRef(sha=c.sha, title=c.title, author=c.author,
                      pr=c.pr if c.revert is None else None, url=d.url_for(c))
            for c in d.commits if c.sha in told]
    known = {r.sha for r in refs}
    for c in d.earlier:
        if c.sha in told and c.sha not in known:
            refs.append(CommitRef(sha=c.sha, title=c.title, author=c.author,
                                  pr=c.pr if c.revert is None else None, url=d.url_for(c)))
            known.add(c.sha)
    for r in d.reverts:
        if r.reverted_sha and r.reverted_sha in told and r.reverted_sha not in known:
            url = (change_url(d.repo_url, r.reverted_pr) if r.reverted_pr
                   else commit_url(d.repo_url, r.reverted_sha))
            refs.append(CommitRef(sha=r.reverted_sha, title=r.reverted_title,
                                  author=r.original_author, pr=r.reverted_pr, url=url))
            known.add(r.reverted_sha)
    return refs
