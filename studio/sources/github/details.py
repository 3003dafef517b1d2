"""Each kept commit's pull request and size: GraphQL for the whole day, REST for the rest.

GraphQL (graphql.py) gives every commit's pull request with body, labels and files in
ceil(N/100) queries, plus one round by number for PRs a message names that GitHub does not
tie to the commit. REST sizes what is left (a commit with no pull request of its own), one
request each within ``detail_limit``; where GraphQL is not usable at all, REST gives the lead
stories their pull request and files (two requests each) and a note says so.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ...jobs import CancelToken
from ...plumbing.errors import Cancelled, StudioError
from ...textsafe import clean_line
from ..model import Commit
from ..project_name import project_name_from
from .errors import PullContext
from .graphql import (
    BATCH,
    CommitDetail,
    apply_detail,
    landed_as_pr,
    named_but_not_associated,
    query_details,
    query_pulls,
)
from .leads import add_detail, add_files, pick_leads
from .notes import MAX_NOTE_READS, add_notes

log = logging.getLogger(__name__)

# The top-level files the project's own name is read from (project_name_from's), read at the
# default branch's tip in the first query, as the git source reads them at the clone's HEAD.
PROJECT_FILES = ("pyproject.toml", "setup.cfg", "package.json", "Cargo.toml", "README.md",
                 "README.rst", "README.markdown", "README.txt", "README", "readme.md")


def fill_details(client, remote, full_name: str, branch: str, day_commits: list[Commit],
                 lookback: list[Commit], ctx: PullContext, cache, unchanged: bool,
                 detail_limit: int, report: Callable[[float, str], None], cancel: CancelToken,
                 tip: str = "", days: int = 1) -> tuple[set[str], list[str], str]:
    """Fill the commits in place; returns the shas of the day's commits known to have landed
    a merged pull request (for :func:`merged_prs`), the notes and the
    project's own name (read at ``tip``, the default branch; "" when GraphQL is not usable).
    ``days``: the dates the span covers, each allowed :data:`.notes.MAX_NOTE_READS` reads."""
    notes: list[str] = []
    kept = day_commits + lookback
    files = [f"{tip}:{name}" for name in PROJECT_FILES] if tip else []
    merges = frozenset(c.sha for c in day_commits if len(c.parents) > 1)
    details, texts, why = _graphql_details(client, full_name, kept, cache, unchanged, report,
                                           cancel, files, merges)
    if why:  # REST: the top-level listing, then only the files the naming rules read
        project = project_name_from(_rest_reader(remote, tip)) if tip else ""
    else:
        project = project_name_from(lambda name: texts.get(f"{tip}:{name}", ""))
    ctx.stage = "commit details"
    if why:
        token = ctx.token.value
        why = why.replace(token, "[token]") if token else why
        notes.append(f"GitHub's GraphQL API was not usable ({why}): pull requests and "
                     f"sizes through REST for at most {detail_limit} lead commits")
        log.warning("%s", notes[-1])
        report(0.8, "no GraphQL: REST for the lead commits")
        leads = pick_leads(day_commits, lookback, detail_limit)
    else:
        unsized = {c.sha for c in kept if not (
            c.sha in details and apply_detail(c, details[c.sha], branch))}
        leads = pick_leads([c for c in day_commits if c.sha in unsized],
                           [c for c in lookback if c.sha in unsized], detail_limit)
        if len(unsized) > len(leads):
            notes.append(f"{len(unsized) - len(leads)} commits without a pull request "
                         "of their own were not sized (the detail limit)")
    for i, commit in enumerate(leads):
        cancel.check()
        report(0.85 + 0.15 * i / max(1, len(leads)), f"reading {commit.sha[:10]}")
        if why:
            add_detail(remote, commit)
        else:
            add_files(remote, commit)
    unread = add_notes(remote, day_commits + lookback, {c.sha for c in leads},
                       MAX_NOTE_READS * days, cancel.check)
    if unread:
        notes.append(f"the release notes of {unread} commits were not read (the limit of "
                     f"{MAX_NOTE_READS * days})")
    landed = {c.sha for c in day_commits if landed_as_pr(c, details.get(c.sha), branch)}
    return landed, notes, project


def _rest_reader(remote, tip: str) -> Callable[[str], str]:
    """``read(name) -> text`` over the repository's top level at ``tip`` through REST: one
    request for the listing, one for each file read (a missing one costs nothing)."""
    from github import GithubException

    try:
        listing = remote.get_contents("", ref=tip)
        present = {item.name for item in (listing if isinstance(listing, list) else [listing])
                   if item.type == "file"}
    except GithubException:
        present = set()

    def read(name: str) -> str:
        if name not in present:
            return ""
        try:
            item = remote.get_contents(name, ref=tip)
            data = item.decoded_content if not isinstance(item, list) else b""
        except (GithubException, AssertionError, ValueError):
            return ""
        return (data or b"")[:512 * 1024].decode("utf-8", "replace")

    return read


def _graphql_details(client, full_name: str, commits: list[Commit], cache, unchanged: bool,
                     report: Callable[[float, str], None], cancel: CancelToken,
                     files: list[str], merges: frozenset[str] = frozenset()
                     ) -> tuple[dict[str, CommitDetail], dict[str, str], str]:
    """Every commit's GraphQL detail, :data:`BATCH` a request, and the texts of ``files`` in
    the first; or why GraphQL is not usable."""
    from github import GithubException

    if not client.requester.auth:
        return {}, {}, "it needs a token; sign in with `studio auth login`"
    owner, name = full_name.split("/", 1)
    details: dict[str, CommitDetail] = {}
    texts: dict[str, str] = {}
    try:
        for start in range(0, max(1, len(commits)), BATCH):
            cancel.check()
            report(0.75 + 0.05 * start / max(1, len(commits)), "reading pull requests")
            shas = [c.sha for c in commits[start:start + BATCH]]
            found, read = query_details(client.requester, owner, name, shas, cache, unchanged,
                                        files if start == 0 else None, merges)
            details.update(found)
            texts.update(read)
        # PRs a message names that GitHub does not tie to the commit (a bot's push closed them)
        wanted = {c.sha: n for c in commits
                  if (n := named_but_not_associated(c, details.get(c.sha))) is not None}
        numbers = sorted(set(wanted.values()))
        pulls = {}
        for start in range(0, len(numbers), BATCH):
            cancel.check()
            pulls.update(query_pulls(client.requester, owner, name,
                                     numbers[start:start + BATCH], cache, unchanged))
        for sha, number in wanted.items():
            if number in pulls:
                details[sha].pulls.append(pulls[number])
    except Cancelled:
        raise
    except GithubException as exc:  # refused, unknown, or failing after the retries
        return {}, {}, f"{exc.status}: {_graphql_message(exc)}"
    except StudioError as exc:  # timed out, or its own rate limit used up: REST may do
        return {}, {}, str(exc)
    except (ValueError, TypeError, AttributeError, KeyError):
        return {}, {}, "an answer of an unexpected shape"
    return details, texts, ""


def _graphql_message(exc) -> str:
    data = getattr(exc, "data", None)
    if isinstance(data, dict):
        errors = data.get("errors")
        if isinstance(errors, list) and errors and isinstance(errors[0], dict):
            return clean_line(str(errors[0].get("message", "")))[:160] or "error"
        return clean_line(str(data.get("message", "")))[:160] or "error"
    return "error"
