"""Show folders as the audio export leaves them, built from real parts for publishing tests.

Each episode folder holds a real MP3 (ffmpeg: a sine tone, or espeak-ng speech), an
``episode.json`` made from the model's dataclasses, and real WebVTT, SubRip and Podcasting
2.0 chapter files. ``hostile=True`` fills the commit text with what attackers and broken
tools put there: control characters, ``]]>``, script and img tags, bidi overrides, quotes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from studio.episode import AudioFile, CommitRef, Episode, Segment, Sentence, Stats, save_episode
from studio.export.transcripts import episode_cues, to_srt, to_vtt

HOSTILE_TITLE = 'Fix ]]> in <script>alert("t")</script> & "quotes" \u202eevil\u202c\x07'
HOSTILE_SENTENCE = (
    "Ada's change <img src=x onerror=alert(1)> closes ]]> and \x00\x1b[31m escapes; "
    "<script>alert(2)</script> \u2067rtl\u2069 'single' \"double\"."
)
HOSTILE_AUTHOR = "Mallory <script>alert(3)</script>\x0b"
MARKER = "Rollback-marker-7f3a"  # plain text every fixture transcript carries


def ffmpeg_mp3(path: Path, seconds: float = 2.0, freq: int = 440) -> None:
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
         f"sine=frequency={freq}:duration={seconds}:sample_rate=44100",
         "-ac", "1", "-c:a", "libmp3lame", "-b:a", "64k", str(path)],
        check=True,
    )


def speech_mp3(path: Path, text: str) -> None:
    wav = path.with_suffix(".wav")
    subprocess.run(["espeak-ng", "-w", str(wav), text], check=True, capture_output=True)
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(wav),
                    "-ac", "1", "-ar", "44100", "-c:a", "libmp3lame", "-b:a", "64k", str(path)],
                   check=True)
    wav.unlink()


def probe_seconds(path: Path) -> float:
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration",
                          "-of", "csv=p=0", str(path)], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def make_episode(date: str, title: str, hostile: bool = False, show: str = "Widgets Daily",
                 repo: str = "octo/widgets") -> Episode:
    sha1, sha2, sha3 = (hashlib.sha1(f"{date}{n}".encode()).hexdigest() for n in range(3))
    refs = [
        CommitRef(sha1, "Speed up the widget cache (#101)", "Ada Lovelace", 101,
                  f"https://github.com/{repo}/pull/101"),
        CommitRef(sha2, "Revert the parser change", "Grace Hopper", None,
                  f"https://github.com/{repo}/commit/{sha2}"),
        CommitRef(sha3, "Sneaky", "Eve", 103, "javascript:alert('href')"),
    ]
    first = [Sentence(f"Welcome to {show} for {date}. {MARKER}.", []),
             Sentence("Ada Lovelace sped up the widget cache.", [sha1])]
    second = [Sentence("Grace Hopper rolled back the parser change.", [sha2, sha3])]
    summary = f"Two changes on {date}: a faster cache and a rollback."
    if hostile:
        refs[0].title = HOSTILE_TITLE
        refs[0].author = HOSTILE_AUTHOR
        refs[1].url = f'https://github.com/{repo}/pull/5?a="><script>alert(4)</script>'
        first.append(Sentence(HOSTILE_SENTENCE, [sha1, sha2]))
        title = f"{title} {HOSTILE_TITLE}"
        summary = f"{summary} {HOSTILE_SENTENCE}"
    segments = [
        Segment("intro", "Hello and the numbers", " ".join(s.text for s in first),
                [sha1], first),
        Segment("reverts", "Rollbacks" + (f" {HOSTILE_TITLE}" if hostile else ""),
                " ".join(s.text for s in second), [sha2, sha3], second),
    ]
    ep = Episode(title=title, summary=summary, date=date, repo=repo, show=show,
                 repo_url=f"https://github.com/{repo}", stats=Stats(commits=3, reverts=1),
                 segments=segments, commit_refs=refs)
    ep.refresh_transcript()
    return ep


def write_episode_folder(show_dir: Path, ep: Episode, seconds: float = 2.0, freq: int = 440,
                         speech: bool = False) -> Path:
    """An exported episode folder for ``ep`` under ``show_dir/episodes/DATE``."""
    folder = show_dir / "episodes" / ep.date
    folder.mkdir(parents=True, exist_ok=True)
    mp3 = folder / "episode.mp3"
    if speech:
        speech_mp3(mp3, f"{MARKER}. {ep.segments[0].sentences[0].text}")
    else:
        ffmpeg_mp3(mp3, seconds, freq)
    length = probe_seconds(mp3)
    half = length / 2
    for seg, (start, end) in zip(ep.segments, [(0.0, half), (half, length)], strict=False):
        seg.start, seg.end = round(start, 3), round(end, 3)
    data = mp3.read_bytes()
    ep.audio = AudioFile("episode.mp3", len(data), hashlib.sha256(data).hexdigest())
    ep.duration_seconds = round(length, 3)
    ep.duration = f"PT{int(length)}S"
    cues = episode_cues(ep)  # the exporter's own transcript writer
    (folder / "transcript.vtt").write_text(to_vtt(cues), encoding="utf-8")
    (folder / "transcript.srt").write_text(to_srt(cues), encoding="utf-8")
    chapters = {"version": "1.2.0", "chapters": [
        {"startTime": seg.start, "endTime": seg.end, "title": seg.title} for seg in ep.segments]}
    (folder / "chapters.json").write_text(json.dumps(chapters, ensure_ascii=False),
                                          encoding="utf-8")
    save_episode(ep, folder)
    return folder


TITLES = ["The Day of Rollbacks", "Cache Wins", "Parser Cleanup", "Quiet Tuesday"]


def build_show(show_dir: Path, dates: list[str], hostile: bool = False) -> Path:
    """A show folder with one exported episode per date (hostile text in the last one)."""
    show_dir.mkdir(parents=True, exist_ok=True)
    for n, date in enumerate(dates):
        bad = hostile and n == len(dates) - 1
        ep = make_episode(date, f"Widgets: {TITLES[n % len(TITLES)]}", hostile=bad)
        write_episode_folder(show_dir, ep, seconds=1.5 + n, freq=330 + 110 * n)
    return show_dir


def copy_show(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


_BUILT: dict[tuple[str, ...], Path] = {}


def show_copy(tmp_path_factory, dst: Path, dates: list[str], hostile: bool = False) -> Path:
    """A fresh copy of a show built once per test session (MP3 encoding is the slow part)."""
    key = (*dates, "hostile" if hostile else "plain")
    if key not in _BUILT:
        _BUILT[key] = build_show(tmp_path_factory.mktemp("show") / "show", dates, hostile)
    return copy_show(_BUILT[key], dst)
