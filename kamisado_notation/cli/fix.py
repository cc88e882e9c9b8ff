"""``kamisado fix``: write the record with every entry whose correction is certain
corrected, each change marked by a comment (README, *Command line*).

The corrections are printed as diagnostics (``path:line:col: fixed[RULE] message``) and
then whatever is still wrong in the result (``error[RULE]`` as ``validate`` prints it),
all on standard error, since standard output may hold the record. Exit 0 when the result
is valid, 1 when problems remain, 2 on a usage or I/O error. The input is never
overwritten, unless ``--in-place`` is given, which first keeps it as ``FILE.orig``.

Several records, or folders of them, are fixed ``--in-place`` or into a folder (``-d
OUTDIR``: one output per record, named as ``convert -d`` names them); a folder's JSON
records are passed over (``fix`` edits the text of a ``.kmr``), and a record that cannot
be read is said and skipped: exit 2 if one could not be read or written, else 1 if
problems remain in one, else 0.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer

from .common import (
    ENCODING,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    checked_encoding,
    fail,
    refuse_onto,
    refuse_stdout_onto,
    say,
)


def fix(
    files: list[str] = typer.Argument(..., metavar="FILE|DIR...", help="Match records (.kmr), or folders of them; - for standard input."),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output (one record)."),
    folder: str | None = typer.Option(None, "-d", "--output-dir", metavar="OUTDIR", help="Write one fixed record per input into this folder."),
    in_place: bool = typer.Option(False, "--in-place", help="Rewrite FILE, keeping the original as FILE.orig."),
    encoding: str | None = ENCODING,
) -> NoReturn:
    """Correct every entry whose correction is certain, marking each change."""
    if sum((output is not None, folder is not None, in_place)) > 1:
        fail("give one of -o OUT, -d OUTDIR and --in-place")
    codec = checked_encoding(encoding)
    if folder is None and len(files) == 1 and not os.path.isdir(files[0]):
        raise typer.Exit(_fix_one(files[0], _target(files[0], output, in_place), in_place=in_place, encoding=codec))
    if folder is None and not in_place:
        fail("several records, or a folder, are fixed --in-place or into a folder: give -d OUTDIR")
    raise typer.Exit(_fix_many(files, folder, codec))


def _fix_many(arguments: list[str], folder: str | None, encoding: str | None) -> int:
    """Fix every ``.kmr`` record ``arguments`` name (in ``encoding``, when given), in
    place (``folder`` None) or into ``folder``; the exit status of the worst."""
    from ..errors import NoRecordsError
    from ..io.output import output_paths
    from ..notation.files import file_format, named_record_paths

    try:
        named = named_record_paths(arguments)
    except NoRecordsError as e:
        fail(str(e), code=EXIT_INVALID)
    if [path for path, _name in named].count("-") > 1 or (folder is None and any(p == "-" for p, _n in named)):
        fail("standard input (-) can be read only once, and is not fixed --in-place")
    texts = []
    for path, name in named:
        form = file_format(path) if path not in arguments else "kmr"  # (one named on its own is refused, by _read)
        if form != "kmr":
            what = "a JSON record" if form == "json" else f"a {form} record"
            say(f"{path}: {what}, passed over (fix edits the .kmr text of a record)")
            continue
        texts.append((path, name))
    inputs = [path for path, _name in texts]
    targets = output_paths([name for _p, name in texts], folder, ".kmr", inputs=inputs) if folder is not None else inputs
    status = EXIT_OK
    for path, target in zip(inputs, targets, strict=True):
        try:
            if folder is None:
                _target(path, None, True)  # (refuses when FILE.orig exists)
            else:
                os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
            status = max(status, _fix_one(path, target, in_place=folder is None, encoding=encoding))
        except typer.Exit as e:  # said already: this record is passed over
            status = max(status, int(e.exit_code))
        except OSError as e:
            say(f"cannot write {target}: {e.strerror or e}")
            status = EXIT_USAGE
    return status


def _fix_one(file: str, target: str | None, *, in_place: bool, encoding: str | None = None) -> int:
    """Fix the record ``file`` (in ``encoding``, when given; written as UTF-8) into
    ``target`` (``None``: standard output; ``file`` itself with ``in_place``, its
    backup ``FILE.orig`` byte for byte); the exit status."""
    from ..checking.fix import fix_text
    from ..display import printable

    text = _read(file, encoding)
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
            _backup(file)
            _write(file, report.text, inputs=[])  # asked for: the original is kept as FILE.orig
    else:
        _write(target, report.text, inputs=[file])
    return EXIT_OK if report.valid else EXIT_INVALID


def _target(file: str, output: str | None, in_place: bool) -> str | None:
    """Where the record goes (``None``: standard output); usage errors exit 2."""
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


def _read(file: str, encoding: str | None) -> str:
    """The text of ``file`` (``-``: standard input; in ``encoding`` when given: it is
    written as UTF-8); exit 2 when it cannot be read or is a JSON record, 1 when it is
    not text (binary data, not UTF-8, too long)."""
    from ..errors import NotationError, RecordIOError
    from ..notation.files import file_format, read_text

    form = "kmr" if file == "-" else file_format(file)
    if form == "json":
        fail(f"{file}: fix edits the .kmr text of a record; convert the JSON record to a .kmr first")
    if form != "kmr":
        fail(f"{file}: fix edits the .kmr text of a record; convert the {form} record to a .kmr first")
    try:
        return read_text(file, encoding=encoding)
    except RecordIOError as e:
        fail(str(e))
    except NotationError as e:
        fail(f"{file}:{e.line}:{e.column}: {e}; nothing fixed", code=EXIT_INVALID)


def _backup(file: str) -> None:
    """Keep ``file`` as ``FILE.orig``, byte for byte (in its own encoding), through the
    safe writer, never over an existing file."""
    from ..errors import OutputError
    from ..io.output import open_output

    try:
        with open(file, "rb") as f:
            raw = f.read()
        with open_output(file + ".orig", inputs=[file], encoding="latin-1", newline="", exclusive=True) as out:
            out.write(raw.decode("latin-1"))  # (latin-1: every byte as it is)
    except OSError as e:
        fail(f"cannot keep {file}.orig: {e.strerror or e}")
    except OutputError as e:
        fail(str(e))


def _write(path: str, text: str, *, inputs: list[str], exclusive: bool = False) -> None:
    """Write ``text`` with its own line endings through the safe writer
    (:mod:`kamisado_notation.io.output`); with ``exclusive``, never over an existing file."""
    from ..errors import OutputError
    from ..io.output import write_output

    try:
        write_output(path, text, inputs=inputs, newline="", exclusive=exclusive)
    except OutputError as e:
        fail(str(e))
