import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Where nothing chose a voice a run narrates with Piper when it is installed (issue 25 item 4);
# the suite's runs stay on pyttsx3 (espeak-ng, seconds instead of minutes) unless a test asks
# for Piper or, as tests/test_default_voice.py does, unsets this.
os.environ.setdefault("COMMITCAST_VOICE", "pyttsx3")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from recording_fixtures import _pulse_session, block_mic, mic, pulse  # noqa: E402, F401  (PulseAudio for recording tests)
