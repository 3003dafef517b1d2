"""Publishing figures: what a re-publish and an incremental push cost against their baselines.

Builds a show of N daily episodes (real MP3s from ffmpeg), then measures, in one run:
- first publish vs re-publish with nothing new (files written, seconds);
- first push to a local git-data-API server vs the push after one new day (blobs and bytes
  uploaded): the baseline is re-uploading the whole site, which a naive push would do.

Run: .venv/bin/python bench/publish_bench.py [--episodes 30] [--seconds 180]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from git_data_api import GitDataAPI  # noqa: E402
from show_fixtures import make_episode, write_episode_folder  # noqa: E402

from studio.publish.site import publish_show  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=180.0, help="length of each MP3")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, GitDataAPI() as api:
        show = Path(tmp) / "show"
        t0 = time.perf_counter()
        for n in range(args.episodes):
            date = f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}"
            write_episode_folder(show, make_episode(date, f"Widgets: Day {n + 1}"),
                                 seconds=args.seconds, freq=200 + 10 * n)
        build = time.perf_counter() - t0
        first_t = time.perf_counter()
        first = publish_show(show, "https://octo.github.io/widgets-site/")
        first_t = time.perf_counter() - first_t
        again_t = time.perf_counter()
        again = publish_show(show)
        again_t = time.perf_counter() - again_t

        toml = (show / "show.toml").read_text()
        toml = toml.replace('repo = ""', f'repo = "{api.repo}"')
        toml = toml.replace('api_url = ""', f'api_url = "{api.api_url}"')
        (show / "show.toml").write_text(toml)
        os.environ["GITHUB_TOKEN"] = api.token
        full = publish_show(show, push=True).push
        full_bytes = sum(len(b) for b in api.blobs.values())
        blobs_before = len(api.blobs)
        write_episode_folder(show, make_episode("2026-12-31", "Widgets: One More Day"),
                             seconds=args.seconds, freq=999)
        before = sum(len(b) for b in api.blobs.values())
        inc_t = time.perf_counter()
        inc = publish_show(show, push=True).push
        inc_t = time.perf_counter() - inc_t
        inc_bytes = sum(len(b) for b in api.blobs.values()) - before
        site_bytes = sum(len(b) for b in api.branch_files("gh-pages").values())

    figures = {
        "episodes": args.episodes,
        "mp3_seconds": args.seconds,
        "build_fixture_s": round(build, 2),
        "first_publish": {"files_written": len(first.changed), "seconds": round(first_t, 3)},
        "republish": {"files_written": len(again.changed), "seconds": round(again_t, 3)},
        "republish_time_ratio": round(again_t / first_t, 3),
        "first_push": {"blobs": full.uploaded, "bytes": full_bytes},
        "push_after_one_new_day": {"blobs": inc.uploaded, "bytes": inc_bytes,
                                   "seconds": round(inc_t, 3),
                                   "new_blobs": len(api.blobs) - blobs_before},
        "whole_site_bytes": site_bytes,
        "incremental_vs_full_reupload_bytes_ratio": round(inc_bytes / site_bytes, 4),
        "incremental_vs_full_reupload_blobs_ratio": round(
            inc.uploaded / len(api.branch_files("gh-pages")), 4),
    }
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "publish.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
