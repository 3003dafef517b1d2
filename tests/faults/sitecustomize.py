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
