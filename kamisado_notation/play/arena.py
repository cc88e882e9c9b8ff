"""The arena: engines, as processes speaking the engine protocol (:mod:`.protocol`,
``docs/engines.md``), play matches refereed by the rules engine and written through the
:class:`~.recorder.Recorder`: two engines, a round robin or a gauntlet
(:func:`run_arena`), from openings or the initial position, under a clock, a move time,
a depth or a number of nodes (:class:`ArenaSettings`), optionally until an SPRT
(:class:`Sprt`) decides.

Each match starts both engines afresh (a crash costs one match), shakes hands (``kep``,
the options set), and plays: the arena sends ``position`` and ``go`` to the engine whose
turn it is, plays the forced forfeits and back-entries itself (the recorder writes
them), and asks the Defender's engine for the fill. An engine loses the match, and the
record says why in its ``Termination`` header, when it:

- plays an illegal move (``illegal move``), or answers with no move at all
  (``garbage``: ``bestmove`` without coordinates, a fill neither left nor right);
- answers later than its clock or the move time plus the grace (``time forfeit``), or
  does not answer ``kep`` within the start-up time;
- exits, or cannot be started (``crash``);
- writes more than :data:`MAX_LINES` lines for one command, or a line longer than
  :data:`MAX_LINE` bytes (``flood``).

Nothing an engine does can hold the arena: its output is read by a thread into a queue
that the arena waits on with a deadline, every engine runs in its own process group,
and the group is killed when the match ends.
"""

from __future__ import annotations

import datetime
import itertools
import math
import os
import queue
import random
import re
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TextIO

from ..display import printable
from ..engine.board import Side, parse_square
from ..engine.match import MATCH_TARGETS
from ..errors import ArgumentError, IllegalMoveError, KamisadoError, MatchError
from ..notation.text import one_plain_line
from .recorder import Recorder

__all__ = [
    "GRACE_MS",
    "MAX_LINE",
    "MAX_LINES",
    "UNTIMED_S",
    "ArenaResult",
    "ArenaSettings",
    "Debug",
    "EngineFault",
    "EngineProcess",
    "EngineSpec",
    "MatchOutcome",
    "Opening",
    "Sprt",
    "Traffic",
    "elo",
    "hello",
    "json_rating",
    "pairings",
    "parse_tc",
    "play_match",
    "prepare_engines",
    "read_openings",
    "run_arena",
    "schedule",
]

#: The grace on top of the move time: an answer later than ``movetime + grace`` loses.
GRACE_MS = 250
#: The longest line an engine may write (bytes).
MAX_LINE = 64 * 1024
#: The most lines an engine may write while the arena waits for one answer.
MAX_LINES = 10_000
#: How many ``info`` lines are kept as comments after a move (the last ones), and how long.
INFO_KEPT, INFO_LENGTH = 3, 200
#: How long an engine has to quit before its process group is killed (seconds).
QUIT_WAIT = 0.3
#: How often (seconds) the reader of an engine's output looks whether the engine is
#: closed, and how much it reads at a time (bytes).
_POLL, _CHUNK = 0.05, 64 * 1024
#: How long the arena waits for room in an engine's input pipe (seconds).
WRITE_WAIT = 2.0


class EngineFault(KamisadoError):
    """An engine broke the protocol: ``reason`` is the ``Termination`` reason (``time
    forfeit``, ``crash``, ``garbage``, ``flood``, ``illegal move``)."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


#: Told of every line sent to an engine and read from it: the engine's name, ``>`` (to
#: it) or ``<`` (from it), and the line.
Debug = Callable[[str, str, str], None]

_EXITED = object()  # what the reader puts in the queue when the engine's output ends


class EngineProcess:
    """One engine as a process: lines to its standard input, its standard output read by
    a thread (:meth:`answer` waits for a line with a deadline). Its standard error is
    discarded."""

    def __init__(self, command: str, *, name: str | None = None, debug: Debug | None = None) -> None:
        self.command = command
        self.name = name or command
        #: when the last answer :meth:`answer` gave was read (``time.monotonic``)
        self.answered_at = 0.0
        self._debug = debug
        self._lines: queue.Queue[object] = queue.Queue()
        self._count = 0  # lines read since the last command
        self._proc: subprocess.Popen[bytes] | None = None
        self._reader: threading.Thread | None = None
        self._closing = threading.Event()

    def start(self) -> None:
        """Start the process in its own process group; :class:`EngineFault` (crash) when
        it cannot be started."""
        try:
            args = shlex.split(self.command)
            if not args:
                raise ValueError("an empty command")
            self._proc = subprocess.Popen(
                args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
            )
        except (OSError, ValueError) as e:
            raise EngineFault(f"cannot start {self.command!r}: {e}", reason="crash") from None
        assert self._proc.stdin is not None
        os.set_blocking(self._proc.stdin.fileno(), False)  # (an engine that reads nothing cannot block a write)
        self._reader = threading.Thread(target=self._read, name=f"engine {self.name}", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """Put each line of the engine's output in the queue until it ends or the engine
        is closed. The pipe is read with ``select`` and ``os.read``, never a blocking
        ``readline``: a child the engine detached (``setsid``) may hold the pipe open
        after the engine is killed, and the reader then ends when :meth:`close` says so
        instead of blocking for ever (and the pipe is closed without waiting for it)."""
        assert self._proc is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        pending = bytearray()  # the start of a line not ended yet
        try:
            while not self._closing.is_set():
                if not select.select([fd], [], [], _POLL)[0]:
                    continue
                chunk = os.read(fd, _CHUNK)
                if not chunk:
                    break
                seen = len(pending)  # (searched already: no line break there)
                pending += chunk
                taken = self._lines_of(pending, seen)
                if isinstance(taken, EngineFault):
                    self._lines.put(taken)
                    return
                del pending[:taken]
            if pending and not self._closing.is_set():
                self._queue(pending.decode("utf-8", errors="replace").strip())
        except (OSError, ValueError):
            pass
        self._lines.put(_EXITED)

    def _lines_of(self, data: bytearray, seen: int) -> int | EngineFault:
        """Queue the whole lines of ``data`` (no line break in its first ``seen`` bytes)
        and give how many bytes they took; or the fault of a line longer than
        :data:`MAX_LINE` or of more than :data:`MAX_LINES` lines."""
        start, end = 0, data.find(b"\n", seen)
        while end >= 0:
            if end - start > MAX_LINE:
                break
            self._count += 1
            if self._count > MAX_LINES:
                return EngineFault(f"wrote more than {MAX_LINES} lines for one command", reason="flood")
            self._queue(data[start:end].decode("utf-8", errors="replace").strip())
            start, end = end + 1, data.find(b"\n", end + 1)
        if (end if end >= 0 else len(data)) - start > MAX_LINE:
            return EngineFault(f"wrote a line longer than {MAX_LINE} bytes", reason="flood")
        return start

    def _queue(self, line: str) -> None:
        """A line read, with the time it was read (the clock charges an engine up to
        then, however long the arena takes to look at it)."""
        if self._debug is not None:
            self._debug(self.name, "<", line)
        self._lines.put((time.monotonic(), line))

    def send(self, line: str) -> None:
        """Write one command; :class:`EngineFault` when the engine has gone (crash) or
        reads nothing for :data:`WRITE_WAIT` seconds (time forfeit)."""
        self._count = 0
        if self._debug is not None:
            self._debug(self.name, ">", line)
        try:
            self._write((line + "\n").encode("utf-8"), WRITE_WAIT)
        except TimeoutError:
            raise EngineFault(f"does not read its input (it could not be sent {line.split()[0]!r})", reason="time forfeit") from None
        except (OSError, ValueError):
            raise EngineFault(f"exited{self._status()} (it could not be sent {line.split()[0]!r})", reason="crash") from None

    def _write(self, data: bytes, seconds: float) -> None:
        """Write ``data`` to the engine's input (non-blocking), waiting at most ``seconds``
        for room in the pipe: :class:`TimeoutError` when there is none."""
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        fd = proc.stdin.fileno()
        deadline = time.monotonic() + seconds
        while data:
            try:
                data = data[os.write(fd, data) :]
            except BlockingIOError:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError from None
                select.select([], [fd], [], min(left, 0.05))

    def answer(self, words: tuple[str, ...], *, seconds: float, asked: str) -> tuple[str, list[str]]:
        """The first line starting with one of ``words``, within ``seconds``, and the
        last :data:`INFO_KEPT` ``info`` lines before it (no more are held); other lines are ignored. :class:`EngineFault` when none
        comes in time (``asked`` names the command in the message), the engine exits,
        or floods its output."""
        deadline = time.monotonic() + seconds
        infos: deque[str] = deque(maxlen=INFO_KEPT)  # (only the last are kept: memory bounded)
        while True:
            left = deadline - time.monotonic()
            try:
                item = self._lines.get(timeout=max(left, 0))
            except queue.Empty:
                raise EngineFault(f"no answer to {asked!r} within {seconds * 1000:.0f} ms", reason="time forfeit") from None
            if item is _EXITED:
                raise EngineFault(f"exited{self._status()} while the arena waited for an answer to {asked!r}", reason="crash")
            if isinstance(item, EngineFault):
                raise item
            assert isinstance(item, tuple)
            read_at, line = item
            first = line.split(maxsplit=1)[0] if line else ""
            if first == "info":
                infos.append(line[4:].strip())
            elif first in words:
                self.answered_at = read_at
                return line, list(infos)

    def drain(self) -> None:
        """Forget the lines read and not yet asked for (remarks between commands)."""
        while True:
            try:
                item = self._lines.get_nowait()
            except queue.Empty:
                return
            if item is _EXITED or isinstance(item, EngineFault):
                self._lines.put(item)  # (kept: the next answer reports it)
                return

    def _status(self) -> str:
        proc = self._proc
        if proc is None:
            return ""
        try:
            code = proc.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return ""
        return f" with status {code}"

    def close(self) -> None:
        """``quit``, then the process group killed if it has not ended: nothing of the
        engine survives the match."""
        proc = self._proc
        if proc is None:
            return
        try:
            self._write(b"quit\n", 0)
        except (OSError, ValueError):
            pass
        if proc.stdin is not None:
            try:
                proc.stdin.close()
            except OSError:
                pass
        try:
            proc.wait(timeout=QUIT_WAIT)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # (its children too; the group outlives a quit engine's children)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()
        self._closing.set()  # (the reader stops within _POLL seconds, even on a pipe held open)
        if self._reader is not None:
            self._reader.join()
        if proc.stdout is not None:
            proc.stdout.close()


# ---------------------------------------------------------------- engines and limits


@dataclass(frozen=True)
class EngineSpec:
    """An engine as the arena is given it: its command, the name to record it under
    (``None``: its ``id name``) and the options to set (``setoption``), in order."""

    command: str
    name: str | None = None
    options: tuple[tuple[str, str], ...] = ()

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
        name: str | None = None
        options: list[tuple[str, str]] = []
        while words and (words[-1].startswith("name=") or words[-1].startswith("option.")):
            word = words.pop()
            if word.startswith("name="):
                name = name if name is not None else word[5:].strip()
                continue
            key, equals, value = word[7:].partition("=")
            if not equals or not key.strip():
                raise ArgumentError(f"{word!r} in {text!r}: an option is given as option.NAME=VALUE")
            options.insert(0, (key.strip(), value))
        if not words:
            raise ArgumentError(f"an engine's command is empty: {text!r}")
        command = text if len(words) == len(shlex.split(text)) else shlex.join(words)
        return cls(command, name or None, tuple(options))


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
    found = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*(?:\+\s*(\d+(?:\.\d*)?))?\s*", text)
    if found is None or float(found[1]) <= 0:
        raise ArgumentError(f"a time control is SECONDS+INCREMENT, e.g. 60+0.5, not {text!r}")
    return float(found[1]), float(found[2] or 0)


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
        """The ``go`` command: the clock (``btime``, ``gtime``, ``binc``, ``ginc``, in ms)
        and the other limits given."""
        words = ["go"]
        if self.tc is not None and clocks is not None:
            inc = str(round(self.tc[1] * 1000))
            words += ["btime", str(round(clocks[Side.BLACK])), "gtime", str(round(clocks[Side.GOLD])), "binc", inc, "ginc", inc]
        words += [f"{word} {value}" for word, value in (("movetime", self.movetime_ms), ("depth", self.depth), ("nodes", self.nodes)) if value]
        return " ".join(words)

    def answer_s(self, clock_ms: float | None = None) -> float:
        """How long an answer may take (seconds): the side's clock or the move time,
        whichever is shorter, plus the grace; :data:`UNTIMED_S` with neither."""
        limits = [x for x in (clock_ms, self.movetime_ms) if x is not None]
        return (min(limits) + self.grace_ms) / 1000 if limits else UNTIMED_S + self.grace_ms / 1000


# ---------------------------------------------------------------- openings


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


def _opening(path: str, number: int, raw: str) -> Opening:
    """One line of an openings file, checked (:func:`read_openings`)."""
    text = raw.strip()
    col = len(raw) - len(raw.lstrip()) + 1
    if "/" in text.split()[0]:
        try:
            rec = Recorder(position=text)
        except KamisadoError as e:
            raise ArgumentError(f"{path}:{number}:{col}: not a position string: {e}") from None
        if rec.over:
            raise ArgumentError(f"{path}:{number}:{col}: the match is over in this position")
        return Opening(text, number, position=text)
    rec = Recorder()
    moves = []
    for found in re.finditer(r"\S+", raw):
        word = found[0]
        if re.fullmatch(r"\d+\.+", word):
            continue
        try:
            if rec.needs_fill or rec.over:
                raise MatchError("the round is over: an opening ends with its round")
            rec.play(word)
        except KamisadoError as e:
            rule = f"{e.rule}: " if isinstance(e, IllegalMoveError) else ""
            said = f"{rule}{e}" if word in str(e) else f"{word!r}: {rule}{e}"
            raise ArgumentError(f"{path}:{number}:{found.start() + 1}: {said}") from None
        moves.append(word)
    return Opening(text, number, moves=tuple(moves))


# ---------------------------------------------------------------- one match


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


def _declared_option(line: str) -> str | None:
    """The name an ``option name N type …`` line declares (words up to ``type``), or
    ``None`` for another line."""
    words = line.split()
    if len(words) < 3 or words[0] != "option" or words[1] != "name":
        return None
    end = words.index("type") if "type" in words[2:] else len(words)
    return " ".join(words[2:end]) or None


class _Referee:
    """One match between two started engines (Black's, Gold's), and their clocks."""

    def __init__(self, engines: tuple[EngineProcess, EngineProcess], settings: ArenaSettings, specs: tuple[EngineSpec, EngineSpec]) -> None:
        self.engines = engines
        self.settings = settings
        self.specs = specs
        tc = settings.tc
        self.clocks: dict[Side, float] | None = {side: tc[0] * 1000 for side in Side} if tc else None

    def handshake(self, side: Side, names: list[str]) -> None:
        """``kep`` → ``kepok`` (the ``id name`` kept in ``names`` unless the engine was
        given a name), the options set, then ``newmatch`` and ``isready`` → ``readyok``,
        with ``side``'s engine."""
        engine, spec = self.engines[side], self.specs[side]
        hello(engine, self.settings.startup_s, names, side if spec.name is None else None)
        for key, value in spec.options:
            engine.send(f"setoption name {key} value {value}")
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
            words = line.split()
            if len(words) != 2 or words[1].lower() not in ("left", "right"):
                raise EngineFault(f"answered the fill with {line[:60]!r}, not 'fill left' or 'fill right'", reason="garbage")
            rec.fill(words[1].lower())
            return
        side = rec.to_move
        assert side is not None
        engine = self.engines[side]
        engine.drain()
        engine.send(f"position {rec.position.to_string()}")
        line, infos = self._ask(side, self.settings.go(self.clocks), ("bestmove",))
        words = line.split()  # (words after the move, ``ponder …``, are ignored)
        text = words[1] if len(words) >= 2 else ""
        if not _is_coordinates(text):
            raise EngineFault(f"answered {line[:60]!r}: not 'bestmove FROM-TO'", reason="garbage")
        try:
            rec.play(text, comments=_comments(infos))
        except IllegalMoveError as e:
            raise EngineFault(f"played {text}, an illegal move ({e.rule}: {e})", reason="illegal move") from None


def hello(engine: EngineProcess, seconds: float, names: list[str] | None = None, side: int | None = None) -> list[str]:
    """``kep`` → ``kepok`` with a started engine: the options it declares, in order (its
    ``id name`` put in ``names[side]`` when ``side`` is given). :class:`EngineFault` when
    it does not answer in ``seconds``."""
    engine.send("kep")
    declared: list[str] = []
    while True:
        line, _ = engine.answer(("id", "kepok", "option"), seconds=seconds, asked="kep")
        words = line.split(maxsplit=2)
        if words[0] == "kepok":
            return declared
        option = _declared_option(line)
        if option is not None:
            declared.append(option)
        elif names is not None and side is not None and len(words) == 3 and words[1] == "name":
            names[side] = "".join(c for c in words[2] if c.isprintable())[:100]


def _is_coordinates(text: str) -> bool:
    """``d8-d4`` or ``d5-d4*``: two squares, as the protocol's moves are written."""
    squares = text.removesuffix("*").split("-")
    if len(squares) != 2:
        return False
    try:
        for sq in squares:
            parse_square(sq)
    except ValueError:
        return False
    return True


def _spec(engine: str | EngineSpec) -> EngineSpec:
    return engine if isinstance(engine, EngineSpec) else EngineSpec.parse(engine)


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
    and read (engine name, ``>`` or ``<``, the line)."""
    given = (_spec(commands[0]), _spec(commands[1]))
    specs = (given[black], given[1 - black])
    engines = (EngineProcess(specs[0].command, name=specs[0].name, debug=debug), EngineProcess(specs[1].command, name=specs[1].name, debug=debug))
    names = [e.name for e in engines]
    referee = _Referee(engines, settings, specs)
    date = time.strftime("%Y.%m.%d", time.gmtime())
    rec: Recorder | None = None

    def recorder() -> Recorder:
        return _recorder(settings, names, (specs[0].command, specs[1].command), number, date, opening)

    try:
        for side, engine in zip(Side, engines, strict=True):
            _guard(side, engine.start)
            if started is not None:
                started(engine)
        for side in Side:
            _guard(side, referee.handshake, side, names)
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


# ---------------------------------------------------------------- ratings and SPRT


def _elo_of(p: float) -> float:
    """The rating difference at which the expected score is ``p`` (infinite at 0 and 1)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1) + 0.0  # (no -0)


#: The normal quantile of a 95% interval.
_Z = 1.959964


def elo(wins: int, matches: int) -> tuple[float, float, float]:
    """The rating difference of a player who won ``wins`` of ``matches`` (a match has a
    winner, never a draw; so has a round), with its 95% interval.

    The difference is the logistic rating of the score ``p = wins / matches``:
    ``-400 log10(1/p - 1)`` (infinite when every match went one way). The interval is
    Wilson's score interval for ``p``, ``(p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``
    with ``z = 1.96``, turned into ratings alike: unlike ``p ± z sqrt(p(1-p)/n)`` it stays
    informative at 20-0. No matches: nothing is known (``nan, -inf, +inf``).

    >>> [round(x) for x in elo(15, 20)]
    [191, 22, 360]
    >>> [round(x) if abs(x) != float("inf") else x for x in elo(20, 20)]
    [inf, 287, inf]
    >>> elo(0, 4)[0] == elo(0, 4)[1] == -float("inf") and elo(4, 4)[2] == float("inf")
    True
    """
    if matches <= 0:
        return math.nan, -math.inf, math.inf
    p, n = wins / matches, matches
    z2 = _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = -math.inf if wins <= 0 else _elo_of(centre - half)  # (Wilson's bound is 0 or 1 there,
    high = math.inf if wins >= n else _elo_of(centre + half)  # up to rounding)
    return _elo_of(p), low, high


def json_rating(x: float) -> float | str | None:
    """A rating in JSON: a number (one decimal), ``"+inf"`` or ``"-inf"`` when unbounded
    (JSON has no infinity), ``null`` when nothing is known (no matches)."""
    if math.isnan(x):
        return None
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return round(x, 1)


def _expected(elo_diff: float) -> float:
    """The expected score of a player ``elo_diff`` stronger (the logistic model)."""
    return 1 / (1 + 10 ** (-elo_diff / 400))


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0 (the first engine is ``elo0`` stronger)
    against H1 (``elo1`` stronger), with error rates ``alpha`` (accepting H1 when H0
    holds) and ``beta``.

    A match has a winner, never a draw: each match is a Bernoulli trial, won with the
    probability ``p = 1 / (1 + 10^(-elo/400))``, and the log-likelihood ratio after ``W``
    wins and ``L`` losses is ``W ln(p1/p0) + L ln((1-p1)/(1-p0))`` (cutechess-cli's
    trinomial model with no draws, whose draw Elo is then 0). The test stops at H1 when
    it reaches ``ln((1-beta)/alpha)``, at H0 when it falls to ``ln(beta/(1-alpha))``
    (Wald's bounds).

    >>> test = Sprt(0, 100, 0.05, 0.05)
    >>> round(test.llr(10, 2), 3), test.result(10, 2), test.result(18, 2), test.result(2, 18)
    (1.812, None, 'H1', 'H0')
    """

    elo0: float
    elo1: float
    alpha: float
    beta: float

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ArgumentError(f"SPRT error rates between 0 and 1, their sum below 1, not alpha {self.alpha}, beta {self.beta}")
        if not self.elo0 < self.elo1 or not all(math.isfinite(x) for x in (self.elo0, self.elo1)):
            raise ArgumentError(f"SPRT: elo0 below elo1, not {self.elo0} and {self.elo1}")

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratios at which H0 and H1 are accepted."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, losses: int) -> float:
        """The log-likelihood ratio of H1 over H0 after ``wins`` and ``losses``."""
        p0, p1 = _expected(self.elo0), _expected(self.elo1)
        return wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))

    def result(self, wins: int, losses: int) -> str | None:
        """``"H1"``, ``"H0"``, or ``None`` while undecided."""
        llr, (low, high) = self.llr(wins, losses), self.bounds
        return "H1" if llr >= high else "H0" if llr <= low else None


# ---------------------------------------------------------------- a tournament


@dataclass
class ArenaResult:
    """The engines (commands and the names they are recorded under), the matches played
    (in the order they ended), whether a Ctrl-C stopped them, and the SPRT given."""

    commands: tuple[str, ...]
    outcomes: list[MatchOutcome] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    interrupted: bool = False
    sprt: Sprt | None = None

    def _results(self, engine: int) -> Iterator[tuple[MatchOutcome, int]]:
        """The matches ``engine`` played, each with its place (0 or 1) in it."""
        for o in self.outcomes:
            if engine in o.players:
                yield o, o.players.index(engine)

    def played(self, engine: int) -> int:
        return sum(1 for _ in self._results(engine))

    def won(self, engine: int) -> int:
        return sum(1 for o, i in self._results(engine) if o.winner == i)

    def lost(self, engine: int) -> int:
        return sum(1 for o, i in self._results(engine) if o.winner == 1 - i)

    def points(self, engine: int) -> int:
        return sum(o.points(i) for o, i in self._results(engine))

    def rounds(self, engine: int) -> tuple[int, int]:
        """The rounds ``engine`` won and lost."""
        won = lost = 0
        for o, i in self._results(engine):
            won, lost = won + o.rounds_won(i), lost + o.rounds_won(1 - i)
        return won, lost

    def elo(self, engine: int = 0) -> tuple[float, float, float]:
        """``engine``'s rating difference over its opponents (with two engines, the
        first's over the second), from the matches decided, with its 95% interval
        (:func:`elo`)."""
        won, lost = self.won(engine), self.lost(engine)
        return elo(won, won + lost)

    def elo_rounds(self, engine: int = 0) -> tuple[float, float, float]:
        """The same from the rounds won and lost (a match of many rounds says more)."""
        won, lost = self.rounds(engine)
        return elo(won, won + lost)

    @property
    def llr(self) -> float | None:
        """The SPRT's log-likelihood ratio of the first engine's results so far."""
        return self.sprt.llr(self.won(0), self.lost(0)) if self.sprt is not None else None

    @property
    def sprt_result(self) -> str | None:
        return self.sprt.result(self.won(0), self.lost(0)) if self.sprt is not None else None

    def json(self) -> dict[str, object]:
        """The ``--json`` document (``docs/engines.md``)."""

        def rating(r: tuple[float, float, float]) -> dict[str, object]:
            return {"diff": json_rating(r[0]), "low": json_rating(r[1]), "high": json_rating(r[2])}

        document: dict[str, object] = {
            "engines": [
                {
                    "name": self.names[i], "command": self.commands[i], "played": self.played(i),
                    "matches_won": self.won(i), "points": self.points(i), "rounds_won": self.rounds(i)[0],
                    "elo": rating(self.elo(i)), "elo_rounds": rating(self.elo_rounds(i)),
                }
                for i in range(len(self.commands))
            ],
            "matches": len(self.outcomes),
            "elo": rating(self.elo(0)),
            "elo_rounds": rating(self.elo_rounds(0)),
        }  # fmt: skip
        if self.sprt is not None:
            llr = self.llr
            low, high = self.sprt.bounds
            document["sprt"] = {
                "result": self.sprt_result, "llr": round(llr, 3) if llr is not None else None,
                "lower": round(low, 3), "upper": round(high, 3),
                "elo0": self.sprt.elo0, "elo1": self.sprt.elo1, "alpha": self.sprt.alpha, "beta": self.sprt.beta,
            }  # fmt: skip
        return document


def pairings(count: int, *, gauntlet: bool = False) -> list[tuple[int, int]]:
    """The pairs of engines that meet: every pair (a round robin), or with ``gauntlet``
    the first against each other one."""
    if gauntlet:
        return [(0, j) for j in range(1, count)]
    return list(itertools.combinations(range(count), 2))


def schedule(count: int, games: int, *, gauntlet: bool = False, openings: Sequence[Opening] = (), seed: int | None = None) -> list[tuple[int, tuple[int, int], int, Opening | None]]:
    """The matches of a tournament, in the order they start: ``(number, pair, black,
    opening)``. Each pair plays ``games`` matches, one round of pairings at a time;
    colours alternate (the pair's first engine is Black in its odd matches), and the
    openings go two matches each (colours swapped), in the file's order or, with
    ``seed``, shuffled by it, starting again when used up."""
    order = list(openings)
    if seed is not None:
        random.Random(seed).shuffle(order)
    plan: list[tuple[int, tuple[int, int], int, Opening | None]] = []
    pairs = pairings(count, gauntlet=gauntlet)
    for k in range(games):
        opening = order[(k // 2) % len(order)] if order else None
        for pair in pairs:
            plan.append((len(plan) + 1, pair, k % 2, opening))
    return plan


def prepare_engines(engines: Sequence[str | EngineSpec], settings: ArenaSettings, *, debug: Debug | None = None) -> list[EngineSpec]:
    """The engines as a tournament records them: each started once and asked ``kep``
    for its ``id name`` and its options (then stopped), and named: its given name,
    else its ``id name``, else (an engine that does not start or answer) its command.
    Engines of one ``id name`` are told apart as ``NAME #2``, ``#3``… Raises
    :class:`ArgumentError` for an option an engine does not declare, or two engines
    given one name."""
    specs = [_spec(e) for e in engines]
    given = [_name_key(s.name) for s in specs if s.name is not None]
    for key in given:
        if given.count(key) > 1:
            raise ArgumentError(f"two engines are named {key!r}: give each its own name=")
    used = set(given)
    named = []
    for spec in specs:
        id_name, declared = _probe(spec, settings.startup_s, debug)
        for key, _ in spec.options:
            if declared is not None and key not in declared:
                has = ", ".join(declared) if declared else "none"
                raise ArgumentError(f"the engine {spec.command!r} declares no option {key!r} (it declares: {has})")
        name = spec.name
        if name is None:
            name, copy = id_name, 1
            while _name_key(name) in used:
                copy += 1
                name = f"{id_name} #{copy}"
            used.add(_name_key(name))
        named.append(EngineSpec(spec.command, name, spec.options))
    return named


def _probe(spec: EngineSpec, seconds: float, debug: Debug | None) -> tuple[str, list[str] | None]:
    """Start an engine, ask ``kep``, stop it: its ``id name`` (its command without one)
    and the options it declares (``None`` when it does not start or answer: it loses
    its matches, and the records say why)."""
    found: list[str] = [spec.command]
    process = EngineProcess(spec.command, name=spec.name, debug=debug)
    try:
        process.start()
        declared = hello(process, seconds, found, 0)
    except EngineFault:
        return found[0], None
    finally:
        process.close()
    return found[0], declared


def _name_key(name: str) -> str:
    """A name as the standings compare names: without case or repeated spaces."""
    return " ".join(name.casefold().split())


def run_arena(
    engines: Sequence[str | EngineSpec],
    settings: ArenaSettings,
    *,
    games: int,
    jobs: int = 1,
    gauntlet: bool = False,
    openings: Sequence[Opening] = (),
    seed: int | None = None,
    sprt: Sprt | None = None,
    on_match: Callable[[MatchOutcome], None] | None = None,
    debug: Traffic | None = None,
) -> ArenaResult:
    """Play a tournament (:func:`schedule`) between ``engines`` (commands or
    :class:`EngineSpec`; named by :func:`prepare_engines` first), ``jobs`` matches at a
    time; ``on_match`` is called with each match as it ends (to write it), ``debug``
    with every line sent and read. With ``sprt`` (two engines), no match starts once the
    test is decided. A Ctrl-C (:class:`KeyboardInterrupt`) stops every engine, drops the
    matches not finished, and returns what was: ``interrupted`` is then set. Any other
    exception (a signal's) stops every engine too, and goes on."""
    if len(engines) < 2:
        raise ArgumentError("a tournament needs two engines at least")
    if sprt is not None and len(engines) != 2:
        raise ArgumentError("an SPRT compares two engines")
    try:
        specs = prepare_engines(engines, settings, debug=debug.at(0) if debug is not None else None)
    except KeyboardInterrupt:  # (before any match: nothing to keep)
        commands = tuple(_spec(e).command for e in engines)
        return ArenaResult(commands, names=list(commands), interrupted=True, sprt=sprt)
    result = ArenaResult(tuple(s.command for s in specs), names=[s.name or s.command for s in specs], sprt=sprt)
    plan = schedule(len(specs), games, gauntlet=gauntlet, openings=openings, seed=seed)
    _Arena(specs, settings, debug).play(result, plan, jobs=jobs, on_match=on_match)
    return result


class Traffic:
    """The ``--debug`` log: every line sent to an engine and read from one, as a line
    ``TIME<TAB>MATCH<TAB>ENGINE<TAB>DIRECTION<TAB>LINE`` (``TIME`` in UTC to the
    millisecond, ``MATCH`` 0 for the engines' first start, ``>`` to the engine, ``<``
    from it), written as it happens by every match's threads."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lock = threading.Lock()

    def at(self, match: int) -> Debug:
        """The log of match ``match``'s engines."""

        def log(engine: str, direction: str, line: str) -> None:
            stamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
            with self.lock:
                self.out.write(f"{stamp}\t{match}\t{engine}\t{direction}\t{line}\n")

        return log


class _Arena:
    """The matches in play, and their engines, for stopping them all at once."""

    def __init__(self, specs: list[EngineSpec], settings: ArenaSettings, debug: Traffic | None) -> None:
        self.specs, self.settings, self.debug = specs, settings, debug
        self.running: set[EngineProcess] = set()
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def started(self, engine: EngineProcess) -> None:
        with self.lock:
            self.running.add(engine)
        if self.stopping.is_set():
            engine.close()

    def one(self, number: int, pair: tuple[int, int], black: int, opening: Opening | None) -> MatchOutcome | None:
        """Match ``number``, or ``None`` when the arena was stopped before it ended."""
        if self.stopping.is_set():
            return None
        outcome = play_match(
            (self.specs[pair[0]], self.specs[pair[1]]), self.settings, number=number, black=black, started=self.started,
            opening=opening, players=pair, debug=self.debug.at(number) if self.debug is not None else None,
        )  # fmt: skip
        with self.lock:
            self.running.difference_update(outcome.engines)
        return None if self.stopping.is_set() else outcome

    def play(
        self,
        result: ArenaResult,
        plan: list[tuple[int, tuple[int, int], int, Opening | None]],
        *,
        jobs: int,
        on_match: Callable[[MatchOutcome], None] | None,
    ) -> None:
        """Play the matches ``plan`` lists, ``jobs`` at a time, into ``result`` (none
        started once its SPRT is decided); a Ctrl-C stops them (``interrupted`` set)."""
        matches = iter(plan)
        pool = ThreadPoolExecutor(max_workers=max(1, jobs))
        pending = {pool.submit(self.one, *p) for p in itertools.islice(matches, max(1, jobs))}
        try:
            while pending:
                done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for outcome in (future.result() for future in done):
                    if outcome is None:
                        continue
                    _take(result, outcome, on_match)
                    if result.sprt_result is None:
                        pending.update(pool.submit(self.one, *p) for p in itertools.islice(matches, 1))
        except KeyboardInterrupt:
            result.interrupted = True
            self.stop()
        except BaseException:  # (another way out, a signal's: the engines stopped at once, not after their match)
            self.stop()
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            engines = list(self.running)
        for engine in engines:
            engine.close()


def _take(result: ArenaResult, outcome: MatchOutcome, on_match: Callable[[MatchOutcome], None] | None) -> None:
    result.outcomes.append(outcome)
    if on_match is not None:
        on_match(outcome)
