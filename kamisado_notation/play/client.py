"""A client for engines: a program that speaks the engine protocol (``docs/engines.md``)
driven from Python, as python-chess's ``chess.engine.SimpleEngine`` drives a UCI engine.

>>> with EngineClient.popen("kamisado engine") as engine:          # doctest: +SKIP
...     move = engine.play(Position.initial(), movetime=100)       # a Move
...     analysis = engine.analyse(Position.initial(), depth=4)     # its score and pv

Every wait has a deadline and the engine runs as the arena runs it (its own process
group, its output read without blocking: :class:`~.process.EngineProcess`, with the
same handshake, :func:`~.process.hello`), so an engine
that hangs, floods or exits raises :class:`~kamisado_notation.errors.EngineError`
instead of holding the caller; after that error the engine is stopped and the client
closed. The moves an engine names are checked by the rules engine: an illegal one is an
``EngineError`` too (``reason`` ``illegal move``).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import NoReturn, ParamSpec, TypeVar

from ..engine.match import Fill
from ..engine.position import Move, Position
from ..errors import ArgumentError, EngineError, KamisadoError
from ..numbers import MAX_MS, checked_count, checked_seconds
from .process import EngineFault, EngineProcess, Handshake, answered_fill, answered_move, hello
from .protocol import EngineOption, Go, Info, Score, parse_info

__all__ = ["DEFAULT_TIMEOUT", "EngineAnalysis", "EngineClient"]

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: The seconds an answer may take beyond the move time (and the whole wait for one with
#: no move time: a handshake, a search by depth or nodes), unless a call says otherwise.
DEFAULT_TIMEOUT = 10.0


@dataclass(frozen=True)
class EngineAnalysis:
    """What an engine found in a position: its ``move`` (the ``bestmove``), and from its
    last ``info`` line with a score, the ``score`` (``cp``, or a proven ``win N`` /
    ``loss N`` in turns, from the side to move's view; ``None`` when the engine gave no
    score), the principal variation ``pv`` as moves (as far as they are legal from the
    position, forfeits included), ``depth`` and ``nodes``, and the ``info`` itself."""

    move: Move
    score: Score | None
    pv: tuple[Move, ...]
    depth: int | None
    nodes: int | None
    info: Info | None


class EngineClient:
    """One engine process, handshaken: its ``id`` (``name``, and ``author`` when it gave
    one) and the ``options`` it declared. Made by :meth:`popen`; a context manager that
    quits the engine on leaving."""

    def __init__(self, process: EngineProcess, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._process = process
        self.timeout = timeout
        self._said = Handshake()
        self._closed = False

    @property
    def timeout(self) -> float:
        """The seconds an answer may take beyond the move time (and the whole wait for
        one with no move time); set to a finite number above 0, else :class:`ArgumentError`."""
        return self._timeout

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self._timeout = checked_seconds(seconds, "timeout")

    @property
    def id(self) -> dict[str, str]:
        """The engine's ``id`` fields: ``name`` (its command's, when it gave none) and
        ``author`` when it gave one."""
        return self._said.id

    @property
    def options(self) -> dict[str, EngineOption]:
        """The options the engine declared, by name in their order."""
        return self._said.options

    @classmethod
    def popen(cls, command: str | Sequence[str], *, timeout: float = DEFAULT_TIMEOUT) -> EngineClient:
        """Start the engine ``command`` (a command line, split as a shell splits it and
        run without a shell, or a list of arguments), and shake hands (``kep``,
        ``isready``) within ``timeout`` seconds. :class:`EngineError` when it cannot be
        started or does not answer; :class:`ArgumentError` for an empty command or a
        ``timeout`` that is not a finite number of seconds above 0
        (:func:`~kamisado_notation.numbers.checked_seconds`)."""
        line = command if isinstance(command, str) else shlex.join(command)
        if not line.strip():
            raise ArgumentError("an empty engine command")
        client = cls(EngineProcess(line), timeout=timeout)
        client._call(client._start)
        return client

    # ------------------------------------------------------------------ commands

    def play(
        self,
        position: Position | str,
        *,
        movetime: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        timeout: float | None = None,
    ) -> Move:
        """The engine's move in ``position`` (a :class:`Position` or a position string,
        whose side to move must have a move), searched within ``movetime`` ms, ``depth``
        plies or ``nodes`` (at least one; with several, the first reached ends it).
        ``timeout``: the seconds to wait for the answer (by default ``movetime`` plus
        :attr:`timeout`). :class:`EngineError` when the answer is late, no move, or
        illegal; :class:`ArgumentError` for a limit that is not a whole number from 1
        (``movetime`` at most :data:`~kamisado_notation.numbers.MAX_MS`) or a
        ``timeout`` that is not a finite number of seconds above 0."""
        return self.analyse(position, movetime=movetime, depth=depth, nodes=nodes, timeout=timeout).move

    def analyse(
        self,
        position: Position | str,
        *,
        movetime: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        timeout: float | None = None,
    ) -> EngineAnalysis:
        """As :meth:`play`, with what the engine said of its search: the score and the
        principal variation (:class:`EngineAnalysis`)."""
        pos = _position(position)
        go = _go(pos, movetime, depth, nodes)
        seconds = checked_seconds(timeout, "timeout") if timeout is not None else (movetime or 0) / 1000 + self.timeout
        line, infos = self._call(self._ask, f"position {pos.to_string()}", go.line(), ("bestmove",), seconds)
        move = self._call(answered_move, pos, line)
        info = next((i for i in map(parse_info, reversed(infos)) if i.score is not None), None)
        if info is None:
            return EngineAnalysis(move, None, (move,), None, None, None)
        return EngineAnalysis(move, info.score, _variation(pos, info.pv) or (move,), info.depth, info.nodes, info)

    def fill(self, position: Position | str, *, timeout: float | None = None) -> Fill:
        """The engine's fill (F1) at the end of a round (``position``, the winner's ring
        placed), asked of the engine as the Defender's."""
        pos = _position(position)
        seconds = checked_seconds(timeout, "timeout") if timeout is not None else self.timeout
        line, _ = self._call(self._ask, f"fill {pos.to_string()}", None, ("fill",), seconds)
        return self._call(answered_fill, line)

    def configure(self, options: Mapping[str, object]) -> None:
        """Set options the engine declared (``setoption name N value V``), each value
        checked against its declaration (:meth:`EngineOption.value_text`): an option it
        did not declare, or a value that does not fit, is an :class:`ArgumentError`
        and nothing is sent. The engine's answer is awaited with ``isready``."""
        for line in self._said.setoption_lines(options.items()):
            self._call(self._process.send, line)
        self.ping()

    def ping(self) -> None:
        """``isready``, and wait for ``readyok`` (at most :attr:`timeout` seconds)."""
        self._call(self._ask, "isready", None, ("readyok",), self.timeout)

    def quit(self) -> None:
        """``quit``; the engine's process group is killed if it has not ended within a
        moment. Calling it again does nothing."""
        if not self._closed:
            self._closed = True
            self._process.close()

    def __enter__(self) -> EngineClient:  # noqa: PYI034  (typing.Self is Python 3.11)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.quit()

    def __repr__(self) -> str:
        return f"<EngineClient {self.id.get('name', self._process.name)!r}{' (closed)' if self._closed else ''}>"

    # ------------------------------------------------------------------ the wire

    def _start(self) -> None:
        self._process.start()
        self._said = hello(self._process, self.timeout)
        self._said.id.setdefault("name", self._process.name)
        self._ask("isready", None, ("readyok",), self.timeout)

    def _ask(self, first: str, second: str | None, answers: tuple[str, ...], seconds: float) -> tuple[str, list[str]]:
        """Send one or two commands and wait ``seconds`` for a line starting with one of
        ``answers`` (and the last ``info`` lines before it)."""
        self._process.drain()
        self._process.send(first)
        if second is not None:
            self._process.send(second)
        return self._process.answer(answers, seconds=seconds, asked=(second or first).split()[0])

    def _call(self, call: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """``call(*args)`` on the engine, its faults turned into :class:`EngineError`."""
        if self._closed:
            raise EngineError(f"engine {self._process.command!r}: the client is closed", reason="crash")
        try:
            return call(*args, **kwargs)
        except EngineFault as fault:
            self._fail(fault)

    def _fail(self, fault: EngineFault) -> NoReturn:
        """Stop the engine and raise its fault as an :class:`EngineError`."""
        self.quit()
        raise EngineError(f"engine {self._process.command!r}: {fault}", reason=fault.reason) from None


def _position(position: Position | str) -> Position:
    if isinstance(position, Position):
        return position
    if isinstance(position, str):
        return Position.from_string(position)
    raise TypeError(f"a Position or a position string, not {type(position).__name__}")


def _go(pos: Position, movetime: int | None, depth: int | None, nodes: int | None) -> Go:
    """The ``go`` of :meth:`EngineClient.analyse`, its limits checked (at least one, each
    a whole number from 1, ``movetime`` at most :data:`~kamisado_notation.numbers.MAX_MS`),
    for a position whose side to move has a move to choose."""
    _check_limits(movetime, depth, nodes)
    if not pos.legal_moves():
        raise ArgumentError("the side to move has no move to choose (it forfeits, or the round is over)")
    return Go(movetime=movetime, depth=depth, nodes=nodes)


def _check_limits(movetime: int | None, depth: int | None, nodes: int | None) -> None:
    """:class:`ArgumentError` unless a search's limits are at least one, each a whole
    number from 1 (``movetime`` at most :data:`~kamisado_notation.numbers.MAX_MS`)."""
    if movetime is None and depth is None and nodes is None:
        raise ArgumentError("give the search a limit: movetime, depth or nodes")
    for name, value, most in (("movetime", movetime, MAX_MS), ("depth", depth, None), ("nodes", nodes, None)):
        if value is not None:
            checked_count(value, name, **({"most": most} if most else {}))


def _variation(position: Position, pv: tuple[str, ...]) -> tuple[Move, ...]:
    """The moves of ``pv`` played from ``position`` (on a copy), up to the first that is
    not legal there."""
    pos = position.copy()
    moves = []
    for text in pv:
        try:
            moves.append(pos.play_text(text))
        except KamisadoError:
            break
    return tuple(moves)
