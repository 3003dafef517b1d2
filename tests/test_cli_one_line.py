"""Bad input to `studio` is one line on stderr naming the field or option, and a non-zero exit:
never a traceback. Every case runs the real command in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gitrepo import RepoBuilder, at

ROOT = Path(__file__).resolve().parent.parent
DATE = "2026-02-09"


def studio(*args: str, cwd: Path | None = None, **kw) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True, cwd=cwd, env=env,
                          timeout=180, **kw)


def one_line_error(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert result.returncode not in (0, None), result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("studio: error: "), lines[0]
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("one") / "proj"
    with RepoBuilder(path, origin="git@gitlab.com:group/sub/proj.git") as r:
        for i in range(3):
            r.commit(f"Tune the cache {i} (#{20 + i})", at(DATE, 6 + i), f"Dev {i}",
                     f"dev{i}@ex.com")
    return path


@pytest.fixture(scope="module")
def made(repo, tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """A show with one produced episode, and the quiet produce run that made it."""
    show = tmp_path_factory.mktemp("show") / "show"
    run = studio("produce", "--git", str(repo), "--date", DATE, "--show-dir", str(show), "-q")
    assert run.returncode == 0, run.stderr
    return show, run


def test_a_full_disk_under_stdout_is_one_line_and_a_failure(repo, tmp_path):
    with open("/dev/full", "w") as full:
        r = studio("pull", "--git", str(repo), "--date", DATE, "-o", str(tmp_path / "d.json"),
                   stdout=full, stderr=subprocess.PIPE)
    one_line_error(r, "cannot write standard output", "No space left on device")
    assert (tmp_path / "d.json").is_file()  # the work was done; only the report failed


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["produce", "--help"]])
def test_version_and_help_on_a_full_disk_fail_too(args):
    """argparse ignores a failed write of --help / --version and exits 0: not ours."""
    with open("/dev/full", "w") as full:
        r = studio(*args, stdout=full, stderr=subprocess.PIPE)
    one_line_error(r, "cannot write standard output", "No space left on device")


@pytest.mark.parametrize("value", ["inf", "1e400", "-1", "nan"])
def test_lock_wait_must_be_a_finite_number_of_seconds(repo, tmp_path, value):
    one_line_error(studio("produce", "--git", str(repo), "--date", DATE, "--show-dir",
                          str(tmp_path / "s"), "--lock-wait", value), "--lock-wait")
    one_line_error(studio("publish", "--show-dir", str(tmp_path / "s"), "--lock-wait", value),
                   "--lock-wait")
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize(("date", "needle"), [("0001-01-01", "before 1970"),
                                              ("9999-12-31", "in the future")])
def test_dates_out_of_range(repo, tmp_path, date, needle):
    one_line_error(studio("pull", "--git", str(repo), "--date", date, "-o",
                          str(tmp_path / "d.json")), "--date", needle)


def test_lookback_days_and_time_zone_out_of_range(repo, tmp_path):
    out = str(tmp_path / "d.json")
    one_line_error(studio("pull", "--git", str(repo), "--date", DATE, "-o", out,
                          "--lookback-days", "1000000000"), "--lookback-days")
    line = one_line_error(studio("pull", "--git", str(repo), "--date", DATE, "-o", out,
                                 "--tz", "A" * 5000), "unknown time zone")
    assert len(line) < 200


@pytest.mark.parametrize("url", ["http://[::1", "http://host:99999/"])
def test_publish_base_url_that_does_not_parse(made, url):
    show, _ = made
    one_line_error(studio("publish", "--show-dir", str(show), "-q", "--base-url", url),
                   "base URL", url)


def test_show_language_must_be_a_language_tag(made, tmp_path):
    show, _ = made
    copy = tmp_path / "show"
    subprocess.run(["cp", "-r", str(show), str(copy)], check=True)
    toml = copy / "show.toml"
    text = toml.read_text()
    assert 'language = "en-us"' in text
    toml.write_text(text.replace('language = "en-us"', 'language = "klingon!!"'))
    one_line_error(studio("publish", "--show-dir", str(copy), "-q"), "language", "klingon!!")
    toml.write_text(text.replace('language = "en-us"', 'language = "pt-BR"'))
    assert studio("publish", "--show-dir", str(copy), "-q").returncode == 0


def test_quiet_hides_warnings(made):
    show, run = made
    assert run.stderr == ""  # produce -q: not even show.toml's "owner.email is empty"
    r = studio("publish", "--show-dir", str(show), "-q")
    assert r.returncode == 0 and r.stderr == ""
    assert "owner.email" in studio("publish", "--show-dir", str(show)).stderr  # unquiet: said


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(date="not-a-date"), "date"),
    (lambda d: d["commits"][0].update(title=None), "commits[0].title"),
    (lambda d: d.update(commits="abc"), "commits"),
    (lambda d: d["commits"][1].pop("sha"), "commits[1].sha"),
])
def test_day_file_fields_are_checked(made, tmp_path, change, field):
    show, _ = made
    data = json.loads((show / "episodes" / DATE / "day.json").read_text())
    change(data)
    (tmp_path / "day.json").write_text(json.dumps(data))
    line = one_line_error(studio("script", str(tmp_path / "day.json"), "-o", str(tmp_path / "e")),
                          "day file", f"{field} ")
    assert "__init__" not in line
    assert not (tmp_path / "e" / "episode.json").exists()


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(title=None), "title must be text, not null"),
    (lambda d: d["segments"][0]["take"].update(trim="a"), "segments[0].take.trim must be an object"),
    (lambda d: d["segments"][0]["take"]["trim"].update(start="a"),
     "segments[0].take.trim.start must be a number"),
    (lambda d: d.update(duration_seconds="long"), 'duration_seconds must be a number, not "long"'),
    (lambda d: d.update(date="soon"), "date must be a date"),
])
def test_episode_file_fields_are_checked(made, tmp_path, change, field):
    show, _ = made
    folder = tmp_path / "ep"
    subprocess.run(["cp", "-r", str(show / "episodes" / DATE), str(folder)], check=True)
    data = json.loads((folder / "episode.json").read_text())
    change(data)
    (folder / "episode.json").write_text(json.dumps(data))
    one_line_error(studio("render", str(folder), "-q"), "episode file", field)
    one_line_error(studio("take", "import", str(folder), "--segment", "intro",
                          str(next((folder / "takes").glob("*.wav")))), field)


def test_gitlab_subgroup_keeps_its_path_and_links_merge_requests(made):
    show, _ = made
    folder = show / "episodes" / DATE
    day = json.loads((folder / "day.json").read_text())
    assert day["repo"] == "group/sub/proj"
    assert day["repo_url"] == "https://gitlab.com/group/sub/proj"
    urls = {r["url"] for r in json.loads((folder / "episode.json").read_text())["commit_refs"]}
    assert urls == {f"https://gitlab.com/group/sub/proj/-/merge_requests/{n}" for n in (20, 21, 22)}


def test_busy_show_names_the_studio_command_not_the_interpreter(tmp_path):
    """An installed `studio` runs as `/path/python /path/bin/studio produce ...` (its shebang);
    the refused run must name `studio produce`."""
    show = tmp_path / "show"
    holder = tmp_path / "bin" / "studio"
    holder.parent.mkdir()
    holder.write_text("import sys, time\nfrom studio.plumbing.showlock import show_lock\n"
                      "with show_lock(sys.argv[2]):\n    print('held', flush=True)\n"
                      "    time.sleep(60)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(holder), "produce", str(show)], env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        started = time.monotonic()
        r = studio("publish", "--show-dir", str(show), "--lock-wait", "0.2")
        assert time.monotonic() - started < 30
        line = one_line_error(r, f"(pid {proc.pid}: studio produce)")
        assert r.returncode == 75 and "python" not in line
    finally:
        proc.kill()
        proc.wait()
