"""One move as text, against one position: what :meth:`Position.parse_move`,
:meth:`Position.play_text` and :meth:`Move.text` do.

The engine knows no text, so it reaches these through the doors
(:class:`~kamisado_notation.engine.position.TextDoors`) this module installs when it is
imported: the reader takes an entry in any form and language and checks all four of its
slots against the position; the writer is the record writer's
:func:`~kamisado_notation.notation.format_move`.
"""

from __future__ import annotations

from ..engine.board import Direction
from ..engine.position import Move, Position, TextDoors, install_text_doors
from ..errors import FormatError, IllegalMoveError
from ..notation.kmr.reader import parse_entry
from ..notation.record import Entry
from ..notation.writer import Form, format_move
from .correct import Slot, candidates, exact_move, push_mark_fault, resolve_entry, square_fault

__all__ = ["entry_move", "parse_move", "write_move"]


def parse_move(position: Position, text: str) -> Move:
    """The legal move of ``position`` that the entry ``text`` stands for, exactly as
    written. Raises :class:`~kamisado_notation.errors.NotationError` for text that is no
    move, :class:`IllegalMoveError` (``rule``, and ``slot`` when one slot alone is wrong)
    for a move that is not legal here as written.

    >>> parse_move(Position.initial(), "e8-e4")
    <Move Black Yellow e8-e4 Forward 4>
    >>> try:
    ...     parse_move(Position.initial(), "Yellow Right 4 Brown")  # a4 is yellow, and Brown Right 4 is d4
    ... except IllegalMoveError as e:
    ...     print(e.rule, e.slot)   # two slips fit: the square, or the tower
    square None
    """
    return entry_move(position, parse_entry(text))


def entry_move(position: Position, entry: Entry) -> Move:
    """The legal move of ``position`` that ``entry`` (read from a record or a prompt)
    stands for, exactly as written; :class:`IllegalMoveError` as :func:`parse_move`
    says."""
    if entry.direction is Direction.BACK:
        raise IllegalMoveError(
            f"{entry.text}: a tower moves back only when pushed, and the push is the pusher's move "
            "(its back-entry is written in a record, not played)",
            rule="push-entry",
            slot=Slot.DIRECTION.value,
        )
    move = exact_move(position, entry)
    if move is not None:
        return move
    rule, why = _fault(position, entry)
    near = [c for c in candidates(position, entry) if len(c.differs) == 1]
    slot = near[0].differs[0].value if len(near) == 1 else Slot.TOWER.value if rule in ("T1", "T2") else None
    raise IllegalMoveError(f"{entry.text}: {why}", rule=rule, slot=slot)


def _fault(position: Position, entry: Entry) -> tuple[str, str]:
    """The rule ``entry`` breaks in ``position`` as written, and why."""
    try:
        move = resolve_entry(position, entry)
    except IllegalMoveError as e:
        return e.rule, str(e)
    if entry.is_coords:  # resolved, so the '*' is what is wrong
        return "push-entry", push_mark_fault(move)
    written = entry.square_colour
    assert written is not None  # (exact_move failed on the square alone)
    return "square", square_fault(move, written)


def write_move(move: Move, form: str, lang: str) -> str:
    """``move`` in ``form`` (a :class:`Form` value: ``symbols``, ``text``, ``short``,
    ``coords``, ``json``) and language ``lang``. Raises :class:`FormatError`."""
    try:
        chosen = Form(form)
    except ValueError:
        raise FormatError(f"unknown form {form!r}: expected one of {', '.join(f.value for f in Form)}") from None
    return format_move(move, form=chosen, lang=lang)


install_text_doors(TextDoors(parse_move, write_move))
