"""One match of the arena: two engines (:class:`EngineSpec`, started as
:class:`~.process.EngineProcess`) play under :class:`ArenaSettings`, refereed by the rules
engine and written through the :class:`~.recorder.Recorder` (:func:`play_match`).

Each match starts both engines afresh (a crash costs one match), shakes hands
(:func:`~.process.hello`, the options set), and plays: the arena sends ``position`` and
``go`` to the engine whose turn it is, plays the forced forfeits and back-entries itself
(the recorder writes them), and asks the Defender's engine for the fill. An engine that
breaks the protocol (:class:`~.process.EngineFault`) loses the match, and the record says
why in its ``Termination`` header; an answer later than its clock or the move time plus
the grace (:data:`GRACE_MS`) is a ``time forfeit``.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..display import printable
from ..engine.board import Side
from ..engine.match import MATCH_TARGETS
from ..errors import ArgumentError
from ..notation.text import one_plain_line
from ..numbers import MAX_DIGITS, MAX_MS, MAX_SECONDS, checked_count, checked_seconds, read_decimal
from .openings import Opening
from .process import INFO_KEPT, Debug, EngineFault, EngineProcess, answered_fill, answered_move, hello
from .protocol import Go
from .recorder import Recorder

__all__ = ["GRACE_MS", "UNTIMED_S", "ArenaSettings", "EngineSpec", "MatchOutcome", "parse_tc", "play_match"]

#: The grace on top of the move time: an answer later than ``movetime + grace`` loses.
GRACE_MS = 250
#: How long an ``info`` line kept as a comment may be (characters).
INFO_LENGTH = 200


@dataclass(frozen=True)
class EngineSpec:
    """An engine as the arena is given it: its command, the name to record it under
    (``None``: its ``id name``) and the options to set (``setoption``), in order."""

    command: str
    name: str | None = None
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, engine: str | EngineSpec) -> EngineSpec:
        """``engine`` itself, or the engine a command line gives (:meth:`parse`)."""
        return engine if isinstance(engine, EngineSpec) else cls.parse(engine)

    @classmethod
    def parse(cls, text: str) -> EngineSpec:
        """An engine from a command line whose last words may be the arena's:
        ``name=NAME`` and ``option.N=V`` (``"./eng --fast name=A option.Depth=3"``; quote
        a word with a space, ``'option.Hash Size=16'``). Raises :class:`ArgumentError`
        for a command that cannot be split or is empty, or a word ``option.`` without a
        name or ``=``."""
        try:
            words = shlex.split(text)
        except ValueError as e:
            raise ArgumentError(f"cannot read the command {text!r}: {e}") from None
        name, options = _arena_words(words, text)
        if not words:
            raise ArgumentError(f"an engine's command is empty: {text!r}")
        command = text if len(words) == len(shlex.split(text)) else shlex.join(words)
        return cls(command, name or None, tuple(options))


def _arena_words(words: list[str], text: str) -> tuple[str | None, list[tuple[str, str]]]:
    """The arena's words at the end of the command line ``text`` (its ``words``, taken
    off them): the last ``name=NAME``'s name, and the ``option.N=V`` options in order."""
    name: str | None = None
    options: list[tuple[str, str]] = []
    while words and words[-1].startswith(("name=", "option.")):
        word = words.pop()
        if word.startswith("name="):
            name = name if name is not None else word[5:].strip()
        else:
            options.insert(0, _option_word(word, text))
    return name, options


def _option_word(word: str, text: str) -> tuple[str, str]:
    """The option a word ``option.NAME=VALUE`` of the command ``text`` gives: its name and value."""
    key, equals, value = word[7:].partition("=")
    if not equals or not key.strip():
        raise ArgumentError(f"{word!r} in {text!r}: an option is given as option.NAME=VALUE")
    return key.strip(), value


#: How long an engine searching by depth or nodes only (no clock, no move time) may take
#: for one answer (seconds).
UNTIMED_S = 60.0


def parse_tc(text: str) -> tuple[float, float]:
    """A time control ``SECONDS+INCREMENT`` (``60+0.5``; ``60`` is ``60+0``): a match's
    seconds for each side and the seconds added after each of its moves. Raises
    :class:`ArgumentError` for any other text.

    >>> parse_tc("60+0.5"), parse_tc(" 10 ")
    ((60.0, 0.5), (10.0, 0.0))
    """
    seconds, plus, increment = text.partition("+")
    base, inc = read_decimal(seconds.strip()), read_decimal(increment.strip()) if plus else 0.0
    if base is None or inc is None or not 0 < base <= MAX_SECONDS or inc > MAX_SECONDS:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise ArgumentError(f"a time control is SECONDS+INCREMENT (each at most {MAX_SECONDS}), e.g. 60+0.5, not {shown!r}")
    return base, inc


def _seconds(x: float) -> str:
    """Seconds as a header writes them: ``60``, ``0.5``."""
    return f"{x:g}"


@dataclass(frozen=True)
class ArenaSettings:
    """How the matches are played: the format; the limits of a move (a clock ``tc``,
    (seconds a match, seconds added a move); a move time ``movetime_ms``; a ``depth``; a
    number of ``nodes``: each one given is sent with ``go``); the grace allowed past a
    time limit (ms), and how long an engine has to start and answer ``kep`` and
    ``isready`` (seconds)."""

    match: str = "standard"
    movetime_ms: int | None = 100
    grace_ms: int = GRACE_MS
    startup_s: float = 10.0
    tc: tuple[float, float] | None = None
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        """Every limit a number a wait can take (:mod:`~kamisado_notation.numbers`):
        :class:`ArgumentError` before any engine starts."""
        for name, value in (("the move time (ms)", self.movetime_ms), ("the depth", self.depth), ("the nodes", self.nodes)):
            if value is not None:
                checked_count(value, name, most=MAX_MS if name.startswith("the move") else 10**MAX_DIGITS - 1)
        checked_count(self.grace_ms, "the grace (ms)", least=0, most=MAX_MS)
        checked_seconds(self.startup_s, "the start-up time")

    @property
    def target(self) -> int:
        return MATCH_TARGETS[self.match.strip().lower()]

    @property
    def time_control(self) -> str:
        """The ``TimeControl`` header: the limits given, joined by ``, ``: ``60+0.5``
        (the clock), ``movetime 100`` (ms), ``depth 5``, ``nodes 20000``; ``-`` for none."""
        parts = [f"{_seconds(self.tc[0])}+{_seconds(self.tc[1])}"] if self.tc else []
        parts += [f"{word} {value}" for word, value in (("movetime", self.movetime_ms), ("depth", self.depth), ("nodes", self.nodes)) if value]
        return ", ".join(parts) or "-"

    def go(self, clocks: dict[Side, float] | None) -> str:
        """The ``go`` command (:meth:`~.protocol.Go.line`): the clock (``btime``,
        ``gtime``, ``binc``, ``ginc``, in ms) and the other limits given."""
        limits = Go(movetime=self.movetime_ms or None, depth=self.depth or None, nodes=self.nodes or None)
        if self.tc is not None and clocks is not None:
            inc = round(self.tc[1] * 1000)
            limits = replace(limits, btime=round(clocks[Side.BLACK]), gtime=round(clocks[Side.GOLD]), binc=inc, ginc=inc)
        return limits.line()

    def answer_s(self, clock_ms: float | None = None) -> float:
        """How long an answer may take (seconds): the side's clock or the move time,
        whichever is shorter, plus the grace; :data:`UNTIMED_S` with neither."""
        limits = [x for x in (clock_ms, self.movetime_ms) if x is not None]
        return (min(limits) + self.grace_ms) / 1000 if limits else UNTIMED_S + self.grace_ms / 1000



@dataclass
class MatchOutcome:
    """One match played: its number, which engine (0 or 1, the order given) played
    Black, the record, and why it ended early, if it did. ``players`` are the two
    engines' numbers in the tournament (in the order given), ``opening`` the opening
    played, if any."""

    number: int
    black: int
    recorder: Recorder
    reason: str | None = None
    message: str | None = None
    engines: tuple[EngineProcess, ...] = ()
    players: tuple[int, int] = (0, 1)
    opening: Opening | None = None

    @property
    def winner(self) -> int | None:
        """The winning engine (0 or 1), or ``None`` for an unfinished match."""
        side = self.recorder.winner
        if side is None:
            return None
        return self.black if side is Side.BLACK else 1 - self.black

    def side(self, engine: int) -> Side:
        """The side ``engine`` (0 or 1) played."""
        return Side.BLACK if engine == self.black else Side.GOLD

    def points(self, engine: int) -> int:
        """The round points ``engine`` scored."""
        return self.recorder.score[self.side(engine)]

    def rounds_won(self, engine: int) -> int:
        """The rounds ``engine`` won (on the board: a match lost by a fault keeps the
        rounds as played)."""
        side = self.side(engine)
        return sum(1 for result in self.recorder.round_results if result.winner is side)


def _comments(infos: list[str]) -> list[str]:
    """The last ``info`` lines, as braced comments may hold them."""
    kept = []
    for text in infos[-INFO_KEPT:]:
        clean = "".join(c if c.isprintable() and c not in "{}" else " " for c in text)[:INFO_LENGTH].strip()
        kept.append(f"info {clean}".strip())
    return kept


class _Referee:
    """One match between two started engines (Black's, Gold's), and their clocks."""

    def __init__(self, engines: tuple[EngineProcess, EngineProcess], settings: ArenaSettings, specs: tuple[EngineSpec, EngineSpec]) -> None:
        self.engines = engines
        self.settings = settings
        self.specs = specs
        tc = settings.tc
        self.clocks: dict[Side, float] | None = {side: tc[0] * 1000 for side in Side} if tc else None

    def handshake(self, side: Side, names: list[str]) -> None:
        """``kep`` → ``kepok`` (:func:`~.process.hello`; the ``id name`` kept in
        ``names`` unless the engine was given a name), the options set (checked against
        the engine's declarations: :class:`ArgumentError` for one that does not fit),
        then ``newmatch`` and ``isready`` → ``readyok``, with ``side``'s engine."""
        engine, spec = self.engines[side], self.specs[side]
        said = hello(engine, self.settings.startup_s)
        if spec.name is None and "name" in said.id:
            names[side] = "".join(c for c in said.id["name"] if c.isprintable())[:100]
        for line in said.setoption_lines(spec.options, engine=f"the engine {spec.command!r}"):
            engine.send(line)
        engine.send(f"newmatch {self.settings.target}")
        engine.send("isready")
        engine.answer(("readyok",), seconds=self.settings.startup_s, asked="isready")

    def _ask(self, side: Side, command: str, words: tuple[str, ...]) -> tuple[str, list[str]]:
        """Send ``command`` (``go …``, ``fill …``) to ``side``'s engine and wait for its
        answer within its time; its clock, when there is one, is charged the time from
        the command written to the answer read, and given the increment."""
        engine = self.engines[side]
        clock = self.clocks[side] if self.clocks is not None else None
        engine.send(command)
        sent = time.monotonic()
        allowed = self.settings.answer_s(clock)
        asked = command.split(maxsplit=1)[0]
        line, infos = engine.answer(words, seconds=allowed, asked=asked)
        used = engine.answered_at - sent
        if used > allowed:  # (read in time, answered late: a loaded machine's reader)
            raise EngineFault(f"no answer to {asked!r} within {allowed * 1000:.0f} ms", reason="time forfeit")
        if self.clocks is not None and self.settings.tc is not None:
            self.clocks[side] = max(0.0, self.clocks[side] - used * 1000) + self.settings.tc[1] * 1000
        return line, infos

    def turn(self, rec: Recorder) -> None:
        """One choice: the fill of the Defender's engine, or the move of the engine to move."""
        defender = rec.defender
        if defender is not None:
            self.engines[defender].drain()
            line, _ = self._ask(defender, f"fill {rec.position.to_string()}", ("fill",))
            rec.fill(answered_fill(line))
            return
        side = rec.to_move
        assert side is not None
        engine = self.engines[side]
        engine.drain()
        engine.send(f"position {rec.position.to_string()}")
        line, infos = self._ask(side, self.settings.go(self.clocks), ("bestmove",))
        rec.play(answered_move(rec.position, line), comments=_comments(infos))


def play_match(
    commands: Sequence[str | EngineSpec],
    settings: ArenaSettings,
    *,
    number: int = 1,
    black: int = 0,
    started: Callable[[EngineProcess], None] | None = None,
    opening: Opening | None = None,
    players: tuple[int, int] = (0, 1),
    debug: Debug | None = None,
) -> MatchOutcome:
    """Play one match between two engines (commands or :class:`EngineSpec`, in the order
    given; ``black``: which plays Black), from ``opening`` when given, and return it,
    lost by the engine at fault if one broke the protocol. ``started`` is told of each
    engine process (to stop them from outside: a Ctrl-C); ``debug`` of every line sent
    and read (engine name, ``>`` or ``<``, the line). Raises :class:`ArgumentError` for
    an option an engine does not declare or whose value does not fit its declaration
    (:func:`~.arena.run_arena` checks them before the first match)."""
    given = (EngineSpec.of(commands[0]), EngineSpec.of(commands[1]))
    specs = (given[black], given[1 - black])
    engines = (EngineProcess(specs[0].command, name=specs[0].name, debug=debug), EngineProcess(specs[1].command, name=specs[1].name, debug=debug))
    names = [e.name for e in engines]
    referee = _Referee(engines, settings, specs)
    date = time.strftime("%Y.%m.%d", time.gmtime())
    rec: Recorder | None = None

    def recorder() -> Recorder:
        return _recorder(settings, names, (specs[0].command, specs[1].command), number, date, opening)

    try:
        _start(engines, referee, names, started)
        rec = recorder()
        while not rec.over:
            chooser = rec.defender if rec.defender is not None else rec.to_move
            assert chooser is not None
            _guard(chooser, referee.turn, rec)
    except _Lost as lost:
        rec = rec or recorder()
        rec.terminate(lost.side, lost.fault.reason, comment=_recorded(f"{names[lost.side]}: {lost.fault}"))
        return MatchOutcome(number, black, rec, lost.fault.reason, f"{lost.side.title} ({names[lost.side]}) {lost.fault}", engines, players, opening)
    finally:
        for engine in engines:
            engine.close()
    return MatchOutcome(number, black, rec, engines=engines, players=players, opening=opening)


def _start(
    engines: tuple[EngineProcess, EngineProcess], referee: _Referee, names: list[str], started: Callable[[EngineProcess], None] | None
) -> None:
    """Start both ``engines`` (Black's first; ``started`` told of each) and shake hands
    with each: an engine that fails there loses (:class:`_Lost`)."""
    for side, engine in zip(Side, engines, strict=True):
        _guard(side, engine.start)
        if started is not None:
            started(engine)
    for side in Side:
        _guard(side, referee.handshake, side, names)


class _Lost(Exception):
    def __init__(self, side: Side, fault: EngineFault) -> None:
        self.side, self.fault = side, fault


def _guard(side: Side, call: Callable[..., object], *args: object) -> None:
    """Run ``call(*args)``; an :class:`EngineFault` becomes the loss of ``side``."""
    try:
        call(*args)
    except EngineFault as fault:
        raise _Lost(side, fault) from None


def _recorder(settings: ArenaSettings, names: list[str], commands: tuple[str, str], number: int, date: str, opening: Opening | None) -> Recorder:
    """The match's recorder, its headers naming the engines (their names and commands
    as :func:`_recorded` writes them), the date and time control, and the opening: a
    position's ``Position`` header, or its moves played (the opening's line in a
    comment)."""
    rec = Recorder(
        settings.match.capitalize(), event="kamisado arena", black=_recorded(names[0]), gold=_recorded(names[1]),
        position=opening.position if opening is not None else None,
        date=date, Game=str(number), headers=[("TimeControl", settings.time_control)],
    )  # fmt: skip
    rec.comment_header("Black", _recorded(f"engine: {commands[0]}"))
    rec.comment_header("Gold", _recorded(f"engine: {commands[1]}"))
    if opening is not None:
        rec.comment_header("Game", _recorded(f"opening (line {opening.line}): {opening.text}"))
        for move in opening.moves:
            rec.play(move)
    return rec


def _recorded(text: str) -> str:
    """An engine's name, command or fault as the record writes it: control characters
    escaped (:func:`~kamisado_notation.display.printable`: a line break in a command is
    ``\\x0a``, never a line of its own, so no header is forged) and what a line reads
    otherwise made plain (:func:`~kamisado_notation.notation.text.one_plain_line`)."""
    return one_plain_line(printable(text))
