"""Match flow: rounds, Sumo rings and points, targets, and filling the home rows
between rounds (docs/rules.md "Match formats and scoring", F1–F4).

A :class:`Match` holds the match's state between rounds (the score, who is the
Challenger) and the :class:`~kamisado_notation.engine.position.Position` of the round in play;
the rings live on the towers of that position and are carried by :func:`fill` into the
next round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..errors import MatchError
from .board import SIDES, SQUARE_COLOURS, Colour, Side
from .position import Position, RoundEnd, Tower

__all__ = [
    "HOME_SQUARES",
    "MATCH_TARGETS",
    "Fill",
    "Match",
    "RoundEnd",
    "RoundResult",
    "fill",
    "fill_order",
    "lineup",
    "place_ring",
    "ring_points",
    "round_result",
    "score_of",
    "tower_value",
]

#: The match formats and their targets (first to this many points).
MATCH_TARGETS = {"single": 1, "standard": 3, "long": 7, "marathon": 15}

# What the ring a round adds is worth, by the rings the tower had before it; a Triple
# Sumo reaching the home row scores 8 (it takes no fourth ring).
_RING_POINTS = (1, 2, 4, 8)
# What a tower with 0..3 rings is worth in all: the rings are the score.
_TOWER_VALUE = (0, 1, 3, 7)


class Fill(Enum):
    """The Defender's choice for the next round (F1), which both players follow (F2)."""

    LEFT = "left"
    RIGHT = "right"

    @property
    def other(self) -> Fill:
        """The other way to fill."""
        return Fill.LEFT if self is Fill.RIGHT else Fill.RIGHT


_FILL_RIGHT = Fill.RIGHT  # (an enum's member, read from the class, costs a lookup)
_HOME_ROW, _DEADLOCK = RoundEnd.HOME_ROW, RoundEnd.DEADLOCK
_BLACK, _GOLD = Side.BLACK, Side.GOLD
_GOAL_RANK = (0, 7)  # the rank index each side must reach (M7)


def ring_points(rings_before: int) -> int:
    """Points for winning a round with a tower that had ``rings_before`` rings."""
    return _RING_POINTS[rings_before]


def tower_value(rings: int) -> int:
    """What a tower with ``rings`` rings is worth (1, 3, 7)."""
    return _TOWER_VALUE[rings]


def score_of(position: Position) -> dict[Side, int]:
    """Each side's points as its rings count them (the rulebook's own scoring)."""
    board = position.board
    return {
        side: sum(_TOWER_VALUE[t.rings] for sq in squares if sq >= 0 and (t := board[sq]) is not None)
        for side, squares in zip(Side, position.where, strict=True)
    }


def _rows_from_home(side: Side) -> list[int]:
    """Rank indices from ``side``'s home row (row 1) to the far row (row 8)."""
    return list(range(8)) if side is Side.GOLD else list(range(7, -1, -1))


def _files_from_left(side: Side) -> list[int]:
    """File indices from ``side``'s own left (Black's left is file h)."""
    return list(range(8)) if side is Side.GOLD else list(range(7, -1, -1))


def _taking_order(side: Side, how: Fill) -> tuple[int, ...]:
    """The squares in the order ``side`` looks at them when filling ``how`` (F3/F4)."""
    files = _files_from_left(side)
    if how is Fill.RIGHT:
        files.reverse()
    return tuple(rank * 8 + f for rank in _rows_from_home(side) for f in files)


# ``_TAKING_ORDER[side][how is Fill.RIGHT]``, computed once: a replay fills once a round.
_TAKING_ORDER = tuple((_taking_order(side, Fill.LEFT), _taking_order(side, Fill.RIGHT)) for side in Side)
# The taking order is the squares sorted by ``sq ^ mask`` with ``mask`` the first square
# taken: row by row from the home row flips the rank bits (Black), from the own left or
# right flips the file bits. ``_RANK_MASK[side][how is Fill.RIGHT]``; checked here.
_RANK_MASK = tuple(tuple(order[0] for order in orders) for orders in _TAKING_ORDER)
assert all(
    order[i] == i ^ order[0] for orders in _TAKING_ORDER for order in orders for i in range(64)
), "the taking order is not an XOR of the square"
#: ``_PLACE_KEY[side][how is Fill.RIGHT][sq]``: where the tower on ``sq`` goes among the
#: side's new home squares in the board's order (a1…h1, a8…h8), as a rank among all 64
#: squares: fill left places the first tower taken on the own left square (Gold's a1,
#: Black's h8), fill right on the own right one (F3/F4), so the rank is the one in the
#: taking order or its reverse. ``_PLACE_SQUARE[side][how is Fill.RIGHT][rank]`` gives
#: the square back. A replay fills once every round, so fill only sorts ints taken
#: from tables made from these (no int is made while it runs), and looks up what it
#: needs (Python 3.11 runs the bitwise operators on ints by their slow path).
_PLACE_KEY = tuple(
    tuple(
        tuple((i if (side is Side.GOLD) != bool(right) else 63 - i) for i in (sq ^ mask for sq in range(64)))
        for right, mask in enumerate(masks)
    )
    for side, masks in zip(Side, _RANK_MASK, strict=True)
)
_PLACE_SQUARE = tuple(
    tuple(tuple(sorted(range(64), key=keys.__getitem__)) for keys in by_fill) for by_fill in _PLACE_KEY
)
#: what :func:`fill` sorts: ``_COLOUR_KEY[side][how is Fill.RIGHT][colour][sq]``, the
#: rank of ``sq`` (:data:`_PLACE_KEY`) times 8 plus the colour of the tower there, so that
#: each sorted key gives back its square (``_KEY_SQUARE[side][how is Fill.RIGHT][key]``)
#: and the tower's colour (``_KEY_COLOUR[key]``) by a lookup, where ``where`` is set
_COLOUR_KEY = tuple(
    tuple(tuple(tuple(rank * 8 + colour for rank in ranks) for colour in range(8)) for ranks in by_fill)
    for by_fill in _PLACE_KEY
)
_KEY_SQUARE = tuple(tuple(tuple(squares[key >> 3] for key in range(512)) for squares in by_fill) for by_fill in _PLACE_SQUARE)
_KEY_COLOUR = tuple(key & 7 for key in range(512))
_OTHER = (Side.GOLD, Side.BLACK)  # ``_OTHER[side]`` is ``side.other``, without the property


def fill_order(position: Position, side: Side, how: Fill) -> list[Tower]:
    """``side``'s towers in the order he takes them to fill his home row (F3/F4): row by
    row from his own home row, and within a row from his own left (fill left) or from
    his own right (fill right)."""
    board = position.board
    return [
        t
        for sq in _TAKING_ORDER[side][how is Fill.RIGHT]
        if (t := board[sq]) is not None and t.side is side
    ]


def lineup(position: Position, side: Side, how: Fill) -> list[Tower]:
    """``side``'s home row after filling, from his own left (the Brown square) to his
    right (the Orange square). (A hand-made position's missing towers leave squares
    empty: those on his right filling from the left, those on his left filling from the
    right, as :func:`fill` places them.)"""
    order = fill_order(position, side, how)
    return order if how is Fill.LEFT else order[::-1]


def fill(position: Position, how: Fill, *, challenger: Side) -> Position:
    """The start of the next round: both home rows filled ``how`` (rings kept), the
    ``challenger`` to move with a free choice of tower (T1)."""
    # As lineup() gives it, but sorting each side's towers by where they go
    # (:data:`_PLACE_KEY`) rather than scanning the board for them.
    old = position.board
    right = how is _FILL_RIGHT
    black, gold = position.where
    if -1 in black or -1 in gold:
        return _fill_some(position, right, challenger)
    colour_of = _KEY_COLOUR
    board: list[Tower | None] = [None] * 64
    k0, k1, k2, k3, k4, k5, k6, k7 = _COLOUR_KEY[0][right]  # (each side's eight sorted in one C call)
    a, b, c, d, e, f, g, h = black
    square_of = _KEY_SQUARE[0][right]
    placed = [0] * 8
    home = 56  # (the placing goes up the board's squares: a8…h8)
    for key in sorted((k0[a], k1[b], k2[c], k3[d], k4[e], k5[f], k6[g], k7[h])):
        board[home] = old[square_of[key]]
        placed[colour_of[key]] = home
        home += 1  # (faster than enumerate(), which makes a tuple a tower)
    k0, k1, k2, k3, k4, k5, k6, k7 = _COLOUR_KEY[1][right]
    a, b, c, d, e, f, g, h = gold
    square_of = _KEY_SQUARE[1][right]
    where = [placed, [0] * 8]
    placed = where[1]
    home = 0  # (a1…h1)
    for key in sorted((k0[a], k1[b], k2[c], k3[d], k4[e], k5[f], k6[g], k7[h])):
        board[home] = old[square_of[key]]
        placed[colour_of[key]] = home
        home += 1  # noqa: SIM113 - as above
    return Position._from_lists(board, where, challenger, None, _OTHER[challenger], home_rows=True)


def _fill_some(position: Position, right: bool, challenger: Side) -> Position:
    """:func:`fill` for a hand-made position that lacks towers (``-1`` in its
    ``where``): fewer to place, on the row's last squares where the filling ends there."""
    old = position.board
    board: list[Tower | None] = [None] * 64
    where = [[-1] * 8, [-1] * 8]
    for side in SIDES:
        key, square = _PLACE_KEY[side][right], _PLACE_SQUARE[side][right]
        ranked = sorted([key[sq] for sq in position.where[side] if sq >= 0])
        home = 56 if side is _BLACK else 0
        if (side is _GOLD) == right:  # the first placed goes on h1 (Gold filling right) or
            home += 8 - len(ranked)  # h8 (Black filling left): the row's last squares (F3/F4)
        placed = where[side]
        for k in ranked:
            t = old[square[k]]
            board[home] = t
            placed[t.colour] = home  # type: ignore[union-attr]
            home += 1
    return Position._from_lists(board, where, challenger, None, _OTHER[challenger], home_rows=True)


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: the winner, how (:class:`RoundEnd`), the winner's tower that
    takes the ring, and the points that ring scores."""

    winner: Side
    by: RoundEnd
    tower: Colour
    points: int


#: each tower with one ring more, made once (towers are values)
_RINGED: dict[Tower, Tower] = {}
#: every :class:`RoundResult` made, by its fields: a replay ends a round every few plies
_RESULTS: dict[tuple[Side, RoundEnd, Colour, int], RoundResult] = {}
#: the result of a round won on the home row, by the tower that got there (its side,
#: colour and rings say it all)
_HOME_RESULTS: dict[Tower, RoundResult] = {}


def _result(winner: Side, by: RoundEnd, tower: Colour, points: int) -> RoundResult:
    key = (winner, by, tower, points)
    result = _RESULTS.get(key)
    if result is None:
        result = _RESULTS[key] = RoundResult(winner, by, tower, points)
    return result


def round_result(position: Position) -> RoundResult | None:
    """The result if the round is over in ``position`` (M7 or M8), else ``None``.

    After reaching the home row, the ring goes on the tower that got there. After a
    deadlock the winner's ring goes on his tower of the colour of the square his
    opponent last moved to (for a push, the square the pushing tower moved onto). That
    is read from the position's history; a position without one (read from a string)
    falls back to the tower that must move, which is that colour unless forfeits or a
    push came between.
    """
    side = position.winner
    if side is not None:
        return _home_row_result(position, side)
    loser = position.deadlock()
    if loser is None:
        return None
    winner = _OTHER[loser]
    colour = _deadlock_colour(position)
    return _result(winner, _DEADLOCK, colour, ring_points(position.rings(winner, colour)))


def _deadlock_colour(position: Position) -> Colour:
    """The colour of the tower that takes the ring after a deadlock in ``position``:
    that of the square last moved to (:func:`round_result`), from its history; without
    one, the tower that must move."""
    colour = next((SQUARE_COLOURS[move.target] for move in reversed(position.history) if not move.is_forfeit), None)
    if colour is None:
        colour = position.tower if position.tower is not None else Colour.BROWN
    return colour


def _home_row_result(position: Position, side: Side) -> RoundResult:
    """The result of ``side``'s tower reaching its opponent's home row (M7)."""
    # The winner's one tower on the goal rank: the round ended when the first got
    # there (M7), and a push moves the opponent's towers away from their goal. It
    # holds Black's lowest square (his goal is rank 1, squares 0-7) or Gold's
    # highest (rank 8); a missing tower (-1, a hand-made position) may hide it.
    sq = _home_square(position.where[side], side)
    t = position.board[sq] if sq >= 0 else None
    assert t is not None, "winner without a tower on the home row"
    result = _HOME_RESULTS.get(t)  # (as a rule, made before)
    if result is None:
        result = _HOME_RESULTS[t] = _result(side, _HOME_ROW, t.colour, _RING_POINTS[t.rings])
    return result


def _home_square(where: list[int], side: Side) -> int:
    """The square of ``side``'s tower on its goal rank, among its towers' squares
    ``where`` (``-1``: none)."""
    sq = max(where) if side is _GOLD else min(where)
    if sq >> 3 != _GOAL_RANK[side]:
        sq = next((s for s in where if s >> 3 == _GOAL_RANK[side]), -1)
    return sq


def place_ring(position: Position, result: RoundResult) -> None:
    """Put the round winner's ring on his tower ``result.tower`` in ``position`` (the ring
    stays for the rest of the match); a Triple Sumo takes no fourth ring, and a tower a
    hand-made position lacks none (no other tower takes it)."""
    sq = position.where[result.winner][result.tower]
    t = position.board[sq] if sq >= 0 else None
    if t is not None and t.rings < 3:
        ringed = _RINGED.get(t)
        if ringed is None:
            ringed = _RINGED[t] = Tower(t.side, t.colour, t.rings + 1)
        position.board[sq] = ringed


@dataclass
class Match:
    """A match in play: the target, the score, the rounds so far and the current round.

    Round 1 starts from ``start`` (the initial position by default, or a ``[Position]``
    for a puzzle or a match taken up part-way); the score starts from the rings already
    on the towers, since the rings are the score.
    """

    target: int = 1
    start: Position | None = None
    position: Position = field(init=False)
    score: dict[Side, int] = field(init=False)
    results: list[RoundResult] = field(init=False, default_factory=list)
    round_number: int = field(init=False, default=1)
    challenger: Side = field(init=False)

    def __post_init__(self) -> None:
        if self.target < 1:
            raise MatchError(f"a match is played to at least 1 point, not {self.target}")
        if self.start is None:
            self.position = Position.initial()
            self.score = {_BLACK: 0, _GOLD: 0}  # (no rings yet)
        else:
            self.position = self.start.copy()
            self.score = score_of(self.position)
        self.challenger = self.position.to_move

    @property
    def winner(self) -> Side | None:
        """The match's winner, once a score has reached the target."""
        score, target = self.score, self.target
        if score[_BLACK] >= target:
            return _BLACK
        if score[_GOLD] >= target:
            return _GOLD
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def finish_round(self) -> RoundResult | None:
        """If the current round is over, place the ring, score it and return the result."""
        result = round_result(self.position)
        if result is None:
            return None
        place_ring(self.position, result)
        self.score[result.winner] += result.points
        self.results.append(result)
        return result

    def next_round(self, how: Fill) -> Position:
        """Fill the home rows ``how`` and start the next round; the loser of the last
        round is the Challenger and moves first."""
        results = self.results
        if not results or len(results) != self.round_number:
            raise MatchError(f"round {self.round_number} is not over")
        if self.winner is not None:
            raise MatchError("the match is over")
        self.challenger = _OTHER[results[-1].winner]
        self.position = fill(self.position, how, challenger=self.challenger)
        self.round_number += 1
        return self.position

    @property
    def defender(self) -> Side:
        return self.challenger.other


#: ``HOME_SQUARES[side]``: ``side``'s home-row squares from his own left (the Brown
#: square) to his right, the order of a ``Lineup`` line.
HOME_SQUARES = tuple(tuple(_rows_from_home(side)[0] * 8 + f for f in _files_from_left(side)) for side in Side)
