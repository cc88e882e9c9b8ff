"""The board: colours, sides, directions and squares (docs/notation.md §1).

Squares are integers 0..63, ``rank_index * 8 + file_index`` with a1 = 0 and h8 = 63,
so that a square's name, its rank and its file are a division away. Everything here is
fixed by the board and computed once at import.
"""

from __future__ import annotations

from enum import IntEnum

from ..errors import SquareError

__all__ = [
    "BOARD_ROWS",
    "COLOURS",
    "DIRECTIONS",
    "MIRRORED",
    "MOVE_STEPS",
    "SIDES",
    "SQUARES",
    "SQUARE_COLOURS",
    "Colour",
    "Direction",
    "Side",
    "Square",
    "home_rank",
    "parse_square",
    "ray",
    "square",
    "square_file",
    "square_name",
    "square_rank",
    "squares_apart",
]


class _Word(IntEnum):
    """An enum of the board that is an index (a list or tuple is indexed by it in the
    engine's hot loops) but reads as a word: ``str`` and f-strings give its English name
    (``Black``, ``Purple``), and every member is true (``Side.BLACK`` and
    ``Colour.BROWN`` are 0 as indices, never as a truth value).

    >>> f"{Side.BLACK} moves the {Colour.PURPLE} tower {Direction.LEFT}", bool(Side.BLACK)
    ('Black moves the Purple tower Left', True)
    """

    def __str__(self) -> str:
        return self.name.capitalize()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __bool__(self) -> bool:
        return True


class Colour(_Word):
    """The eight colours, in fill-left order (a home row from its owner's left)."""

    BROWN = 0
    GREEN = 1
    RED = 2
    YELLOW = 3
    PINK = 4
    PURPLE = 5
    BLUE = 6
    ORANGE = 7

    @property
    def title(self) -> str:
        """The English name, capitalised: ``Purple``."""
        return self.name.capitalize()

    @property
    def letter(self) -> str:
        """The one-letter code of the position string (N G R Y K P B O)."""
        return COLOUR_LETTERS[self]


COLOUR_LETTERS = "NGRYKPBO"


class Side(_Word):
    """The two players. Black (home rank 8) moves first in round 1."""

    BLACK = 0
    GOLD = 1

    @property
    def other(self) -> Side:
        return Side.GOLD if self is Side.BLACK else Side.BLACK

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @property
    def letter(self) -> str:
        return "b" if self is Side.BLACK else "g"


class Direction(_Word):
    """Directions from the mover's own point of view (Black's left is Gold's right)."""

    FORWARD = 0
    LEFT = 1
    RIGHT = 2
    BACK = 3  # only for a tower pushed back by a Sumo push


#: A left as the other player sees it (his right), and a right: a direction written from
#: the other side of the board.
MIRRORED = {Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}


#: The board's colours, rank 8 first (docs/notation.md §1), as the rulebook draws it.
BOARD_ROWS: tuple[tuple[Colour, ...], ...] = tuple(
    tuple(Colour[name.upper()] for name in row.split())
    for row in (
        "Orange Blue   Purple Pink   Yellow Red    Green  Brown",
        "Red    Orange Pink   Green  Blue   Yellow Brown  Purple",
        "Green  Pink   Orange Red    Purple Brown  Yellow Blue",
        "Pink   Purple Blue   Orange Brown  Green  Red    Yellow",
        "Yellow Red    Green  Brown  Orange Blue   Purple Pink",
        "Blue   Yellow Brown  Purple Red    Orange Pink   Green",
        "Purple Brown  Yellow Blue   Green  Pink   Orange Red",
        "Brown  Green  Red    Yellow Pink   Purple Blue   Orange",
    )
)

#: A square: 0 is a1, 7 is h1, 56 is a8, 63 is h8 (``square_name``, ``parse_square``).
Square = int

SQUARES = range(64)

#: ``SQUARE_COLOURS[sq]`` is the colour of square ``sq``.
SQUARE_COLOURS: tuple[Colour, ...] = tuple(
    BOARD_ROWS[7 - sq // 8][sq % 8] for sq in SQUARES
)

#: the members in value order (``SIDES[1]`` is Gold, ``COLOURS[c]`` the colour of value
#: ``c``): the engine's hot loops keep sides, colours and directions as plain ints (a
#: list indexed by an enum is read by Python's slow path) and give members back by these
SIDES: tuple[Side, ...] = tuple(Side)
COLOURS: tuple[Colour, ...] = tuple(Colour)
DIRECTIONS: tuple[Direction, ...] = tuple(Direction)

_FILES = "abcdefgh"
_SQUARE_NAMES = tuple(_FILES[sq % 8] + str(sq // 8 + 1) for sq in SQUARES)
_SQUARE_INDEX = {name: sq for sq, name in enumerate(_SQUARE_NAMES)}


def square(file_index: int, rank_index: int) -> Square:
    """The square at ``file_index`` (a = 0) and ``rank_index`` (rank 1 = 0)."""
    return rank_index * 8 + file_index


def square_file(sq: Square) -> int:
    return sq & 7


def square_rank(sq: Square) -> int:
    """The rank index, 0 for rank 1 up to 7 for rank 8."""
    return sq >> 3


def squares_apart(a: Square, b: Square) -> int:
    """How many squares a move from ``a`` to ``b`` goes along a file, rank or diagonal
    (the larger of the files and the ranks between them): ``squares_apart(0, 27) == 3``."""
    return max(abs(square_rank(a) - square_rank(b)), abs(square_file(a) - square_file(b)))


def square_name(sq: Square) -> str:
    """Algebraic name: ``square_name(0) == 'a1'``. ``TypeError`` for what is not an
    int, :class:`~kamisado_notation.errors.SquareError` for a number outside 0–63."""
    if type(sq) is int and 0 <= sq < 64:
        return _SQUARE_NAMES[sq]
    if not isinstance(sq, int) or isinstance(sq, bool):
        raise TypeError(f"a square is an int from 0 to 63, not {type(sq).__name__}")
    raise SquareError(f"a square is an int from 0 to 63, not {sq}")


def parse_square(name: str) -> Square:
    """The square named ``name`` (``'d8'``); :class:`~kamisado_notation.errors.SquareError`
    if there is none, ``TypeError`` if ``name`` is not text."""
    if not isinstance(name, str):
        raise TypeError(f"a square name is text such as 'd8', not {type(name).__name__}")
    try:
        return _SQUARE_INDEX[name.strip().lower()]
    except KeyError:
        raise SquareError(f"not a square: {name!r} (expected a1 to h8)") from None


def home_rank(side: Side) -> int:
    """The rank index of a side's home row (Black 7, Gold 0)."""
    return 7 if side is Side.BLACK else 0


# (file step, rank step) of each direction, for Gold; Black's are mirrored in both axes,
# since Black faces Gold across the board (his left is file h).
_STEPS = {
    Direction.FORWARD: (0, 1),
    Direction.LEFT: (-1, 1),
    Direction.RIGHT: (1, 1),
    Direction.BACK: (0, -1),
}


def _build_rays() -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    rays = []
    for side in Side:
        sign = 1 if side is Side.GOLD else -1
        per_square = []
        for sq in SQUARES:
            per_dir = []
            for direction in Direction:
                df, dr = _STEPS[direction]
                df, dr = df * sign, dr * sign
                f, r = square_file(sq) + df, square_rank(sq) + dr
                squares = []
                while 0 <= f < 8 and 0 <= r < 8:
                    squares.append(square(f, r))
                    f, r = f + df, r + dr
                per_dir.append(tuple(squares))
            per_square.append(tuple(per_dir))
        rays.append(tuple(per_square))
    return tuple(rays)


#: ``RAYS[side][sq][direction]``: the squares from ``sq`` outwards, nearest first.
RAYS = _build_rays()


def ray(side: Side, sq: int, direction: Direction) -> tuple[int, ...]:
    """The squares a tower of ``side`` on ``sq`` passes moving in ``direction``."""
    return RAYS[side][sq][direction]


_MOVE_DIRECTIONS = (Direction.FORWARD, Direction.LEFT, Direction.RIGHT)

#: ``MOVE_STEPS[side][origin][target]``: the direction and distance of the straight move
#: forward or diagonally forward (M1) from ``origin`` to ``target``, for the squares on
#: ``side``'s move rays from ``origin`` (others are not in the dict).
MOVE_STEPS: tuple[tuple[dict[Square, tuple[Direction, int]], ...], ...] = tuple(
    tuple(
        {target: (d, n) for d in _MOVE_DIRECTIONS for n, target in enumerate(RAYS[side][origin][d], 1)}
        for origin in SQUARES
    )
    for side in Side
)
