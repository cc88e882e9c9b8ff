"""A slip planted in a correct record: each slip's module says how a person makes it
(its :class:`~.hypotheses.Recogniser`'s ``plant``), so that the slip's examples are
generated where the truth is known and every registered slip is tested alike. What
planting needs: :class:`Planted`, the slipped text and where it touched;
:func:`rewrite`, entries rewritten in place; :func:`own_rows`, the rows a slip of a
row may be planted in."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...notation.record import Entry, RoundRecord
from ...notation.writer import Form

__all__ = ["Plant", "Planted", "Style", "own_rows", "rewrite"]

#: A form and a language a record is written in.
Style = tuple[Form, str]


@dataclass
class Planted:
    """A slipped record: its text, the round of the slip and the lines it touched (where
    its diagnostics may stand)."""

    text: str
    round: int
    lines: set[int]


#: How a person makes a slip: a correct record's ``text``, one of its rounds (``rnd``),
#: a source of choices and the style it is written in → the text with the slip made in
#: that round (``None``: the round has no place for it).
Plant = Callable[[str, RoundRecord, random.Random, Style], "Planted | None"]


def rewrite(text: str, changes: list[tuple[Entry, str]]) -> str:
    """``text`` with each entry's text replaced (from the right of each line)."""
    lines = text.split("\n")
    for entry, new in sorted(changes, key=lambda c: (c[0].line, -c[0].column)):
        line = lines[entry.line - 1]
        start = entry.column - 1
        assert line[start : start + len(entry.text)] == entry.text
        lines[entry.line - 1] = line[:start] + new + line[start + len(entry.text) :]
    return "\n".join(lines)


def own_rows(rnd: RoundRecord) -> list[int]:
    """The indices of the round's rows written on a line of their own: Black's entry
    and Gold's (no ``...``)."""
    es = rnd.entries
    return [
        k
        for k in range(0, len(es) - 1, 2)
        if not es[k].placeholder and es[k].line == es[k + 1].line and all(e.line != es[k].line for e in es[:k] + es[k + 2 :])
    ]
