"""The fused validation path: a record's lines read straight into the replay, when only a
verdict and a summary are wanted (``kamisado validate``).

The full path reads each match into the record model (an :class:`Entry` per entry), then
replays it (a :class:`~kamisado_notation.checking.replay.Ply` per entry) and judges it. Here the
lines the reader's whole-line fast paths take (:mod:`.notation.fast_paths`: rows,
headers, ``Round`` and ``Lineup`` lines) go straight into board updates, with no object
per entry: each entry's fields (cached by its text) are played by the engine's own
methods — :meth:`Position.play_ordinary` for an ordinary move, :meth:`Position.resolve`
and :meth:`Position.play` for a push or a forfeit — and the match's flow, rings and score
are :class:`~kamisado_notation.engine.match.Match`'s. The rules stay in the engine: this module
only decides whether a match is plainly valid.

A line whose braced comments alone keep it from the fast paths is read with each
comment blanked, as the grammar's lexer skips it (``{a fine move}`` after an entry does
not send the match to the full path).

On the first anomaly — anything the full path might say a word about: a line the fast
paths leave to the grammar (unless it holds only comments), a wrong turn number, a move
the engine refuses, a wrong square colour or back-entry, a zero entry past a deadlock, a
header it cannot read, ``Match`` and ``Target`` that disagree, a lineup after entries, a
round that cannot start, a ``Result`` the score contradicts or written with a dash — the match is given up here and read again, its own lines only,
through the full path (``Judged.record``), so every diagnostic is exactly the full
path's. Matches are told apart as the reader tells them
(a header line after moves starts the next one); a line the grammar must read is parsed
for that, and in the one case a line could split two matches (a header after other
items on one line), or a syntax error before any match (a diagnostic of the file), the
rest of the file goes to the full path.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Literal

from ..engine.board import SQUARE_COLOURS, Colour, Direction, Side
from ..engine.match import HOME_SQUARES, Fill, Match, RoundResult
from ..engine.position import Move, Position, WrittenMove
from ..errors import IllegalMoveError, MatchError, NotationError, PositionError
from ..notation.assembly import Assembler, first_word
from ..notation.digits import lookalike_digit
from ..notation.fast_paths import (
    OTHER_RE,
    OTHER_STARTS,
    ROW_RE,
    SEG_RE,
    Fields,
    blank_braced,
    entry_fields,
    fast_other,
    fast_segments,
)
from ..notation.headers import KNOWN_LOWER, header_name_warning, unquoted_header
from ..notation.reader import read_lines
from ..notation.record import Comment, Entry, Header, Item, Lineup, MatchRecord, RecordFile, RoundRecord, add_header
from .replay import MatchStatus, match_target, parse_result

__all__ = ["Judge", "Judged", "Verdict", "judge_lines"]

#: one element of a match as a line gives it: a header, a ``Round`` or ``Lineup`` line,
#: or the entries of a line of many
_Element = Header | RoundRecord | Lineup | list[Entry]

_SIDES = (Side.BLACK, Side.GOLD)  # whose entry, by its index's parity in the round
# (an enum's member, read from the class, costs a lookup)
_BACK, _COMPLETE, _IN_PROGRESS = Direction.BACK, MatchStatus.COMPLETE, MatchStatus.IN_PROGRESS
_HEADERS = ("match", "target", "position", "result")  # the headers the replay reads


def _lineup_where(lu: Lineup) -> list[int]:
    """The side's ``Position.where`` that ``lu`` says (each colour's square), or, when it
    does not name the eight colours once each, a list no position has."""
    where = [-2] * 8
    if len(lu.colours) == 8:
        for colour, sq in zip(lu.colours, HOME_SQUARES[lu.side], strict=True):
            where[colour] = sq
    return where


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


class _WholeFile(Exception):
    """The rest of the file needs the full path."""


# ------------------------------------------------------------- one match, replayed


class _Fused:
    """One match's replay as its lines come, in the engine's terms; any anomaly raises
    :class:`_Fallback` (the match is then read again through the full path)."""

    __slots__ = (
        "chain", "game", "headers", "idx", "index", "line", "named", "names", "pending", "placeheld", "pos", "rounds",
        "start_to_move", "written",
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
        #: the round's last entries, not played yet (:meth:`flush`), as the engine plays
        #: them (each of :data:`_ENTRIES`, so that :data:`_FIELDS_OF` has its fields)
        self.written: list[WrittenMove] = []
        self.pending: Move | None = None  # a push whose back-entry is due
        self.placeheld = False  # the round opened with '...'
        self.start_to_move = _SIDES[0]
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
        """A ``Round`` line: end the round in play and start this one (F1). (Its
        entries were played: :meth:`take` flushes them.)"""
        i = len(self.rounds)
        if not i:
            game = self._begin()
            if number != 1:
                raise _Fallback
        else:
            assert self.game is not None
            game = self.game
            self._close_round(game)  # (unless a push's back-entry is due: refused below)
            if fill is None or number != i + 1:
                raise _Fallback
            try:
                game.next_round(fill)  # (refused when round i is not over, or the match is)
            except MatchError:
                raise _Fallback from None
        self.pos = pos = game.position
        self.rounds.append((number, None))
        self.idx = 0
        self.pending = None
        self.placeheld = False
        self.chain = None
        self.start_to_move = pos.to_move

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
        if self.pos.where[lu.side] != _lineup_where(lu) or lu.rings is not None:
            raise _Fallback  # (the full path checks a lineup's ring marks)

    def take(self, item: _Element) -> None:
        """A header, ``Round`` or ``Lineup`` line, or the entries of a line of many."""
        self.flush()
        if isinstance(item, RoundRecord):
            self.round(item.number, item.fill)
        elif isinstance(item, Header):
            self.header(item)
        elif isinstance(item, Lineup):
            self.lineup(item)
        else:
            self.entries(item)

    # -- entries

    def rows(self, start: str, lines: Iterator[str], keep: list[str]) -> str | None:
        """The hot path: from ``start`` on, the common rows (``N.``, one space, one or two
        entries whose texts were read before, :data:`_ENTRIES`, two spaces at least
        between them, spaces only after the last; the turn number right), whose entries
        go to those :meth:`flush` plays, blank lines, and ``Round`` and ``Lineup`` lines
        read before (:data:`_KNOWN_LINES`, taken as :meth:`Judge.add` takes them), each
        added to ``keep`` (before it is taken, so that one raising :class:`_Fallback` is
        kept too). Returns the first other line, not added (the caller reads it), or
        None when ``lines`` ran out.

        It reads a row as :data:`ROW_RE` does: an entry holds one number (or is a
        coordinate move) and ends with the word after it, so the regex can split the line
        only where two spaces separate two whole entries (tests/test_verdict.py checks
        it). Any other line, a right one written otherwise (``01.``) included, is left to
        the caller, whose reading says what it is."""
        get, turn_at, known = _ENTRIES.get, _TURN_AT, _KNOWN_LINES.get
        written = self.written
        idx = self.idx
        for line in chain((start,), lines):
            turn, dot, rest = line.partition(". ")
            if dot and idx < _TURNS and turn == turn_at[idx]:
                first, gap, second = rest.partition("  ")
                two = get(second.strip(" ")) if gap else None
                one = get(first)
                if one is not None and two is not None:
                    written += (one, two)
                    idx += 2
                elif one is not None and not gap:
                    written.append(one)
                    idx += 1
                elif two is not None and first == "...":
                    keep.append(line)
                    self.idx = idx
                    self.placeholder()  # (at the round's start only)
                    written.append(two)
                    idx = 2
                    continue
                else:
                    break
                keep.append(line)
            elif not line:
                keep.append(line)
            else:
                item = known(line)
                if type(item) is RoundRecord:
                    keep.append(line)
                    self.idx = idx
                    self.flush()
                    self.round(item.number, item.fill)
                    idx = 0
                elif type(item) is Lineup:
                    keep.append(line)
                    if idx or self.pos.where[item.side] != _LINEUP_WHERE[line]:
                        raise _Fallback  # (after entries: the full path checks it against the round's start)
                else:
                    break  # (a header may start the next match: the caller's)
        else:
            self.idx = idx
            return None
        self.idx = idx
        return line

    def row(self, turn: str | None, f1: Fields | None, f2: Fields | None) -> None:
        """A row :data:`ROW_RE` read (:func:`_row_fields`): a turn number, an entry or
        '...' (None), perhaps a second entry."""
        if not self.rounds:
            self.round(1, None)  # entries before any Round line: an implicit round 1
        if turn is not None and (self.idx & 1 or int(turn) != (self.idx >> 1) + 1):
            raise _Fallback  # a wrong turn number: the reader warns
        if f1 is None:
            self.placeholder()
        else:
            self.entry(f1)
        if f2 is not None:
            self.entry(f2)

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
        if self.idx or self.pos.to_move is not _SIDES[1]:
            raise _Fallback
        self.idx = 1
        self.placeheld = True

    def entry(self, f: Fields) -> None:
        """One entry the hot path did not take: played at once, after those before it."""
        self.flush()
        self.idx += 1
        self._play([_written(f)], self.idx - 1, lambda _: f)

    def flush(self) -> None:
        """Play the entries the hot path took since the last flush (:meth:`_play`)."""
        written = self.written
        if written:
            first = self.idx - len(written)
            pos = self.pos
            start = 0  # (as a rule all are ordinary moves in turn: one run for the engine)
            if self.pending is None and pos.to_move is _SIDES[first & 1]:
                start = pos.play_written(written)
            if start < len(written):
                self._play(written, first, _FIELDS_OF.__getitem__, start)
            written.clear()

    def _play(
        self, written: list[WrittenMove], first: int, fields: Callable[[WrittenMove], Fields], start: int = 0
    ) -> None:
        """Play entries from ``start`` on, the first the round's entry ``first``: runs of
        ordinary moves written without a fault by the engine
        (:meth:`Position.play_written`), anything else by :meth:`_other` (with the
        entry's ``fields``), a back-entry by :meth:`_back`."""
        pos = self.pos
        n = len(written)
        i = start
        while i < n:
            if self.pending is not None:
                self._back(fields(written[i]))
            else:
                if pos.to_move is not _SIDES[(first + i) & 1]:
                    raise _Fallback  # (sides alternate within a run of ordinary moves)
                i = pos.play_written(written, i)
                if i == n:
                    break
                self._other(pos, fields(written[i]))
            i += 1

    def _other(self, pos: Position, f: Fields) -> None:
        """A push, a forfeit, or a move the engine refuses (then :class:`_Fallback`)."""
        tower, direction, distance, square, origin, target, mark, _ = f
        if distance == 0 if origin is None else origin == target:
            self._zero(pos)
        try:
            if origin is None:
                move = pos.resolve(direction, distance or 0, tower=tower)
            else:
                assert target is not None  # (a coordinate entry has both squares)
                move = pos.resolve_coords(origin, target)
        except IllegalMoveError:
            raise _Fallback from None
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

    def _back(self, f: Fields) -> None:
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
        self.flush()
        game = self.game if self.game is not None else self._begin()
        if self.rounds:
            self._close_round(game)
        score = dict(game.score)
        claim = self.headers.get("result", "").strip()
        if claim not in ("*", "") and (not claim.isascii() or parse_result(claim) != (score[Side.BLACK], score[Side.GOLD])):
            raise _Fallback  # (a dash read as '-': the full path's warning)
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
            return _SIDES[self.idx & 1]
        return self.start_to_move


# ---------------------------------------------------------- lines into matches


#: finds a decimal digit other than 0–9 (Unicode category Nd, as ``str.isdecimal``): only a
#: line with one can hold a number ``notation.digits`` refuses
_OTHER_DIGIT = re.compile(r"(?![0-9])\d").search


def _comment_only(line: str) -> bool:
    """A line of a ``#`` comment alone (blanks before it): it changes nothing."""
    return line.lstrip(" \t").startswith("#")


#: entry text → its fields, or False when the grammar must read it
_FIELDS: dict[str, Fields | Literal[False]] = {}
#: entry text → the move as the engine plays it (:func:`_written`), for the hot path
#: (:meth:`_Fused.rows`): only texts whose move says all their fields do (no push mark,
#: a distance and the square's colour, or both squares), which :data:`_FIELDS_OF` gives
_ENTRIES: dict[str, WrittenMove] = {}
_FIELDS_OF: dict[WrittenMove, Fields] = {}
#: each move of :data:`_ENTRIES` once: the texts of one move (its forms: text, symbols,
#: short) share it, so that the hot path reads less memory in a file that mixes them
_SHARED: dict[WrittenMove, WrittenMove] = {}
_FIELDS_LIMIT = 20_000  # garbage must not grow memory without bound

#: ``_TURN_AT[idx]``: how a common row writes the turn number whose Black entry is the
#: round's entry ``idx`` (None for Gold's, odd ``idx``): a row written otherwise
#: (``01.``, past turn 1000) is left to the full reading
_TURN_AT: list[str | None] = [None] * 2000
_TURN_AT[::2] = map(str, range(1, 1001))
_TURNS = len(_TURN_AT)
#: what the engine never plays as an ordinary move (no tower named nor a direction)
_UNPLAYABLE: WrittenMove = (None, None, 0, None, -1, -1)


def _written(f: Fields) -> WrittenMove:
    """An entry's fields as the engine plays them (:data:`WrittenMove`): a move written
    as a push, or without its square's colour, is never played as an ordinary move (the
    full path has a word for it)."""
    tower, direction, distance, square, origin, target, mark, _ = f
    if mark:
        return _UNPLAYABLE
    if origin is not None:
        return (None, None, 0, None, origin, target) if target is not None else _UNPLAYABLE
    return (tower, direction, distance or 0, square, -1, -1) if square is not None else _UNPLAYABLE


def _says_all(f: Fields) -> bool:
    """Whether an entry's move as the engine plays it (:func:`_written`) says all its
    fields: no push mark, and a distance and the square's colour, or both squares."""
    _, _, distance, square, origin, target, mark, placeholder = f
    if mark or placeholder:
        return False
    return target is not None if origin is not None else distance is not None and square is not None


def _fields(text: str) -> Fields | Literal[False]:
    """The fields of an entry's text (:func:`~.notation.fast_paths.entry_fields`), cached."""
    f = _FIELDS.get(text)
    if f is None:
        f = entry_fields(text)
        if len(_FIELDS) < _FIELDS_LIMIT:
            _FIELDS[text] = f
            if f is not False and _says_all(f):
                w = _written(f)
                known = _SHARED.setdefault(w, w)  # (one tuple for the texts of a move in every form)
                _ENTRIES[text] = known
                _FIELDS_OF[known] = f
    return f


#: a row's reading: its turn number, its first entry's fields (None: '...') and its
#: second's (None: none)
_Row = tuple[str | None, Fields | None, Fields | None]


def _row_fields(m: re.Match[str]) -> _Row | None:
    """The row :data:`ROW_RE` matched, read; None when an entry is one for the grammar."""
    turn, dots, first, second, _ = m.groups()
    f1 = None if dots is not None else _fields(first)
    f2 = None if second is None else _fields(second)
    if f1 is False or f2 is False:
        return None
    return turn, f1, f2


#: a ``Round`` or ``Lineup`` line's text (with no comment) → what :func:`fast_other` read
#: there: a record repeats them, and the fused replay reads no more than the number and
#: fill, or the side and colours (never the line number, nor changes it)
_KNOWN_LINES: dict[str, Header | RoundRecord | Lineup] = {}
#: a ``Lineup`` line of :data:`_KNOWN_LINES` → the ``Position.where`` of its side it
#: says (:func:`_lineup_where`)
_LINEUP_WHERE: dict[str, list[int]] = {}


def _remember(line: str, read: tuple[Header | RoundRecord | Lineup, Comment | None]) -> None:
    """Keep a header, ``Round`` or ``Lineup`` line :func:`fast_other` read (without a
    comment), for :meth:`Judge.known`: not one with a digit other than 0-9 (which
    :meth:`Judge.lookalike` must see first)."""
    item, comment = read
    if comment is None and line.isascii() and len(_KNOWN_LINES) < _FIELDS_LIMIT:
        _KNOWN_LINES[line] = item
        if type(item) is Lineup:
            _LINEUP_WHERE[line] = _lineup_where(item)


class Judge:
    """Splits a file's lines into matches as the reader does, keeps each match's lines,
    and runs the fused replay on them while it lasts (:meth:`run`). ``first_line``
    numbers the first line, for a part of a file read on its own (a block of matches,
    :mod:`kamisado_notation.notation.blocks`), whose matches it numbers from 1."""

    def __init__(self, path: str, record: RecordFile | None, *, first_line: int = 1) -> None:
        self.path = path
        self.record = record
        self.number = first_line - 1  # the line read last
        self.chunk: list[str] = []  # the current match's lines (from the first line for the first)
        self.chunk_start = first_line
        self.index = 0  # matches started
        self.started = False  # the current match has rounds (a header starts the next)
        self.fused: _Fused | None = None
        self.done: list[Judged] = []
        self.asm: Assembler | None = None  # the full path's, for the rest of the file

    @property
    def open_end(self) -> bool:
        """Whether the last match had begun its rounds (so that a header line after these
        lines would start a new match); known once :meth:`run` has ended."""
        return self.asm.started if self.asm is not None else self.has_rounds()

    def run(self, lines: Iterator[str]) -> Iterator[Judged]:
        row = ROW_RE.match
        for line in lines:
            self.number += 1
            if self.fused is not None:
                got = self.hot(line, lines)
                if got is None:
                    continue
                line = got
            if self.fused is None or not self.known(line):
                m = None if line.startswith(OTHER_STARTS) else row(line)
                try:
                    if not self.lookalike(line) and (m is None or not self.row(m)):
                        self.other(line, m)
                except _WholeFile:
                    yield from self.whole_file(line, lines)
                    return
            self.chunk.append(line)
            if self.done:
                yield from self.done
                self.done.clear()
        if self.index:
            yield self.judged()

    def hot(self, line: str, lines: Iterator[str]) -> str | None:
        """The hot path, in a match still fused that has begun its rounds: the common
        rows from ``line`` on (:meth:`_Fused.rows`), counted and kept. Returns the first
        line left to read, or None when the lines ran out."""
        fused = self.fused
        if fused is None or not fused.rounds:
            return line
        chunk = self.chunk
        before = len(chunk)
        try:
            rest = fused.rows(line, lines, chunk)
        except _Fallback:  # (on the last line kept)
            self.fused, self.started, rest = None, True, None
        taken = len(chunk) - before  # (``line`` was counted)
        self.number += taken if rest is not None else taken - 1
        return rest

    # -- matches

    def start_match(self) -> None:
        """A new match starts at the line being read (the lines before it, from line 1,
        belong to the first)."""
        if self.index:
            self.done.append(self.judged())
            self.chunk = []
            self.chunk_start = self.number
        self.index += 1
        self.started = False
        self.fused = _Fused(self.index, self.number)

    def judged(self) -> Judged:
        """The match whose lines are ``self.chunk``, judged."""
        verdict = None
        if self.fused is not None:
            try:
                verdict = self.fused.verdict()
            except _Fallback:
                pass
        lines, start, index, path = self.chunk, self.chunk_start, self.index, self.path

        def record() -> MatchRecord:
            (match,) = read_lines(lines, path, None, first_line=start, first_index=index)
            return match

        return Judged(verdict, record)

    def whole_file(self, line: str, rest: Iterator[str]) -> Iterator[Judged]:
        """The current match (from its first line) and the rest of the file, through the
        full path."""
        lines = chain(self.chunk, [line], rest)
        self.asm = Assembler(self.path, first_index=self.index if self.index else 1)
        for m in read_lines(lines, self.path, self.record, first_line=self.chunk_start, asm=self.asm):

            def record(m: MatchRecord = m) -> MatchRecord:
                return m

            yield Judged(None, record)

    # -- lines

    def known(self, line: str) -> bool:
        """A blank line, or a header, ``Round`` or ``Lineup`` line read before
        (:data:`_KNOWN_LINES`), in a match still fused: done here as :meth:`other` does
        it. False: nothing done."""
        if not line:
            return True
        item = _KNOWN_LINES.get(line)
        if item is None:
            return False
        self.add(item)
        return True

    def row(self, m: re.Match[str]) -> bool:
        """A row (the fast path's) the hot path left: True when read; False sends it to
        the grammar."""
        got = _row_fields(m)
        if got is None:
            return False
        if not self.index:
            self.start_match()
        if self.fused is not None:
            self.fast_row(got)
        self.started = True
        return True

    def fast_row(self, got: _Row) -> None:
        """A row of a match the fused path still follows."""
        assert self.fused is not None
        try:
            self.fused.row(*got)
        except _Fallback:
            self.fused = None
            self.started = True

    def has_rounds(self) -> bool:
        """Whether the current match has rounds (then a header starts the next)."""
        return self.started or (self.fused is not None and bool(self.fused.rounds))

    def drop_fused(self) -> None:
        """The match goes to the full path; whether it has rounds is kept (the fused
        replay knew it)."""
        self.started = self.has_rounds()
        self.fused = None

    def other(self, line: str, m: re.Match[str] | None) -> None:
        """Any line but a row: in the reader's order, many entries, a blank or comment,
        a header, ``Round`` or ``Lineup`` line; then the same with its braced comments
        blanked (:func:`~.notation.fast_paths.blank_braced`); else the grammar's."""
        if m is None and self.fast_other(line, remember=True):
            return
        blanked = blank_braced(line, self.number)
        if blanked is not None:
            bare = blanked[0]
            m = None if bare.startswith(OTHER_STARTS) else ROW_RE.match(bare)
            if (m is not None and self.row(m)) or (m is None and self.fast_other(bare, remember=False)):
                return
        self.general(line)

    def fast_other(self, line: str, *, remember: bool) -> bool:
        """A line that is no row the fast paths read: many entries, a blank or a comment,
        a header, ``Round`` or ``Lineup`` line (kept in :data:`_KNOWN_LINES` when
        ``remember``), taken as :meth:`add` takes them. False: nothing done."""
        if len(line) > 40 and not line.startswith(OTHER_STARTS):
            got = fast_segments(line, self.number, SEG_RE.match)
            if got is not None:
                self.add(got[0])
                return True
        if not line or line.isspace():
            return True
        o = OTHER_RE.match(line)
        if o is not None:
            item = fast_other(o, self.number)
            if item is not None:
                if remember:
                    _remember(line, item)
                self.add(item[0])
                return True
        return _comment_only(line)

    def add(self, item: _Element) -> None:
        """One element of a match (a header, ``Round``, ``Lineup``, or the entries of a
        line): a header after rounds (or anything, before any match) starts the next
        match; then the fused replay takes it."""
        header = type(item) is Header
        if not self.index or (header and self.has_rounds()):
            self.start_match()
        if not header:
            self.started = True
        if self.fused is not None:
            try:
                if type(item) is Header:  # (of a match with no rounds yet: nothing to play first)
                    self.fused.header(item)
                else:
                    self.fused.take(item)
            except _Fallback:
                self.fused = None

    def lookalike(self, line: str) -> bool:
        """A number written with a digit other than 0–9: a syntax error, and the line is
        left out, as the reader does before any other reading (``notation.digits``)."""
        if line.isascii() or not _OTHER_DIGIT(line) or lookalike_digit(line, self.number) is None:
            return False
        if not self.index:
            raise _WholeFile  # a diagnostic of the file, not of a match
        self.drop_fused()
        return True

    def unquoted(self, line: str) -> bool:
        """A header without quotes, which the reader reads as a header (with a warning):
        where a match starts, as for a header; the match goes to the full path."""
        if unquoted_header(line) is None:
            return False
        if not self.index or self.has_rounds():
            self.start_match()
        self.drop_fused()
        return True

    def general(self, line: str) -> None:
        """A line for the grammar: the match goes to the full path; where a match starts
        is found from the line's items, as the reader finds it."""
        from ..notation.general_path import read_line  # the grammar (lark): only when needed

        if self.unquoted(line):
            return
        try:  # (a row whose unknown words are read past is a row, as the reader reads it)
            items, _comments, _unknown = read_line(line, self.number)
        except (NotationError, RecursionError) as e:
            if not self.index:
                raise _WholeFile from None  # a diagnostic of the file, not of a match
            if isinstance(e, NotationError) and first_word(line) == "round":
                self.started = True  # an unreadable Round line starts a round all the same
            self.drop_fused()
            return
        headers = [isinstance(e, Header) for e in _elements(items)]
        if not headers:
            return  # comments only
        new, started = False, self.has_rounds()
        for k, header in enumerate(headers):
            if not (self.index or new) or (header and started):
                if k:
                    raise _WholeFile  # a match starts inside the line
                new, started = True, False
            started = started or not header
        if new:
            self.start_match()
        self.started = started
        self.fused = None


def _elements(items: list[Item]) -> Iterator[object]:
    """The elements of a line's items as the reader adds them (``assembly.feed``)."""
    for item in items:
        if type(item) is list:
            for element in item:
                yield element[0] if type(element) is tuple else element
        else:
            yield item


def judge_lines(lines: Iterable[str], path: str, record: RecordFile | None = None) -> Iterator[Judged]:
    """The matches of a record's lines (without their endings), each judged by the fused
    path where it can be and ready to be read through the full path. Diagnostics of the
    file (a syntax error before the first match) go to ``record.errors``, as
    :func:`~kamisado_notation.notation.reader.read_lines` puts them."""
    return Judge(path, record).run(iter(lines))
