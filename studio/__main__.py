import signal
import sys

try:  # a stopping signal while the command loads: one line too, not a traceback
    from studio.interrupts import STOPPING, cancel_on_signals

    if sys.argv[1:2] != ["gui"]:
        cancel_on_signals()
    from studio.cli.main import main
except KeyboardInterrupt as exc:
    name = signal.Signals(getattr(exc, "signum", signal.SIGINT)).name
    print("studio: cancelled" + ("" if name == "SIGINT" else f" ({name})"), file=sys.stderr)
    sys.exit(128 + getattr(exc, "signum", signal.SIGINT))

code = main()
if sys.argv[1:2] != ["gui"]:  # done: a signal now would only kill the interpreter's exit
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
sys.exit(code)
