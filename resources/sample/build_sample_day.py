"""Regenerates ``day.json``, the sample day the demo is made from.

It builds a small real git repository in PyTorch's merge-bot format (people and changes are
made up for the sample) and pulls 2026-02-09 from it with the studio's own git source:
    python resources/sample/build_sample_day.py
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent.parent / "tests")]

from gitrepo import AUTOREVERT, PT_BOT, RepoBuilder, at, pt_landed, pt_revert  # noqa: E402

from studio.sources.gitlocal import pull_git  # noqa: E402
from studio.sources.model import save_day  # noqa: E402

BOT, BOT_MAIL = PT_BOT


def land(repo, title, pr, who, mail, when, files, body="", ghstack=None):
    return repo.commit(pt_landed(title, pr, body, ghstack=ghstack), when, who, mail,
                       committer=BOT, committer_email=BOT_MAIL, files=files)


def revert(repo, title, pr, sha, by, reason, when):
    return repo.commit(pt_revert(title, pr, sha, by, reason), when, BOT, BOT_MAIL,
                       files=["torch/version.txt"])


def build(path: Path) -> None:
    r = RepoBuilder(path, origin="https://github.com/pytorch/pytorch.git")
    d0, day = "2026-02-03", "2026-02-09"
    land(r, "[Inductor] Cache autotuning results across processes", 171802, "Mara Okafor",
         "mara@example.com", at(d0, 9), ["torch/_inductor/autotune_cache.py"])
    spirv = land(r, "[ROCm] Add SPIR-V code object support", 171810, "Devi Raman",
                 "devi@example.com", at(d0, 15), ["aten/src/ATen/hip/spirv.cpp", "cmake/ROCm.cmake"])
    gemm = land(r, "[XPU][4/N] Refactor CUDAKernel to CUTLASSKernel", 171950, "Tomas Lindqvist",
                "tomas@example.com", at(day, 1, 10),
                [f"torch/_inductor/codegen/xpu/gemm_{i}.py" for i in range(9)],
                body="Renames the CUDA-specific kernel classes so the XPU GEMM path can share them.")
    land(r, "Fix dynamic dispatch error in view_as_complex with unbacked SymInts", 171955,
         "Priya Natarajan", "priya@example.com", at(day, 2, 5),
         ["torch/_refs/__init__.py", "test/test_dynamic_shapes.py"],
         body="Unblocks the GoogleFnet model from HuggingFace when shapes are unbacked.")
    dt_tests = land(r, "[DTensor] Add tests for uneven and zero-size shards", 171958, "Ken Adeyemi",
                    "ken@example.com", at(day, 3, 0),
                    ["test/distributed/tensor/test_uneven.py"])
    land(r, "[CUDA] Reuse CUDAEventPool in the caching host allocator", 171960, "Lena Vogt",
         "lena@example.com", at(day, 4, 30),
         ["aten/src/ATen/cuda/CachingHostAllocator.cpp", "c10/cuda/CUDAEventPool.h"],
         body="Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to combine with the new pool.")
    revert(r, "[XPU][4/N] Refactor CUDAKernel to CUTLASSKernel", 171950, gemm,
           "pytorch-auto-revert", AUTOREVERT, at(day, 5, 15))
    land(r, "[XPU] Align tensordot checks with other backends", 171962, "Oskar Wiśniewski",
         "oskar@example.com", at(day, 6, 40), ["aten/src/ATen/native/Linear.cpp"])
    revert(r, "[DTensor] Add tests for uneven and zero-size shards", 171958, dt_tests,
           "pytorch-auto-revert", AUTOREVERT, at(day, 8, 0))
    revert(r, "[ROCm] Add SPIR-V code object support", 171810, spirv, "jwitt",
           "breaking internal builds", at(day, 9, 20))
    base = 171970
    stack_titles = ["Unify batching rules for cond", "Share unwrap and wrap batched helpers",
                    "Batch while_loop through the shared API"]
    for i, title in enumerate(stack_titles):
        land(r, f"[vmap] {title}", base + i, "Nadia Castellanos", "nadia@example.com",
             at(day, 11, i * 7), [f"torch/_higher_order_ops/batching_{i}.py"],
             ghstack=[base + j for j in range(i)])
    land(r, "Expand LayerNormBackwardKernel dispatch to all devices", 171980, "Ray Chen",
         "ray@example.com", at(day, 14, 45), ["aten/src/ATen/native/layer_norm.cpp"])
    land(r, "[BE] Remove stale Python 2 comments", 171984, "Sam Porter", "sam@example.com",
         at(day, 16, 0), ["torch/utils/data/sampler.py", "torch/nn/modules/module.py"])
    r.commit("Update pinned commits\n\nUpdate the pinned vision hash.\n", at(day, 18, 0),
             "PyTorch UpdateBot", "pytorchupdatebot@users.noreply.github.com",
             committer=BOT, committer_email=BOT_MAIL, files=[".github/ci_commit_pins/vision.txt"])
    r.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "pytorch"
        build(repo)
        day = pull_git(repo, dt.date(2026, 2, 9), tz="UTC", branch="main")
    day.repo, day.repo_url = "pytorch/pytorch", "https://github.com/pytorch/pytorch"
    save_day(day, HERE / "day.json")
    print(f"wrote {HERE / 'day.json'}: {len(day.commits)} commits, {len(day.lookback)} earlier")


if __name__ == "__main__":
    main()
