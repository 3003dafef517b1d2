"""The release notes a change adds (a towncrier fragment, a changelog entry) reach the writers
as the project's word to users, read alike from a clone and from GitHub, and the story writer
tells what the note says a change means."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from github_history import History, repo_data
from github_server import GitHubApiServer
from gitrepo import RepoBuilder, at, squash

from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.script.writer import write_script
from studio.sources.github import pull_github
from studio.sources.github.auth import Token
from studio.sources.github.transport import NetworkPolicy
from studio.sources.gitlocal import pull_git
from studio.sources.release_notes import clean_note, is_note_path, note_from_patch

TOKEN = "ghp_testTOKEN0123456789abcdefABCDEF0123"
DAY = dt.date(2026, 2, 9)
FAST = NetworkPolicy(timeout=2.0, retries=2, backoff=0.01, max_rate_wait=3.0, min_interval=None)

PYLOCK = ("Reject a package ``path`` in a ``pylock.toml`` fetched from a URL when it\n"
          "resolves outside the lock file's own location, so a remote lock file can no\n"
          "longer point at the local filesystem or another host.\n")
SAID = ("Reject a package `path` in a `pylock.toml` fetched from a URL when it resolves outside "
        "the lock file's own location, so a remote lock file can no longer point at the local "
        "filesystem or another host.")


def test_note_paths_are_fragments_and_changelogs_not_their_readmes():
    for path in ("news/14159.bugfix.rst", "changelog/14716.breaking.rst", "changelog.d/x.md",
                 ".changeset/brave-owls-sing.md", "Misc/NEWS.d/next/Library/2026-01.gh-1.rst",
                 "newsfragments/123.feature", "doc/release/upcoming_changes/29000.improvement.rst",
                 "CHANGELOG.md", "tokio/CHANGELOG.md", "NEWS.rst",
                 "CHANGES"):
        assert is_note_path(path), path
    for path in ("news/README.rst", "changelog/_template.jinja", "news/.gitignore",
                 "src/news/feed.py", "docs/changelog.py", "CHANGELOG.md.bak"):
        assert not is_note_path(path), path


def test_markup_roles_links_and_credits_are_left_out():
    text = ("---\n\"@acme/cli\": patch\n---\n\nFixed :func:`open` on `Windows <https://x.y>`_ "
            "(:issue:`12`). Patch by Ann.\n\n- Add [the flag](https://a.b) (#42)\n"
            "- Drop Python 3.9\n\nSee https://example.com for more\n")
    assert clean_note(text) == ("Fixed `open` on Windows.\n\nAdd the flag.\n\n"
                                "Drop Python 3.9.\n\nSee for more.")


def test_a_release_compiled_into_the_changelog_is_no_note():
    entry = "@@ -3,0 +4,1 @@\n+- Add `--quiet-cache` to hide cache messages (#42)\n"
    assert note_from_patch("CHANGELOG.md", entry) == "Add `--quiet-cache` to hide cache messages."
    release = "@@ -1,0 +1,20 @@\n" + "".join(f"+- Change number {i} landed here\n"
                                               for i in range(20))
    assert note_from_patch("CHANGELOG.md", release) == ""
    assert note_from_patch("src/app.py", entry) == ""


def test_an_old_entry_reworded_is_no_note():
    """pytest 2026-08-05: a role qualified in two entries of an earlier release."""
    edit = ("@@ -466,7 +466,7 @@ Packaging updates\n \n- `#13933`: The tox configuration\n"
            "-  version string can be passed into its :ref:`package_env` through\n"
            "+  version string can be passed into its :external+tox:ref:`package_env` through\n"
            "   the environment variable.\n")
    assert note_from_patch("doc/en/changelog.rst", edit) == ""
    both = edit + "@@ -1,0 +1,1 @@\n+- Add `--quiet-cache` to hide cache messages (#42)\n"
    assert note_from_patch("CHANGELOG.md", both) == "Add `--quiet-cache` to hide cache messages."
    fragment = "@@ -1 +1 @@\n-Old wording.\n+Reject a remote path in a lock file.\n"
    assert note_from_patch("news/41.bugfix.rst", fragment) == "Reject a remote path in a lock file."


@pytest.fixture
def history(tmp_path) -> Path:
    path = tmp_path / "widgets"
    with RepoBuilder(path) as repo:
        repo.commit("Start", at("2026-02-01"), files={
            "CHANGELOG.md": "# Changelog\n\n## 1.1.0\n\n- Older entry\n",
            "news/40.feature.rst": "Add colour output.\n", "src/lock.py": "x = 1\n"})
        repo.commit(squash("reject cross-location paths in pylock files fetched from a URL", 41),
                    at("2026-02-09", 9), author="Abdul Rawoof", email="abdul@example.com",
                    files={"news/41.bugfix.rst": PYLOCK, "src/lock.py": "x = 2\n"})
        repo.commit(squash("Add the quiet cache option", 42), at("2026-02-09", 10),
                    author="Bea Lin", email="bea@example.com",
                    files={"CHANGELOG.md": "# Changelog\n\n- Add `--quiet-cache` to hide the 12 cache "
                           "messages ([#42](https://github.com/o/r/pull/42))\n\n## 1.1.0\n\n"
                           "- Older entry\n", "news/README.rst": "Put fragments here.\n"})
        repo.commit(squash("Release 1.2.0", 43), at("2026-02-09", 11), files={
            "CHANGELOG.md": "# Changelog\n\n## 1.2.0\n\n" + "".join(
                f"- Change number {i} of the release\n" for i in range(20)) +
            "\n## 1.1.0\n\n- Older entry\n"}, delete=["news/40.feature.rst"])
    return path


def test_clone_and_github_read_the_same_notes(history, tmp_path):
    git_day = pull_git(history, DAY, tz="UTC", branch="main")
    notes = {c.title: c.release_notes for c in git_day.commits}
    assert notes == {
        "reject cross-location paths in pylock files fetched from a URL (#41)": SAID,
        "Add the quiet cache option (#42)": "Add `--quiet-cache` to hide the 12 cache messages.",
        "Release 1.2.0 (#43)": ""}  # a release's compiled list is no note, nor a deletion
    first = next(c for c in git_day.commits if "(#41)" in c.title)
    assert "## notes\n" + SAID in first.record  # the writers' record holds it, unaltered

    hist = History.__new__(History)  # the same clone, served as GitHub answers
    hist.path, hist.branch = history, "main"
    with GitHubApiServer(token=TOKEN) as server:
        server.add_repo(repo_data(hist, "acme/widgets", server.api_url, merged=True))
        gh_day = pull_github("acme/widgets", DAY, api_url=server.api_url, tz="UTC",
                             use_cache=False, policy=FAST, token=Token(TOKEN, "GITHUB_TOKEN"))
        read = [h.path for h in server.hits if "/commits/" in h.path]
    assert [(c.sha, c.release_notes, c.record) for c in gh_day.commits] == [
        (c.sha, c.release_notes, c.record) for c in git_day.commits]
    assert len(read) == 2  # one request for each commit with a notes file of its own, none
    # for the rest (the release's changelog is other changes' entries: not read)
    assert gh_day.notes == []


def test_the_story_writer_tells_what_the_note_says_the_change_means(history):
    day = pull_git(history, DAY, tz="UTC", branch="main")
    profile = profile_for(day.repo, None, project="widgets")
    segments = write_script(build_digest(day, profile), profile).segments
    text = "\n".join(s.text for s in segments)
    assert "so a remote lock file can no longer point at the local filesystem" in text.replace(
        "So a remote", "so a remote")
    focus = next(s.text for s in segments if s.title == "Today's focus")
    assert "rejects cross-location paths in pylock files fetched from a URL" in focus


def test_the_model_is_given_the_note_apart_and_the_lock_accepts_its_words(history):
    from studio.script.llm.factlock import check_sentence
    from studio.script.llm.facts import day_facts

    day = pull_git(history, DAY, tz="UTC", branch="main")
    profile = profile_for(day.repo, None, project="widgets")
    facts = day_facts(build_digest(day, profile), profile)
    card = next(c for c in facts.cards if c["title"].startswith("reject cross-location"))
    assert card["release_note"] == SAID and SAID not in card.get("record", "")
    said = "A remote lock file can no longer point at the local filesystem or another host."
    assert check_sentence(said, [card["sha"]], facts) == ""
    assert check_sentence(said.replace("another host", "port 8080"), [card["sha"]],
                          facts) != ""
    quiet = next(c for c in facts.cards if c["title"].startswith("Add the quiet"))
    said = "Bea Lin's new option hides the 12 cache messages."  # a figure only its note gives
    assert check_sentence(said, [quiet["sha"]], facts) == ""
    assert check_sentence(said.replace("12", "97"), [quiet["sha"]], facts) != ""


def test_a_count_the_focus_then_counts_out_is_kept_and_one_it_does_not_is_dropped(history):
    from studio.script.llm.assemble import verdicts
    from studio.script.llm.facts import day_facts
    from studio.script.llm.schema import DraftScript, DraftSegment, DraftSentence

    day = pull_git(history, DAY, tz="UTC", branch="main")
    profile = profile_for(day.repo, None, project="widgets")
    facts = day_facts(build_digest(day, profile), profile)
    sha = next(c["sha"] for c in facts.cards if c["title"].startswith("reject"))
    quiet = next(c["sha"] for c in facts.cards if c["title"].startswith("Add the quiet"))
    told = [DraftSentence(f"{n}, a remote lock file can no longer point at another host.",
                          [sha]) for n in ("First", "Second", "Third", "Fourth")] + [
        DraftSentence("Finally, there is a new option to hide the 12 cache messages.", [quiet])]
    draft = DraftScript("t", "s", [DraftSegment("Today's focus", [
        DraftSentence("Five things to keep in mind."), *told])])
    assert verdicts(draft, facts)[0][0][1] == ""
    draft.segments[0].sentences[1:] = told[1:]
    assert "number" in verdicts(draft, facts)[0][0][1]  # five announced, four counted out


def test_a_releases_own_changelog_entries_are_no_note_of_its_own():
    """tokio 2026-07-20: "chore: prepare Tokio v1.53.1" added three changelog lines, entries of
    other changes; the release was then said to "bring a new requirement". Fragments of its
    own would still count; its changelog does not (both sources read the same paths)."""
    from studio.sources.gitnotes import note_paths
    from studio.sources.model import Commit, FileChange

    def commit(title: str) -> Commit:
        return Commit(sha="a" * 40, title=title, body="", author_name="A", author_email="a@x",
                      committed_at="2026-07-20T10:00:00+00:00",
                      changes=[FileChange("tokio/CHANGELOG.md", 3, 0),
                               FileChange("news/1.feature.rst", 1, 0, "added")])

    assert note_paths(commit("chore: prepare Tokio v1.53.1 (#8303)")) == ["news/1.feature.rst"]
    assert note_paths(commit("signal: restore MSRV (#8300)")) == [
        "tokio/CHANGELOG.md", "news/1.feature.rst"]
