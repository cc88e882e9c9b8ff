"""The fast verdict: a record's lines read straight into the replay, when only a verdict
and a summary are wanted (``kamisado validate``).

The full path reads each match into the record model (an :class:`Entry` per entry), then
replays it (a :class:`~kamisado_notation.checking.replay.Ply` per entry) and judges it.
Here :class:`Judge` is a consumer of the same reader as the record builder
(:class:`~kamisado_notation.notation.kmr.line_reader.Reader`: one place decides how a line
is read and where a match starts), and plays what it is given straight on the board,
with no object per entry: each row's entries, read once for every row that holds them
and given as the engine plays them (the reader's ``moves``), go to
:meth:`Position.play_written` in runs; a push or a forfeit to :meth:`Position.resolve`
and :meth:`Position.play`; the match's flow, rings and score are
:class:`~kamisado_notation.engine.match.Match`'s. The rules stay in the engine: this
module only decides whether a match is plainly valid.

On the first anomaly — anything the full path might say a word about: a line the reader
left to the grammar (unless it holds only comments), any diagnostic of the reading (a
wrong turn number among them), a move the engine refuses, a wrong square colour or
back-entry, a zero entry past a deadlock, a header it cannot read, ``Match`` and
``Target`` that disagree, a lineup after entries or with ring marks, a round that cannot
start, a ``Result`` the score contradicts or written with a dash — the match is given up
here and read again, its own lines only, through the full path (``Judged.record``), so
every diagnostic is exactly the full path's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..diagnostics import Diagnostic
from ..engine.board import SIDES, SQUARE_COLOURS, Colour, Direction, Side
from ..engine.match import HOME_SQUARES, Fill, Match, RoundResult
from ..engine.position import Move, Position, WrittenMove
from ..errors import IllegalMoveError, MatchError, NotationError, PositionError
from ..notation.kmr.assembly import unread_before_matches
from ..notation.kmr.fast_paths import EntrySlots, as_written, move_slots
from ..notation.kmr.headers import KNOWN_LOWER, header_name_warning
from ..notation.kmr.line_reader import Reader, RecordEvents
from ..notation.kmr.reader import read_lines
from ..notation.record import Entry, Header, Lineup, MatchRecord, RecordFile, RoundRecord, add_header
from .replayed import MatchStatus
from .targets import match_target, parse_result

__all__ = ["Judge", "Judged", "Verdict", "judge_lines"]

_A = TypeVar("_A")

# (an enum's member, read from the class, costs a lookup)
_BACK, _COMPLETE, _IN_PROGRESS = Direction.BACK, MatchStatus.COMPLETE, MatchStatus.IN_PROGRESS
_HEADERS = ("match", "target", "position", "result")  # the headers the replay reads


def _lineup_holds(pos: Position, lu: Lineup) -> bool:
    """Whether ``lu`` says the home row ``pos`` has, and marks no rings (the full path
    checks those). (Compared square by square in C: a memo of the lineups read would
    grow with every one of them, and a record rarely repeats one.)"""
    return lu.rings is None and tuple(map(pos.where[lu.side].__getitem__, lu.colours)) == HOME_SQUARES[lu.side]


@dataclass(slots=True)
class Verdict:
    """A match the fused path found valid, with nothing to report: what a summary of it
    holds (:class:`~kamisado_notation.checking.validate.MatchSummary`, whose fields these are)."""

    index: int
    line: int
    status: MatchStatus
    score: dict[Side, int]
    target: int
    winner: Side | None
    rounds: list[tuple[int, RoundResult | None]]
    to_move: Side | None
    headers: dict[str, str]


@dataclass(slots=True)
class Judged:
    """One match of a file: its :class:`Verdict` when the fused path judged it, and
    ``record``, which reads it (its own lines) into the record model for the full path."""

    verdict: Verdict | None
    record: Callable[[], MatchRecord]


class _Fallback(Exception):
    """The match needs the full path."""


# ------------------------------------------------------------- one match, replayed


class _Fused:
    """One match's replay as its lines come, in the engine's terms; any anomaly raises
    :class:`_Fallback` (the match is then read again through the full path)."""

    __slots__ = (
        "chain",
        "game",
        "headers",
        "idx",
        "index",
        "line",
        "named",
        "names",
        "pending",
        "placeheld",
        "pos",
        "rounds",
        "start_to_move",
    )
    pos: Position  # the round in play (set when the first round opens)

    def __init__(self, index: int, line: int) -> None:
        self.index = index
        self.line = line
        self.headers: dict[str, str] = {}  # the replay's, by lowercase name
        self.named: dict[str, str] = {}  # every header, as the summary keeps them (Headers.as_dict)
        self.names: set[str] = set()  # their names, case-folded
        self.game: Match | None = None
        self.rounds: list[tuple[int, RoundResult | None]] = []
        self.idx = 0  # entries of the round so far (the '...' placeholder included)
        self.pending: Move | None = None  # a push whose back-entry is due
        self.placeheld = False  # the round opened with '...'
        self.start_to_move = SIDES[0]
        #: once deadlocked (M8), the (side, tower) of each forced zero entry written
        self.chain: set[tuple[Side, Colour | None]] | None = None

    # -- headers, rounds, lineups

    def header(self, h: Header) -> None:
        """Keep the first value of each header (by name, any case)."""
        add_header(self.named, self.names, h.name, h.value)
        key = h.name.lower()
        if key not in KNOWN_LOWER and header_name_warning(h.name) is not None:
            raise _Fallback  # (a name close to a known one: the reader warns)
        if key in _HEADERS and key not in self.headers:
            self.headers[key] = h.value

    def _begin(self) -> Match:
        """The match as its headers set it up (the first round content comes)."""
        named = self.headers.get("match")
        target = match_target(named, target=self.headers.get("target"))
        if target is None or (named is not None and "target" in self.headers and match_target(named) != target):
            raise _Fallback  # (Match and Target that disagree: the full path's warning)
        start = None
        text = self.headers.get("position")
        if text is not None:
            try:
                start = Position.from_string(text)
            except PositionError:
                raise _Fallback from None
        self.game = Match(target=target, start=start)
        return self.game

    def round(self, number: int, fill: Fill | None) -> None:
        """A ``Round`` line: play the last entries of the round in play, end it and start
        this one (F1)."""
        if self.rounds:
            pos = self._next_round(number, fill)
        elif number != 1:
            raise _Fallback
        else:
            pos = self._begin().position
        self.pos = pos
        self.rounds.append((number, None))
        self.idx = 0
        self.placeheld = False
        self.chain = None
        self.start_to_move = pos.to_move

    def _next_round(self, number: int, fill: Fill | None) -> Position:
        """The round in play scored, and round ``number``'s start, filled by ``fill``."""
        rounds, game = self.rounds, self.game
        assert game is not None
        if self.pending is not None or fill is None or number != len(rounds) + 1:
            raise _Fallback  # (a push's back-entry due: the round is not over)
        rounds[-1] = (number - 1, game.finish_round())
        try:
            return game.next_round(fill)  # (refused when the round is not over, or the match is)
        except MatchError:
            raise _Fallback from None

    def _close_round(self, game: Match) -> None:
        """Score the round in play, unless a push's back-entry is still due."""
        if self.pending is None:
            self.rounds[-1] = (self.rounds[-1][0], game.finish_round())

    def lineup(self, lu: Lineup) -> None:
        """A ``Lineup`` line, against the home row the round started with (F3/F4)."""
        if not self.rounds:
            self.round(1, None)  # an implicit round 1
        if self.idx:
            raise _Fallback  # after entries: the full path checks it against the round's start
        if not _lineup_holds(self.pos, lu):
            raise _Fallback

    # -- entries

    def row(self, turn: int | None, first: WrittenMove | None, second: WrittenMove | None) -> None:
        """A row the reader's fast tiers read: a turn number, an entry or '...' (None),
        perhaps a second entry, played at once (:meth:`play_rows`)."""
        if not self.rounds:
            self.round(1, None)  # entries before any Round line: an implicit round 1
        idx = self.idx
        if turn is not None and (idx & 1 or turn != (idx >> 1) + 1):
            raise _Fallback  # a wrong turn number: the reader warns
        if first is None:
            self.placeholder()
        else:
            self.play_rows([first])
        if second is not None:
            self.play_rows([second])

    def entries(self, entries: list[Entry]) -> None:
        """The entries of a line of many (each with its own turn number, if any)."""
        if not self.rounds:
            self.round(1, None)
        for e in entries:
            if e.number is not None:
                self.turn(e.number)
            if e.placeholder:
                self.placeholder()
            else:
                self.entry((e.tower, e.direction, e.distance, e.square_colour, e.origin, e.target, e.push_mark, False))

    def turn(self, number: int) -> None:
        """A turn number, before Black's entry of that row (else the reader warns)."""
        if self.idx % 2 or number != self.idx // 2 + 1:
            raise _Fallback

    def placeholder(self) -> None:
        """'...': Black's slot when Gold, the Challenger, moves first (T1)."""
        if self.idx or self.pos.to_move is not SIDES[1]:
            raise _Fallback
        self.idx = 1
        self.placeheld = True

    def entry(self, f: EntrySlots) -> None:
        """One entry the hot path did not take, played at once."""
        self.idx += 1
        self._play_from([as_written(f)], self.idx - 1, lambda _i: f)

    def play_rows(self, written: list[WrittenMove]) -> None:
        """Play the entries of a run of rows, as the engine plays them (:meth:`_play_from`)."""
        first = self.idx
        self.idx = first + len(written)
        pos = self.pos
        start = 0  # (as a rule all are ordinary moves in turn: one run for the engine)
        if self.pending is None and pos.to_move is SIDES[first & 1]:
            start = pos.play_written(written)
        if start < len(written):
            self._play_from(written, first, lambda i: move_slots(written[i]), start)

    def _play_from(
        self, written: list[WrittenMove], first: int, slots: Callable[[int], EntrySlots], start: int = 0
    ) -> None:
        """Play entries from ``start`` on, the first the round's entry ``first``: runs of
        ordinary moves written without a fault by the engine
        (:meth:`Position.play_written`), anything else by :meth:`_other` (with the
        entry's ``slots``), a back-entry by :meth:`_back`."""
        pos = self.pos
        n = len(written)
        i = start
        while i < n:
            if self.pending is not None:
                self._back(slots(i))
            else:
                if pos.to_move is not SIDES[(first + i) & 1]:
                    raise _Fallback  # (sides alternate within a run of ordinary moves)
                i = pos.play_written(written, i)
                if i == n:
                    break
                self._other(pos, slots(i))
            i += 1

    def _other(self, pos: Position, f: EntrySlots) -> None:
        """A push, a forfeit, or a move the engine refuses (then :class:`_Fallback`)."""
        _tower, _direction, distance, square, origin, target, mark, _ = f
        if distance == 0 if origin is None else origin == target:
            self._zero(pos)
        move = _resolved(pos, f)
        if (origin is None and SQUARE_COLOURS[move.target] is not square) or (mark and not move.push):
            raise _Fallback
        pos.apply(move)
        if move.push:
            self.pending = move

    def _zero(self, pos: Position) -> None:
        """A zero entry: a forced forfeit, or one of those leading into a deadlock (M8),
        which may be written as long as no (side, tower) repeats."""
        if pos.tower is None:
            raise _Fallback  # a free choice forfeited (M5)
        if self.chain is None and pos.deadlock() is not None:
            self.chain = set()
        if self.chain is not None:
            key = (pos.to_move, pos.tower)
            if key in self.chain:
                raise _Fallback
            self.chain.add(key)

    def _back(self, f: EntrySlots) -> None:
        """The pushed player's back-entry: the farthest pushed tower, back one (S3)."""
        push, pos = self.pending, self.pos
        assert push is not None and push.pushed_to is not None
        self.pending = None
        far, onto = push.push[-1], push.pushed_to
        tower, direction, distance, square, origin, target, _, _ = f
        if origin is not None:
            ok = origin == far and target == onto
        else:
            t = pos.board[onto]
            ok = (
                direction is _BACK
                and t is not None
                and tower is t.colour
                and distance == 1
                and square is SQUARE_COLOURS[onto]
            )
        if not ok:
            raise _Fallback

    # -- the end

    def verdict(self) -> Verdict:
        """The match's verdict, its last round scored and its ``Result`` checked."""
        game = self.game if self.game is not None else self._begin()
        if self.rounds:
            self._close_round(game)
        score = dict(game.score)
        if _claim_differs(self.headers.get("result", "").strip(), score):
            raise _Fallback
        winner = game.winner
        return Verdict(
            index=self.index,
            line=self.line,
            status=_COMPLETE if winner is not None else _IN_PROGRESS,
            score=score,
            target=game.target,
            winner=winner,
            rounds=self.rounds,
            to_move=None if winner is not None else self._to_move(),
            headers=self.named,
        )

    def _to_move(self) -> Side | None:
        """Who moves next where the record stops (as the full path's summary says)."""
        if not self.rounds:
            return None
        result = self.rounds[-1][1]
        if result is not None:
            return result.winner.other  # the loser is the next round's Challenger
        if self.idx > self.placeheld:  # the round has plies: the side after the last one's
            return SIDES[self.idx & 1]
        return self.start_to_move


# ---------------------------------------------------------- the reader's consumer


def _resolved(pos: Position, f: EntrySlots) -> Move:
    """The legal move an entry's slots ``f`` name in ``pos`` (its square's colour not
    checked); :class:`_Fallback` where there is none."""
    tower, direction, distance, _square, origin, target, _mark, _ = f
    try:
        if origin is None:
            return pos.resolve(direction, distance or 0, tower=tower)
        assert target is not None  # (a coordinate entry has both squares)
        return pos.resolve_coords(origin, target)
    except IllegalMoveError:
        raise _Fallback from None


def _claim_differs(claim: str, score: dict[Side, int]) -> bool:
    """Whether the ``Result`` header ``claim`` is not the ``score`` in our notation: a
    score written otherwise (a dash or a colon read as ``-``: the full path's warning)
    or another score."""
    if claim in ("*", ""):
        return False
    return not claim.isascii() or ":" in claim or parse_result(claim) != (score[Side.BLACK], score[Side.GOLD])


class Judge(RecordEvents[Judged]):
    """The fast verdict: a consumer of the one reader (:class:`~.notation.line_reader.Reader`,
    which decides how each line is read and where each match starts) that runs the fused
    replay on each match while it lasts. ``lines``: the record's lines (a block of a
    file, perhaps), the first numbered ``first_line``, kept so that a match the fused
    replay gives up on is read again, its own lines only, through the full path."""

    keeps = False  # (the fused replay reads the number and fill, the side and colours)
    plays = True  # (rows come as the moves the engine plays)

    def __init__(self, path: str, record: RecordFile | None, lines: Sequence[str], *, first_line: int = 1) -> None:
        self.path = path
        self.record = record
        self.lines = lines
        self.first_line = first_line
        self.index = 0  # matches begun
        #: the first line of the current match (the first match's: the first line). A
        #: line holds one element, a header or a row at most (the grammar's ``_item``),
        #: so a match never starts inside a line: its lines are its own.
        self.start = first_line
        self.fused: _Fused | None = None
        self.file_errors: list[Diagnostic] = []
        #: Whether the last match had begun its rounds (so that a header line after these
        #: lines would start a new match); known once :meth:`run` has ended.
        self.open_end = False

    def run(self) -> Iterator[Judged]:
        """Each match of the lines, judged, as the reader completes it. The reader is
        this run's own: the judge holds no reference to it (the reader refers to the
        judge), so no cycle keeps the block's lines alive after the block until a full
        garbage collection (memory grew with the matches of a file)."""
        reader: Reader[Judged] = Reader(self, first_line=self.first_line)
        yield from reader.read(self.lines)
        self.open_end = reader.started
        if self.record is not None:
            self.record.errors.extend(self.file_errors)

    # -- matches

    def begin_match(self, line: int) -> Judged | None:
        done = self.judged(line) if self.index else None
        self.index += 1
        if self.index > 1:
            self.start = line
        self.fused = _Fused(self.index, line)
        return done

    def end(self) -> Judged | None:
        return self.judged(None) if self.index else None

    def judged(self, end: int | None) -> Judged:
        """The current match judged (``end``: the line the next one starts at)."""
        verdict = None
        if self.fused is not None:
            try:
                verdict = self.fused.verdict()
            except _Fallback:
                pass
        first, index, path, lines, at = self.start, self.index, self.path, self.lines, self.first_line

        def record() -> MatchRecord:
            own = lines[first - at : None if end is None else end - at]
            (match,) = read_lines(own, path, None, first_line=first, first_index=index)
            return match

        return Judged(verdict, record)

    # -- elements: the fused replay takes them, or the match goes to the full path

    def _step(self, step: Callable[[_Fused, _A], None], arg: _A) -> None:
        """``step`` of the fused replay, while the match is fused; the match goes to the
        full path if it gives up."""
        fused = self.fused
        if fused is not None:
            try:
                step(fused, arg)
            except _Fallback:
                self.fused = None

    def header(self, header: Header) -> None:
        self._step(_Fused.header, header)

    def round_line(self, rnd: RoundRecord) -> None:
        fused = self.fused  # (a step of its own, inline: one a round)
        if fused is not None:
            try:
                fused.round(rnd.number, rnd.fill)
            except _Fallback:
                self.fused = None

    def lineup(self, lineup: Lineup) -> None:
        fused = self.fused
        if fused is None:
            return
        if fused.rounds and not fused.idx and _lineup_holds(fused.pos, lineup):  # (as a rule: the lineup the round started with)
            return
        self._step(_Fused.lineup, lineup)  # (after entries it is the full path's)

    def entries(self, entries: list[Entry]) -> None:
        self._step(_Fused.entries, entries)

    def moves(self, number: int, turn: int | None, moves: list[WrittenMove | None], lines: list[str]) -> None:
        fused = self.fused
        if fused is None:
            return
        # the hot path: a run of rows, the first turn number right, played as one run (as
        # a rule, the run is the round's entries)
        idx = fused.idx
        try:
            if turn is not None and idx == 2 * turn - 2 and fused.rounds:  # (Black's slot of row `turn`)
                if moves[0] is not None:
                    fused.play_rows(moves)  # type: ignore[arg-type]  # (only the first may be '...')
                    return
                fused.placeholder()  # '...': Gold starts the round
                fused.play_rows(moves[1:])  # type: ignore[arg-type]
                return
        except _Fallback:
            self.fused = None
            return
        try:  # anything else, a row at a time by the fused replay's own reading
            for k in range(len(lines)):
                pair = moves[2 * k : 2 * k + 2]
                fused.row(None if turn is None else turn + k, pair[0], pair[1] if len(pair) > 1 else None)
        except _Fallback:
            self.fused = None

    # -- anything the reader has a word for: the full path's

    def grammar_line(self, number: int) -> None:
        self.fused = None

    def error(self, diagnostic: Diagnostic, *, lost: bool = True) -> None:
        if not self.index:  # a diagnostic of the file, as the record builder keeps it
            self.file_errors.append(diagnostic)
        self.fused = None

    def read_past(self, unknown: list[NotationError], number: int) -> None:
        if not self.index:  # before any match: the file's, as the record builder keeps them
            self.file_errors.extend(map(unread_before_matches, unknown))
        self.fused = None

    def unread_line(self, text: str, number: int) -> None:
        self.fused = None

    def result_claim(self, value: str, line: int, column: int) -> None:
        self.fused = None

    def resignation(self, side: str, line: int, column: int) -> None:
        self.fused = None


def judge_lines(lines: Iterable[str], path: str, record: RecordFile | None = None, *, first_line: int = 1) -> Iterator[Judged]:
    """The matches of a record's lines (without their endings), each judged by the fused
    path where it can be and ready to be read through the full path. Diagnostics of the
    file (a syntax error before the first match) go to ``record.errors``, as
    :func:`~kamisado_notation.notation.kmr.reader.read_lines` puts them."""
    return Judge(path, record, lines if isinstance(lines, list) else list(lines), first_line=first_line).run()
