"""A tournament's openings (``--openings FILE``): positions or first moves to start matches
from, each checked by playing it (:func:`read_openings`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ArgumentError, IllegalMoveError, KamisadoError, MatchError
from .recorder import Recorder

__all__ = ["Opening", "read_openings"]


@dataclass(frozen=True)
class Opening:
    """A line of an openings file: a position string to start from, or the first moves
    to play from the initial position (``line`` in the file, 1 for the first)."""

    text: str
    line: int
    position: str | None = None
    moves: tuple[str, ...] = ()


def read_openings(path: str) -> list[Opening]:
    """The openings of the file ``path``, one a line: a position string
    (``notation.md`` §5), or the first moves from the initial position in coordinates,
    separated by spaces (``d8-d4 a1-a6``; move numbers such as ``1.`` are skipped).
    Blank lines and lines starting ``#`` are skipped. Each opening is checked by playing
    it: :class:`ArgumentError` with ``path:line:col`` for a line that is no position or
    holds a move the rules forbid, or for a file that cannot be read or has no opening."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ArgumentError(f"{path}: cannot read the openings: {e}") from None
    openings = []
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        openings.append(_opening(path, number, raw))
    if not openings:
        raise ArgumentError(f"{path}: no opening in the file (one position string or line of moves a line)")
    return openings


#: The longest line of an openings file (characters): a position string is 70 or so,
#: and the longest match of moves a few thousand; a longer line is refused by its length,
#: never echoed (a message quoting 6 MB is no message).
MAX_OPENING = 20_000
#: How much of what was written an error about it quotes (characters).
_QUOTED = 200


def _opening(path: str, number: int, raw: str) -> Opening:
    """One line of an openings file, checked (:func:`read_openings`)."""
    text = raw.strip()
    col = len(raw) - len(raw.lstrip()) + 1
    if len(raw) > MAX_OPENING:
        raise ArgumentError(f"{path}:{number}:{col}: a line of {len(raw):,} characters is no opening (at most {MAX_OPENING:,})")
    if "/" in text.split()[0]:
        return _position_opening(f"{path}:{number}:{col}", text, number)
    rec = Recorder()
    moves = []
    for found in re.finditer(r"\S+", raw):
        word = found[0]
        if re.fullmatch(r"\d+\.+", word):
            continue
        try:
            _play_opening_move(rec, word)
        except KamisadoError as e:
            raise ArgumentError(f"{path}:{number}:{found.start() + 1}: {_why_not(word, e)[: 2 * _QUOTED]}") from None
        moves.append(word)
    return Opening(text, number, moves=tuple(moves))


def _why_not(word: str, e: KamisadoError) -> str:
    """Why the ``word`` of an opening is no move there (``e``, what playing it raised):
    the rule it breaks first where it is one, the word quoted where ``e`` does not."""
    rule = f"{e.rule}: " if isinstance(e, IllegalMoveError) else ""
    return f"{rule}{e}" if word in str(e) else f"{word[:_QUOTED]!r}: {rule}{e}"


def _position_opening(where: str, text: str, number: int) -> Opening:
    """An opening given as a position string (``where``: the file, line and column, for
    the message), checked: one the match can go on from."""
    try:
        rec = Recorder(position=text)
    except KamisadoError as e:
        raise ArgumentError(f"{where}: not a position string: {str(e)[:_QUOTED]}") from None
    if rec.over:
        raise ArgumentError(f"{where}: the match is over in this position")
    return Opening(text, number, position=text)


def _play_opening_move(rec: Recorder, word: str) -> None:
    """The opening's move ``word`` played in ``rec``: :class:`MatchError` once its round
    is over (an opening ends with its round)."""
    if rec.needs_fill or rec.over:
        raise MatchError("the round is over: an opening ends with its round")
    rec.play(word)
