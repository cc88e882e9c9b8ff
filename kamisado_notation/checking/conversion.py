"""Converting a record file to another form or language a match at a time (``kamisado
convert``), so memory holds one match whatever the file's length.

Colour form to colour form is a rewrite of the words. Coordinates to a colour form (and
back) need the board, so each match is replayed first (the JSON form carries both
where the replay reaches). What stops a conversion is found as the file is read, in the
order it weighs: syntax errors anywhere (a line that could not be read would be lost;
an entry with an unknown word read past is kept as written, and refused only by the
coordinates, as an entry with an error), then a file with no match, then the first entry that needs the board where the replay
does not reach, then the first entry the form cannot write. After the first problem
nothing more is written, but the file is read to its end so that every syntax error is
reported: :func:`convert_to` writes the output (through the safe writer,
:mod:`kamisado_notation.io.output`) only when :attr:`ConversionProblems.ok`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from ..diagnostics import Diagnostic, Severity
from ..engine.position import Position
from ..errors import DiscardOutput, FormatError
from ..notation.files.opening import stream_record
from ..notation.formats import FORMATS, ForeignWriter
from ..notation.record import Entry, MatchRecord, RecordFile
from ..notation.writer import Form, RecordWriter, ResolvedMoves
from .matches import split_matches

if TYPE_CHECKING:  # only read here; the replay is loaded where a match is replayed
    from .replayed import MatchReplay, RoundReplay

__all__ = [
    "ConversionProblems",
    "Unresolved",
    "convert_file",
    "convert_foreign",
    "convert_text",
    "convert_to",
    "foreign_text",
    "resolve_moves",
]

@dataclass(frozen=True, slots=True)
class Unresolved:
    """Why match ``match`` cannot be written in ``form``, which needs the board: the
    replay's ``errors`` (the form cannot carry what was written: ``kamisado fix`` it
    first), or else the first ``entry`` the replay did not reach."""

    match: int
    form: Form | str  # (a str: an other program's format, :data:`~kamisado_notation.notation.formats.FORMATS`)
    errors: tuple[Diagnostic, ...] = ()
    entry: Entry | None = None


@dataclass(slots=True)
class ConversionProblems:
    """What stops the conversion of the record ``path`` (its name: ``<stdin>`` for
    standard input) of ``matches`` matches, in the order it weighs (see the module
    docstring)."""

    path: str
    matches: int = 0
    syntax: list[Diagnostic] = field(default_factory=list)
    unresolved: Unresolved | None = None
    format_error: FormatError | None = None

    @property
    def ok(self) -> bool:
        return not self.syntax and self.matches > 0 and self.unresolved is None and self.format_error is None


def convert_file(path: str, out: TextIO, *, form: Form, lang: str = "en", encoding: str | None = None) -> ConversionProblems:
    """Write the record file at ``path`` (``-``: standard input) to ``out`` in ``form``
    (the text of :func:`~kamisado_notation.notation.writer.format_record`), a match at a
    time; what is written is whole only when the result is ``ok``. Raises
    :class:`~kamisado_notation.errors.RecordIOError` when the file cannot be read.
    ``encoding``: the file's, when it is not UTF-8
    (:func:`~kamisado_notation.notation.files.opening.stream_record`)."""
    record, matches = stream_record(path, encoding=encoding)
    return _written(record, matches, out, form=form, lang=lang)


def convert_text(text: str, *, form: Form, lang: str = "en", path: str = "<string>") -> str | None:
    """The record ``text``, read as a ``.kmr`` text is (as :func:`~.validate.validate_text`
    and ``fix`` read one: no other format is looked for), written in ``form`` as
    :func:`convert_file` writes a file; ``None`` where it cannot be written whole (an
    error that lost what was written, a move the form cannot say)."""
    import io

    from ..notation import parse_record

    out = io.StringIO()
    record = parse_record(text, path=path)
    return out.getvalue() if _written(record, iter(record.matches), out, form=form, lang=lang).ok else None


def _written(record: RecordFile, matches: Iterator[MatchRecord], out: TextIO, *, form: Form, lang: str) -> ConversionProblems:
    """:func:`convert_file` of ``record``, its ``matches`` read as they come."""
    writer = RecordWriter(out, form=form, lang=lang, path=record.path)
    problems = ConversionProblems(record.path)
    match_syntax: list[Diagnostic] = []
    for m in split_matches(matches):  # (a match pasted in without headers is one)
        problems.matches += 1
        match_syntax.extend(_lost(m))
        if not match_syntax and problems.unresolved is None:
            _convert_match(m, form, writer, problems)
    problems.syntax = _errors(record.errors) + match_syntax
    if problems.ok:
        writer.close(record)
    return problems


def convert_to(
    path: str, output: str, *, form: Form, lang: str = "en", encoding: str | None = None
) -> ConversionProblems:
    """:func:`convert_file` into the file ``output`` (``-``: standard output) through the
    safe writer (:func:`~kamisado_notation.io.output.open_output`: never onto ``path``,
    atomically), written only when the result is ``ok`` — else nothing is. Raises
    :class:`~kamisado_notation.errors.OutputError` when ``output`` must not or cannot be
    written, :class:`~kamisado_notation.errors.RecordIOError` when ``path`` cannot be read."""
    from ..io.output import open_output

    with open_output(output, inputs=[path], held=True) as out:
        problems = convert_file(path, out, form=form, lang=lang, encoding=encoding)
        if not problems.ok:
            raise DiscardOutput(f"{problems.path}: nothing converted")
    return problems


def _errors(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]


def _lost(m: MatchRecord) -> list[Diagnostic]:
    """The syntax errors of ``m`` that lost what was written: all but those of unknown
    words read past, which their entries keep (:attr:`Entry.unread`: the colour forms and
    JSON write such an entry as written; coordinates cannot, and refuse it as a record
    with errors)."""
    unread = [e for r in m.rounds for e in r.entries if e.unread is not None]
    return [d for d in _errors(m.errors) if not any(e.covers(d.line, d.column) for e in unread)]


def _convert_match(m: MatchRecord, form: Form, writer: RecordWriter, problems: ConversionProblems) -> None:
    moves, unresolved = resolve_moves(m, form)
    if unresolved is not None:
        problems.unresolved = unresolved
    if problems.unresolved is not None or problems.format_error is not None:
        return
    try:
        writer.match(m, moves)
    except FormatError as e:
        problems.format_error = e


def resolve_moves(match: MatchRecord, form: Form) -> tuple[ResolvedMoves, Unresolved | None]:
    """The moves the replay resolved (:meth:`MatchReplay.resolved_moves
    <kamisado_notation.checking.replay.MatchReplay.resolved_moves>`), when writing
    ``match`` in ``form`` needs the board (coordinates ↔ colours; JSON gets both where the
    replay reaches) — only for entries without an error, which keep what was written —
    and why the match cannot be written in ``form``, if it cannot."""
    from .replay import replay_match

    if form is Form.JSON:
        return _both_forms(match), None
    wanted = [(j, k, e) for j, r in enumerate(match.rounds) for k, e in enumerate(r.entries) if _needs_board(e, form)]
    if not wanted:
        return ResolvedMoves(), None
    result = replay_match(match)
    moves = result.resolved_moves()
    return moves, _unresolved(match.index, form, result.diagnostics, moves, wanted)


def _both_forms(match: MatchRecord) -> ResolvedMoves:
    """The moves the replay of ``match`` resolved, for JSON, which writes each entry's
    squares and colours both where the replay reaches (none to resolve in a match with
    no entry)."""
    from .replay import replay_match

    return replay_match(match).resolved_moves() if any(r.entries for r in match.rounds) else ResolvedMoves()


def _unresolved(
    index: int, form: Form, diagnostics: list[Diagnostic], moves: ResolvedMoves, wanted: list[tuple[int, int, Entry]]
) -> Unresolved | None:
    """Why match ``index``, replayed with ``diagnostics`` into ``moves``, cannot be
    written in ``form``: its errors, else the first of the entries ``wanted`` (each by
    its round's and its own index) whose move the replay did not resolve; ``None`` when
    it can."""
    errors = _errors(diagnostics)
    if errors:
        return Unresolved(index, form, errors=tuple(errors))
    missing = [e for j, k, e in wanted if moves.move_of(j, k) is None]
    return Unresolved(index, form, entry=missing[0]) if missing else None


def _needs_board(entry: Entry, form: Form) -> bool:
    """Whether writing ``entry`` in ``form`` needs the board (coordinates ↔ colours)."""
    return not entry.placeholder and entry.is_coords != (form is Form.COORDS)


def convert_foreign(
    path: str, output: str, *, form: str, encoding: str | None = None, round_number: int | None = None, drop: bool = False
) -> ConversionProblems:
    """Write the record file at ``path`` in another program's format ``form`` (one of
    :data:`~kamisado_notation.notation.formats.FORMATS` that it writes) into the file ``output`` (``-``: standard output) through the
    safe writer, only when the result is ``ok`` — else nothing is written. Every match
    is replayed: what is written is what the rules made of it, so a match with errors is
    refused (``kamisado fix`` it first), and so is one the format cannot hold
    (``format_error``, every reason at once: several rounds, a set position; hamisado's
    move list also holds no header nor comment, which ``drop`` leaves out instead).
    ``round_number`` writes that round of each match alone, when it starts from the
    initial position (as these formats' rounds do: a later round starts from the
    lineups its fill made, and so cannot be written). ``encoding`` and what it raises:
    as for :func:`convert_to`."""
    from ..io.output import open_output

    with open_output(output, inputs=[path], held=True) as out:
        record, matches = stream_record(path, encoding=encoding)
        problems = ConversionProblems(record.path)
        texts: list[str] = []
        match_syntax: list[Diagnostic] = []
        for m in split_matches(matches):
            problems.matches += 1
            match_syntax.extend(_lost(m))
            if not match_syntax and problems.unresolved is None and problems.format_error is None:
                _foreign_match(m, form, texts, problems, _Selection(round_number, drop))
        problems.syntax = _errors(record.errors) + match_syntax
        if not problems.ok:
            raise DiscardOutput(f"{problems.path}: nothing converted")
        out.write("".join(texts))
    return problems


@dataclass(frozen=True)
class _Selection:
    """What of a match goes into another program's format: one round (its number) or
    all, and whether what the format cannot hold beside the moves is left out."""

    round_number: int | None = None
    drop: bool = False


def _foreign_match(m: MatchRecord, form: str, texts: list[str], problems: ConversionProblems, chosen: _Selection) -> None:
    """``m`` (or its round ``chosen.round_number``) in ``form`` appended to ``texts``,
    or why it cannot be in ``problems``."""
    from .replay import replay_match

    result = replay_match(m)
    errors = _errors(result.diagnostics)
    if errors:
        problems.unresolved = Unresolved(m.index, form, errors=tuple(errors))
        return
    writer = FORMATS[form].writer
    assert writer is not None  # (a format that is written)
    written = writer()
    refusal = _foreign_refusal(m, result, written, chosen)
    if refusal is not None:
        problems.format_error = FormatError(refusal)
        return
    texts.append(foreign_text(written, m, _chosen_rounds(result, chosen.round_number)))


def _chosen_rounds(result: MatchReplay, number: int | None) -> list[RoundReplay]:
    """The rounds of a match as replayed (``result``) to write: all, or round ``number``."""
    return result.rounds if number is None else [r for r in result.rounds if r.number == number]


def foreign_text(written: ForeignWriter, m: MatchRecord, rounds: Sequence[RoundReplay]) -> str:
    """``rounds`` of the match ``m`` (as replayed) written by ``written``: their moves,
    and the winner of the first (a format of single rounds holds one)."""
    moves = [ply.move for rr in rounds for ply in rr.plies]
    end = rounds[0].result if rounds else None
    return written.write(m, moves, None if end is None else end.winner)


def _foreign_refusal(m: MatchRecord, result: MatchReplay, written: ForeignWriter, chosen: _Selection) -> str | None:
    """Why ``m`` (replayed as ``result``), or its round ``chosen.round_number`` alone,
    cannot be written by ``written``; ``None`` when it can."""
    if chosen.round_number is None:
        return written.refusal(m, len(m.rounds), result.target, chosen.drop)
    why = _round_refusal(m, result.rounds, chosen.round_number)
    return why if why is not None else written.refusal(m, 1, 1, chosen.drop)


def _round_refusal(m: MatchRecord, rounds: Sequence[RoundReplay], number: int) -> str | None:
    """Why round ``number`` of ``m`` (replayed as ``rounds``) cannot be written alone in a
    format whose rounds start from the initial position; ``None`` when it can."""
    chosen = next((r for r in rounds if r.number == number), None)
    if chosen is None:
        return f"match {m.index} has no round {number} (rounds: {', '.join(str(r.number) for r in rounds)}): nothing converted"
    if chosen.start != Position.initial():
        start = "the lineups its fill made" if chosen.fill is not None else "a set position"
        return f"round {number} of match {m.index} starts from {start}, not the initial position these formats start from: nothing converted"
    return None