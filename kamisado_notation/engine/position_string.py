"""The position string (docs/notation.md §8): the ranks from rank 8 down (a tower's
colour letter, lowercase for Black, ``+`` for each Sumo ring; ``.`` an empty square),
the side to move, the tower to move (``-`` for a free choice) and, where it is not the
other side, the last mover.

Read into its fields here, with the field and the column of what is wrong
(:class:`~kamisado_notation.errors.PositionError`); :class:`~.position.Position` is made
from them (:meth:`Position.from_string <.position.Position.from_string>`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import PositionError
from .board import COLOUR_LETTERS, Colour, Side, Square, square_name, square_rank
from .moves import Tower

__all__ = ["PositionFields", "format_position", "parse_position_fields"]


class PositionFields(NamedTuple):
    """What a position string says: the towers by square, the side to move, the tower it
    must move (``None``: a free choice) and the last mover (``None``: the other side)."""

    towers: dict[Square, Tower]
    to_move: Side
    tower: Colour | None
    last_mover: Side | None


def format_position(board: list[Tower | None], to_move: Side, tower: Colour | None, last_mover: Side) -> str:
    """The position string of ``board`` (64 squares) and the turn; ``last-mover`` only
    when it is not the default (the other side)."""
    ranks = []
    for rank in range(7, -1, -1):
        ranks.append("".join(t.letter if (t := board[rank * 8 + f]) is not None else "." for f in range(8)))
    fields = ["/".join(ranks), to_move.letter]
    fields.append(tower.letter if tower is not None else "-")
    if last_mover is to_move:
        fields.append(last_mover.letter)
    return " ".join(fields)


def parse_position_fields(text: str) -> PositionFields:
    """The fields of the position string ``text``. Raises
    :class:`~kamisado_notation.errors.PositionError` naming the field and the column
    (``TypeError`` for what is not a ``str``)."""
    if not isinstance(text, str):
        raise TypeError(f"a position string is text (str), not {type(text).__name__} {text!r}")
    fields = text.split()
    if not 3 <= len(fields) <= 4:
        raise PositionError(
            f"a position string has 3 or 4 fields (ranks, to-move, tower[, last-mover]), "
            f"not {len(fields)}: {text!r}",
            field="position",
        )
    ranks_text = fields[0]
    column0 = text.index(ranks_text) + 1
    towers = _parse_ranks(ranks_text, column0)
    pos_col = column0 + len(ranks_text)
    to_move = _side_field(text, fields[1], pos_col, field="to-move", what="the side to move")
    tower_col = text.index(fields[2], pos_col + 1) + 1
    tower = _tower_field(fields[2], tower_col)
    last_mover = None
    if len(fields) == 4:
        last_mover = _side_field(text, fields[3], tower_col, field="last-mover", what="the last mover")
    won = {t.side for sq, t in towers.items() if square_rank(sq) == _GOAL_RANK[t.side]}
    if len(won) == 2:
        raise PositionError(
            "both sides have a tower on the opponent's home row: no round reaches that",
            field="ranks",
            column=column0,
        )
    return PositionFields(towers, to_move, tower, last_mover)


#: The rank each side's towers must reach (M7).
_GOAL_RANK = {Side.BLACK: 0, Side.GOLD: 7}

_LETTER_COLOUR = {letter: Colour(i) for i, letter in enumerate(COLOUR_LETTERS)}


def _side_field(text: str, value: str, start: int, *, field: str, what: str) -> Side:
    """A side field of the position string (``b`` or ``g``), searched from ``start``."""
    if value not in ("b", "g"):
        raise PositionError(
            f"{what} is 'b' or 'g', not {value!r}", field=field, column=text.index(value, start) + 1
        )
    return Side.BLACK if value == "b" else Side.GOLD


def _parse_ranks(ranks_text: str, column0: int) -> dict[Square, Tower]:
    """The towers of the ranks field (``column0``: its column in the whole string)."""
    rows = ranks_text.split("/")
    if len(rows) != 8:
        raise PositionError(
            f"the board has 8 ranks separated by '/', not {len(rows)}: {ranks_text!r}",
            field="ranks",
            column=column0,
        )
    towers: dict[Square, Tower] = {}
    col = column0
    for i, row in enumerate(rows):
        _parse_rank(row, 8 - i, col, towers)
        col += len(row) + 1
    _check_all_there(towers, column0)
    return towers


def _check_all_there(towers: dict[Square, Tower], column0: int) -> None:
    """:class:`PositionError` (at ``column0``, the ranks field's) where a side's tower
    of a colour is not among ``towers``: every position holds all 16."""
    there = {(t.side, t.colour) for t in towers.values()}
    for side in Side:
        missing = [c.name.lower() for c in Colour if (side, c) not in there]
        if missing:
            raise PositionError(
                f"{side.title} has no {', '.join(missing)} tower: every position holds all "
                "16 towers (Kamisado has no captures)",
                field="ranks",
                column=column0,
            )


def _cell_end(row: str, j: int) -> int:
    """Where the tower's cell that starts at ``row[j]`` ends: after its Sumo marks (``+``)."""
    k = j + 1
    while k < len(row) and row[k] == "+":
        k += 1
    return k


def _check_new(tower: Tower, sq: Square, towers: dict[Square, Tower], field: str, column: int) -> None:
    """:class:`PositionError` (in ``field``, at ``column``) where ``tower``, on ``sq``,
    is a second tower of its side and colour among ``towers``."""
    for other_sq, other in towers.items():
        if (other.side, other.colour) == (tower.side, tower.colour):
            raise PositionError(
                f"{tower.side.title} has two {tower.colour.name.lower()} towers "
                f"({square_name(other_sq)} and {square_name(sq)})",
                field=field,
                column=column,
            )


def _parse_rank(row: str, rank: int, col: int, towers: dict[Square, Tower]) -> None:
    """Add the towers of one rank (``col``: its column in the whole string) to ``towers``."""
    field = f"rank {rank}"
    file = 0
    j = 0
    while j < len(row):
        ch = row[j]
        if file >= 8:
            raise PositionError(f"rank {rank} has more than 8 cells at {ch!r}: {row!r}", field=field, column=col + j)
        if ch == ".":
            file += 1
            j += 1
            continue
        k = _cell_end(row, j)
        tower = _tower_cell(row[j:k], rank, field, col + j)
        sq = (rank - 1) * 8 + file
        _check_new(tower, sq, towers, field, col + j)
        towers[sq] = tower
        file += 1
        j = k
    if file != 8:
        raise PositionError(f"rank {rank} has {file} cells, not 8: {row!r}", field=field, column=col)


def _tower_cell(cell: str, rank: int, field: str, column: int) -> Tower:
    """A tower's cell: its colour letter (lowercase for Black) and its rings."""
    ch = cell[0]
    colour = _LETTER_COLOUR.get(ch.upper())
    if colour is None:
        raise PositionError(
            f"{ch!r} in rank {rank} is not a cell: expected '.' or a colour letter "
            f"({COLOUR_LETTERS} for Gold, {COLOUR_LETTERS.lower()} for Black)",
            field=field,
            column=column,
        )
    if len(cell) - 1 > 3:
        raise PositionError(f"{cell!r} in rank {rank}: a tower has at most 3 Sumo rings", field=field, column=column)
    return Tower(Side.BLACK if ch.islower() else Side.GOLD, colour, len(cell) - 1)


def _tower_field(value: str, column: int) -> Colour | None:
    """The tower field: the colour letter of the tower to move, or ``-`` (a free choice)."""
    if value == "-":
        return None
    tower = _LETTER_COLOUR.get(value.upper()) if len(value) == 1 else None
    if tower is None:
        raise PositionError(
            f"the tower to move is a colour letter ({COLOUR_LETTERS}) or '-', not {value!r}",
            field="tower",
            column=column,
        )
    return tower
