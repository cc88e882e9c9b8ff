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

Each record is fixed and written a match at a time (memory holds a match): for each
match, its corrections, then what is still wrong in it. The record is written whole or
not at all (a file through the safe writer; standard output when the end is reached).
``--in-place`` rewrites only a regular file the user may write; its ``FILE.orig`` gets
the file's permissions and owner, and is removed again if the rewrite fails.
"""

from __future__ import annotations

import os
import stat
import sys
from contextlib import suppress
from typing import TYPE_CHECKING, NoReturn

import typer

from ..errors import failure_reason
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

if TYPE_CHECKING:
    from ..checking.fix import FixedPart


def fix(
    files: list[str] = typer.Argument(..., metavar="FILE|DIR...", help="Match records (.kmr), or folders of them; - for standard input."),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output (one record)."),
    folder: str | None = typer.Option(None, "-d", "--output-dir", metavar="OUTDIR", help="Write one fixed record per input into this folder."),
    in_place: bool = typer.Option(False, "--in-place", help="Rewrite FILE (a regular file), keeping the original as FILE.orig."),
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
    from ..io.output import output_paths

    texts = _kmr_records(arguments, in_place=folder is None)
    inputs = [path for path, _name in texts]
    targets = output_paths([name for _p, name in texts], folder, ".kmr", inputs=inputs) if folder is not None else inputs
    status = EXIT_OK
    for path, target in zip(inputs, targets, strict=True):
        status = max(status, _fix_into(path, target, in_place=folder is None, encoding=encoding))
    return status


def _kmr_records(arguments: list[str], *, in_place: bool) -> list[tuple[str, str]]:
    """The ``.kmr`` records ``arguments`` name, each with the name of its output (a
    folder's records of other formats said and passed over); a usage error for no record,
    or for standard input twice or ``--in-place``."""
    from ..errors import NoRecordsError
    from ..notation.files.opening import named_record_paths

    try:
        named = named_record_paths(arguments)
    except NoRecordsError as e:
        fail(str(e), code=EXIT_INVALID)
    _check_stdin([path for path, _name in named], in_place=in_place)
    return [(path, name) for path, name in named if path in arguments or _kmr_text(path)]  # (one named on its own is refused, by _read)


def _check_stdin(paths: list[str], *, in_place: bool) -> None:
    """A usage error where standard input (``-``) is among ``paths`` twice, or at all
    ``--in-place``."""
    stdin = paths.count("-")
    if stdin > 1 or (in_place and stdin):
        fail("standard input (-) can be read only once, and is not fixed --in-place")


def _kmr_text(path: str) -> bool:
    """Whether the record at ``path``, found in a folder, is a ``.kmr`` text; a record of
    another format is said and passed over."""
    from ..notation.files.opening import file_format

    form = file_format(path)
    if form == "kmr":
        return True
    what = "a JSON record" if form == "json" else f"a {form} record"
    say(f"{path}: {what}, passed over (fix edits the .kmr text of a record)")
    return False


def _fix_into(path: str, target: str, *, in_place: bool, encoding: str | None) -> int:
    """Fix one of several records into ``target`` (``path`` itself ``in_place``); its
    exit status, a fault said and the record passed over."""
    try:
        if in_place:
            _target(path, None, True)  # (refuses when FILE.orig exists)
        else:
            os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        return _fix_one(path, target, in_place=in_place, encoding=encoding)
    except typer.Exit as e:  # said already: this record is passed over
        return int(e.exit_code)
    except OSError as e:
        say(f"cannot write {target}: {failure_reason(e)}")
        return EXIT_USAGE


def _fix_one(file: str, target: str | None, *, in_place: bool, encoding: str | None = None) -> int:
    """Fix the record ``file`` (in ``encoding``, when given; written as UTF-8) into
    ``target`` (``None``: standard output; ``file`` itself with ``in_place``, its backup
    ``FILE.orig`` byte for byte); the exit status."""
    from ..errors import NotationError, OutputError, RecordIOError

    _kmr_only(file)
    fixing = _Fixing(file, encoding)
    try:
        fixing.run(target, in_place=in_place)
    except OutputError as e:
        fixing.drop_backup()  # (a backup this run made must not block the next)
        fail(str(e))
    except RecordIOError as e:
        fail(str(e))
    except NotationError as e:
        fail(f"{file}:{e.line}:{e.column}: {e}; nothing fixed", code=EXIT_INVALID)
    return EXIT_OK if fixing.valid else EXIT_INVALID


class _Fixing:
    """One run of ``kamisado fix`` on ``file``: the record fixed a match at a time
    (:func:`~kamisado_notation.checking.fix.fix_file`), each part written as it comes
    and its diagnostics printed, each named by ``file`` at its lines."""

    def __init__(self, file: str, encoding: str | None) -> None:
        self.file, self.encoding = file, encoding
        self.valid, self.changed = True, False
        self.backup: str | None = None  # the backup this run made

    def run(self, target: str | None, *, in_place: bool) -> None:
        """Write the fixed record to ``target`` (``None``: standard output) through the
        safe writer: all of it or, at a fault, nothing."""
        from ..checking.fix import fix_file
        from ..io.output import DiscardOutput, open_output

        inputs = [] if in_place else [self.file]  # (--in-place is asked for, with a backup)
        with open_output(target or "-", inputs=inputs, newline="", held=True) as out:
            for part in fix_file(self.file, encoding=self.encoding):
                self._report(part)
                out.write(part.text)
            if in_place and not self.changed:
                raise DiscardOutput  # nothing to rewrite, nor to keep
            if in_place:
                self._keep_original()

    def _report(self, part: FixedPart) -> None:
        from ..display import printable

        for d in part.corrections:
            sys.stderr.write(printable(f"{self.file}:{d.line}:{d.column}: fixed[{d.rule}] {d.message}") + "\n")
        for d in part.remaining:  # (at the input's lines, as the corrections: one path names both)
            sys.stderr.write(d.format(self.file) + "\n")
        self.valid = self.valid and part.valid
        self.changed = self.changed or bool(part.corrections)

    def _keep_original(self) -> None:
        """Copy the file as it is to ``FILE.orig``, byte for byte in its own encoding
        (never over an existing file), with its permissions and owner: a backup is as
        private as the file."""
        import shutil

        from ..io.output import open_output

        backup = self.file + ".orig"
        # latin-1 reads and writes every byte as it is
        with open(self.file, encoding="latin-1", newline="") as original, open_output(
            backup, inputs=[self.file], encoding="latin-1", newline="", exclusive=True, like=self.file
        ) as copy:
            shutil.copyfileobj(original, copy)
        self.backup = backup

    def drop_backup(self) -> None:
        """Remove the backup this run made (the rewrite failed: the file is as it was)."""
        if self.backup is not None:
            with suppress(OSError):
                os.unlink(self.backup)


def _target(file: str, output: str | None, in_place: bool) -> str | None:
    """Where the record goes (``None``: standard output); usage errors exit 2."""
    if in_place:
        _rewritable(file)
        return file
    if output is None or output == "-":
        refuse_stdout_onto([file])
        return None
    refuse_onto(output, [file])  # (--in-place, which keeps a backup, is the way to rewrite FILE)
    return output


def _rewritable(file: str) -> None:
    """Exit 2 unless ``--in-place`` may rewrite ``file``: a regular file (as ``sed -i``
    wants: a FIFO or a device cannot be replaced, and reading one blocks or never ends)
    that the user may write, with no ``FILE.orig`` in the way. A file that cannot be
    read is left to the reading, which says why."""
    from ..errors import OutputError
    from ..io.output import refuse_unwritable

    if file == "-":
        fail("--in-place needs a FILE, not standard input")
    try:
        mode = os.stat(file).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        fail(f"{file} is not a regular file: --in-place rewrites only regular files (use -o)")
    try:
        refuse_unwritable(file)
    except OutputError as e:
        fail(str(e))
    if os.path.lexists(file + ".orig"):
        fail(f"{file}.orig exists: the backup --in-place would keep; move it away or use -o")


def _kmr_only(file: str) -> None:
    """Exit 2 unless ``file`` (``-``: standard input) is a ``.kmr`` record: ``fix``
    edits its text."""
    from ..notation.files.opening import file_format

    form = "kmr" if file == "-" else file_format(file)
    if form == "json":
        fail(f"{file}: fix edits the .kmr text of a record; convert the JSON record to a .kmr first")
    if form != "kmr":
        fail(f"{file}: fix edits the .kmr text of a record; convert the {form} record to a .kmr first")
