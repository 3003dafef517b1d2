"""Child processes (ffmpeg, ffprobe, speech workers) that do not outlive studio.

A studio run killed with SIGKILL (cron's timeout, the OOM killer, ``kill -9``) cannot stop its
children itself. On Linux each child asks the kernel for SIGKILL when its parent dies
(``prctl(PR_SET_PDEATHSIG)``, set between fork and exec) and checks that the parent did not
die before it asked. Long-lived children also get a process group of their own, so a cancel
kills the child and anything it started, and Ctrl-C on the terminal reaches studio alone,
which then stops them in order. Children get the environment without its secrets
(studio.plumbing.redact.child_env): none of ffmpeg, git or the speech workers needs a token.

``PR_SET_PDEATHSIG`` follows the *thread* that started the child: start children from the
thread that waits for them (every caller here does).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from .redact import child_env

PR_SET_PDEATHSIG = 1


def _find_prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                      ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    return prctl


_PRCTL = _find_prctl()  # looked up once, before any fork: the child only calls it


def die_with_parent_hook() -> Callable[[], None] | None:
    """A ``preexec_fn`` that makes the child die with this process (None off Linux)."""
    if _PRCTL is None:
        return None
    parent = os.getpid()
    prctl = _PRCTL

    def hook() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the request: go now
            os.kill(os.getpid(), signal.SIGKILL)

    return hook


def popen(cmd: list[str], own_group: bool = True, **kwargs: Any) -> subprocess.Popen:
    """``subprocess.Popen`` for a child that dies with studio; ``own_group``: in its own
    process group (stop it with :func:`kill_group`)."""
    hook = die_with_parent_hook()
    if hook is not None:
        kwargs.setdefault("preexec_fn", hook)
    kwargs["env"] = child_env(kwargs.get("env"))  # no tokens: no child needs them
    if own_group and os.name == "posix":
        kwargs.setdefault("process_group", 0)
    return subprocess.Popen(cmd, **kwargs)


def run(cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess:
    """``subprocess.run`` for a short child that dies with studio (stays in studio's group)."""
    hook = die_with_parent_hook()
    if hook is not None:
        kwargs.setdefault("preexec_fn", hook)
    kwargs["env"] = child_env(kwargs.get("env"))
    return subprocess.run(cmd, **kwargs)


def kill_group(proc: subprocess.Popen) -> None:
    """Kill a child started with ``own_group`` and everything in its group; reap it.

    Only while the child is not yet reaped: its pid (the group's id) cannot be reused then.
    """
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, AttributeError):
            proc.kill()
    proc.wait()


def discard(proc: subprocess.Popen) -> None:
    """:func:`kill_group`, then close the pipes to the child (a worker pool's stop)."""
    kill_group(proc)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream:
            try:
                stream.close()
            except OSError:
                pass


PIPE_DEADLINE = 30.0  # seconds a child may take to read one request
WAIT_DEADLINE = 5.0  # seconds a child that has failed may take to end
STDERR_LIMIT = 16_384  # the tail of a failed child's stderr kept for its message


def send_line(proc: subprocess.Popen, data: bytes, seconds: float = PIPE_DEADLINE) -> bool:
    """Write ``data`` to the child's stdin within ``seconds``; False when it cannot take it
    (its stdin is closed, it died, or it stopped reading): the caller reports the child.

    A blocking write to a child that stopped reading would wait forever once the pipe is
    full; here the descriptor is non-blocking and each wait for room has the deadline.
    """
    if proc.stdin is None:
        return False
    fd = proc.stdin.fileno()
    deadline = time.monotonic() + seconds
    view = memoryview(data)
    try:
        os.set_blocking(fd, False)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            _, ready, _ = select.select([], [fd], [], left)
            if ready:
                try:
                    view = view[os.write(fd, view):]
                except BlockingIOError:
                    continue
        return True
    except (OSError, ValueError):  # EPIPE, a closed pipe, a closed file object
        return False


def ended(proc: subprocess.Popen, seconds: float = WAIT_DEADLINE) -> int:
    """The exit status of a child that has failed: waited for ``seconds``, then killed with
    its group (a child alive with a broken pipe must not keep studio waiting)."""
    try:
        return proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        return proc.returncode


def stderr_tail(proc: subprocess.Popen, limit: int = STDERR_LIMIT,
                seconds: float = 2.0) -> str:
    """The last ``limit`` bytes a child wrote on its stderr pipe, read for at most
    ``seconds`` (a grandchild may hold the pipe open after the child is gone)."""
    stream = proc.stderr
    if stream is None:
        return ""
    tail = b""
    deadline = time.monotonic() + seconds
    try:
        fd = stream.fileno()
        os.set_blocking(fd, False)
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                break
            tail = (tail + chunk)[-limit:]
    except (OSError, ValueError):
        pass
    return tail.decode("utf-8", "replace")
