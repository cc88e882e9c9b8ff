"""``kamisado convert``: rewrite a record in another form or language, losing nothing
(headers in their order, comments at their element, lineups, fills).

Colour form to colour form is a rewrite of the words. Coordinates to a colour form (and
back) need the board, so the record is replayed first; a record that cannot be replayed
far enough is refused with the reason (exit 1) and nothing is written. A record with
syntax errors is refused too (a line that could not be read would be lost). The output
never overwrites the input, by any name (exit 2), and is written atomically
(:mod:`kamisado_notation.output`).
"""

from __future__ import annotations

import sys

import typer

from .common import EXIT_INVALID, fail, refuse_onto, refuse_stdout_onto, write_file

_FORMS = ("symbols", "text", "short", "coords", "json")
_LANGS = ("en", "de", "hu", "pt", "ro", "ru")


def convert(
    file: str = typer.Argument(..., help="A match record (.kmr, or its JSON form)."),
    to: str = typer.Option(..., "--to", help="symbols | text | short | coords | json"),
    lang: str = typer.Option("en", "--lang", help="Language of the text form: en de hu pt ro ru."),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output."),
) -> None:
    """Rewrite a record in another notation, keeping headers, comments and lineups."""
    from ..errors import FormatError
    from ..notation.writer import Form, format_record

    _check_options(to, lang)
    to_stdout = output is None or output == "-"
    if to_stdout:
        refuse_stdout_onto([file])
    else:
        refuse_onto(str(output), [file])
    record = _readable(file)
    form = Form(to)
    moves = _resolved_moves(record, form, record.path)
    try:
        text = format_record(record, form=form, lang=lang, moves=moves)
    except FormatError as e:
        fail(f"{record.path}: {e}", code=EXIT_INVALID)
    if to_stdout:
        sys.stdout.write(text)
    else:
        write_file(str(output), text, inputs=[file])


def _check_options(to: str, lang: str) -> None:
    if to not in _FORMS:
        fail(f"--to must be one of {', '.join(_FORMS)}, not {to!r}")
    if lang not in _LANGS:
        fail(f"--lang must be one of {', '.join(_LANGS)}, not {lang!r}")
    if lang != "en" and to != "text":
        # only the text form has words; symbols, codes and coordinates are the same in
        # every language (SPEC §2)
        sys.stderr.write(f"kamisado: note: --lang {lang} changes only --to text; --to {to} is the same in every language\n")


def _readable(file: str):  # type: ignore[no-untyped-def]
    """The record of ``file``; exit 2 when it cannot be read, 1 (with the diagnostics on
    stderr) when it has syntax errors or holds no match: nothing is converted then."""
    from ..diagnostics import Severity
    from ..notation import RecordIOError, read_record

    try:
        record = read_record(file)
    except RecordIOError as e:
        fail(str(e))
    problems = [d for d in record.errors if d.severity is Severity.ERROR]
    problems += [d for m in record.matches for d in m.errors if d.severity is Severity.ERROR]
    for d in problems:
        sys.stderr.write(d.format(record.path) + "\n")
    if problems:
        fail(f"{record.path} has syntax errors; nothing converted", code=EXIT_INVALID)
    if not record.matches:
        fail(f"{record.path}: the file holds no match; nothing converted", code=EXIT_INVALID)
    return record


def _resolved_moves(record, form, file: str) -> dict[int, object]:  # type: ignore[no-untyped-def]
    """``id(entry)`` → resolved move, from the replay, when the conversion needs the
    board (coordinates ↔ colours; JSON gets both where the replay reaches). Exits 1 with
    the replay's reason when an entry that needs the board cannot be resolved."""
    from ..diagnostics import Severity
    from ..notation.writer import Form
    from ..replay import replay

    def needs_board(entry) -> bool:  # type: ignore[no-untyped-def]
        if entry.placeholder:
            return False
        return entry.is_coords != (form is Form.COORDS)

    moves: dict[int, object] = {}
    for match in record.matches:
        wanted = [e for r in match.rounds for e in r.entries if form is Form.JSON or needs_board(e)]
        if not wanted:
            continue
        result = replay(match)
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        moves.update(_moves_as_written(result, errors))
        if form is Form.JSON:
            continue
        if errors and any(needs_board(e) for e in wanted):
            for d in errors:
                sys.stderr.write(d.format(file) + "\n")
            fail(
                f"{file}: match {match.index} has errors, and --to {form.value} cannot carry what was written; "
                f"nothing converted (run `kamisado fix {file}` first)",
                code=EXIT_INVALID,
            )
        missing = [e for e in wanted if needs_board(e) and id(e) not in moves]
        if missing:
            e = missing[0]
            sys.stderr.write(f"{file}:{e.line}:{e.column}: the replay did not reach this entry\n")
            fail(
                f"{file}:{e.line}:{e.column}: cannot convert {e.text!r} without replaying the record, "
                "and the replay stops before it; nothing converted",
                code=EXIT_INVALID,
            )
    return moves


def _moves_as_written(result, errors) -> dict[int, object]:  # type: ignore[no-untyped-def]
    """``id(entry)`` → the replay's move, for the entries without an error: an entry
    with one keeps what was written (its move may be a correction)."""
    wrong = {(d.line, d.column) for d in errors}
    return {
        id(ply.entry): ply.move
        for rr in result.rounds
        for ply in rr.plies
        if ply.move is not None and (ply.entry.line, ply.entry.column) not in wrong
    }
