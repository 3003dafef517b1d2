"""Issue 27 item 12: the episode page of a 20,000-commit day renders in bounded time and size
through the real `studio publish` (it was quadratic: each cited commit was looked up in a scan
of every commit, 15-100 s at 20,000), and a sentence citing thousands of commits shows the
first of them and a count of the rest, so the page stays a page."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from show_fixtures import show_copy

from studio.episode import load_episode, save_episode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from bench_page import big_episode  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATES = ["2026-02-07", "2026-02-08"]
BASE = "https://shows.example.org/widgets/"


def test_the_page_of_a_20000_commit_day_is_bounded(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    folder = show / "episodes" / DATES[1]
    ep = load_episode(folder)
    big = big_episode(20_000)
    ep.segments, ep.commit_refs = big.segments, big.commit_refs
    ep.refresh_transcript()
    save_episode(ep, folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path / "home")}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "studio", "publish", "--show-dir", str(show),
                           "--base-url", BASE, "-q"], text=True, env=env, capture_output=True,
                          timeout=120)
    elapsed = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert elapsed < 30 and len(page) < 600_000, (elapsed, len(page))
    for n in range(1, 49):  # every story's commits are linked
        assert f">#{100000 + n}</a>" in page
    links = re.findall(r'<a class="ref"', page)
    assert 48 < len(links) <= 48 + 40
    assert "and 19,912 more" in page  # 19,952 in the rest sentence, 40 of them linked
