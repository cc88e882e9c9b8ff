"""``kamisado convert``: rewrite a record in another form or language, losing nothing
(headers in their order, comments at their element, lineups, fills).

The record is converted a match at a time (:mod:`kamisado_notation.checking.conversion`).
Colour form to colour form is a rewrite of the words. Coordinates to a colour form (and
back) need the board, so each match is replayed; a record that cannot be replayed far
enough is refused with the reason (exit 1) and nothing is written. A record with a line
that could not be read, or with no match, is refused too (the line would be lost); an
entry with an unknown word read past is written as it stands.
The output never overwrites the input, by any name (exit 2), and is written atomically
(:mod:`kamisado_notation.io.output`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from .common import EXIT_INVALID, fail

if TYPE_CHECKING:
    from ..checking.conversion import ConversionProblems

_FORMS = ("symbols", "text", "short", "coords", "json")
_LANGS = ("en", "de", "hu", "pt", "ro", "ru")


def convert(
    file: str = typer.Argument(..., help="A match record (.kmr, or its JSON form)."),
    to: str = typer.Option(..., "--to", help="symbols | text | short | coords | json"),
    lang: str = typer.Option("en", "--lang", help="Language of the text form: en de hu pt ro ru."),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output."),
) -> None:
    """Rewrite a record in another notation, keeping headers, comments and lineups."""
    from ..checking.conversion import convert_to
    from ..errors import OutputError, RecordIOError
    from ..notation.writer import Form

    _check_options(to, lang)
    try:
        problems = convert_to(file, output or "-", form=Form(to), lang=lang)
    except (RecordIOError, OutputError) as e:
        fail(str(e))
    _refuse(problems)


def _check_options(to: str, lang: str) -> None:
    if to not in _FORMS:
        fail(f"--to must be one of {', '.join(_FORMS)}, not {to!r}")
    if lang not in _LANGS:
        fail(f"--lang must be one of {', '.join(_LANGS)}, not {lang!r}")
    if lang != "en" and to != "text":
        # only the text form has words; symbols, codes and coordinates are the same in
        # every language (docs/notation.md §4)
        sys.stderr.write(f"kamisado: note: --lang {lang} changes only --to text; --to {to} is the same in every language\n")


def _refuse(problems: ConversionProblems) -> None:
    """Say why nothing was converted (exit 1), if it was not."""
    from ..display import printable

    path = problems.path
    for d in problems.syntax:
        sys.stderr.write(d.format(path) + "\n")
    if problems.syntax:
        fail(
            f"{path} has lines that could not be read; nothing converted",
            code=EXIT_INVALID,
        )
    if not problems.matches:
        fail(f"{path}: the file holds no match; nothing converted", code=EXIT_INVALID)
    unresolved = problems.unresolved
    if unresolved is not None and unresolved.errors:
        for d in unresolved.errors:
            sys.stderr.write(d.format(path) + "\n")
        fail(
            f"{path}: match {unresolved.match} has errors, and --to {unresolved.form.value} cannot carry what was written; "
            f"nothing converted (run `kamisado fix {path}` first)",
            code=EXIT_INVALID,
        )
    if unresolved is not None and unresolved.entry is not None:
        e = unresolved.entry
        sys.stderr.write(printable(f"{path}:{e.line}:{e.column}: the replay did not reach this entry") + "\n")
        fail(
            f"{path}:{e.line}:{e.column}: cannot convert {e.text!r} without replaying the record, "
            "and the replay stops before it; nothing converted",
            code=EXIT_INVALID,
        )
    if problems.format_error is not None:
        fail(f"{path}: {problems.format_error}", code=EXIT_INVALID)
