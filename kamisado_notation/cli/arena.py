"""``kamisado arena`` (two engines play matches, refereed and recorded) and ``kamisado
engine`` (the toolkit's own engine on the engine protocol); ``docs/engines.md``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, TextIO

import typer

from .common import EXIT_INTERRUPTED, EXIT_USAGE, MAX_JOBS, console, emit_json, fail

if TYPE_CHECKING:  # loaded by the functions that need it: start-up time
    from rich.console import Console

    from ..play.arena import ArenaResult, MatchOutcome


def arena(
    first: str = typer.Argument(..., metavar="CMD", help="The first engine's command line (quoted), e.g. 'kamisado engine'."),
    second: str = typer.Argument(..., metavar="CMD", help="The second engine's command line."),
    games: int = typer.Option(2, "--games", min=1, help="How many matches; colours alternate."),
    match: str = typer.Option("standard", "--match", help="single | standard | long | marathon"),
    movetime: int = typer.Option(100, "--movetime", min=1, metavar="MS", help="Time for each move and fill, in milliseconds."),
    grace: int = typer.Option(250, "--grace", min=0, metavar="MS", help="Allowed on top of the move time before an answer is late."),
    startup: float = typer.Option(10.0, "--startup", min=0.1, metavar="S", help="Seconds an engine has to start and answer 'kep'."),
    output: str | None = typer.Option(None, "-o", "--output", metavar="OUT.kmr", help="Write every match's record here as it ends."),
    jobs: int = typer.Option(1, "--jobs", min=1, max=MAX_JOBS, help="Matches played at once."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable summary."),
    no_color: bool = typer.Option(False, "--no-color", help="No colours."),
) -> None:
    """Play matches between two engines speaking the engine protocol and write their records."""
    from ..errors import OutputError
    from ..io.output import open_output
    from ..play.arena import ArenaSettings, run_arena

    _check(first, second, match)
    settings = ArenaSettings(match=match.strip().lower(), movetime_ms=movetime, grace_ms=grace, startup_s=startup)
    err = console(stderr=True, no_color=no_color)
    try:
        writing = open_output(output, inputs=_files_of(first, second)) if output is not None else nullcontext(None)
        with writing as out, _progress(err, games) as advance:
            written = [0]

            def on_match(outcome: MatchOutcome) -> None:
                if outcome.message:
                    err.print(f"match {outcome.number}: {outcome.message}", markup=False, highlight=False)
                if out is not None:
                    _write(out, outcome, first=not written[0])
                    written[0] += 1
                advance()

            with _stopped_by_signals() as signalled:
                result = run_arena((first, second), settings, games=games, jobs=jobs, on_match=on_match)
    except OutputError as e:
        fail(str(e))
    if as_json:
        emit_json(result.json())
    else:
        _table(result, no_color=no_color)
    if result.interrupted:
        err.print(f"interrupted: {len(result.outcomes)} finished matches kept", markup=False)
        raise typer.Exit(128 + signalled[0] if signalled else EXIT_INTERRUPTED)


@contextmanager
def _stopped_by_signals() -> Iterator[list[int]]:
    """``SIGTERM`` and ``SIGHUP`` (unless ignored, as under ``nohup``) stop the arena as
    Ctrl-C does: every engine stopped at once, the finished matches written (the output
    file completed, no temporary file left), the table printed; the exit status is then
    128 + the signal's number. The list given holds the signal that came."""
    import signal
    import threading

    signalled: list[int] = []
    if threading.current_thread() is not threading.main_thread():  # (only the main thread sets handlers)
        yield signalled
        return

    def stop(signum: int, _frame: object) -> None:
        signalled.append(signum)
        raise KeyboardInterrupt

    before = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGHUP)}
    taken = {signum: handler for signum, handler in before.items() if handler is not None and handler is not signal.SIG_IGN}
    for signum in taken:
        signal.signal(signum, stop)
    try:
        yield signalled
    finally:
        for signum, handler in taken.items():
            signal.signal(signum, handler)


def _check(first: str, second: str, match: str) -> None:
    """Exit 2 for an unknown format, or a command that is empty, cannot be split, or
    names a program that is not there."""
    import shlex
    import shutil

    from ..engine.match import MATCH_TARGETS

    if match.strip().lower() not in MATCH_TARGETS:
        fail(f"unknown match format {match!r}: single, standard, long or marathon")
    for command in (first, second):
        try:
            words = shlex.split(command)
        except ValueError as e:
            fail(f"cannot read the command {command!r}: {e}")
        if not words:
            fail("an engine's command is empty")
        if shutil.which(words[0]) is None:
            fail(f"cannot run {words[0]!r} (the engine {command!r}): no such program")


def _files_of(*commands: str) -> list[str]:
    """The files the engines' commands name, never an output: the programs, as the shell
    finds them (a bare name on ``PATH`` too: ``myeng`` is ``bin/myeng`` when ``bin`` is on
    it), and the words that are files (their scripts)."""
    import os
    import shlex
    import shutil

    files = []
    for command in commands:
        words = shlex.split(command)
        program = shutil.which(words[0]) if words else None
        files += ([program] if program is not None else []) + [word for word in words if os.path.isfile(word)]
    return files


@contextmanager
def _progress(err: Console, total: int) -> Iterator[Callable[[], None]]:
    """A progress bar on standard error when it is a terminal (a call advances it);
    nothing otherwise."""
    if not err.is_terminal:
        yield lambda: None
        return
    from rich.progress import Progress

    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("matches", total=total)
        yield lambda: bar.advance(task)


def _table(result: ArenaResult, *, no_color: bool) -> None:
    """Each engine's matches won and round points, and the rating difference."""
    from rich.table import Table

    out = console(no_color=no_color)
    diff, low, high = result.elo()  # (infinite when every match went one way)
    table = Table(title=f"{len(result.outcomes)} matches", title_justify="left")
    for name in ("engine", "command", "matches won", "round points"):
        table.add_column(name, justify="right" if name != "engine" and name != "command" else "left")
    for i in (0, 1):
        table.add_row(result.names[i], result.commands[i], str(result.won(i)), str(result.points(i)))
    out.print(table)
    out.print(f"Elo difference (first - second): {diff:+.0f}, 95% interval [{low:+.0f}, {high:+.0f}]", markup=False)


def _write(out: TextIO, outcome: MatchOutcome, *, first: bool) -> None:
    """One match's record, a blank line before all but the first (as the writer does)."""
    out.write(("" if first else "\n") + outcome.recorder.text())
    out.flush()


def engine(
    depth: int | None = typer.Option(None, "--depth", min=1, help="Search this many plies at most (default: as deep as the move time allows)."),
    level: str = typer.Option("search", "--level", help="search | random (random legal moves, for tests)."),
    seed: int | None = typer.Option(None, "--seed", help="Random seed for --level random."),
) -> None:
    """The toolkit's own engine, speaking the engine protocol on standard input and output."""
    from .. import __version__
    from ..play.protocol import serve
    from ..play.search import Searcher

    if level not in ("search", "random"):
        fail(f"unknown level {level!r}: search or random", code=EXIT_USAGE)
    searcher = Searcher(depth=depth, level=level, seed=seed)
    what = "random" if level == "random" else f"depth {depth}" if depth else "alpha-beta"
    serve(searcher, name=f"kamisado-notation {__version__} ({what})", author="kamisado-notation", stdin=sys.stdin, stdout=sys.stdout)
