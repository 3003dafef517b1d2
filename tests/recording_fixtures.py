"""Fixtures for recording tests: the PulseAudio daemon (one per session) and a fed virtual mic.

Import them into a test module with ``from recording_fixtures import mic, pulse  # noqa: F401``.
The daemon's address goes into this process's environment (``PULSE_SERVER``), so both the
recorder processes and an in-process Qt (the app's tests) record from it.
"""

from __future__ import annotations

import os

import pytest
from pulse import PulseDaemon, PulseUnavailable, VirtualMic


@pytest.fixture(scope="session", autouse=True)
def _pulse_session(tmp_path_factory):
    """Started before any test, so an in-process Qt meets this daemon the first time it looks
    for a sound server (QtMultimedia connects once per process). Never skips by itself."""
    daemon = PulseDaemon(tmp_path_factory.mktemp("pulse"))
    try:
        daemon.start()
    except PulseUnavailable as exc:
        yield str(exc)
        return
    saved = {k: os.environ.get(k) for k in daemon.env}
    os.environ.update(daemon.env)
    yield daemon
    daemon.stop()
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture
def pulse(_pulse_session):
    if isinstance(_pulse_session, str):
        pytest.skip(f"PulseAudio cannot run here: {_pulse_session}")
    return _pulse_session


@pytest.fixture
def mic(pulse):
    """The virtual microphone, fed silence until a test plays something into it."""
    pulse.add_mic()
    feeder = VirtualMic(pulse.fifo).start()
    yield feeder
    pulse.remove_mic()
    feeder.stop()


@pytest.fixture
def block_mic(pulse, request):
    """The virtual microphone fed in the blocks ``request.param`` names: a block length in ms
    (10, 100, 250) or ``"jittery"`` (random 5–250 ms blocks at the real-time rate)."""
    jittery = request.param == "jittery"
    pulse.add_mic()
    feeder = VirtualMic(pulse.fifo, block_ms=10 if jittery else request.param, jitter=jittery)
    feeder.start()
    yield feeder
    pulse.remove_mic()
    feeder.stop()
