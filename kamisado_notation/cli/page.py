"""``kamisado html``: one web page for match records, self-contained and offline
(:mod:`kamisado_notation.drawing.html`).

The page is written through the safe writer, never onto a record read (exit 2). Every
diagnostic of the records goes to stderr as ``validate`` prints it; the page is written
all the same (an invalid record is shown as far as it replays) and the command exits 1
when a record has an error, or when there is no match at all (nothing is written then).
"""

from __future__ import annotations

import sys

import typer

from .common import EXIT_INVALID, fail, refuse_onto, write_file


def html(
    files: list[str] = typer.Argument(..., metavar="FILE...", help="Match records (.kmr or JSON); - is standard input."),
    output: str = typer.Option(..., "-o", "--output", metavar="OUT.html", help="The page to write (- : standard output)."),
    title: str | None = typer.Option(None, "--title", help="The page's heading (default: the events, or the files)."),
    glyphs: bool = typer.Option(False, "--glyphs", help="Show the squares' Chinese characters from the start."),
) -> None:
    """Write one self-contained web page of the matches: board, move list, index."""
    from ..display import printable
    from ..drawing.html import html_page

    refuse_onto(output, files)
    page = html_page(files, title=title, glyphs=glyphs)
    for path, d in page.problems:
        sys.stderr.write(d.format(printable(path)) + "\n")
    if not page.matches:
        fail("no match to show: nothing written", code=EXIT_INVALID)
    write_file(output, page.text, inputs=files)
    if not page.valid:
        raise typer.Exit(EXIT_INVALID)
