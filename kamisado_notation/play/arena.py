"""The arena: two engines, as processes speaking the engine protocol (:mod:`.protocol`,
``docs/engines.md``), play matches refereed by the rules engine and written through the
:class:`~.recorder.Recorder`.

Each match starts both engines afresh (a crash costs one match), shakes hands (``kep``),
and plays: the arena sends ``position`` and ``go`` to the engine whose turn it is, plays
the forced forfeits and back-entries itself (the recorder writes them), and asks the
Defender's engine for the fill. An engine loses the match, and the record says why in
its ``Termination`` header, when it:

- plays an illegal move (``illegal move``), or answers with no move at all
  (``garbage``: ``bestmove`` without coordinates, a fill neither left nor right);
- answers later than the move time plus the grace (``time forfeit``), or does not
  answer ``kep`` within the start-up time;
- exits, or cannot be started (``crash``);
- writes more than :data:`MAX_LINES` lines for one command, or a line longer than
  :data:`MAX_LINE` bytes (``flood``).

Nothing an engine does can hold the arena: its output is read by a thread into a queue
that the arena waits on with a deadline, every engine runs in its own process group,
and the group is killed when the match ends.
"""

from __future__ import annotations

import itertools
import math
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from ..display import printable
from ..engine.board import Side, parse_square
from ..engine.match import MATCH_TARGETS
from ..errors import IllegalMoveError, KamisadoError
from ..notation.text import one_plain_line
from .recorder import Recorder

__all__ = [
    "GRACE_MS",
    "MAX_LINE",
    "MAX_LINES",
    "ArenaResult",
    "ArenaSettings",
    "EngineFault",
    "EngineProcess",
    "MatchOutcome",
    "elo",
    "play_match",
    "run_arena",
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


_EXITED = object()  # what the reader puts in the queue when the engine's output ends


class EngineProcess:
    """One engine as a process: lines to its standard input, its standard output read by
    a thread (:meth:`answer` waits for a line with a deadline). Its standard error is
    discarded."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.name = _default_name(command)
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
                self._lines.put(pending.decode("utf-8", errors="replace").strip())
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
            self._lines.put(data[start:end].decode("utf-8", errors="replace").strip())
            start, end = end + 1, data.find(b"\n", end + 1)
        if (end if end >= 0 else len(data)) - start > MAX_LINE:
            return EngineFault(f"wrote a line longer than {MAX_LINE} bytes", reason="flood")
        return start

    def send(self, line: str) -> None:
        """Write one command; :class:`EngineFault` when the engine has gone (crash) or
        reads nothing for :data:`WRITE_WAIT` seconds (time forfeit)."""
        self._count = 0
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
            assert isinstance(item, str)
            first = item.split(maxsplit=1)[0] if item else ""
            if first == "info":
                infos.append(item[4:].strip())
            elif first in words:
                return item, list(infos)

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


def _default_name(command: str) -> str:
    """An engine's name until it gives its own (``id name``): its script's file name
    (``python3 engines/mine.py`` is ``mine.py``), else its program's."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    files = [w for w in words[1:] if os.path.isfile(w)]
    return os.path.basename(files[-1] if files else words[0]) if words else command


@dataclass(frozen=True)
class ArenaSettings:
    """How the matches are played: the format, the move time and its grace (ms), and how
    long an engine has to start and answer ``kep`` and ``isready`` (seconds)."""

    match: str = "standard"
    movetime_ms: int = 100
    grace_ms: int = GRACE_MS
    startup_s: float = 10.0

    @property
    def target(self) -> int:
        return MATCH_TARGETS[self.match.strip().lower()]

    @property
    def answer_s(self) -> float:
        return (self.movetime_ms + self.grace_ms) / 1000


@dataclass
class MatchOutcome:
    """One match played: its number, which engine (0 or 1, the order given) played
    Black, the record, and why it ended early, if it did."""

    number: int
    black: int
    recorder: Recorder
    reason: str | None = None
    message: str | None = None
    engines: tuple[EngineProcess, ...] = ()

    @property
    def winner(self) -> int | None:
        """The winning engine (0 or 1), or ``None`` for an unfinished match."""
        side = self.recorder.winner
        if side is None:
            return None
        return self.black if side is Side.BLACK else 1 - self.black

    def points(self, engine: int) -> int:
        """The round points ``engine`` scored."""
        side = Side.BLACK if engine == self.black else Side.GOLD
        return self.recorder.score[side]


def _comments(infos: list[str]) -> list[str]:
    """The last ``info`` lines, as braced comments may hold them."""
    kept = []
    for text in infos[-INFO_KEPT:]:
        clean = "".join(c if c.isprintable() and c not in "{}" else " " for c in text)[:INFO_LENGTH].strip()
        kept.append(f"info {clean}".strip())
    return kept


class _Referee:
    """One match between two started engines (Black's, Gold's)."""

    def __init__(self, engines: tuple[EngineProcess, EngineProcess], settings: ArenaSettings) -> None:
        self.engines = engines
        self.settings = settings

    def handshake(self, side: Side, names: list[str]) -> None:
        """``kep`` → ``kepok`` (the ``id name`` kept in ``names``), then ``newmatch`` and
        ``isready`` → ``readyok``, with ``side``'s engine."""
        engine = self.engines[side]
        engine.send("kep")
        while True:
            line, _ = engine.answer(("id", "kepok"), seconds=self.settings.startup_s, asked="kep")
            words = line.split(maxsplit=2)
            if words[0] == "kepok":
                break
            if len(words) == 3 and words[1] == "name":
                names[side] = "".join(c for c in words[2] if c.isprintable())[:100]
        engine.send(f"newmatch {self.settings.target}")
        engine.send("isready")
        engine.answer(("readyok",), seconds=self.settings.startup_s, asked="isready")

    def turn(self, rec: Recorder) -> None:
        """One choice: the fill of the Defender's engine, or the move of the engine to move."""
        ms = self.settings.movetime_ms
        defender = rec.defender
        if defender is not None:
            engine = self.engines[defender]
            engine.drain()
            engine.send(f"fill {rec.position.to_string()}")
            line, _ = engine.answer(("fill",), seconds=self.settings.answer_s, asked="fill")
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
        engine.send(f"go movetime {ms}")
        line, infos = engine.answer(("bestmove",), seconds=self.settings.answer_s, asked="go")
        words = line.split()
        text = words[1] if len(words) == 2 else ""
        if not _is_coordinates(text):
            raise EngineFault(f"answered {line[:60]!r}: not 'bestmove FROM-TO'", reason="garbage")
        try:
            rec.play(text, comments=_comments(infos))
        except IllegalMoveError as e:
            raise EngineFault(f"played {text}, an illegal move ({e.rule}: {e})", reason="illegal move") from None


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


def play_match(
    commands: tuple[str, str],
    settings: ArenaSettings,
    *,
    number: int = 1,
    black: int = 0,
    started: Callable[[EngineProcess], None] | None = None,
) -> MatchOutcome:
    """Play one match between the engines ``commands`` (in the order given; ``black``:
    which plays Black) and return it, lost by the engine at fault if one broke the
    protocol. ``started`` is told of each engine process (to stop them from outside: a
    Ctrl-C)."""
    order = (commands[black], commands[1 - black])
    engines = (EngineProcess(order[0]), EngineProcess(order[1]))
    names = [e.name for e in engines]
    referee = _Referee(engines, settings)
    rec: Recorder | None = None
    try:
        for side, engine in zip(Side, engines, strict=True):
            _guard(side, engine.start)
            if started is not None:
                started(engine)
        for side in Side:
            _guard(side, referee.handshake, side, names)
        rec = _recorder(settings, names, order, number)
        while not rec.over:
            chooser = rec.defender if rec.defender is not None else rec.to_move
            assert chooser is not None
            _guard(chooser, referee.turn, rec)
    except _Lost as lost:
        rec = rec or _recorder(settings, names, order, number)
        rec.terminate(lost.side, lost.fault.reason, comment=_recorded(f"{names[lost.side]}: {lost.fault}"))
        return MatchOutcome(number, black, rec, lost.fault.reason, f"{lost.side.title} ({names[lost.side]}) {lost.fault}", engines)
    finally:
        for engine in engines:
            engine.close()
    return MatchOutcome(number, black, rec, engines=engines)


class _Lost(Exception):
    def __init__(self, side: Side, fault: EngineFault) -> None:
        self.side, self.fault = side, fault


def _guard(side: Side, call: Callable[..., None], *args: object) -> None:
    """Run ``call(*args)``; an :class:`EngineFault` becomes the loss of ``side``."""
    try:
        call(*args)
    except EngineFault as fault:
        raise _Lost(side, fault) from None


def _recorder(settings: ArenaSettings, names: list[str], commands: tuple[str, str], number: int) -> Recorder:
    """The match's recorder, its headers naming the engines (their names and commands
    as :func:`_recorded` writes them)."""
    rec = Recorder(settings.match.capitalize(), event="kamisado arena", black=_recorded(names[0]), gold=_recorded(names[1]), Game=str(number))
    rec.comment_header("Black", _recorded(f"engine: {commands[0]}"))
    rec.comment_header("Gold", _recorded(f"engine: {commands[1]}"))
    return rec


def _recorded(text: str) -> str:
    """An engine's name, command or fault as the record writes it: control characters
    escaped (:func:`~kamisado_notation.display.printable`: a line break in a command is
    ``\\x0a``, never a line of its own, so no header is forged) and what a line reads
    otherwise made plain (:func:`~kamisado_notation.notation.text.one_plain_line`)."""
    return one_plain_line(printable(text))


# ---------------------------------------------------------------- many matches


@dataclass
class ArenaResult:
    """The matches played (in the order they ended) and whether a Ctrl-C stopped them."""

    commands: tuple[str, str]
    outcomes: list[MatchOutcome] = field(default_factory=list)
    names: list[str] = field(default_factory=lambda: ["", ""])
    interrupted: bool = False

    def won(self, engine: int) -> int:
        return sum(1 for o in self.outcomes if o.winner == engine)

    def points(self, engine: int) -> int:
        return sum(o.points(engine) for o in self.outcomes)

    def elo(self) -> tuple[float, float, float]:
        """The first engine's rating difference over the second, with its 95% interval
        (:func:`elo`)."""
        decided = [o for o in self.outcomes if o.winner is not None]
        return elo(sum(1 for o in decided if o.winner == 0), len(decided))

    def json(self) -> dict[str, object]:
        """The ``--json`` document (``docs/engines.md``)."""
        diff, low, high = self.elo()
        return {
            "engines": [
                {"name": self.names[i], "command": self.commands[i], "matches_won": self.won(i), "points": self.points(i)}
                for i in (0, 1)
            ],
            "matches": len(self.outcomes),
            "elo": {"diff": _round(diff), "low": _round(low), "high": _round(high)},
        }


def _round(x: float) -> float | None:
    """A rating for JSON: ``None`` when unbounded."""
    return round(x, 1) if math.isfinite(x) else None


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
    winner, never a draw), with its 95% interval.

    The difference is the logistic rating of the score ``p = wins / matches``:
    ``-400 log10(1/p - 1)`` (infinite when every match went one way). The interval is
    Wilson's score interval for ``p``, ``(p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``
    with ``z = 1.96``, turned into ratings alike: unlike ``p ± z sqrt(p(1-p)/n)`` it stays
    informative at 20-0. No matches: nothing is known (``-inf, +inf``).

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


def run_arena(
    commands: tuple[str, str],
    settings: ArenaSettings,
    *,
    games: int,
    jobs: int = 1,
    on_match: Callable[[MatchOutcome], None] | None = None,
) -> ArenaResult:
    """Play ``games`` matches, colours alternating (the first engine is Black in odd
    matches), ``jobs`` at a time; ``on_match`` is called with each match as it ends (to
    write it). A Ctrl-C (:class:`KeyboardInterrupt`) stops every engine, drops the
    matches not finished, and returns what was: ``interrupted`` is then set. Any other
    exception (a signal's) stops every engine too, and goes on."""
    arena = _Arena(commands, settings)
    result = ArenaResult(commands)
    numbers: Iterator[int] = iter(range(1, games + 1))
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    pending = {pool.submit(arena.one, n) for n in itertools.islice(numbers, max(1, jobs))}
    try:
        while pending:
            done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in done:
                outcome = future.result()
                if outcome is not None:
                    _take(result, outcome, on_match)
                    pending.update(pool.submit(arena.one, n) for n in itertools.islice(numbers, 1))
    except KeyboardInterrupt:
        result.interrupted = True
        arena.stop()
    except BaseException:  # (another way out, a signal's: the engines stopped at once, not after their match)
        arena.stop()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return result


class _Arena:
    """The matches in play, and their engines, for stopping them all at once."""

    def __init__(self, commands: tuple[str, str], settings: ArenaSettings) -> None:
        self.commands, self.settings = commands, settings
        self.running: set[EngineProcess] = set()
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def started(self, engine: EngineProcess) -> None:
        with self.lock:
            self.running.add(engine)
        if self.stopping.is_set():
            engine.close()

    def one(self, number: int) -> MatchOutcome | None:
        """Match ``number``, or ``None`` when the arena was stopped before it ended."""
        if self.stopping.is_set():
            return None
        outcome = play_match(self.commands, self.settings, number=number, black=(number - 1) % 2, started=self.started)
        with self.lock:
            self.running.difference_update(outcome.engines)
        return None if self.stopping.is_set() else outcome

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            engines = list(self.running)
        for engine in engines:
            engine.close()


def _take(result: ArenaResult, outcome: MatchOutcome, on_match: Callable[[MatchOutcome], None] | None) -> None:
    result.outcomes.append(outcome)
    rec = outcome.recorder
    black_name, gold_name = rec.header("Black") or "", rec.header("Gold") or ""
    first, second = (black_name, gold_name) if outcome.black == 0 else (gold_name, black_name)
    result.names = [result.names[0] or first, result.names[1] or second]
    if on_match is not None:
        on_match(outcome)
