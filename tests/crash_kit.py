"""`studio produce` killed on purpose, and what it must leave: shared by the crash test and
``bench/bench_crash.py``.

A show folder holds two earlier episodes and the latest day's episode, made from a local git
history (``A``). Each trial re-produces the latest day from the other history (``B``: the
same day plus a late commit, so every file of the episode changes), or back, and kills it —
after some seconds, or through ``strace -e inject=rename:signal=SIG:when=N`` at the N-th
rename of the run. Then, as a user would, it runs the next command on the episode
(``studio record DIR --takes``: it opens the episode, so it runs the recovery step) and
checks: the earlier episodes are byte-identical, the latest one is wholly the old or wholly
the new export (the sha256 in its episode.json match its files), feed.xml parses and its
enclosure lengths are the MP3s' sizes, no temp file is left; finally a full produce succeeds.
The enclosure lengths are also checked right after the kill, before any recovery: a published
episode's new MP3 comes under a new name, so the feed a reader fetches then is still true.
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from github_history import MERGEBOT, Planned, pytorch_history

from studio.export.identity import FIRST_COMPANIONS, companion_names

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)
EXPORTED = ["episode.mp3", "transcript.vtt", "transcript.srt", "chapters.json"]  # "episode.mp3":
# the episode's MP3, whatever it is named (after the show and the day: see mp3_in)


def mp3_in(folder: Path) -> Path:
    """The MP3 in ``folder``: the one its episode.json names (an episode folder also keeps
    the names of earlier renders), else the one staged there, else its old name."""
    try:
        named = json.loads((folder / "episode.json").read_text(encoding="utf-8"))["audio"]["file"]
        return folder / named
    except (OSError, ValueError, KeyError, TypeError):
        pass
    found = sorted(folder.glob("*.mp3"))
    return found[0] if found else folder / "episode.mp3"


def exported_path(folder: Path, name: str) -> Path:
    """The file in ``folder`` that plays the part ``name`` (one of EXPORTED) for the render
    there: its MP3, and the transcripts and chapters named after it (companion_names)."""
    if name == "episode.mp3":
        return mp3_in(folder)
    if name in FIRST_COMPANIONS:
        return folder / companion_names(mp3_in(folder).name)[FIRST_COMPANIONS.index(name)]
    return folder / name
TEMP_PREFIXES = (".export-", ".backup-")
TEMP_SUFFIXES = (".tmp", ".part")
SIGNALS = {"SIGKILL": signal.SIGKILL, "SIGTERM": signal.SIGTERM, "SIGINT": signal.SIGINT,
           "SIGHUP": signal.SIGHUP}


def default_signals() -> None:
    """In the child, before exec: the stopping signals as a terminal gives them (a shell
    without job control starts background jobs with SIGINT ignored, and nohup ignores SIGHUP;
    an ignored signal stays ignored across exec)."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Rename:
    index: int  # 1-based, among the renames of the studio process
    old: str
    new: str

    @property
    def label(self) -> str:
        return Path(self.new).name


@dataclass
class Outcome:
    """One killed run and what the checks found."""

    how: str
    signal: str
    code: int | None = None
    stderr: str = ""
    problems: list[str] = field(default_factory=list)
    state: str = ""  # "old" or "new": which export the latest episode held after recovery
    clean_exit: bool = True  # SIGTERM/SIGINT: the status and the one line a cancel must give
    delivered: bool = True  # False: the run had ended before the moment came

    @property
    def survived(self) -> bool:
        return not self.problems


def _late_commit() -> Planned:
    when = dt.datetime.combine(DAY, dt.time(23, 50), tzinfo=dt.UTC)
    return Planned(title="[MPS] Late fix for the day (#3999)", body="Fixes the late bug.",
                   author=("Dana Late", "dana@example.com"), committer=MERGEBOT, when=when,
                   pr=3999, files={"aten/mps.mm": "fixed\n"})


class CrashShow:
    """The show folder under test and the two histories its latest day alternates between."""

    def __init__(self, tmp: Path, commits: int = 3, earlier: int = 2) -> None:
        self.tmp = tmp
        self.show = tmp / "show"
        self.dates = [(DAY - dt.timedelta(days=n)).isoformat() for n in range(earlier, 0, -1)]
        self.sources: dict[str, Path] = {}
        for name in ("A", "B"):
            hist = pytorch_history(tmp / f"{name}.git", DAY, count=commits)
            if name == "B":
                hist.add(_late_commit())
                hist.write()
            self.sources[name] = hist.path
        self.current = ""  # the history the latest episode was wholly made from
        self.scripts: dict[str, str] = {}  # history -> the title and text its script has
        self.earlier: dict[str, bytes] = {}
        self.last_renames: list[Rename] = []  # of the last run traced

    @property
    def folder(self) -> Path:
        return self.show / "episodes" / DAY.isoformat()

    def clone(self, show: Path) -> CrashShow:
        """The same trial state, checked (and recovered) in a copy of the show at ``show``."""
        other = copy.copy(self)
        other.show = show
        return other

    # -- running studio ---------------------------------------------------------------------
    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
        env.update(PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(self.tmp / "cache"),
                   HOME=str(self.tmp / "home"), XDG_CACHE_HOME=str(self.tmp / "xdg"),
                   XDG_CONFIG_HOME=str(self.tmp / "config"),
                   PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
                   # no .pyc renames: the renames strace counts and stops at are studio's own
                   PYTHONDONTWRITEBYTECODE="1")
        return env

    def produce_cmd(self, source: str, date: str = DAY.isoformat()) -> list[str]:
        return [sys.executable, "-m", "studio", "produce", "--git", str(self.sources[source]),
                "--date", date, "--show-dir", str(self.show), "-q"]

    def run(self, cmd: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
        """Run ``cmd`` in a process group of its own; past ``timeout`` the whole group is
        killed — stopped tracees included, which would otherwise hold the pipes open."""
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=self.env(), cwd=self.tmp, start_new_session=True,
                                preexec_fn=default_signals)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc.pid)
            _out, err = proc.communicate(timeout=30)
            raise AssertionError(f"{' '.join(cmd[2:4])} hung for {timeout:g} s: "
                                 f"{(err or '')[-500:]}") from None
        return subprocess.CompletedProcess(cmd, proc.returncode, out, err)

    def other(self) -> str:
        return "B" if self.current == "A" else "A"

    def build(self) -> None:
        """The earlier episodes and the latest day from ``A``."""
        for date in self.dates:
            done = self.run(self.produce_cmd("A", date))
            assert done.returncode == 0, done.stderr
        self.complete("A")
        self.earlier = self.earlier_files()

    def complete(self, source: str) -> float:
        """A full produce of the latest day from ``source``; returns its seconds."""
        started = time.monotonic()
        done = self.run(self.produce_cmd(source))
        took = time.monotonic() - started
        if done.returncode != 0:
            raise AssertionError(f"produce from {source} failed: {done.stderr.strip()}")
        self.current = source
        self.scripts[source] = self.script()
        return took

    def renames(self, source: str) -> tuple[list[Rename], float]:
        """A complete produce from ``source`` under strace: the renames of the studio process
        in order, and the seconds the run took."""
        log = self.tmp / "renames.strace"
        started = time.monotonic()
        done = self.run(["strace", "-f", "-qq", "-e", "trace=rename", "-e", "signal=none",
                         "-o", str(log), *self.produce_cmd(source)])
        took = time.monotonic() - started
        assert done.returncode == 0, done.stderr
        self.current = source
        self.scripts[source] = self.script()
        return parse_renames(log.read_text(errors="replace")), took

    def swap_renames(self, source: str) -> list[Rename]:
        """The renames from the export journal's commit to the feed (inclusive)."""
        found, _took = self.renames(source)
        start = next(r.index for r in found if r.new.endswith("/.export-journal.json"))
        ends = [r.index for r in found if r.new.endswith("/feed.xml")]
        end = ends[0] if ends else found[-1].index
        return [r for r in found if start <= r.index <= end]

    def kill_at_rename(self, source: str, rename: Rename, sig: str) -> Outcome:
        """Produce from ``source`` with ``sig`` delivered on entering its N-th rename."""
        cmd = ["strace", "-f", "-qq", "-o", os.devnull, "-e", "trace=rename", "-e",
               f"inject=rename:signal={sig}:when={rename.index}", *self.produce_cmd(source)]
        done = self.run(cmd)
        code = done.returncode if done.returncode < 128 or sig != "SIGKILL" else -9
        return Outcome(f"rename {rename.index} ({rename.label})", sig, code, done.stderr)

    def kill_after(self, source: str, seconds: float, sig: str) -> Outcome:
        proc = subprocess.Popen(self.produce_cmd(source), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=self.env(), cwd=self.tmp,
                                start_new_session=True, preexec_fn=default_signals)
        delivered = True
        try:
            proc.wait(seconds)
            delivered = False
        except subprocess.TimeoutExpired:
            proc.send_signal(SIGNALS[sig])
        try:
            _out, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:  # say what still ran (CI once hung here, unexplained)
            ps = subprocess.run(["ps", "-o", "pid,ppid,pgid,stat,etime,args", "-g",
                                 str(proc.pid)], capture_output=True, text=True).stdout
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise AssertionError(f"{sig} after {seconds} s: still running 120 s later:\n{ps}") from None
        _wait_for_group(proc.pid)
        outcome = Outcome(f"after {seconds:.2f} s", sig, proc.returncode, err)
        outcome.delivered = delivered
        return outcome

    def frozen_images(self, source: str, dest: Path) -> list[tuple[str, CrashShow]]:
        """Produce from ``source`` stopped (SIGSTOP, injected by strace) after each rename
        from the last staged file to the feed; at each stop the show folder is copied. A copy
        is what SIGKILL at the next rename would leave: a killed process changes no file."""
        log = self.tmp / "frozen.strace"
        log.unlink(missing_ok=True)
        proc = subprocess.Popen(["strace", "-f", "-qq", "-o", str(log), "-e", "trace=rename",
                                 "-e", "signal=SIGSTOP", "-e", "inject=rename:signal=SIGSTOP:when=1+",
                                 *self.produce_cmd(source)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                env=self.env(), cwd=self.tmp, start_new_session=True,
                                preexec_fn=default_signals)
        images: list[tuple[str, CrashShow]] = []
        stops: dict[str, int] = {}  # pid -> stops seen: every traced process that renames stops
        started, done = False, False
        deadline = time.monotonic() + 300
        try:
            while proc.poll() is None:
                if time.monotonic() > deadline:
                    raise AssertionError("the frozen run made no progress for 300 s:\n"
                                         + log.read_text(errors="replace")[-2000:])
                text = log.read_text(errors="replace") if log.exists() else ""
                main = text.split(" ", 1)[0]  # the studio process; its other threads stop too
                now = _stops(text)
                stopped = [pid for pid, n in now.items() if n > stops.get(pid, 0)]
                if not stopped:
                    time.sleep(0.005)
                    continue
                stops = now
                deadline = time.monotonic() + 300
                renames = parse_renames(text)
                if main in stopped and renames:
                    last = renames[-1]
                    started = started or ("/.export-" in last.new
                                          and last.new.endswith("/episode.json"))
                    if started and not done:
                        image = self.clone(dest / f"{len(images):02d}" / "show")
                        shutil.copytree(self.show, image.show, symlinks=True)
                        nxt = f"before rename {last.index + 1}, after {last.label}"
                        images.append((nxt, image))
                        done = last.new.endswith("/feed.xml")
                for pid in stopped:
                    try:
                        os.kill(int(pid), signal.SIGCONT)
                    except ProcessLookupError:
                        pass
            _err = proc.communicate(timeout=60)[1]
        finally:
            if proc.poll() is None:
                kill_group(proc.pid)
                proc.communicate(timeout=30)
        assert proc.returncode == 0, _err
        self.last_renames = parse_renames(log.read_text(errors="replace"))
        self.current = source
        self.scripts[source] = self.script()
        return images

    def copy_to(self, www: Path) -> None:
        """Every produce from now on also publishes to ``folder:www`` (show.toml's
        ``[publish] to``), as a host serving the site from another folder has it."""
        toml = self.show / "show.toml"
        text = toml.read_text(encoding="utf-8")
        empty = "\n[publish]\nto = []\n"
        assert empty in text, "show.toml has no empty [publish] table"
        toml.write_text(text.replace(empty, f'\n[publish]\nto = ["folder:{www}"]\n', 1),
                        encoding="utf-8")

    def next_command(self) -> subprocess.CompletedProcess[str]:
        """What a user runs next on the episode: listing a segment's takes opens it."""
        return self.run([sys.executable, "-m", "studio", "record", str(self.folder),
                         "--segment", "intro", "--takes"])

    # -- what is on disk --------------------------------------------------------------------
    def earlier_files(self) -> dict[str, bytes]:
        """Every file of the earlier episodes but their pages (which list the newest) and the
        temp file of a page being written (the leftovers check counts those)."""
        files = {}
        for date in self.dates:
            base = self.show / "episodes" / date
            for path in sorted(base.rglob("*")):
                if path.is_file() and path.name != "index.html" and not (
                        path.name.startswith(".") and path.name.endswith(TEMP_SUFFIXES)):
                    files[str(path.relative_to(self.show))] = path.read_bytes()
        return files

    def script(self) -> str:
        data = json.loads((self.folder / "episode.json").read_text(encoding="utf-8"))
        return json.dumps([data["title"], [s["text"] for s in data["segments"]]])

    def exported(self) -> dict[str, str]:
        return {name: sha256(exported_path(self.folder, name)) for name in EXPORTED
                if exported_path(self.folder, name).is_file()}

    def check(self, outcome: Outcome, before: dict[str, str], target: str,
              after_next: bool = True) -> None:
        """Everything a killed run must leave, into ``outcome.problems``."""
        problems = outcome.problems
        if "Traceback" in outcome.stderr:
            problems.append("a traceback: " + outcome.stderr.strip().splitlines()[-1])
        if self.earlier_files() != self.earlier:
            problems.append("an earlier episode changed")
        problems += self.whole(before, target, outcome)
        problems += self.feed_agrees()
        if after_next:
            problems += [f"left behind: {p}" for p in self.temp_files()]

    def whole(self, before: dict[str, str], target: str, outcome: Outcome) -> list[str]:
        try:
            data = json.loads((self.folder / "episode.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            return [f"episode.json unreadable: {exc}"]
        files = dict(data.get("files") or {})
        declared = {name: files.get(exported_path(self.folder, name).name)
                    for name in FIRST_COMPANIONS}
        audio = data.get("audio") or {}
        declared["episode.mp3"] = audio.get("sha256", "")
        actual = self.exported()
        if actual != {n: declared.get(n) for n in actual} or set(actual) != set(EXPORTED):
            wrong = sorted(n for n in EXPORTED if actual.get(n) != declared.get(n))
            return [f"a mix: {', '.join(wrong)} do not match episode.json"]
        if audio.get("bytes") != mp3_in(self.folder).stat().st_size:
            return ["episode.json's audio bytes are not the MP3's size"]
        if actual == before:
            outcome.state = "old"
        elif self.script() == self.scripts.get(target, self.script()):
            outcome.state = "new"
        else:
            return ["the episode is neither the old export nor the new one"]
        return []

    def feed_agrees(self) -> list[str]:
        try:
            root = ET.parse(self.show / "feed.xml").getroot()
        except (OSError, ET.ParseError) as exc:
            return [f"feed.xml is not well-formed: {exc}"]
        problems = []
        items = root.findall("./channel/item")
        if len(items) != len(self.dates) + 1:
            problems.append(f"feed.xml has {len(items)} items")
        for item in items:
            enclosure = item.find("enclosure")
            url = enclosure.get("url", "") if enclosure is not None else ""
            date = url.rstrip("/").split("/")[-2] if url.count("/") >= 2 else ""
            mp3 = self.show / "episodes" / date / url.rsplit("/", 1)[-1]
            if not mp3.is_file() or int(enclosure.get("length", "-1")) != mp3.stat().st_size:
                problems.append(f"feed.xml: the enclosure of {date or url} is not the MP3's size")
                continue
            if date == DAY.isoformat():
                title = json.loads((self.folder / "episode.json").read_text())["title"]
                if (item.findtext("title") or "") != title:
                    problems.append("feed.xml: the latest item's title is not episode.json's")
        return problems

    def temp_files(self) -> list[str]:
        return sorted(str(p.relative_to(self.show)) for p in self.show.rglob("*")
                      if p.name.startswith(TEMP_PREFIXES) or p.name.endswith(TEMP_SUFFIXES)
                      or p.name.startswith(".export-journal"))

    # -- one trial --------------------------------------------------------------------------
    def trial(self, kill, sig: str, *args) -> Outcome:  # noqa: ANN001 - kill_after / kill_at_rename
        """Kill a produce toward the other history, run the next command, check, produce."""
        target = self.other()
        before = self.exported()
        outcome = kill(target, *args, sig)
        if sig != "SIGKILL":
            expected = 128 + SIGNALS[sig]
            lines = [ln for ln in outcome.stderr.splitlines() if ln.strip()]
            outcome.clean_exit = outcome.code == 0 or (
                outcome.code == expected and bool(lines) and lines[-1].startswith("studio: cancelled"))
        if self.earlier_files() != self.earlier:
            outcome.problems.append("an earlier episode changed (right after the kill)")
        outcome.problems += [f"right after the kill: {p}" for p in disagreements(self.show)]
        following = self.next_command()
        if following.returncode != 0:
            outcome.problems.append(f"the next command failed: {following.stderr.strip()[-200:]}")
        self.check(outcome, before, target)
        try:
            self.complete(target)
        except AssertionError as exc:
            outcome.problems.append(f"the next run failed: {exc}")
            return outcome
        after = Outcome(outcome.how, sig)
        self.check(after, {}, target)
        if after.state != "new":
            after.problems.append("the next run did not leave the new export")
        outcome.problems += [f"after the next run: {p}" for p in after.problems]
        return outcome


def parse_renames(trace: str) -> list[Rename]:
    """The rename calls of the first (studio) process in an ``strace -f`` log."""
    found: list[Rename] = []
    first_pid = ""
    for line in trace.splitlines():
        pid, _, call = line.partition(" ")
        if not call.lstrip().startswith("rename("):
            continue
        first_pid = first_pid or pid
        if pid != first_pid:
            continue
        args = call.lstrip()[len("rename("):].split('", "')
        if len(args) == 2:
            found.append(Rename(len(found) + 1, args[0].strip('"'), args[1].split('"')[0]))
    return found


def _stops(trace: str) -> dict[str, int]:
    """How often each traced process has reported a SIGSTOP group-stop in the log."""
    found: dict[str, int] = {}
    for line in trace.splitlines():
        pid, _, rest = line.partition(" ")
        if rest.strip() == "--- stopped by SIGSTOP ---":
            found[pid] = found.get(pid, 0) + 1
    return found


def kill_group(pgid: int) -> None:
    """SIGKILL a process group, and SIGCONT it: a ptrace-stopped member whose tracer died
    would stay stopped and keep its pipes open."""
    for sig in (signal.SIGKILL, signal.SIGCONT):
        try:
            os.killpg(pgid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def _wait_for_group(pgid: int, timeout: float = 10.0) -> None:
    """Let what the killed run started finish or die, as it would before cron's next run."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def have_strace() -> bool:
    return shutil.which("strace") is not None


# -- what a reader of the served site sees ---------------------------------------------------
def latest_enclosure(site: Path) -> tuple[str, int] | None:
    """(path under episodes/, length) of the latest day's enclosure in ``site``'s feed, as a
    reader gets it; None while there is no feed (or none that parses)."""
    item = latest_item(site)
    if item is None:
        return None
    enclosure = item.find("enclosure")
    url = urlsplit(enclosure.get("url", "")).path
    return url.split("/episodes/", 1)[1], int(enclosure.get("length", "-1"))


PODCAST_NS = "{https://podcastindex.org/namespace/1.0}"


def chapters_disagree(site: Path, item: ET.Element) -> str:
    """Why the chapters file ``item`` names is not the chapters of the MP3 it encloses (their
    titles and starts, against the MP3's own CHAP frames), or ""."""
    from mutagen.id3 import ID3, ID3NoHeaderError

    enclosure, chapters = item.find("enclosure"), item.find(f"{PODCAST_NS}chapters")
    if enclosure is None or chapters is None:
        return ""
    mp3 = site / "episodes" / urlsplit(enclosure.get("url", "")).path.split("/episodes/", 1)[1]
    rel = urlsplit(chapters.get("url", "")).path.split("/episodes/", 1)[1]
    try:
        listed = json.loads((site / "episodes" / rel).read_text(encoding="utf-8"))["chapters"]
        frames = sorted(ID3(mp3).getall("CHAP"), key=lambda f: f.start_time)
    except (OSError, ValueError, KeyError, ID3NoHeaderError) as exc:
        return f"{rel}: {exc}"
    in_file = [(c["title"], round(float(c["startTime"]), 1)) for c in listed]
    in_mp3 = [(str(f.sub_frames["TIT2"]), round(f.start_time / 1000, 1)) for f in frames]
    return "" if in_file == in_mp3 else \
        f"{site.name}: {rel} is not the chapters of {mp3.name} ({in_file[:2]} against {in_mp3[:2]})"


def latest_item(site: Path) -> ET.Element | None:
    """The latest day's feed item of ``site``, as a reader gets the feed now."""
    try:
        root = ET.fromstring((site / "feed.xml").read_bytes())
    except (OSError, ET.ParseError):
        return None
    for item in root.findall("./channel/item"):
        enclosure = item.find("enclosure")
        url = urlsplit(enclosure.get("url", "")).path if enclosure is not None else ""
        if f"/episodes/{DAY.isoformat()}/" in url:
            return item
    return None


def disagreements(site: Path) -> list[str]:
    """Every enclosure of ``site``'s feed whose length is not the size of the file it names
    (what a reader that fetched the feed now would download): true at every moment, even
    right after a kill, since a published episode's new MP3 comes under a new name."""
    try:
        root = ET.parse(site / "feed.xml").getroot()
    except (OSError, ET.ParseError) as exc:
        return [f"{site.name}/feed.xml is not well-formed: {exc}"]
    wrong = []
    for item in root.findall("./channel/item"):
        enclosure = item.find("enclosure")
        url = urlsplit(enclosure.get("url", "") if enclosure is not None else "").path
        rel = url.split("/episodes/", 1)[-1]
        path = site / "episodes" / rel
        size = path.stat().st_size if path.is_file() else None
        if enclosure is None or size != int(enclosure.get("length", "-1")):
            wrong.append(f"{site.name}/feed.xml: {rel} is {size} bytes, the feed says "
                         f"{enclosure.get('length') if enclosure is not None else None}")
        elif chapters_disagree(site, item):
            wrong.append(chapters_disagree(site, item))
    return wrong


class Poller(threading.Thread):
    """A reader polling sites while runs go on: each poll reads a site's feed, then stats the
    file its latest enclosure names, and counts the polls whose length is not the file's;
    with ``chapters``, also those whose chapters file is not the chapters of the MP3 the
    feed encloses."""

    def __init__(self, sites: list[Path], every: float = 0.002, chapters: bool = False) -> None:
        super().__init__(daemon=True)
        self.sites, self.every, self.chapters = sites, every, chapters
        self.chapter_polls = 0
        self.wrong_chapters: list[str] = []
        self.stop = threading.Event()
        self.polls = 0
        self.wrong: list[str] = []
        self.seen: set[tuple[str, int]] = set()

    def run(self) -> None:
        while not self.stop.is_set():
            for site in self.sites:
                found = latest_enclosure(site)
                if found is None:
                    continue
                rel, length = found
                try:
                    size: int | None = os.stat(site / "episodes" / rel).st_size
                except FileNotFoundError:
                    size = None
                self.polls += 1
                self.seen.add(found)
                if size != length:
                    self.wrong.append(f"{site.name}: {rel} is {size} bytes, the feed says {length}")
                item = latest_item(site) if self.chapters else None
                if item is not None:
                    self.chapter_polls += 1
                    why = chapters_disagree(site, item)
                    if why:
                        self.wrong_chapters.append(why)
            time.sleep(self.every)

    def __enter__(self) -> Poller:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.join()


# -- a disk that fills up during the run ------------------------------------------------------
class NoMount(Exception):
    """A tmpfs cannot be mounted here (not root, or in a container that forbids it)."""


@contextmanager
def tmpfs(path: Path, size: str) -> Iterator[Path]:
    """A real tmpfs of ``size`` (``24m``) mounted at ``path`` for the block; NoMount if not
    allowed. Unmounted (lazily, so a straggling child cannot keep it) when the block ends."""
    path.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        raise NoMount(mounted.stderr.strip() or f"mount exited {mounted.returncode}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


class Filler:
    """One file that takes every free byte of the disk holding it, as another program would."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fill(self) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            for size in (1 << 20, 1 << 12):  # big blocks, then the last pages
                block = b"\0" * size
                try:
                    while True:
                        os.write(fd, block)
                except OSError:
                    pass
        finally:
            os.close(fd)

    def free(self) -> None:
        self.path.unlink(missing_ok=True)


@dataclass
class Trigger:
    """When to fill the disk during a produce: once a staged MP3 holds ``mp3_bytes``, or
    ``seconds`` after the staged programme (the start of mastering) first appears."""

    mp3_bytes: int | None = None
    seconds: float | None = None
    encoded: bool = False  # once the MP3 is encoded and the programme gone: the tags' moment
    _start: float | None = None

    @property
    def label(self) -> str:
        if self.encoded:
            return "staged MP3 encoded, programme removed"
        if self.mp3_bytes is not None:
            return f"staged MP3 at {self.mp3_bytes} bytes"
        return f"{self.seconds:.2f} s into mastering"

    def ready(self, folder: Path) -> bool:
        for staged in folder.glob(".export-*"):
            if self.encoded:
                if mp3_in(staged).exists() and not (staged / "programme.f32").exists():
                    return True
            elif self.mp3_bytes is not None:
                try:
                    if mp3_in(staged).stat().st_size >= self.mp3_bytes:
                        return True
                except OSError:
                    continue
            elif self._start is None and (staged / "programme.f32").exists():
                self._start = time.monotonic()
        return self._start is not None and time.monotonic() - self._start >= (self.seconds or 0)


def no_space_line(stderr: str, disk: Path) -> list[str]:
    """What is wrong with a failed run's stderr: one line naming the full disk at ``disk``."""
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    if len(lines) != 1:
        return [f"{len(lines)} lines on stderr: {stderr.strip()[-300:]!r}"]
    if "no space left on tmpfs at " + str(disk) not in lines[0] or "MB free" not in lines[0]:
        return [f"the message does not name the full disk: {lines[0][-300:]!r}"]
    return []


def _fill_run(show: CrashShow, source: str, trigger: Trigger, filler: Filler) -> Outcome:
    """Produce from ``source``, filling the disk when ``trigger`` fires; the disk stays full."""
    proc = subprocess.Popen(show.produce_cmd(source), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=show.env(), cwd=show.tmp,
                            start_new_session=True, preexec_fn=default_signals)
    fired = False
    while proc.poll() is None:
        if trigger.ready(show.folder):
            filler.fill()
            fired = True
            break
        time.sleep(0.001)
    _out, err = proc.communicate(timeout=300)
    outcome = Outcome(trigger.label, "ENOSPC", proc.returncode, err)
    outcome.delivered = fired
    return outcome


def export_seconds(show: CrashShow, source: str) -> float:
    """A full produce from ``source``, timed from the staged programme's first appearance
    (mastering begins) to the run's end: the span full-disk moments are spread over."""
    trigger = Trigger(seconds=float("inf"))
    proc = subprocess.Popen(show.produce_cmd(source), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=show.env(), cwd=show.tmp,
                            start_new_session=True, preexec_fn=default_signals)
    while proc.poll() is None:
        trigger.ready(show.folder)
        time.sleep(0.001)
    ended = time.monotonic()
    err = proc.communicate()[1]
    assert proc.returncode == 0 and trigger._start is not None, err
    show.current = source
    show.scripts[source] = show.script()
    return ended - trigger._start


def fill_trial(show: CrashShow, trigger: Trigger, filler: Filler) -> Outcome:
    """Produce toward the other history with the disk filled at ``trigger``, check what it
    left (:func:`fill_start`), then free the disk and recover (:func:`fill_finish`)."""
    before = show.exported()
    outcome = fill_start(show, trigger, filler)
    fill_finish(show, outcome, filler, before)
    return outcome


def fill_start(show: CrashShow, trigger: Trigger, filler: Filler) -> Outcome:
    """Produce toward the other history, filling the disk at ``trigger``; check at once, with
    the disk still full: a failed run gives one line naming the disk; the episode is wholly
    old (then the feed agrees, and the line says it was not replaced) or wholly new."""
    target = show.other()
    before = show.exported()
    outcome = _fill_run(show, target, trigger, filler)
    problems = outcome.problems
    if "Traceback" in outcome.stderr:
        problems.append("a traceback: " + outcome.stderr.strip().splitlines()[-1])
    if outcome.code not in (0, 1):
        problems.append(f"exit {outcome.code}")
    if outcome.code:
        problems += no_space_line(outcome.stderr, filler.path.parent)
    if show.earlier_files() != show.earlier:
        problems.append("an earlier episode changed")
    problems += show.whole(before, target, outcome)
    kept = "the episode was not replaced" in outcome.stderr
    if outcome.state == "old":
        problems += [f"on the full disk: {p}" for p in show.feed_agrees()]
        if outcome.code and not kept:
            problems.append("the old episode was kept, but the message does not say so")
    elif outcome.state == "new":
        problems += [f"on the full disk: {p}" for p in disagreements(show.show)]
        if kept:
            problems.append("the message says the episode was not replaced, but it was")
    return outcome


def fill_finish(show: CrashShow, outcome: Outcome, filler: Filler,
                before: dict[str, str]) -> None:
    """Free the disk, run the next command, check everything again (no temp files left),
    and produce toward the same history, which must succeed."""
    target = show.other()
    filler.free()
    following = show.next_command()
    if following.returncode != 0:
        outcome.problems.append(f"the next command failed: {following.stderr.strip()[-200:]}")
    after = Outcome(outcome.how, "ENOSPC")
    show.check(after, before, target)
    outcome.problems += [f"after the next command: {p}" for p in after.problems]
    try:
        show.complete(target)
    except AssertionError as exc:
        outcome.problems.append(f"the next run failed: {exc}")
