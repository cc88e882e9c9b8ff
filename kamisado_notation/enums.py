"""The base of the project's closed sets of words (a ply's kind, how a round ended, a
match's status, a diagnostic's severity): enum members that are also the very strings
the README's JSON uses, so they compare, print and serialise as those strings."""

from __future__ import annotations

from enum import Enum

__all__ = ["TextEnum"]


class TextEnum(str, Enum):
    """An enum whose members are their string values (``str(m) == m.value``) on every
    Python version (``enum.StrEnum`` is 3.11+)."""

    def __str__(self) -> str:
        return str(self.value)
