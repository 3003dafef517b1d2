"""`studio render` and `studio take import`: the audio half of an episode, from its folder."""

from __future__ import annotations

import argparse
from pathlib import Path

from .argtypes import number, seconds
from .terminal import TerminalProgress


def register(sub: argparse._SubParsersAction) -> None:
    render = sub.add_parser("render", help="narrate, master and export an episode folder")
    render.add_argument("episode_dir", metavar="EPISODE_DIR")
    render.add_argument("--profile", help="show profile (for the lexicon and host)")
    add_audio_arguments(render)
    add_lock_wait(render)
    render.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    render.set_defaults(handler=cmd_render)

    take = sub.add_parser("take", help="work with the takes of an episode")
    take_sub = take.add_subparsers(dest="take_command", metavar="ACTION",
                                   parser_class=type(take))
    imp = take_sub.add_parser("import", help="use an audio file as a segment's take")
    imp.add_argument("episode_dir", metavar="EPISODE_DIR")
    imp.add_argument("--segment", required=True, metavar="ID", help="the segment's id")
    imp.add_argument("file", metavar="FILE", help="WAV, FLAC, MP3, M4A, ... any rate/channels")
    add_lock_wait(imp)
    imp.set_defaults(handler=cmd_take_import)


def add_lock_wait(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lock-wait", type=seconds(), default=0.0, metavar="SECONDS",
                        help="when the episode is in a show folder another run is writing, "
                             "wait this long for it (default 0: refuse at once, exit code 75)")


def add_audio_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of narration and mastering; the defaults are AudioSettings' own."""
    group = parser.add_argument_group("audio")
    group.add_argument("--voice", metavar="VOICE",
                       help="the narrating voice: piper:NAME (e.g. piper:en_US-joe-medium), "
                            "piper:/path/voice.onnx, or a pyttsx3 voice id such as gmw/en-us "
                            "(default: show.toml's [voice], else Piper's first voice where Piper "
                            "is installed, else pyttsx3's default; "
                            "`studio doctor` lists them)")
    group.add_argument("--rate", type=int, metavar="WPM", help="speaking rate, words a minute")
    group.add_argument("--loudness", type=number, metavar="LUFS",
                       help="integrated loudness target (default -16; -19 suits mono)")
    group.add_argument("--bitrate", type=int, metavar="KBPS", help="MP3 bitrate (default 96)")
    group.add_argument("--stereo", action="store_true", help="stereo MP3 (default mono)")
    group.add_argument("--no-sting", action="store_true", help="leave out the intro/outro")


def audio_settings(args: argparse.Namespace):
    from ..audio.settings import AudioSettings

    base = AudioSettings()
    changes = {
        "voice": getattr(args, "voice", None),
        "rate": getattr(args, "rate", None),
        "loudness_target": getattr(args, "loudness", None),
        "bitrate_kbps": getattr(args, "bitrate", None),
        "channels": 2 if getattr(args, "stereo", False) else None,
        "sting": False if getattr(args, "no_sting", False) else None,
    }
    data = base.to_dict()
    data.update({k: v for k, v in changes.items() if v is not None})
    data["chosen"] = tuple(k for k in ("voice", "rate") if changes[k] is not None)
    return AudioSettings.from_dict(data)


def cmd_render(args: argparse.Namespace) -> int:
    from ..jobs import scaled
    from ..pipeline import finish_episode
    from ..plumbing.showlock import episode_lock
    from ..publish.after_render import follow_render, site_owed
    from ..recovery import recover_episode

    recover_episode(args.episode_dir)  # what a killed run left, before anything else
    settings = audio_settings(args)
    progress = TerminalProgress(quiet=args.quiet)
    try:
        with episode_lock(args.episode_dir, args.lock_wait, "studio render"):
            feed = site_owed(args.episode_dir)  # owed in the journal until it follows
            finish_episode(args.episode_dir, args.profile, settings,
                           progress=scaled(progress, 0.0, 0.95), feed=feed)
            site = follow_render(args.episode_dir, scaled(progress, 0.95, 1.0))
    finally:
        progress.done()
    report(Path(args.episode_dir))
    if site:
        print(site)
    return 0


def cmd_take_import(args: argparse.Namespace) -> int:
    from ..narration.takes import import_take
    from ..plumbing.showlock import episode_lock
    from ..recovery import recover_episode

    recover_episode(args.episode_dir)  # safe beside a live run: its folders are flock-held
    with episode_lock(args.episode_dir, args.lock_wait, "studio take import"):
        take = import_take(args.episode_dir, args.segment, args.file)
    print(f"segment {args.segment}: {take.path} ({take.duration:.1f} s, "
          f"trimmed {take.trim.start:.2f}-{take.trim.end or take.duration:.2f} s)")
    return 0


def report(episode_dir: Path) -> None:
    """Title, length, loudness and the files of an exported episode, on stdout."""
    import os

    from ..episode import load_episode

    episode = load_episode(episode_dir)
    lines = [episode.title]
    if episode.duration:
        lines.append(f"  duration: {episode.duration} ({episode.duration_seconds:.1f} s)")
    else:
        lines.append(f"  estimated length: {episode.estimated_seconds / 60:.1f} min")
    if episode.loudness_lufs is not None:
        lines.append(f"  loudness: {episode.loudness_lufs:.1f} LUFS integrated "
                     f"(target {episode.loudness_target:.0f}), true peak "
                     f"{episode.true_peak_dbtp:.1f} dBTP")
    lines.append(f"  episode: {os.fspath(episode_dir / 'episode.json')}")
    from ..narration.recordings import synthesis_plan

    kept = synthesis_plan(episode).kept_line()
    if kept:  # the host's recordings: never replaced by synthesis
        lines.append(f"  takes: {kept}, not synthesized over")
    if episode.writer_note:  # the language model was not used: say so, even under --quiet
        lines.append(f"  script: {episode.writer_note}")
    elif episode.writer.startswith("llm"):
        from ..script.llm.assemble import provenance_counts

        n = provenance_counts(episode)
        lines.append(f"  script: drafted by {episode.writer}, {n['verified']} sentences verified, "
                     f"{n['dropped']} left out by the fact check")
    from ..export.identity import companion_names

    mp3 = episode.audio.file if episode.audio else "episode.mp3"
    for name in (mp3, *companion_names(mp3)):
        if (episode_dir / name).exists():
            lines.append(f"  {name.split('.')[-1]}: {os.fspath(episode_dir / name)}")
    page = episode_dir / "index.html"
    show_dir = episode_dir.parent.parent
    if page.exists():
        lines.append(f"  page: {os.fspath(page)}")
    if episode_dir.parent.name == "episodes" and (show_dir / "feed.xml").exists():
        lines.append(f"  feed: {os.fspath(show_dir / 'feed.xml')}")
    print("\n".join(lines))
