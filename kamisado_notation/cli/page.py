"""``kamisado html``: one web page for match records, self-contained and offline
(:mod:`kamisado_notation.drawing.html`). A folder stands for the record files in it
(a folder with none: exit 1).

The page is written through the safe writer, never onto a record read (exit 2). Every
diagnostic of the records goes to stderr as ``validate`` prints it; the page is written
all the same (an invalid record is shown as far as it replays) and the command exits 1
when a record has an error, or when there is no match at all (nothing is written then).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..diagnostics import ERROR
from ..drawing.words import counted
from .common import ENCODING, EXIT_INVALID, FROM, checked_encoding, fail, record_files, refuse_onto, say

if TYPE_CHECKING:  # loaded by the command: start-up time
    from ..drawing.html import SpooledPage


def html(
    files: list[str] = typer.Argument(
        ..., metavar="FILE|DIR...", help="Match records (.kmr or JSON; a folder: those in it, in name order); - is standard input."
    ),
    output: str = typer.Option(..., "-o", "--output", metavar="OUT.html", help="The page to write (- : standard output)."),
    title: str | None = typer.Option(None, "--title", help="The page's heading (default: the events, or the files)."),
    glyphs: bool = typer.Option(False, "--glyphs", help="Show the squares' Chinese characters from the start."),
    from_: str | None = FROM,
    encoding: str | None = ENCODING,
) -> None:
    """Write one self-contained web page of the matches: board, move list, index."""
    from ..display import printable
    from ..drawing.html import spool_page
    from ..errors import OutputError
    from ..io.output import open_output

    paths = record_files(files)
    refuse_onto(output, paths)
    try:
        # (the page waits in temporary files, never whole in memory, and is written piece by piece)
        with spool_page(paths, title=title, glyphs=glyphs, encoding=checked_encoding(encoding)) as page:
            for path, d in page.problems:
                sys.stderr.write(d.format(printable(path)) + "\n")
            if not page.matches:
                fail("no match to show: nothing written", code=EXIT_INVALID)
            with open_output(output, inputs=paths) as out:
                out.writelines(page.pieces())
    except OutputError as e:
        fail(str(e))
    if output != "-":
        say(written_page(output, page))
    if not page.valid:
        raise typer.Exit(EXIT_INVALID)


def written_page(output: str, page: SpooledPage) -> str:
    """What ``html`` says once the page is written: where it is (a link a terminal can
    open), how big, and what it holds."""
    matches = counted(page.matches, "match", "matches")
    files = f" from {page.files} files" if page.files > 1 else ""
    events = ", ".join(page.standings) if len(page.standings) < 3 else f"{len(page.standings)} events"
    standings = f", standings of {events}" if page.standings else ""
    invalid = sum(1 for _, d in page.problems if d.severity is ERROR)
    errors = f", {counted(invalid, 'error')} (said above, and on the page)" if invalid else ""
    size = f"{(page.size + 1023) // 1024} KB"
    where = Path(output).resolve().as_uri()
    return f"wrote {os.path.normpath(output)} ({size}): {matches}{files}{standings}{errors}; open {where} in a browser"
