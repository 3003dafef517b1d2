"""The pronunciation lexicon: what the engine is told, never what the transcript shows."""

from __future__ import annotations

import pytest

from studio.errors import StudioError
from studio.narration.lexicon import host_lexicon, lexicon_for, load_lexicon
from studio.resources import resource_path


@pytest.fixture(scope="module")
def lexicon():
    return lexicon_for(resource_path("profiles", "pytorch-lexicon.toml"))


@pytest.mark.parametrize("text, spoken", [
    ("ROCm, XPU, CUDA and MPS", "rock em, X P U, kooda and M P S"),
    ("FSDP2 with DTensor", "F S D P 2 with D tensor"),
    ("vmap keeps the dtype", "V map keeps the D type"),
    ("torch.compile is faster", "torch dot compile is faster"),
    ("it fixes view_as_complex.", "it fixes view as complex."),
    ("reuse CUDAEventPool here", "reuse kooda Event Pool here"),
    ("landed as #195303 today", "landed as PR 195303 today"),
    ("(pytorch/pytorch#1234)", "(PR 1234)"),
    ("bumps v2.5.1 to 3.12", "bumps version 2 point 5 point 1 to 3 point 12"),
    ("edits torch/_inductor/ir.py now", "edits torch slash inductor slash ir dot py now"),
    ("see https://github.com/pytorch/pytorch/pull/1", "see a link"),
    ("the PyTorch team", "the pie torch team"),
])
def test_code_tokens_are_respelled(lexicon, text, spoken):
    assert lexicon.respell(text) == spoken


def test_commit_shas_are_never_read_out(lexicon):
    spoken = lexicon.respell("This reverts commit a1b2c3d4e5f60718293a4b5c6d7e8f9012345678. "
                             "Also 0f9e8d7 (deadbee1) went in.")
    assert "a1b2" not in spoken and "0f9e8d7" not in spoken and "deadbee1" not in spoken
    assert spoken.startswith("This reverts commit.")


def test_show_entries_override_the_default(tmp_path):
    show = tmp_path / "show.toml"
    show.write_text('[words]\nCUDA = "see you dee a"\n[[rule]]\nmatch = "foo+"\nsay = "bar"\n')
    lexicon = lexicon_for(show)
    assert lexicon.respell("CUDA fooo") == "see you dee a bar"
    assert lexicon_for().respell("CUDA") == "kooda"


def test_the_hosts_own_entries_win_everywhere_synthesis_runs(tmp_path, monkeypatch):
    """The desktop's lexicon editor writes the config folder's lexicon.toml; the render of
    the command line and of the desktop's export read it too."""
    monkeypatch.setenv("COMMITCAST_CONFIG_DIR", str(tmp_path))
    show = tmp_path / "show.toml"
    show.write_text('[words]\nCUDA = "see you dee a"\n')
    assert host_lexicon(show).respell("CUDA") == "see you dee a"
    (tmp_path / "lexicon.toml").write_text('[words]\nCUDA = "the green one"\n')
    assert host_lexicon(show).respell("CUDA and ROCm") == "the green one and rock em"
    assert host_lexicon().respell("CUDA") == "the green one"


@pytest.mark.parametrize("content, message", [
    ("[words\n", "not valid TOML"),
    ('[words]\nX = 3\n', "must map words to strings"),
    ('[[rule]]\nmatch = "("\n', "not a valid pattern"),
])
def test_a_bad_lexicon_is_a_clear_error(tmp_path, content, message):
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(StudioError, match=message):
        load_lexicon(path)
