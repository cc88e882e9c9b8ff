"""``kamisado select`` and ``kamisado stats``: an archive searched and counted
(:mod:`kamisado_notation.checking.archive`, :mod:`kamisado_notation.checking.statistics`).

``select`` writes the matches that meet every criterion to standard output, ``-o OUT``,
or a folder (``-d DIR``, a file a match or a round, never over a file that is there), in
any form (``--to``); ``--count`` prints their number only. ``stats`` prints rich tables
(or ``--json``, or the players as ``--csv`` safe for spreadsheets).

Exit 0 when everything read was read; 1 when a file holds no match or a match found
cannot be written in the form asked (said on standard error, the others written);
2 on a usage error or a file that cannot be read or written.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NoReturn, TextIO

import typer

from .common import (
    ENCODING,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    FROM,
    LANG_HELP,
    MAX_JOBS,
    TO_HELP,
    checked_encoding,
    console,
    emit_json,
    fail,
    read_inputs,
    refuse,
    refuse_onto,
)

if TYPE_CHECKING:
    from ..checking.archive import Criteria, Selected
    from ..checking.selection_output import SelectionWriter
    from ..checking.statistics import Statistics
    from ..diagnostics import Diagnostic

PLAYER = typer.Option(None, "--player", metavar="GLOB", help="Either side's name (a glob, without case).")
BLACK = typer.Option(None, "--black", metavar="GLOB", help="Black's name.")
GOLD = typer.Option(None, "--gold", metavar="GLOB", help="Gold's (or White's) name.")
EVENT = typer.Option(None, "--event", metavar="GLOB", help="The Event header.")
DATE = typer.Option(None, "--date", metavar="A..B", help="The Date header within A..B (either end may be left out).")
RESULT = typer.Option(None, "--result", metavar="B-G|black|gold", help="The Result header: a score, or the side it says won.")
MATCH = typer.Option(None, "--match", metavar="FORMAT", help="Single, Standard, Long or Marathon.")
HEADER = typer.Option([], "--header", metavar="NAME=GLOB", help="Any header (repeatable).")
POSITION = typer.Option(None, "--position", metavar="POS", help="A round reaches this position (a position string, as solve takes it).")
MOVES = typer.Option(None, "--moves", metavar="ENTRIES", help='A round starts with these entries, in any form ("Pi F4 Br  Ye R1 Ye", "d8-d4 e1-e2").')
SUMO = typer.Option(False, "--sumo", help="A Sumo (a tower with a ring) moved in a round.")
PUSH = typer.Option(False, "--push", help="A round has a Sumo push.")
FORFEIT = typer.Option(False, "--forfeit", help="A round has a forfeit.")
DEADLOCK = typer.Option(False, "--deadlock", help="A round ended in a deadlock.")
WON_BY = typer.Option(None, "--won-by", metavar="HOW", help="A round ended so: home-row, sumo, deadlock or fault.")
PLIES = typer.Option(None, "--plies", metavar="A..B", help="The match's plies within A..B.")
VALID = typer.Option(None, "--valid/--invalid", help="Only matches without (with) an error, by the validator's verdict.")
JOBS = typer.Option(1, "--jobs", "-j", min=1, max=MAX_JOBS, help="Worker processes, a file each.")


def select(
    files: list[str] = typer.Argument(..., metavar="FILE|DIR...", help="Records in any format read, or folders of them."),
    player: str | None = PLAYER, black: str | None = BLACK, gold: str | None = GOLD, event: str | None = EVENT,
    date: str | None = DATE, result: str | None = RESULT, match: str | None = MATCH, header: list[str] = HEADER,
    position: str | None = POSITION, moves: str | None = MOVES, sumo: bool = SUMO, push: bool = PUSH,
    forfeit: bool = FORFEIT, deadlock: bool = DEADLOCK, won_by: str | None = WON_BY, plies: str | None = PLIES,
    valid: bool | None = VALID,
    count: bool = typer.Option(False, "--count", help="Print the number of matches found, nothing else."),
    dedupe: bool = typer.Option(False, "--dedupe", help="Leave out a match whose rounds repeat the moves of one found before."),
    duplicates: str | None = typer.Option(None, "--duplicates", metavar="FILE", help="With --dedupe: write the duplicates left out here."),
    output: str | None = typer.Option(None, "-o", "--output", metavar="OUT", help="Write the matches here (default: standard output)."),
    folder: str | None = typer.Option(None, "-d", "--output-dir", metavar="DIR", help="Write one new file a match (or a round) here."),
    split: str = typer.Option("match", "--split", metavar="match|round", help="With -d: a file a match or a file a round."),
    to: str = typer.Option("text", "--to", metavar="FORM", help=TO_HELP),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    jobs: int = JOBS,
    from_: str | None = FROM,
    encoding: str | None = ENCODING,
) -> NoReturn:  # fmt: skip
    """Find the matches that meet every criterion, and write them in any form."""
    from ..checking.archive import select as found_in

    wanted = _criteria(
        player=player, black=black, gold=gold, event=event, date=date, result=result, match=match, headers=header,
        position=position, moves=moves, sumo=sumo, push=push, forfeit=forfeit, deadlock=deadlock, won_by=won_by,
        plies=plies, valid=valid,
    )  # fmt: skip
    _check_output(to, lang, split, output, folder, duplicates, dedupe, count)
    paths = read_inputs(files)
    for out in (output, duplicates):
        if out is not None:
            refuse_onto(out, paths)
    problems: list[tuple[str, Diagnostic]] = []
    matches = found_in(paths, wanted, encoding=checked_encoding(encoding), dedupe=dedupe, keep_duplicates=duplicates is not None, problems=problems, jobs=jobs)
    if count:
        _say_count(matches, problems)
    unwritable = _write(matches, to=to, lang=lang, output=output, folder=folder, split=split, duplicates=duplicates, inputs=paths)
    _say_problems(problems)
    for line in unwritable:
        sys.stderr.write(f"kamisado: {line}\n")
    raise typer.Exit(max(_status(problems), EXIT_INVALID if unwritable else EXIT_OK))


def _criteria(**given: object) -> Criteria:
    from ..checking.archive import Criteria
    from ..errors import ArgumentError

    try:
        return Criteria.of(**{k: v for k, v in given.items() if v is not None and v is not False and v != []})
    except ArgumentError as e:
        fail(str(e))


def _check_output(to: str, lang: str, split: str, output: str | None, folder: str | None, duplicates: str | None, dedupe: bool, count: bool) -> None:
    from ..checking.selection_output import SPLITS
    from ..notation.formats import LANGUAGES, WRITTEN_FORMS

    written = [out for out in (output, folder, duplicates) if out is not None]
    refuse(
        (to not in WRITTEN_FORMS, f"--to: {to!r} is none of {', '.join(WRITTEN_FORMS)}"),
        (lang not in LANGUAGES, f"--lang: {lang!r} is none of {', '.join(LANGUAGES)}"),
        (split not in SPLITS, f"--split: {split!r} is neither match nor round"),
        (output is not None and folder is not None, "give -o OUT or -d DIR, not both"),
        (duplicates is not None and not dedupe, "--duplicates FILE takes the duplicates --dedupe leaves out: give --dedupe too"),
        (count and written, "--count prints a number only: no -o, -d or --duplicates with it"),
    )


def _write(
    matches: Iterable[Selected], *, to: str, lang: str, output: str | None, folder: str | None, split: str,
    duplicates: str | None, inputs: list[str],
) -> list[str]:  # fmt: skip
    """Write the matches found; the lines saying what could not be written."""
    from contextlib import ExitStack

    from ..checking.selection_output import SelectionWriter
    from ..errors import OutputError
    from ..io.output import open_output

    kept, repeated = SelectionWriter(to, lang=lang), SelectionWriter(to, lang=lang)
    try:
        with ExitStack() as stack:
            out = None if folder is not None else stack.enter_context(open_output(output or "-", inputs=inputs))
            extra = stack.enter_context(open_output(duplicates, inputs=inputs)) if duplicates is not None else None
            _sort_out(matches, _keeping(kept, out, folder, split=split, inputs=inputs), repeated, extra)
            kept.close()  # (a writer that wrote to no stream has nothing to end)
            repeated.close()
    except BrokenPipeError:
        raise  # (a closed pipe ends the command quietly: app.run)
    except (OutputError, OSError) as e:
        fail(str(e))
    return [u.line_text() for u in kept.unwritable + repeated.unwritable]


def _sort_out(matches: Iterable[Selected], keep: Callable[[Selected], None], repeated: SelectionWriter, extra: TextIO | None) -> None:
    """Each of ``matches`` kept (``keep``), but a duplicate where the duplicates are
    written apart (to ``extra``, by ``repeated``)."""
    for found in matches:
        if found.duplicate_of is not None and extra is not None:
            repeated.add(extra, found)
        else:
            keep(found)


def _keeping(
    writer: SelectionWriter, out: TextIO | None, folder: str | None, *, split: str, inputs: list[str]
) -> Callable[[Selected], None]:
    """What is done with a match kept: written to the stream ``out``, or, with no stream,
    into ``folder`` (made first)."""
    if out is not None:
        return functools.partial(writer.add, out)
    assert folder is not None  # (no stream without a folder)
    os.makedirs(folder, exist_ok=True)
    return functools.partial(writer.into_folder, folder, split=split, inputs=inputs)


def _say_problems(problems: list[tuple[str, Diagnostic]]) -> None:
    from ..display import printable

    for path, d in problems:
        sys.stderr.write(d.format(printable(path)) + "\n")


def _say_count(matches: Iterable[Selected], problems: list[tuple[str, Diagnostic]]) -> NoReturn:
    """``--count``: how many ``matches`` were found (a duplicate left out is none), on
    standard output, the files' ``problems`` on standard error; then exit."""
    n = sum(1 for m in matches if m.duplicate_of is None)
    _say_problems(problems)
    sys.stdout.write(f"{n}\n")
    raise typer.Exit(_status(problems))


def _status(problems: list[tuple[str, Diagnostic]]) -> int:
    """2 when a file could not be read, 1 when one holds no match or has an error of
    its own, else 0 (warnings aside)."""
    from ..diagnostics import has_error

    if any(d.rule == "io" for _, d in problems):
        return EXIT_USAGE
    return EXIT_INVALID if has_error(d for _, d in problems) else EXIT_OK


def stats(
    files: list[str] = typer.Argument(..., metavar="FILE|DIR...", help="Records in any format read, or folders of them."),
    depth: int = typer.Option(3, "--depth", min=0, max=40, help="The opening tree's plies."),
    min_games: int = typer.Option(2, "--min-games", min=1, help="Show only the opening lines played this often."),
    as_json: bool = typer.Option(False, "--json", help="Every table as one JSON document."),
    as_csv: bool = typer.Option(False, "--csv", help="The players' table as CSV (safe to open in a spreadsheet)."),
    player: str | None = PLAYER, event: str | None = EVENT, date: str | None = DATE, match: str | None = MATCH,
    header: list[str] = HEADER,
    jobs: int = JOBS,
    no_color: bool = typer.Option(False, "--no-color", help="No colours."),
    from_: str | None = FROM,
    encoding: str | None = ENCODING,
) -> NoReturn:  # fmt: skip
    """Count an archive: players, match lengths, how rounds end, the opening tree."""
    from ..checking.statistics import statistics
    from ..errors import ResourceError

    if as_json and as_csv:
        fail("give --json or --csv, not both")
    wanted = _criteria(player=player, event=event, date=date, match=match, headers=header)
    paths = read_inputs(files)
    problems: list[tuple[str, Diagnostic]] = []
    try:
        counted = statistics(paths, wanted, depth=depth, encoding=checked_encoding(encoding), problems=problems, jobs=jobs)
    except ResourceError as e:
        fail(str(e))
    _say_problems(problems)
    if as_json:
        emit_json(counted.to_json(min_games=min_games))
    elif as_csv:
        sys.stdout.write(counted.to_csv())
    else:
        _print_tables(counted, min_games=min_games, no_color=no_color)
    raise typer.Exit(_status(problems))


def _print_tables(counted: Statistics, *, min_games: int, no_color: bool) -> None:
    from ..drawing.archive_tables import tables

    out = console(no_color=no_color)
    for table in tables(counted, min_games=min_games):
        out.print(table)
