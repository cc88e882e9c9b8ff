"""The :class:`Recorder`: a match written move by move, as it is played (by people, by
``kamisado generate``, by the arena's engines).

A caller gives the moves that are choices; the recorder checks each against the rules,
and writes by itself what the rules force: the forfeit of a blocked tower (M6) and the
pushed player's back-entry after a Sumo push (S3). Between rounds it waits for the
Defender's fill (F1). Its record is a :class:`~kamisado_notation.notation.MatchRecord`
that the package's record writer turns into ``.kmr`` text in any form and language, laid
out (lines and columns) as that writer lays it out.

The recorder checks what the caller gives and keeps the headers and comments; what it
holds of the match itself, and the undo history, is a :class:`~.played.Played`; the
record's layout is :mod:`.record_layout`'s.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from ..checking.correct import correct_entry
from ..checking.moves import entry_move
from ..checking.replay import replay_match
from ..checking.replayed import MatchReplay
from ..diagnostics import ERROR
from ..engine.board import Direction, Side, parse_square
from ..engine.match import MATCH_TARGETS, Fill, RoundEnd, RoundResult
from ..engine.position import Move, Position
from ..errors import IllegalMoveError, KamisadoError, MatchError, NotationError, StyleMark
from ..io.output import write_output
from ..notation.files.opening import read_record
from ..notation.kmr.headers import KNOWN_HEADERS, did_you_mean
from ..notation.kmr.reader import parse_entry, parse_record
from ..notation.record import Comment, Entry, MatchRecord, RecordFile
from ..notation.writer import Form, check_comment, check_header, format_record
from .played import Action, Deadlock, Filled, Note, Play, Played, Terminate
from .record_layout import entry_from_move, match_record, placeholder_entry

__all__ = ["Recorder", "entry_from_move", "placeholder_entry"]

#: ``Match`` header values by target.
_MATCH_NAMES = {target: name.capitalize() for name, target in MATCH_TARGETS.items()}

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
        autosave: str | os.PathLike[str] | None = None,
        **named: str,
    ) -> None:
        target = _target(match)
        for key in named:
            _check_keyword(key)
        if position is not None and not isinstance(position, (str, Position)):
            raise TypeError(
                f"Recorder(position=…) takes a position string or a Position, not {type(position).__name__} {position!r:.60}"
            )
        start = Position.from_string(position) if isinstance(position, str) else position
        chosen = [(key, value) for key, value in (("Event", event), ("Black", black), ("Gold", gold)) if value is not None]
        chosen.extend(_given_headers(target, start, named, headers))
        self._start(chosen, target, start, _autosave_path(autosave))

    def _start(self, headers: list[tuple[str, str]], target: int, start: Position | None, autosave: str | None) -> None:
        """Set the recorder up with ``headers`` (checked), nothing played yet."""
        for key, value in headers:
            check_header(key, value)  # what the record writes reads back the same
        self._headers = headers
        self._header_comments: dict[str, list[str]] = {}
        self._comments: list[Comment] = []  # the match's own (kept from a record resumed)
        self._played = Played(target, start)
        self._autosave = autosave
        self._save()

    @classmethod
    def from_record(cls, source: str | os.PathLike[str], *, autosave: str | os.PathLike[str] | None = None) -> Recorder:
        """A recorder that goes on with the match of a record: ``source`` is the record's
        text, or a path (a :class:`~pathlib.Path`, or a string naming a file that exists).
        The moves written are played again and the forced entries, fills, lineups and
        comments kept, so that ``Recorder.from_record(rec.text()).text() == rec.text()``.
        Raises :class:`~kamisado_notation.errors.RecordIOError` for a file that cannot be
        read, and :class:`KamisadoError` for a record that does not hold exactly one match
        or whose first error (a syntax error, a move the rules forbid) is named with its
        line and column.

        >>> rec = Recorder("Single")
        >>> _ = rec.play("d8-d4")
        >>> again = Recorder.from_record(rec.text())
        >>> again.text() == rec.text(), again.to_move.title, again.position.tower.title
        (True, 'Gold', 'Brown')
        """
        match, judged = _one_match(_record_of(source))
        rec = cls.__new__(cls)
        kept = [(h.name, h.value) for h in match.headers if h.name not in ("Result", "Termination")]
        position = match.header("Position")
        rec._start(kept, judged.target, Position.from_string(position) if position else None, None)
        for h in match.headers:
            for c in h.comments:
                rec._header_comments.setdefault(h.name, []).append(c.text.removeprefix(" "))
        rec._comments = list(match.comments)
        rec._played.resume(match, judged)
        rec._autosave = _autosave_path(autosave)
        rec._save()
        return rec

    # ------------------------------------------------------------------ the state


    @property
    def position(self) -> Position:
        """A copy of the current position (the round's end, its ring placed, between
        rounds)."""
        return self._played.match.position.copy()

    def legal_moves(self) -> list[Move]:
        """The legal moves of the side to move (empty when the round or match is over)."""
        if self.over or self.needs_fill:
            return []
        return self._played.match.position.legal_moves()

    @property
    def to_move(self) -> Side | None:
        """Whose move it is, or ``None`` while a fill is awaited or when the match is over."""
        return None if self.over or self.needs_fill else self._played.match.position.to_move

    @property
    def round_number(self) -> int:
        return self._played.match.round_number

    @property
    def round_over(self) -> bool:
        """The current round has ended (M7, M8)."""
        return self._played.round_over

    @property
    def round_result(self) -> RoundResult | None:
        """The current round's result, once it has ended."""
        return self._played.round_result

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """The results of the rounds ended so far, in order."""
        return tuple(self._played.match.results)

    @property
    def needs_fill(self) -> bool:
        """The round is over, the match is not: the Defender must choose the fill (F1)."""
        return self._played.needs_fill

    @property
    def defender(self) -> Side | None:
        """Whose choice the next fill is (the last round's winner, F1) while one is awaited."""
        result = self.round_result
        return result.winner if result is not None and self.needs_fill else None

    @property
    def score(self) -> dict[Side, int]:
        """Each side's points so far."""
        return dict(self._played.match.score)

    @property
    def target(self) -> int:
        return self._played.match.target

    @property
    def over(self) -> bool:
        """The match is decided: a score reached the target, or :meth:`terminate` ended it."""
        return self._played.over

    @property
    def winner(self) -> Side | None:
        return self._played.winner

    @property
    def result(self) -> str | None:
        """The ``Result`` header once the match is decided (``"3-1"``: Black's points -
        Gold's), else ``None``. A match ended by :meth:`terminate` keeps the points as
        played (the validator checks them); its ``Termination`` header names the loser."""
        return self._played.result

    @property
    def plies(self) -> int:
        """The entries of the current round so far (forfeits, back-entries and a ``...``
        included)."""
        return len(self._played.rounds[-1].moves)

    @property
    def moves(self) -> tuple[Move | None, ...]:
        """The moves of the current round's entries so far, in order: the forced ones too
        (a forfeit's zero move, a back-entry's move ``Back 1``), ``None`` for a ``...``."""
        return tuple(self._played.rounds[-1].moves)

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
        for text that is no move (an :class:`~kamisado_notation.errors.UnknownWord` for a
        misspelt word), both with the ``corrections`` the validator finds (the legal moves
        the text may stand for, as entries), :class:`MatchError` while a fill is awaited or
        when the match is over, and :class:`TypeError` for a ``move`` that is neither text
        nor a :class:`Move`.

        >>> rec = Recorder()
        >>> try:
        ...     rec.play("Pink Forwrd 4 Brown")
        ... except KamisadoError as e:
        ...     print(e.corrections)
        ('Pink Forward 4 Brown',)
        """
        self._check_turn()
        for text in comments or ():
            check_comment(text, braced=True)
        resolved = _resolve(self._played.match.position, move)
        self._act(Play(resolved, tuple(Comment(c, 0, 0, braced=True) for c in comments or ())))
        return resolved

    def fill(self, how: Fill | str, *, lineups: bool = False) -> None:
        """The Defender's choice between rounds (F1; both players fill alike, F2): start
        the next round filled ``how`` (``"left"``, ``"right"`` or a :class:`Fill`).
        ``lineups`` writes both players' ``Lineup`` lines (optional in a record).
        Raises :class:`MatchError` when no fill is awaited."""
        if not self.needs_fill:
            raise MatchError("the match is over" if self.over else f"round {self.round_number} is still being played: no fill to choose")
        self._act(Filled(_fill_of(how), lineups))

    def comment(self, text: str) -> None:
        """Write ``{text}`` after the last entry written (a forced one too: a forfeit, a
        back-entry); ``ValueError`` for a ``}`` or a line break in it, :class:`MatchError`
        before the first move."""
        check_comment(text, braced=True)
        last = self._played.last_entry()
        if last is None:
            raise MatchError("no move has been written yet: nothing to comment")
        self._act(Note(*last, Comment(text, 0, 0, braced=True)))

    def undo(self) -> Move | Fill | str:
        """Take back what was done last, as if it had not been: a move (with what it
        forced: its back-entry, forfeits, the end of its round and its points), a fill
        (the next round's start: the fill is awaited again), a comment, the deadlock's
        forfeits or a termination. Returns the move, the fill, or the comment's text (the
        termination's reason; ``"deadlock"`` for the deadlock's forfeits).
        :class:`MatchError` when nothing was done yet.

        >>> rec = Recorder("Single")
        >>> _ = rec.play("d8-d4")
        >>> rec.undo()
        <Move Black Pink d8-d4 Forward 4>
        >>> rec.plies, rec.to_move.title
        (0, 'Black')
        """
        undone = self._played.undo()
        if undone is None:
            raise MatchError("nothing to undo: no move has been played")
        self._save()
        return _what_was_undone(undone)

    def parse_move(self, answer: str) -> Move:
        """The legal move a scorer's ``answer`` names, without playing it: its number in
        :meth:`legal_moves` (from 1), its target square (``d4``, when one legal move
        ends there), or an entry in any form and language. Raises as :meth:`play` does
        (:class:`NotationError` for a number out of range or a square no legal move, or
        several, end on, with those moves as ``corrections``).

        >>> rec = Recorder()
        >>> rec.parse_move("d8-d4") == rec.parse_move("Pink Forward 4 Brown") == rec.parse_move("55")
        True
        >>> _ = rec.play("d8-d4")
        >>> [str(rec.parse_move(a)) for a in ("1", "a5")]
        ['Brown Forward 1 Purple', 'Brown Forward 4 Pink']
        """
        self._check_turn()
        return _answered(self._played.match.position, answer.strip())

    def corrections(self, text: str) -> tuple[Move, ...]:
        """The legal moves of the side to move that the entry ``text`` may stand for,
        most likely first, as the validator finds them for an entry that is not a legal
        move as written (empty when the text is no move at all, or while no move is due)."""
        if self.over or self.needs_fill:
            return ()
        return _corrections(self._played.match.position, text)

    def write_deadlock(self) -> None:
        """Write the forced zero entries that lead into the deadlock that ended the round
        (a record may write them or leave them out, M8). :class:`MatchError` unless the
        round ended in a deadlock."""
        result = self.round_result
        if result is None or result.by is not RoundEnd.DEADLOCK or self._played.rounds[-1].deadlock_written:
            raise MatchError("the round did not end in a deadlock (or its forfeits are written)")
        self._act(Deadlock())

    def terminate(self, loser: Side, reason: str, *, comment: str | None = None) -> None:
        """End the match now, lost by ``loser`` for ``reason`` (``"time forfeit"``,
        ``"illegal move"``…): a ``Termination`` header ``"Gold loses: time forfeit"``,
        with ``comment`` after it. The record keeps the moves and points as played."""
        if not isinstance(loser, Side):
            raise TypeError(f"the loser is a Side (Side.BLACK or Side.GOLD), not {type(loser).__name__}: {loser!r}")
        if self.over:
            raise MatchError("the match is over")
        self._act(Terminate(loser, reason))
        if comment:
            self.comment_header("Termination", comment)

    def _act(self, action: Action) -> None:
        """Do ``action``, remember it, and save the record."""
        self._played.act(action)
        self._save()

    def _save(self) -> None:
        """Rewrite the ``autosave`` file (a temporary file written, flushed to the disk,
        then renamed over it: the file is always a whole record)."""
        if self._autosave is not None:
            write_output(self._autosave, self.text())

    def _check_turn(self) -> None:
        if self.over:
            raise MatchError("the match is over")
        if self.needs_fill:
            raise MatchError(
                f"round {self.round_number} is over: {self.defender.title if self.defender else 'the Defender'} "
                "chooses the fill first (fill('left') or fill('right'))"
            )

    # ------------------------------------------------------------------ the record

    def record(self, *, index: int = 1, line: int = 1, coords: bool = False) -> MatchRecord:
        """The match so far as a record, its lines and columns numbered as the record
        writer lays it out from ``line`` (``index``: its place in a file). Entries are in
        the colour form, or with ``coords`` in coordinates."""
        return match_record(
            self._decided_headers(), self._header_comments, self._played.rounds, self._comments,
            index=index, line=line, coords=coords,
        )

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
        if self._played.termination is not None:
            loser, reason = self._played.termination
            headers.append(("Termination", f"{loser.title} loses: {reason}"))
        return headers

    def __repr__(self) -> str:
        score = self.score
        return f"<Recorder round {self.round_number}, {score[Side.BLACK]}-{score[Side.GOLD]}{', over' if self.over else ''}>"


def _given_headers(
    target: int, start: Position | None, named: Mapping[str, str], headers: Mapping[str, str] | Iterable[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The headers :class:`Recorder` writes after ``Event``, ``Black`` and ``Gold``: the
    match's target, its start, the ``named`` ones (checked) and the other ``headers``."""
    name = _MATCH_NAMES.get(target)
    given = [("Match", name) if name else ("Target", str(target))]
    if start is not None:
        given.append(("Position", start.to_string()))
    given.extend((_KEYWORD_HEADERS[k.lower()], v) for k, v in named.items())
    given.extend(headers.items() if isinstance(headers, Mapping) else headers)
    return given


def _fill_of(how: Fill | str) -> Fill:
    """The fill ``how`` names (``"left"``, ``"right"`` or a :class:`Fill`)."""
    if isinstance(how, str):
        try:
            return Fill(how.strip().lower())
        except ValueError:
            raise MatchError(f"a fill is 'left' or 'right', not {how!r}") from None
    if not isinstance(how, Fill):
        raise TypeError(f"a fill is 'left', 'right' or a Fill, not {type(how).__name__} {how!r:.60}")
    return how


def _what_was_undone(undone: Action) -> Move | Fill | str:
    """What :meth:`Recorder.undo` returns for the action ``undone``."""
    if isinstance(undone, Play):
        return undone.move
    if isinstance(undone, Filled):
        return undone.how
    if isinstance(undone, Note):
        return undone.comment.text
    if isinstance(undone, Terminate):
        return undone.reason
    return "deadlock"


def _answered(position: Position, text: str) -> Move:
    """The legal move a scorer's answer ``text`` names: :meth:`Recorder.parse_move`."""
    moves = position.legal_moves()
    if text.isdigit():
        return _numbered(moves, text)
    square = _square(text)
    if square is None:
        return _resolve(position, text)
    return _ending_on(moves, square, text)


def _numbered(moves: list[Move], text: str) -> Move:
    """The move numbered ``text`` (digits, from 1) among the legal ``moves``."""
    number = int(text)
    if not 1 <= number <= len(moves):
        raise NotationError(f"{text}: the moves are numbered 1 to {len(moves)}")
    return moves[number - 1]


def _ending_on(moves: list[Move], square: int, text: str) -> Move:
    """The one legal move of ``moves`` that ends on ``square`` (the answer ``text``);
    :class:`NotationError` with the moves that do when they are none or several."""
    ending = [m for m in moves if m.target == square]
    if len(ending) == 1:
        return ending[0]
    error = NotationError(
        f"{text}: {'no legal move ends there' if not ending else f'{len(ending)} moves end there: give the number or the entry'}"
    )
    error.corrections = tuple(str(m) for m in ending)
    raise error


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
    language, a style's marks read as ours, all four slots checked);
    :class:`IllegalMoveError` naming the rule it breaks, or :class:`NotationError` for text
    that is no move, with the corrections. Forfeits are never the caller's: the recorder
    plays the forced ones."""
    if isinstance(move, str):
        return _read(position, move)
    if not isinstance(move, Move):
        raise TypeError(f"Recorder.play expects an entry's text or a Move, not {type(move).__name__} {move!r:.60}")
    if move.is_forfeit:
        raise IllegalMoveError("forfeits are written by the recorder when the rules force them", rule="M5")
    position.check(move)
    return move


def _read(position: Position, text: str) -> Move:
    """The move the entry ``text`` stands for on ``position``: see :func:`_resolve`."""
    found: list[NotationError] = []
    entry = parse_entry(text, errors=found)  # (NotationError: no move at all)
    unknown = [e for e in found if not isinstance(e, StyleMark)]
    try:
        if unknown:
            raise unknown[0]
        return entry_move(position, entry)
    except (IllegalMoveError, NotationError) as e:
        e.corrections = tuple(str(m) for m in _entry_corrections(position, entry))
        raise


def _square(text: str) -> int | None:
    """The square ``text`` names (``d4``, ``D4``), or ``None``."""
    if len(text) == 2 and text[0].lower() in "abcdefgh" and text[1] in "12345678":
        return parse_square(text.lower())
    return None


def _corrections(position: Position, text: str) -> tuple[Move, ...]:
    """:meth:`Recorder.corrections`."""
    try:
        entry = parse_entry(text, errors=[])
    except NotationError:
        return ()
    if not entry.unread and _exact(position, entry):
        return ()
    return _entry_corrections(position, entry)


def _exact(position: Position, entry: Entry) -> bool:
    try:
        entry_move(position, entry)
    except IllegalMoveError:
        return False
    return True


def _entry_corrections(position: Position, entry: Entry) -> tuple[Move, ...]:
    """The legal moves a wrong ``entry`` may stand for on ``position``, most likely first."""
    if entry.direction is Direction.BACK or position.must_forfeit():
        return ()
    correction = correct_entry(position.copy(), entry)
    return tuple(c.move for c in correction.candidates if not c.move.is_forfeit)


def _autosave_path(path: str | os.PathLike[str] | None) -> str | None:
    if path is None:
        return None
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"autosave is a path, not {type(path).__name__} {path!r:.60}")
    return os.fspath(path)


def _record_of(source: str | os.PathLike[str]) -> RecordFile:
    """The record :meth:`Recorder.from_record` goes on with: ``source`` read as a path
    (a path-like, or a string naming a file that exists) or as the record's text."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source and os.path.isfile(source)):
        return read_record(os.fspath(source))
    if isinstance(source, str):
        return parse_record(source, path="<text>")
    raise TypeError(f"Recorder.from_record takes a record's text or a path, not {type(source).__name__}")


def _one_match(record: RecordFile) -> tuple[MatchRecord, MatchReplay]:
    """The record's one match and its replay; :class:`KamisadoError` naming the first
    error (of the text, then of the rules) with its line and column, or a record that
    does not hold exactly one match."""
    where = record.path
    if record.errors:
        first = record.errors[0]
        raise KamisadoError(f"{where}:{first.line}:{first.column}: {first.rule}: {first.message}")
    if len(record.matches) != 1:
        raise KamisadoError(f"{where}: a recorder goes on with one match; the record holds {len(record.matches)}")
    match = record.matches[0]
    judged = replay_match(match)
    errors = [d for d in judged.diagnostics if d.severity is ERROR]
    if errors:
        first = errors[0]
        raise KamisadoError(f"{where}:{first.line}:{first.column}: {first.rule}: {first.message}")
    return match, judged
