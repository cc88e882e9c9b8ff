"""``kamisado convert``: rewrite a record in another form or language, losing nothing
(headers in their order, comments at their element, lineups, fills).

The record is converted a match at a time (:mod:`kamisado_notation.conversion`).
Coordinates to a colour form (and back) need the board, so each match is replayed; a
record that cannot be replayed far enough is refused with the reason (exit 1) and
nothing is written. A record with syntax errors is refused too (a line that could not be
read would be lost). The output never overwrites the input (exit 2).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from typing import TYPE_CHECKING, TextIO

import typer

from .common import EXIT_INVALID, fail

if TYPE_CHECKING:
    from typing_extensions import Self

    from ..conversion import ConversionProblems

_FORMS = ("symbols", "text", "short", "coords", "json")
_LANGS = ("en", "de", "hu", "pt", "ro", "ru")


def convert(
    file: str = typer.Argument(..., help="A match record (.kmr, or its JSON form)."),
    to: str = typer.Option(..., "--to", help="symbols | text | short | coords | json"),
    lang: str = typer.Option("en", "--lang", help="Language of the text form: en de hu pt ro ru."),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output."),
) -> None:
    """Rewrite a record in another notation, keeping headers, comments and lineups."""
    from ..conversion import convert_file
    from ..notation import RecordIOError
    from ..notation.writer import Form

    if to not in _FORMS:
        fail(f"--to must be one of {', '.join(_FORMS)}, not {to!r}")
    if lang not in _LANGS:
        fail(f"--lang must be one of {', '.join(_LANGS)}, not {lang!r}")
    if lang != "en" and to != "text":
        # only the text form has words; symbols, codes and coordinates are the same in
        # every language (SPEC §2)
        sys.stderr.write(f"kamisado: note: --lang {lang} changes only --to text; --to {to} is the same in every language\n")
    if output is not None and output != "-" and _same_file(file, output):
        fail(f"refusing to write over the input file {file}")
    form = Form(to)
    try:
        with _Target(output) as out:
            problems = convert_file(file, out.stream, form=form, lang=lang)
            if problems.ok:
                out.keep()
    except RecordIOError as e:
        fail(str(e))
    except OSError as e:
        fail(f"cannot write {output or 'to standard output'}: {e.strerror or e}")
    _refuse(file, problems)


def _refuse(file: str, problems: ConversionProblems) -> None:
    """Say why nothing was converted (exit 1), if it was not."""
    if problems.syntax:
        for d in problems.syntax:
            sys.stderr.write(d.format(file) + "\n")
        fail(f"{file} has syntax errors; nothing converted", code=EXIT_INVALID)
    unresolved = problems.unresolved
    if unresolved is not None and unresolved.errors:
        for d in unresolved.errors:
            sys.stderr.write(d.format(file) + "\n")
        fail(
            f"{file}: match {unresolved.match} has errors, and --to {unresolved.form.value} cannot carry what was written; "
            f"nothing converted (run `kamisado fix {file}` first)",
            code=EXIT_INVALID,
        )
    if unresolved is not None and unresolved.entry is not None:
        e = unresolved.entry
        sys.stderr.write(f"{file}:{e.line}:{e.column}: the replay did not reach this entry\n")
        fail(
            f"{file}:{e.line}:{e.column}: cannot convert {e.text!r} without replaying the record, "
            "and the replay stops before it; nothing converted",
            code=EXIT_INVALID,
        )
    if problems.format_error is not None:
        fail(f"{file}: {problems.format_error}", code=EXIT_INVALID)


class _Target:
    """Where the converted text goes while it is written, so that nothing is written
    unless all of it is: a temporary file beside ``output`` (renamed over it by
    :meth:`keep`), or for standard output a spool (in memory while small) copied out."""

    def __init__(self, output: str | None) -> None:
        self.output = None if output in (None, "-") else output
        self.kept = False

    def __enter__(self) -> Self:
        if self.output is None:
            spool = tempfile.SpooledTemporaryFile(max_size=8 << 20, mode="w+", encoding="utf-8", newline="")
            self.stream: TextIO = spool  # type: ignore[assignment]
        else:
            self.tmp = f"{self.output}.tmp-{os.getpid()}"
            self.stream = open(self.tmp, "w", encoding="utf-8", newline="\n")
        return self

    def keep(self) -> None:
        self.kept = True

    def __exit__(self, *exc: object) -> None:
        try:
            if self.output is None and self.kept and exc[0] is None:
                self.stream.seek(0)
                shutil.copyfileobj(self.stream, sys.stdout)
            self.stream.close()
            if self.output is not None and self.kept and exc[0] is None:
                os.replace(self.tmp, self.output)
        finally:
            if self.output is not None and not (self.kept and exc[0] is None):
                _unlink(self.tmp)


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)
