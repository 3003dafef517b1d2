"""Checking a day or episode file's JSON against the dataclasses it becomes, field by field.

The schema is the dataclasses themselves: each field's type hint says what the JSON must
hold (text, a whole number, a number, true/false, a list of ..., an object of ..., or null
where the hint allows None), a field without a default must be present, and a few fields
also have a format (a calendar date). A mismatch is one line naming the field's path, e.g.
``segments[2].take.trim.start must be a number, not "a"``. Unknown fields are ignored.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from .errors import StudioError

Format = Callable[[Any], str]  # a problem with an already well-typed value, or ""


def iso_date(value: Any) -> str:
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return "must be a date as YYYY-MM-DD"
    return ""


def check(cls: type, data: Any, what: str, formats: dict[str, Format] | None = None) -> None:
    """Raise a StudioError ``WHAT: FIELD must be ..., not ...`` at the first field of ``data``
    that does not fit dataclass ``cls``; ``formats`` maps top-level field names to extra checks."""
    problem = _object_problem(cls, data, "")
    if not problem and formats:
        for name, fmt in formats.items():
            value = data.get(name)
            if value is not None and (why := fmt(value)):
                problem = f"{name} {why}, not {_shown(value)}"
                break
    if problem:
        raise StudioError(f"{what}: {problem}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _object_problem(cls: type, data: Any, where: str) -> str:
    if not isinstance(data, dict):
        return f"{where or 'the file'} must be an object, not {_shown(data)}"
    hints = _hints(cls)
    for f in dataclasses.fields(cls):
        path = f"{where}.{f.name}" if where else f.name
        if f.name not in data:
            required = (f.default is dataclasses.MISSING
                        and f.default_factory is dataclasses.MISSING)
            if required:
                return f"{path} is missing"
            continue
        if problem := _value_problem(hints[f.name], data[f.name], path):
            return problem
    return ""


def _value_problem(hint: Any, value: Any, path: str) -> str:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if value is None and len(options) < len(typing.get_args(hint)):
            return ""
        hint = options[0] if len(options) == 1 else hint
        origin = typing.get_origin(hint)
    if origin is list:
        if not isinstance(value, list):
            return f"{path} must be a list, not {_shown(value)}"
        (item,) = typing.get_args(hint)
        for i, element in enumerate(value):
            if problem := _value_problem(item, element, f"{path}[{i}]"):
                return problem
        return ""
    if dataclasses.is_dataclass(hint):
        return _object_problem(hint, value, path)
    expected, fits = _SCALARS.get(hint, ("", None))
    if fits is None or fits(value):
        return ""
    return f"{path} must be {expected}, not {_shown(value)}"


def _is_number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


_SCALARS: dict[Any, tuple[str, Callable[[Any], bool]]] = {
    str: ("text", lambda v: isinstance(v, str)),
    bool: ("true or false", lambda v: isinstance(v, bool)),
    int: ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    float: ("a number", _is_number),
}


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return '"' + " ".join(text.split()) + '"' if text.strip() else "empty text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return str(value)[:40]
