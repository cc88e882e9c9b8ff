"""HackerRank's Kamisado game logs read into the record model (``docs/formats.md``).

A log is a JSON array of games, each an object with the two bots' names
(``player-1``, ``player-2``) and two pages, ``inputs`` and ``outputs``, each the JSON
text of an object whose ``payload`` lists, turn by turn, the board a bot was given and
the move it answered (``"r1 c1 r2 c2"``: rows and columns from 0, row 0 at the top of
the board as the log draws it). The player the first board names to move (``1``, or
``2``) moves first: Black. Player 1's towers start on row 7 and move up, player 2's on
row 0 (Netsensia's bot, ``kamisado.php``: ``readBoard``, ``getMoves``); our Black starts
at the top, so when player 1 starts, their board is ours turned half round (every square
keeps its colour): their row ``r``, column ``c`` is our file ``h`` − ``c``, rank ``r`` +
1; when player 2 starts, it is ours as it stands.

Their rules end a game when the tower to move is blocked (its player loses); the
rulebook does not (M6: the turn is forfeited), so such a game is read as a round in
progress, and their verdict is kept in the ``HackerRankResult`` header (``1-0``: Black
won there) with a ``Termination`` that says why. A game our rules end too (a tower on
its opponent's home row) has its ``Result``. A game with no moves is no match: a warning
says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from ...diagnostics import WARNING, Diagnostic
from ...engine.board import Side, square
from ...engine.position import Position
from ...errors import KamisadoError
from ..record import MatchRecord, RecordFile
from .common import ForeignTurn, Located, build_match, round_score, round_winner

__all__ = ["from_hackerrank_square", "read_hackerrank"]

_ANSWER = re.compile(r"\s*([0-7])\s+([0-7])\s+([0-7])\s+([0-7])\s*")
_SPACE = re.compile(r"[ \t\r\n]*")
_DECODER = json.JSONDecoder()


#: Why a log holding a number longer than Python reads (4,300 digits) is no log.
_LONG_NUMBER = "a number too long to read (more than 4,300 digits)"


def from_hackerrank_square(row: int, column: int, *, turned: bool = True) -> int:
    """Our square of HackerRank's ``row``, ``column`` (0-based, row 0 at the top of
    their board, player 1's towers starting on row 7): the board turned half round when
    player 1 moves first (our Black starts at the top); as it stands (``turned=False``)
    when player 2, whose towers start on row 0, does."""
    return square(7 - column, row) if turned else square(column, 7 - row)


def read_hackerrank(text: str, record: RecordFile) -> Iterator[MatchRecord]:
    """The matches of a HackerRank game log (:mod:`.hackerrank`), one a game with moves;
    a game without is a warning in ``record.errors``. Raises :class:`NotationError` at
    the first place that is not such a log."""
    where = Located(text)
    index = 0
    for number, (offset, end, game) in enumerate(_games(text, where), 1):
        match = _game(game, number, (offset, end), text, where, index + 1, record)
        if match is not None:
            index += 1
            yield match


def _games(text: str, where: Located) -> Iterator[tuple[int, int, object]]:
    """Each element of the top-level JSON array, with its offset and where it ends."""
    i = _SPACE.match(text, 1 if text.startswith("\ufeff") else 0).end()  # type: ignore[union-attr]
    if not text.startswith("[", i):
        raise where.error("not a HackerRank game log: expected a JSON array of games", i)
    i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", i):
        return
    while True:
        value, end = _decoded(text, i, where)
        yield i, end, value
        i = _SPACE.match(text, end).end()  # type: ignore[union-attr]
        if text.startswith("]", i):
            rest = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
            if rest < len(text):
                raise where.error("not a HackerRank game log: text after the array of games", rest)
            return
        if not text.startswith(",", i):
            raise where.error("not a HackerRank game log: expected ',' or ']' after a game", i)
        i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]


def _decoded(text: str, i: int, where: Located) -> tuple[object, int]:
    """The JSON value at index ``i`` of ``text``, and where it ends; a game log's error
    where there is none."""
    try:
        return _DECODER.raw_decode(text, i)
    except json.JSONDecodeError as e:
        raise where.error(f"not a HackerRank game log: {e.msg}", e.pos) from None
    except RecursionError:
        raise where.error("not a HackerRank game log: a game nested too deep to read", i) from None
    except ValueError:  # (Python's limit on the digits of a number)
        raise where.error(f"not a HackerRank game log: {_LONG_NUMBER}", i) from None


def _field(game: dict[str, object], key: str, number: int, offset: int, where: Located) -> str:
    value = game.get(key)
    if not isinstance(value, str):
        what = "missing" if value is None else "not a string"
        raise where.error(f"not a HackerRank game log: game {number}'s {key!r} is {what}", offset)
    return value


def _payload(page: str, key: str, number: int, offset: int, where: Located) -> tuple[list[str], str]:
    """A page's ``payload`` (a list of strings) and its ``next`` (a later page's name,
    empty when the page is the last)."""
    try:
        doc = json.loads(page)
    except (ValueError, RecursionError) as e:
        raise where.error(f"not a HackerRank game log: game {number}'s {key!r} is not a JSON page ({_unread_because(e)})", offset) from None
    payload = doc.get("payload") if isinstance(doc, dict) else None
    if not isinstance(payload, list) or not all(isinstance(p, str) for p in payload):
        raise where.error(f"not a HackerRank game log: game {number}'s {key!r} has no payload of strings", offset)
    following = doc.get("next", "")
    return payload, following if isinstance(following, str) else ""


def _unread_because(e: ValueError | RecursionError) -> str:
    """Why JSON text could not be read (``e``, what reading it raised): JSON's own
    message, nesting too deep, or a number too long."""
    if isinstance(e, json.JSONDecodeError):
        return e.msg
    return "nested too deep" if isinstance(e, RecursionError) else _LONG_NUMBER


def _game(
    game: object, number: int, span: tuple[int, int], text: str, where: Located, index: int, record: RecordFile
) -> MatchRecord | None:
    """Game ``number`` of the log, at ``span`` (its start and end in ``text``), as match
    ``index`` of the file (``None`` for a game with no moves, a warning in
    ``record.errors``)."""
    offset, end = span
    if not isinstance(game, dict):
        raise where.error("not a HackerRank game log: a game is not a JSON object", offset)
    first, second = (_field(game, key, number, offset, where) for key in ("player-1", "player-2"))
    boards, _ = _payload(_field(game, "inputs", number, offset, where), "inputs", number, offset, where)
    answers, following = _payload(_field(game, "outputs", number, offset, where), "outputs", number, offset, where)
    line, column = where(offset)
    name = f"game {game.get('id', number)} ({first} v {second})"
    if not answers:
        record.errors.append(Diagnostic("syntax", f"{name} has no moves: not read as a match", line, column, WARNING))
        return None
    if following:
        message = f"{name} goes on in a page ({following!r}) that is not in the file: read as far as it goes"
        record.errors.append(Diagnostic("syntax", message, line, column, WARNING))
    second_first = bool(boards) and boards[0].startswith("2")
    black, gold = (second, first) if second_first else (first, second)
    outputs = text.find('"outputs"', offset, end)
    turns = _turns(answers, text, (offset if outputs < 0 else outputs, end), where, name, turned=not second_first)
    headers = [("Site", "HackerRank"), ("Game", str(game.get("id", number))), ("Black", black), ("Gold", gold)]
    headers.append(("Match", "Single"))
    headers.extend(_verdict(turns, black, gold))
    return build_match(index, offset, where, headers, turns)


def _turns(answers: list[str], text: str, span: tuple[int, int], where: Located, name: str, *, turned: bool) -> list[ForeignTurn]:
    """The answered moves in our squares (:func:`from_hackerrank_square`), each at its
    place in the file: found in order from the ``outputs`` key to the game's end
    (``span``), never further, so that an answer written otherwise (with ``\\uXXXX``
    escapes) costs a search of its game, not of the rest of the file; such an answer is
    placed where the last one was."""
    cursor, end = span
    turns = []
    for n, answer in enumerate(answers, 1):
        found = text.find(answer, cursor, end)
        at = found if found >= 0 else cursor
        m = _ANSWER.fullmatch(answer)
        if m is None:
            raise where.error(f"{name}: move {n} {answer!r} is not four numbers 0-7 ('r1 c1 r2 c2')", at)
        r1, c1, r2, c2 = (int(g) for g in m.groups())
        turns.append(ForeignTurn(from_hackerrank_square(r1, c1, turned=turned), from_hackerrank_square(r2, c2, turned=turned), at))
        cursor = at + len(answer)
    return turns


def _verdict(turns: list[ForeignTurn], black: str, gold: str) -> list[tuple[str, str]]:
    """The headers of how the game ended: ``Result`` where the rulebook ends it (a tower
    on its opponent's home row, M7, or a deadlock, M8), ``HackerRankResult`` with their
    verdict, and a ``Termination`` where their rules alone end it (the tower to move is
    blocked: its player loses there, even in a deadlock, where M8 makes the other one
    lose). Nothing when the moves cannot be played (the replay says why)."""
    position = Position.initial()
    try:
        for turn in turns:
            position.play(position.resolve_coords(turn.origin, turn.target))
    except KamisadoError:
        return []
    winner = round_winner(position)
    headers = [] if winner is None else [("Result", round_score(winner))]
    if position.winner is not None:
        return [*headers, ("HackerRankResult", round_score(position.winner))]
    if not position.must_forfeit():
        return [*headers, ("Termination", "the log ends before the game does")]
    return [*headers, *_blocked(position, black, gold)]


def _blocked(position: Position, black: str, gold: str) -> list[tuple[str, str]]:
    """The headers of a game that HackerRank's rules end at ``position``, whose tower to
    move is blocked: its player (``black`` or ``gold``) loses there."""
    loser = position.to_move
    tower = position.moving_tower()
    what = f"{loser.title}'s {tower.colour.name.lower()} tower" if tower is not None else "the tower to move"
    name = black if loser is Side.BLACK else gold
    why = f"{what} is blocked: HackerRank's rules end the game there, and {name} loses"
    return [("HackerRankResult", round_score(loser.other)), ("Termination", why)]

