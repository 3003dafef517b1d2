"""An episode's show notes, for the feed item's ``content:encoded``: what its page shows.

The summary, the chapters with their times (``12:34``, which apps make seek the player), the
stories with links to their pull requests (or commits), the changes no story tells (the
recap's "linked in the episode notes"), the day's people and a link to the page. The item's
``description`` stays the plain summary. Every text from commits is escaped by the
template (Jinja2's autoescape): a ``<script>`` in a commit title is text in the notes, never
markup; only absolute http(s) links are kept. The HTML is then XML-escaped by lxml inside
``content:encoded`` (no CDATA section, so a ``]]>`` in a title cannot end one).
"""

from __future__ import annotations

import re

from ..textsafe import clean_line
from .gather import ShowEpisode
from .pages import clock, commit_links, refs_by_sha, safe_url, templates

NOTES_TEMPLATE = "notes.html"


def _chapters(item: ShowEpisode) -> list[dict[str, str]]:
    marks = [(c.start, c.title, c.url) for c in item.chapter_marks]
    if not marks:
        marks = [(s.start, s.title, "") for s in item.episode.segments if s.start is not None]
    return [{"at": clock(start or 0.0), "title": clean_line(title), "href": safe_url(url)}
            for start, title, url in marks if clean_line(title)]


def _stories(item: ShowEpisode) -> tuple[list[dict], list[dict[str, str]]]:
    """The segments that tell commits, with their links; and the links of the rest."""
    told: set[str] = set()
    stories = []
    index = refs_by_sha(item.episode)  # once: a lookup per cited commit stays O(1)
    for seg in item.episode.segments:
        shas = list(dict.fromkeys([*seg.commits, *(sha for s in seg.sentences for sha in s.commits)]))
        fresh = [sha for sha in shas if sha not in told]
        told.update(shas)
        links = commit_links(item, fresh, index)
        if links:
            stories.append({"title": clean_line(seg.title), "links": links})
    others = commit_links(item, [r.sha for r in item.episode.commit_refs if r.sha not in told],
                          index)
    return stories, others


_NUMERIC = {"&lt;": "&#60;", "&gt;": "&#62;", "&amp;": "&#38;", "&quot;": "&#34;",
            "&#39;": "&#39;"}
_NAMED = re.compile(r"&(?:lt|gt|amp|quot);|&#39;")


def show_notes(item: ShowEpisode, page_url: str) -> str:
    """The HTML show notes of ``item``, whose page is at ``page_url``."""
    ep = item.episode
    stories, others = _stories(item)
    people = [{"name": clean_line(p.name), "href": safe_url(p.url)}
              for p in ep.people if clean_line(p.name)]
    context = {
        "summary": clean_line(ep.summary) or clean_line(ep.title) or item.date,
        "chapters": _chapters(item),
        "stories": stories,
        "others": others,
        "people": people,
        "page": safe_url(page_url),
        "repo": clean_line(ep.repo),
        "repo_url": safe_url(ep.repo_url),
    }
    html = templates().get_template(NOTES_TEMPLATE).render(context).strip() + "\n"
    # numeric escapes: podcastparser's tag stripper mangles the named ones ("&lt;img" came
    # out "img" in its text view), as the item's description already found (textsafe)
    return _NAMED.sub(lambda m: _NUMERIC[m.group(0)], html)
