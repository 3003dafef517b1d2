"""One author's campaign told as one story: PRs opened together and landed in one burst
(pytorch/ao Aug 14th: six removals in two minutes across prototype and quantization; ruff
July 31st: David Peter's twenty clean-ups in forty-six minutes) — not split over threads.
Built repositories, pulled and scripted through the real pipeline."""

from __future__ import annotations

import datetime as dt
import re

from gitrepo import GH_COMMITTER, RepoBuilder, at, code_lines, squash

from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.sources.gitlocal import pull_git


def write_script(digest, profile, writer=None, minutes=None):
    """These tests hold the rule-based StoryWriter (kept: the editor writer tells rollbacks
    and the day's numbers with its parts) to its own behaviour, named explicitly now that the
    default writer is the editor writer (tests/test_editor_writer.py)."""
    from studio.script.story import StoryWriter
    from studio.script.writer import write_script as _write

    return _write(digest, profile, writer or StoryWriter(minutes), minutes)


GH = {"committer": GH_COMMITTER[0], "committer_email": GH_COMMITTER[1]}
ZAIN = ("iamzainhuda", "zain@example.com")
DAY = "2026-08-14"
REMOVALS = [  # (PR, title, path removed from), landed 16:15-16:17 in this order
    (4750, "Remove shadowed GGUF tensor method", "torchao/prototype/quantization/gguf/api.py"),
    (4752, "Remove stale codebook exports", "torchao/prototype/quantization/codebook/__init__.py"),
    (4748, "Remove orphaned MX dispatch module", "torchao/prototype/mx_formats/mx_funcs.py"),
    (4747, "Remove unused NF4 helper", "torchao/dtypes/nf4.py"),
    (4753, "Remove unused multi-input helper", "torchao/quantization/utils.py"),
    (4749, "Remove unused FloatX quantization primitives", "torchao/quantization/floatx.py"),
]


def _ao_day(tmp_path):
    path = tmp_path / "ao.git"
    with RepoBuilder(path, bare=True, origin="https://github.com/pytorch/ao.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={p: code_lines(40) for _, _, p in REMOVALS})
        r.commit(squash("Speed up NF4 dequantize", 4700), at("2026-08-13", 9),
                 "Andrew Or", "andrew@example.com", **GH, files={"torchao/dtypes/nf4.py": code_lines(41)})
        for k, (pr, title, p) in enumerate(REMOVALS):
            when = at(DAY, 16, 15) + dt.timedelta(seconds=25 * k)
            if p.endswith("mx_funcs.py"):
                r.commit(squash(title, pr), when, *ZAIN, **GH, files={}, delete=[p])
            else:
                r.commit(squash(title, pr), when, *ZAIN, **GH, files={p: code_lines(30)})
        r.commit(squash("Fix RoundingModeKind with cutlass-dsl 4.6", 4765), at(DAY, 18),
                 "Andrew Or", "andrew@example.com", **GH,
                 files={"torchao/prototype/mx_formats/kernels.py": code_lines(5)})
    return path


def _script(path, date: str):
    day = pull_git(path, dt.date.fromisoformat(date))
    profile = profile_for(day.repo)
    digest = build_digest(day, profile)
    return digest, write_script(digest, profile)


def test_six_removals_in_two_minutes_are_one_campaign(tmp_path):
    digest, ep = _script(_ao_day(tmp_path), DAY)
    (stack,) = digest.stacks
    assert stack.kind == "campaign" and stack.prs == [4747, 4748, 4749, 4750, 4752, 4753]
    told = [(seg.id, s) for seg in ep.segments for s in seg.sentences]
    cited = {}
    for seg_id, s in told:
        for sha in s.commits:
            cited.setdefault(sha, set()).add(seg_id)
    # every removal is told in one segment, not split between prototype and quantization
    segments = set().union(*(cited[sha] for sha in stack.shas if sha in cited))
    assert len(segments - {"intro", "numbers", "focus"}) == 1
    text = " ".join(s.text for _, s in told)
    assert re.search(r"(?:Six PRs|A run of six PRs) from iamzainhuda landed within minutes", text)
    assert "All are removals: " in text and "and three more" in text
    assert "six removals from iamzainhuda" in ep.segments[0].text  # the intro's lead
    assert ep.title.endswith(": Six Removals From iamzainhuda")
    assert "Andrew Or" in text  # the other author's fix stays its own story


def test_a_campaign_across_modules_and_its_stragglers(tmp_path):
    """David Peter's morning: PRs numbered close together, landed minutes apart, touching
    different crates; one PR of his from weeks before and one landed hours later stay out."""
    path = tmp_path / "ruff.git"
    dp = ("David Peter", "david@example.com")
    titles = ["[ty] Remove unused frozen-collection APIs", "[ty] Unify break and continue flow",
              "[ty] Remove unused nonlocal symbol lookup", "[ty] Share dynamic class header ranges",
              "[ty] Remove unused string-literal display settings",
              "[ty] Reuse tuple length accessors for size hints"]
    crates = ["ty_python_semantic/src/types", "ty_python_core/src/flow", "ty_ide/src",
              "ty_python_semantic/src/display", "ruff_db/src", "ty_test/src"]
    with RepoBuilder(path, bare=True, origin="https://github.com/astral-sh/ruff.git") as r:
        r.commit("Initial\n", at("2026-07-20"), files={"README.md": "# Ruff\n"})
        r.commit(squash("[ty] Do not top-materialize TypeIs return types", 26864),
                 at("2026-07-31", 9, 50), *dp, **GH, files={"crates/ty/src/a.rs": code_lines(5)})
        for k, title in enumerate(titles):
            r.commit(squash(title, 27342 + 2 * k), at("2026-07-31", 10, 2) + dt.timedelta(
                minutes=4 * k), *dp, **GH, files={f"crates/{crates[k]}/m{k}.rs": code_lines(8 + k)})
        r.commit(squash("[ty] Use legacy ParamSpec syntax in a wrapper test", 27348),
                 at("2026-07-31", 12, 48), *dp, **GH, files={"crates/ty_test/src/w.rs": code_lines(3)})
    digest, ep = _script(path, "2026-07-31")
    (stack,) = digest.stacks
    assert stack.kind == "campaign" and stack.prs == [27342 + 2 * k for k in range(6)]
    text = " ".join(s.text for seg in ep.segments for s in seg.sentences)
    assert "David Peter landed" in text and "six PRs within the hour" in text
    assert "Three are removals: " in text and "The others: " in text
    assert "PRs 27342" not in text  # the numbers are not contiguous: none said


def test_one_authors_prs_hours_apart_stay_apart(tmp_path):
    path = tmp_path / "apart.git"
    with RepoBuilder(path, bare=True, origin="https://github.com/pytorch/ao.git") as r:
        r.commit("Initial\n", at("2026-08-01"), files={p: code_lines(40) for _, _, p in REMOVALS})
        for k, (pr, title, p) in enumerate(REMOVALS[:3]):
            r.commit(squash(title, pr), at(DAY, 9 + 2 * k), *ZAIN, **GH, files={p: code_lines(30)})
    digest, _ = _script(path, DAY)
    assert [s.kind for s in digest.stacks] in ([], ["run"])
    assert not any(s.kind == "campaign" for s in digest.stacks)


def test_a_long_series_of_like_titles_is_said_once():
    """ruff 2026-08-01: "removing unused APIs from ruff_db and removing unused APIs from
    ruff_diagnostics. Then removing unused APIs from ..." went on for thirteen parts."""
    from day_fixtures import at as at_fx
    from day_fixtures import change, commit, digest_of

    crates = ["ruff_db", "ruff_diagnostics", "ruff_linter", "ruff_notebook", "ty_server",
              "ty_project"]
    commits = [commit("hawk", "Narrow internal visibility with Hawk (#27339)", at_fx(9),
                      [change("crates/ruff/src/lib.rs", 400, 380)], author="Charlie Marsh",
                      body="The change uses Hawk to narrow internal declarations to the "
                           "visibility they actually need.")]
    commits += [commit(f"c{k}", f"Remove unused APIs from {name} (#{27382 + k})",
                       at_fx(10 + k), [change(f"crates/{name}/src/lib.rs", 0, 60)],
                       author="Charlie Marsh", body="Stacked on #27339.")
                for k, name in enumerate(crates)]
    d = digest_of(commits, repo="astral-sh/ruff")
    ep = write_script(d, profile_for("astral-sh/ruff"))
    text = " ".join(s.text for seg in ep.segments for s in seg.sentences)
    assert "Six of the parts remove unused APIs from ruff_db, ruff_diagnostics, ruff_linter, " \
           "ruff_notebook, and two more" in text
    assert text.count("unused APIs from") == 1
    assert "It starts with narrowing internal visibility with Hawk" in text


def test_a_day_of_steady_work_is_not_one_burst():
    """numpy 2026-08-13: eight PRs of one author, told as landed 'in under eight hours'."""
    from day_fixtures import at as at_fx
    from day_fixtures import change, commit, digest_of

    commits = [commit(f"s{k}", f"Improve typing of function number {k} (#{32276 + k})",
                      at_fx(8 + 20 * k // 60, 20 * k % 60), [change(f"numpy/mod{k}/f.pyi", 20, 2)],
                      author="Joren Hammudoglu") for k in range(12)]
    d = digest_of(commits, repo="numpy/numpy")
    for stack in (s for s in d.stacks if s.kind == "campaign"):
        times = sorted(dt.datetime.fromisoformat(c.committed_at) for c in stack.commits)
        assert (times[-1] - times[0]) <= dt.timedelta(minutes=90)
    assert any(s.kind == "campaign" for s in d.stacks)


def test_a_campaign_names_the_co_author_of_every_part():
    """ao 2026-07-10: Neil Schemenauer's three free-threading PRs, each co-authored by Ralf
    Gommers, were told as 'Neil Schemenauer landed three PRs'."""
    from day_fixtures import at as at_fx
    from day_fixtures import change, commit, digest_of

    titles = ["Lock ukernel registration tables", "Cache qmap values as tuples",
              "Re-enable building under a free-threaded Python interpreter"]
    commits = [commit(f"n{k}", f"{t} (#{4561 + k})", at_fx(14, 2 * k),
                      [change(f"torchao/part{k}/x.py", 30, 4)], author="Neil Schemenauer",
                      body="Co-authored-by: Ralf Gommers <ralf@example.com>")
               for k, t in enumerate(titles)]
    d = digest_of(commits, repo="pytorch/ao")
    ep = write_script(d, profile_for("pytorch/ao"))
    text = " ".join(s.text for seg in ep.segments for s in seg.sentences)
    assert "Neil Schemenauer and Ralf Gommers landed three PRs within minutes" in text
    assert "One of them locked ukernel registration tables" in text
    assert "Another cached qmap values as tuples" in text
