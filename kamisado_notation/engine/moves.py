"""The values of the rules: a tower, a move of one tower, a move as a record writes it
(for the fast path), how a round ended, and the numbers the Sumo rules give a tower by
its rings (docs/rules.md S1, S7 and their Double and Triple Sumo forms).

Nothing here knows a position: :mod:`.rules` plays these moves, :mod:`.position` holds
them in a :class:`~.position.Position`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..enums import TextEnum
from .board import SQUARE_COLOURS, Colour, Direction, Side, square_name
from .text_doors import Door

__all__ = [
    "MAX_PUSH",
    "MOVE_WRITER",
    "RANGE",
    "RING_NAMES",
    "Move",
    "Outcome",
    "RoundEnd",
    "Tower",
    "WrittenMove",
    "wrong_type",
]

#: How far a tower may move, by its number of Sumo rings (S1, DS1, TS1).
RANGE = (7, 5, 3, 1)
#: How many towers a tower may push at once, by its rings (S7, DS7, TS7).
MAX_PUSH = (0, 1, 2, 3)
#: What the rulebook calls a tower with 0..3 rings.
RING_NAMES = ("tower", "Sumo", "Double Sumo", "Triple Sumo")


class Tower(NamedTuple):
    """A dragon tower: its owner, its colour, and its Sumo rings (0 to 3)."""

    side: Side
    colour: Colour
    rings: int = 0

    @property
    def letter(self) -> str:
        """The tower as the position string writes it: ``p``, ``P++``…"""
        letter = self.colour.letter
        return (letter.lower() if self.side is Side.BLACK else letter) + "+" * self.rings

    def __str__(self) -> str:
        rank = f" {RING_NAMES[self.rings]}" if self.rings else ""
        return f"{self.side.title}'s {self.colour.name.lower()}{rank}"


@dataclass(frozen=True, slots=True)
class Move:
    """One move of one tower.

    ``push`` lists the squares of the pushed towers *before* the push, nearest first
    (empty for an ordinary move). A forfeit (M6) has ``distance == 0``, ``direction``
    ``None`` and ``origin == target``.
    """

    side: Side
    tower: Colour | None
    origin: int
    target: int
    direction: Direction | None
    distance: int
    push: tuple[int, ...] = ()

    @property
    def square_colour(self) -> Colour:
        """The colour of the square the move ends on (the record's fourth slot)."""
        return SQUARE_COLOURS[self.target]

    @property
    def is_forfeit(self) -> bool:
        return self.distance == 0

    @property
    def pushed_to(self) -> int | None:
        """Where the farthest pushed tower ends (the square that names the next tower, S3)."""
        if not self.push:
            return None
        step = 8 if self.side is Side.GOLD else -8
        return self.push[-1] + step

    def coords(self) -> str:
        """The coordinate form, ``d8-d4``."""
        return f"{square_name(self.origin)}-{square_name(self.target)}"

    def text(self, form: str = "text", lang: str = "en") -> str:
        """The move written in ``form`` (``symbols``, ``text``, ``short``, ``coords`` or
        ``json``) and ``lang`` (``en``, ``de``, ``hu``, ``pt``, ``ro``, ``ru``), as a
        record writes it (the notation layer, loaded on first use, writes it).

        >>> from kamisado_notation import Position
        >>> move = Position.initial().parse_move("Pink Forward 4 Brown")
        >>> move.text("symbols"), move.text("short"), move.text("coords"), move.text(lang="hu")
        ('粉↑4棕', 'Pi F4 Br', 'd8-d4', 'rózsaszín előre 4 barna')
        """
        return MOVE_WRITER()(self, form, lang)

    def __repr__(self) -> str:
        what = "forfeit" if self.is_forfeit else f"{self.direction} {self.distance}"
        pushed = f" pushing {' '.join(map(square_name, self.push))}" if self.push else ""
        return f"<Move {self.side} {_colour_title(self.tower)} {self.coords()} {what}{pushed}>"

    def __str__(self) -> str:
        if self.is_forfeit:
            return f"{_colour_title(self.tower)} 0 {self.square_colour.title}"
        direction = self.direction.name.capitalize() if self.direction is not None else "?"
        return f"{_colour_title(self.tower)} {direction} {self.distance} {self.square_colour.title}"


def _colour_title(colour: Colour | None) -> str:
    return colour.title if colour is not None else "Any"


#: The writer of a move as text (``form``, ``lang``): the notation's, installed with the
#: reader (:func:`~.position.install_text_doors`).
MOVE_WRITER: Door[Callable[[Move, str, str], str]] = Door("writer of moves as text")


#: An ordinary move as a record writes it, for :meth:`Position.play_written <.position.Position.play_written>`: ``(tower,
#: direction, distance, lands_on, origin, target)``. ``tower`` is ``None`` for the tower
#: that must move (T2); ``lands_on`` is the colour of the square it lands on, when the
#: record writes it (else ``None``). A move written from square to square gives
#: ``origin`` and ``target`` instead (the other slots are then not read); ``-1`` when not.
#: The colours and the direction may be :class:`Colour` and :class:`Direction` members or
#: their values: the readers give values (plain ints), which the engine's tables are
#: indexed by fastest.
WrittenMove = tuple[int | None, int | None, int, int | None, int, int]


class RoundEnd(TextEnum):
    """How a round ended (the README's ``by``)."""

    HOME_ROW = "home-row"  #: a tower reached the opponent's home row (M7)
    DEADLOCK = "deadlock"  #: forfeits would repeat forever (M8)


class Outcome(NamedTuple):
    """How a round is over, as :meth:`Position.outcome <.position.Position.outcome>` says it (python-chess's
    ``Outcome``): who won and how. The ring the winner takes and what it scores are the
    match's (:func:`~kamisado_notation.engine.match.round_result`)."""

    winner: Side
    by: RoundEnd


def wrong_type(value: object, call: str, expected: str) -> TypeError:
    """The ``TypeError`` of an argument of ``call`` that is not the ``expected`` type,
    naming what was given (with a hint where text was given for a move)."""
    hint = " (read text with parse_move or play_text)" if isinstance(value, str) and expected == "a Move" else ""
    return TypeError(f"{call} expects {expected}, not {type(value).__name__} {value!r}{hint}")


