"""What the commands share: consoles (data to stdout, messages to stderr, ``NO_COLOR``
and ``--no-color`` respected), exiting with a one-line message, reading positions,
writing output files (through :mod:`kamisado_notation.io.output`, the safe writer)."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, NoReturn

import typer

from ..notation.formats import FORMATS, LANGUAGES, WRITTEN_FORMS, is_foreign

if TYPE_CHECKING:  # loaded by the functions that need them: start-up time
    from rich.console import Console

    from ..engine.position import Position

#: Exit codes (clig.dev): 0 all valid, 1 something invalid, 2 usage or I/O.
EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
#: The status of a command stopped by Ctrl-C: 128 + SIGINT.
EXIT_INTERRUPTED = 130


#: The most worker processes ``--jobs`` takes: more is surely a slip (a number that
#: large could not even be given to the operating system).
MAX_JOBS = 4096


#: The widest and tallest terminal believed (``COLUMNS``, ``LINES``): a larger number is
#: taken as this one (``COLUMNS=99999999`` made a diagram of gigabytes).
MAX_COLUMNS = 1000
MAX_LINES = 10_000


def terminal_size_from_environment() -> tuple[int | None, int | None]:
    """``COLUMNS`` and ``LINES`` when they are whole numbers above 0, capped at
    :data:`MAX_COLUMNS` and :data:`MAX_LINES`; None for what is not set or not such a
    number (rich then asks the terminal)."""
    sizes: list[int | None] = []
    for name, cap in (("COLUMNS", MAX_COLUMNS), ("LINES", MAX_LINES)):
        text = os.environ.get(name, "").strip()
        number = (int(text) if len(text) <= 9 else cap) if text.isascii() and text.isdigit() else 0
        sizes.append(min(number, cap) if number > 0 else None)
    return sizes[0], sizes[1]


def cap_terminal_size() -> None:
    """Write ``COLUMNS`` and ``LINES`` back capped (:func:`terminal_size_from_environment`),
    for the parts of the command line that read them themselves (Typer's help and usage
    errors)."""
    for name, size in zip(("COLUMNS", "LINES"), terminal_size_from_environment(), strict=True):
        if size is not None:
            os.environ[name] = str(size)
        elif name in os.environ:
            del os.environ[name]  # (rich would take "0" at its word, or a huge number)


def console(*, stderr: bool = False, no_color: bool = False, record: bool = False, width: int | None = None) -> Console:
    """A rich console: colour only on a terminal, never under ``NO_COLOR``/``--no-color``;
    a closed pipe is left to :func:`..app.run` (rich's own answer is status 1, which
    means "invalid record"). Its width is ``width``, else ``COLUMNS`` capped
    (:func:`terminal_size_from_environment`), else the terminal's."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> NoReturn:
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    columns, lines = terminal_size_from_environment()
    return _Console(
        stderr=stderr,
        height=lines,
        no_color=no_color or bool(os.environ.get("NO_COLOR")),
        highlight=False,
        emoji=False,
        record=record,
        width=width if width is not None else columns,
        soft_wrap=True,
    )


def is_plain(out: Console) -> bool:
    """Whether ``out`` prints no styles at all (not a terminal, so no colour and no bold;
    not recording): then a diagram's plain lines (:meth:`~kamisado_notation.drawing.render.BoardDiagram.plain_lines`)
    are written straight to stdout, the same text at a fraction of rich's cost."""
    return out.color_system is None and not out.record


def write_lines(lines: Iterable[str]) -> None:
    """Write ``lines`` to standard output, each ending with a newline."""
    sys.stdout.write("".join(line + "\n" for line in lines))


def tune_gc() -> None:
    """Raise the garbage collector's first threshold for the command's process: reading
    and replaying allocate a few objects an entry and no reference cycles, so frequent
    collections found nothing to free and cost up to half of a read
    (``bench/bench_parse.py``, which applies the same policy). The CLI's decision, not the
    library's: the library leaves the collector as it finds it."""
    import gc

    gc.set_threshold(50_000, 20, 20)


def emit_json(value: object) -> None:
    """Print one JSON document on one line of standard output: valid UTF-8 always (the
    characters a terminal would act on, and surrogates, escaped as ``\\uXXXX``), plain
    ASCII when standard output is not UTF-8."""
    from ..display import json_text

    sys.stdout.write(json_text(value, ascii_only=not stdout_is_utf8()) + "\n")


def stdout_is_utf8() -> bool:
    """Whether standard output writes UTF-8 (else JSON goes out as plain ASCII)."""
    return (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"


#: ``--encoding NAME``, on every command that reads records.
ENCODING = typer.Option(
    None,
    "--encoding",
    metavar="NAME",
    help="The records' encoding when it is not UTF-8 (cp1250, latin-1…); UTF-16 with a byte-order mark needs none.",
)


def checked_encoding(name: str | None) -> str | None:
    """``--encoding NAME`` checked: a usage error (exit 2) when Python knows no text
    encoding by that name."""
    if name is None:
        return None
    from ..notation.files.encodings import check_encoding

    try:
        return check_encoding(name)
    except ValueError as e:
        fail(f"--encoding: {e}")


def fail(message: str, *, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``kamisado: message`` to stderr and exit with ``code`` (no traceback); the
    message's control characters are shown escaped (:func:`~kamisado_notation.display.printable`)."""
    say(message)
    raise typer.Exit(code)


def refuse(*rules: tuple[object, str]) -> None:
    """Exit 2 with the message of the first of ``rules`` (a condition and its message)
    whose condition holds: options that do not go together, a value that means nothing."""
    for refused, message in rules:
        if refused:
            fail(message)


def title_needs_svg(title: str | None, svg: str | None) -> None:
    """Exit 2 when ``--title`` is given without ``--svg``, the drawing it heads."""
    if title is not None and svg is None:
        fail("--title heads the --svg drawing: give --svg OUT too")


def say(message: str) -> None:
    """Print ``kamisado: message`` to stderr, control characters escaped, and go on."""
    from ..display import printable

    sys.stderr.write(f"kamisado: {printable(message)}\n")


def write_file(path: str, text: str, *, inputs: list[str]) -> None:
    """Write ``text`` to the file ``path`` through the safe writer (never onto one of
    ``inputs``, atomically); any failure is one line and exit 2."""
    from ..errors import OutputError
    from ..io.output import write_output

    try:
        write_output(path, text, inputs=inputs)
    except OutputError as e:
        fail(str(e))


def record_files(arguments: list[str]) -> list[str]:
    """The record files ``arguments`` name, each folder as the record files in it and
    below it (:func:`~kamisado_notation.notation.files.opening.record_paths`); a folder that holds
    none is one line and exit 1, before anything is read."""
    from ..errors import NoRecordsError
    from ..notation.files.opening import record_paths

    try:
        return record_paths(arguments)
    except NoRecordsError as e:
        fail(str(e), code=EXIT_INVALID)


def read_inputs(arguments: list[str], output: str | None = None) -> list[str]:
    """The record files of a command that reads them all and writes to the file
    ``output``, else to standard output (:func:`record_files`): standard input at most
    once, and the output not onto any of them (exit 2)."""
    paths = record_files(arguments)
    if paths.count("-") > 1:
        fail("standard input (-) can be read only once")
    if output is not None:
        refuse_onto(output, paths)
    else:
        refuse_stdout_onto(paths)
    return paths


def refuse_onto(output: str, inputs: list[str]) -> None:
    """Exit 2 when the file ``output`` is one of ``inputs`` (checked before the inputs
    are read, so that nothing is done in vain)."""
    from ..errors import OutputError
    from ..io.output import refuse_onto_inputs

    try:
        refuse_onto_inputs(output, inputs)
    except OutputError as e:
        fail(str(e))


def refuse_stdout_onto(inputs: list[str]) -> None:
    """Exit 2 when standard output is redirected onto one of ``inputs``."""
    from ..errors import OutputError
    from ..io.output import refuse_stdout_onto_inputs

    try:
        refuse_stdout_onto_inputs(inputs)
    except OutputError as e:
        fail(str(e))


def read_position(text: str) -> Position:
    """A :class:`Position` from a position string (ours, or a hamisado diagram), or a
    one-line error and exit 2."""
    from ..errors import PositionError
    from ..notation.formats import parse_position

    try:
        return parse_position(text)
    except PositionError as e:
        where = f" (column {e.column})" if e.column else ""
        fail(f"bad position string, {e.field}{where}: {e}")


def _read_as(ctx: typer.Context, value: str | None) -> str | None:
    """``--from``: every record file the command opens is read as ``value`` (found by
    content when ``None``), until the command ends."""
    from ..notation.formats import FORMATS, reading_as

    if value is not None and value not in FORMATS:
        raise typer.BadParameter(f"must be one of {', '.join(FORMATS)}, not {value!r}")
    ctx.with_resource(reading_as(value))
    return value


#: The ``--from`` option of the commands that read record files.
FROM = typer.Option(
    None,
    "--from",
    metavar="FORMAT",
    callback=_read_as,
    help=f"Read the file as this format: {' | '.join(FORMATS)} (default: told by its ending, then its content).",
)

#: What the ``--to`` of the commands that write records says it takes (the registry's):
#: our forms, then the other programs' formats that are written.
TO_HELP = "{}, or another program's: {}".format(
    " | ".join(n for n in WRITTEN_FORMS if not is_foreign(n)),
    " | ".join(n for n in WRITTEN_FORMS if is_foreign(n)),
)
#: What ``--lang`` says it takes.
LANG_HELP = f"Language of the text form: {' | '.join(LANGUAGES)}."
