"""``kamisado fix``: write the record with every entry whose correction is certain
corrected, each change marked by a comment (README, *Command line*).

The corrections are printed as diagnostics (``path:line:col: fixed[RULE] message``) and
then whatever is still wrong in the result (``error[RULE]`` as ``validate`` prints it),
all on standard error, since standard output may hold the record. Exit 0 when the result
is valid, 1 when problems remain, 2 on a usage or I/O error. The input is never
overwritten, unless ``--in-place`` is given, which first keeps it as ``FILE.orig``.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer

from .common import EXIT_INVALID, EXIT_OK, fail, refuse_onto, refuse_stdout_onto


def fix(
    file: str = typer.Argument(..., metavar="FILE", help="A match record (.kmr); - for standard input."),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output."),
    in_place: bool = typer.Option(False, "--in-place", help="Rewrite FILE, keeping the original as FILE.orig."),
) -> NoReturn:
    """Correct every entry whose correction is certain, marking each change."""
    from ..checking.fix import fix_text
    from ..display import printable

    target = _target(file, output, in_place)
    text = _read(file)
    report = fix_text(text, path=file)
    for d in report.corrections:
        sys.stderr.write(printable(f"{file}:{d.line}:{d.column}: fixed[{d.rule}] {d.message}") + "\n")
    shown = target if target is not None else file
    assert report.remaining is not None
    for d in report.remaining.all_diagnostics():
        sys.stderr.write(d.format(shown) + "\n")
    if target is None:
        sys.stdout.write(report.text)
    elif in_place:
        if report.changed:
            _write(file + ".orig", text, inputs=[file], exclusive=True)
            _write(file, report.text, inputs=[])  # asked for: the original is kept as FILE.orig
    else:
        _write(target, report.text, inputs=[file])
    raise typer.Exit(EXIT_OK if report.valid else EXIT_INVALID)


def _target(file: str, output: str | None, in_place: bool) -> str | None:
    """Where the record goes (``None``: standard output); usage errors exit 2."""
    if in_place and output is not None:
        fail("give -o OUT or --in-place, not both")
    if in_place:
        if file == "-":
            fail("--in-place needs a FILE, not standard input")
        if os.path.lexists(file + ".orig"):
            fail(f"{file}.orig exists: the backup --in-place would keep; move it away or use -o")
        return file
    if output is None or output == "-":
        refuse_stdout_onto([file])
        return None
    refuse_onto(output, [file])  # (--in-place, which keeps a backup, is the way to rewrite FILE)
    return output


def _read(file: str) -> str:
    """The text of ``file`` (``-``: standard input); exit 2 when it cannot be read or is a
    JSON record, 1 when it is not text (binary data, not UTF-8, too long)."""
    from ..errors import NotationError, RecordIOError
    from ..notation.files import is_json_record, read_text

    if file != "-" and is_json_record(file):
        fail(f"{file}: fix edits the .kmr text of a record; convert the JSON record to a .kmr first")
    try:
        return read_text(file)
    except RecordIOError as e:
        fail(str(e))
    except NotationError as e:
        fail(f"{file}:{e.line}:{e.column}: {e}; nothing fixed", code=EXIT_INVALID)


def _write(path: str, text: str, *, inputs: list[str], exclusive: bool = False) -> None:
    """Write ``text`` with its own line endings through the safe writer
    (:mod:`kamisado_notation.io.output`); with ``exclusive``, never over an existing file."""
    from ..errors import OutputError
    from ..io.output import write_output

    try:
        write_output(path, text, inputs=inputs, newline="", exclusive=exclusive)
    except OutputError as e:
        fail(str(e))
