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

from .plumbing.errors import StudioError

Format = Callable[[Any], str]  # a problem with an already well-typed value, or ""


def iso_date(value: Any) -> str:
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return "must be a date as YYYY-MM-DD"
    return ""


def optional_date(value: Any) -> str:
    """A calendar date as YYYY-MM-DD, or empty text (not set)."""
    return "" if value == "" else iso_date(value)


def one_of(*allowed: str) -> Format:
    """A format: the value is one of ``allowed``."""
    def fits(value: Any) -> str:
        return "" if value in allowed else "must be one of " + ", ".join(f'"{a}"' for a in allowed)

    return fits


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


Checker = Callable[[Any], "tuple[str, str] | None"]  # (field path, what is wrong) or None


def _object_problem(cls: type, data: Any, where: str) -> str:
    found = _checker(cls)(data)
    if found is None:
        return ""
    path, wrong = found
    return f"{path or 'the file'} {wrong}"


@cache
def _checker(hint: Any) -> Checker:
    """A function telling what is wrong with a JSON value for type ``hint`` (built once per
    type: a day of thousands of commits is checked in milliseconds)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        inner = _checker(options[0]) if len(options) == 1 else (lambda value: None)
        return lambda value: None if value is None else inner(value)
    if origin is list:
        item = _checker(typing.get_args(hint)[0])

        def check_list(value: Any) -> tuple[str, str] | None:
            if not isinstance(value, list):
                return "", f"must be a list, not {_shown(value)}"
            for i, element in enumerate(value):
                if (found := item(element)) is not None:
                    return _joined(f"[{i}]", found)
            return None

        return check_list
    if dataclasses.is_dataclass(hint):
        return _dataclass_checker(hint)
    expected, fits = _SCALARS.get(hint, ("", lambda value: True))
    return lambda value: None if fits(value) else ("", f"must be {expected}, not {_shown(value)}")


def _dataclass_checker(cls: type) -> Checker:
    hints = typing.get_type_hints(cls)
    required = [f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    checks = [(f.name, _checker(hints[f.name])) for f in dataclasses.fields(cls)]

    def check_object(value: Any) -> tuple[str, str] | None:
        if not isinstance(value, dict):
            return "", f"must be an object, not {_shown(value)}"
        for name in required:
            if name not in value:
                return name, "is missing"
        for name, check_field in checks:
            if name in value and (found := check_field(value[name])) is not None:
                return _joined(f".{name}", found)
        return None

    return check_object


def _joined(step: str, found: tuple[str, str]) -> tuple[str, str]:
    path, wrong = found
    if not path:
        return step.lstrip("."), wrong
    return step.lstrip(".") + (path if path.startswith("[") else "." + path), wrong


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
