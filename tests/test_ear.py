"""Text for the ear (studio.script.editor.ear): flags, short private names and identifiers
said as a developer says them — in the story writer's script and in a model's draft alike."""

from __future__ import annotations

import pytest

from studio.script.editor.ear import for_ear
from studio.script.editor.focus import say_name


@pytest.mark.parametrize(("text", "said"), [
    # mypy 2026-07-13: "wheels for macOS x86 64"
    ("No wheels for macOS x86_64 or Linux aarch64.", "No wheels for macOS x86-64 or Linux ARM64."),
    # pip 2026-08-03: "raises a plain ValueError" is "a plain value error" heard
    ("It re-raises `ValueError` as InstallationError.",
     "It re-raises a value error as an installation error."),
    ("Turn it on with --preview-features index-by-name.",
     "Turn it on with the preview features flag set to index by name."),
    ("Run uv sync --locked first.", "Run uv sync with the locked flag first."),
    ("Use `--index-strategy=unsafe-best-match` now.",
     "Use the index strategy flag set to unsafe best match now."),
    ("The old _portable_lib module is now _C.",
     "The old portable lib module is now underscore C."),
    ("You opt in with enable_sharded_blocking_queue.",
     "You opt in with enable sharded blocking queue."),
    ("It re-lands the queue from pull request 7757, now off by default.",
     "It re-lands the queue from an earlier change, now off by default."),
    ("This closes issue 8056 for good.", "This closes a reported issue for good."),
    # round 8's strong draft: an issue is a report, not a change
    ("It first landed in pull request 7757 and was reverted because of issue 8056.",
     "It first landed in an earlier change and was reverted because of a reported issue."),
    # uv 2026-08-18's revert: the fix it waits for is still to come, not "an earlier change"
    ("Revert the test until the fix in #18713 is ready.",
     "Revert the test until the fix in another change is ready."),
    ("The revert waits for the fix in pull request 18713.",
     "The revert waits for the fix in another change."),
    ("The test added in #18712 is failing on main.",
     "The test added in an earlier change is failing on main."),
])
def test_code_is_said_not_spelled(text, said):
    assert for_ear(text) == said


def test_a_name_to_look_for_keeps_its_underscore():
    assert say_name("_portable_lib") == "underscore portable lib"
    assert say_name("executorch::runtime") == "executorch runtime"


def test_quiet_days_read_aloud_say_types_macros_and_record_lines_as_a_host_would():
    # read aloud on tokio 2026-06-13 and uv 2026-07-12 (40-day bench): "Op<Statx>" spoken with
    # its brackets, "The panic! is unreachable", "The change rights now its check is dead
    # code" (an adverb taken for an imperative), "Added test for ..." (a commit log's line)
    # and "so please adjust if you had something different in mind" (said to a reviewer)
    from studio.script.editor.sentences import adapt

    assert for_ear("Mahdi implemented io-uring Op<Statx>.") == "Mahdi implemented io-uring Op Statx."
    assert for_ear("HashMap<K, V> lookups") == "HashMap K and V lookups"
    assert for_ear("The panic! is unreachable.") == "The panic macro is unreachable."
    assert for_ear("It works! Great.") == "It works! Great."
    assert for_ear("Rust's cfg_select! macro and if-let guards") == \
        "Rust's cfg select macro and if-let guards"
    said = adapt("Right now its check is dead code, so it can never fail.")
    assert said is not None and said[0].startswith("Until now, its check was dead code"), said
    assert adapt("Added test for io uring statx operations.") is None
    assert adapt("Measured peak host memory of 48 GiB, down from 75 GiB.") is not None
    from studio.script.editor.pr_process import review_process

    assert review_process("The comment says so, so please adjust if you had something in mind.")


def test_an_option_given_an_empty_value_is_said_so():
    from studio.script.editor.ear import for_ear

    assert for_ear('pip now also supports --proxy="", and either option does the same.') == \
        "pip now also supports the proxy flag set to an empty value, and either option does " \
        "the same."
