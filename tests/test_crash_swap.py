"""A `studio produce` killed at any rename of its final swap, or stopped by SIGTERM / SIGINT,
leaves the latest episode wholly old or wholly new, the feed agreeing with the files, the
earlier episodes untouched and no temp files once the next command has run (crash_kit).

The swap's renames are reached through strace (``-e inject=rename:signal=...``): SIGSTOP at
every rename freezes the run while the show folder is copied — each copy is what a SIGKILL at
the next rename leaves — and a real SIGKILL, SIGTERM and SIGINT are injected at one of them.
"""

from __future__ import annotations

import shutil

import pytest
from crash_kit import SIGNALS, CrashShow, Outcome, Rename, disagreements, have_strace

pytestmark = pytest.mark.skipif(not have_strace(), reason="needs strace (`make system`)")


@pytest.fixture(scope="module")
def crash(tmp_path_factory):
    """A show with one earlier episode and the latest day made from history A, kept as a
    pristine copy each test starts from; ``swap`` holds the renames of an A -> B run."""
    tmp = tmp_path_factory.mktemp("crash")
    show = CrashShow(tmp, commits=1, earlier=1)
    show.build()
    pristine = tmp / "pristine"
    shutil.copytree(show.show, pristine, symlinks=True)
    before = show.exported()
    images = show.frozen_images("B", tmp / "images")
    # B's synthesized takes go into the pristine copy: later runs from it need no speech
    # engine, and their renames are the frozen run's without those of the takes.
    for take in (show.folder / "takes").glob("tts-*.wav"):
        shutil.copy2(take, pristine / "episodes" / show.folder.name / "takes" / take.name)
    renames = [r for r in show.last_renames if "/takes/" not in r.new]
    renames = [Rename(n, r.old, r.new) for n, r in enumerate(renames, 1)]
    return show, pristine, before, images, renames


def _restore(show: CrashShow, pristine) -> None:
    shutil.rmtree(show.show)
    shutil.copytree(pristine, show.show, symlinks=True)
    show.current = "A"


def test_a_kill_at_any_rename_of_the_swap_leaves_a_whole_episode_and_a_true_feed(crash):
    show, _pristine, before, images, _renames = crash
    labels = [label for label, _image in images]
    assert any(".mp3" in label for label in labels), labels  # the swap was covered
    assert any("feed.xml" in label for label in labels), labels
    states, failures = [], []
    for label, image in images:
        outcome = Outcome(label, "SIGKILL")
        failures += [f"{label}: right after the kill: {p}" for p in disagreements(image.show)]
        following = image.next_command()
        assert following.returncode == 0, following.stderr
        image.check(outcome, before, "B")
        states.append(outcome.state)
        failures += [f"{label}: {p}" for p in outcome.problems]
    assert failures == []
    assert states[0] == "old" and states[-1] == "new"
    # The next run on a folder killed in the middle of the swap succeeds.
    middle = images[len(images) // 2][1]
    middle.complete("A")
    after = Outcome("next run", "")
    middle.check(after, {}, "A")
    assert after.problems == [] and after.state == "new"


@pytest.mark.parametrize("sig", ["SIGKILL", "SIGINT"])
def test_a_signal_in_the_middle_of_the_swap_never_leaves_a_mix(crash, sig):
    show, pristine, before, _images, renames = crash
    _restore(show, pristine)
    srt = next(r for r in renames if r.new.endswith(".srt") and "/.export-" in r.old
               and "/.export-" not in r.new)  # the swap's rename, not the staging's
    outcome = show.kill_at_rename("B", srt, sig)
    if sig == "SIGKILL":
        assert outcome.code in (-9, 137), outcome.stderr
    else:  # held off until the swap is whole, then a clean cancel: one line, 128 + signal
        assert outcome.code == 130, outcome.stderr
        assert outcome.stderr.strip().splitlines()[-1].startswith("studio: cancelled")
    assert show.next_command().returncode == 0
    show.check(outcome, before, "B")
    assert outcome.problems == [] and outcome.state == "new"


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_sigterm_or_sighup_during_the_work_cancels_like_ctrl_c(crash, sig):
    show, pristine, before, _images, _renames = crash
    _restore(show, pristine)
    outcome = show.kill_after("B", 0.8, sig)  # narrating or mastering: long before the swap
    assert outcome.code == 128 + SIGNALS[sig], outcome.stderr
    assert outcome.stderr.strip().splitlines()[-1] == f"studio: cancelled ({sig})"
    assert show.next_command().returncode == 0
    show.check(outcome, before, "B")
    assert outcome.problems == [] and outcome.state == "old"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_stop_python_swallows_still_ends_the_command_as_cancelled(monkeypatch, capsys):
    """CI under load: SIGTERM landed in logging's lock release inside a finaliser ("Exception
    ignored in: <function _releaseLock>"), the Interrupted was swallowed, the work went on and
    the command ended with status 0. A stop raised and never seen ends as cancelled: 143."""
    import gc
    import signal

    from studio.cli import main as cli
    from studio.plumbing import interrupts

    class Finalised:
        def __del__(self) -> None:  # where Python ignores what is raised
            interrupts._raise(signal.SIGTERM, None)

    def work(argv):
        Finalised()
        gc.collect()
        return 0

    # main() installs its own handlers: put them back
    handlers = {sig: signal.getsignal(sig) for sig in interrupts.STOPPING}
    try:
        monkeypatch.setattr(cli, "_run", work)
        assert cli.main(["doctor"]) == 128 + signal.SIGTERM
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    assert "cancelled (SIGTERM)" in capsys.readouterr().err
    assert interrupts.swallowed() is None  # and nothing is left over for the next command
    assert interrupts._WATCHDOG == []  # nor a watchdog that would end the caller's process
