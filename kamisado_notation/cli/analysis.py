"""``kamisado solve`` and ``kamisado analyze``: the solver on the command line (SPEC §12,
docs/analysis.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import typer

from .common import (
    ENCODING,
    MAX_JOBS,
    checked_encoding,
    console,
    emit_json,
    fail,
    read_position,
    record_files,
    refuse_onto,
    refuse_stdout_onto,
    write_file,
)

if TYPE_CHECKING:  # loaded by the functions that need it: start-up time
    from rich.console import Console

#: ``--depth`` and ``--time``, shared by both commands.
DEPTH = typer.Option(None, "--depth", min=0, metavar="TURNS", help="Search at most this many turns deep (default: until proven or out of time).")


def solve(
    position: str = typer.Argument(..., help="A position string (docs/notation.md §8)."),
    depth: int | None = DEPTH,
    time_ms: int | None = typer.Option(None, "--time", min=1, metavar="MS", help="Stop after this many milliseconds (default: no limit)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Whether the side to move wins or loses the round under best play, in how many
    turns, the best move and its principal variation; 'unknown' when not proven within
    the depth or time."""
    from ..play.solve import solve as run_solver

    pos = read_position(position)
    answer = run_solver(pos, depth=depth, time=None if time_ms is None else time_ms / 1000)
    if as_json:
        emit_json(answer.as_dict())
        return
    who = pos.to_move.title
    if answer.proven and answer.turns == 0:
        head = f"the round is over: {who} has {'won' if answer.result == 'win' else 'lost'}"
    elif answer.proven:
        turns = f"{answer.turns} turn{'s' if answer.turns != 1 else ''}" if answer.turns is not None else "(turns not found in the time)"
        head = f"{who} {'wins' if answer.result == 'win' else 'loses'}{' in' if answer.turns is not None else ''} {turns}"
    else:
        head = f"unknown for {who} (searched {answer.depth} turns deep)"
    lines = [head]
    if answer.best is not None:
        lines.append(f"best: {answer.best.coords()} ({answer.best})")
    if answer.pv:
        lines.append("pv: " + " ".join(m.coords() for m in answer.pv))
    lines.append(f"{answer.nodes} nodes in {answer.seconds:.3f} s")
    sys.stdout.write("".join(line + "\n" for line in lines))


def analyze(
    files: list[str] = typer.Argument(..., help="Record files (.kmr) or folders; - is standard input."),
    depth: int | None = DEPTH,
    time_ms: int = typer.Option(1000, "--time", min=1, metavar="MS", help="The solver's time for each position (milliseconds)."),
    output: str | None = typer.Option(None, "-o", "--output", metavar="OUT.kmr", help="Write the annotated records here (default: standard output)."),
    as_json: bool = typer.Option(False, "--json", help="The judgements as JSON instead of the annotated records."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MAX_JOBS, help="Analyse this many matches at once (worker processes)."),
    encoding: str | None = ENCODING,
) -> None:
    """Judge every move of every round with the solver: its value before and after for
    the player who made it, ?? (a proven win let go into a loss), ? (a win let go), !
    (the only move that keeps a win) and the best move where the played one was worse,
    written into the records as {analysis: …} comments."""
    from ..errors import KamisadoError, NotationError, RecordIOError
    from ..notation import parse_record
    from ..notation.files.opening import file_format, read_text
    from ..play.analyse import analyse, annotate

    codec = checked_encoding(encoding)
    paths = record_files(files)
    if paths.count("-") > 1:
        fail("standard input (-) can be read only once")
    if output is not None:
        refuse_onto(output, paths)
    else:
        refuse_stdout_onto(paths)
    texts, reports = [], []
    err = console(stderr=True)
    for path in paths:
        kind = file_format(path)
        if kind != "kmr":  # (the comments go into the record's own text)
            fail(f"{path}: a {kind} record has no place for the comments: convert it to .kmr first (kamisado convert --to text)")
        try:
            text = read_text(path, encoding=codec)
        except (RecordIOError, NotationError) as e:
            fail(f"{path}: {e}")
        record = parse_record(text.removeprefix("\ufeff"), path=path)
        with _progress(err, path) as tick:
            try:
                analyses = analyse(record, depth=depth, time=time_ms / 1000, progress=tick, jobs=jobs)
            except KamisadoError as e:  # (a worker process died or failed)
                fail(f"{path}: {e}")
        texts.append(annotate(text, analyses))
        reports.append({"path": path, "matches": [a.as_dict() for a in analyses]})
    if as_json:
        emit_json({"files": reports})
    elif output is not None:
        write_file(output, "".join(_joined(texts)), inputs=paths)
    else:
        sys.stdout.write("".join(_joined(texts)))


def _joined(texts: list[str]) -> list[str]:
    """Record texts one after another (each ended by a line ending: a file can hold many
    matches)."""
    return [t if t.endswith(("\n", "\r")) or not t else t + "\n" for t in texts]


@contextmanager
def _progress(err: Console, path: str) -> Iterator[Callable[[int], None]]:
    """A line on standard error, on a terminal only, counting the positions solved (the
    matches, with ``--jobs``)."""
    if not err.is_terminal:
        yield lambda done: None
        return
    from rich.markup import escape
    from rich.progress import Progress, SpinnerColumn, TextColumn

    from ..display import printable

    shown = escape(printable(path))  # (a description is markup: a file named 'x[/oops].kmr' is a name)
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=err, transient=True) as bar:
        task = bar.add_task(f"analysing {shown}")
        yield lambda done: bar.update(task, description=f"analysing {shown}: {done} done")
