"""An engine as a process speaking the engine protocol (``docs/engines.md``), as the arena
and :class:`~.client.EngineClient` both run it: :class:`EngineProcess` (lines to its
input; its output read by a thread into a queue that every wait reads with a deadline;
its own process group, killed when it is closed), the handshake :func:`hello`, and the
answers read as the rules engine sees them (:func:`answered_move`,
:func:`answered_fill`). An engine that breaks the protocol raises
:class:`~kamisado_notation.errors.EngineError` (:data:`EngineFault`), its ``reason`` as
the arena's ``Termination`` header words it:

- ``illegal move``: a move the rules forbid; ``garbage``: ``bestmove`` without
  coordinates, a fill neither left nor right;
- ``time forfeit``: no answer within the time given, or no room in its input for
  :data:`WRITE_WAIT` seconds;
- ``crash``: it exits, or cannot be started;
- ``flood``: more than :data:`MAX_LINES` lines for one command, or a line longer than
  :data:`MAX_LINE` bytes.
"""

from __future__ import annotations

import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field

from ..engine.board import parse_square
from ..engine.match import Fill
from ..engine.position import Move, Position
from ..errors import ArgumentError, EngineError, IllegalMoveError, KamisadoError
from .protocol import EngineOption, parse_bestmove, parse_fill, parse_option, setoption_line

__all__ = [
    "INFO_KEPT",
    "MAX_LINE",
    "MAX_LINES",
    "Debug",
    "EngineFault",
    "EngineProcess",
    "Handshake",
    "answered_fill",
    "answered_move",
    "hello",
]

#: The longest line an engine may write (bytes).
MAX_LINE = 64 * 1024
#: The most lines an engine may write before the one answer the arena or a client waits for.
MAX_LINES = 10_000
#: How many ``info`` lines an answer keeps (the last ones before it).
INFO_KEPT = 3
#: How long an engine has to quit before its process group is killed (seconds).
QUIT_WAIT = 0.3
#: How often (seconds) the reader of an engine's output looks whether the engine is
#: closed, and how much it reads at a time (bytes).
_POLL, _CHUNK = 0.05, 64 * 1024
#: How long a caller waits for room in an engine's input pipe (seconds).
WRITE_WAIT = 2.0


#: An engine that broke the protocol: :class:`~kamisado_notation.errors.EngineError`
#: itself (one type, so a library user catches one error), ``reason`` the
#: ``Termination`` header's words (``time forfeit``, ``crash``, ``garbage``, ``flood``,
#: ``illegal move``).
EngineFault = EngineError


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
            read_at, line = self._next_line(deadline, seconds=seconds, asked=asked)
            first = line.split(maxsplit=1)[0] if line else ""
            if first == "info":
                infos.append(line[4:].strip())
            elif first in words:
                self.answered_at = read_at
                return line, list(infos)

    def _next_line(self, deadline: float, *, seconds: float, asked: str) -> tuple[float, str]:
        """The next line read (when it was read, the line) before ``deadline``;
        :class:`EngineFault` when none comes in time, the engine exited, or its reader
        failed (:meth:`answer`'s ``seconds`` and ``asked`` for the message)."""
        try:
            item = self._lines.get(timeout=max(deadline - time.monotonic(), 0))
        except queue.Empty:
            raise EngineFault(f"no answer to {asked!r} within {seconds * 1000:.0f} ms", reason="time forfeit") from None
        if item is _EXITED:
            raise EngineFault(f"exited{self._status()} while waiting for its answer to {asked!r}", reason="crash")
        if isinstance(item, EngineFault):
            raise item
        assert isinstance(item, tuple)
        return item

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
        with suppress(OSError, ValueError):
            self._write(b"quit\n", 0)
        if proc.stdin is not None:
            with suppress(OSError):
                proc.stdin.close()
        with suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=QUIT_WAIT)
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)  # (its children too; the group outlives a quit engine's children)
        proc.wait()
        self._closing.set()  # (the reader stops within _POLL seconds, even on a pipe held open)
        if self._reader is not None:
            self._reader.join()
        if proc.stdout is not None:
            proc.stdout.close()



@dataclass
class Handshake:
    """What an engine said in its handshake: its ``id`` fields (``name``, ``author``;
    those it gave) and the options it declared, by name in their order."""

    id: dict[str, str] = field(default_factory=dict)
    options: dict[str, EngineOption] = field(default_factory=dict)

    def checked(self, values: Iterable[tuple[str, object]], *, engine: str = "the engine") -> tuple[tuple[str, str], ...]:
        """``values`` (option name, value) each checked against its declaration
        (:meth:`~.protocol.EngineOption.value_text`), the values as ``setoption`` sends
        them: :class:`ArgumentError` for an option ``engine`` does not declare or a
        value that does not fit."""
        texts = []
        for name, value in values:
            option = self.options.get(name)
            if option is None:
                has = ", ".join(self.options) or "none"
                raise ArgumentError(f"{engine} declares no option {name!r} (it declares: {has})")
            try:
                texts.append((option.name, option.value_text(value)))
            except ArgumentError as e:
                raise ArgumentError(f"{engine}: {e}") from None
        return tuple(texts)

    def setoption_lines(self, values: Iterable[tuple[str, object]], *, engine: str = "the engine") -> list[str]:
        """The ``setoption`` commands setting ``values`` (:meth:`checked` first: nothing
        is to be sent when one does not fit)."""
        return [setoption_line(name, text) for name, text in self.checked(values, engine=engine)]


def hello(engine: EngineProcess, seconds: float) -> Handshake:
    """``kep`` → ``kepok`` with a started engine, each line within ``seconds``: its
    ``id name`` and ``id author`` and the options it declares (a declaration
    :func:`~.protocol.parse_option` cannot read is skipped). :class:`EngineFault` when
    it does not answer in time."""
    engine.send("kep")
    said = Handshake()
    while True:
        line, _ = engine.answer(("id", "kepok", "option"), seconds=seconds, asked="kep")
        if line.split(maxsplit=1)[0] == "kepok":
            return said
        _heard(said, line)


def _heard(said: Handshake, line: str) -> None:
    """An ``option`` or ``id`` line of the handshake kept in ``said`` (one it cannot
    read, or an ``id`` of another field, skipped)."""
    words = line.split(maxsplit=2)
    option = parse_option(line) if words[0] == "option" else None
    if option is not None:
        said.options[option.name] = option
    elif words[0] == "id" and len(words) == 3 and words[1] in ("name", "author"):
        said.id[words[1]] = words[2]


def answered_move(position: Position, line: str) -> Move:
    """The move of the ``bestmove`` answer ``line`` in ``position`` (the words after the
    move ignored): :class:`EngineFault` ``garbage`` when it names no move in coordinates,
    ``illegal move`` when the rules forbid it there."""
    text = parse_bestmove(line)
    if text is None or not _is_coordinates(text):
        raise EngineFault(f"answered {line[:60]!r}: not 'bestmove FROM-TO'", reason="garbage")
    try:
        return position.parse_move(text)
    except IllegalMoveError as e:
        raise EngineFault(f"played {text[:60]}, an illegal move ({e.rule}: {e})", reason="illegal move") from None
    except KamisadoError:
        raise EngineFault(f"answered {line[:60]!r}: not 'bestmove FROM-TO'", reason="garbage") from None


def answered_fill(line: str) -> Fill:
    """The fill of the ``fill`` answer ``line``: :class:`EngineFault` ``garbage`` when it
    is neither ``fill left`` nor ``fill right``."""
    how = parse_fill(line)
    if how is None:
        raise EngineFault(f"answered the fill with {line[:60]!r}, not 'fill left' or 'fill right'", reason="garbage")
    return Fill(how)


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
