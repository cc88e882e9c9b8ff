"""JSON text indented as ``json.dumps(value, ensure_ascii=False, indent=...)`` writes it,
byte for byte, several times faster: with ``indent``, the standard library leaves its C
encoder for a pure-Python one, and ``kamisado convert --to json`` spent four fifths of
its time there. Strings go through the standard library's own C string encoder."""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring
from typing import cast

__all__ = ["dumps_indented"]


def dumps_indented(value: object, level: int = 0, *, indent: int = 2) -> str:
    """``value`` (dicts with string keys, lists, strings, ints, floats, booleans,
    ``None``) as ``json.dumps(value, ensure_ascii=False, indent=indent)`` writes it, as
    if it stood ``level`` levels deep (its inner lines indented that much more)."""
    parts: list[str] = []
    _encode(value, "\n" + " " * (indent * level), " " * indent, parts.append)
    return "".join(parts)


def _encode(value: object, newline: str, step: str, emit: Callable[[str], object]) -> None:
    if isinstance(value, str):
        emit(encode_basestring(value))
    elif isinstance(value, dict):
        _container(list(value.items()), "{", "}", newline, step, emit)
    elif isinstance(value, (list, tuple)):
        _container(list(value), "[", "]", newline, step, emit)
    else:
        emit(_scalar(value))


def _container(items: list[object], opening: str, closing: str, newline: str, step: str, emit: Callable[[str], object]) -> None:
    if not items:
        emit(opening + closing)
        return
    inner = newline + step
    emit(opening)
    separator = inner
    for item in items:
        if opening == "{":
            key, value = cast("tuple[str, object]", item)
            emit(separator + encode_basestring(key) + ": ")
            _encode(value, inner, step, emit)
        else:
            emit(separator)
            _encode(item, inner, step, emit)
        separator = "," + inner
    emit(newline + closing)


def _scalar(value: object) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        import json

        return json.dumps(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
