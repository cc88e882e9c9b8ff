"""Words of what is shown to a person: a number with its noun, in the singular or the
plural as the number asks (``1 match``, ``3 matches``, ``0 points``)."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, in the plural (``plural``, else ``noun`` and ``s``) unless
    ``n`` is 1.

    >>> counted(1, "match", "matches"), counted(3, "match", "matches"), counted(0, "point")
    ('1 match', '3 matches', '0 points')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
