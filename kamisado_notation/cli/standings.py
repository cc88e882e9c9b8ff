"""``kamisado standings``: the standings of a tournament from its match records
(:mod:`kamisado_notation.checking.standings`): a rich table on a terminal (with the
crosstable and the matches left out), or ``--json``, ``--csv``, ``--markdown`` on
standard output. Warnings about names, and with ``--csv`` the matches left out, go to
standard error; a progress bar too, on a terminal, when there are many files.

Exit 0 when every match read was valid, 1 when any was not (it is left out, and the
standings are printed all the same), 2 on a usage error or a file that cannot be read.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, NoReturn

import typer

from ..drawing.words import counted
from .common import (
    ENCODING,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    MAX_JOBS,
    checked_encoding,
    console,
    emit_json,
    fail,
    read_inputs,
    refuse,
)

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ..checking.standings import EventTally, Standings
    from ..checking.validate import FileReportStream

#: From this many files on, a terminal shows a progress bar.
_MANY_FILES = 20


def standings(
    files: list[str] = typer.Argument(..., metavar="FILE|DIR...", help="Match records (.kmr or JSON), or folders of them."),
    as_json: bool = typer.Option(False, "--json", help="Players, crosstable and matches left out, as JSON."),
    as_csv: bool = typer.Option(False, "--csv", help="The players as CSV, with a header row."),
    as_markdown: bool = typer.Option(False, "--markdown", help="Standings, crosstable and matches left out, as Markdown."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MAX_JOBS, help="Worker processes validating the matches (no more than the processors)."),
    event: str | None = typer.Option(None, "--event", metavar="NAME", help="Only the matches of this event (its Event header, without case)."),
    no_color: bool = typer.Option(False, "--no-color", help="No colours."),
    encoding: str | None = ENCODING,
) -> NoReturn:
    """The standings of the valid, complete matches: won, lost, points; a crosstable.
    One table per event (the Event header) when the records hold several."""
    from ..checking.standings import EventTally
    from ..checking.validate import validate_paths
    from ..errors import ResourceError

    if as_json + as_csv + as_markdown > 1:
        fail("give one of --json, --csv and --markdown")
    paths = read_inputs(files)
    codec = checked_encoding(encoding)
    tally = EventTally(event)
    try:
        for fv in _with_progress(validate_paths(paths, jobs=jobs, encoding=codec), len(paths)):
            tally.add_file(fv)
    except ResourceError as e:  # the workers cannot be started: why, not a traceback
        fail(str(e))
    tables = tally.standings()
    _check_events(tally, tables, event, as_csv=as_csv)
    _warn(tally, tables)
    _print(tables, as_json=as_json, as_csv=as_csv, as_markdown=as_markdown, no_color=no_color)
    raise typer.Exit(max(_status(table) for _, table in tables))


def _check_events(tally: EventTally, tables: list[tuple[str, Standings]], event: str | None, *, as_csv: bool) -> None:
    """A usage error where ``--event`` names no event of the records, or a CSV (one
    table) is asked of several events."""
    from ..display import printable

    events = ", ".join(repr(name or "(no event)") for name in tally.events.values())
    refuse(
        (event is not None and _none_of_it(tally, tables), printable(f"no match of the event {event!r}: the records hold {events}")),
        (as_csv and len(tables) > 1, printable(f"the records hold {len(tables)} events ({events}): a CSV is one table, give --event NAME")),
    )


def _none_of_it(tally: EventTally, tables: list[tuple[str, Standings]]) -> bool:
    """Whether the event asked for holds no match of the records: its ``tables`` count
    none and leave none out, where other events have some."""
    return not any(table.counted or table.left_out for _, table in tables) and bool(tally.other_events)


def _warn(tally: EventTally, tables: list[tuple[str, Standings]]) -> None:
    """On standard error: the matches of other events not counted, and each table's
    warnings (about names)."""
    from ..display import printable

    if tally.other_events:
        sys.stderr.write(printable(f"kamisado: {counted(tally.other_events, 'match', 'matches')} of other events not counted") + "\n")
    for _, table in tables:
        for warning in table.warnings:
            sys.stderr.write(f"kamisado: warning: {warning}\n")


def _print(tables: list[tuple[str, Standings]], *, as_json: bool, as_csv: bool, as_markdown: bool, no_color: bool) -> None:
    """One table as before; several, each under its event's name (JSON: ``events``)."""
    if as_json:
        _print_json(tables)
    elif as_csv:
        _print_csv(tables[0][1])
    elif as_markdown:
        _print_markdown(tables)
    else:
        out = console(no_color=no_color)
        for name, table in tables:
            _print_tables(out, table, name)


def _print_json(tables: list[tuple[str, Standings]]) -> None:
    """The tables as one JSON document: one table alone, several under ``events``."""
    docs = [{"event": name or None, **table.to_json()} for name, table in tables]
    emit_json({"events": docs} if len(tables) > 1 else docs[0])


def _print_csv(table: Standings) -> None:
    """The players as CSV; the matches left out said on standard error."""
    from ..display import printable

    sys.stdout.write(table.to_csv())
    for lo in table.left_out:
        sys.stderr.write(printable(lo.line_text("left out")) + "\n")


def _print_markdown(tables: list[tuple[str, Standings]]) -> None:
    """Each table, under a heading of its event's name when it has one or there are several."""
    for k, (name, table) in enumerate(tables):
        head = f"# {_md_event(name)}\n\n" if len(tables) > 1 or name else ""
        sys.stdout.write(("\n" if k else "") + head + table.to_markdown())


def _md_event(name: str) -> str:
    from ..checking.standings import markdown_text

    return markdown_text(name) if name else "(no event)"


def _status(table: Standings) -> int:
    """2 when a file could not be read, else 1 when a match was invalid, else 0."""
    from ..checking.standings import INVALID, UNREADABLE

    kinds = {lo.kind for lo in table.left_out}
    return EXIT_USAGE if UNREADABLE in kinds else EXIT_INVALID if INVALID in kinds else EXIT_OK


def _with_progress(validations: Iterator[FileReportStream], total: int) -> Iterator[FileReportStream]:
    """``validations``, with a progress bar on standard error when it is a terminal and
    there are many files."""
    err = console(stderr=True)
    if total < _MANY_FILES or not err.is_terminal:
        yield from validations
        return
    from rich.progress import Progress

    with Progress(console=err, transient=True) as progress:
        task = progress.add_task("counting", total=total)
        for fv in validations:
            yield fv  # (counted by the caller before the next is read)
            progress.advance(task)


def _crosstable(table: Standings) -> Table | None:
    """The crosstable as a rich table, its columns numbered by rank (``None`` for fewer
    than two players)."""
    from rich.markup import escape
    from rich.table import Table

    from ..display import printable

    if len(table.players) < 2:
        return None
    cross = Table(title="Crosstable (each result from the row player's side)", title_justify="left")
    cross.add_column("#", justify="right", no_wrap=True)
    cross.add_column("name", no_wrap=True)
    for rank in range(1, len(table.players) + 1):
        cross.add_column(str(rank), justify="center", no_wrap=True)
    for rank, (p, cells) in enumerate(zip(table.players, table.grid(), strict=True), 1):
        cross.add_row(str(rank), escape(printable(p.name)), *cells)
    return cross


def _fits(out: Console, table: Table) -> bool:
    """Whether ``table`` fits the width of ``out`` without cutting a cell."""
    from rich.measure import Measurement

    return Measurement.get(out, out.options.update_width(1 << 16), table).maximum <= out.width


def _standings_table(table: Standings, event: str) -> Table:
    """The players, ranked, as a rich table (of ``event``, when named)."""
    from rich.markup import escape
    from rich.table import Table

    from ..checking.standings import ROW_FIELDS
    from ..display import printable

    of = f": {escape(printable(event))}" if event else ""
    rows = Table(title=f"Standings{of} ({counted(table.counted, 'match', 'matches')} counted)", title_justify="left")
    rows.add_column("#", justify="right")
    for name in ROW_FIELDS:
        rows.add_column(name, justify="left" if name == "name" else "right")
    for rank, p in enumerate(table.players, 1):
        rows.add_row(str(rank), escape(printable(p.name)), *(str(v) for v in (p.played, p.won, p.lost, p.points, p.against)))
    return rows


def _print_tables(out: Console, table: Standings, event: str = "") -> None:
    """The standings (of ``event``, when named), the crosstable (when it fits) and the
    matches left out, as rich tables; every name and path escaped."""
    from rich.markup import escape

    from ..display import printable

    out.print(_standings_table(table, event))
    cross = _crosstable(table)
    if cross is not None and _fits(out, cross):
        out.print(cross)
    elif len(table.players) > 1:
        out.print(f"(the crosstable of {len(table.players)} players is wider than the terminal: see --markdown or --json)")
    if table.left_out:
        out.print(f"Left out ({len(table.left_out)}):")
        for lo in table.left_out:
            out.print(escape(printable(f"  {lo.line_text()}")), soft_wrap=True)
