"""Stories across days: a revert on Monday relanded on Thursday is one story with both dates,
a five-part series over three days is one story, a busy week keeps five to eight stories and
a quiet one stays short; every sentence keeps its commits; dailies name the earlier day."""

from __future__ import annotations

import datetime as dt

import pytest
from github_history import WEBFLOW, History, Planned
from week_history import ALICE, BOB, DAVE, MONDAY, WEEK, week_history

from studio.digest.span import build_span_digest
from studio.pipeline import write_script_for
from studio.profile import profile_for
from studio.script.recap import RecapWriter
from studio.sources.gitspan import pull_git_span
from studio.sources.span import Span, week_span


def span_of(path, newcomers=None) -> Span:
    return Span(week_span(WEEK), pull_git_span(path, MONDAY, MONDAY + dt.timedelta(days=6)),
                newcomers=newcomers)


@pytest.fixture
def week(tmp_path):
    hist = week_history(tmp_path / "widgets.git")
    span = span_of(hist.path, ["erin@example.com"])
    sd = build_span_digest(span, profile_for(span.repo))
    return span, sd


def test_revert_on_monday_relanded_on_thursday_is_one_story_with_both_dates(week):
    span, sd = week
    arcs = [s for s in sd.stories if s.kind == "comeback"]
    assert len(arcs) == 1 and not [s for s in sd.stories if s.kind == "rollback"]
    arc = arcs[0]
    assert arc.dates == ["2026-01-23", "2026-01-26", "2026-01-29"]  # landed, reverted, back
    revert = span.days[0].commits[-1]
    reland = span.days[3].commits[0]
    assert revert.sha in arc.shas and reland.sha in arc.shas
    ep = RecapWriter().write_span(sd, profile_for(span.repo))
    seg = next(s for s in ep.segments if s.id.startswith("story-") and reland.sha in s.commits)
    text = seg.text
    assert "reverted on Monday by Carol Reyes" in text and "On Thursday, it came back" in text
    assert "It breaks the CUDA 12 build" in text
    said = {x.text: x.commits for x in seg.sentences}
    assert next(v for k, v in said.items() if "reverted on Monday" in k) == [revert.sha]


def test_five_part_series_over_three_days_is_one_story(week):
    span, sd = week
    series = [s for s in sd.stories if s.kind == "series" and len(s.commits) == 5]
    assert len(series) == 1
    s = series[0]
    assert s.dates == ["2026-01-26", "2026-01-27", "2026-01-28"]
    assert [c.series[0] for c in s.commits] == [1, 2, 3, 4, 5]
    assert s in sd.stories[:2]  # with the comeback, the week's biggest stories
    ep = RecapWriter().write_span(sd, profile_for(span.repo))
    seg = next(x for x in ep.segments if x.title == "Bob Okafor's five-part XPU series")
    assert "landed from Monday to Wednesday" in seg.text
    assert "two on Monday, one on Tuesday, and two on Wednesday" in seg.text
    assert set(seg.commits) == {c.sha for c in s.commits}


def test_recap_episode_is_a_recap_with_its_numbers_and_every_sentence_sourced(week):
    span, sd = week
    ep = RecapWriter().write_span(sd, profile_for(span.repo))
    assert ep.kind == "recap" and ep.span_start == "2026-01-26" and ep.date == "2026-02-01"
    assert ep.itunes_type == "bonus"
    numbers = ep.segment("numbers").text
    assert "ten commits from five authors" in numbers
    assert "One of them was contributing for the first time: Erin Walsh" in numbers
    assert "one change came back after a revert" in numbers
    shas = {c.sha for c in span.commits} | {c.sha for d in span.days for c in d.lookback}
    for seg in ep.segments:
        for x in seg.sentences:
            if seg.id not in ("intro", "sign-off") or x is not seg.sentences[0]:
                assert x.commits and set(x.commits) <= shas, x.text
    refs = {r.sha for r in ep.commit_refs}
    assert span.days[3].commits[0].sha in refs
    assert ep.summary.startswith("Widgets, January 26th to February 1st, 2026: ten commits")


MODULES = ["parser", "lexer", "cache", "server", "client", "codec", "index", "query", "plugin",
           "config", "render", "shell"]


def _busy_week(path) -> History:
    """Twelve people, twelve modules, five days: ninety changes."""
    hist = History(path)
    people = [(f"Dev {k}", f"dev{k}@example.com") for k in range(12)]
    n = 0
    for day in range(5):
        for k in range(18):
            person = people[(k + day) % 12]
            module = MODULES[(k + day * 5) % len(MODULES)]
            when = dt.datetime.combine(MONDAY + dt.timedelta(days=day), dt.time(8 + k // 2),
                                       tzinfo=dt.UTC)
            body = f"This makes the {module} handle case {n} without copying the buffer."
            hist.add(Planned(f"Improve the {module} for case {n} (#{300 + n})", body, person,
                             WEBFLOW, when, 300 + n, files={
                                 f"src/app/{module}/m{n}.py": "".join(
                                     f"v{i} = {i}\n" for i in range(20 + 7 * (n % 13)))}))
            n += 1
    hist.write()
    return hist


def test_busy_week_keeps_five_to_eight_stories_and_a_quiet_week_stays_short(tmp_path):
    busy = span_of(_busy_week(tmp_path / "busy.git").path)
    sd = build_span_digest(busy, profile_for(busy.repo))
    ep = RecapWriter(minutes=6).write_span(sd, profile_for(busy.repo))
    stories = [s for s in ep.segments if s.id.startswith("story-")]
    assert 5 <= len(stories) <= 8, [s.title for s in stories]
    assert "more change" in ep.segment("more").text

    quiet = History(tmp_path / "quiet.git")
    quiet.add(Planned("Fix the cache eviction order (#7)", "Oldest entries go first now.", ALICE,
                      WEBFLOW, dt.datetime(2026, 1, 27, 10, tzinfo=dt.UTC), 7,
                      files={"src/app/cache/evict.py": "x = 1\n"}))
    quiet.add(Planned("Add a retry to the client (#8)", "Retries once on a timeout.", BOB,
                      WEBFLOW, dt.datetime(2026, 1, 29, 10, tzinfo=dt.UTC), 8,
                      files={"src/app/client/retry.py": "y = 1\n"}))
    quiet.write()
    small = span_of(quiet.path)
    qd = build_span_digest(small, profile_for(small.repo))
    short = RecapWriter(minutes=6).write_span(qd, profile_for(small.repo))
    assert len([s for s in short.segments if s.id.startswith("story-")]) <= 2
    assert short.estimated_seconds < ep.estimated_seconds / 2


def test_thursdays_daily_says_the_revert_was_on_monday_and_wednesdays_the_series_start(tmp_path):
    hist = week_history(tmp_path / "widgets.git")
    days = pull_git_span(hist.path, MONDAY, MONDAY + dt.timedelta(days=6))
    thursday = write_script_for(days[3])
    assert "it was reverted on Monday by Carol Reyes" in thursday.transcript
    assert "It first landed last Friday" in thursday.transcript
    wednesday = write_script_for(days[2])
    arc = next(x for seg in wednesday.segments for x in seg.sentences if "part three" in x.text)
    assert "It follows part three, which landed yesterday; the series began on Monday" in arc.text
    first = days[0].commits[-2]  # [XPU][1/5], Monday
    assert first.title.startswith("[XPU][1/5]") and first.sha in arc.commits


def test_release_with_its_fix_and_removal_with_its_deprecation_are_stories(tmp_path):
    from gitrepo import RepoBuilder

    def at(day: int, hour: int = 10) -> dt.datetime:
        return dt.datetime.combine(MONDAY + dt.timedelta(days=day), dt.time(hour), tzinfo=dt.UTC)

    def code(name: str, n: int) -> str:
        return "".join(f"{name}_{i} = {i}\n" for i in range(n))

    with RepoBuilder(tmp_path / "r") as r:
        r.commit("Add widgets.legacy_io (#150)", at(-40), files={
            "src/widgets/legacy_io.py": code("io", 80), "pyproject.toml": 'version = "1.3.0"\n'})
        deprecate = r.commit(
            "Deprecate widgets.legacy_io (#200)\n\nwidgets.legacy_io is deprecated and will be "
            "removed in the next release; use widgets.io instead.", at(0),
            files={"src/widgets/legacy_io.py": code("io", 80) + "import warnings\n"})
        release = r.commit("Release 1.4.0 (#201)", at(1), "Bob Okafor", "bob@example.com",
                           files={"pyproject.toml": 'version = "1.4.0"\n',
                                  "CHANGELOG.md": "## 1.4.0\n"})
        fix = r.commit("Fix a crash in the reader, a regression in 1.4.0 (#202)\n\nThe reader "
                       "crashed on empty files.", at(2), "Carol Reyes", "carol@example.com",
                       files={"src/widgets/reader.py": code("rd", 30)})
        remove = r.commit("Remove widgets.legacy_io (#203)\n\nIt was deprecated in #200.", at(3),
                          delete=["src/widgets/legacy_io.py"],
                          files={"src/widgets/io.py": code("io2", 10)})
        r.commit("Fix the cache key (#204)", at(4), "Dave Singh", "dave@example.com",
                 files={"src/widgets/cache.py": code("c", 50)})
    span = span_of(tmp_path / "r")
    sd = build_span_digest(span, profile_for(span.repo))
    by_kind = {s.kind: s for s in sd.stories}
    cut = by_kind["release"]
    assert [c.sha for c in cut.commits] == [release, fix] and cut.version == "1.4.0"
    assert cut.dates == ["2026-01-27", "2026-01-28"]
    gone = by_kind["removal"]
    assert [c.sha for c in gone.commits] == [deprecate, remove]
    assert gone.dates == ["2026-01-26", "2026-01-29"]
    ep = RecapWriter().write_span(sd, profile_for(span.repo))
    assert ep.title.startswith("Weekly Recap – Version 1.4.0 Is Out")
    text = ep.transcript
    assert "On Tuesday, version 1.4.0 was cut, by Bob Okafor. One fix for it followed. " \
           "On Wednesday, Carol Reyes fixed a crash in the reader" in text
    assert "On Monday, Alice Example deprecated widgets.legacy_io. On Thursday, Alice Example " \
           "removed widgets.legacy_io." in text


def test_an_empty_week_is_short_and_says_so(tmp_path):
    hist = week_history(tmp_path / "widgets.git")
    later = MONDAY + dt.timedelta(days=14)  # 2026-W07: nothing landed
    span = Span(week_span("2026-W07"), pull_git_span(hist.path, later, later + dt.timedelta(days=6)),
                newcomers=[])
    ep = RecapWriter().write_span(build_span_digest(span, profile_for(span.repo)),
                                  profile_for(span.repo))
    assert ep.title == "Weekly Recap – A Quiet Week"
    assert ep.summary.endswith("nothing landed on main.")
    assert "Nothing landed on main in these seven days." in ep.transcript
    assert [s.id for s in ep.segments] == ["intro", "numbers", "sign-off"]


def test_one_persons_sweep_of_the_same_change_is_one_sweep(tmp_path):
    hist = History(tmp_path / "sweep.git")
    layouts = ["UintxLayout", "Int4CPULayout", "BlockSparseLayout", "Float8Layout"]
    for k, name in enumerate(layouts):
        body = f"* Delete deprecated {layouts[(k + 1) % 4]} and related code\n\n[ghstack-poisoned]"
        hist.add(Planned(f"Delete deprecated {name} and related code (#{400 + k * 5})", body, BOB,
                         WEBFLOW, dt.datetime(2026, 1, 26 + k // 2, 9 + k, tzinfo=dt.UTC),
                         400 + k * 5, files={f"src/lib/{name.lower()}/impl.py": "x = 1\n"}))
    hist.add(Planned("Add a retry to the client (#500)", "Retries once on a timeout.", ALICE,
                     WEBFLOW, dt.datetime(2026, 1, 28, 10, tzinfo=dt.UTC), 500,
                     files={"src/app/client/retry.py": "y = 1\n"}))
    hist.write()
    span = span_of(hist.path)
    sd = build_span_digest(span, profile_for(span.repo))
    sweeps = [s for s in sd.stories if s.kind == "sweep"]
    assert len(sweeps) == 1 and len(sweeps[0].commits) == 4
    assert sweeps[0].dates == ["2026-01-26", "2026-01-27"]
    ep = RecapWriter().write_span(sd, profile_for(span.repo))
    seg = next(s for s in ep.segments if s.title == "Bob Okafor's cleanup drive")
    assert seg.sentences[0].text == (
        "Bob Okafor deleted deprecated UintxLayout, Int4CPULayout, BlockSparseLayout, and "
        "Float8Layout, in four changes on Monday and Tuesday.")
    assert not any(x.text.startswith("Delete deprecated") for x in seg.sentences)
    assert ep.title.startswith("Weekly Recap – Bob Okafor's Cleanup Drive")


def test_length_left_tells_the_biggest_stories_deeper(tmp_path):
    hist = History(tmp_path / "deep.git")
    body = ("The planner now keeps a cost table per join. Each lookup reads the table instead "
            "of scanning every index. Large queries plan about ten times faster as a result.")
    for k in range(3):
        hist.add(Planned(f"Rework the query planner, step {k + 1} (#{600 + k})", body, ALICE,
                         WEBFLOW, dt.datetime(2026, 1, 26 + k, 10, tzinfo=dt.UTC), 600 + k,
                         files={f"src/db/planner/step{k}.py": "".join(
                             f"p{i} = {i}\n" for i in range(80))}))
    hist.write()
    span = span_of(hist.path)
    sd = build_span_digest(span, profile_for(span.repo))
    short = RecapWriter(minutes=1).write_span(sd, profile_for(span.repo))
    full = RecapWriter(minutes=5).write_span(sd, profile_for(span.repo))
    assert "ten times faster" not in short.transcript
    assert "The planner now keeps a cost table per join." in full.transcript
    assert "Large queries plan about ten times faster as a result." in full.transcript


def test_a_sweep_says_what_its_titles_name_between_the_words_they_share(tmp_path):
    hist = History(tmp_path / "typ.git")
    for k, name in enumerate(["power", "subtract", "divmod"]):
        hist.add(Planned(f"TYP: specialized ``{name}`` ufunc (#{700 + k})", "", DAVE, WEBFLOW,
                         dt.datetime(2026, 1, 26 + 2 * k, 10, tzinfo=dt.UTC), 700 + k,
                         files={f"numpy/_core/umath_{name}.pyi": "def f() -> int: ...\n" * 30}))
    hist.write()
    span = span_of(hist.path)
    ep = RecapWriter().write_span(build_span_digest(span, profile_for(span.repo)),
                                  profile_for(span.repo))
    assert ("Dave Singh specialized power, subtract, and divmod ufuncs, in three changes on "
            "Monday, Wednesday, and Friday.") in ep.transcript


def test_one_persons_deletions_and_removals_are_one_cleanup_drive(tmp_path):
    """ao 2026-W32: Vasiliy Kuznetsov's three 'Delete …' and four 'Remove …' changes were two
    stories with the same name ("cleanup drive" twice in the summary)."""
    hist = History(tmp_path / "cleanup.git")
    titles = ["Delete experimental custom autotuner", "Remove the swizzle folder",
              "Delete prototype rounding algorithm", "Remove model-release CI workflow",
              "Drop the legacy int8 kernels", "Remove unused benchmark scripts"]
    for k, title in enumerate(titles):
        hist.add(Planned(f"{title} (#{800 + k})", "", BOB, WEBFLOW,
                         dt.datetime(2026, 1, 26 + k // 2, 9 + k, tzinfo=dt.UTC), 800 + k,
                         files={f"src/lib/part{k}/impl.py": "x = 1\n"}))
    hist.write()
    span = span_of(hist.path)
    sd = build_span_digest(span, profile_for(span.repo))
    sweeps = [s for s in sd.stories if s.kind == "sweep"]
    assert [len(s.commits) for s in sweeps] == [6]
    ep = RecapWriter().write_span(sd, profile_for(span.repo))
    assert ep.transcript.count("Bob Okafor's cleanup drive") <= 2  # the welcome and the summary
    seg = next(s for s in ep.segments if s.title == "Bob Okafor's cleanup drive")
    assert seg.sentences[0].text == ("Bob Okafor landed six changes from Monday to Wednesday, "
                                     "each one deleting, removing, or dropping something.")


def test_the_recap_tells_the_weeks_findings_as_the_dailies_do(tmp_path):
    """The week's breaks and requirements, found by the same stage as the dailies'
    (studio.editorial.findings), are told in a "This week's focus" segment with their
    commits; a week with none has no such segment."""
    from gitrepo import RepoBuilder

    def at(day: int, hour: int = 10) -> dt.datetime:
        return dt.datetime.combine(MONDAY + dt.timedelta(days=day), dt.time(hour), tzinfo=dt.UTC)

    with RepoBuilder(tmp_path / "r") as r:
        r.commit("Add the reader (#150)", at(-40), files={"src/widgets/reader.py": "x = 1\n"})
        brk = r.commit(
            "Rename the reader module (#300)\n\nThe old `widgets.reader` target is gone, and "
            "this is a compatibility break. A project that names it directly no longer "
            "configures and should link `widgets::io` instead.", at(1),
            files={"src/widgets/io.py": "y = 2\n" * 20})
        r.commit("Fix the cache key (#301)", at(2), "Dave Singh", "dave@example.com",
                 files={"src/widgets/cache.py": "c = 1\n" * 20})
    span = span_of(tmp_path / "r")
    sd = build_span_digest(span, profile_for(span.repo))
    ep = RecapWriter().write_span(sd, profile_for(span.repo))
    focus = next(seg for seg in ep.segments if seg.id == "focus")
    assert focus.title == "This week's focus"
    assert "compatibility break" in focus.text and "widgets io instead" in focus.text
    assert brk in focus.commits and "today" not in focus.text.lower()

    with RepoBuilder(tmp_path / "q") as r:
        r.commit("Add the reader (#150)", at(-40), files={"src/widgets/reader.py": "x = 1\n"})
        r.commit("Fix the cache key (#301)", at(2), "Dave Singh", "dave@example.com",
                 files={"src/widgets/cache.py": "c = 1\n" * 20})
    span = span_of(tmp_path / "q")
    ep = RecapWriter().write_span(build_span_digest(span, profile_for(span.repo)),
                                  profile_for(span.repo))
    assert not any(seg.id == "focus" for seg in ep.segments)
