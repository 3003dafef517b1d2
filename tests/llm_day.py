"""A day to draft: five commits of octo/widgets on 2026-02-09 with facts worth getting wrong
(PR numbers, an env var, a version, timings, a revert of a change from February 2nd), one
commit outside the look-back window, and the faithful draft of the day with the planted
fabrications the fact lock must catch."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from gitrepo import GH_COMMITTER, RepoBuilder, at, gh_revert, squash

DAY = "2026-02-09"


def build_repo(path: Path) -> dict[str, str]:
    """The repository; returns short shas by name."""
    c, e = GH_COMMITTER
    shas: dict[str, str] = {}
    with RepoBuilder(path, origin="https://github.com/octo/widgets.git") as r:
        shas["old"] = r.commit(squash("Tidy the contributing guide", 20), at("2026-01-05", 9),
                               "Old Timer", "old@ex.com", c, e, files=["CONTRIBUTING.md"])
        shas["orig"] = r.commit(squash("Add a retry loop to the uploader", 40,
                                       "Uploads that failed once were lost; retry them."),
                                at("2026-02-02", 10), "Mo Pal", "mo@ex.com", c, e,
                                files=["src/widgets/upload.py"])
        shas["lru"] = r.commit(squash(
            "Speed up the widget cache with an LRU policy", 101,
            "The cache evicted entries at random, so hot widgets were reloaded from disk. "
            "This change switches to an LRU policy, which cuts load time from 120 ms to 45 ms "
            "on the benchmark."), at(DAY, 8), "Ana Lima", "ana@ex.com", c, e,
            files={"src/widgets/cache.py": "x = 1\n" * 80})
        shas["env"] = r.commit(squash(
            "Add a setting for the cache size", 102,
            "Users can now set WIDGET_CACHE_SIZE=512 to raise the cache from its default of 256 "
            "entries."), at(DAY, 9), "Ana Lima", "ana@ex.com", c, e,
            files={"src/widgets/config.py": "y = 2\n" * 20})
        shas["release"] = r.commit(squash("Release version 2.4.0", 103,
                                          "Bumps the version to 2.4.0 for the February release."),
                                   at(DAY, 10), "Ben Okafor", "ben@ex.com", c, e,
                                   files={"src/widgets/__init__.py": "__version__ = '2.4.0'\n"})
        shas["fix"] = r.commit(squash(
            "Fix a crash when a widget has no name", 104,
            "Previously, rendering a widget without a name raised a KeyError in render_title. "
            "Now it falls back to the widget id."), at(DAY, 11), "Chen Wu", "chen@ex.com", c, e,
            files={"src/widgets/render.py": "z = 3\n" * 30})
        shas["revert"] = r.commit(gh_revert("Add a retry loop to the uploader", 40, 105,
                                            reason="The retry loop doubled upload traffic."),
                                  at(DAY, 12), "Dee Park", "dee@ex.com", c, e,
                                  files=["src/widgets/upload.py"])
    return {k: v[:7] for k, v in shas.items()}


def faithful(s: dict[str, str]) -> dict:
    """The day told right: every fact in the commits each sentence names (or the stats)."""
    return {
        "title": "Widgets: an LRU cache and version 2.4.0",
        "summary": "Ana Lima's LRU cache, version 2.4.0 and a rollback of the uploader's retry "
                   "loop.",
        "segments": [
            {"title": "Welcome", "sentences": [
                {"text": "Welcome to Widgets for February 9th, 2026.", "commits": []},
                {"text": "Five commits landed today from four authors.", "commits": []}]},
            {"title": "A rollback", "sentences": [
                {"text": "Dee Park reverted Mo Pal's retry loop for the uploader, which first "
                         "landed on February 2nd.", "commits": [s["revert"], s["orig"]]},
                {"text": "The reason given: the retry loop doubled upload traffic.",
                 "commits": [s["revert"]]}]},
            {"title": "A faster cache", "sentences": [
                {"text": "Ana Lima switched the widget cache to an LRU policy.",
                 "commits": [s["lru"]]},
                {"text": "Hot widgets were reloaded from disk because the cache evicted entries "
                         "at random, and load time on the benchmark drops from 120 ms to 45 ms.",
                 "commits": [s["lru"]]},
                {"text": "She also added WIDGET_CACHE_SIZE, so users can raise the cache from "
                         "its default of 256 entries, for example to 512.",
                 "commits": [s["env"]]}]},
            {"title": "Release and fixes", "sentences": [
                {"text": "Ben Okafor bumped the version to 2.4.0 for the February release.",
                 "commits": [s["release"]]},
                {"text": "Chen Wu fixed a crash: a widget without a name raised a KeyError in "
                         "render_title, and now falls back to the widget id.",
                 "commits": [s["fix"]]},
                {"text": "That's all for today, see you tomorrow.", "commits": []}]},
        ],
    }


# kind -> (segment, sentence, planted text or None, planted commits or None, words of the reason)
def plants(s: dict[str, str]) -> dict[str, tuple[int, int, str | None, list[str] | None, str]]:
    return {
        "wrong count": (0, 1, "Six commits landed today from four authors.", None,
                        "Six commits is not the count"),
        "swapped PR number": (2, 0, "Ana Lima's PR 102 switched the widget cache to an LRU "
                                    "policy.", None, "PR number 102"),
        "invented person": (2, 0, "Ana Lima and Raj Mehta switched the widget cache to an LRU "
                                  "policy.", None, "Raj"),
        "wrong date": (1, 0, "Dee Park reverted Mo Pal's retry loop for the uploader, which "
                             "first landed on February 3rd.", None, "date"),
        "wrong weekday": (1, 0, "On Tuesday, Dee Park reverted Mo Pal's retry loop for the "
                                "uploader.", None, "weekday Tuesday"),
        "fabricated env var": (2, 2, "She also added WIDGET_CACHE_LIMIT, so users can raise the "
                                     "cache from its default of 256 entries.", None,
                               "WIDGET_CACHE_LIMIT"),
        "fabricated version": (3, 0, "Ben Okafor bumped the version to 2.5.0 for the February "
                                     "release.", None, "version 2.5.0"),
        "sha from another day in the text": (3, 1, f"Chen Wu fixed a crash in commit {s['old']}: "
                                                   "a widget without a name raised a KeyError.",
                                             None, f"sha {s['old']}"),
        "sha from another day as its commit": (3, 1, None, [s["old"]], s["old"]),
        "swapped person": (3, 0, "Chen Wu bumped the version to 2.4.0 for the February release.",
                           None, "Chen"),
        # round 9: "From the same author" crediting the person just told with another's work
        "misattributed same author": (3, 1, "From the same author, a fix for a crash: a widget "
                                            "without a name raised a KeyError in render_title.",
                                      None, "same author"),
    }


def planted(s: dict[str, str], kind: str) -> tuple[dict, str, str]:
    """The faithful draft with one fabrication: (draft, planted sentence, reason words)."""
    draft = copy.deepcopy(faithful(s))
    seg, n, text, commits, why = plants(s)[kind]
    sentence = draft["segments"][seg]["sentences"][n]
    if text is not None:
        sentence["text"] = text
    if commits is not None:
        sentence["commits"] = commits
    return draft, sentence["text"], why


def as_json(draft: dict) -> str:
    return json.dumps(draft)


def drafted_day(base: Path, kind: str = "fabricated version"):
    """The day built in ``base``: (the LLM writer's episode with the planted ``kind`` caught and
    left out, the story writer's episode, the day), the draft served by the local chat server."""
    import datetime as dt

    from llm_server import ChatServer, Reply

    from studio.pipeline import SourceSpec, pull_day, write_script_for
    from studio.script.llm.config import WriterSettings

    shas = build_repo(base / "repo")
    day = pull_day(SourceSpec(git=str(base / "repo")), dt.date.fromisoformat(DAY))
    draft, _bad, _why = planted(shas, kind)
    with ChatServer() as server:
        server.script(Reply(json.dumps(draft)))
        settings = WriterSettings(kind="llm", base_url=server.base_url, model="m", cache=False)
        episode = write_script_for(day, writer=settings)
    assert episode.writer == "llm-1 (m)"
    return episode, write_script_for(day), day


def as_an_older_studio_wrote_it(episode, story, segment: str = "release-and-fixes"):
    """``episode`` as a studio before issue 28's "never spliced" saved it: its caught
    fabrication replaced, at the start of ``segment``, by the story writer's sentence for the
    same commits (from ``story``; provenance "replaced: <reason>", the model's sentence in
    ``draft``), which the app still marks."""
    import copy

    from studio.episode import Sentence

    episode = copy.deepcopy(episode)
    (gone,) = episode.dropped
    stand = next(s for seg in story.segments for s in seg.sentences
                 if s.commits and set(s.commits) <= set(gone.commits))
    why = gone.provenance.removeprefix("dropped: ").split(" (")[0]
    seg = episode.segment(segment)
    seg.sentences.insert(0, Sentence(stand.text, list(stand.commits), provenance=f"replaced: {why}",
                                     draft=gone.text))
    seg.commits = list(dict.fromkeys([*stand.commits, *seg.commits]))
    seg.text = " ".join(s.text for s in seg.sentences)
    episode.dropped = []
    episode.refresh_transcript()
    return episode
