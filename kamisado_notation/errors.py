"""The toolkit's exception types. All are ``ValueError`` subclasses, so a caller that
only wants "bad input" catches one thing, and a caller that cares tells them apart.
Every error a public call raises on a bad value is one of them (a wrong type is a
``TypeError``); :class:`SquareError` (a square off the board) and :class:`PlyError` (a
ply a round does not have) are also ``IndexError``s, and :class:`HeaderError` (a header a
match does not have) a ``KeyError``, as any index or key that is not there.

Each round-trips through :mod:`pickle` with its attributes (``rule``, ``field``…), so one
raised in a worker process (:mod:`concurrent.futures`) reaches the caller as itself."""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "DiscardOutput",
    "EngineError",
    "FillerWord",
    "FormatError",
    "HeaderError",
    "IllegalMoveError",
    "KamisadoError",
    "MatchError",
    "NoRecordsError",
    "NotationError",
    "OutputError",
    "PlyError",
    "PositionError",
    "RecordIOError",
    "ResourceError",
    "SquareError",
    "StyleMark",
    "StyledEntry",
    "TakeBack",
    "UnknownWord",
]


class KamisadoError(ValueError):
    """Base class of every error the toolkit raises on bad input."""

    def __reduce__(self) -> tuple[object, ...]:
        # BaseException pickles as ``cls(*args)``, which loses keyword-only arguments
        # (``rule=``, ``field=``): rebuild without calling __init__, then restore them.
        return (_rebuilt, (type(self), self.args, self.__dict__))


def _rebuilt(cls: type[KamisadoError], args: tuple[object, ...], state: dict[str, object]) -> KamisadoError:
    """An error of type ``cls`` with ``args`` and the attributes ``state`` (unpickling)."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class ArgumentError(KamisadoError):
    """An argument outside what a call accepts: a negative perft depth, fewer than one
    worker process."""


class PlyError(KamisadoError, IndexError):
    """A ply a round does not have (``RoundReplay.position_at(99)``). Also an
    ``IndexError``, as for any index out of range."""


class HeaderError(KamisadoError, KeyError):
    """A header a match does not have (``match.headers["Date"]``). Also a ``KeyError``,
    as for any key a mapping does not hold: ``.get`` and ``in`` are the ways to ask."""

    def __str__(self) -> str:
        return ValueError.__str__(self)  # (KeyError's would quote the message)


class ResourceError(KamisadoError):
    """The machine refused what the work needs: worker processes that cannot be
    started (too many open files, no memory for another process)."""


class SquareError(KamisadoError, IndexError):
    """A square that is not on the board: a number outside 0–63, or a name that is not
    ``a1`` to ``h8``. Also an ``IndexError``, as for any index out of range."""


class PositionError(KamisadoError):
    """A malformed position string. ``field`` names the field (``rank 6``, ``to-move``…),
    ``column`` the 1-based column of the offending character in the string."""

    def __init__(self, message: str, *, field: str, column: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.column = column


class IllegalMoveError(KamisadoError):
    """A move the rules forbid; ``rule`` is the rulebook's rule id (``M2``, ``S8``, ``T2``…)
    or ``square`` (the colour written for the square the move ends on is not its colour).
    ``slot`` names the slot of a written move that is wrong (``tower``, ``direction``,
    ``distance``, ``square``, or ``from``/``to`` for coordinates) where one is known.
    ``corrections`` are the legal moves the entry may stand for, most likely first, as
    entries in the record's form, where the caller knew the position (``Recorder.play``)."""

    corrections: tuple[str, ...] = ()

    def __init__(self, message: str, *, rule: str, slot: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.slot = slot


class EngineError(KamisadoError):
    """An engine (a program speaking the engine protocol, docs/engines.md) that failed
    its caller: ``reason`` says how, in the words of the arena's ``Termination`` header —
    ``crash`` (it exited, or could not be started), ``time forfeit`` (no answer in time,
    or it reads nothing), ``garbage`` (an answer that is no move), ``illegal move``,
    ``flood`` (too many lines, or one too long). The message names the engine's command
    and what was asked."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class MatchError(KamisadoError):
    """Asking the match for something its state does not allow (a round after the end)."""


class NotationError(KamisadoError):
    """Text that is not notation. ``line`` and ``column`` are 1-based; ``rule`` is
    ``"syntax"`` (README, *Command line*). ``corrections``: as for
    :class:`IllegalMoveError`, the legal moves a misspelt entry may stand for."""

    rule = "syntax"
    corrections: tuple[str, ...] = ()

    def __init__(self, message: str, *, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class FillerWord(NotationError):
    """A word between two entries of a row that means nothing to the record (``pushes``,
    ``then``), which the reader reads as nothing, with a warning: ``word`` is the word."""

    def __init__(self, message: str, *, line: int = 1, column: int = 1, word: str = "") -> None:
        super().__init__(message, line=line, column=column)
        self.word = word


class StyleMark(NotationError):
    """A mark written in another style than ours that the reader reads as ours, with a
    warning: punctuation after an entry (``Green,``), a chess mark (``Brown!?``), a
    turn number written ``1)`` or ``1:``, a comment written ``// …`` or ``( … )``.
    ``mark`` is the mark as written, ``new`` what ``fix`` writes for it, ``style`` the
    style's name (the diagnostic's kind: ``punctuation``, ``chess-mark``, ``turn-mark``,
    ``comment-mark``)."""

    def __init__(self, message: str, *, line: int = 1, column: int = 1, mark: str = "", new: str = "", style: str = "") -> None:
        super().__init__(message, line=line, column=column)
        self.mark = mark
        self.new = new
        self.style = style


class StyledEntry(NotationError):
    """An entry written in another style whose move only the replay can settle (the
    square colour or the distance left out, a forced entry written as a word: ``pass``,
    ``Yellow blocked``, ``pushed``, a push written ``Purple Sumo push``): the entry is
    read with those slots not read (:attr:`~.notation.record.Entry.unread`), and the
    replay takes it for the one legal move its other slots name. ``style`` is the
    style's name (the diagnostic's kind)."""

    def __init__(self, message: str, *, line: int = 1, column: int = 1, style: str = "") -> None:
        super().__init__(message, line=line, column=column)
        self.style = style


class TakeBack(NotationError):
    """A word that takes back the entry written before its line (``fix: Red Right 3``,
    ``correction — …``), said before the line's own entry, which stands in its place: the
    round's entry before the line is dropped, with a warning. ``word`` is the word."""

    def __init__(self, message: str, *, line: int = 1, column: int = 1, word: str = "") -> None:
        super().__init__(message, line=line, column=column)
        self.word = word


class UnknownWord(NotationError):
    """A word that is no word of the notation where the line wanted one (``Purpel``,
    ``Lfet``): ``word`` is the word as written. The reader may read it past and let the
    replay tell its slot from the entry's other slots."""

    def __init__(self, message: str, *, line: int = 1, column: int = 1, word: str = "") -> None:
        super().__init__(message, line=line, column=column)
        self.word = word


class FormatError(KamisadoError):
    """A move that cannot be written in the form asked for without more facts (a
    coordinate entry to a colour form, or the reverse, with no resolved move)."""


class RecordIOError(KamisadoError):
    """A record file that cannot be read (missing, a directory, no permission). The
    message names the file; ``reason`` says why without it (``no such file``)."""

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason if reason is not None else message


class NoRecordsError(KamisadoError):
    """A folder given where record files are read that holds none (no ``.kmr`` or
    ``.json`` file in it or below it). ``path`` is the folder as it was given."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{path}: the folder holds no record file (.kmr or .json)")
        self.path = path


class OutputError(KamisadoError):
    """An output that must not or cannot be written: it is one of the command's inputs,
    a directory, or the write failed (a full disk). The message is one line that names
    the output (``cannot write out.kmr: No space left on device``)."""


class DiscardOutput(KamisadoError):
    """Raised inside :func:`~kamisado_notation.io.output.open_output` by a writer that finds,
    part-way, that its output must not be written after all (``kamisado convert`` meeting
    an entry it cannot convert): the output is left as it was, and the ``with`` block
    ends quietly."""


def failure_reason(e: BaseException) -> str:
    """What the failure ``e`` says went wrong: an operating system error's own words
    (its ``strerror``: ``No space left on device``), else its message."""
    return e.strerror if isinstance(e, OSError) and e.strerror else str(e)
