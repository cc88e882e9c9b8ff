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

Several records, or folders of them, are converted into a folder (``-d OUTDIR``): one
output per record, named after it (subfolders kept, the ending the form's: ``.json`` or
``.kmr``; a name taken by another output or by an input gets ``-2``, ``-3``…:
:func:`~kamisado_notation.io.output.output_paths`). A record that cannot be converted is
said and skipped, the others are converted: exit 2 if a file could not be read or
written, else 1 if a record was refused, else 0.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn

import typer

from ..errors import failure_reason
from ..notation.formats import FORMATS, is_foreign
from .common import ENCODING, EXIT_INVALID, EXIT_OK, EXIT_USAGE, FROM, LANG_HELP, TO_HELP, checked_encoding, fail, say

if TYPE_CHECKING:
    from ..checking.conversion import ConversionProblems, Unresolved
    from ..notation.writer import Form

#: The other programs' formats written (each holds one round: ``--round``), and those
#: that can leave out what they cannot hold (``--drop``), as the registry says.
_ONE_ROUND = " or ".join(f.name for f in FORMATS.values() if f.foreign and f.writer is not None)
_DROPS = " or ".join(f.name for f in FORMATS.values() if f.drops)


def convert(
    files: list[str] = typer.Argument(..., metavar="FILE|DIR...", help="Match records (.kmr, or their JSON form), or folders of them."),
    to: str = typer.Option(..., "--to", help=TO_HELP),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    output: str | None = typer.Option(None, "-o", "--output", help="Write here instead of standard output (one record)."),
    folder: str | None = typer.Option(None, "-d", "--output-dir", metavar="OUTDIR", help="Write one output per record into this folder."),
    round_: int | None = typer.Option(None, "--round", "-r", min=1, metavar="N", help=f"With --to {_ONE_ROUND}: write round N of each match alone (one round from the initial position, as they hold)."),
    drop: bool = typer.Option(False, "--drop", help=f"With --to {_DROPS}: leave out the headers and comments it cannot hold, instead of refusing."),
    from_: str | None = FROM,
    encoding: str | None = ENCODING,
) -> None:
    """Rewrite records in another notation, keeping headers, comments and lineups.

    Other programs' formats (--to after "or another program's") hold one round from the
    initial position: --round N writes one round of a match; a match they cannot hold is
    refused with every reason at once.
    """
    from ..errors import OutputError, RecordIOError

    _check_options(to, lang)
    _check_foreign_options(to, round_, drop)
    chosen = _Chosen(round_, drop)
    if output is not None and folder is not None:
        fail("give -o OUT or -d OUTDIR, not both")
    codec = checked_encoding(encoding)
    if folder is not None:
        _convert_into(folder, files, to=to, lang=lang, encoding=codec, chosen=chosen)
    try:
        problems = _convert_one(_one_record(files), output or "-", to=to, lang=lang, encoding=codec, chosen=chosen)
    except (RecordIOError, OutputError) as e:
        fail(str(e))
    message = _problem(problems)
    if message is not None:
        fail(message, code=EXIT_INVALID)


def _one_record(files: list[str]) -> str:
    """The one record of ``files`` converted into one output; a usage error for several,
    or a folder (converted into a folder)."""
    if len(files) > 1 or os.path.isdir(files[0]):
        fail("several records, or a folder, are converted into a folder: give -d OUTDIR")
    return files[0]


@dataclass(frozen=True)
class _Chosen:
    """What of each match goes into another program's format (``--round``, ``--drop``)."""

    round_number: int | None = None
    drop: bool = False


def _check_foreign_options(to: str, round_number: int | None, drop: bool) -> None:
    """Exit 2 when ``--round`` or ``--drop`` is given for a form that writes whole
    matches, or ``--drop`` for one that leaves out what it cannot hold by itself."""
    foreign = is_foreign(to)
    if round_number is not None and not foreign:
        fail(f"--round goes with --to {_ONE_ROUND} (one round each); --to {to} writes whole matches")
    if drop and not (foreign and FORMATS[to].drops):
        fail(f"--drop goes with --to {_DROPS}; --to {to} " + ("leaves out what it cannot hold by itself" if foreign else "loses nothing"))


def _convert_one(path: str, output: str, *, to: str, lang: str, encoding: str | None, chosen: _Chosen) -> ConversionProblems:
    """The record ``path`` (in ``encoding``, when given) converted into ``output`` in the
    form ``to``, ours or another program's
    (:data:`~kamisado_notation.notation.formats.FORMATS`; ``chosen``: what of each match)."""
    from ..checking.conversion import convert_foreign, convert_to
    from ..notation.writer import Form

    if is_foreign(to):  # (an other program's: --to names only those written)
        return convert_foreign(path, output, form=to, encoding=encoding, round_number=chosen.round_number, drop=chosen.drop)
    return convert_to(path, output, form=Form(to), lang=lang, encoding=encoding)


def _convert_into(folder: str, arguments: list[str], *, to: str, lang: str, encoding: str | None, chosen: _Chosen) -> NoReturn:
    """Convert every record ``arguments`` name (in ``encoding``, when given) into
    ``folder``, one output each."""
    from ..errors import NoRecordsError
    from ..io.output import output_paths
    from ..notation.files.opening import named_record_paths
    from ..notation.formats import output_suffix

    try:
        named = named_record_paths(arguments)
    except NoRecordsError as e:
        fail(str(e), code=EXIT_INVALID)
    inputs = [path for path, _name in named]
    if inputs.count("-") > 1:
        fail("standard input (-) can be read only once")
    outputs = output_paths([name for _path, name in named], folder, output_suffix(to), inputs=inputs)
    status = EXIT_OK
    for path, out in zip(inputs, outputs, strict=True):
        status = max(status, _convert_file(path, out, to=to, lang=lang, encoding=encoding, chosen=chosen))
    raise typer.Exit(status)


def _convert_file(path: str, out: str, *, to: str, lang: str, encoding: str | None, chosen: _Chosen) -> int:
    """Convert the record ``path`` into the file ``out`` (its folder made if need be);
    what went wrong said, and the exit status it asks for."""
    from ..errors import OutputError, RecordIOError

    try:
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        problems = _convert_one(path, out, to=to, lang=lang, encoding=encoding, chosen=chosen)
    except OSError as e:
        say(f"cannot write {out}: {failure_reason(e)}")
        return EXIT_USAGE
    except (RecordIOError, OutputError) as e:
        say(str(e))
        return EXIT_USAGE
    message = _problem(problems)
    if message is not None:
        say(message)
        return EXIT_INVALID
    return EXIT_OK


def _check_options(to: str, lang: str) -> None:
    from ..notation.formats import LANGUAGES, WRITTEN_FORMS

    if to not in WRITTEN_FORMS:
        fail(f"--to must be one of {', '.join(WRITTEN_FORMS)}, not {to!r}")
    if lang not in LANGUAGES:
        fail(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    if lang != "en" and to != "text":
        # only the text form has words; symbols, codes and coordinates are the same in
        # every language (docs/notation.md §4)
        sys.stderr.write(f"kamisado: note: --lang {lang} changes only --to text; --to {to} is the same in every language\n")


def _name(form: Form | str) -> str:
    return form if isinstance(form, str) else form.value


def _problem(problems: ConversionProblems) -> str | None:
    """Why nothing was converted, if it was not (the diagnostics behind it written to
    standard error first)."""
    path = problems.path
    for d in problems.syntax:
        sys.stderr.write(d.format(path) + "\n")
    if problems.syntax:
        return f"{path} has lines that could not be read; nothing converted"
    if not problems.matches:
        return f"{path}: the file holds no match; nothing converted"
    if problems.unresolved is not None and (why := _unresolved(path, problems.unresolved)) is not None:
        return why
    if problems.format_error is not None:
        return f"{path}: {problems.format_error}"
    return None


def _unresolved(path: str, unresolved: Unresolved) -> str | None:
    """Why a match of ``path`` could not be written in the form asked (its errors, or
    the entry the replay did not reach, written to standard error first)."""
    from ..display import printable

    if unresolved.errors:
        for d in unresolved.errors:
            sys.stderr.write(d.format(path) + "\n")
        return (
            f"{path}: match {unresolved.match} has errors, and --to {_name(unresolved.form)} cannot carry what was written; "
            f"nothing converted (run `kamisado fix {path}` first)"
        )
    if unresolved.entry is not None:
        e = unresolved.entry
        sys.stderr.write(printable(f"{path}:{e.line}:{e.column}: the replay did not reach this entry") + "\n")
        return (
            f"{path}:{e.line}:{e.column}: cannot convert {e.text!r} without replaying the record, "
            "and the replay stops before it; nothing converted"
        )
    return None
