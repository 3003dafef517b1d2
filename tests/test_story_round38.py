"""What the story writer tells of round 38's pytest day (2026-08-19, "Invalidate rewritten pyc
files by source hash"): a sentence that points back at the one before ("The option existed
because …", "Measured, it does not: …") follows it, a private name is the code's inside and is
not read out, and a bug the change also fixes ("Also fixes #13292, where …") is said as one.
The judges: "'The option existed because hashing was assumed …' refers to an option it never
introduced", "reads private code names aloud", "leaves out the stale-module bug fix"."""

from __future__ import annotations

from studio.editorial.record import clean_record
from studio.script.editor.choosing import choose
from studio.script.editor.sentences import lines

TITLE = "Invalidate rewritten pyc files by source hash"
BODY = """Drop the --invalidation-mode option and write checked-hash pycs unconditionally.

The option existed because hashing was assumed to cost enough to want a timestamp fast path. \
Measured, it does not: reading the source and hashing it costs ~15us per file, against ~1.1ms \
for a cache hit that has to unmarshal the code object anyway.

With one format there is no reason to consult _imp.check_hash_based_pycs either. That is a \
private CPython attribute governing how the builtin import system treats hash based pycs.

Also fixes #13292, where an edit within one mtime second of the previous one was invisible to \
the timestamp comparison.
"""


def _lines():
    return {x.said.split(":")[0]: x for x in lines(clean_record("a" * 40, TITLE, BODY))}


def test_a_sentence_that_points_back_leans_on_the_one_before():
    got = _lines()
    assert got["The option existed because hashing was assumed to cost enough to want a "
               "timestamp fast path."].leans
    assert got["Measured, it does not"].leans
    # a definite noun the title says is no pointer back
    assert not got["The change drops the invalidation mode option and writes checked-hash "
                   "pycs unconditionally."].leans


def test_a_private_name_is_not_read_out_nor_what_leans_on_it():
    said = " ".join(choose(clean_record("a" * 40, TITLE, BODY), 400, TITLE))
    assert "check hash based pycs" not in said and "private CPython attribute" not in said
    # said only after what it points at
    assert said.index("invalidation mode option") < said.index("The option existed")


def test_a_bug_the_change_also_fixes_is_said():
    fixes = [x.said for x in lines(clean_record("a" * 40, TITLE, BODY))
             if "mtime second" in x.said]
    assert fixes == ["The change fixes a bug where an edit within one mtime second of the "
                     "previous one was invisible to the timestamp comparison."]


def test_a_title_led_by_code_then_its_verb_is_said_with_the_code_last():
    from studio.script.editor.clauses import clause

    # numpy 2026-08-13: "led by np array fix incorrect inference by pyright for builtin
    # sequences" (a judge: "commit titles read aloud")
    assert clause("TYP: ``np.[as]array`` fix incorrect inference by pyright for builtin "
                  "sequences (#32279)") == (
        "fixed incorrect inference by pyright for builtin sequences in np array", True)
    assert clause("`bar` add the missing dtype") == ("added the missing dtype in bar", True)
    # a noun before a noun is no verb: said as it was
    assert clause("`foo` test cleanup work") == ("foo test cleanup work", False)
    assert clause("TYP: ``ndarray.argsort`` shape-typing") == (
        "shape-typing for ndarray argsort", False)


def test_one_persons_changes_of_one_kind_are_counted_as_that_kind(tmp_path):
    import datetime as dt

    from gitrepo import RepoBuilder, at, squash

    from studio.digest.build import build_digest
    from studio.editorial.plan import plan_episode
    from studio.profile import profile_for
    from studio.script.editor.telling import one_line
    from studio.sources.gitlocal import pull_git

    with RepoBuilder(tmp_path / "repo") as repo:
        repo.commit("Start", at("2026-08-12"), files={"numpy/a.pyi": "x\n"})
        for n, what in enumerate(("argsort", "repeat", "compress")):
            repo.commit(squash(f"TYP: ``ndarray.{what}`` shape-typing", 300 + n),
                        at("2026-08-13", 10, 16 + 2 * n), author="Joren",
                        email="j@example.com", files={f"numpy/_{n}.pyi": "y\n"})
    day = pull_git(tmp_path / "repo", dt.date(2026, 8, 13), tz="UTC", branch="main")
    plan = plan_episode(build_digest(day, profile_for(day.repo, None, project="numpy")))
    story = next(s for s in plan.stories + plan.briefly if len(s.commits) == 3)
    said, _shas = one_line(story)
    assert said.startswith("Joren landed three typing changes, led by "), said


NDITER = ("`numpy.nditer` and `numpy.nested_iters` now read flag names from Python strings "
          "instead of encoding them to ASCII first. Flags containing non-ASCII characters used "
          "to raise `UnicodeEncodeError`, but now raise `ValueError`, which makes it consistent "
          "with the error given for other unrecognized flag names.")


def test_a_release_notes_change_of_exception_is_told():
    """numpy 2026-08-13's nditer note: the judges wanted the UnicodeEncodeError → ValueError
    change; the story said only "improves error for non-ASCII nditer flags". Exception names
    are said as words by the ear, so they are no code read out; and "Flags containing …" is a
    noun, not "The change flags containing …"."""
    title = "MAINT: parse nditer flags as unicode directly"
    said = " ".join(choose(clean_record("a" * 40, title, "", notes=NDITER), 120, title))
    assert ("Flags containing non-ASCII characters used to raise a unicode encode error, but "
            "now raise a value error") in said


def test_the_article_follows_the_sound():
    from studio.script.words import a_or_an

    assert [a_or_an(w) for w in ("unicode", "unique", "user", "one-line", "uninitialized",
                                 "undefined", "error", "order")] == \
        ["a", "a", "a", "a", "an", "an", "an", "an"]


def test_previously_the_points_back_at_what_named_it():
    body = ("StringDType partition accepts str separators. Previously the separator had to be "
            "a StringDType array itself.")
    got = {x.said: x.leans for x in lines(clean_record("a" * 40, "Add string semantics", body))}
    assert got["Previously the separator had to be a StringDType array itself."] is True
