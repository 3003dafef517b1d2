"""What kind of file a path is: code, tests, docs, CI, build, ownership, lock or generated.

A small table of rules, first match wins. Used to weigh a change by what it touched.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re

CODE = "code"
TESTS = "tests"
DOCS = "docs"
CI = "ci"
BUILD = "build"
OWNERS = "owners"
LOCK = "lock"  # lock files and generated files: nobody wrote them by hand
OTHER = "other"  # data, images, config: neither code nor housekeeping

OWNER_FILES = {"codeowners", "owners", "owners_aliases", "maintainers", "maintainers.md",
               "maintainers.txt", "codeowners.md", ".mailmap"}
LOCK_FILES = {"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "cargo.lock", "poetry.lock",
              "uv.lock", "pipfile.lock", "go.sum", "composer.lock", "gemfile.lock", "flake.lock",
              "npm-shrinkwrap.json", "bun.lockb"}
GENERATED_GLOBS = ["*_pb2.py", "*_pb2.pyi", "*.pb.go", "*.pb.cc", "*.pb.h", "*.min.js", "*.min.css",
                   "*.generated.*", "*.lock"]
GENERATED_DIRS = {"generated", "_generated", "vendor", "third_party", "third-party", "3rdparty"}
CI_DIRS = {".github", ".ci", ".circleci", ".buildkite", ".azure-pipelines", ".gitlab", ".jenkins"}
CI_FILES = {".gitlab-ci.yml", ".travis.yml", "azure-pipelines.yml", "appveyor.yml", "jenkinsfile",
            ".pre-commit-config.yaml", ".cirrus.yml", "codecov.yml", ".codecov.yml",
            ".lintrunner.toml", "renovate.json", "renovate.json5", ".renovaterc", ".coveragerc",
            ".flake8", "ruff.toml",
            ".ruff.toml", "mypy.ini", ".pylintrc", ".clang-format", ".clang-tidy", ".editorconfig",
            ".gitignore", ".gitattributes", ".git-blame-ignore-revs", "dependabot.yml"}
TEST_DIRS = {"test", "tests", "testing", "__tests__", "testdata", "test_data", "test-data",
             "fixtures", "snapshots", "__snapshots__", "spec", "specs", "e2e", "mdtest", "corpus",
             "test-suite", "testsuite", "unittests", "unit_tests", "integration_tests"}
# a directory named for tests with a prefix or suffix: "uv-test", "smoke-test", "test-utils",
# "integration-tests" (a word boundary of - or _, so "latest" and "pytest" are not)
TEST_DIR_WORD = re.compile(r"(?:^|[-_])(?:tests?|testing|testutils?)(?:$|[-_])")
TEST_RESOURCE_DIRS = {"inline", "examples", "cases", "data", "inputs", "expected"}
TEST_GLOBS = ["test_*.py", "*_test.py", "*_tests.py", "tests.py", "conftest.py", "*_test.go",
              "*_test.rs", "*.test.js", "*.test.ts", "*.test.tsx", "*.test.jsx", "*.spec.js",
              "*.spec.ts", "*.snap", "*Test.java", "*Tests.java", "*_test.cc", "*_test.cpp",
              "*_unittest.cc", "test_*.c", "test_*.cpp"]
DOC_DIRS = {"docs", "doc", "documentation", "man", "website", "site"}
DOC_EXTS = {".md", ".rst", ".adoc", ".rdoc", ".txt", ".ipynb", ".tex", ".mdx"}
DOC_NAMES = {"readme", "changelog", "changes", "news", "history", "license", "copying", "authors",
             "contributing", "code_of_conduct", "security", "notice", "citation"}
BUILD_FILES = {"setup.py", "setup.cfg", "pyproject.toml", "cmakelists.txt", "makefile", "meson.build",
               "build", "build.bazel", "workspace", "workspace.bazel", "module.bazel", "package.json",
               "cargo.toml", "go.mod", "tox.ini", "noxfile.py", "manifest.in", "dockerfile",
               "build.gradle", "pom.xml", "gemfile", "pipfile", "environment.yml", "justfile",
               "version.txt", "version", "meson_options.txt", "meson.options"}
BUILD_GLOBS = ["*.cmake", "*.bzl", "*requirements*.txt", "*requirements*.in", "constraints*.txt", "*.gradle",
               "Dockerfile.*", "*.dockerfile"]
BUILD_DIRS = {"cmake", "docker", "requirements"}
CODE_EXTS = {".py", ".pyi", ".pyx", ".pxd", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx",
             ".cu", ".cuh", ".hip", ".mm", ".m", ".metal", ".cl", ".rs", ".go", ".js", ".mjs", ".cjs",
             ".ts", ".tsx", ".jsx", ".java", ".kt", ".scala", ".swift", ".rb", ".php", ".cs", ".fs",
             ".f", ".f90", ".f95", ".jl", ".lua", ".zig", ".s", ".asm", ".sh", ".bash", ".ps1",
             ".vue", ".svelte", ".dart", ".ex", ".exs", ".erl", ".hs", ".ml", ".mli", ".clj", ".r",
             ".sql", ".proto", ".thrift", ".td", ".ll", ".mlir", ".src", ".pyw", ".cmd", ".bat"}
SCRIPT_EXTS = {".sh", ".bash", ".ps1", ".bat", ".cmd"}
NATIVE_EXTS = {".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh", ".hip", ".mm", ".m", ".metal", ".cl", ".s",
               ".asm", ".h", ".hh", ".hpp", ".hxx"}
NOT_API_PARTS = {"examples", "example", "scripts", "script", "benchmarks", "benchmark", "bench",
                 "internal", "tools", "tutorials", "demo", "demos", "csrc", "dev", "hack", "utils_test"}
VERSION_FILES = {"version.txt", "version", "version.py", "_version.py", "__version__.py",
                 "version.h", "version.go", "version.rs"}


def _stem_ext(name: str) -> tuple[str, str]:
    stem, ext = posixpath.splitext(name)
    return stem, ext.lower()


def _glob(name: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def kind_of_path(path: str) -> str:
    """The kind of ``path``: one of CODE, TESTS, DOCS, CI, BUILD, OWNERS, LOCK, OTHER."""
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    if not parts:
        return OTHER
    name = parts[-1]
    low = name.lower()
    dirs = {d.lower() for d in parts[:-1]}
    stem, ext = _stem_ext(low)
    if low in OWNER_FILES:
        return OWNERS
    if low in LOCK_FILES or _glob(name, GENERATED_GLOBS) or dirs & GENERATED_DIRS:
        return LOCK
    if dirs & CI_DIRS or low in CI_FILES:
        return CI
    if dirs & TEST_DIRS or _glob(name, TEST_GLOBS) or any(TEST_DIR_WORD.search(d) for d in dirs) \
            or ("resources" in dirs and dirs & TEST_RESOURCE_DIRS):
        return TESTS
    if dirs & DOC_DIRS or stem in DOC_NAMES or (ext in DOC_EXTS and low not in BUILD_FILES
                                                 and not _glob(low, BUILD_GLOBS)
                                                 and not dirs & BUILD_DIRS):
        return DOCS
    if low in BUILD_FILES or _glob(name, BUILD_GLOBS) or _glob(low, BUILD_GLOBS) \
            or dirs & BUILD_DIRS:
        return BUILD
    if ext in CODE_EXTS or (not ext and "bin" in dirs):
        return CODE
    return OTHER


def is_version_file(path: str) -> bool:
    return posixpath.basename(path).lower() in VERSION_FILES


def is_module(path: str) -> bool:
    """A code file that is a module of the project (not a shell script)."""
    return kind_of_path(path) == CODE and _stem_ext(path)[1] not in SCRIPT_EXTS


def is_native(path: str) -> bool:
    """A C, C++, CUDA ... source or header (``malloc.c.h`` too)."""
    return _stem_ext(path)[1] in NATIVE_EXTS


def is_public_module(path: str) -> bool:
    """A module a user could import: inside a package directory, no path part starting with an
    underscore (``__init__.py`` aside), not under examples/scripts/benchmarks/csrc, and native
    sources only as headers under ``include/``."""
    parts = [p for p in path.split("/") if p]
    if len(parts) < 2 or not is_module(path):
        return False
    stem, ext = _stem_ext(parts[-1])
    if ext in NATIVE_EXTS and "include" not in parts[:-1]:
        return False
    if stem in ("example", "examples", "demo", "setup", "conftest", "main", "__main__"):
        return False
    for part in parts:
        low = part.lower()
        if low in NOT_API_PARTS:
            return False
        if part.startswith("_") and _stem_ext(part)[0] != "__init__":
            return False
    return True


def module_path(path: str) -> str:
    """A code path as its module: ``torchao/prototype/gptq/__init__.py`` → ``torchao.prototype.gptq``."""
    stem, _ = _stem_ext(path)
    parts = [p for p in stem.split("/") if p]
    if parts and parts[-1] == "__init__":
        parts.pop()
    for top in ("src", "lib", "python"):
        if len(parts) > 1 and parts[0] == top:
            parts = parts[1:]
    return ".".join(parts)


def common_dir(paths: list[str]) -> str:
    """The deepest directory every path lies under ("" when they share none)."""
    dirs = [posixpath.dirname(p).split("/") for p in paths if p]
    if not dirs:
        return ""
    common: list[str] = []
    for level in zip(*dirs, strict=False):
        if any(x != level[0] for x in level) or not level[0]:
            break
        common.append(level[0])
    return "/".join(common)
