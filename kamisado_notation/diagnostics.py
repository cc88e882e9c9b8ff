"""Diagnostics: what is wrong with a record, as values (rule id, message, location).

The CLI decides how to show them (``path:line:col: error[RULE] message`` or JSON).
``rule`` is a rulebook rule id (``T2``, ``M5``, ``S8``, ``DS7``, ``F3``…) or one of
``syntax``, ``square``, ``push-entry``, ``result``, ``match``, ``text`` (a word
processor's characters read as plain ones), ``header`` (a header as people write it),
``encoding`` (a file not in UTF-8) (README, *Command line*), or ``io`` for a file that
cannot be read. A diagnostic of a slip the record's redundancy can
correct carries the corrected entry in ``suggestions`` (:mod:`kamisado_notation.checking.correct`).

A diagnostic is data, not only words: ``kind`` says which slip it is in a machine's terms
(``"slot"``, ``"swapped-row"``…; ``""`` for a plain rules verdict) and ``edits`` is its
certain correction as a list of record edits (:data:`Edit`: replace, insert, delete or
swap entries and rows; insert a ``Round`` line left out; rewrite a ``Round``, ``Lineup``
or header line), which ``kamisado fix`` applies and nothing has to read back out of the
message. An edit is placed by the
line and column of what it changes, so it means the same to every consumer of the text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from .display import printable
from .enums import TextEnum
from .errors import FormatError

__all__ = [
    "DECIDES",
    "EDIT_NAMES",
    "ERROR",
    "READ_BY_EVIDENCE",
    "WARNING",
    "DeleteEntry",
    "DeleteRow",
    "Diagnostic",
    "Edit",
    "InsertEntry",
    "InsertLine",
    "InsertRow",
    "Kind",
    "Renumber",
    "ReplaceEntry",
    "RewriteLine",
    "RewriteMark",
    "Severity",
    "SwapEntries",
    "compose",
    "correction",
    "cut_after_decided",
    "edit_from_json",
    "edit_to_json",
    "has_error",
    "read_by_evidence",
]


class Severity(TextEnum):
    """How bad a diagnostic is: an ``error`` makes a record invalid, a ``warning`` does not."""

    ERROR = "error"
    WARNING = "warning"


ERROR = Severity.ERROR
WARNING = Severity.WARNING


class Kind(TextEnum):
    """Which slip a diagnostic names, in a machine's terms (the ``kind`` of ``--json``).
    ``NONE`` (``""``) is a rules verdict or a syntax error with no slip named. The values
    are the JSON's strings; docs/json-record.md says what each means.

    The members below are the kinds the package names; a slip of a row or a round added
    later declares its own kind in its own module (:meth:`declare`): a ``Kind`` all the
    same (``Kind("its-name")`` finds it, :meth:`every` lists it), but no attribute of the
    class. The table of those slips (docs/slips.md) is written from their registry."""

    NONE = ""
    # one entry
    SLOT = "slot"
    UNKNOWN_WORD = "unknown-word"
    FILLER_WORD = "filler-word"
    PUNCTUATION = "punctuation"
    CHESS_MARK = "chess-mark"
    TURN_MARK = "turn-mark"
    # an entry written in another style (ring marks: the reader's :mod:`~.notation.kmr.evidence`; a
    # forfeit's '...', the assembler's; colours swapped, the replay's)
    RING_MARK = "ring-mark"
    FORCED_WORD = "forced-word"
    SWAPPED_COLOURS = "swapped-colours"
    # read by evidence (the reader's :mod:`~.notation.kmr.evidence`)
    EVIDENCE = "evidence"
    SET_ASIDE = "set-aside"
    UNSETTLED = "unsettled"
    COMMENT_MARK = "comment-mark"
    ABBREVIATION = "abbreviation"
    UMLAUTS = "umlauts"
    SPREADSHEET = "spreadsheet"
    FORGOTTEN_FORFEIT = "forgotten-forfeit"
    BACK_ENTRY = "back-entry"
    MISSING_PLACEHOLDER = "missing-placeholder"
    EXTRA_PLACEHOLDER = "extra-placeholder"
    UNKNOWN_RING = "unknown-ring"
    TURN_NUMBER = "turn-number"
    # rows and rounds
    SWAPPED_ROW = "swapped-row"
    REPEATED_ROW = "repeated-row"
    REPEATED_ENTRY = "repeated-entry"
    RETYPED_ENTRY = "retyped-entry"
    MISSING_ROW = "missing-row"
    MISSING_BACK_ENTRY = "missing-back-entry"
    MIRRORED_ARROWS = "mirrored-arrows"
    DISTANCE_PLUS_ONE = "distance-plus-one"
    SWAPPED_COLUMNS = "swapped-columns"
    EXCHANGED_ENTRIES = "exchanged-entries"
    AFTER_END = "after-end"
    STRUCK_ENTRY = "struck-entry"
    # Round and Lineup lines
    FILL_WORD = "fill-word"
    ROUND_LINE = "round-line"
    LINEUP_LINE = "lineup-line"
    LINEUP_COLOUR_MISSING = "lineup-colour-missing"
    ROUND_NUMBER = "round-number"
    MISSING_ROUND = "missing-round"
    REVERSED_LINEUP = "reversed-lineup"
    LINEUP_RINGS = "lineup-rings"
    # headers and matches
    UNQUOTED_HEADER = "unquoted-header"
    RESULT_SEPARATOR = "result-separator"
    HEADER_NAME = "header-name"
    PASTED_MATCH = "pasted-match"
    RUNNING_SCORE = "running-score"
    RESULT_AFTER_MOVES = "result-after-moves"
    RESIGNATION = "resignation"
    NO_MATCH = "no-match"
    NOT_KAMISADO = "not-kamisado"

    @classmethod
    def declare(cls, value: str) -> Kind:
        """The kind named ``value``: a member, or the one a slip's module declared, or
        a new kind declared now (a slip's own, outside the class body). Declaring the
        same name again gives the same kind."""
        if value in _DECLARED or value in {k.value for k in cls}:
            return cls(value)
        kind = str.__new__(cls, value)
        kind._name_ = value.upper().replace("-", "_")
        kind._value_ = value
        _DECLARED[value] = kind
        return kind

    def __reduce_ex__(self, protocol: object) -> tuple[Callable[[str], Kind], tuple[str]]:
        """A kind travels by its name and is declared again where it lands (a worker's
        diagnostics reach a process that may never load the slip that declared theirs:
        ``validate`` judges a valid record without loading the slips)."""
        return Kind.declare, (self._value_,)

    @classmethod
    def _missing_(cls, value: object) -> Kind | None:
        """A declared kind (:meth:`declare`) by its name."""
        return _DECLARED.get(value) if isinstance(value, str) else None

    @classmethod
    def every(cls) -> tuple[Kind, ...]:
        """Every kind: the members, then the kinds declared, in the order declared."""
        return (*cls, *_DECLARED.values())


#: the kinds slips declared outside the class body (:meth:`Kind.declare`), by name
_DECLARED: dict[str, Kind] = {}


class ReplaceEntry(NamedTuple):
    """The entry written ``old`` at ``line``:``column`` becomes ``new``."""

    line: int
    column: int
    old: str
    new: str
    why: str


class InsertEntry(NamedTuple):
    """``new`` (one entry or several) is written just before the entry at ``line``:``column``."""

    line: int
    column: int
    new: str
    why: str


class DeleteEntry(NamedTuple):
    """The entry written ``old`` at ``line``:``column`` goes."""

    line: int
    column: int
    old: str
    why: str


class SwapEntries(NamedTuple):
    """The entries ``first`` (at ``line``:``column``) and ``second`` (at ``line``:``other``,
    after it on the line) change places."""

    line: int
    column: int
    first: str
    other: int
    second: str
    why: str


class InsertRow(NamedTuple):
    """A new line ``new`` (a row of entries) is written before line ``line``."""

    line: int
    new: str
    why: str


class InsertLine(NamedTuple):
    """A line ``new`` that is not a row of entries (a ``Round`` line left out: ``what``
    says which) is written before line ``line``."""

    line: int
    what: str
    new: str
    why: str


class DeleteRow(NamedTuple):
    """Line ``line``, the row written ``old``, goes."""

    line: int
    old: str
    why: str


class RewriteLine(NamedTuple):
    """Line ``line`` (a ``Round``, ``Lineup`` or header line, ``what`` says which) becomes ``new``."""

    line: int
    what: str
    old: str
    new: str
    why: str


class RewriteMark(NamedTuple):
    """The mark written ``old`` at ``line``:``column`` in another style than ours becomes
    ``new``: punctuation after an entry nothing, a chess mark a braced comment after its
    entry (the player's word on the move is kept), a turn number ``1)`` ``1.``, a comment
    ``// …`` or ``( … )`` one after ``#`` or in braces. Not marked: the one warning of
    its style says it for every mark of the match."""

    line: int
    column: int
    old: str
    new: str
    why: str


class Renumber(NamedTuple):
    """The turn number written before the entry at ``line``:``column`` becomes ``number``
    (``None``: blanked, the entry being Gold's now): entries inserted or removed before it
    in its round moved it. Not marked: the edit that moved it is."""

    line: int
    column: int
    number: int | None


#: One edit of a record's text; each says why (the ``{fix: …}`` mark ``kamisado fix`` writes).
Edit = (
    ReplaceEntry | InsertEntry | DeleteEntry | SwapEntries | InsertRow | InsertLine | DeleteRow | RewriteLine | RewriteMark | Renumber
)

#: Each kind of edit by the name ``--json`` gives it (its ``"edit"`` member).
EDIT_NAMES: dict[str, type[Edit]] = {
    "replace-entry": ReplaceEntry,
    "insert-entry": InsertEntry,
    "delete-entry": DeleteEntry,
    "swap-entries": SwapEntries,
    "insert-row": InsertRow,
    "insert-line": InsertLine,
    "delete-row": DeleteRow,
    "rewrite-line": RewriteLine,
    "rewrite-mark": RewriteMark,
    "renumber": Renumber,
}
_EDIT_NAME = {kind: name for name, kind in EDIT_NAMES.items()}


def edit_to_json(edit: Edit) -> dict[str, object]:
    """``edit`` as the JSON object ``--json`` writes: ``{"edit": "replace-entry", "line": 12,
    "column": 5, "old": …, "new": …, "why": …}`` (its fields, named as in its class)."""
    return {"edit": _EDIT_NAME[type(edit)], **edit._asdict()}


def edit_from_json(data: object) -> Edit:
    """The edit :func:`edit_to_json` wrote (so a program can apply the corrections of
    ``validate --json`` with :func:`~kamisado_notation.checking.edits.apply_edits`).
    Raises :class:`~kamisado_notation.errors.FormatError` naming what is wrong."""
    if not isinstance(data, dict) or data.get("edit") not in EDIT_NAMES:
        raise FormatError(f"not an edit: {data!r:.80}")
    kind = EDIT_NAMES[data["edit"]]
    fields = kind._fields
    if set(data) - {"edit"} != set(fields):
        raise FormatError(f"a {data['edit']!r} edit has the members {', '.join(fields)}")
    values = [data[name] for name in fields]
    for name, value in zip(fields, values, strict=True):
        fits, wanted = _FIELD_VALUES.get(name, _TEXT)
        if not fits(value):
            raise FormatError(f"a {data['edit']!r} edit's {name!r} is not {wanted}: {value!r:.80}")
    return kind(*values)


def _a_number(value: object) -> bool:
    return type(value) is int


#: What an edit's field holds in JSON, by its name (any other: text), and its words.
_FIELD_VALUES: dict[str, tuple[Callable[[object], bool], str]] = {
    "number": (lambda value: value is None or type(value) is int, "a number or null"),  # (a Renumber's: None blanks the turn number)
    "line": (_a_number, "a number"),
    "column": (_a_number, "a number"),
    "other": (_a_number, "a number"),
}
_TEXT: tuple[Callable[[object], bool], str] = (lambda value: isinstance(value, str), "text")


def compose(*clauses: str | None) -> str:
    """A message from its clauses, in the order a reader needs them — what is wrong, what
    explains it, then the correction (:func:`correction`) — joined by ``"; "``; a clause
    that is ``None`` or empty is left out. The replay and the slips build every message
    of more than one clause here (and :meth:`Diagnostic.with_clauses` adds to one), never
    by appending text.

    >>> compose("Purple cannot move 6 squares", None, correction("Purple Forward 5 Red"))
    'Purple cannot move 6 squares; correction: Purple Forward 5 Red'
    """
    return "; ".join(c for c in clauses if c)


def correction(text: str) -> str:
    """The clause that gives a correction: ``correction: TEXT``."""
    return f"correction: {text}"


def has_error(diagnostics: Iterable[Diagnostic]) -> bool:
    """Whether one of ``diagnostics`` is an error (a warning alone leaves a record valid)."""
    return any(d.severity is Severity.ERROR for d in diagnostics)


#: The kinds of diagnostic that say a match was read by its evidence, not only as written
#: in the notation.
READ_BY_EVIDENCE = frozenset({Kind.EVIDENCE, Kind.SET_ASIDE, Kind.UNKNOWN_WORD})


def read_by_evidence(diagnostics: Iterable[Diagnostic]) -> bool:
    """Whether one of a match's ``diagnostics`` says it was read by its evidence
    (:data:`READ_BY_EVIDENCE`), not only as written in the notation."""
    return any(d.kind in READ_BY_EVIDENCE for d in diagnostics)


#: What the warning that sets aside the text after the round that decided a match (the
#: checking's ``slips.after_end.after_decided``) says of that round.
DECIDES = "that round decides the match"


def cut_after_decided(diagnostics: Iterable[Diagnostic]) -> bool:
    """Whether ``diagnostics`` (a match's) set aside the text after the round that decided
    it, as a single round's match: its length no header's."""
    return any(d.kind is Kind.SET_ASIDE and DECIDES in d.message for d in diagnostics)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    rule: str
    message: str
    line: int
    column: int
    severity: Severity = Severity.ERROR
    round: int | None = None
    ply: int | None = None
    match: int | None = None  # 1-based index of the match in its file
    #: Complete entries that would make the entry right, in the form and language it was
    #: written in, most likely first (empty when there are none): README: ``suggestions``.
    suggestions: tuple[str, ...] = ()
    #: Which slip this is, for a program (:attr:`Kind.NONE`: a rules verdict with no slip named).
    kind: Kind = Kind.NONE
    #: The certain correction, as edits of the record (empty when there is none).
    edits: tuple[Edit, ...] = ()

    def format(self, path: str) -> str:
        """The one-line human form: ``path:line:col: error[RULE] message`` (``path: …``
        for what has no line, an unreadable file), control characters escaped
        (:func:`~kamisado_notation.display.printable`): the path and the message may
        quote a record, and a record may hold anything."""
        where = f"{path}:{self.line}:{self.column}" if self.line else path
        return printable(f"{where}: {self.severity}[{self.rule}] {self.message}")

    def with_clauses(self, *clauses: str | None) -> Diagnostic:
        """This diagnostic with ``clauses`` said after its message (:func:`compose`)."""
        return replace(self, message=compose(self.message, *clauses))

    def to_json(self) -> dict[str, object]:
        """The JSON object the README describes (without the match index, which the nesting gives)."""
        return {
            "severity": self.severity,
            "line": self.line,
            "column": self.column,
            "round": self.round,
            "ply": self.ply,
            "rule": self.rule,
            "message": self.message,
            "suggestions": list(self.suggestions),
            "kind": self.kind,
            "edits": [edit_to_json(e) for e in self.edits],
        }
