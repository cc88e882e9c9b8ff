"""The toolkit's exception types. All are ``ValueError`` subclasses, so a caller that
only wants "bad input" catches one thing, and a caller that cares tells them apart."""

from __future__ import annotations

__all__ = ["KamisadoError", "PositionError", "IllegalMoveError"]


class KamisadoError(ValueError):
    """Base class of every error the toolkit raises on bad input."""


class PositionError(KamisadoError):
    """A malformed position string. ``field`` names the field (``rank 6``, ``to-move``…),
    ``column`` the 1-based column of the offending character in the string."""

    def __init__(self, message: str, *, field: str, column: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.column = column


class IllegalMoveError(KamisadoError):
    """A move the rules forbid; ``rule`` is the rulebook's rule id (``M2``, ``S8``, ``T2``…)."""

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(message)
        self.rule = rule
