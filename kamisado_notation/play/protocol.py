"""The engine protocol (``docs/engines.md``), engine side: a line protocol over standard
input and output, modelled on chess's UCI.

Commands the arena sends, and the answers:

- ``kep`` → ``id name …``, ``id author …`` (optional), ``kepok``;
- ``isready`` → ``readyok``;
- ``newmatch TARGET`` (1, 3, 7 or 15 points), ``position POSITION`` (a position string,
  the tower to move included): no answer;
- ``go movetime MS`` → ``bestmove FROM-TO`` (coordinates; a push is the pusher's own
  from-to), sent only when the side to move has a move;
- ``fill POSITION`` (the round's end, the winner's ring placed), sent to the Defender →
  ``fill left`` or ``fill right``;
- ``quit``.

Lines starting ``info`` are the engine's remarks (the arena keeps them as comments);
anything else an engine or the arena does not know is ignored. :func:`serve` runs an
engine (a :class:`~.search.Searcher`) on two streams.
"""

from __future__ import annotations

from typing import TextIO

from ..engine.position import Position
from .search import Searcher

__all__ = ["serve"]


#: How much of the reason an ``info error`` line gives (characters): a bad line quoted
#: whole would make the line as long as the bad one, past what an arena reads
#: (:data:`~kamisado_notation.play.arena.MAX_LINE`).
_ECHOED = 200


def _reply(out: TextIO, *lines: str) -> None:
    out.write("".join(line + "\n" for line in lines))
    out.flush()


def _number(words: list[str], name: str, default: int) -> int:
    """The number after ``name`` in ``words`` (``go movetime 100``), or ``default``."""
    try:
        return max(1, int(words[words.index(name) + 1]))
    except (ValueError, IndexError):
        return default


def serve(searcher: Searcher, *, name: str, author: str, stdin: TextIO, stdout: TextIO) -> None:
    """Answer the protocol's commands from ``stdin`` on ``stdout`` until ``quit`` or the
    end of the input. A command it cannot read gets an ``info error …`` line and no
    answer (the arena's clock decides)."""
    engine = _Engine(searcher, stdout)
    for line in stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            return
        if words[0] == "kep":
            _reply(stdout, f"id name {name}", f"id author {author}", "kepok")
        elif words[0] == "isready":
            _reply(stdout, "readyok")
        elif words[0] in ("position", "fill"):
            engine.position_or_fill(words)
        elif words[0] == "go":
            engine.go(words)


class _Engine:
    """What an engine remembers between commands: the position and the move time."""

    def __init__(self, searcher: Searcher, out: TextIO) -> None:
        self.searcher, self.out = searcher, out
        self.position: Position | None = None
        self.movetime = 100

    def position_or_fill(self, words: list[str]) -> None:
        try:
            self.position = Position.from_string(" ".join(words[1:]))
        except ValueError as e:
            _reply(self.out, f"info error bad position: {str(e)[:_ECHOED]}")  # (a 5 MB line is not echoed)
            self.position = None
            return
        if words[0] == "fill":
            how = self.searcher.choose_fill(self.position, movetime_ms=self.movetime)
            _reply(self.out, f"fill {how.value}")

    def go(self, words: list[str]) -> None:
        self.movetime = _number(words, "movetime", self.movetime)
        if self.position is None or not self.position.legal_moves():
            _reply(self.out, "info error no position with a move to search")
            return
        result = self.searcher.best_move(self.position, movetime_ms=self.movetime)
        remarks = [f"info {result.info()}"] if result.depth else []  # (a random move has none)
        _reply(self.out, *remarks, f"bestmove {result.move.coords()}")
