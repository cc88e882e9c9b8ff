"""hamisado's move notation (the Haskell engine ``sphynx/hamisado``), read into ours and
written from it, and two notations of our own built on it: move lists and position
diagrams (``docs/formats.md``).

hamisado names squares as we do (file A–H, rank 1–8, the same colours), but its Black
starts on rank 1 and moves up, and moves first (``Board/Common.hs``, ``Game.hs``): its
board is ours turned half round (its ``A1`` is our h8; every square keeps its colour).
A move is ``E8-E3``; a blocked tower's pass names its square twice (``A7-A7``):
``Types.hs``, ``Move``'s ``show`` and ``parseMove``.

hamisado reads and prints one move at a time; the only list of moves it prints is a
principal variation (``PV: [E8-E3,C1-C7]``, Haskell's ``show`` of a list). A *move list*
is that bracketed form used for a whole round from the initial position, one a line: our
convention (brackets, commas and spaces alike). Read, it carries the rulebook's verdict
(``Result``) and hamisado's (``HamisadoResult``: ``Game.hs``'s ``roundResult`` also ends
a round after two passes in a row, given to the side that passed last).

A *diagram* is our own one-line position: both sides' towers, each two letters of its
colour, its square and an optional Sumo mark (``BRh8 GRg8 … ORa8!``: ``!`` one ring,
``@`` two, ``#`` three), the code a comment of hamisado's first ``Notation.hs``
described; then ``/`` and the player to move, and, optionally, ``/`` and the moves that
led there, in play order (the last one's square names the tower to move; with none, the
choice is free).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ...diagnostics import Diagnostic
from ...engine.board import SQUARE_COLOURS, Colour, Side, square, square_file, square_rank
from ...engine.position import Move, Position, Tower
from ...errors import KamisadoError, PositionError
from ..kmr.tokens import MAX_LINE
from ..record import MatchRecord, RecordFile
from ..text import LINE
from .common import ForeignTurn, Located, build_match, refusal_text, round_score, round_winner, single_round_reasons

__all__ = [
    "from_hamisado_square",
    "hamisado_move",
    "hamisado_moves",
    "hamisado_refusal",
    "is_hamisado_position",
    "parse_hamisado_position",
    "read_hamisado",
]

_COLOURS = {"BR": Colour.BROWN, "GR": Colour.GREEN, "RE": Colour.RED, "YE": Colour.YELLOW,
            "PI": Colour.PINK, "PU": Colour.PURPLE, "BL": Colour.BLUE, "OR": Colour.ORANGE}
_RINGS = {"": 0, "!": 1, "@": 2, "#": 3}
_PIECE = re.compile(r"([A-Za-z]{2})([A-Ha-h])([1-8])([!@#$]?)")
_MOVE = re.compile(r"([A-Ha-h])([1-8])-([A-Ha-h])([1-8])")
_WORD = re.compile(r"[^\s,\[\]]+")
_SIDES = {"black": Side.BLACK, "white": Side.GOLD, "gold": Side.GOLD}


def from_hamisado_square(name: str) -> int:
    """Our square of hamisado's square ``name`` (``A1`` is our h8)."""
    file_index, rank_index = ord(name[0].upper()) - ord("A"), int(name[1]) - 1
    return square(7 - file_index, 7 - rank_index)


def _hamisado_square(sq: int) -> str:
    return f"{chr(ord('A') + 7 - square_file(sq))}{8 - square_rank(sq)}"


def hamisado_move(move: Move) -> str:
    """``move`` in hamisado's notation (``E8-E3``; a forfeit ``A7-A7``)."""
    return f"{_hamisado_square(move.origin)}-{_hamisado_square(move.target)}"


def hamisado_moves(moves: Sequence[Move]) -> str:
    """A move list as hamisado prints a line of play: ``[E8-E3,C1-C7]``."""
    return "[" + ",".join(hamisado_move(m) for m in moves) + "]"


def write_hamisado_match(match: MatchRecord, moves: Sequence[Move], winner: Side | None) -> str:
    """``match``, a single round the replay found to be ``moves``, as a hamisado move list
    on a line of its own (the list holds nothing else: hamisado's verdict follows from it)."""
    return hamisado_moves(moves) + "\n"


def hamisado_refusal(match: MatchRecord, rounds: int, target: int, drop: bool = False) -> str | None:
    """Why ``match`` (of ``rounds`` rounds, to ``target`` points) cannot be written as a
    hamisado move list, which holds the moves of one round from the initial position and
    nothing else (no header but those the moves decide: ``Result``, ``HamisadoResult``
    and the ``Termination`` beside it, and ``Match``/``Target`` of a single round; no
    comment): every reason at once; ``None`` when it can. With ``drop``, headers and
    comments are left out instead: only the moves' own reasons remain.

    >>> from kamisado_notation import read_record
    >>> match = read_record("samples/standard-match.kmr").matches[0]
    >>> print(hamisado_refusal(match, 5, 3))  # doctest: +NORMALIZE_WHITESPACE
    match 1 cannot be written as a hamisado move list: it has 5 rounds, and a hamisado move list holds one round
    (--round N writes one); it is played to 3 points, and a hamisado move list holds a single round
    (--round N writes one); it has headers (Event, Date, Black, Gold), comments: --drop leaves them out: nothing converted
    """
    what = "a hamisado move list"
    reasons = single_round_reasons(match, rounds, target, what)
    if not drop:
        reasons += _beside_the_moves(match)
    return refusal_text(match, what, reasons)


def _beside_the_moves(match: MatchRecord) -> list[str]:
    """What ``match`` holds that a move list does not, as a clause of its refusal: its
    headers but those the moves decide, and its comments; none when it holds neither."""
    kept = _headers_kept(match)
    held = [f"headers ({', '.join(kept)})" if kept else "", "comments" if _commented(match) else ""]
    return [f"it has {', '.join(h for h in held if h)}: --drop leaves them out"] if any(held) else []


def _headers_kept(match: MatchRecord) -> list[str]:
    """The names of ``match``'s headers but those its moves decide (the result, the
    format; hamisado's ``Termination`` where its verdict is written)."""
    derived = {"result", "hamisadoresult", "match", "target"} | ({"termination"} if match.header("HamisadoResult") else set())
    return [h.name for h in match.headers if h.name.lower() not in derived]


def _commented(match: MatchRecord) -> bool:
    """Whether a comment is written anywhere in ``match``: before it, at a header, a
    round, a lineup or an entry."""
    comments = [match.comments, *(h.comments for h in match.headers)]
    for r in match.rounds:
        comments += [r.comments, *(lu.comments for lu in r.lineups), *(e.comments for e in r.entries)]
    return any(comments)


def read_hamisado(text: str, record: RecordFile) -> Iterator[MatchRecord]:
    """The matches of a file of hamisado move lists, one a non-empty line, each a single
    round from the initial position. Raises :class:`NotationError` at a word that is not
    a move. A line longer than :data:`~..kmr.tokens.MAX_LINE` (as a ``.kmr`` line is) is a
    syntax error in ``record.errors``, skipped: a match of millions of moves is never
    built."""
    where = Located(text)
    start = 1 if text.startswith("\ufeff") else 0
    index = 0
    for line in LINE.finditer(text, start):
        begin, end = line.span()
        if end - begin > MAX_LINE:
            number, column = where(begin)
            record.errors.append(Diagnostic("syntax", f"the line is longer than {MAX_LINE} bytes; skipped", number, column))
            continue
        turns = _line_turns(text, begin, end, where)
        if turns:
            index += 1
            yield build_match(index, turns[0].offset, where, [("Match", "Single"), *_verdict(turns)], turns)


def _line_turns(text: str, begin: int, end: int, where: Located) -> list[ForeignTurn]:
    """The moves of the line of ``text`` from ``begin`` to ``end``, each at its offset.
    Raises :class:`NotationError` at a word that is not a move."""
    turns = []
    for word in _WORD.finditer(text, begin, end):
        m = _MOVE.fullmatch(word.group())
        if m is None:
            raise where.error(f"not a hamisado move: {word.group()!r} (a move is like E8-E3)", word.start())
        origin = from_hamisado_square(m.group(1) + m.group(2))
        target = from_hamisado_square(m.group(3) + m.group(4))
        turns.append(ForeignTurn(origin, target, word.start()))
    return turns


def _verdict(turns: Sequence[ForeignTurn]) -> list[tuple[str, str]]:
    """How the round ended, by the rulebook (``Result``: a tower on its opponent's home
    row, M7, or a deadlock, M8) and by hamisado (``HamisadoResult``: ``Game.hs``,
    ``roundResult``), with a ``Termination`` where hamisado's verdict is its own: it ends
    a round after any two passes in a row and gives it to the side that passed last, the
    last to make a real move, where the rulebook gives a deadlock to the other side (M8)
    and plays on when the towers can move again (M6). Nothing when the moves cannot be
    played (the replay says why)."""
    try:
        position, theirs, why = _played(turns)
    except KamisadoError:
        return []
    ours = round_winner(position)
    headers = [] if ours is None else [("Result", round_score(ours))]
    if theirs is not None:
        headers.append(("HamisadoResult", round_score(theirs)))
    if why:
        headers.append(("Termination", why))
    return headers



def _played(turns: Sequence[ForeignTurn]) -> tuple[Position, Side | None, str]:
    """The position after ``turns``, the side hamisado gives the round (``None``: not
    ended) and why, where its verdict is its own (:func:`_verdict`). Raises
    :class:`KamisadoError` at a turn that cannot be played."""
    position = Position.initial()
    theirs: Side | None = None
    why = ""
    for n, turn in enumerate(turns):
        mover = position.to_move
        position.play(position.resolve_coords(turn.origin, turn.target))
        if theirs is not None:
            continue  # (hamisado's doMoves plays nothing after the end)
        if position.winner is not None:
            theirs = position.winner
        elif n and turn.origin == turn.target and turns[n - 1].origin == turns[n - 1].target:
            theirs = mover
            why = (
                f"two passes in a row (moves {n} and {n + 1}): hamisado ends the round there and gives it to "
                f"{mover.title}, who passed last"
            )
    return position, theirs, why


def is_hamisado_position(text: str) -> bool:
    """Whether ``text`` is written as a hamisado diagram (its first word a tower: two
    letters of its colour and its square, ``BRh8``), not as our position string."""
    first = text.split(maxsplit=1)[:1]
    return bool(first) and _PIECE.fullmatch(first[0]) is not None


def parse_hamisado_position(text: str) -> Position:
    """The position of a hamisado diagram written on one line (:mod:`.hamisado`):
    ``<Black's towers> / <White's towers> / <player to move> [/ <moves>]``. Raises
    :class:`PositionError` naming the field at fault."""
    fields = [f.strip() for f in text.split("/")]
    if len(fields) not in (3, 4):
        raise PositionError(
            "a hamisado diagram is Black's towers / White's towers / the player to move [/ the moves]",
            field="diagram",
        )
    towers: dict[int, Tower] = {}
    for side, pieces, name in ((Side.BLACK, fields[0], "Black's towers"), (Side.GOLD, fields[1], "White's towers")):
        _pieces(pieces, side, name, towers)
    to_move = _SIDES.get(fields[2].lower())
    if to_move is None:
        raise PositionError(f"the player to move is Black or White, not {fields[2]!r}", field="player")
    tower, last_mover = _after(_diagram_moves(fields[3]) if len(fields) == 4 else [], to_move)
    return Position(towers, to_move=to_move, tower=tower, last_mover=last_mover)


def _diagram_moves(field: str) -> list[re.Match[str]]:
    """The moves of a diagram's last field, each read. Raises :class:`PositionError` at
    a word that is not a hamisado move."""
    words = _WORD.findall(field)
    moves = [m for m in map(_MOVE.fullmatch, words) if m is not None]
    if len(moves) != len(words):
        raise PositionError("the moves are hamisado moves like E8-E3", field="moves")
    return moves


def _after(moves: list[re.Match[str]], to_move: Side) -> tuple[Colour | None, Side | None]:
    """What the moves that led to a diagram say of it: the colour of the last one's
    square (the tower to move), and who made the last actual move (a pass names one
    square twice: M8); ``None`` for what they do not say."""
    if not moves:
        return None, None
    tower = SQUARE_COLOURS[from_hamisado_square(moves[-1].group(3) + moves[-1].group(4))]
    for back, m in enumerate(reversed(moves)):  # the moves alternate, the last one not by to_move
        if m.group(1, 2) != m.group(3, 4):
            return tower, to_move.other if back % 2 == 0 else to_move
    return tower, None


def _piece(word: str, name: str) -> tuple[Colour, int, int]:
    """The colour, square and rings of a tower written ``word`` (``BRh8``: colour,
    square, Sumo mark) in the field ``name``."""
    m = _PIECE.fullmatch(word)
    colour = _COLOURS.get(m.group(1).upper()) if m is not None else None
    if m is None or colour is None:
        raise PositionError(f"{name}: {word!r} is not a tower like BRh8 (colour, square, Sumo mark)", field=name)
    if m.group(4) == "$":
        raise PositionError(f"{name}: {word!r} has four rings ($); a tower has at most three", field=name)
    return colour, from_hamisado_square(m.group(2) + m.group(3)), _RINGS[m.group(4)]


def _pieces(text: str, side: Side, name: str, towers: dict[int, Tower]) -> None:
    seen: set[Colour] = set()
    for word in text.split():
        colour, sq, rings = _piece(word, name)
        if colour in seen or sq in towers:
            raise PositionError(f"{name}: {word!r} repeats a colour or a square", field=name)
        seen.add(colour)
        towers[sq] = Tower(side, colour, rings)
    if len(seen) != 8:
        raise PositionError(f"{name}: {len(seen)} towers; a side has eight", field=name)
