"""A real keyring backend that keeps secrets in a JSON file named by $STUDIO_TEST_KEYRING_FILE.

Tests select it with PYTHON_KEYRING_BACKEND=keyring_file_backend.FileKeyring (tests/ on the
PYTHONPATH), so `studio auth` is exercised end to end without touching a user's keyring.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class FileKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    @staticmethod
    def _path() -> Path:
        return Path(os.environ["STUDIO_TEST_KEYRING_FILE"])

    def _load(self) -> dict[str, str]:
        try:
            return json.loads(self._path().read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}\t{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        data = self._load()
        data[f"{service}\t{username}"] = password
        self._path().write_text(json.dumps(data), encoding="utf-8")

    def delete_password(self, service: str, username: str) -> None:
        data = self._load()
        if f"{service}\t{username}" not in data:
            raise PasswordDeleteError("no such password")
        del data[f"{service}\t{username}"]
        self._path().write_text(json.dumps(data), encoding="utf-8")
