"""Feed and files never disagree during a normal run (issue 27, item 10).

A show served from its own folder and copied to a ``folder:`` target by every produce: a reader
polling both sites while a real `studio produce` re-makes the latest episode (every file of
it changes) reads feed.xml, then stats the MP3 its latest enclosure names — the length must
always be the file's, and the chapters file the item names must be that MP3's chapters. A
produce killed (SIGKILL, injected by strace) as it renames the show's
feed, or the target's, into place leaves each site's old feed true: the new MP3 came under a
new name, the one the old feed names is untouched.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from crash_kit import CrashShow, Poller, disagreements, have_strace, latest_enclosure


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> tuple[CrashShow, Path]:
    tmp = tmp_path_factory.mktemp("feedfiles")
    show = CrashShow(tmp, commits=1, earlier=1)
    show.build()
    www = tmp / "www"
    show.copy_to(www)
    show.complete(show.other())  # B: the target gets the site; both scripts are known
    return show, www


def test_a_reader_polling_during_produce_never_sees_a_wrong_length(served):
    show, www = served
    with Poller([show.show, www], chapters=True) as poller:
        for _ in range(2):  # B -> A -> B: every file of the episode changes each time
            show.complete(show.other())
    assert poller.wrong == [], f"{len(poller.wrong)} of {poller.polls} polls: {poller.wrong[:3]}"
    # the chapters a feed item names are its MP3's: a re-render's come under names of their
    # own, as its MP3 does (a fixed chapters.json was replaced before the feed followed)
    assert poller.wrong_chapters == [], (f"{len(poller.wrong_chapters)} of "
                                         f"{poller.chapter_polls} polls: {poller.wrong_chapters[:3]}")
    assert poller.polls > 200 and poller.chapter_polls > 100
    assert len(poller.seen) >= 3  # the MP3 before and the two new ones, in both sites
    assert disagreements(show.show) == [] and disagreements(www) == []


@pytest.mark.skipif(not have_strace(), reason="needs strace (`make system`)")
@pytest.mark.parametrize("site", ["show", "www"])
def test_a_kill_as_the_feed_is_renamed_leaves_the_old_feed_true(served, site):
    show, www = served
    feed = (show.show if site == "show" else www) / "feed.xml"
    target = show.other()
    found, _took = show.renames(target)  # the takes of both histories are cached by now
    at = next(r for r in found if r.new == str(feed))
    show.complete(show.other())
    before = {s.name: latest_enclosure(s) for s in (show.show, www)}
    killed = show.kill_at_rename(target, at, "SIGKILL")
    assert killed.code == -9, killed.stderr
    assert latest_enclosure(feed.parent) == before[site]  # the old feed, ...
    if site == "www":  # (the show's own feed was written before the copy began)
        assert latest_enclosure(show.show) != before["show"]
    else:
        assert latest_enclosure(www) == before["www"]
    assert disagreements(show.show) == [] and disagreements(www) == []  # ... and true
    assert show.next_command().returncode == 0  # recovery writes the show's owed feed
    assert latest_enclosure(show.show) != before["show"] and disagreements(show.show) == []
    show.complete(target)
    assert latest_enclosure(show.show) == latest_enclosure(www)
    assert disagreements(show.show) == [] and disagreements(www) == []
    assert latest_enclosure(www) != before["www"]
