"""Episodes built directly from the model, with the kind of text the script writer makes."""

from __future__ import annotations

from pathlib import Path

from studio.episode import CommitRef, Episode, Segment, Sentence, Stats, save_episode

SHA_A = "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678"
SHA_B = "0f9e8d7c6b5a49382716051f2e3d4c5b6a798877"
SHA_C = "1234abcd5678ef901234abcd5678ef901234abcd"

SEGMENTS = [
    ("intro", "Welcome", "Hey there, PyTorch developers! Welcome back. Today is February 9th, "
     "2026, and we had twelve commits, three of them rollbacks.", []),
    ("reverts", "The rollbacks",
     "First, the auto-revert pulled back the XPU GEMM refactor (#195303), which renamed "
     "CUDAKernel to CUTLASSKernel. It broke internal builds, so back it went. "
     "The DTensor tests for uneven shards went back too.", [SHA_A]),
    ("compiler", "The compiler",
     "On the compiler side, torch.compile now handles view_as_complex with unbacked "
     "symbolic integers. Inductor picked up a fix in torch/_inductor/ir.py as well.", [SHA_B]),
    ("focus", "Today's Focus",
     "Here is today's focus. If you build ROCm wheels, set PYTORCH_ROCM_ARCH before you run "
     "setup.py. FSDP2 users on MPS should pin dtype to float32 with vmap. "
     "That's it for today. See you tomorrow!", [SHA_C]),
]


def make_episode(segments=SEGMENTS) -> Episode:
    episode = Episode(
        title="PyTorch: The Day of Rollbacks & <Second> Chances",
        summary="Twelve commits, three rollbacks, and a fix for view_as_complex.",
        date="2026-02-09",
        repo="pytorch/pytorch",
        show="PyTorch",
        repo_url="https://github.com/pytorch/pytorch",
        stats=Stats(commits=12, reverts=3),
        commit_refs=[
            CommitRef(SHA_A, "Revert XPU GEMM refactor", "xinan.lin", 195303,
                      "https://github.com/pytorch/pytorch/pull/195303"),
            CommitRef(SHA_B, "Fix view_as_complex", "Laith Sakka", None,
                      f"https://github.com/pytorch/pytorch/commit/{SHA_B}"),
            CommitRef(SHA_C, "Docs", "someone"),
        ],
    )
    for seg_id, title, text, commits in segments:
        episode.segments.append(Segment(seg_id, title, text, list(commits),
                                        [Sentence(text, list(commits))]))
    episode.refresh_transcript()
    return episode


def write_episode(folder: Path, segments=SEGMENTS) -> Path:
    save_episode(make_episode(segments), folder)
    return folder
