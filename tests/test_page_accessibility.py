"""The site's pages as a listener's screen reader meets them (issue 24): axe-core, the
accessibility checker, run in headless Chromium on the show's index, a daily episode page
and a recap page, at a desktop and a phone size — no violation. axe-core comes from the npm
registry (`make axe`, part of `make test`). A page with a known fault (an image without a text
alternative) is checked too, so the harness is seen to find what it is there to find."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from show_fixtures import show_copy
from week_history import week_history

from studio.publish.site import publish_show

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
BASE = "https://podcasts.example.org/widgets/"
SIZES = ("1280,900", "390,844")  # a desktop window, a phone
DRIVER = ("axe.run(document,{resultTypes:['violations']}).then(function(r){"
          "document.body.setAttribute('data-axe',JSON.stringify(r.violations.map(function(v){"
          "return {id:v.id,impact:v.impact,nodes:v.nodes.map(function(n){"
          "return n.target.join(' ')})}})))},function(e){"
          "document.body.setAttribute('data-axe-error',String(e))});")


def _axe() -> str:
    if not AXE.is_file():
        pytest.fail("axe-core is not installed: run `make axe`")
    return AXE.read_text(encoding="utf-8")


def violations(page: Path, size: str, profile: Path) -> list[dict]:
    """axe-core's violations on ``page`` in Chromium at ``size``. The page is checked as a copy
    beside it (its links and pictures resolve the same), with axe and a driver script added
    and the page's Content-Security-Policy left out so they may run; nothing else changes."""
    text = page.read_text(encoding="utf-8")
    text = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", text)
    text = text.replace("</body>", f"<script>{_axe()}</script><script>{DRIVER}</script></body>")
    harness = page.with_name("axe-harness.html")
    harness.write_text(text, encoding="utf-8")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.fail("chromium is not installed: run `make system`")
    try:
        out = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={profile}", f"--window-size={size}",
             "--virtual-time-budget=20000", "--dump-dom", harness.as_uri()],
            capture_output=True, text=True, timeout=180)
    finally:
        harness.unlink()
    assert out.returncode == 0, out.stderr[-2000:]
    failed = re.search(r'data-axe-error="([^"]*)"', out.stdout)
    assert failed is None, html.unescape(failed.group(1))
    found = re.search(r'data-axe="([^"]*)"', out.stdout)
    assert found, f"axe did not report on {page.name}: {out.stdout[-1500:]}"
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A published show of two days and the week's recap."""
    tmp = tmp_path_factory.mktemp("a11y")
    show = show_copy(tmp_path_factory, tmp / "show", ["2026-01-26", "2026-01-27"])
    (show / "show.toml").write_text(f'title = "Widgets Daily"\nbase_url = "{BASE}"\n',
                                    encoding="utf-8")
    (tmp / "repo").mkdir()
    week = week_history(tmp / "repo" / "widgets.git")
    subprocess.run(["git", "-C", str(week.path), "remote", "add", "origin",
                    "https://github.com/octo/widgets.git"], check=True)
    run = subprocess.run([str(ROOT / ".venv" / "bin" / "studio"), "recap", "--git",
                          str(week.path), "--week", "2026-W05", "--show-dir", str(show),
                          "--publish", "-q"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    publish_show(show, BASE)
    return show


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("page", ["index.html", "episodes/2026-01-27/index.html",
                                  "episodes/2026-W05/index.html"])
def test_no_accessibility_violation(site, page, size, tmp_path):
    assert violations(site / page, size, tmp_path / "profile") == []


def test_the_harness_finds_a_known_fault(site, tmp_path):
    page = site / "episodes" / "2026-01-27" / "index.html"
    broken = page.with_name("broken.html")
    broken.write_text(page.read_text(encoding="utf-8").replace(
        "</main>", '<img src="../../cover.png"></main>', 1), encoding="utf-8")
    found = violations(broken, SIZES[0], tmp_path / "profile")
    assert "image-alt" in {v["id"] for v in found}, found
