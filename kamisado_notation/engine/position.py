"""A position within a round, as the library offers it: :class:`Position`, the rules
core (:class:`~.rules.BasePosition`: the towers, the turn, move generation, playing and
undoing) with what else a position is, each from its own unit of the engine:

- its string (:mod:`.position_string`, docs/notation.md §8) and its Zobrist key;
- the rules with their reasons (:mod:`.resolving`: ``resolve``, ``resolve_coords``,
  ``check``, and ``play``, a move checked then played);
- the fast path (:mod:`.fast_path`: ``play_written``, ``play_ordinary``), the replay's
  hot loop over moves as a record writes them;
- moves as text (``parse_move``, ``play_text``, ``Move.text``), through doors the
  checking layer installs (:class:`TextDoors`, :mod:`.text_doors`).

A :class:`Position` is mutable, like python-chess's ``Board``: :meth:`~.rules.BasePosition.apply`
plays a move and :meth:`~.rules.BasePosition.undo` takes it back, so a search never copies
a board. The rules' decisions are :mod:`.rules`' (``docs/rules-decisions.md``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar, NamedTuple

from . import fast_path, resolving
from .board import COLOURS, Colour, Direction, Side
from .moves import MAX_PUSH, MOVE_WRITER, RANGE, RING_NAMES, Move, Outcome, RoundEnd, Tower, WrittenMove, wrong_type
from .position_string import format_position, parse_position_fields
from .rules import BasePosition, push_line
from .tables import ORDINARY, ORDINARY_KEY, OTHER, PUSH_STEP, REACH, SQUARE_VALUES, ordinary_moves
from .text_doors import Door

__all__ = [
    "INITIAL_POSITION",
    "MAX_PUSH",
    "RANGE",
    "RING_NAMES",
    "Move",
    "Outcome",
    "Position",
    "RoundEnd",
    "TextDoors",
    "Tower",
    "WrittenMove",
    "install_text_doors",
]

INITIAL_POSITION = "obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -"

# Zobrist keys (:meth:`Position.key`): one random 64-bit number for each tower on each
# square (``_PLACE_KEYS[side][colour][sq]``), for each tower's rings
# (``_RING_KEYS[side][colour][rings]``: a round never changes them, so a move's change of
# the key does not depend on them), and for each turn (``_TURN_KEYS[side][tower][flag]``:
# the side to move, the tower it must move, 8 for a free choice, and whether it also made
# the last move). Fixed numbers (a seeded generator), so a key is the same in every run.
_ZOBRIST = random.Random(0x4B414D49)
_PLACE_KEYS = tuple(tuple(tuple(_ZOBRIST.getrandbits(64) for _sq in range(64)) for _c in range(8)) for _s in range(2))
_RING_KEYS = tuple(tuple(tuple(_ZOBRIST.getrandbits(64) if r else 0 for r in range(4)) for _c in range(8)) for _s in range(2))
_TURN_KEYS = tuple(tuple((_ZOBRIST.getrandbits(64), _ZOBRIST.getrandbits(64)) for _t in range(9)) for _s in range(2))
del _ZOBRIST
#: ``_LANDING[side][colour][sq]``: what a plain move of that tower landing on ``sq`` adds
#: to the key besides leaving its square: the tower on ``sq``, and the other side's turn
#: with the tower of ``sq``'s colour (:meth:`Position.keys_after`).
_LANDING = tuple(
    tuple(tuple(_PLACE_KEYS[s][c][sq] ^ _TURN_KEYS[1 - s][SQUARE_VALUES[sq]][0] for sq in range(64)) for c in range(8)) for s in range(2)
)

class Position(BasePosition):
    """A position within a round: where the towers stand, who is to move, and which tower.

    ``tower`` is the colour the side to move must move (T2), or ``None`` for a free
    choice (T1, a round's first move). ``last_mover`` is who made the last actual move
    (it decides a deadlock, M8). ``winner`` is set once a tower stands on its
    opponent's home row (M7). The rules are :class:`~.rules.BasePosition`'s.
    """

    __slots__ = ()

    #: How a notebook draws a position: set by :mod:`kamisado_notation.drawing.svg` when it is
    #: imported (the domain never imports the renderer).
    _svg_hook: ClassVar[Callable[[Position], str] | None] = None

    # ----------------------------------------------------------------- construction

    @classmethod
    def initial(cls) -> Position:
        """The start of round 1: every tower on the square of its own colour."""
        return _INITIAL.copy() if cls is Position else cls()

    @classmethod
    def from_string(cls, text: str) -> Position:
        """Read a position string (docs/notation.md §8). Raises :class:`PositionError`
        (``TypeError`` for what is not a ``str``).

        >>> position = Position.from_string("obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -")
        >>> position == Position.initial(), str(position.to_move.title)
        (True, 'Black')
        """
        fields = parse_position_fields(text)
        return cls(fields.towers, to_move=fields.to_move, tower=fields.tower, last_mover=fields.last_mover)

    def copy(self, *, stack: bool = False) -> Position:
        """An independent copy: a move played on either leaves the other as it was. With
        ``stack`` the copy keeps the moves played, so :meth:`undo` takes them back on it
        too (python-chess's ``copy(stack=True)``); without it (the default here: a
        replay copies a position every round and never undoes it) the copy starts with
        no history. :func:`copy.copy` and :func:`copy.deepcopy` keep the history.

        >>> position = Position.initial()
        >>> _ = position.play_text("d8-d4")
        >>> len(position.copy().history), len(position.copy(stack=True).history)
        (0, 1)
        >>> replica = position.copy(stack=True)
        >>> replica.undo().coords(), position.last_move.coords()
        ('d8-d4', 'd8-d4')
        """
        position = Position._from_lists(
            self.board.copy(),
            [self.where[0].copy(), self.where[1].copy()],
            self.to_move,
            self.tower,
            self.last_mover,
        )
        if stack:
            position._stack = self._stack.copy()  # entries are tuples of values: shared safely
        return position

    def __copy__(self) -> Position:
        return self.copy(stack=True)

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        # Towers, moves and the undo entries are immutable values: copying the lists is deep.
        return self.copy(stack=True)

    @classmethod
    def _from_lists(
        cls,
        board: list[Tower | None],
        where: list[list[int]],
        to_move: Side,
        tower: Colour | None,
        last_mover: Side,
        *,
        home_rows: bool = False,
    ) -> Position:
        """A position on ``board``/``where`` (taken, not copied, and assumed to agree),
        without going through a dict of towers: for :meth:`copy` and the fill between
        rounds, which start a position once per round of a replay. ``home_rows``: every
        tower stands on its own home row (a fill), so no one has won (M7)."""
        position = cls.__new__(cls)
        position.board = board
        position.where = where
        position.to_move = to_move
        position.tower = tower
        position.last_mover = last_mover
        position.winner = None if home_rows else position._find_winner()
        position._stack = []
        return position

    # ------------------------------------------------------------------- the string

    def to_string(self) -> str:
        """The position string (docs/notation.md §8); ``last-mover`` only when not the default."""
        return format_position(self.board, self.to_move, self.tower, self.last_mover)

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Position.from_string({self.to_string()!r})"

    def _repr_svg_(self) -> str | None:
        """The board as SVG, for notebooks; ``None`` until the drawing is installed."""
        hook = type(self)._svg_hook
        return hook(self) if hook is not None else None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.board == other.board
            and self.to_move == other.to_move
            and self.tower == other.tower
            and self.last_mover == other.last_mover
        )

    def __hash__(self) -> int:
        """:meth:`key`: equal positions (the same position string) hash alike. A position
        is mutable: one changed while it is a set's member or a dict's key is lost there,
        as a list would be, so key a table by :meth:`to_string` or :meth:`key` taken at
        the time."""
        return self.key()

    def key(self) -> int:
        """The position's Zobrist key, a 64-bit number: equal positions (board, rings, side
        and tower to move, the last mover) have equal keys, and different ones almost
        never. A search keeps it up to date move by move instead of recomputing it:
        ``key ^ position.key_change(move)`` is the key after ``move``.

        >>> start = Position.initial()
        >>> start.key() == Position.from_string(start.to_string()).key()
        True
        >>> move = start.legal_moves()[0]
        >>> change = start.key_change(move)
        >>> start.apply(move)
        >>> start.key() == Position.initial().key() ^ change
        True
        """
        board = self.board
        key = self.turn_key()
        for side in (0, 1):
            place, ring = _PLACE_KEYS[side], _RING_KEYS[side]
            for colour, sq in enumerate(self.where[side]):
                if sq >= 0:
                    key ^= place[colour][sq] ^ ring[colour][board[sq][2]]  # type: ignore[index]  # where[] points at a tower; [2]: its rings
        return key

    def turn_key(self) -> int:
        """The part of :meth:`key` that says whose turn it is (the side and tower to move,
        and whether that side also made the last move: a forfeit's mark, M8)."""
        side = self.to_move
        tower = self.tower
        return _TURN_KEYS[side][8 if tower is None else tower][self.last_mover is side]

    def key_change(self, move: Move) -> int:
        """What playing ``move`` (a legal move of this position, not yet played) does to
        :meth:`key`: XOR it into the key. Every tower it moves (the pushed ones too) and
        the turn after it; the rings are not read (a round never changes them)."""
        side = move.side
        change = self.turn_key()
        if move.distance == 0:  # a forfeit (M6): only the turn changes
            tower = 8 if move.tower is None else SQUARE_VALUES[move.origin]
            return change ^ _TURN_KEYS[OTHER[side]][tower][self.last_mover is not side]
        place = _PLACE_KEYS[side][move.tower]  # type: ignore[index]  # only a forfeit has no tower
        change ^= place[move.origin] ^ place[move.target]
        if move.push:  # S3: the pushed towers go back a square, the pusher moves again
            step = PUSH_STEP[side]
            theirs = _PLACE_KEYS[OTHER[side]]
            for sq in move.push:
                colour = self.board[sq][1]  # type: ignore[index]  # a pushed square holds a tower
                change ^= theirs[colour][sq] ^ theirs[colour][sq + step]
            return change ^ _TURN_KEYS[side][SQUARE_VALUES[move.push[-1] + step]][1]
        return change ^ _TURN_KEYS[OTHER[side]][SQUARE_VALUES[move.target]][0]

    def keys_after(self, key: int, moves: list[Move]) -> list[int]:
        """The key after each of ``moves`` (legal moves of this position, whose key is
        ``key``): ``key ^ key_change(move)`` for each, in one pass (a proof search's
        hottest loop reads them for every position it opens).

        >>> start = Position.initial()
        >>> moves = start.legal_moves()
        >>> start.keys_after(start.key(), moves) == [start.key() ^ start.key_change(m) for m in moves]
        True
        """
        colour = self.tower
        if colour is None:  # (a free choice: a round's first move)
            return [key ^ self.key_change(move) for move in moves]
        side = self.to_move
        here = key ^ self.turn_key() ^ _PLACE_KEYS[side][colour][self.where[side][colour]]  # (the tower leaves its square)
        landing = _LANDING[side][colour]
        return [here ^ landing[move.target] if move.distance and not move.push else key ^ self.key_change(move) for move in moves]

    def moves_and_keys(self, key: int) -> tuple[list[Move], list[int]]:
        """:meth:`legal_moves` and :meth:`keys_after` them (this position's key is
        ``key``), in one pass where one tower must move: a proof search opens every
        position it searches so.

        >>> position = Position.initial()
        >>> _ = position.play_text("d8-d4")
        >>> moves, keys = position.moves_and_keys(position.key())
        >>> moves == position.legal_moves() and keys == position.keys_after(position.key(), moves)
        True
        """
        colour = self.tower
        if colour is None or self.winner is not None:
            every_move = self.legal_moves()
            return every_move, self.keys_after(key, every_move)
        side, board = self.to_move, self.board
        origin = self.where[side][colour]
        tower = board[origin]
        assert tower is not None
        index = ORDINARY_KEY[side][colour] + origin
        every = ORDINARY[index] or ordinary_moves(index, side, colour, origin)
        here, landing = key ^ self.turn_key() ^ _PLACE_KEYS[side][colour][origin], _LANDING[side][colour]
        moves: list[Move] = []
        keys: list[int] = []
        for ray, ray_moves in zip(REACH[side][origin][tower.rings], every, strict=True):  # (_tower_moves, the keys besides)
            before = len(keys)
            for sq in ray:
                if board[sq] is not None:
                    break
                keys.append(here ^ landing[sq])
            if len(keys) > before:
                moves += ray_moves[: len(keys) - before]
        pushed = push_line(board, side, origin, tower.rings) if tower.rings else ()
        if pushed:
            moves.append(Move(side, COLOURS[colour], origin, pushed[0], Direction.FORWARD, 1, pushed))
            keys.append(key ^ self.key_change(moves[-1]))
        return moves, keys

    # ---------------------------------------------------------- checking and playing

    resolve = resolving.resolve
    resolve_coords = resolving.resolve_coords
    check = resolving.check

    def play(self, move: Move) -> None:
        """Play ``move``, checked: an illegal move raises :class:`IllegalMoveError` naming
        the rule it breaks, and the position stays as it was. (A search that plays only
        moves of :meth:`legal_moves` may call :meth:`apply` and skip the check.)

        >>> from kamisado_notation import Colour, Direction, IllegalMoveError
        >>> position = Position.initial()
        >>> move = position.resolve(Direction.FORWARD, 3, tower=Colour.BROWN)
        >>> position.play(move)
        >>> try:
        ...     position.play(move)           # Black again: Gold is to move
        ... except IllegalMoveError as e:
        ...     print(e.rule, e)
        T2 it is Gold's turn, not Black's
        >>> position.to_string()
        'obpkyrg./......../......../.......n/......../......../......../NGRYKPBO g Y'

        A move written as text is read by :meth:`play_text`; ``play`` takes a :class:`Move`:

        >>> position.play("a1-a2")
        Traceback (most recent call last):
        ...
        TypeError: Position.play expects a Move, not str 'a1-a2' (read text with parse_move or play_text)
        """
        if not isinstance(move, Move):
            raise wrong_type(move, "Position.play", "a Move")
        self.check(move)
        self.apply(move)


    # ---------------------------------------------------------- the fast path

    play_written = fast_path.play_written
    play_ordinary = fast_path.play_ordinary

    # ---------------------------------------------------------- moves as text

    def parse_move(self, text: str) -> Move:
        """The move that one entry ``text`` (any form and language: ``紫↖5黃``, ``Purple
        Left 5 Yellow``, ``Pu L5 Ye``, ``lila balra 5 sárga``, ``d8-d4``) stands for in this
        position, all four slots checked: the tower (T1/T2), the direction and distance
        (M1–M6, the Sumo rules) and the colour of the square it ends on. Raises
        :class:`NotationError` for text that is no move and :class:`IllegalMoveError`
        naming the rule and the slot (``e.slot``) for a move that is wrong here. The
        notation layer, loaded on first use, reads the text.

        >>> from kamisado_notation import IllegalMoveError
        >>> position = Position.initial()
        >>> position.parse_move("Red Left 2 Blue")
        <Move Black Red f8-h6 Left 2>
        >>> try:
        ...     position.parse_move("Red Left 2 Green")
        ... except IllegalMoveError as e:
        ...     print(e.rule, e.slot, e)
        square square Red Left 2 Green: Black's red tower ends on h6, a blue square, not green
        """
        if not isinstance(text, str):
            raise wrong_type(text, "Position.parse_move", "the text of one entry (str)")
        return _MOVE_READER()(self, text)

    def play_text(self, text: str) -> Move:
        """:meth:`parse_move` then :meth:`apply`: play one entry written in any form;
        returns the move. Raises as :meth:`parse_move` does, changing nothing.

        >>> position = Position.initial()
        >>> position.play_text("Pi F4 Br"), position.play_text("a1-a2")
        (<Move Black Pink d8-d4 Forward 4>, <Move Gold Brown a1-a2 Forward 1>)
        """
        move = self.parse_move(text)
        self.apply(move)
        return move

class TextDoors(NamedTuple):
    """How the engine reads and writes one move as text without knowing text: the
    notation's reader and writer, which :mod:`kamisado_notation.checking.moves` installs
    with :func:`install_text_doors` when it is imported (:mod:`kamisado_notation.wiring`
    says who imports it)."""

    read: Callable[[Position, str], Move]
    write: Callable[[Move, str, str], str]


#: The reader of one move as text against a position (``Position.parse_move``).
_MOVE_READER: Door[Callable[[Position, str], Move]] = Door("reader of moves as text")


def install_text_doors(doors: TextDoors) -> None:
    """Install the reader and writer of single moves (see :class:`TextDoors`)."""
    _MOVE_READER.install(doors.read)
    MOVE_WRITER.install(doors.write)


# Built once: every replayed match starts from it.
_INITIAL = Position()
