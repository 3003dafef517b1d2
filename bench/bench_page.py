"""What the episode page of a huge day costs: render time and size at N commits.

The episode is shaped as the story writer shapes a big day: a dozen stories citing a few
commits each and a closing "and the rest" sentence citing every other commit of the day,
with one CommitRef per commit (PR links, as in PyTorch's merge-bot format of
bench/bigrepo.py). The figure that matters is the ratio of the largest day to the smallest
in the same run: a linear page grows by the ratio of the commits, a bounded one by less.

    python bench/bench_page.py            # 2,000 and 20,000 commits
    python bench/bench_page.py 2000 5000 20000
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studio.episode import CommitRef, Episode, Segment, Sentence  # noqa: E402
from studio.publish.gather import ShowEpisode  # noqa: E402
from studio.publish.pages import render_episode_page  # noqa: E402
from studio.publish.show import ShowSettings  # noqa: E402


def big_episode(n: int) -> Episode:
    refs = [CommitRef(f"{i:040x}", f"[Inductor] Improve kernel number {i} (#{100000 + i})",
                      f"Dev {i % 300}", 100000 + i,
                      f"https://github.com/pytorch/pytorch/pull/{100000 + i}")
            for i in range(1, n + 1)]
    shas = [r.sha for r in refs]
    segments = []
    for s in range(12):
        cited = shas[s * 4:s * 4 + 4]
        text = f"Story {s}: the inductor improved kernel numbers {s * 4} to {s * 4 + 3}."
        segments.append(Segment(f"s{s}", f"Story {s}", text, cited, [Sentence(text, cited)],
                                start=float(s * 20)))
    rest = f"And {n - 48:,} other changes landed."
    segments.append(Segment("rest", "The rest", rest, shas[48:], [Sentence(rest, shas[48:])],
                            start=240.0))
    ep = Episode(date="2024-01-02", repo="pytorch/pytorch", title=f"A day of {n:,} commits",
                 summary="Many changes.", segments=segments, commit_refs=refs)
    ep.refresh_transcript()
    return ep


def measure(n: int) -> tuple[float, int]:
    ep = big_episode(n)
    item = ShowEpisode(date=ep.date, folder=Path("/nonexistent"), episode=ep,
                       audio_name="episode.mp3", audio_bytes=1, duration_seconds=300)
    started = time.perf_counter()
    page = render_episode_page(ShowSettings(title="Bench"), item, "2024-01-02T07:00:00Z",
                               [], [])
    return time.perf_counter() - started, len(page)


def main(sizes: list[int]) -> None:
    measure(100)  # templates compiled outside the timing
    results = [(n, *measure(n)) for n in sizes]
    for n, seconds, size in results:
        print(f"{n:>7,} commits: {seconds:7.3f} s, {size / 1e6:6.2f} MB")
    (n0, t0, s0), (n1, t1, s1) = results[0], results[-1]
    print(f"{n1:,} vs {n0:,} commits ({n1 / n0:.0f}x): time {t1 / t0:.1f}x, size {s1 / s0:.1f}x")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [2000, 20000])
