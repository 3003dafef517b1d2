"""The studio process ends without the interpreter's teardown once a command is done, and
loses nothing by it: exit handlers run, piped output arrives whole, the exit code is the
command's, and a non-daemon thread still running keeps the normal (waiting) exit."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), str(tmp_path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_exit_handlers_run_output_is_whole_and_the_code_kept(tmp_path):
    done = run_python("""
        import atexit, logging, sys, tempfile
        from pathlib import Path
        from studio.plumbing.process_exit import finish
        out = Path(sys.argv[1])
        atexit.register(lambda: (out / "atexit").write_text("ran"))
        keep = tempfile.TemporaryDirectory(dir=out)  # cleaned up by its finalizer at exit
        (out / "tempdir").write_text(keep.name)
        log = logging.getLogger("t")
        handler = logging.FileHandler(out / "log.txt", delay=False)
        log.addHandler(handler)
        log.warning("logged")
        sys.stdout.write("x" * 1_000_000 + "\\nend\\n")  # more than any pipe buffer holds
        print("to stderr", file=sys.stderr)
        finish(3)
    """, tmp_path)
    assert done.returncode == 3
    assert done.stdout == "x" * 1_000_000 + "\nend\n"
    assert done.stderr == "to stderr\n"
    assert (tmp_path / "atexit").read_text() == "ran"
    assert not Path((tmp_path / "tempdir").read_text()).exists()
    assert (tmp_path / "log.txt").read_text() == "logged\n"


def test_a_running_non_daemon_thread_is_waited_for(tmp_path):
    done = run_python("""
        import sys, threading, time
        from pathlib import Path
        from studio.plumbing.process_exit import finish
        out = Path(sys.argv[1])
        def late():
            time.sleep(0.3)
            (out / "late").write_text("finished")
        threading.Thread(target=late).start()
        finish(0)
    """, tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "late").read_text() == "finished"


def test_the_studio_command_ends_with_its_own_code_and_whole_output(tmp_path):
    version = subprocess.run([sys.executable, "-m", "studio", "--version"],
                             capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("studio ")
    bad = subprocess.run([sys.executable, "-m", "studio", "render", str(tmp_path / "nowhere")],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 1
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("studio: error: ")
    script = Path(sys.executable).with_name("studio")
    if script.exists():  # the console script goes through the same exit
        assert "process_exit" in script.read_text()
        help_run = subprocess.run([str(script), "--help"], capture_output=True, text=True,
                                  timeout=60)
        assert help_run.returncode == 0 and "produce" in help_run.stdout
