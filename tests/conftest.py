import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from recording_fixtures import _pulse_session, block_mic, mic, pulse  # noqa: E402, F401  (PulseAudio for recording tests)
