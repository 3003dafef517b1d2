"""show.toml: defaults on first use, hand edits, and one-line errors for what a feed cannot use."""

from __future__ import annotations

import tomllib

import pytest
from show_fixtures import show_copy

from studio.jobs import CancelToken
from studio.plumbing.errors import Cancelled, StudioError
from studio.publish.show import load_or_create, read_settings
from studio.publish.site import publish_show

BASE = "https://podcasts.example.org/widgets/"


def test_defaults_come_from_the_episodes(tmp_path):
    settings, created = load_or_create(tmp_path, "PyTorch", "pytorch/pytorch")
    assert created and settings.title == "PyTorch"
    assert "pytorch/pytorch" in settings.description
    data = tomllib.loads((tmp_path / "show.toml").read_text())
    assert data["title"] == "PyTorch" and data["explicit"] is False
    assert data["github"]["branch"] == "gh-pages"
    again, created = load_or_create(tmp_path, "Other", "x/y")
    assert not created and again == settings
    nameless, _ = load_or_create(tmp_path / "n", "", "octo/widgets")
    assert nameless.title == "widgets"


def test_missing_keys_default_and_unknown_keys_are_ignored(tmp_path):
    (tmp_path / "show.toml").write_text(
        'title = "Mine"\nbase_url = "https://x.example/pod"\nfavourite_colour = "teal"\n'
        '[owner]\nname = "Ann"\nemail = "ann@example.org"\n')
    s = read_settings(tmp_path)
    assert (s.title, s.base_url, s.language) == ("Mine", "https://x.example/pod/", "en-us")
    assert s.owner.email == "ann@example.org" and s.github.repo == ""
    assert s.script.minutes == 3.0  # the writer's default target
    (tmp_path / "show.toml").write_text('title = "Mine"\n[script]\nminutes = 4\n')
    assert read_settings(tmp_path).script.minutes == 4.0


@pytest.mark.parametrize("body, words", [
    ('title = "A"\ncategory = "Gardening"\n', "not an Apple Podcasts category"),
    ('title = "A"\ncover = "cover.gif"\n', "cover must be a .png or .jpg"),
    ('title = "A"\ncover = "../../etc/x.png"\n', "inside the show folder"),
    ('title = ""\n', "title must not be empty"),
    ('title = 3\n', "title must be a string"),
    ('owner = "me"\n', "[owner] must be a table"),
    ('[owner]\nemail = "nobody"\n', "is not an address"),
    ('[github]\nrepo = "just-a-name"\n', "owner/name"),
    ('base_url = "gopher://x/"\n', "base URL must be an absolute http"),
    ('title = "unterminated\n', "not valid TOML"),
    ('[script]\nminutes = 0.2\n', "script.minutes must be a number of minutes from 1 to 15"),
    ('[script]\nminutes = "long"\n', "script.minutes must be a number of minutes"),
])
def test_bad_settings_are_one_line_errors(tmp_path, body, words):
    (tmp_path / "show.toml").write_text(body)
    with pytest.raises(StudioError) as err:
        read_settings(tmp_path)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_cancelled_publish_writes_nothing(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", ["2026-02-07", "2026-02-08"])
    publish_show(show, BASE)
    feed = (show / "feed.xml").read_bytes()
    (show / "show.toml").write_text((show / "show.toml").read_text().replace(
        'title = "Widgets Daily"', 'title = "Renamed"'))
    token = CancelToken()
    seen = []

    def progress(fraction, message):
        seen.append(message)
        if "rendering" in message:
            token.cancel()

    with pytest.raises(Cancelled):
        publish_show(show, progress=progress, cancel=token)
    assert (show / "feed.xml").read_bytes() == feed
    assert any("rendering the page" in m for m in seen)


@pytest.mark.parametrize(("text", "needle"), [
    ('[[person]]\nname = "Ann"\nhref = "javascript:alert(1)"\n', "person 'Ann': href must be"),
    ('[[person]]\nname = "Ann"\nimg = "/ann.png"\n', "person 'Ann': img must be"),
    ('[[person]]\nrole = "host"\n', "[[person]] number 1 has no name"),
    ('person = "Ann"\n', "person must be tables"),
    ('bots = "dependabot"\n', "bots must be a list of strings"),
    ('[people]\nauthors = "yes"\n', "people.authors must be true or false"),
])
def test_people_and_bots_in_show_toml_are_checked(tmp_path, text, needle):
    (tmp_path / "show.toml").write_text(text)
    with pytest.raises(StudioError) as err:
        read_settings(tmp_path)
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_people_and_bots_read_and_write_back(tmp_path):
    from studio.publish.show import write_settings

    (tmp_path / "show.toml").write_text(
        'bots = ["builder@corp.example", " "]\n[[person]]\nname = "Ann"\nrole = "Co-Host"\n'
        'href = "https://ann.example/"\n[[person]]\nname = "Bo"\n[people]\nauthors = true\n')
    s = read_settings(tmp_path)
    assert s.bots == ["builder@corp.example"]
    assert [(p.name, p.role, p.group, p.href) for p in s.person] == [
        ("Ann", "co-host", "cast", "https://ann.example/"), ("Bo", "host", "cast", "")]
    assert (s.people.authors, s.people.role, s.people.group) == (True, "guest", "cast")
    write_settings(s, tmp_path)
    assert read_settings(tmp_path) == s
