"""``kamisado validate`` and ``kamisado generate``: judge records through the rules, and
write random legal ones.

Diagnostics go to stdout as ``path:line:col: error[RULE] message`` with a summary line
per file (or the JSON of SPEC §6 with ``--json``); a progress bar goes to stderr, only
on a terminal and only on long work. Exit 0 when all files are valid, 1 when any is
not, 2 on a usage or I/O error.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer

from .common import EXIT_INVALID, EXIT_OK, EXIT_USAGE, console, emit_json, fail, refuse_stdout_onto, write_file

# Files larger than this get a progress bar (on a terminal).
_LONG_WORK_BYTES = 2_000_000


def validate(
    files: list[str] = typer.Argument(..., help="Match record files (.kmr, or their JSON form)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output (SPEC §6)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only the diagnostics, no summaries."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Validate this many files in parallel."),
    no_color: bool = typer.Option(False, "--no-color", help="No colours."),
) -> NoReturn:
    """Replay each record through the rules and report what is wrong, precisely."""
    if as_json and quiet:
        fail("--quiet does not apply to --json (which prints no summaries)")
    if files.count("-") > 1:
        fail("standard input (-) can be read only once")
    refuse_stdout_onto(files)
    reports = _validate_all(files, jobs=jobs, quiet=quiet or as_json)
    io_errors = any(d.rule == "io" for r in reports for d in r.diagnostics)
    if as_json:
        from ..validate import report_json

        emit_json(report_json(reports))
    else:
        _print_reports(reports, quiet=quiet, no_color=no_color)
    if io_errors:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_OK if all(r.valid for r in reports) else EXIT_INVALID)


def _validate_all(files: list[str], *, jobs: int, quiet: bool):  # type: ignore[no-untyped-def]
    """Each file's report, in order; in ``jobs`` worker processes when there are several
    files (standard input is read here: it belongs to this process)."""
    if jobs > 1 and len(files) > 1:
        from ..parallel import validate_in_parallel

        others = [f for f in files if f != "-"]
        done = iter(validate_in_parallel(others, jobs))
        stdin = [_validate_with_progress("-", quiet=quiet)] if "-" in files else []
        return [stdin[0] if f == "-" else next(done) for f in files]
    return [_validate_with_progress(path, quiet=quiet) for path in files]


def _validate_with_progress(path: str, *, quiet: bool):  # type: ignore[no-untyped-def]
    from ..validate import validate_file

    try:
        size = os.path.getsize(path)
    except OSError:
        size = 0
    err = console(stderr=True)
    if quiet or size < _LONG_WORK_BYTES or not err.is_terminal:
        return validate_file(path)
    from rich.markup import escape
    from rich.progress import Progress

    from ..display import printable

    name = escape(printable(os.path.basename(path)))
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task(f"validating {name}", total=None)
        count = 0

        def tick(_summary) -> None:  # type: ignore[no-untyped-def]
            nonlocal count
            count += 1
            if count % 50 == 0:
                progress.update(task, description=f"validating {name}: {count} matches")

        return validate_file(path, on_match=tick)


def _print_reports(reports, *, quiet: bool, no_color: bool) -> None:  # type: ignore[no-untyped-def]
    from rich.markup import escape

    from ..display import printable

    out = console(no_color=no_color)
    styles = {"error": "bold red", "warning": "yellow"}
    for r in reports:
        for d in r.all_diagnostics():
            line = escape(d.format(r.path))
            style = styles.get(d.severity)
            out.print(f"[{style}]{line}[/]" if style and out.is_terminal else line, markup=True, soft_wrap=True)
        if quiet:
            continue
        n = len(r.matches)
        good = sum(1 for m in r.matches if m.valid)
        path = printable(r.path)
        head = f"{path}: {n} match{'es' if n != 1 else ''}, {good} valid"
        if not n:
            head = f"{path}: unreadable" if any(d.rule == "io" for d in r.diagnostics) else f"{path}: no match"
        out.print(escape(head), soft_wrap=True)
        for m in r.matches if n <= 20 else []:
            out.print(escape(_match_line(m)), soft_wrap=True)
        if n > 20:
            out.print(escape(_many_matches(r.matches)), soft_wrap=True)
    if len(reports) > 1 and not quiet:
        matches = [m for r in reports for m in r.matches]
        bad = sum(1 for r in reports if not r.valid)
        out.print(
            escape(
                f"total: {len(reports)} files ({bad} invalid), {len(matches)} matches, "
                f"{sum(1 for m in matches if m.valid)} valid, {sum(1 for m in matches if not m.valid)} invalid"
            ),
            soft_wrap=True,
        )


def _match_line(m) -> str:  # type: ignore[no-untyped-def]
    """One match's summary: valid or INVALID, the score, and (for a valid one) complete
    or in progress and whose turn it is."""
    from ..board import Side
    from ..replay import MatchStatus

    score = f"{m.score[Side.BLACK]}-{m.score[Side.GOLD]}"
    if not m.valid:
        return f"  match {m.index} (line {m.line}): INVALID, {score} (Black-Gold) as far as checked"
    state = "complete" if m.status is MatchStatus.COMPLETE else "in progress"
    if m.to_move is not None:
        state += f", {m.to_move.title} to move"
    return f"  match {m.index} (line {m.line}): valid, {score} (Black-Gold), {state}"


def _many_matches(matches) -> str:  # type: ignore[no-untyped-def]
    """The counts of a file of many matches, and which are invalid (number and line)."""
    from ..replay import MatchStatus

    good = [m for m in matches if m.valid]
    complete = sum(1 for m in good if m.status is MatchStatus.COMPLETE)
    text = f"  {complete} complete, {len(good) - complete} in progress"
    invalid = [m for m in matches if not m.valid]
    if invalid:
        shown = ", ".join(f"{m.index} (line {m.line})" for m in invalid[:50])
        more = f" and {len(invalid) - 50} more" if len(invalid) > 50 else ""
        text += f", {len(invalid)} invalid: match{'es' if len(invalid) > 1 else ''} {shown}{more}"
    return text


def generate(
    match: str = typer.Option("standard", "--match", help="single | standard | long | marathon"),
    seed: int = typer.Option(..., "--seed", help="Random seed: the same seed gives the same records."),
    count: int = typer.Option(1, "--count", min=1, help="How many matches."),
    form: str = typer.Option("text", "--form", help="symbols | text | short | coords"),
    lang: str = typer.Option("en", "--lang", help="en | de | hu | pt | ro | ru"),
    output: str | None = typer.Option(None, "-o", "--output", help="Write to this file instead of stdout."),
) -> None:
    """Play random legal matches and write their records (for demos, tests, benchmarks)."""
    from ..errors import KamisadoError
    from ..generate import generate_records

    try:
        record = generate_records(match=match, seed=seed, count=count, coords=form.strip().lower() == "coords")
        text = _format(record, form=form, lang=lang)
    except KamisadoError as e:
        fail(str(e))
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    write_file(output, text, inputs=[])


def _format(record, *, form: str, lang: str) -> str:  # type: ignore[no-untyped-def]
    from ..errors import KamisadoError
    from ..notation.writer import Form, format_record

    try:
        style = Form(form.strip().lower())
    except ValueError:
        raise KamisadoError(
            f"unknown form {form!r}: " + ", ".join(f.value for f in Form)
        ) from None
    return format_record(record, form=style, lang=lang)
