"""``kamisado fix``: write the record with every entry whose correction is certain
corrected, each change marked by a comment (SPEC §6).

The corrections are printed as diagnostics (``path:line:col: fixed[RULE] message``) and
then whatever is still wrong in the result (``error[RULE]`` as ``validate`` prints it),
all on standard error, since standard output may hold the record. Exit 0 when the result
is valid, 1 when problems remain, 2 on a usage or I/O error. The input is never
overwritten, unless ``--in-place`` is given, which first keeps it as ``FILE.orig``.
"""

from __future__ import annotations

import os
import sys
import tempfile

import typer

from .common import EXIT_INVALID, EXIT_OK, fail


def fix(
    file: str = typer.Argument(..., metavar="FILE", help="A match record (.kmr); - for standard input."),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output."),
    in_place: bool = typer.Option(False, "--in-place", help="Rewrite FILE, keeping the original as FILE.orig."),
) -> None:
    """Correct every entry whose correction is certain, marking each change."""
    from ..fix import fix_text

    target = _target(file, output, in_place)
    text = _read(file)
    report = fix_text(text, path=file)
    for d in report.corrections:
        sys.stderr.write(f"{file}:{d.line}:{d.column}: fixed[{d.rule}] {d.message}\n")
    shown = target if target is not None else file
    assert report.remaining is not None
    for d in report.remaining.all_diagnostics():
        sys.stderr.write(d.format(shown) + "\n")
    if target is None:
        sys.stdout.write(report.text)
    elif in_place:
        if report.changed:
            _write(file + ".orig", text, exclusive=True)
            _write(file, report.text)
    else:
        _write(target, report.text)
    raise typer.Exit(EXIT_OK if report.valid else EXIT_INVALID)


def _target(file: str, output: str | None, in_place: bool) -> str | None:
    """Where the record goes (``None``: standard output); usage errors exit 2."""
    if in_place and output is not None:
        fail("give -o OUT or --in-place, not both")
    if in_place:
        if file == "-":
            fail("--in-place needs a FILE, not standard input")
        if os.path.exists(file + ".orig"):
            fail(f"{file}.orig exists: the backup --in-place would keep; move it away or use -o")
        return file
    if output is None or output == "-":
        return None
    if file != "-" and _same_file(file, output):
        fail(f"refusing to write over the input file {file} (use --in-place, which keeps a backup)")
    return output


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False  # the output does not exist yet


def _read(file: str) -> str:
    from ..errors import RecordIOError
    from ..notation.files import is_json_record, open_record_file

    if file == "-":
        data = sys.stdin.buffer.read()
    else:
        if is_json_record(file):
            fail(f"{file}: fix edits the .kmr text of a record; convert the JSON record to a .kmr first")
        try:
            with open_record_file(file) as f:
                data = f.read()
        except (RecordIOError, OSError) as e:
            fail(str(e) if isinstance(e, RecordIOError) else f"cannot read {file}: {e.strerror or e}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        fail(f"{file}:{line}: not UTF-8 (byte 0x{data[e.start]:02x}); nothing fixed", code=EXIT_INVALID)


def _write(path: str, text: str, *, exclusive: bool = False) -> None:
    """Write ``text`` to ``path`` atomically (a temporary file in the same directory,
    then a rename); with ``exclusive``, never over an existing file."""
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".kamisado-fix-")
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror or e}")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        if exclusive:
            os.link(tmp, path)  # fails if path exists
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        fail(f"cannot write {path}: {e.strerror or e}")
