"""The pronunciation lexicon: what the engine is told, never what the transcript shows."""

from __future__ import annotations

import pytest

from studio.narration.lexicon import host_lexicon, lexicon_for, load_lexicon
from studio.plumbing.errors import StudioError
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


@pytest.mark.parametrize("text, spoken", [
    # identifiers of the bench's real scripts (ruff, numpy, ao) the way a developer says them
    ("there is now a PathAssignments::visit method", "there is now a Path Assignments visit method"),
    ("in both Files::system and Files::try_system.", "in both Files system and Files try system."),
    ("NaN and NaT values, two NaNs", "nan and not a time values, two nans"),
    ("published to PyPI", "published to pie P I"),
    ("the MoE training kernels", "the M O E training kernels"),
    ("the CUTEDSL and FLYDSL backends, CuTeDSL too", "the cute D S L and fly D S L backends, cute D S L too"),
    ("copyto with where=False.", "copyto with where equals False."),
    ("the np.isdtype check", "the np dot is D type check"),
    ("QAT, the IDE, the CLI and the AST", "Q A T, the I D E, the C L I and the A S T"),  # not "kat", "ide"
    # project names the shows say in every episode: "numpee", "torchow", "my-pee" before
    ("numpy and NumPy, torchao and TorchAO, mypy, Pyright, uvx",
     "num pie and num pie, torch A O and torch A O, my pie, pie right, U V X"),
    # not identifiers: abbreviations stay for the voice ("for example"), shas go
    ("e.g. this, i.e. that, etc.", "e.g. this, i.e. that, etc."),
    ("subproject (5adb334 to fa944ef).", "subproject."),
])
def test_identifiers_in_real_scripts_are_said_as_developers_say_them(lexicon, text, spoken):
    assert lexicon.respell(text) == spoken


def _phonemes(text: str) -> str:
    import subprocess

    return subprocess.run(["espeak-ng", "-q", "-x", text], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.parametrize("written, heard, not_heard", [
    ("NaN", "n'an", "'En"),  # "nan", not "nar en"
    ("own_fields", "'oUn f'i:ldz", "'Ad"),  # "own fields", no "underscore"
    ("typing._type_check", "d'0t t'aIp tS'Ek", "'Ad"),  # "typing dot type check"
    ("PathAssignments::visit", "p'aaT a#s'aInm@nts v'IzIt", "k'oUl@n"),  # no "colon"
    ("PyPI", "p'aI p'i:", "p'aI p'aI"),  # "pie P I", not "pie pie"
    ("e.g. this", "Egz'aamp@L", "d'0t"),  # "for example", not "e dot g"
])
def test_espeak_says_the_respelled_identifier(lexicon, written, heard, not_heard):
    """Listened through espeak-ng's phonemes (what pyttsx3 says, and what Piper is given)."""
    said = _phonemes(lexicon.respell(written))
    assert heard in said and not_heard not in said, said
