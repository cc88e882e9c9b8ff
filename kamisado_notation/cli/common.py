"""What the commands share: consoles (data to stdout, messages to stderr, ``NO_COLOR``
and ``--no-color`` respected), exiting with a one-line message, reading positions."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:  # loaded by the functions that need them: start-up time
    from rich.console import Console

    from ..position import Position

#: Exit codes (clig.dev): 0 all valid, 1 something invalid, 2 usage or I/O.
EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def console(*, stderr: bool = False, no_color: bool = False, record: bool = False, width: int | None = None) -> Console:
    """A rich console: colour only on a terminal, never under ``NO_COLOR``/``--no-color``."""
    from rich.console import Console

    return Console(
        stderr=stderr,
        no_color=no_color or bool(os.environ.get("NO_COLOR")),
        highlight=False,
        emoji=False,
        record=record,
        width=width,
        soft_wrap=True,
    )


def tune_gc() -> None:
    """Raise the garbage collector's first threshold for the command's process: reading
    and replaying allocate a few objects an entry and no reference cycles, so frequent
    collections found nothing to free and cost up to half of a read
    (``bench/bench_parse.py``, which applies the same policy). The CLI's decision, not the
    library's: the library leaves the collector as it finds it."""
    import gc

    gc.set_threshold(50_000, 20, 20)


def emit_json(value: object) -> None:
    """Print one JSON document on one line of standard output (UTF-8 kept as is)."""
    import json

    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


def fail(message: str, *, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``kamisado: message`` to stderr and exit with ``code`` (no traceback)."""
    sys.stderr.write(f"kamisado: {message}\n")
    raise typer.Exit(code)


def read_position(text: str) -> Position:
    """A :class:`Position` from a position string, or a one-line error and exit 2."""
    from ..errors import PositionError
    from ..position import Position

    try:
        return Position.from_string(text)
    except PositionError as e:
        where = f" (column {e.column})" if e.column else ""
        fail(f"bad position string, {e.field}{where}: {e}")
