"""The rules core: where the towers stand, whose turn it is, and the rules of a round
that move generation, the end of a round and playing a move need (docs/rules.md T1–T2,
M1–M8, S1–S11, DS1–DS8, TS1–TS8).

:class:`BasePosition` holds the state and these rules, like python-chess's ``BaseBoard``
under its ``Board``; :class:`~.position.Position` adds the rest of what a position is
(its string, its keys, copies, the fast path, moves as text). It is mutable:
:meth:`~BasePosition.apply` plays a move and :meth:`~BasePosition.undo` takes it back, so
a search never copies a board.

The rules' decisions (``docs/rules-decisions.md``):

- A Sumo push is *one* move of the pusher. The pushed player's forfeited turn (the
  back-entry of a record) is part of it: after :meth:`~BasePosition.apply` of a push the
  pusher is to move again, with the tower of the colour of the square the farthest
  pushed tower was pushed onto (S3). This is the state a position string can express.
- A blocked tower (M6) forfeits with a zero-length move, :meth:`~BasePosition.forfeit_move`.
- A deadlock (M8) is found by following the forced forfeits until a (side to move,
  tower) pair repeats; :meth:`~BasePosition.deadlock` returns the loser, the last mover.

The four ``type: ignore`` marked "hot" below are where the checker cannot see an
invariant (``where[side][colour]`` always holds a tower; only a forfeit has no tower): an
``assert`` at those places costs 1.4% of perft's instructions and 0.8% of the replay's
(measured with cachegrind), so they stay unchecked.
"""

from __future__ import annotations

from ..errors import KamisadoError
from .board import COLOURS, RAYS, SIDES, SQUARE_COLOURS, Colour, Direction, Side, square_name
from .moves import MAX_PUSH, Move, Outcome, RoundEnd, Tower, wrong_type
from .tables import (
    GOAL_RANK,
    MOVE_DIRECTIONS,
    ORDINARY,
    ORDINARY_KEY,
    OTHER,
    PUSH_STEP,
    REACH,
    Undo,
    free_run,
    ordinary_move,
    ordinary_moves,
    undone_move,
)

__all__ = ["BasePosition", "can_move", "initial_towers", "push_line"]

_FWD = Direction.FORWARD


def _build_initial_towers() -> dict[int, Tower]:
    towers = {}
    for sq in (*range(8), *range(56, 64)):
        side = Side.GOLD if sq < 8 else Side.BLACK
        towers[sq] = Tower(side, SQUARE_COLOURS[sq])
    return towers


# Built once: towers are immutable, and every replayed match starts from them.
_INITIAL_TOWERS = _build_initial_towers()


def initial_towers() -> dict[int, Tower]:
    """The towers of round 1, by square: every tower on the square of its own colour."""
    return dict(_INITIAL_TOWERS)


def push_line(board: list[Tower | None], side: Side, origin: int, rings: int) -> tuple[int, ...]:
    """The squares a tower of ``side`` with ``rings`` on ``origin`` can push (S2–S9), or ``()``."""
    forward = RAYS[side][origin][_FWD]
    line = []
    for sq in forward:
        t = board[sq]
        if t is None:
            break
        # S9: only the opponent's towers; S8: fewer rings than the pusher.
        if t.side is side or t.rings >= rings:
            return ()
        line.append(sq)
        if len(line) > MAX_PUSH[rings]:  # S7
            return ()
    else:
        return ()  # S5/S6: no square behind the farthest tower
    return tuple(line)


def can_move(board: list[Tower | None], where: list[list[int]], side: Side, colour: int) -> bool:
    """Whether ``side``'s tower of ``colour`` has a move (M5/M6)."""
    origin = where[side][colour]
    t = board[origin]
    assert t is not None
    rays = RAYS[side][origin]
    for direction in MOVE_DIRECTIONS:
        r = rays[direction]
        if r and board[r[0]] is None:
            return True
    return bool(t.rings and push_line(board, side, origin, t.rings))


class BasePosition:
    """The towers and the turn within a round, and the rules of a round over them.

    ``tower`` is the colour the side to move must move (T2), or ``None`` for a free
    choice (T1, a round's first move). ``last_mover`` is who made the last actual move
    (it decides a deadlock, M8). ``winner`` is set once a tower stands on its
    opponent's home row (M7).
    """

    __slots__ = ("_stack", "board", "last_mover", "to_move", "tower", "where", "winner")

    def __init__(
        self,
        towers: dict[int, Tower] | None = None,
        *,
        to_move: Side = Side.BLACK,
        tower: Colour | None = None,
        last_mover: Side | None = None,
    ) -> None:
        self.board: list[Tower | None] = [None] * 64
        #: ``where[side][colour]``: the square of that tower.
        self.where: list[list[int]] = [[-1] * 8, [-1] * 8]
        if towers is None:
            towers = initial_towers()
        for sq, t in towers.items():
            self.board[sq] = t
            self.where[t.side][t.colour] = sq
        self.to_move = to_move
        self.tower = tower
        self.last_mover = to_move.other if last_mover is None else last_mover
        self.winner = self._find_winner()
        self._stack: list[Undo] = []

    def _find_winner(self) -> Side | None:
        """The side with a tower on its opponent's home row (M7), Black first. Squares
        are compared directly (rank 1 is 0..7, rank 8 is 56..63; -1 is no tower)."""
        black, gold = self.where
        low = min(black)  # below 0 only when a tower is missing (a hand-made position)
        if 0 <= low < 8 or (low < 0 and any(0 <= sq < 8 for sq in black)):
            return Side.BLACK
        if max(gold) >= 56:
            return Side.GOLD
        return None

    # ------------------------------------------------------------------- the towers

    def towers(self) -> dict[int, Tower]:
        """Every tower, by square."""
        return {sq: t for sq, t in enumerate(self.board) if t is not None}

    def tower_at(self, sq: int) -> Tower | None:
        """The tower on ``sq`` (None: an empty square); :class:`SquareError` for a square
        off the board, ``TypeError`` for what is not an int."""
        if type(sq) is not int or not 0 <= sq < 64:
            square_name(sq)  # raises the error that says what is wrong
        return self.board[sq]

    def square_of(self, side: Side, colour: Colour) -> int:
        """The square of ``side``'s tower of ``colour``."""
        return self.where[side][colour]

    def rings(self, side: Side, colour: Colour) -> int:
        """The rings on ``side``'s tower of ``colour`` (0 when a hand-made position lacks it)."""
        sq = self.where[side][colour]
        t = self.board[sq] if sq >= 0 else None
        return t.rings if t is not None else 0

    # ------------------------------------------------------------------- the rules

    def moving_tower(self) -> Tower | None:
        """The tower that must move (``None`` for a free choice or a finished round)."""
        if self.tower is None:
            return None
        return self.board[self.where[self.to_move][self.tower]]

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move: empty when it must forfeit (M6) or the
        round is over (M7).

        >>> from kamisado_notation import Position
        >>> len(Position.initial().legal_moves())  # rulebook figure 1
        102
        """
        if self.winner is not None:
            return []
        side = self.to_move
        if self.tower is not None:
            return self._tower_moves(side, COLOURS[self.tower])
        moves: list[Move] = []
        for colour in COLOURS:
            moves.extend(self._tower_moves(side, colour))
        return moves

    def tower_moves(self, colour: Colour) -> list[Move]:
        """The moves of the side to move's tower of ``colour``, whether or not it is the
        tower that must move (for explanations and diagrams)."""
        return self._tower_moves(self.to_move, colour)

    def _tower_moves(self, side: Side, colour: Colour) -> list[Move]:
        board = self.board
        origin = self.where[side][colour]
        tower = board[origin]
        assert tower is not None
        moves: list[Move] = []
        key = ORDINARY_KEY[side][colour] + origin
        every = ORDINARY[key] or ordinary_moves(key, side, Colour(colour), origin)
        for ray, ray_moves in zip(REACH[side][origin][tower.rings], every, strict=True):  # (free_run, inline: a search's hot loop)
            distance = 0
            for sq in ray:
                if board[sq] is not None:
                    break
                distance += 1
            if distance:
                moves.extend(ray_moves[:distance])
        if tower.rings:
            pushed = push_line(board, side, origin, tower.rings)
            if pushed:
                moves.append(Move(side, colour, origin, pushed[0], _FWD, 1, pushed))
        return moves

    def count_moves(self) -> int:
        """``len(self.legal_moves())``, without building the moves (for perft)."""
        if self.winner is not None:
            return 0
        board = self.board
        side = self.to_move
        where = self.where[side]
        reach_side = REACH[side]
        colours = range(8) if self.tower is None else (self.tower,)
        count = 0
        for colour in colours:
            origin = where[colour]
            rings = board[origin].rings  # type: ignore[union-attr]  # hot: perft's last ply; where[] always points at a tower
            for ray in reach_side[origin][rings]:
                count += free_run(board, ray)
            if rings and push_line(board, side, origin, rings):
                count += 1
        return count

    def has_moves(self) -> bool:
        """Whether the side to move can move at all (M5/M6)."""
        if self.winner is not None:
            return False
        colours = range(8) if self.tower is None else (self.tower,)
        return any(can_move(self.board, self.where, self.to_move, c) for c in colours)

    def must_forfeit(self) -> bool:
        """The side to move is blocked and forfeits its turn (M6)."""
        return self.winner is None and not self.has_moves()

    def forfeit_move(self) -> Move:
        """The zero-length move of the blocked tower (M6). Only meaningful when
        :meth:`must_forfeit`."""
        if self.tower is None:
            return Move(self.to_move, None, -1, -1, None, 0)
        sq = self.where[self.to_move][self.tower]
        return Move(self.to_move, self.tower, sq, sq, None, 0)

    def deadlock(self) -> Side | None:
        """The loser if the position is deadlocked (M8), else ``None``.

        The board does not change while towers forfeit, so following the forced
        forfeits until a (side to move, tower) pair repeats proves the deadlock; the
        player who made the last actual move loses, even if forced.
        """
        if self.winner is not None:
            return None
        board, where = self.board, self.where
        side, colour = self.to_move, self.tower
        seen = set()
        while True:
            if (side, colour) in seen:
                return self.last_mover
            seen.add((side, colour))
            if colour is None:
                if any(can_move(board, where, side, c) for c in range(8)):
                    return None
                side = side.other  # a free choice forfeited stays a free choice
            else:
                if can_move(board, where, side, colour):
                    return None
                colour = SQUARE_COLOURS[where[side][colour]]
                side = side.other

    def outcome(self) -> Outcome | None:
        """How the round is over in this position, in one value: who won and how
        (:class:`RoundEnd`: a tower on the opponent's home row, M7, or a deadlock, M8);
        ``None`` while the round goes on.

        >>> from kamisado_notation import Position
        >>> Position.initial().outcome() is None
        True
        >>> position = Position.from_string("obpkyrg./......../......../......../......../......B./......n./NGRYKP.O b N")
        >>> _ = position.play_text("g2-g1")
        >>> position.outcome()
        Outcome(winner=<Side.BLACK: 0>, by=<RoundEnd.HOME_ROW: 'home-row'>)

        Rulebook figure 6(c): Gold's red tower and then Black's green are blocked, for
        ever; Black made the last move, so Gold wins (:meth:`deadlock` names the loser):

        >>> figure = Position.from_string("ob..y..n/......../...gkNp./..OrYR../......../.......B/......../.G..KP.. g R")
        >>> figure.outcome().winner.title, str(figure.outcome().by), figure.deadlock().title
        ('Gold', 'deadlock', 'Black')
        """
        if self.winner is not None:
            return Outcome(self.winner, RoundEnd.HOME_ROW)
        loser = self.deadlock()
        return None if loser is None else Outcome(OTHER[loser], RoundEnd.DEADLOCK)

    def is_legal(self, move: Move) -> bool:
        """``move`` is a legal move of this position (``TypeError`` for what is no
        :class:`Move`)."""
        if not isinstance(move, Move):
            raise wrong_type(move, "Position.is_legal", "a Move")
        if move.is_forfeit:
            return self.must_forfeit() and move == self.forfeit_move()
        return move in self.legal_moves()

    # ------------------------------------------------------------ making the moves

    def apply(self, move: Move) -> None:
        """Apply ``move`` without checking it: for moves that come from
        :meth:`legal_moves`, :meth:`~.position.Position.resolve` or
        :meth:`~.position.Position.parse_move` (a search's hot loop). An illegal move
        corrupts the position: use :meth:`~.position.Position.play`."""
        # the fast path (fast_path.play_written, the replay's hot loop) inlines the
        # ordinary-move case below: keep the two in step.
        self._stack.append((move, self.tower, self.to_move, self.last_mover, self.winner))
        side = move.side
        if move.distance == 0:  # a forfeit (M6): the board does not change
            self.to_move = OTHER[side]
            if move.tower is not None:
                self.tower = SQUARE_COLOURS[move.origin]
            return
        board = self.board
        if move.push:
            step = PUSH_STEP[side]
            opponent_where = self.where[OTHER[side]]
            for sq in reversed(move.push):  # farthest first: each lands on an empty square
                t = board[sq]
                assert t is not None
                board[sq + step] = t
                opponent_where[t.colour] = sq + step
                board[sq] = None
            # S3: the pushed player forfeits; the pusher moves again, with the tower of
            # the colour of the square the farthest pushed tower was pushed onto.
            self.tower = SQUARE_COLOURS[move.push[-1] + step]
        else:
            self.to_move = OTHER[side]
            self.tower = SQUARE_COLOURS[move.target]
            if move.target >> 3 == GOAL_RANK[side]:
                self.winner = side  # M7
        t = board[move.origin]
        board[move.origin] = None
        board[move.target] = t
        self.where[side][move.tower] = move.target  # type: ignore[index]  # hot: every ply; only a forfeit (returned above) has no tower
        self.last_mover = side

    def undo(self) -> Move:
        """Take back the last move played; returns it. :class:`KamisadoError` when no
        move was played on this position."""
        try:
            u = self._stack.pop()
        except IndexError:
            raise KamisadoError("nothing to undo: no move was played on this position") from None
        if len(u) == 6:  # an ordinary move the fast path played
            origin, target, tower, need, mover, last = u
            self.tower = None if need is None else COLOURS[need]  # (play_written keeps values)
            self.to_move, self.last_mover = SIDES[mover], SIDES[last]
            self.winner = None
            board = self.board
            board[origin] = board[target]
            board[target] = None
            self.where[self.to_move][tower] = origin
            return ordinary_move(self.to_move, tower, origin, target)
        move, self.tower, self.to_move, self.last_mover, self.winner = u
        if move.distance == 0:
            return move
        board = self.board
        side = move.side
        t = board[move.target]
        board[move.target] = None
        board[move.origin] = t
        self.where[side][move.tower] = move.origin  # type: ignore[index]  # hot: every ply; only a forfeit (returned above) has no tower
        if move.push:
            step = PUSH_STEP[side]
            opponent_where = self.where[OTHER[side]]
            for sq in move.push:  # nearest first, back into the squares they left
                p = board[sq + step]
                assert p is not None
                board[sq] = p
                opponent_where[p.colour] = sq
                board[sq + step] = None
        return move

    def play_forfeit(self) -> Move:
        """Play the forced forfeit of a blocked side to move (M6), and return it."""
        move = self.forfeit_move()
        self.apply(move)
        return move

    @property
    def history(self) -> list[Move]:
        """The moves played on this object, oldest first."""
        return list(map(undone_move, self._stack))

    @property
    def last_move(self) -> Move | None:
        """The last move played on this object (``history[-1]`` without the list), or
        ``None``."""
        stack = self._stack
        return undone_move(stack[-1]) if stack else None
