"""``kamisado validate`` and ``kamisado generate``: judge records through the rules, and
write random legal ones.

Diagnostics go to stdout as ``path:line:col: error[RULE] message`` with a summary line
per file (or the JSON the README describes with ``--json``); a progress bar goes to stderr, only
on a terminal and only on long work. Exit 0 when all files are valid, 1 when any is
not, 2 on a usage or I/O error.
"""

from __future__ import annotations

import os
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
    FROM,
    LANG_HELP,
    MAX_JOBS,
    checked_encoding,
    console,
    fail,
    read_inputs,
    stdout_is_utf8,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ..checking.validate import FileReportStream, MatchSummary
    from ..diagnostics import Diagnostic
    from ..notation.writer import Form

    _Item = tuple[MatchSummary | None, list[Diagnostic]]

# Files larger than this get a progress bar (on a terminal).
_LONG_WORK_BYTES = 2_000_000
_STYLES = {"error": "bold red", "warning": "yellow"}


def validate(
    files: list[str] = typer.Argument(..., metavar="FILE|DIR...", help="Match record files (.kmr, or their JSON form), or folders of them."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output: one JSON document (its fields: the README, JSON)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only the diagnostics, no summaries."),
    jobs: int = typer.Option(
        1, "--jobs", "-j", min=1, max=MAX_JOBS,
        help="Worker processes (they share out the matches of every file; no more than the processors, nor than the work).",
    ),
    from_: str | None = FROM,
    no_color: bool = typer.Option(False, "--no-color", help="No colours."),
    encoding: str | None = ENCODING,
) -> NoReturn:
    """Replay each record through the rules and report what is wrong, precisely."""
    from ..errors import ResourceError

    if as_json and quiet:
        fail("--quiet does not apply to --json (which prints no summaries)")
    files = read_inputs(files)
    codec = checked_encoding(encoding)
    done: list[FileReportStream] = []
    try:
        _report(files, done, jobs=jobs, as_json=as_json, quiet=quiet, no_color=no_color, encoding=codec)
    except ResourceError as e:  # the workers cannot be started: why, not a traceback
        fail(str(e))
    raise typer.Exit(_exit_code(done))


def _exit_code(done: list[FileReportStream]) -> int:
    """The exit status of the files ``done``: 2 where one could not be read, else 0 when
    all are valid, 1 when not."""
    if any(d.rule == "io" for fv in done for d in fv.diagnostics):
        return EXIT_USAGE
    return EXIT_OK if all(fv.valid for fv in done) else EXIT_INVALID


def _report(
    files: list[str], done: list[FileReportStream], *, jobs: int, as_json: bool, quiet: bool, no_color: bool, encoding: str | None
) -> None:
    """Validate ``files`` (in ``encoding``, when given) and print what is found (each
    file's validation kept in ``done``)."""
    from rich.markup import escape

    from ..checking.validate import validate_paths, write_report_json

    streams = _kept(validate_paths(files, jobs=jobs, encoding=encoding), done)
    if as_json:
        write_report_json(streams, sys.stdout, ascii_only=not stdout_is_utf8())
        return
    out = console(no_color=no_color)
    for fv in streams:
        _print_file(out, fv, quiet=quiet, progress=not quiet and jobs == 1)
    if len(done) > 1 and not quiet:
        out.print(escape(_total(done)), soft_wrap=True)


def _kept(streams: Iterator[FileReportStream], done: list[FileReportStream]) -> Iterator[FileReportStream]:
    """``streams``, each also kept in ``done`` (after its matches, only counts remain)."""
    for fv in streams:
        done.append(fv)
        yield fv


def _with_progress(fv: FileReportStream, items: Iterator[_Item], *, shown: bool) -> Iterator[_Item]:
    """``items``, with a progress bar on stderr when it is a terminal and the file is
    long work."""
    try:
        size = os.path.getsize(fv.path)
    except OSError:
        size = 0
    err = console(stderr=True)
    if not shown or size < _LONG_WORK_BYTES or not err.is_terminal:
        return items
    return _ticking(fv, items, err)


def _ticking(fv: FileReportStream, items: Iterator[_Item], err: Console) -> Iterator[_Item]:
    from rich.markup import escape
    from rich.progress import Progress

    from ..display import printable

    name = escape(printable(os.path.basename(fv.path)))
    with Progress(console=err, transient=True, redirect_stdout=sys.stdout.isatty()) as progress:
        task = progress.add_task(f"validating {name}", total=None)
        for count, item in enumerate(items, 1):
            if count % 50 == 0:
                progress.update(task, description=f"validating {name}: {count} matches")
            yield item


def _print_file(out: Console, fv: FileReportStream, *, quiet: bool, progress: bool) -> None:
    """One file's diagnostics as its summaries come, in line order
    (:func:`~kamisado_notation.checking.validate.in_line_order`), then its summary: a line per
    match for up to 20. Only the first 21 summaries are kept."""
    from ..checking.validate import in_line_order

    first: list[MatchSummary] = []  # a line each when there are at most 20
    many = _Many()
    for s, diagnostics in _with_progress(fv, in_line_order(fv), shown=progress):
        _print_diagnostics(out, fv.path, diagnostics)
        if s is not None:
            many.add(s)
            if len(first) <= 20:
                first.append(s)
    if not quiet:
        _print_summary(out, fv, first, many)


def _print_summary(out: Console, fv: FileReportStream, first: list[MatchSummary], many: _Many) -> None:
    """A file's summary: its count of matches, then a line a match (``first``) for up
    to 20, else the counts of ``many``."""
    from rich.markup import escape

    from ..display import printable

    n = fv.matches
    path = printable(fv.path)
    head = f"{path}: {counted(n, 'match', 'matches')}, {fv.valid_matches} valid"
    if not n:
        head = f"{path}: unreadable" if any(d.rule == "io" for d in fv.diagnostics) else f"{path}: no match"
    out.print(escape(head), soft_wrap=True)
    if n > 20:
        out.print(escape(many.line()), soft_wrap=True)
        return
    for m in first:
        out.print(escape(_match_line(m)), soft_wrap=True)


def _total(done: list[FileReportStream]) -> str:
    """The total line of several files."""
    matches = sum(fv.matches for fv in done)
    valid = sum(fv.valid_matches for fv in done)
    bad = sum(1 for fv in done if not fv.valid)
    return f"total: {len(done)} files ({bad} invalid), {matches} matches, {valid} valid, {matches - valid} invalid"


def _match_line(m: MatchSummary) -> str:
    """One match's summary: valid or INVALID, the score, and (for a valid one) complete
    or in progress and whose turn it is; for an invalid one, whether the replay still
    reached the match's end (its slips corrected, or only mis-annotated), so that the
    score is the match's, or stopped, so that it is the score as far as checked."""
    from ..checking.replayed import MatchStatus
    from ..engine.board import Side

    score = f"{m.score[Side.BLACK]}-{m.score[Side.GOLD]}"
    if not m.valid:
        reach = ", replayed to its end" if m.status is MatchStatus.COMPLETE else " as far as checked"
        return f"  match {m.index} (line {m.line}): INVALID, {score} (Black-Gold){reach}"
    state = "complete" if m.status is MatchStatus.COMPLETE else "in progress"
    if m.to_move is not None:
        state += f", {m.to_move.title} to move"
    return f"  match {m.index} (line {m.line}): valid, {score} (Black-Gold), {state}"


class _Many:
    """The counts of a file of many matches, and which are invalid (number and line of
    the first 50: memory stays flat)."""

    SHOWN = 50

    def __init__(self) -> None:
        self.good = self.complete = self.invalid = 0
        self.shown: list[str] = []

    def add(self, m: MatchSummary) -> None:
        from ..checking.replayed import MatchStatus

        if m.valid:
            self.good += 1
            self.complete += m.status is MatchStatus.COMPLETE
            return
        self.invalid += 1
        if len(self.shown) < self.SHOWN:
            self.shown.append(f"{m.index} (line {m.line})")

    def line(self) -> str:
        text = f"  {self.complete} complete, {self.good - self.complete} in progress"
        if self.invalid:
            more = f" and {self.invalid - self.SHOWN} more" if self.invalid > self.SHOWN else ""
            text += f", {self.invalid} invalid: match{'es' if self.invalid > 1 else ''} {', '.join(self.shown)}{more}"
        return text


def _print_diagnostics(out: Console, path: str, diagnostics: list[Diagnostic]) -> None:
    from rich.markup import escape

    for d in diagnostics:
        line = escape(d.format(path))
        style = _STYLES.get(d.severity)
        out.print(f"[{style}]{line}[/]" if style and out.is_terminal else line, markup=True, soft_wrap=True)


def generate(
    match: str = typer.Option("standard", "--match", help="single | standard | long | marathon"),
    seed: int = typer.Option(..., "--seed", help="Random seed: the same seed gives the same records."),
    count: int = typer.Option(1, "--count", min=1, help="How many matches."),
    form: str = typer.Option("text", "--form", help="symbols | text | short | coords"),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    output: str | None = typer.Option(None, "-o", "--output", help="Write to this file instead of stdout."),
    black: str = typer.Option("Random", "--black", metavar="NAME", help="Black's name (the Black header)."),
    gold: str = typer.Option("Random", "--gold", metavar="NAME", help="Gold's name (the Gold header)."),
    event: str = typer.Option("kamisado generate", "--event", metavar="NAME", help="The Event header."),
    header: list[str] = typer.Option([], "--header", metavar="NAME=VALUE", help="Another header (Site=Club, Date=2026.11.28…); repeat for more."),
) -> None:
    """Play random legal matches and write their records (for demos, tests, benchmarks)."""
    from ..errors import KamisadoError, OutputError
    from ..io.output import open_output
    from ..notation.record import RecordFile
    from ..notation.writer import RecordWriter
    from ..play.generate import Players, iter_generated

    players = Players(black=black, gold=gold, event=event, headers=[_header_option(h) for h in header])
    try:
        coords = form.strip().lower() == "coords"
        matches = iter_generated(match=match, seed=seed, count=count, coords=coords, players=players)
        writer = RecordWriter(sys.stdout, form=_form(form), lang=lang, path="<generated>")
    except KamisadoError as e:
        fail(str(e))
    try:
        with open_output(output or "-") as out:  # (the safe writer: a file is replaced atomically)
            writer.out = out
            for m in matches:  # each written as it is played
                writer.match(m)
            writer.close(RecordFile("<generated>"))
    except OutputError as e:
        fail(str(e))


def _header_option(text: str) -> tuple[str, str]:
    """``--header NAME=VALUE`` as a header's name and value; exit 2 when it is not one."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip() or not all(c.isalnum() or c in "_-" for c in name.strip()):
        fail(f"--header takes NAME=VALUE (a name of letters, digits, - and _), not {text!r}")
    return name.strip(), value


def _form(form: str) -> Form:
    """The form named ``form``; :class:`KamisadoError` naming the forms if none is."""
    from ..errors import KamisadoError
    from ..notation.writer import Form

    try:
        return Form(form.strip().lower())
    except ValueError:
        raise KamisadoError(f"unknown form {form!r}: " + ", ".join(f.value for f in Form)) from None
