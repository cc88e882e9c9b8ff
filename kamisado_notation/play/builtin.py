"""The built-in engine's side of the engine protocol (``docs/engines.md``): :func:`serve`
answers the commands an arena or a client sends (:mod:`.protocol` holds the lines, as
values both ends share) with the :class:`~.search.Searcher`'s moves, fills and ``info``
lines."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TextIO

from ..engine.position import Position
from ..errors import ArgumentError
from .protocol import EngineOption, Go, Info, Score, parse_go, parse_setoption
from .search import MAX_DEPTH, MAX_VARIETY, Limits, Searcher, SearchResult

__all__ = ["DEFAULT_MOVETIME", "engine_options", "info_of", "serve"]

#: How much of the reason an ``info error`` line gives (characters): a bad line quoted
#: whole would make the line as long as the bad one, past what an arena reads
#: (:data:`~kamisado_notation.play.process.MAX_LINE`).
_ECHOED = 200


def engine_options(searcher: Searcher) -> tuple[EngineOption, ...]:
    """The options the built-in engine declares in its handshake, with ``searcher``'s
    settings as their defaults (``setoption`` changes them): ``Depth``, the deepest
    iteration (plies), ``Random``, random legal moves instead of a search, and
    ``Variety``, the margin (points) within which a move below the best may be played."""
    return (
        EngineOption("Depth", "spin", str(searcher.max_depth), 1, MAX_DEPTH),
        EngineOption("Random", "check", "true" if searcher.level == "random" else "false"),
        EngineOption("Variety", "spin", str(searcher.variety), 0, MAX_VARIETY),
    )

#: The move time of a ``go`` that limits nothing (no time, depth, nodes, not infinite).
DEFAULT_MOVETIME = 100


def serve(searcher: Searcher, *, name: str, author: str, stdin: TextIO, stdout: TextIO) -> None:
    """Answer the protocol's commands from ``stdin`` on ``stdout`` until ``quit`` or the
    end of the input. A search runs in a thread of its own, so that ``stop`` and
    ``isready`` are read and answered while it runs; any other command (but an unknown
    one, which is ignored) first waits for the search in play to end — an infinite one is
    stopped — so answers come in the order of the commands. A command it cannot read gets
    an ``info error …`` line and no answer (the arena's clock decides)."""
    engine = _Engine(searcher, stdout, name=name, author=author)
    try:
        for line in stdin:
            if not engine.command(line.split()):
                return
    finally:
        engine.finish()


class _Engine:
    """What an engine remembers between commands: the position, and the search in play."""

    def __init__(self, searcher: Searcher, out: TextIO, *, name: str, author: str) -> None:
        self.searcher, self.out = searcher, out
        self.name, self.author = name, author
        self.position: Position | None = None
        self.movetime = DEFAULT_MOVETIME
        self._lock = threading.Lock()  # (the search thread writes too)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._infinite = False

    def reply(self, *lines: str) -> None:
        with self._lock:
            self.out.write("".join(line + "\n" for line in lines))
            self.out.flush()

    def command(self, words: list[str]) -> bool:
        """Carry out one command; ``False`` after ``quit``."""
        if not words:
            return True
        what = words[0]
        if what == "isready":
            self.reply("readyok")
        elif what == "stop":
            self.finish(stop=True)
        elif what == "quit":
            self.finish(stop=True)
            return False
        elif what in _COMMANDS:
            self.finish()
            _COMMANDS[what](self, words)
        return True

    def finish(self, *, stop: bool = False) -> None:
        """Wait for the search in play to end (its ``bestmove`` sent); an infinite one,
        or any with ``stop``, is stopped first."""
        thread = self._thread
        if thread is None:
            return
        if stop or self._infinite:
            self._stop.set()
        thread.join()
        self._thread = None

    def handshake(self, words: list[str]) -> None:
        options = [option.line() for option in engine_options(self.searcher)]
        self.reply(f"id name {self.name}", f"id author {self.author}", *options, "kepok")

    def setoption(self, words: list[str]) -> None:
        named = parse_setoption(" ".join(words))
        option = next((o for o in engine_options(self.searcher) if named is not None and o.name.lower() == named[0].lower()), None)
        if named is None or option is None:
            self.reply(f"info error no such option: {' '.join(words[2:])[:_ECHOED]}")
            return
        try:
            value = option.value_text(named[1])
        except ArgumentError as e:
            self.reply(f"info error {str(e)[:_ECHOED]}")
            return
        _SETTERS[option.name](self.searcher, value)

    def position_or_fill(self, words: list[str]) -> None:
        try:
            self.position = Position.from_string(" ".join(words[1:]))
        except ValueError as e:
            self.reply(f"info error bad position: {str(e)[:_ECHOED]}")  # (a 5 MB line is not echoed)
            self.position = None
            return
        if words[0] == "fill":
            how = self.searcher.choose_fill(self.position, movetime_ms=self.movetime)
            self.reply(f"fill {how.value}")

    def go(self, words: list[str]) -> None:
        if self.position is None or not self.position.legal_moves():
            self.reply("info error no position with a move to search")
            return
        go = parse_go(" ".join(words))
        limits = self._limits(go, self.position)
        self._stop.clear()
        self._infinite = go.infinite
        self._thread = threading.Thread(target=self._search, args=(self.position.copy(), limits), name="search", daemon=True)
        self._thread.start()

    def _limits(self, go: Go, position: Position) -> Limits:
        """The search's limits of a ``go`` command in ``position``: its time for the side
        to move (the last time given where it names no limit, and kept for a fill)."""
        movetime = go.time_for(position.to_move)
        if movetime is None and _names_no_limit(go):
            movetime = self.movetime
        if movetime is not None:
            self.movetime = movetime  # (the fill's time, too)
        return Limits(movetime=None if go.infinite else movetime, depth=go.depth, nodes=None if go.infinite else go.nodes)

    def _search(self, position: Position, limits: Limits) -> None:
        """The search thread: ``info`` lines as it deepens, then ``bestmove`` (in an
        infinite search, only once ``stop`` comes, as UCI has it)."""
        result = self.searcher.search(position, limits, stop=self._stop, on_info=lambda r: self.reply(info_of(r).line()))
        if self._infinite:
            self._stop.wait()
        self.reply(f"bestmove {result.move.coords()}")


def _names_no_limit(go: Go) -> bool:
    """Whether a ``go`` command without a time for the side to move names no other
    limit either: no depth, no nodes, not infinite."""
    return go.depth is None and go.nodes is None and not go.infinite


def _set_depth(searcher: Searcher, value: str) -> None:
    """The ``Depth`` option: how deep the search goes at most."""
    searcher.max_depth = int(value)


def _set_level(searcher: Searcher, value: str) -> None:
    """The ``Random`` option: a random legal move, or the search."""
    searcher.level = "random" if value == "true" else "search"


def _set_variety(searcher: Searcher, value: str) -> None:
    """The ``Variety`` option: the margin (points of the evaluation) within which a move
    scored below the best may be played."""
    searcher.variety = int(value)


#: what each of :func:`engine_options` sets in the searcher, given its value as checked
_SETTERS: dict[str, Callable[[Searcher, str], None]] = {"Depth": _set_depth, "Random": _set_level, "Variety": _set_variety}


_COMMANDS: dict[str, Callable[[_Engine, list[str]], None]] = {
    "kep": _Engine.handshake,
    "setoption": _Engine.setoption,
    "position": _Engine.position_or_fill,
    "fill": _Engine.position_or_fill,
    "go": _Engine.go,
    "newmatch": lambda engine, words: None,
}


def info_of(result: SearchResult) -> Info:
    """The ``info`` line of a search's result: ``score win N``/``loss N`` when proven,
    else ``cp``; ``nps`` from the nodes and the time; the principal variation."""
    score = Score(result.proven, result.turns) if result.proven is not None else Score("cp", result.score)
    nps = int(result.nodes / result.seconds) if result.seconds > 0 else 0
    pv = tuple(m.coords() for m in result.pv or (result.move,))
    return Info(depth=result.depth, score=score, nodes=result.nodes, nps=nps, time=int(result.seconds * 1000), pv=pv)
