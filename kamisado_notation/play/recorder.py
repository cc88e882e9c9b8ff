"""The :class:`Recorder`: a match written move by move, as it is played (by people, by
``kamisado generate``, by the arena's engines).

A caller gives the moves that are choices; the recorder checks each against the rules,
and writes by itself what the rules force: the forfeit of a blocked tower (M6) and the
pushed player's back-entry after a Sumo push (S3). Between rounds it waits for the
Defender's fill (F1). Its record is a :class:`~kamisado_notation.notation.MatchRecord`
that the package's record writer turns into ``.kmr`` text in any form and language, laid
out (lines and columns) as that writer lays it out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..checking.correct import back_move
from ..engine.board import SQUARE_COLOURS, Colour, Direction, Side
from ..engine.match import MATCH_TARGETS, Fill, Match, RoundEnd, RoundResult, lineup
from ..engine.position import Move, Position
from ..errors import IllegalMoveError, MatchError
from ..notation.kmr.headers import KNOWN_HEADERS, did_you_mean
from ..notation.record import Comment, Entry, Header, Headers, Lineup, MatchRecord, RecordFile, RoundRecord
from ..notation.writer import Form, check_comment, check_header, format_record

__all__ = ["Recorder", "entry_from_move", "placeholder_entry"]

#: ``Match`` header values by target.
_MATCH_NAMES = {target: name.capitalize() for name, target in MATCH_TARGETS.items()}
#: The column of Gold's entry in a row as the layout numbers it (the writer aligns it).
_GOLD_COLUMN = 24


def entry_from_move(move: Move, *, line: int = 0, column: int = 0, coords: bool = False, number: int | None = None) -> Entry:
    """The record entry of an engine move: the colour form (tower, direction, distance,
    square), or with ``coords`` the coordinate form (``from-to``, ``*`` on a push)."""
    if coords:
        return Entry(
            line, column, text=move.coords() + ("*" if move.push else ""),
            origin=move.origin, target=move.target, push_mark=bool(move.push), number=number,
        )
    return Entry(
        line, column, text=str(move), tower=move.tower,
        direction=move.direction if move.distance else None,
        distance=move.distance, square_colour=move.square_colour, number=number,
    )


def placeholder_entry(*, line: int = 0, column: int = 0) -> Entry:
    """The ``...`` that stands for Black's slot when Gold moves first."""
    return Entry(line, column, text="...", placeholder=True, number=1)


#: The headers a keyword may name, by the keyword in lower case: those a record knows,
#: less the ones with their own parameter or written by the recorder itself
#: (``site="Club"`` and ``SITE="Club"`` are both ``[Site "Club"]``).
_KEYWORD_HEADERS = {
    name.lower(): name
    for name in KNOWN_HEADERS
    if name not in ("Black", "Gold", "White", "Event", "Match", "Target", "Position", "Result")
}


def _check_keyword(key: str) -> None:
    """Refuse a keyword of :class:`Recorder` that names no header it writes, as Python
    refuses an unexpected keyword, with the likely one."""
    if key.lower() in _KEYWORD_HEADERS:
        return
    names = ("black", "gold", "event", "position", *sorted(_KEYWORD_HEADERS))
    near = did_you_mean(key.lower(), names)
    hint = f" (did you mean {' or '.join(near)}?)" if near else ""
    raise TypeError(
        f"Recorder() got an unexpected keyword argument {key!r}{hint}; "
        "headers of other names go in headers={name: value}"
    )


class _Round:
    """One round as played: its fill and lineups, and each entry with its move."""

    def __init__(self, number: int, how: Fill | None) -> None:
        self.number, self.fill = number, how
        self.lineups: list[tuple[Side, list[Colour]]] = []
        #: the entries' moves in turn order (``None``: the ``...`` placeholder)
        self.moves: list[Move | None] = []
        #: comments after each entry, by its index in :attr:`moves`
        self.comments: dict[int, list[str]] = {}
        self.deadlock_written = False


class Recorder:
    """A match written as it is played.

    ``match`` is a format (``"Single"``, ``"Standard"``, ``"Long"``, ``"Marathon"``) or a
    target in points; ``black``, ``gold`` and ``event`` become headers, and so does a
    keyword named after another header a record knows (``site="Club"`` is ``[Site
    "Club"]``; ``date``, ``round``, ``game``, ``annotator``, ``time``, ``comment``, in any
    case). Any other keyword is a ``TypeError`` (a slip such as ``blak="Bob"`` is never
    written as a header): headers of other names go in ``headers``, a mapping or pairs,
    written in their order. ``position`` starts round 1 from a position string or
    :class:`Position` (a ``[Position]`` header) instead of the initial one.

    >>> rec = Recorder("Single", black="Ann", gold="Bob")
    >>> rec.play("Pink Forward 4 Brown").coords()    # any form and language: checked
    'd8-d4'
    >>> _ = rec.play("a1-a6")                        # Gold's brown tower, as T2 demands
    >>> rec.to_move.title, rec.position.tower.title
    ('Black', 'Green')
    >>> try:
    ...     rec.play("g8-g1")                        # the square is taken
    ... except IllegalMoveError as e:
    ...     print(e.rule, e)
    M3 g8-g1: g1 already holds Gold's blue
    >>> print(rec.text(form="short"), end="")
    [Black "Ann"]
    [Gold "Bob"]
    [Match "Single"]
    <BLANKLINE>
    Round 1
    1. Pi F4 Br   Br F5 Gr
    """

    def __init__(
        self,
        match: str | int = "Standard",
        *,
        black: str | None = None,
        gold: str | None = None,
        event: str | None = None,
        position: Position | str | None = None,
        headers: Mapping[str, str] | Iterable[tuple[str, str]] = (),
        **named: str,
    ) -> None:
        target = _target(match)
        for key in named:
            _check_keyword(key)
        self._headers: list[tuple[str, str]] = []
        for key, value in (("Event", event), ("Black", black), ("Gold", gold)):
            if value is not None:
                self._headers.append((key, value))
        name = _MATCH_NAMES.get(target)
        self._headers.append(("Match", name) if name else ("Target", str(target)))
        start = position if position is None or isinstance(position, Position) else Position.from_string(position)
        if start is not None:
            self._headers.append(("Position", start.to_string()))
        self._headers.extend((_KEYWORD_HEADERS[k.lower()], v) for k, v in named.items())
        self._headers.extend(headers.items() if isinstance(headers, Mapping) else headers)
        for key, value in self._headers:
            check_header(key, value)  # what the record writes reads back the same
        self._header_comments: dict[str, list[str]] = {}
        self._match = Match(target=target, start=start)
        self._rounds = [_Round(1, None)]
        self._termination: tuple[Side, str] | None = None
        self._begin_round()

    # ------------------------------------------------------------------ the state

    @property
    def position(self) -> Position:
        """A copy of the current position (the round's end, its ring placed, between
        rounds)."""
        return self._match.position.copy()

    def legal_moves(self) -> list[Move]:
        """The legal moves of the side to move (empty when the round or match is over)."""
        if self.over or self.needs_fill:
            return []
        return self._match.position.legal_moves()

    @property
    def to_move(self) -> Side | None:
        """Whose move it is, or ``None`` while a fill is awaited or when the match is over."""
        return None if self.over or self.needs_fill else self._match.position.to_move

    @property
    def round_number(self) -> int:
        return self._match.round_number

    @property
    def round_over(self) -> bool:
        """The current round has ended (M7, M8)."""
        return len(self._match.results) == self._match.round_number

    @property
    def round_result(self) -> RoundResult | None:
        """The current round's result, once it has ended."""
        return self._match.results[-1] if self.round_over else None

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """The results of the rounds ended so far, in order."""
        return tuple(self._match.results)

    @property
    def needs_fill(self) -> bool:
        """The round is over, the match is not: the Defender must choose the fill (F1)."""
        return self.round_over and not self.over

    @property
    def defender(self) -> Side | None:
        """Whose choice the next fill is (the last round's winner, F1) while one is awaited."""
        result = self.round_result
        return result.winner if result is not None and self.needs_fill else None

    @property
    def score(self) -> dict[Side, int]:
        """Each side's points so far."""
        return dict(self._match.score)

    @property
    def target(self) -> int:
        return self._match.target

    @property
    def over(self) -> bool:
        """The match is decided: a score reached the target, or :meth:`terminate` ended it."""
        return self._termination is not None or self._match.is_over

    @property
    def winner(self) -> Side | None:
        if self._termination is not None:
            return self._termination[0].other
        return self._match.winner

    @property
    def result(self) -> str | None:
        """The ``Result`` header once the match is decided (``"3-1"``: Black's points -
        Gold's), else ``None``. A match ended by :meth:`terminate` keeps the points as
        played (the validator checks them); its ``Termination`` header names the loser."""
        if self.winner is None:
            return None
        score = self.score
        return f"{score[Side.BLACK]}-{score[Side.GOLD]}"

    @property
    def plies(self) -> int:
        """The entries of the current round so far (forfeits, back-entries and a ``...``
        included)."""
        return len(self._rounds[-1].moves)

    def header(self, name: str) -> str | None:
        """The value of the header ``name`` (as given, or ``Result``/``Termination`` once
        decided), or ``None``."""
        return dict(self._decided_headers()).get(name)

    def comment_header(self, name: str, text: str) -> None:
        """Write ``# text`` after the header ``name`` (a ``Termination`` comment is its
        detail). Raises :class:`ValueError` for a line break in ``text`` (it would start
        a line of its own: :func:`~kamisado_notation.notation.writer.check_comment`)."""
        check_comment(text)
        self._header_comments.setdefault(name, []).append(text)

    # ------------------------------------------------------------------ playing

    def play(self, move: str | Move, *, comments: list[str] | None = None) -> Move:
        """Play ``move`` (text in any form and language, or a :class:`Move`) for the side
        to move, then write what the rules force: the back-entry of a push (S3), forfeits
        (M6), the end of the round (M7, M8) and of the match. ``comments`` go after the
        move's entry (braced: no ``}`` or line break in one). Raises :class:`IllegalMoveError`
        (naming the rule; the recorder is unchanged), :class:`~kamisado_notation.errors.NotationError`
        for text that is no move, :class:`MatchError` while a fill is awaited or when the
        match is over, and :class:`TypeError` for a ``move`` that is neither text nor a
        :class:`Move`."""
        self._check_turn()
        for text in comments or ():
            check_comment(text, braced=True)
        position = self._match.position
        resolved = _resolve(position, move)
        rnd = self._rounds[-1]
        if comments:
            rnd.comments[len(rnd.moves)] = list(comments)
        rnd.moves.append(resolved)
        position.apply(resolved)  # (checked above)
        if resolved.push:
            rnd.moves.append(back_move(resolved, position))
        self._settle()
        return resolved

    def fill(self, how: Fill | str, *, lineups: bool = False) -> None:
        """The Defender's choice between rounds (F1; both players fill alike, F2): start
        the next round filled ``how`` (``"left"``, ``"right"`` or a :class:`Fill`).
        ``lineups`` writes both players' ``Lineup`` lines (optional in a record).
        Raises :class:`MatchError` when no fill is awaited."""
        if not self.needs_fill:
            raise MatchError("the match is over" if self.over else f"round {self.round_number} is still being played: no fill to choose")
        if isinstance(how, str):
            try:
                how = Fill(how.strip().lower())
            except ValueError:
                raise MatchError(f"a fill is 'left' or 'right', not {how!r}") from None
        previous = self._match.position
        rnd = _Round(self.round_number + 1, how)
        if lineups:
            rnd.lineups = [(side, [t.colour for t in lineup(previous, side, how)]) for side in Side]
        self._match.next_round(how)
        self._rounds.append(rnd)
        self._begin_round()

    def write_deadlock(self) -> None:
        """Write the forced zero entries that lead into the deadlock that ended the round
        (a record may write them or leave them out, M8). :class:`MatchError` unless the
        round ended in a deadlock."""
        result = self.round_result
        rnd = self._rounds[-1]
        if result is None or result.by is not RoundEnd.DEADLOCK or rnd.deadlock_written:
            raise MatchError("the round did not end in a deadlock (or its forfeits are written)")
        position = self._match.position
        seen: set[tuple[Side, Colour | None]] = set()
        while (position.to_move, position.tower) not in seen:
            seen.add((position.to_move, position.tower))
            rnd.moves.append(position.play_forfeit())
        rnd.deadlock_written = True

    def terminate(self, loser: Side, reason: str, *, comment: str | None = None) -> None:
        """End the match now, lost by ``loser`` for ``reason`` (``"time forfeit"``,
        ``"illegal move"``…): a ``Termination`` header ``"Gold loses: time forfeit"``,
        with ``comment`` after it. The record keeps the moves and points as played."""
        if not isinstance(loser, Side):
            raise TypeError(f"the loser is a Side (Side.BLACK or Side.GOLD), not {type(loser).__name__}: {loser!r}")
        if self.over:
            raise MatchError("the match is over")
        self._termination = (loser, reason)
        if comment:
            self.comment_header("Termination", comment)

    def _check_turn(self) -> None:
        if self.over:
            raise MatchError("the match is over")
        if self.needs_fill:
            raise MatchError(
                f"round {self.round_number} is over: {self.defender.title if self.defender else 'the Defender'} "
                "chooses the fill first (fill('left') or fill('right'))"
            )

    def _begin_round(self) -> None:
        if self._match.position.to_move is Side.GOLD:
            self._rounds[-1].moves.append(None)  # Gold is the Challenger: Black's ``...``
        self._settle()

    def _settle(self) -> None:
        """Play and write the forced forfeits (M6) up to a move with a choice, the end of
        the round (M7) or a deadlock (M8); score a round that ended."""
        position = self._match.position
        moves = self._rounds[-1].moves
        while position.winner is None and not position.has_moves():
            if position.deadlock() is not None:
                break
            moves.append(position.play_forfeit())
        self._match.finish_round()

    # ------------------------------------------------------------------ the record

    def record(self, *, index: int = 1, line: int = 1, coords: bool = False) -> MatchRecord:
        """The match so far as a record, its lines and columns numbered as the record
        writer lays it out from ``line`` (``index``: its place in a file). Entries are in
        the colour form, or with ``coords`` in coordinates."""
        at = line - 1  # the last line numbered
        headers = []
        for name, value in self._decided_headers():
            at += 1
            headers.append(Header(name, value, at, 1, [Comment(" " + c, at, 1) for c in self._header_comments.get(name, [])]))
        rounds = []
        for rnd in self._rounds:
            at += 2  # a blank line, then the round's
            rec = RoundRecord(rnd.number, rnd.fill, at, 1)
            for side, colours in rnd.lineups:
                at += 1
                rec.lineups.append(Lineup(side, colours, at, 1))
            for i, move in enumerate(rnd.moves):
                if i % 2 == 0:
                    at += 1
                column = 1 if i % 2 == 0 else _GOLD_COLUMN
                if move is None:
                    entry = placeholder_entry(line=at, column=4)
                elif move.direction is Direction.BACK:
                    entry = _back_entry_of(move, at, column, coords)
                else:
                    entry = entry_from_move(move, line=at, column=column, coords=coords)
                if i % 2 == 0:
                    entry.number = i // 2 + 1
                entry.comments = [Comment(c, at, column, braced=True) for c in rnd.comments.get(i, [])]
                rec.entries.append(entry)
            rounds.append(rec)
        return MatchRecord(index=index, line=line, headers=Headers(headers), rounds=rounds)

    def text(self, *, form: Form | str = Form.TEXT, lang: str = "en") -> str:
        """The ``.kmr`` text of the match so far in ``form`` (symbols, text, short, coords
        or json) and ``lang``, as the record writer writes it."""
        form = Form(form) if isinstance(form, str) else form
        record = RecordFile(path="<recorder>", matches=[self.record(coords=form is Form.COORDS)])
        return format_record(record, form=form, lang=lang)

    def _decided_headers(self) -> list[tuple[str, str]]:
        headers = list(self._headers)
        result = self.result
        if result is not None:
            headers.append(("Result", result))
        if self._termination is not None:
            loser, reason = self._termination
            headers.append(("Termination", f"{loser.title} loses: {reason}"))
        return headers

    def __repr__(self) -> str:
        score = self.score
        return f"<Recorder round {self.round_number}, {score[Side.BLACK]}-{score[Side.GOLD]}{', over' if self.over else ''}>"


def _back_entry_of(move: Move, line: int, column: int, coords: bool) -> Entry:
    """The entry of a back-entry's move (:func:`back_move`)."""
    if coords:
        return Entry(line, column, text=move.coords(), origin=move.origin, target=move.target)
    square = SQUARE_COLOURS[move.target]
    tower = move.tower
    assert tower is not None
    return Entry(line, column, text=f"{tower.title} Back 1 {square.title}", tower=tower, direction=Direction.BACK, distance=1, square_colour=square)


def _target(match: str | int) -> int:
    """The target of a format name or a number of points."""
    if isinstance(match, int) and not isinstance(match, bool):
        if match < 1:
            raise MatchError(f"a match is played to at least 1 point, not {match}")
        return match
    target = MATCH_TARGETS.get(str(match).strip().lower())
    if target is None:
        raise MatchError(f"unknown match format {match!r}: single, standard, long or marathon (or a target in points)")
    return target


def _resolve(position: Position, move: str | Move) -> Move:
    """``move`` as the legal move it names on ``position`` (text read in any form and
    language, all four slots checked); :class:`IllegalMoveError` naming the rule it
    breaks. Forfeits are never the caller's: the recorder plays the forced ones."""
    if isinstance(move, str):
        resolved = position.parse_move(move)
    elif not isinstance(move, Move):
        raise TypeError(f"Recorder.play expects an entry's text or a Move, not {type(move).__name__} {move!r:.60}")
    else:
        if move.is_forfeit:
            raise IllegalMoveError("forfeits are written by the recorder when the rules force them", rule="M5")
        position.check(move)
        resolved = move
    return resolved
