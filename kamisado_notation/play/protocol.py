"""The engine protocol (``docs/engines.md``, *The protocol*): a line protocol over an
engine's standard input and output, modelled on chess's UCI. This module holds what both
ends share — the commands and answers as typed values with their parsers and formatters
(:class:`Go`, :class:`Score`, :class:`Info`, :class:`EngineOption`, :func:`parse_bestmove`,
:func:`parse_fill`, :func:`parse_setoption`). The built-in engine's side is
:mod:`.builtin`; an engine as a process, spoken to, is :mod:`.process`.

Commands the arena sends, and the answers:

- ``kep`` → ``id name …``, ``id author …`` (optional), ``option …`` lines (optional),
  ``kepok``;
- ``isready`` → ``readyok`` (answered at once, even while the engine searches);
- ``setoption name N value V``, ``newmatch TARGET`` (1, 3, 7 or 15 points), ``position
  POSITION`` (a position string, the tower to move included): no answer;
- ``go`` with ``movetime MS``, ``depth D``, ``nodes N``, ``infinite`` or the clock
  (``btime``, ``gtime``, ``binc``, ``ginc``, ms) → ``info …`` lines, then ``bestmove
  FROM-TO`` (coordinates; a push is the pusher's own from-to), sent only when the side to
  move has a move; ``stop`` ends the search at once with its ``bestmove``;
- ``fill POSITION`` (the round's end, the winner's ring placed), sent to the Defender →
  ``fill left`` or ``fill right``;
- ``quit``.

Lines starting ``info`` are the engine's remarks (the arena keeps them as comments);
anything else an engine or the arena does not know is ignored, and so are words after
``bestmove MOVE`` (``ponder …``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.board import Side
from ..errors import ArgumentError
from ..numbers import read_whole

__all__ = [
    "OPTION_TYPES",
    "EngineOption",
    "Go",
    "Info",
    "Score",
    "parse_bestmove",
    "parse_fill",
    "parse_go",
    "parse_info",
    "parse_option",
    "parse_setoption",
    "setoption_line",
]

#: The option types a handshake may declare (docs/engines.md; ``combo`` and ``button`` as UCI's).
OPTION_TYPES = ("spin", "check", "string", "combo", "button")

#: The ``go`` limits with a number, in the order :meth:`Go.line` writes them: the clock first.
_GO_NUMBERS = ("btime", "gtime", "binc", "ginc", "movestogo", "movetime", "depth", "nodes")


@dataclass(frozen=True)
class Go:
    """A ``go`` command: what limits the search. ``movetime`` (ms), ``depth`` (plies),
    ``nodes``, ``infinite`` (until ``stop``), and the clock: each side's time left
    (``btime``, ``gtime``, ms) and increment a move (``binc``, ``ginc``), with
    ``movestogo`` moves to the next time control when there is one. Several limits may
    be given; the search ends at the first reached. No limit at all is ``infinite``'s
    opposite: the engine chooses (the built-in engine: 100 ms)."""

    movetime: int | None = None
    depth: int | None = None
    nodes: int | None = None
    infinite: bool = False
    btime: int | None = None
    gtime: int | None = None
    binc: int | None = None
    ginc: int | None = None
    movestogo: int | None = None

    def line(self) -> str:
        """The command as the arena writes it: ``go btime 60000 gtime 60000 binc 500 ginc 500``,
        ``go movetime 100 depth 5``."""
        words = ["go"]
        for name in _GO_NUMBERS:
            value = getattr(self, name)
            if value is not None:
                words += [name, str(value)]
        if self.infinite:
            words.append("infinite")
        return " ".join(words)

    def time_for(self, side: Side) -> int | None:
        """The milliseconds to spend on this move for ``side`` to move: ``movetime``, or
        a share of ``side``'s clock (its time left over the moves to go — 20 when not
        given — plus three quarters of its increment, never more than a third of what
        is left); ``None`` when neither limits the time."""
        if self.movetime is not None:
            return self.movetime
        left, inc = (self.btime, self.binc) if side is Side.BLACK else (self.gtime, self.ginc)
        if left is None:
            return None
        moves = max(self.movestogo or 20, 1)
        return max(1, min(left // moves + (inc or 0) * 3 // 4, left // 3))


def parse_go(line: str) -> Go:
    """The :class:`Go` of a ``go`` line. Lenient, as engines are: an unknown word, or a
    limit whose value is not a whole number of at least 0
    (:func:`~kamisado_notation.numbers.read_whole`), is ignored."""
    words = line.split()
    values: dict[str, int] = {}
    for i, word in enumerate(words[:-1]):
        number = read_whole(words[i + 1]) if word in _GO_NUMBERS else None
        if number is not None:
            values[word] = number
    return Go(infinite="infinite" in words, **values)


@dataclass(frozen=True)
class Score:
    """An ``info`` line's score, from the side to move's view: ``cp`` (the evaluation, in
    the engine's own units), or a proven result: ``win N`` / ``loss N``, ``N`` the turns
    to the round's end (docs/analysis.md, *What the answer means*; ``None`` when proven but
    not yet counted)."""

    kind: str
    value: int | None

    def __post_init__(self) -> None:
        if self.kind not in ("cp", "win", "loss"):
            raise ArgumentError(f"unknown score {self.kind!r}: cp, win or loss")

    @property
    def proven(self) -> bool:
        """Whether the score is a proven result (``win`` or ``loss``)."""
        return self.kind != "cp"

    def __str__(self) -> str:
        return self.kind if self.value is None else f"{self.kind} {self.value}"


@dataclass(frozen=True)
class Info:
    """An ``info`` line: ``depth`` (plies), ``score``, ``nodes``, ``nps``, ``time`` (ms),
    ``pv`` (the principal variation, moves in coordinates), ``string`` (free text, the
    rest of the line). A field the line does not give is ``None`` (``()`` for ``pv``)."""

    depth: int | None = None
    score: Score | None = None
    nodes: int | None = None
    nps: int | None = None
    time: int | None = None
    pv: tuple[str, ...] = ()
    string: str | None = None

    def line(self) -> str:
        """The line as an engine writes it: ``info depth 4 score cp 132 nodes … pv e8-e4 …``."""
        words = ["info"]
        for name in ("depth", "score", "nodes", "nps", "time"):
            value = getattr(self, name)
            if value is not None:
                words += [name, str(value)]
        if self.pv:
            words += ["pv", *self.pv]
        if self.string is not None:
            words += ["string", self.string]
        return " ".join(words)


_INFO_NUMBERS = ("depth", "nodes", "nps", "time")
_INFO_WORDS = frozenset((*_INFO_NUMBERS, "score", "pv", "string"))


def parse_info(line: str) -> Info:
    """The :class:`Info` of an ``info`` line. Lenient: an unknown word and a value that
    is not a number are skipped; ``score X`` without a unit (older engines) is ``cp``;
    ``pv`` takes the words up to the next known field; ``string`` the rest of the line."""
    words = line.split()
    fields: dict[str, object] = {}
    i = 1 if words[:1] == ["info"] else 0
    while i < len(words):
        word = words[i]
        i += 1
        if word == "string":
            fields["string"] = " ".join(words[i:])
            break
        read = _INFO_READERS.get(word)
        if read is not None and i < len(words):
            value, i = read(words, i)
            if value is not None:
                fields[word] = value
    return Info(**fields)  # type: ignore[arg-type]


def _number_at(words: list[str], i: int) -> tuple[int | None, int]:
    """The whole number ``words[i]`` (``None`` where it is none, and then not taken), and
    the index after what was taken."""
    number = read_whole(words[i], signed=True)
    return (number, i + 1) if number is not None else (None, i)


def _pv_at(words: list[str], i: int) -> tuple[tuple[str, ...], int]:
    """The principal variation whose first move is ``words[i]`` (up to the next known
    field), and the index after it."""
    end = i
    while end < len(words) and words[end] not in _INFO_WORDS:
        end += 1
    return tuple(words[i:end]), end


def _score_at(words: list[str], i: int) -> tuple[Score | None, int]:
    """The score whose first word is ``words[i]``, and the index after it."""
    kind = words[i]
    number = read_whole(kind, signed=True)
    if number is not None:
        return Score("cp", number), i + 1
    if kind not in ("cp", "win", "loss"):
        return None, i
    number = read_whole(words[i + 1], signed=True) if i + 1 < len(words) else None
    if number is not None:
        return Score(kind, number), i + 2
    return (Score(kind, None), i + 1) if kind != "cp" else (None, i + 1)


#: How the value of each field of an ``info`` line but ``string`` is read from its
#: first word on: the value (``None``: none there) and the index after it.
_INFO_READERS: dict[str, Callable[[list[str], int], tuple[object, int]]] = {
    **dict.fromkeys(_INFO_NUMBERS, _number_at),
    "score": _score_at,
    "pv": _pv_at,
}


def parse_fill(line: str) -> str | None:
    """The fill of a ``fill left`` or ``fill right`` answer (``left`` or ``right``, in
    any case), or ``None`` when the line is not one."""
    words = line.split()
    return words[1].lower() if len(words) == 2 and words[0] == "fill" and words[1].lower() in ("left", "right") else None


def parse_bestmove(line: str) -> str | None:
    """The move of a ``bestmove MOVE [ponder …]`` line (the words after the move are
    ignored), or ``None`` when the line is not one (no move)."""
    words = line.split()
    return words[1] if len(words) >= 2 and words[0] == "bestmove" else None


@dataclass(frozen=True)
class EngineOption:
    """An option an engine declares in its handshake: ``option name N type spin|check|
    string|combo|button [default V] [min A max B] [var V …]``. ``default`` is the text of
    the default (``None`` when not given); ``vars`` the choices of a ``combo``."""

    name: str
    type: str
    default: str | None = None
    min: int | None = None
    max: int | None = None
    vars: tuple[str, ...] = field(default=())

    def line(self) -> str:
        """The declaration as an engine writes it."""
        words = ["option", "name", self.name, "type", self.type]
        for name, value in (("default", self.default), ("min", self.min), ("max", self.max)):
            if value is not None:
                words += [name, str(value)]
        for var in self.vars:
            words += ["var", var]
        return " ".join(words)

    def value_text(self, value: object) -> str:
        """``value`` as ``setoption`` sends it, checked against the declaration: a
        ``spin`` a whole number within ``min``..``max``, a ``check`` a bool (or
        ``true``/``false``), a ``combo`` one of its ``vars``. :class:`ArgumentError` when
        it does not fit."""
        checked = {"check": self._check_text, "spin": self._spin_text}.get(self.type, self._string_text)
        return checked(value)

    def _string_text(self, value: object) -> str:
        """:meth:`value_text` of a ``combo`` (one of its ``vars``), a ``string`` or a ``button``: one line."""
        text = str(value)
        if self.type == "combo" and self.vars and text not in self.vars:
            raise ArgumentError(f"option {self.name}: {text!r} is not one of {', '.join(self.vars)}")
        if "\n" in text or "\r" in text:
            raise ArgumentError(f"option {self.name}: a value is one line")
        return text

    def _check_text(self, value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if str(value).lower() in ("true", "false"):
            return str(value).lower()
        raise ArgumentError(f"option {self.name}: {value!r} is not true or false")

    def _spin_text(self, value: object) -> str:
        number = read_whole(str(value), signed=True)
        if number is None:
            raise ArgumentError(f"option {self.name}: {value!r} is not a whole number")
        if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
            raise ArgumentError(f"option {self.name}: {number} is outside {self.min}..{self.max}")
        return str(number)


def parse_option(line: str) -> EngineOption | None:
    """The :class:`EngineOption` an ``option`` line declares, or ``None`` when the line
    is not a readable declaration (no name, or a type not in :data:`OPTION_TYPES`). A name
    or a default may hold spaces (``option name Skill Level type spin default 3``)."""
    words = line.split()
    if words[:2] != ["option", "name"] or "type" not in words:
        return None
    at = words.index("type")
    name = " ".join(words[2:at])
    if not name or at + 1 >= len(words) or words[at + 1] not in OPTION_TYPES:
        return None
    parts, vars_ = _option_fields(words[at + 2 :])
    default = " ".join(parts["default"]) if "default" in parts else None
    return EngineOption(name, words[at + 1], default, _bound(parts, "min"), _bound(parts, "max"), tuple(vars_))


def _bound(parts: dict[str, list[str]], key: str) -> int | None:
    """The whole number of an option's ``min`` or ``max`` field (``key``) among its
    ``parts``, where the field is one word and a number; else ``None``."""
    words = parts.get(key, [])
    return read_whole(words[0], signed=True) if len(words) == 1 else None


def _option_fields(words: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The words of each field after an option's type (``default``, ``min``, ``max``),
    and its ``var`` choices (each may hold spaces)."""
    parts: dict[str, list[str]] = {}
    vars_: list[str] = []
    key = ""
    for word in words:
        if word == "var":
            key = word
            vars_.append("")
        elif word in ("default", "min", "max"):
            key = word
            parts[key] = []
        elif key == "var":
            vars_[-1] = f"{vars_[-1]} {word}".strip()
        elif key:
            parts[key].append(word)
    return parts, vars_


def setoption_line(name: str, value: str) -> str:
    """The ``setoption name N value V`` command."""
    return f"setoption name {name} value {value}"


def parse_setoption(line: str) -> tuple[str, str] | None:
    """The name and the value of a ``setoption name N value V`` line (both may hold
    spaces; the value is ``""`` when not given), or ``None`` when the line names no
    option."""
    words = line.split()
    if words[:2] != ["setoption", "name"]:
        return None
    at = words.index("value") if "value" in words else len(words)
    name = " ".join(words[2:at])
    return (name, " ".join(words[at + 1 :])) if name else None

