"""Fault injection for tests, imported by every Python process started with this folder on
PYTHONPATH: with STUDIO_FAULT=speech-stdin-closed, a speech worker (``python -m
studio.narration.speak``) closes its standard input and stays alive without reading, so the
parent's first write to it fails (EPIPE) while the worker still runs."""

import os
import time

if os.environ.get("STUDIO_FAULT") == "speech-stdin-closed":
    try:
        with open("/proc/self/cmdline", "rb") as fh:
            worker = b"studio.narration.speak" in fh.read()
    except OSError:
        worker = False
    if worker:
        os.close(0)
        time.sleep(3600)

# STUDIO_ENV_DUMP=FOLDER: every child that is a speech worker, ffmpeg's caller aside, writes
# the names of its environment variables to FOLDER/<pid>.env (names only, never values).
if os.environ.get("STUDIO_ENV_DUMP"):
    try:
        with open(os.path.join(os.environ["STUDIO_ENV_DUMP"], f"{os.getpid()}.env"), "w") as fh:
            fh.write("\n".join(sorted(os.environ)))
    except OSError:
        pass

# STUDIO_FAULT=dir-fsync-eio: every fsync of a folder fails with EIO (a disk that lost the
# rename), as a dying disk or a network file system reports it.
if os.environ.get("STUDIO_FAULT") == "dir-fsync-eio":
    import errno
    import stat

    _real_fsync = os.fsync

    def _fsync(fd):  # noqa: ANN001, ANN202 - os.fsync's signature
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return _real_fsync(fd)

    os.fsync = _fsync

# STUDIO_FAULT=sigint-on-import:MODULE: the process sends itself SIGINT (a Ctrl-C) the moment
# MODULE is first looked for, so a Ctrl-C lands at that exact point of the start-up.
if os.environ.get("STUDIO_FAULT", "").startswith("sigint-on-import:"):
    import signal
    import sys

    class _SigintOnImport:
        target = os.environ["STUDIO_FAULT"].split(":", 1)[1]

        def find_spec(self, name, path=None, target=None):  # noqa: ANN001, ANN201, ARG002
            if name == self.target:
                sys.meta_path.remove(self)
                os.kill(os.getpid(), signal.SIGINT)
            return None

    sys.meta_path.insert(0, _SigintOnImport())
