"""What a user installs from: the desktop entry and AppStream data (checked by the distros' own
validators), the icon sizes, the bundle's make-up and launcher, the scheduled workflow."""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.commitcast.Studio"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
WORKFLOW = PACKAGING / "github-workflow.yml"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

sys.path.insert(0, str(PACKAGING))
import bundle_config  # noqa: E402


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing: `make test` installs it")
    return path


def desktop_entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line)


def test_desktop_file_passes_desktop_file_validate():
    result = subprocess.run([tool("desktop-file-validate"), str(DESKTOP)], capture_output=True,
                            text=True)
    assert result.returncode == 0 and result.stdout.strip() == "", result.stdout


def test_metainfo_passes_appstreamcli_validate():
    result = subprocess.run([tool("appstreamcli"), "validate", "--no-net", str(METAINFO)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not re.search(r"^[EW]: ", result.stdout, re.M), result.stdout  # no errors/warnings


def test_desktop_file_and_metainfo_share_one_app_id():
    entry = desktop_entry(DESKTOP)
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID == DESKTOP.stem
    assert root.findtext("launchable") == DESKTOP.name
    assert entry["Icon"] == root.findtext("icon") == APP_ID == bundle_config.APP_ID
    assert entry["StartupWMClass"] == APP_ID
    assert shlex.split(entry["Exec"])[:2] == ["studio", "gui"]
    assert root.find("provides/binary").text == bundle_config.EXECUTABLE == "studio"


def test_the_gui_announces_the_same_app_id():
    app = ROOT / "studio" / "gui" / "app.py"
    if not app.exists():
        pytest.skip("the desktop app is not in this branch yet")
    assert f'APP_ID = "{APP_ID}"' in app.read_text(encoding="utf-8")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_icon_in_every_hicolor_size_and_scalable():
    hicolor = PACKAGING / "icons" / "hicolor"
    for size in SIZES:
        assert png_size(hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png") == (size, size)
    svg = ET.parse(hicolor / "scalable" / "apps" / f"{APP_ID}.svg").getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 256 256"


def test_install_desktop_puts_valid_files_where_desktops_look(tmp_path):
    result = subprocess.run(["sh", str(PACKAGING / "install-desktop.sh"), "--prefix",
                             str(tmp_path)], capture_output=True, text=True,
                            env=dict(os.environ, HOME=str(tmp_path)))
    assert result.returncode == 0, result.stderr
    share = tmp_path / "share"
    installed = share / "applications" / DESKTOP.name
    assert subprocess.run([tool("desktop-file-validate"), str(installed)]).returncode == 0
    assert (share / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()
    for size in SIZES:
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()


def qt_modules_imported() -> set[str]:
    found = set()
    for path in (ROOT / "studio").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            found |= {n.split(".")[1] for n in names
                      if n.startswith("PySide6.") and n.split(".")[1].startswith("Qt")}
    return found


def test_bundle_keeps_every_qt_module_the_studio_imports_and_drops_the_rest():
    used = qt_modules_imported()
    assert used <= bundle_config.QT_KEEP, used - bundle_config.QT_KEEP
    excluded = bundle_config.excludes()
    assert not any(e.split(".")[-1] in bundle_config.QT_KEEP for e in excluded
                   if e.startswith("PySide6."))
    available = bundle_config.pyside_modules()
    assert "QtCore" in available
    for heavy in ("QtWebEngineCore", "QtQuick", "Qt3DCore", "QtPdf"):
        if heavy in available:
            assert f"PySide6.{heavy}" in excluded


def test_the_bundle_leaves_gpl_piper_out_unless_asked(monkeypatch):
    monkeypatch.delenv("STUDIO_BUNDLE_PIPER", raising=False)
    assert {"piper", "onnxruntime"} <= set(bundle_config.excludes())
    monkeypatch.setenv("STUDIO_BUNDLE_PIPER", "1")
    assert "piper" not in bundle_config.excludes()


def test_bundle_spec_and_its_data_are_sound():
    spec = (PACKAGING / "studio.spec").read_text(encoding="utf-8")
    compile(spec, "studio.spec", "exec")
    for name in ("Analysis", "cfg.excludes()", "cfg.datas()", "cfg.ffmpeg_binaries()",
                 "cfg.COLLECT_PACKAGES", "COLLECT"):
        assert name in spec
    for source, _target in bundle_config.datas():
        assert Path(source).exists(), source
    assert bundle_config.ffmpeg_binaries() == []  # ffmpeg is found on PATH unless asked


def test_packages_loaded_by_name_are_collected_whole():
    import importlib.util

    for package in bundle_config.COLLECT_PACKAGES:
        assert importlib.import_module(package).__path__  # a package, so its modules collect
    assert "feedgen.ext" in bundle_config.COLLECT_PACKAGES  # fg.load_extension("podcast")
    assert importlib.util.find_spec("feedgen.ext.podcast") is not None


def test_ffmpeg_can_be_bundled_on_request(monkeypatch):
    monkeypatch.setenv("STUDIO_BUNDLE_FFMPEG", "1")
    found = bundle_config.ffmpeg_binaries()
    # ffplay, the app's player, where this machine has it (make test installs it)
    assert [Path(p).name for p, _ in found] == ["ffmpeg", "ffprobe"] + \
        (["ffplay"] if shutil.which("ffplay") else [])
    assert all(dest == "bin" and os.access(p, os.X_OK) for p, dest in found)


def launcher(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PACKAGING / "entry.py"), *args],
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})))


def test_bundle_launcher_runs_the_studio_and_its_worker_modules():
    from studio import __version__

    version = launcher("--version")
    assert version.returncode == 0 and version.stdout.splitlines()[0] == f"studio {__version__} (MIT)"
    assert "engine piper: piper-tts GPL-3.0-or-later" in version.stdout
    probe = launcher("-m", "studio.doctor.voices_probe")  # how workers start in a bundle
    assert probe.returncode == 0 and '"voices"' in probe.stdout, probe.stderr


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_workflow_is_yaml_with_a_daily_schedule():
    flow = workflow()
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` key as true
    [entry] = triggers["schedule"]
    fields = entry["cron"].split()
    assert len(fields) == 5 and fields[2:] == ["*", "*", "*"]
    assert 0 <= int(fields[0]) < 60 and 0 <= int(fields[1]) < 24
    assert "workflow_dispatch" in triggers
    assert flow["permissions"] == {"contents": "write"}


def steps() -> list[dict]:
    [job] = workflow()["jobs"].values()
    return job["steps"]


def test_workflow_takes_the_token_from_secrets_only():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert not re.search(r"gh[pousr]_[A-Za-z0-9]{10,}", text)
    for step in steps():
        for key, value in step.get("env", {}).items():
            if "TOKEN" in key:
                assert re.fullmatch(r"\$\{\{ secrets\.\w+( \|\| secrets\.\w+)* \}\}", value)
    produce = next(s for s in steps() if "studio produce" in s.get("run", ""))
    assert produce["env"]["GITHUB_TOKEN"].startswith("${{ secrets.")


def test_workflow_shell_steps_parse_and_use_real_studio_options():
    from studio.cli.main import build_parser

    flow = workflow()
    variables = {k: str(v) for k, v in flow["env"].items()}
    variables.update(DAY="yesterday", RUNNER_TEMP="/tmp")
    parser = build_parser()
    used = []
    for step in steps():
        script = step.get("run")
        if not script:
            continue
        check = subprocess.run(["bash", "-n"], input=script, capture_output=True, text=True)
        assert check.returncode == 0, (step.get("name"), check.stderr)
        for line in script.replace("\\\n", " ").splitlines():
            words = shlex.split(line)
            if words[:1] == ["studio"] and len(words) > 1 and not words[1].startswith("-"):
                args = [re.sub(r"\$(\w+)", lambda m: variables[m.group(1)], w)
                        for w in words[1:]]
                parser.parse_args(args)  # exits (fails the test) on an unknown option
                used.append(args)
    produce = next(a for a in used if a[0] == "produce")
    assert produce[produce.index("--date") + 1] == "yesterday" and "--publish" in produce
    assert produce[produce.index("--github") + 1] == variables["REPO"]
    assert any(a[0] == "doctor" for a in used)
