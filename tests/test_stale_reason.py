"""Why a take is stale, read off what the take records (core, no Qt)."""

from __future__ import annotations

from studio.episode import Take, script_hash
from studio.narration.takes import stale_reason, take_key

TEXT = "Inductor got faster today."
SPOKEN = "in duct or got faster today."


def synthesized(text=TEXT, spoken=SPOKEN, voice="gmw/en", rate=165, legacy=False) -> Take:
    take = Take("takes/t.wav", "synthesized", take_key(spoken, voice, rate))
    if not legacy:
        take.voice, take.rate, take.script_hash = voice, rate, script_hash(text)
    return take


def test_fresh_take_has_no_reason():
    assert stale_reason(synthesized(), TEXT, SPOKEN, "gmw/en", 165) == ""


def test_each_cause_is_named():
    take = synthesized()
    edited = TEXT + " More."
    assert stale_reason(take, edited, edited, "gmw/en", 165) == \
        "the script text changed since it was made"
    assert stale_reason(take, TEXT, TEXT, "gmw/en", 165) == \
        "the pronunciation lexicon changed since it was made"
    assert stale_reason(take, TEXT, SPOKEN, "gmw/en", 180) == \
        "the speaking rate changed (165 → 180 words a minute) since it was made"
    assert stale_reason(take, TEXT, SPOKEN, "gmw/en-gb-x-rp", 165) == \
        "the voice changed from gmw/en (espeak-ng) to gmw/en-gb-x-rp (espeak-ng) since it was made"
    assert stale_reason(take, edited, edited, "gmw/en-gb-x-rp", 165) == \
        ("the script text changed and the voice changed from gmw/en (espeak-ng) to "
         "gmw/en-gb-x-rp (espeak-ng) since it was made")


def test_older_takes_and_recordings():
    legacy = synthesized(legacy=True)
    assert "rate changed (165 → 200" in stale_reason(legacy, TEXT, SPOKEN, "gmw/en", 200)
    assert stale_reason(legacy, TEXT, "other", "gmw/en", 165) == \
        "the script, voice, rate or lexicon changed since it was made"
    recorded = Take("takes/r.wav", "recorded", script_hash(TEXT))
    assert stale_reason(recorded, TEXT + "  ", "", "v", 1) == ""
    assert stale_reason(recorded, "New words.", "", "v", 1) == \
        "the script text changed since it was recorded"
