"""show.toml edited in place: a change the CLI or the app makes (``publish --base-url``,
Settings ▸ Show, the writer) rewrites only the keys whose values changed, so the host's
comments, order, blank lines and tables studio does not model (``[recap]``) stay as written.
A new file is written whole."""

from __future__ import annotations

from typing import Any

import tomlkit
from tomlkit.items import AoT, Table


def _aot(rows: list[dict[str, Any]]) -> AoT:
    out = tomlkit.aot()
    for row in rows:
        table = tomlkit.table()
        table.update(row)
        out.append(table)
    return out


def _value(value: Any) -> Any:
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return _aot(value)
    return value


def _merge(doc: Any, old: dict[str, Any], new: dict[str, Any]) -> None:
    """Set in ``doc`` (a tomlkit container) each key of ``new`` whose value differs from
    ``old`` (what ``doc`` held, parsed and with defaults filled in)."""
    for key, value in new.items():
        before = old.get(key)
        if before == value:
            continue
        if isinstance(value, dict):
            if not isinstance(doc.get(key), Table | dict):
                doc[key] = tomlkit.table()
            _merge(doc[key], before if isinstance(before, dict) else {}, value)
        else:
            doc[key] = _value(value)


def edited(text: str | None, old: dict[str, Any] | None, new: dict[str, Any]) -> str:
    """``text`` (a show.toml, None for a new one) with ``new``'s values where they differ from
    ``old``, the settings ``text`` holds; comments and layout kept."""
    if text is None or old is None:
        return tomlkit.dumps(new)
    doc = tomlkit.parse(text)
    _merge(doc, old, new)
    return tomlkit.dumps(doc)
