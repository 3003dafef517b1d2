import signal
import sys

try:  # a stopping signal while the command loads: one line too, not a traceback
    from studio.interrupts import STOPPING, cancel_on_signals, exit_status

    if sys.argv[1:2] != ["gui"]:
        cancel_on_signals()
    from studio.cli.main import main
except KeyboardInterrupt as exc:
    print("studio: cancelled", file=sys.stderr)
    sys.exit(exit_status(exc))

code = main()
if sys.argv[1:2] != ["gui"]:  # done: a signal now would only kill the interpreter's exit
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
sys.exit(code)
