"""Selecting matches from an archive (``kamisado select``), as pgn-extract selects games:
by their headers, by what was played, by the validator's verdict, without duplicates.

:func:`select` reads files and folders of records in every format read (a ``.kmr``, its
JSON form, BoardSpace's SGF, HackerRank's logs) a match at a time and yields each match
that meets every criterion (:class:`Criteria`) as a :class:`Selected`: the file, the
record, and its replay, made only when a criterion needs the board (a header needs none).
Memory holds one match; :func:`select` with ``dedupe`` also keeps one 16-byte digest of
the moves of each different match kept (:func:`moves_digest`), as any finder of
duplicates must.

What the criteria mean (``docs/archive.md`` says it for a person):

- a header criterion is a glob (``*``, ``?``, ``[…]``) compared without case:
  ``player`` either side's name, ``black``, ``gold`` (``White`` where Gold is so called),
  ``event``, ``headers`` (name → glob); ``date`` a range ``A..B`` (either end may be left
  out; ``2026-01-05`` and ``2026.01.05`` alike), ``result`` a score ``B-G`` or the word
  ``black`` or ``gold`` (the side its ``Result`` header says won), ``match`` a format
  (``Single``, ``Standard``, ``Long``, ``Marathon``; read from the match's replay when
  the headers name none);
- a play criterion holds when one of the match's rounds has it: ``position`` (a
  :class:`~kamisado_notation.engine.position.Position` or its string: the round reaches
  it, compared by :meth:`Position.key`, then in full; a single round written plainly is
  searched as written, without the replay: :meth:`Criteria.reaches_as_written`), ``moves`` (entries in any form:
  the round starts with them), ``sumo`` (a Sumo moved), ``push`` (a Sumo push),
  ``forfeit``, ``deadlock`` (the round ended in one), ``won_by`` (``home-row``, ``sumo``,
  ``deadlock``, ``fault``: :func:`round_endings`); ``plies`` a range ``A..B`` of the
  match's plies (a push's back-entry is no ply of its own);
- ``valid``: ``True`` only matches without an error, ``False`` only those with one.
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field, fields
from typing import TypeVar

from ..diagnostics import Diagnostic
from ..engine.board import SQUARE_COLOURS, Colour, Side
from ..engine.match import MATCH_TARGETS, RoundResult
from ..engine.position import Move, Position, RoundEnd, WrittenMove
from ..errors import ArgumentError, PositionError, RecordIOError
from ..notation.files.opening import record_paths, source_name, stream_record
from ..notation.formats import insisted_format, parse_position, reading_as
from ..notation.record import Entry, MatchRecord
from .matches import match_parts, renumbered
from .replayed import MatchReplay, PlyKind, RoundReplay
from .standings import player_key, termination_loser
from .targets import match_target, parse_result
from .validate import no_match

__all__ = ["ENDINGS", "Criteria", "Selected", "each_match", "moves_digest", "parse_range", "round_endings", "select"]

#: How a round ends, as ``--won-by`` and ``kamisado stats`` name it: on the home row by a
#: tower without a ring, on the home row by a Sumo (a tower with rings), by a deadlock
#: (M8), by a fault (the match's ``Termination`` names the loser of an unfinished round).
ENDINGS: tuple[str, ...] = ("home-row", "sumo", "deadlock", "fault")


def parse_range(text: str, *, what: str) -> tuple[str | None, str | None]:
    """A range ``A..B`` as its two ends (``None`` for one left out); a single value ``A``
    is ``A..A``. Raises :class:`ArgumentError` naming ``what`` for ``..`` alone.

    >>> parse_range("2026.01.01..2026.06.30", what="date"), parse_range("10..", what="plies")
    (('2026.01.01', '2026.06.30'), ('10', None))
    """
    low, dots, high = text.strip().partition("..")
    ends = (low.strip() or None, high.strip() or None) if dots else (low.strip() or None, low.strip() or None)
    if ends == (None, None):
        raise ArgumentError(f"{what}: {text!r} is no range: write A..B (either end may be left out)")
    return ends


def _date(text: str) -> str:
    """A date in one form for comparing: ``2026-1-5`` and ``2026.01.05`` → ``2026.01.05``
    (an unknown part, ``??``, sorts first)."""
    parts = re.split(r"[-./]", text.strip())
    return ".".join(p.zfill(2) if p.isdigit() else "00" for p in parts)


def _plies_range(text: str) -> tuple[int, int]:
    low, high = parse_range(text, what="plies")
    try:
        return (int(low) if low else 0), (int(high) if high else 1 << 30)
    except ValueError:
        raise ArgumentError(f"plies: {text!r} is no range of numbers: write MIN..MAX") from None


def _glob(pattern: str) -> re.Pattern[str]:
    return re.compile(fnmatch.translate(player_key(pattern)), re.DOTALL)


@dataclass(frozen=True)
class Criteria:
    """What a match must meet to be selected (the module docstring says what each means);
    ``None`` (or ``False`` for a flag) asks nothing. :meth:`of` builds it from the keyword
    arguments :func:`select` takes, checking each."""

    player: str | None = None
    black: str | None = None
    gold: str | None = None
    event: str | None = None
    date: str | None = None
    result: str | None = None
    match: str | None = None
    headers: tuple[tuple[str, str], ...] = ()
    position: Position | str | None = None
    moves: str | None = None
    sumo: bool = False
    push: bool = False
    forfeit: bool = False
    deadlock: bool = False
    won_by: str | None = None
    plies: str | None = None
    valid: bool | None = None
    _compiled: _Compiled = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_compiled", _Compiled(self))

    @classmethod
    def of(cls, **criteria: object) -> Criteria:
        """The criteria named by keyword (:func:`select`'s), ``headers`` also as a mapping
        or ``NAME=GLOB`` strings. Raises :class:`ArgumentError` for a name that is no
        criterion or a value that means nothing."""
        names = {f.name for f in fields(cls) if not f.name.startswith("_")}
        unknown = sorted(set(criteria) - names)
        if unknown:
            raise ArgumentError(f"no such criterion: {', '.join(unknown)} (criteria: {', '.join(sorted(names))})")
        headers = criteria.pop("headers", ())
        pairs = headers.items() if isinstance(headers, dict) else headers
        if not isinstance(pairs, Iterable):
            raise ArgumentError("headers: a mapping of header names to globs")
        return cls(headers=tuple(_header_pair(h) for h in pairs), **criteria)  # type: ignore[arg-type]  # (checked in _Compiled)

    @property
    def needs_replay(self) -> bool:
        """Whether a match must be replayed to tell (a play criterion, the verdict)."""
        return self._compiled.needs_replay

    def heads(self, record: MatchRecord) -> bool:
        """Whether ``record``'s headers meet the header criteria."""
        return self._compiled.heads(record)

    def plays(self, replay: MatchReplay) -> bool:
        """Whether the replayed match meets the criteria that need the board."""
        return self._compiled.plays(replay)

    def reaches_as_written(self, record: MatchRecord) -> bool | None:
        """When ``position`` is the only play criterion: whether ``record`` reaches it,
        told without the replay where its one round is written plainly (``None``: the
        replay must tell; the headers are not looked at)."""
        return self._compiled.reaches_as_written(record) if self._compiled.position_only else None

    def needs_replay_of(self, record: MatchRecord) -> bool:
        """Whether ``record`` must be replayed to tell (:attr:`needs_replay`, or a
        ``match`` asked of a record whose headers name no format)."""
        return self._compiled.needs_replay or self._compiled.format_unknown(record)


def _header_pair(item: object) -> tuple[str, str]:
    if isinstance(item, str):
        name, eq, glob = item.partition("=")
        if not eq or not name.strip():
            raise ArgumentError(f"header: {item!r} is not NAME=GLOB")
        return name.strip(), glob
    if isinstance(item, tuple) and len(item) == 2 and all(isinstance(x, str) for x in item):
        return item[0], item[1]
    raise ArgumentError(f"header: {item!r} is not NAME=GLOB")


class _Compiled:
    """The criteria made ready to test: globs compiled, ranges and the position read."""

    def __init__(self, c: Criteria) -> None:
        self.names = _name_globs(c)
        self.dates = _maybe(c.date, _dates_wanted)
        self.result = _maybe(c.result, _result_wanted)
        self.target = _maybe(c.match, _target_wanted)
        self.position = _position_wanted(c.position)
        self.key = _maybe(self.position, Position.key)
        self.moves = _maybe(c.moves, _entries_wanted)
        self.opening_moves = _maybe(self.moves, _opening_moves)
        self.won_by = _maybe(c.won_by, _ending_wanted)
        self.flags = (c.sumo, c.push, c.forfeit, c.deadlock)
        self.plies = _maybe(c.plies, _plies_range)
        self.valid = c.valid
        played = self._asks_of_the_play()
        #: only a position is asked of the play (the headers aside): a round written plainly
        #: is searched as written (:meth:`reaches_as_written`)
        self.position_only = self.position is not None and not (played or self.target is not None)
        self.needs_replay = self.position is not None or played

    def _asks_of_the_play(self) -> bool:
        """Whether a criterion other than ``position`` and ``match`` needs the board."""
        asked = (self.moves, self.won_by, self.plies, self.valid)
        return any(self.flags) or any(a is not None for a in asked)

    def heads(self, record: MatchRecord) -> bool:
        headers = {h.name.lower(): h.value for h in reversed(record.headers)}  # (the first written counts)
        if not all(_named(headers, names, pattern) for names, pattern in self.names):
            return False
        if self.dates is not None and not _dated_within(headers.get("date"), self.dates):
            return False
        if self.result is not None and not _result_meets(headers.get("result"), self.result):
            return False
        return self.target is None or self._format_may_be(headers)

    def _format_may_be(self, headers: dict[str, str]) -> bool:
        """Whether the match whose ``headers`` (by their names in lower case) name its
        format, or do not, may be played to the target asked for (no format named: the
        replay tells)."""
        return match_target(headers.get("match"), target=headers.get("target")) in (None, self.target)

    def plays(self, r: MatchReplay) -> bool:
        if not self._match_meets(r):
            return False
        checks = [(self.position, self.reaches), (self.moves, self.starts), (any(self.flags) or None, self.flagged)]
        return all(any(check(rr) for rr in r.rounds) for asked, check in checks if asked is not None)

    def _match_meets(self, r: MatchReplay) -> bool:
        """Whether the whole match meets ``valid``, ``match``, ``plies`` and ``won_by``."""
        if self.valid is not None and r.valid is not self.valid:
            return False
        if self.target is not None and r.target != self.target:
            return False
        if self.plies is not None and not self.plies[0] <= _plies(r) <= self.plies[1]:
            return False
        return self.won_by is None or self.won_by in round_endings(r).values()

    def format_unknown(self, record: MatchRecord) -> bool:
        """Whether ``match`` is asked and only the replay can tell the format (no
        ``Match`` nor ``Target`` header)."""
        return self.target is not None and record.header("Match") is None and record.header("Target") is None

    def reaches(self, rr: RoundReplay) -> bool:
        """Whether the round passes through the position (by its key, then in full)."""
        position = rr.start.copy()
        key = position.key()
        if self._is_wanted(key, position):
            return True
        for ply in rr.plies:
            if ply.kind is PlyKind.BACK:
                continue
            key ^= position.key_change(ply.move)
            position.apply(ply.move)
            if self._is_wanted(key, position):
                return True
        return False

    def _is_wanted(self, key: int, position: Position) -> bool:
        """Whether ``position`` (whose key is ``key``) is the one asked for: by its key
        first, then in full."""
        return key == self.key and position == self.position

    def reaches_as_written(self, record: MatchRecord) -> bool | None:
        """Whether a match of one round from the initial position reaches the position,
        found by playing its entries as written while each is an ordinary move legal as
        written (:meth:`Position.play_written`, the replay's own hot path) and before the
        round is won, a forced forfeit written as itself played as one
        (:func:`_forfeits_as_written`): then the replay plays the same moves, and nothing
        else. (Each
        position is compared by where the towers stand, then in full: cheaper here than
        its key, which a replayed round keeps up to date move by move.) ``None``
        when the replay must tell (more rounds, a set start, a placeholder, a push, an
        entry with a fault, an entry after the round's end, a deadlock)."""
        if len(record.rounds) != 1 or record.header("Position") is not None:
            return None
        wanted = self.position
        assert wanted is not None
        position = _INITIAL.copy()
        if _stands_as(position, wanted):
            return True
        for e in record.rounds[0].entries:
            if not _played_as_written(position, e):
                return None
            if _stands_as(position, wanted):
                return True
        return False

    def starts(self, rr: RoundReplay) -> bool:
        """Whether the round starts with the entries of ``moves`` (read on its start)."""
        wanted = self.opening_moves if rr.start == _INITIAL else _opening_moves(self.moves or [], rr.start)
        played = [p.move for p in rr.plies if p.kind is not PlyKind.BACK][: len(wanted or ())]
        return wanted is not None and played == wanted

    def flagged(self, rr: RoundReplay) -> bool:
        sumo, push, forfeit, deadlock = self.flags
        kinds = {p.kind for p in rr.plies}
        flags: tuple[tuple[bool, Callable[[], bool]], ...] = (
            (push, lambda: PlyKind.PUSH in kinds),
            (forfeit, lambda: PlyKind.FORFEIT in kinds),
            (deadlock, lambda: rr.result is not None and rr.result.by is RoundEnd.DEADLOCK),
            (sumo, lambda: _sumo_moved(rr)),
        )
        return all(holds() for asked, holds in flags if asked)


def _stands_as(position: Position, wanted: Position) -> bool:
    """Whether ``position`` is ``wanted``: where each tower stands compared first (in one
    step), then in full."""
    return position.where == wanted.where and position == wanted


def _named(headers: dict[str, str], names: tuple[str, ...], pattern: re.Pattern[str]) -> bool:
    """Whether one of the headers ``names`` (lower case) is written and matches ``pattern``."""
    return any(n in headers and pattern.fullmatch(player_key(headers[n])) for n in names)


def _dated_within(written: str | None, dates: tuple[str, str]) -> bool:
    """Whether the ``Date`` header ``written`` is within ``dates`` (a missing one is not)."""
    return written is not None and dates[0] <= _date(written) <= dates[1]


_INITIAL = Position.initial()

_T = TypeVar("_T")
_U = TypeVar("_U")


def _maybe(asked: _T | None, wanted: Callable[[_T], _U]) -> _U | None:
    """A criterion ``asked`` as :class:`_Compiled` tests it (read by ``wanted``), or
    ``None`` when it is not asked."""
    return None if asked is None else wanted(asked)


def _name_globs(c: Criteria) -> list[tuple[tuple[str, ...], re.Pattern[str]]]:
    """The name criteria asked, each as the headers it looks at (lower case; one of them
    must match) and its glob compiled: ``player`` either side's, then ``headers``."""
    asked: list[tuple[tuple[str, ...], str | None]] = [
        (("black", "gold", "white"), c.player), (("black",), c.black), (("gold", "white"), c.gold), (("event",), c.event),
    ]  # fmt: skip
    named = [(names, _glob(glob)) for names, glob in asked if glob]
    return named + [((name.lower(),), _glob(glob)) for name, glob in c.headers]


def _dates_wanted(text: str) -> tuple[str, str]:
    low, high = parse_range(text, what="date")
    return (_date(low) if low else "", _date(high) if high else "\uffff")


def _target_wanted(text: str) -> int:
    target = MATCH_TARGETS.get(text.strip().lower())
    if target is None:
        raise ArgumentError(f"match: {text!r} is no match format: Single, Standard, Long or Marathon")
    return target


def _position_wanted(position: Position | str | None) -> Position | None:
    if position is None or isinstance(position, Position):
        return position
    try:
        return parse_position(position)
    except PositionError as e:
        raise ArgumentError(f"position: {e}") from None


def _entries_wanted(text: str) -> list[str]:
    entries = text.split()
    if not entries:
        raise ArgumentError("moves: give the entries a round starts with")
    return entries


def _ending_wanted(text: str) -> str:
    if text not in ENDINGS:
        raise ArgumentError(f"won-by: {text!r} is none of {', '.join(ENDINGS)}")
    return text


def _as_written(e: Entry) -> WrittenMove | None:
    """The entry ``e`` as :meth:`Position.play_written` plays it, or ``None`` when only
    the replay can tell what it stands for (a placeholder, a push, a slot not read, a
    square given without the other)."""
    if e.placeholder or e.push_mark or e.unread is not None:
        return None
    if e.origin is None:
        return (e.tower, e.direction, e.distance or 0, e.square_colour, -1, -1)
    if e.target is not None:
        return (None, None, 0, None, e.origin, e.target)
    return None


def _played_as_written(position: Position, e: Entry) -> bool:
    """Play the entry ``e`` as written, if it is an ordinary move legal as written or a
    forced forfeit written as itself, before the round is won; ``False`` (and nothing
    played) when only the replay can tell what it stands for."""
    written = _as_written(e)
    if written is None or position.winner is not None:
        return False
    return position.play_written((written,)) > 0 or _forfeits_as_written(position, e)


def _opening_moves(entries: list[str], start: Position | None = None) -> list[Move] | None:
    """The moves the words ``entries`` stand for, played from ``start`` (the initial
    position): each entry is the longest run of up to four words that is a legal move
    there (``Pi F4 Br``, ``Pink Forward 4 Brown``, ``粉↑4棕``, ``d8-d4`` alike); turn numbers
    (``1.``) and commas are read past. ``None`` when they are no legal moves there (from
    the initial position: :class:`ArgumentError`)."""
    position = (start or _INITIAL).copy()
    words = [w for w in (w.strip(",;") for w in entries) if w and not _TURN.fullmatch(w)]
    moves: list[Move] = []
    while words:
        played = _longest_move(position, words)
        if played is None:
            if start is None:
                raise ArgumentError(f"moves: {' '.join(words)!r} is no legal move after {len(moves)} from the initial position")
            return None
        moves.append(played[0])
        del words[: played[1]]
    return moves


def _longest_move(position: Position, words: list[str]) -> tuple[Move, int] | None:
    """Play the longest run of up to four of the first ``words`` that is a legal move in
    ``position``: the move and how many words it took; ``None`` when none is."""
    for n in range(min(4, len(words)), 0, -1):
        with suppress(ValueError):
            return position.play_text(" ".join(words[:n])), n
    return None


_TURN = re.compile(r"\d+\.+")


def _forfeits_as_written(position: Position, e: Entry) -> bool:
    """Play the forced forfeit (M6) the zero entry ``e`` writes, if the side to move must
    forfeit and ``e`` names its blocked tower and that tower's square (its colour, or in
    coordinates the square twice), and no deadlock (M8) follows; else change nothing."""
    if not position.must_forfeit() or position.tower is None:
        return False
    move = position.forfeit_move()
    if not _writes_forfeit(e, move):
        return False
    position.apply(move)
    if position.deadlock() is not None:
        position.undo()
        return False
    return True


def _writes_forfeit(e: Entry, move: Move) -> bool:
    """Whether the entry ``e`` writes the forfeit ``move``: a zero entry of its tower on
    its square's colour, or in coordinates its square twice."""
    if e.origin is None:
        return e.distance == 0 and e.tower is move.tower and e.square_colour is SQUARE_COLOURS[move.origin]
    return e.origin == e.target == move.origin


def _plies(r: MatchReplay) -> int:
    """The match's plies (a push's back-entry is no ply of its own)."""
    return sum(1 for rr in r.rounds for p in rr.plies if p.kind is not PlyKind.BACK)


def _sumo_moved(rr: RoundReplay) -> bool:
    """Whether a tower with a ring moved in the round."""
    start = rr.start
    ringed = {(side, colour) for side in Side for colour in Colour if start.rings(side, colour)}
    return any((p.side, p.move.tower) in ringed for p in rr.plies if p.kind is PlyKind.MOVE or p.kind is PlyKind.PUSH)


def _result_wanted(text: str) -> tuple[int, int] | str:
    word = text.strip().lower()
    if word in ("black", "gold"):
        return word
    score = parse_result(text)
    if score is None:
        raise ArgumentError(f"result: {text!r} is neither a score (3-1) nor black or gold")
    return score


def _result_meets(written: str | None, wanted: tuple[int, int] | str) -> bool:
    score = parse_result(written) if written is not None else None
    if score is None:
        return False
    if isinstance(wanted, tuple):
        return score == wanted
    return score[0] > score[1] if wanted == "black" else score[1] > score[0]


def round_endings(r: MatchReplay) -> dict[int, str]:
    """How each finished round of the match ended (:data:`ENDINGS`), by its place in
    ``r.rounds``: a round unfinished where the match's ``Termination`` header names a loser
    (a fault, a resignation) ended by a ``fault``."""
    out = {k: _ending(rr.result) for k, rr in enumerate(r.rounds) if rr.result is not None}
    if r.rounds and r.rounds[-1].result is None and fault_loser(r.record) is not None:
        out[len(r.rounds) - 1] = "fault"
    return out


def _ending(result: RoundResult) -> str:
    """How a round ended (:data:`ENDINGS`): a ``deadlock``, a move home by a Sumo
    (``sumo``, worth more than a point) or by a plain tower (``home-row``)."""
    return "deadlock" if result.by is RoundEnd.DEADLOCK else "sumo" if result.points > 1 else "home-row"


def fault_loser(record: MatchRecord) -> Side | None:
    """The side the match's ``Termination`` header says lost by a fault or resigned."""
    return termination_loser(record.header("Termination") or "")


def moves_digest(r: MatchReplay) -> bytes:
    """16 bytes that two matches share when they played the same moves in every round
    from the same start, whatever their headers or the form they were written in."""
    h = hashlib.blake2b(digest_size=16)
    for rr in r.rounds:
        h.update(rr.start.to_string().encode())
        for p in rr.plies:
            if p.kind is not PlyKind.BACK:
                h.update(bytes((p.move.origin, p.move.target, p.move.distance)))
        h.update(b"|")
    return h.digest()


class Selected:
    """A match :func:`select` found: the file it is in (``path``), its record, and its
    replay (:attr:`replay`, made on first use when no criterion needed it).
    ``duplicate_of`` is ``(path, line)`` of the match it repeats, for a duplicate that
    :func:`select` gives with ``keep_duplicates``; else ``None``."""

    __slots__ = ("_replay", "duplicate_of", "path", "record")

    def __init__(self, path: str, record: MatchRecord, replay: MatchReplay | None = None) -> None:
        self.path = path
        self.record = record
        self._replay = replay
        self.duplicate_of: tuple[str, int] | None = None

    @property
    def replay(self) -> MatchReplay:
        """The match replayed (once)."""
        if self._replay is None:
            from .replay import replay_match

            self._replay = replay_match(self.record)
        return self._replay

    def __repr__(self) -> str:
        return f"<Selected {self.path}:{self.record.line}>"


def each_match(
    paths: Iterable[str], *, encoding: str | None = None, problems: list[tuple[str, Diagnostic]] | None = None
) -> Iterator[tuple[str, MatchRecord, MatchReplay | None]]:
    """Every match of the record files ``paths`` (a folder: those in it), one at a time,
    with its replay where telling it apart from a match pasted after it needed one; the
    files' own diagnostics (one that cannot be read, one with no match) go to
    ``problems``."""
    found = problems if problems is not None else []
    for path in record_paths(paths):
        yield from _file_matches(path, encoding, found)


def _file_matches(
    path: str, encoding: str | None, problems: list[tuple[str, Diagnostic]]
) -> Iterator[tuple[str, MatchRecord, MatchReplay | None]]:
    """:func:`each_match` for the record file ``path``: its matches, numbered in file
    order once pasted ones are split, then its own diagnostics."""
    name = source_name(path)
    count = 0
    try:
        record, stream = stream_record(path, encoding=encoding)
        added = 0
        for m in stream:
            parts = match_parts(m)
            for part, judged in parts:
                count += 1
                yield record.path, renumbered(part, added), judged if not added else None
            added += len(parts) - 1
    except RecordIOError as e:
        problems.append((name, Diagnostic("io", e.reason, 0, 0)))
        return
    problems += ((name, d) for d in record.errors)
    if not count and not record.errors:
        problems.append((name, no_match()))


def select(
    paths: Iterable[str],
    criteria: Criteria | None = None,
    /,
    *,
    encoding: str | None = None,
    dedupe: bool = False,
    keep_duplicates: bool = False,
    problems: list[tuple[str, Diagnostic]] | None = None,
    jobs: int = 1,
    **named: object,
) -> Iterator[Selected]:
    """The matches of the record files ``paths`` (``-``: standard input; a folder: the
    record files in it) that meet every criterion (``criteria``, or :class:`Criteria`'s
    fields by keyword: ``player="Ann"``, ``date="2026.01.01..2026.06.30"``, ``position="…"``,
    ``won_by="sumo"``, ``valid=True``…), one at a time, in file order. ``dedupe``: a match
    that played the moves of one given before (:func:`moves_digest`) is left out, or,
    with ``keep_duplicates``, given with :attr:`Selected.duplicate_of` set. The files' own
    diagnostics go to ``problems``. ``jobs``: worker processes reading and judging the
    files, a file each (the matches come back in the same order; their
    :attr:`Selected.replay` is then made again where it is asked for). Raises
    :class:`ArgumentError` at once for a criterion that means nothing.

    >>> [s.record.header("Black") for s in select(["samples/standard-match.kmr"], player="jo*")]
    ['Johan']
    >>> [s.record.header("Game") for s in select(["samples/club-night.kmr"], forfeit=True)]
    ['2']
    """
    wanted = criteria if criteria is not None else Criteria.of(**named)
    if jobs > 1:
        return _in_workers(paths, wanted, encoding=encoding, dedupe=dedupe, keep=keep_duplicates, problems=problems, jobs=jobs)
    return _deduped(_found(paths, wanted, encoding, problems, dedupe), dedupe, keep_duplicates)


def _found(
    paths: Iterable[str], wanted: Criteria, encoding: str | None, problems: list[tuple[str, Diagnostic]] | None, digest: bool
) -> Iterator[tuple[Selected, bytes | None]]:
    """The matches that meet ``wanted``, with their moves' digest when ``digest``."""
    for path, record, judged in each_match(paths, encoding=encoding, problems=problems):
        found = Selected(path, record, judged)
        if wanted.heads(record) and _plays(wanted, found, digest):
            yield found, moves_digest(found.replay) if digest else None


def _plays(wanted: Criteria, found: Selected, digest: bool) -> bool:
    """Whether the match ``found``, whose headers meet ``wanted``, meets the rest: told
    as written where it can be (not when its moves' ``digest`` needs the replay
    anyway), else by its replay, made only when a criterion or the digest needs it."""
    plain = None if digest else wanted.reaches_as_written(found.record)
    if plain is not None:
        return plain
    return not (digest or wanted.needs_replay_of(found.record)) or wanted.plays(found.replay)


def _deduped(found: Iterable[tuple[Selected, bytes | None]], dedupe: bool, keep: bool) -> Iterator[Selected]:
    seen: dict[bytes, tuple[str, int]] = {}
    for match, digest in found:
        if dedupe and digest is not None:
            first = seen.get(digest)
            if first is None:
                seen[digest] = (match.path, match.record.line)
            else:
                if not keep:
                    continue
                match.duplicate_of = first
        yield match


def selected_in_file(
    path: str, wanted: Criteria, encoding: str | None, digest: bool
) -> tuple[list[tuple[MatchRecord, bytes | None]], list[tuple[str, Diagnostic]]]:
    """One file's share of :func:`select` (a worker's task): the records of the matches
    that meet ``wanted`` (with their moves' digest when ``digest``) and the file's own
    diagnostics."""
    problems: list[tuple[str, Diagnostic]] = []
    found = [(m.record, d) for m, d in _found([path], wanted, encoding, problems, digest)]
    return found, problems


def _in_workers(
    paths: Iterable[str], wanted: Criteria, *, encoding: str | None, dedupe: bool, keep: bool,
    problems: list[tuple[str, Diagnostic]] | None, jobs: int,
) -> Iterator[Selected]:  # fmt: skip
    from ..io.parallel import Failure, map_in_order  # (workers only when asked for)

    form = insisted_format()

    def work(path: str) -> tuple[str, Criteria, str | None, bool, str | None] | None:
        return None if path == "-" else (path, wanted, encoding, dedupe, form)

    def results() -> Iterator[tuple[Selected, bytes | None]]:
        for path, result in map_in_order(_file_task, record_paths(paths), jobs, work=work):
            if result is None:  # standard input, read here
                yield from _found([path], wanted, encoding, problems, dedupe)
            elif isinstance(result, Failure):
                if problems is not None:
                    problems.append((source_name(path), Diagnostic("io", f"not read: {result}", 0, 0)))
            else:
                found, said = result
                if problems is not None:
                    problems.extend(said)
                for record, digest in found:
                    yield Selected(source_name(path), record), digest

    return _deduped(results(), dedupe, keep)


def _file_task(
    task: tuple[str, Criteria, str | None, bool, str | None],
) -> tuple[list[tuple[MatchRecord, bytes | None]], list[tuple[str, Diagnostic]]]:
    path, wanted, encoding, digest, form = task
    with reading_as(form):  # (as the command's --from says, in this worker too)
        return selected_in_file(path, wanted, encoding, digest)
