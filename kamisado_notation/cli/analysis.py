"""``kamisado solve`` and ``kamisado analyze``: the solver on the command line
(docs/analysis.md)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import typer

from ..drawing.words import counted
from .common import (
    ENCODING,
    MAX_JOBS,
    checked_encoding,
    console,
    emit_json,
    fail,
    read_inputs,
    read_position,
    write_file,
)

if TYPE_CHECKING:  # loaded by the functions that need it: start-up time
    from rich.console import Console

    from ..engine.position import Position
    from ..play.analyse import MatchAnalysis
    from ..play.solve import MoveValue, Solution

#: The longest ``--time`` (milliseconds): a year.
MAX_MS = 365 * 24 * 3600 * 1000

#: ``--depth`` and ``--time``, shared by both commands.
DEPTH = typer.Option(None, "--depth", min=0, metavar="TURNS", help="Search at most this many turns deep (default: until proven or out of time).")
#: ``--memory``, shared by both commands (the solver's bound: 250 MB by default, at most 2^20).
MEMORY = typer.Option(
    250, "--memory", min=1, max=1 << 20, metavar="MB", help="The megabytes the solver's tables may keep, counted in entries (Python adds some 45 MB)."
)


def solve(
    position: str = typer.Argument(..., help="A position string (docs/notation.md §8)."),
    depth: int | None = DEPTH,
    time_ms: int | None = typer.Option(None, "--time", min=1, max=MAX_MS, metavar="MS", help="Stop after this many milliseconds (default: no limit)."),
    nodes: int | None = typer.Option(None, "--nodes", min=1, max=10**12, metavar="N", help="Stop after this many positions searched (the same answer on any machine)."),
    all_moves: bool = typer.Option(False, "--all-moves", help="Judge every legal move instead of the position (each move's position with the limits given, one solver for all)."),
    memory: int = MEMORY,
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Whether the side to move wins or loses the round under best play, in how many turns, the best move and its principal variation; 'unknown' when not proven within the limits. On a terminal a line shows the depth, nodes and time as it works."""
    from ..play.solve import Solver, solve_moves

    pos = read_position(position)
    seconds = None if time_ms is None else time_ms / 1000
    solver = Solver(memory=memory)
    with _solving(console(stderr=True)) as solver.progress:
        if all_moves:
            values = solve_moves(pos, depth=depth, time=seconds, nodes=nodes, solver=solver)
        else:
            answer = solver.solve(pos, depth=depth, time=seconds, nodes=nodes)
    if all_moves:
        _print_moves(pos, values, as_json=as_json)
    elif as_json:
        emit_json(answer.as_dict())
    else:
        sys.stdout.write("".join(line + "\n" for line in _answer_lines(pos.to_move.title, answer)))


def _print_moves(pos: Position, values: list[MoveValue], *, as_json: bool) -> None:
    """``solve --all-moves``: each legal move with its value, a line each or as JSON."""
    if as_json:
        emit_json({"position": pos.to_string(), "moves": [v.as_dict() for v in values]})
        return
    who = pos.to_move.title
    lines = [f"{v.move.coords()} ({v.move}): {_value_words(who, v.result, v.turns, v.within)}" for v in values]
    sys.stdout.write("".join(line + "\n" for line in lines) or f"{who} has no move to choose\n")


def _answer_lines(who: str, answer: Solution) -> list[str]:
    """The solver's answer for ``who`` (the side to move) in words: the value, the best
    move, the principal variation, the nodes and the time."""
    lines = [_answer_head(who, answer)]
    if answer.best is not None:
        lines.append(f"best: {answer.best.coords()} ({answer.best})")
    if answer.pv:
        lines.append("pv: " + " ".join(m.coords() for m in answer.pv))
    lines.append(f"{answer.nodes} nodes in {answer.seconds:.3f} s")
    return lines


def _answer_head(who: str, answer: Solution) -> str:
    """The first line of :func:`_answer_lines`: the value for ``who``, or the round over,
    or how deep the search went where it proved nothing."""
    if answer.proven and answer.turns == 0:
        return f"the round is over: {who} has {'won' if answer.result == 'win' else 'lost'}"
    if answer.proven:
        return _value_words(who, answer.result, answer.turns, answer.within)
    return f"unknown for {who} (searched {answer.depth} turns deep)"


def _value_words(who: str, result: str, turns: int | None, within: int | None = None) -> str:
    """``Black wins in 15 turns``, ``Black wins within 17 turns (fewer not ruled out in
    the limits)``, ``Gold loses (turns not found in the limits)``, ``unknown for Black``."""
    if result == "unknown":
        return f"unknown for {who}"
    if turns is not None:
        count = f"in {counted(turns, 'turn')}"
    elif within is not None:
        count = f"within {counted(within, 'turn')} (fewer not ruled out in the limits)"
    else:
        count = "(turns not found in the limits)"
    return f"{who} {'wins' if result == 'win' else 'loses'} {count}"


@contextmanager
def _solving(err: Console) -> Iterator[Callable[[int, int], None] | None]:
    """A line on standard error, on a terminal only (silent when piped): the depth the
    solver reached, its nodes and the time spent."""
    if not err.is_terminal:
        yield None
        return
    import time

    start = time.perf_counter()
    with err.status("solving") as status:

        def show(depth: int, nodes: int) -> None:
            status.update(f"solving: {depth} turns deep, {nodes:,} nodes, {time.perf_counter() - start:.1f} s")

        yield show


def analyze(
    files: list[str] = typer.Argument(..., help="Record files (.kmr) or folders; - is standard input."),
    depth: int | None = DEPTH,
    time_ms: int | None = typer.Option(
        None, "--time", min=1, max=MAX_MS, metavar="MS", help="Also stop each position's search after this many milliseconds (the marks then depend on the machine)."
    ),
    nodes: int | None = typer.Option(
        None, "--nodes", min=1, max=10**12, metavar="N", help="The solver's budget for each position, in positions searched (default: 10,000; the same marks on any machine)."
    ),
    output: str | None = typer.Option(None, "-o", "--output", metavar="OUT.kmr", help="Write the annotated records here (default: standard output)."),
    as_json: bool = typer.Option(False, "--json", help="The judgements as JSON instead of the annotated records."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MAX_JOBS, help="Analyse this many matches at once (worker processes)."),
    memory: int = MEMORY,
    encoding: str | None = ENCODING,
) -> None:
    """Judge every move of every round with the solver: its value before and after for the player who made it, ?? (a proven win let go into a proven loss), ? (a proven win slowed by 4 turns or more), ! (the only move that keeps a proven win, the others proven to lose) and the best move where the played one was proven worse, written into the records as {analysis: …} comments; what decided each round on standard error."""
    from ..play.analyse import annotate

    codec = checked_encoding(encoding)
    paths = read_inputs(files, output)
    judge = _judge(depth, time_ms, nodes, jobs, memory)
    texts, reports = [], []
    err = console(stderr=True)
    for path in paths:
        text, analyses = _analysed(path, codec, err, judge, unit="matches" if jobs > 1 else "positions")
        if not as_json:
            _say_rounds(err, path, analyses)
        texts.append(annotate(text, analyses))
        reports.append({"path": path, "matches": [a.as_dict() for a in analyses]})
    if as_json:
        emit_json({"files": reports})
    else:
        _write_annotated(texts, output, paths)


def _judge(depth: int | None, time_ms: int | None, nodes: int | None, jobs: int, memory: int) -> Callable[..., list[MatchAnalysis]]:
    """The solver's judge of a record's matches (:func:`~kamisado_notation.play.analyse.analyse`)
    with the limits the options give (``nodes`` by default :data:`~kamisado_notation.play.analyse.DEFAULT_NODES`)."""
    from ..play.analyse import DEFAULT_NODES, analyse

    time = None if time_ms is None else time_ms / 1000
    return functools.partial(analyse, depth=depth, time=time, nodes=DEFAULT_NODES if nodes is None else nodes, jobs=jobs, memory=memory)


def _write_annotated(texts: list[str], output: str | None, inputs: list[str]) -> None:
    """The annotated records ``texts`` written to ``output`` (none of the ``inputs``),
    else to standard output."""
    if output is not None:
        write_file(output, "".join(_joined(texts)), inputs=inputs)
    else:
        sys.stdout.write("".join(_joined(texts)))


def _analysed(
    path: str, encoding: str | None, err: Console, judge: Callable[..., list[MatchAnalysis]], *, unit: str
) -> tuple[str, list[MatchAnalysis]]:
    """The text of the record file ``path`` and its matches judged (``judge``: the
    solver's :func:`~kamisado_notation.play.analyse.analyse`, a bar counting ``unit`` on
    ``err``); exit 2 for a file that is no ``.kmr`` (the comments go into the record's
    own text) or cannot be read or judged."""
    from ..errors import KamisadoError, NotationError, RecordIOError
    from ..notation import parse_record
    from ..notation.files.opening import file_format, read_text

    kind = file_format(path)
    if kind != "kmr":
        fail(f"{path}: a {kind} record has no place for the comments: convert it to .kmr first (kamisado convert --to text)")
    try:
        text = read_text(path, encoding=encoding)
    except (RecordIOError, NotationError) as e:
        fail(f"{path}: {e}")
    record = parse_record(text.removeprefix("\ufeff"), path=path)
    with _progress(err, path, unit) as tick:
        try:
            return text, judge(record, progress=tick)
        except KamisadoError as e:  # (a worker process died or failed)
            fail(f"{path}: {e}")


def _joined(texts: list[str]) -> list[str]:
    """Record texts one after another (each ended by a line ending: a file can hold many
    matches)."""
    return [t if t.endswith(("\n", "\r")) or not t else t + "\n" for t in texts]


def _say_rounds(err: Console, path: str, analyses: list[MatchAnalysis]) -> None:
    """What decided each round, a line each on standard error (the record goes to
    standard output): ``game.kmr: match 1, round 3 was lost at Gold's 5th entry, …``."""
    from rich.markup import escape

    for analysis in analyses:
        for summary in analysis.rounds:
            err.print(escape(f"{path}: match {analysis.index}, {summary.text()}"), highlight=False, soft_wrap=True)


@contextmanager
def _progress(err: Console, path: str, unit: str) -> Iterator[Callable[[int, int], None]]:
    """A bar on standard error, on a terminal only (silent when piped), counting the
    positions solved of the file's total (the matches, with ``--jobs``)."""
    if not err.is_terminal:
        yield lambda done, total: None
        return
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from ..display import printable

    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn(unit), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        shown = escape(printable(path))  # (a description is markup: a file named 'x[/oops].kmr' is a name)
        task = bar.add_task(f"analysing {shown}", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)
