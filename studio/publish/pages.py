"""The show's web pages: one per episode and the show index, from Jinja2 templates.

Templates and the stylesheet live in ``resources/templates``; autoescaping is on for every
template, links taken from episode data are kept only when they are http(s), and the one
inline script (``player.js``: chapters and transcript sentences seek the player, the sentence
being spoken is highlighted) is allowed by hash in the page's Content Security Policy, so
nothing else can run and nothing loads from another host.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from functools import lru_cache
from typing import Any
from urllib.parse import quote, urlsplit

from ..humanize import day as day_label
from ..humanize import moment
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import SMALL_JSON_LIMIT, read_json
from ..resources import resource_path
from ..textsafe import clean_line
from .cue_times import read_vtt, sentence_times
from .gather import ShowEpisode
from .show import ShowSettings

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def page_script() -> str:
    """The episode page's one script, our own file (never built from episode data)."""
    return resource_path("templates", "player.js").read_text(encoding="utf-8").strip()


def _csp(script: str | None) -> str:
    scripts = "'none'"
    if script:
        digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
        scripts = f"'sha256-{digest}'"
    return (f"default-src 'self'; script-src {scripts}; style-src 'self'; img-src 'self'; "
            "media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")


@lru_cache(maxsize=1)
def templates():  # noqa: ANN202 - a jinja2.Environment, imported lazily
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resource_path("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def _trusted(code: str):  # noqa: ANN202 - markupsafe.Markup
    """Our own constant script, the one string that is not escaped."""
    from markupsafe import Markup

    return Markup(code)


def stylesheet() -> bytes:
    return resource_path("templates", "style.css").read_bytes()


def safe_url(url: str) -> str:
    """``url`` if it is an absolute http(s) link, else empty: no ``javascript:`` and friends."""
    url = (url or "").strip()
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") and parts.netloc and not re.search(r"[\s\x00-\x1f]", url):
        return url
    return ""


def iso_duration(seconds: float) -> str:
    total = max(0, round(seconds))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    out = "PT" + (f"{h}H" if h else "") + (f"{m}M" if m else "")
    return out + (f"{s}S" if s or total == 0 else "")


def episode_duration(item: ShowEpisode) -> str:
    """The export's ISO 8601 duration when it wrote one, else one from the seconds."""
    given = item.episode.duration or ""
    if re.fullmatch(r"PT(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?", given) and given != "PT":
        return given
    return iso_duration(item.duration_seconds)


def clock(seconds: float) -> str:
    total = max(0, int(seconds))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


# A sentence links at most this many of the commits it cites and counts the rest ("and
# 19,912 more"); a page links at most PAGE_LINKS in all. The story writer's sentences cite a
# handful each, but a 20,000-commit day's closing sentence cites every other commit: linked
# in full it made a 6 MB page. So a page's size is bounded by its script, not by the day.
SENTENCE_LINKS = 40
PAGE_LINKS = 2_000


def refs_by_sha(episode: Any) -> dict[str, Any]:
    """Each commit's ref, the first one of its sha as Episode.ref gives it: built once per
    page, so a page is linear in the commits it cites (a scan per cited commit was
    quadratic: 15 s for a 20,000-commit day)."""
    index: dict[str, Any] = {}
    for ref in episode.commit_refs:
        index.setdefault(ref.sha, ref)
    return index


def commit_links(item: ShowEpisode, shas: list[str],
                 index: dict[str, Any] | None = None) -> list[dict[str, str]]:
    """The PR (or commit) links of ``shas``: label (#N or a short sha), href, title."""
    index = index if index is not None else refs_by_sha(item.episode)
    links: list[dict[str, str]] = []
    for sha in shas:
        ref = index.get(sha)
        href = safe_url(ref.url) if ref else ""
        if not ref or not href:
            continue
        label = f"#{ref.pr}" if isinstance(ref.pr, int) else clean_line(ref.sha)[:7]
        links.append({"href": href, "label": label, "title": clean_line(ref.title)})
    return links


def _chapters_from_file(item: ShowEpisode) -> list[dict[str, Any]]:
    if not item.chapters:
        return []
    try:
        data = read_json(item.folder / item.chapters, "chapters", limit=SMALL_JSON_LIMIT)
        return [{"title": str(c.get("title", "")), "start": float(c.get("startTime", 0))}
                for c in data.get("chapters", []) if isinstance(c, dict)]
    except (StudioError, ValueError, AttributeError, TypeError) as exc:
        log.warning("episode %s: ignoring unreadable %s (%s)", item.date, item.chapters, exc)
        return []


def _start_attr(seconds: float | None) -> str | None:
    return None if seconds is None else f"{max(0.0, float(seconds)):.3f}".rstrip("0").rstrip(".")


class _LinkBudget:
    """The links a page still has room for (:data:`PAGE_LINKS`), handed out per sentence."""

    def __init__(self, item: ShowEpisode) -> None:
        self.item, self.left = item, PAGE_LINKS
        self.index = refs_by_sha(item.episode)

    def sentence(self, text: str, shas: list[str]) -> dict[str, Any]:
        cited = list(dict.fromkeys(shas))  # a commit cited twice is linked once
        linkable = [sha for sha in cited
                    if (ref := self.index.get(sha)) is not None and safe_url(ref.url)]
        shown = linkable[:min(SENTENCE_LINKS, self.left)]
        links = commit_links(self.item, shown, index=self.index)
        self.left -= len(links)
        more = len(linkable) - len(links)
        return {"text": text, "links": links, "more": f"{more:,}" if more else ""}


def _timed(sentences: list[dict[str, Any]], seg: Any, cues: list) -> None:
    """Each sentence's start_attr and end_attr, when the VTT's words are its segment's."""
    times = None
    if seg.start is not None and seg.end is not None and cues:
        times = sentence_times([s["text"] for s in sentences], seg.start, seg.end, cues)
    for s, (a, b) in zip(sentences, times or [(None, None)] * len(sentences), strict=True):
        s["start_attr"], s["end_attr"] = _start_attr(a), _start_attr(b)


def _transcript(item: ShowEpisode, grouped: bool = False) -> list[dict[str, Any]]:
    """The transcript by segment. ``grouped`` (a recap): the sentences stand alone and each
    story's PRs follow it as one list, instead of a wall of links inside the text. Each
    sentence has the times it is spoken when the VTT the export wrote has them."""
    parts = []
    budget = _LinkBudget(item)
    cues = read_vtt(item.folder / item.vtt) if item.vtt else []
    for n, seg in enumerate(item.episode.segments, 1):
        texts = [(clean_line(s.text), s.commits) for s in seg.sentences if clean_line(s.text)]
        if not texts and clean_line(seg.text):
            texts = [(clean_line(seg.text), seg.commits)]
        if grouped:
            sentences = [{"text": text, "links": [], "more": ""} for text, _ in texts]
            story = budget.sentence("", [sha for _, shas in texts for sha in shas])
        else:
            sentences = [budget.sentence(text, shas) for text, shas in texts]
            story = None
        _timed(sentences, seg, cues)
        parts.append({"title": clean_line(seg.title), "anchor": f"part-{n}",
                      "start_attr": _start_attr(seg.start), "sentences": sentences,
                      "story_links": story})
    if not parts:
        parts = [{"title": "", "anchor": "", "start_attr": None, "story_links": None,
                  "sentences": [{"text": clean_line(p), "links": [], "more": "",
                                 "start_attr": None, "end_attr": None}]}
                 for p in item.episode.transcript.split("\n\n") if clean_line(p)]
    return parts


def all_changes(item: ShowEpisode) -> dict[str, Any]:
    """A recap's full list of changes, at the end of its page: every linked commit once, at
    most :data:`PAGE_LINKS` of them, and how many more."""
    index = refs_by_sha(item.episode)
    linkable = [sha for sha, ref in index.items() if safe_url(ref.url)]
    links = commit_links(item, linkable[:PAGE_LINKS], index=index)
    more = len(linkable) - len(links)
    return {"links": links, "more": f"{more:,}" if more else "", "count": f"{len(linkable):,}"}


def page_meta(settings: ShowSettings, rel_dir: str, title: str, description: str,
              audio: str = "") -> dict[str, str]:
    """Open Graph and Twitter card values, so a shared link shows the show's cover, the
    title and the summary (absolute URLs, as those readers need)."""
    return {"url": _absolute(settings, rel_dir), "title": title,
            "description": description[:300], "image": _absolute(settings, settings.cover),
            "site_name": clean_line(settings.title), "audio": audio}


def when_label(item: ShowEpisode) -> str:
    """``Mon 9 Feb 2026`` for a daily; ``Mon 26 Jan 2026 – Sun 1 Feb 2026`` for a recap."""
    ep = item.episode
    if ep.kind == "recap" and ep.span_start:
        return f"{day_label(ep.span_start)} – {day_label(ep.date)}"
    return day_label(item.date)


def _neighbour(item: ShowEpisode) -> dict[str, str]:
    return {"href": f"../{item.date}/", "title": clean_line(item.episode.title) or item.date,
            "date": item.date, "date_label": when_label(item)}


def _absolute(settings: ShowSettings, rel: str) -> str:
    from .feed import absolute  # feed -> show_notes -> pages: imported when used

    return absolute(settings, rel)


def _subscribe(settings: ShowSettings) -> list[dict[str, str]]:
    from .subscribe import subscribe_links

    return subscribe_links(settings.subscribe, settings.feed_url, clean_line(settings.title))


def render_episode_page(settings: ShowSettings, item: ShowEpisode, published: str,
                        older: list[ShowEpisode], newer: list[ShowEpisode],
                        recap: ShowEpisode | None = None) -> bytes:
    """The episode's page; ``older`` and ``newer`` are its nearest neighbours, nearest first;
    ``recap``: the recap that covers this day, linked from the page."""
    ep = item.episode
    audio_src = quote(item.audio_name)
    chapters = [{"title": clean_line(s.title), "start": s.start}
                for s in ep.segments if s.start is not None] or _chapters_from_file(item)
    files = [{"href": quote(name), "label": label}
             for name, label in ((item.vtt, "WebVTT"), (item.srt, "SubRip")) if name]
    context = {
        "lang": clean_line(settings.language) or "en",
        "csp": _csp(page_script()),
        "root": "../../",
        "show_title": clean_line(settings.title),
        "title": clean_line(ep.title) or item.date,
        "summary": clean_line(ep.summary),
        "duration_iso": episode_duration(item),
        "duration_label": clock(item.duration_seconds),
        "published": published,
        "published_label": moment(published),
        "repo": clean_line(ep.repo),
        "repo_url": safe_url(ep.repo_url),
        "audio_src": audio_src,
        "chapters": [{"title": c["title"], "start_attr": _start_attr(c["start"]),
                      "start_label": clock(c["start"] or 0)} for c in chapters],
        "transcript": _transcript(item, grouped=ep.kind == "recap"),
        "all_changes": all_changes(item) if ep.kind == "recap" else None,
        "cover": "../../" + quote(settings.cover, safe="/"),
        "meta": page_meta(settings, item.rel_dir, clean_line(ep.title) or item.date,
                          clean_line(ep.summary),
                          _absolute(settings, item.rel_dir + item.audio_name)),
        "subscribe": _subscribe(settings),
        "covers_date": ep.span_start if ep.kind == "recap" and ep.span_start else ep.date,
        "files": files,
        "older": [_neighbour(o) for o in older],
        "newer": [_neighbour(n) for n in reversed(newer)],  # listed newest first
        "script": _trusted(page_script()),
        "recap": _neighbour(recap) if recap is not None else None,
        "is_recap": ep.kind == "recap",
        "span_label": when_label(item),
    }
    return templates().get_template("episode.html").render(context).encode("utf-8")


def render_index(settings: ShowSettings, episodes: list[ShowEpisode]) -> bytes:
    """The show page: every episode, newest first, with title, date, summary and duration."""
    listed = [{
        "href": item.rel_dir,
        "title": clean_line(item.episode.title) or item.date,
        "date": item.date,
        "date_label": when_label(item),
        "summary": clean_line(item.episode.summary),
        "duration_iso": episode_duration(item),
        "duration_label": clock(item.duration_seconds),
    } for item in reversed(episodes)]
    context = {
        "lang": clean_line(settings.language) or "en",
        "csp": _csp(None),
        "root": "",
        "show_title": clean_line(settings.title),
        "description": clean_line(settings.description),
        "cover": quote(settings.cover, safe="/"),
        "episodes": listed,
        "meta": page_meta(settings, "", clean_line(settings.title),
                          clean_line(settings.description)),
        "subscribe": _subscribe(settings),
    }
    return templates().get_template("index.html").render(context).encode("utf-8")
