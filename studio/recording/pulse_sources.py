"""Whether a PulseAudio source (a microphone) still exists, asked of the sound server itself.

When a source goes away (USB or Bluetooth microphone removed, module unloaded) PulseAudio and
pipewire-pulse move the recording stream to the fallback source, and QtMultimedia 6.11 neither
reports it nor updates its device list: the take would go on recording the fallback (often a
silent monitor). So the recorder keeps its own small libpulse connection (``libpulse.so.0``,
which QtMultimedia loads anyway, through ctypes) and asks about once a second whether the
source it records is still there. Nothing here blocks for long: the connection is made with a
short deadline and is polled without waiting. Without libpulse, or when the server does not
know the source by that name (Qt's native PipeWire backend names inputs differently), the
watch stays silent and the recorder's watchdog on the data is the only check.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import time

CONTEXT_READY, CONTEXT_FAILED, CONTEXT_TERMINATED = 4, 5, 6
OPERATION_RUNNING = 0
NOAUTOSPAWN = 1
CHECK_EVERY = 1.0  # seconds
CONNECT_SECONDS = 2.0

_SOURCE_INFO_CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                   ctypes.c_void_p)


def _libpulse() -> ctypes.CDLL | None:
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("pulse") or "libpulse.so.0")
    except OSError:
        return None
    vp = ctypes.c_void_p
    for name, res, args in [
        ("pa_mainloop_new", vp, []), ("pa_mainloop_get_api", vp, [vp]),
        ("pa_mainloop_iterate", ctypes.c_int, [vp, ctypes.c_int, vp]),
        ("pa_mainloop_free", None, [vp]), ("pa_context_new", vp, [vp, ctypes.c_char_p]),
        ("pa_context_connect", ctypes.c_int, [vp, ctypes.c_char_p, ctypes.c_int, vp]),
        ("pa_context_get_state", ctypes.c_int, [vp]), ("pa_context_disconnect", None, [vp]),
        ("pa_context_unref", None, [vp]),
        ("pa_context_get_source_info_by_name", vp, [vp, ctypes.c_char_p, _SOURCE_INFO_CB, vp]),
        ("pa_operation_get_state", ctypes.c_int, [vp]), ("pa_operation_unref", None, [vp]),
    ]:
        func = getattr(lib, name)
        func.restype, func.argtypes = res, args
    return lib


class SourceWatch:
    """Polls the sound server for one source by name; :meth:`gone` says when it vanished."""

    def __init__(self, source_name: str) -> None:
        self.name = source_name.encode()
        self._lib = _libpulse()
        self._loop = self._context = self._operation = None
        self._found = False
        self._answered = False
        self._last_check = 0.0
        self._callback = _SOURCE_INFO_CB(self._on_info)  # kept: libpulse calls it later
        self.active = False

    def start(self) -> bool:
        """Connect and check the source once; False (and the watch off) if either fails."""
        lib = self._lib
        if lib is None:
            return False
        self._loop = lib.pa_mainloop_new()
        self._context = lib.pa_context_new(lib.pa_mainloop_get_api(self._loop), b"studio-mic-watch")
        if not self._context or lib.pa_context_connect(self._context, None, NOAUTOSPAWN, None) < 0:
            self.close()
            return False
        deadline = time.monotonic() + CONNECT_SECONDS
        while self._state() not in (CONTEXT_READY, CONTEXT_FAILED, CONTEXT_TERMINATED):
            if time.monotonic() > deadline:
                break
            self._iterate(wait=True)
        if self._state() != CONTEXT_READY:
            self.close()
            return False
        self._ask()
        while self._operation is not None and time.monotonic() < deadline:
            self._iterate(wait=True)
        self.active = self._answered and self._found
        if not self.active:
            self.close()
        return self.active

    def gone(self) -> bool:
        """True once the server has answered that the source no longer exists. Never blocks."""
        if not self.active:
            return False
        self._iterate(wait=False)
        if self._state() != CONTEXT_READY:  # the server went away: the data watchdog says so
            self.close()
            return False
        if self._operation is None and self._answered and not self._found:
            return True
        if self._operation is None and time.monotonic() - self._last_check >= CHECK_EVERY:
            self._ask()
        return False

    def close(self) -> None:
        lib, self.active = self._lib, False
        if lib is None:
            return
        if self._operation:
            lib.pa_operation_unref(self._operation)
            self._operation = None
        if self._context:
            lib.pa_context_disconnect(self._context)
            lib.pa_context_unref(self._context)
            self._context = None
        if self._loop:
            lib.pa_mainloop_free(self._loop)
            self._loop = None

    def _state(self) -> int:
        return self._lib.pa_context_get_state(self._context) if self._context else CONTEXT_FAILED

    def _ask(self) -> None:
        self._found, self._answered = False, False
        self._last_check = time.monotonic()
        self._operation = self._lib.pa_context_get_source_info_by_name(
            self._context, self.name, self._callback, None)

    def _iterate(self, wait: bool) -> None:
        lib = self._lib
        while lib.pa_mainloop_iterate(self._loop, 0, None) > 0:  # dispatch what is ready
            pass
        if self._operation and lib.pa_operation_get_state(self._operation) != OPERATION_RUNNING:
            lib.pa_operation_unref(self._operation)
            self._operation = None
        if wait:
            time.sleep(0.005)

    def _on_info(self, _context, info, eol, _userdata) -> None:
        if info:
            self._found = True
        if eol:  # 1: end of the list; -1: an error, such as "no such entity"
            self._answered = True
