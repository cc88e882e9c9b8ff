"""``kamisado arena`` (two engines play matches, refereed and recorded) and ``kamisado
engine`` (the toolkit's own engine on the engine protocol); ``docs/engines.md``."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import TYPE_CHECKING, TextIO

import typer

from .common import EXIT_INTERRUPTED, EXIT_USAGE, MAX_JOBS, console, emit_json, fail

if TYPE_CHECKING:  # loaded by the functions that need it: start-up time
    from rich.console import Console

    from ..play.arena import ArenaResult, ArenaSettings, EngineSpec, MatchOutcome, Sprt


def arena(
    engines: list[str] = typer.Argument(
        ..., metavar="CMD...",
        help="Two engines' command lines or more (each quoted), e.g. 'kamisado engine'; each may end with name=NAME and option.N=V.",
    ),
    games: int = typer.Option(2, "--games", min=1, help="How many matches each pair plays; colours alternate."),
    gauntlet: bool = typer.Option(False, "--gauntlet", help="The first engine against each other one (default: every pair)."),
    match: str = typer.Option("standard", "--match", help="single | standard | long | marathon"),
    tc: str | None = typer.Option(None, "--tc", metavar="S+INC", help="A clock: a match's seconds for each side + seconds added a move, e.g. 60+0.5."),
    movetime: int | None = typer.Option(None, "--movetime", min=1, metavar="MS", help="Time for each move and fill, in milliseconds (100 when no other limit is given)."),
    depth: int | None = typer.Option(None, "--depth", min=1, help="Search depth sent with each go."),
    nodes: int | None = typer.Option(None, "--nodes", min=1, help="Nodes sent with each go."),
    grace: int = typer.Option(250, "--grace", min=0, metavar="MS", help="Allowed past a time limit before an answer is late."),
    startup: float = typer.Option(10.0, "--startup", min=0.1, metavar="S", help="Seconds an engine has to start and answer 'kep'."),
    openings: str | None = typer.Option(None, "--openings", metavar="FILE", help="Openings, one position string or line of first moves a line; each played twice, colours swapped."),
    seed: int | None = typer.Option(None, "--seed", help="Shuffle the openings' order with this seed (repeatably). It reaches no engine: the built-in engine's choice of moves is seeded by its own --seed, in its command ('kamisado engine --seed 7')."),
    sprt: tuple[float, float, float, float] | None = typer.Option(
        None, "--sprt", metavar="ELO0 ELO1 ALPHA BETA", help="Stop when a sequential probability ratio test decides (two engines)."
    ),
    output: str | None = typer.Option(None, "-o", "--output", metavar="OUT.kmr", help="Write every match's record here as it ends."),
    debug: str | None = typer.Option(None, "--debug", metavar="FILE", help="Write every line sent to and read from the engines here."),
    jobs: int = typer.Option(1, "--jobs", min=1, max=MAX_JOBS, help="Matches played at once."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable summary."),
    no_color: bool = typer.Option(False, "--no-color", help="No colours."),
) -> None:
    """Play matches between engines speaking the engine protocol (two, a round robin or a
    gauntlet) and write their records."""
    from ..errors import ArgumentError, OutputError
    from ..play.arena import Traffic, read_openings, run_arena, schedule

    specs = _check(engines, match)
    try:
        test = _sprt(sprt, len(specs))
        opened = read_openings(openings) if openings is not None else []
        settings = _settings(match, tc, movetime=movetime, depth=depth, nodes=nodes, grace=grace, startup=startup)
    except ArgumentError as e:
        fail(str(e))
    err = console(stderr=True, no_color=no_color)
    inputs = _files_of(*(s.command for s in specs)) + [openings or ""]
    total = len(schedule(len(specs), games, gauntlet=gauntlet))
    try:
        writing = _output(output, inputs)
        tracing = _output(debug, [*inputs, output or ""])
        with writing as out, tracing as trace, _progress(err, total) as advance:
            written = [0]

            def on_match(outcome: MatchOutcome) -> None:
                if outcome.message:
                    err.print(f"match {outcome.number}: {outcome.message}", markup=False, highlight=False)
                if out is not None:
                    _write(out, outcome, first=not written[0])
                    written[0] += 1
                advance()

            with _stopped_by_signals() as signalled:
                result = run_arena(
                    specs, settings, games=games, jobs=jobs, gauntlet=gauntlet, openings=opened, seed=seed, sprt=test,
                    on_match=on_match, debug=Traffic(trace) if trace is not None else None,
                )  # fmt: skip
    except (OutputError, ArgumentError) as e:
        fail(str(e))
    _report(result, err, signalled, as_json=as_json, no_color=no_color)


def _settings(match: str, tc: str | None, *, movetime: int | None, depth: int | None, nodes: int | None, grace: int, startup: float) -> ArenaSettings:
    """The matches' settings the options give (``--tc`` read: :class:`ArgumentError`
    where it cannot be)."""
    from ..play.arena import ArenaSettings, parse_tc

    clock = parse_tc(tc) if tc is not None else None
    return ArenaSettings(
        match=match.strip().lower(), movetime_ms=_movetime(movetime, clock, depth, nodes), grace_ms=grace,
        startup_s=startup, tc=clock, depth=depth, nodes=nodes,
    )  # fmt: skip


def _report(result: ArenaResult, err: Console, signalled: list[int], *, as_json: bool, no_color: bool) -> None:
    """The arena's results, as JSON or a table; an exit status that says so when it was
    interrupted (by ``signalled[0]``, if a signal stopped it)."""
    if as_json:
        emit_json(result.json())
    else:
        _table(result, no_color=no_color)
    if result.interrupted:
        err.print(f"interrupted: {len(result.outcomes)} finished matches kept", markup=False)
        raise typer.Exit(128 + signalled[0] if signalled else EXIT_INTERRUPTED)


def _sprt(sprt: tuple[float, float, float, float] | None, engines: int) -> Sprt | None:
    """The test ``--sprt`` asks for, or ``None``; :class:`ArgumentError` unless two engines play."""
    from ..errors import ArgumentError
    from ..play.arena import Sprt

    test = Sprt(*sprt) if sprt is not None and None not in sprt else None
    if test is not None and engines != 2:
        raise ArgumentError("--sprt compares two engines")
    return test


def _movetime(movetime: int | None, *limits: object) -> int | None:
    """The move time: as given, or 100 ms when no limit is given at all."""
    return 100 if movetime is None and all(limit is None for limit in limits) else movetime


def _output(path: str | None, inputs: list[str]) -> AbstractContextManager[TextIO | None]:
    """The file ``path`` written safely (never onto ``inputs``), or nothing. What was
    written is kept whatever ends the arena: each match's record is written as the
    match ends, and a fault later loses none of them."""
    from ..io.output import open_output

    return open_output(path, inputs=[i for i in inputs if i], kept=True) if path is not None else nullcontext(None)


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


def _check(engines: list[str], match: str) -> list[EngineSpec]:
    """The engines (:meth:`~kamisado_notation.play.arena.EngineSpec.parse`); exit 2 for
    an unknown format, fewer than two engines, or a command that is empty, cannot be
    split, or names a program that is not there."""
    import shlex
    import shutil

    from ..engine.match import MATCH_TARGETS
    from ..errors import ArgumentError
    from ..play.arena import EngineSpec

    if match.strip().lower() not in MATCH_TARGETS:
        fail(f"unknown match format {match!r}: single, standard, long or marathon")
    if len(engines) < 2:
        fail("an arena needs two engines at least")
    specs = []
    for command in engines:
        try:
            spec = EngineSpec.parse(command)
        except ArgumentError as e:
            fail(str(e))
        program = shlex.split(spec.command)[0]
        if shutil.which(program) is None:
            fail(f"cannot run {program!r} (the engine {command!r}): no such program")
        specs.append(spec)
    return specs


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
    """Each engine's matches and rounds, and the ratings: with two engines the first's
    over the second, with more each one's over its opponents; the SPRT's state."""
    from rich.table import Table

    out = console(no_color=no_color)
    table = Table(title=f"{len(result.outcomes)} matches", title_justify="left")
    for name in ("engine", "command", "played", "matches won", "round points", "rounds won"):
        table.add_column(name, justify="left" if name in ("engine", "command") else "right")
    count = len(result.commands)
    for i in range(count):
        table.add_row(result.names[i], result.commands[i], str(result.played(i)), str(result.won(i)), str(result.points(i)), str(result.rounds(i)[0]))
    out.print(table)
    for line in _rating_lines(result):
        out.print(line, markup=False)
    if result.sprt is not None:
        out.print(_sprt_line(result, result.sprt), markup=False)


def _rating_lines(result: ArenaResult) -> list[str]:
    """The ratings, from the matches and from the rounds: with two engines the first's
    over the second, with more each one's over its opponents."""
    count = len(result.commands)
    lines = []
    for i in range(1 if count == 2 else count):
        who = "Elo difference (first - second)" if count == 2 else f"Elo of {result.names[i]} (over its opponents)"
        lines.append(f"{who}: {_rating(result.elo(i))} from matches, {_rating(result.elo_rounds(i))} from rounds")
    return lines


def _sprt_line(result: ArenaResult, test: Sprt) -> str:
    """The SPRT's state after ``result``: its parameters, the log-likelihood ratio
    between its bounds, and its verdict."""
    low, high = test.bounds
    verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[result.sprt_result]
    return (
        f"SPRT elo0 {test.elo0:g}, elo1 {test.elo1:g}, alpha {test.alpha:g}, beta {test.beta:g}: "
        f"LLR {result.llr:.2f} in [{low:.2f}, {high:.2f}]: {verdict}"
    )


def _rating(rating: tuple[float, float, float]) -> str:
    """``+191 [+22, +360]``: a rating and its 95% interval (``none`` without results)."""
    diff, low, high = rating
    return "none" if math.isnan(diff) else f"{diff:+.0f} [{low:+.0f}, {high:+.0f}]"


def _write(out: TextIO, outcome: MatchOutcome, *, first: bool) -> None:
    """One match's record, a blank line before all but the first (as the writer does)."""
    out.write(("" if first else "\n") + outcome.recorder.text())
    out.flush()


def engine(
    depth: int | None = typer.Option(None, "--depth", min=1, help="Search this many plies at most (default: as deep as the move time allows)."),
    level: str = typer.Option("search", "--level", help="search | random (random legal moves, for tests)."),
    seed: int | None = typer.Option(None, "--seed", help="Random seed: the moves of --level random; in a search, which of the moves within --variety of the best is played (repeatably; without one, a seed the system draws: each engine started plays its own games)."),
    variety: int | None = typer.Option(None, "--variety", metavar="POINTS", help="Play a move scored within this many points of the best, chosen by the seed: 0 the best only, at most 1000 (default 10; never a move below a proven result)."),
) -> None:
    """The toolkit's own engine, speaking the engine protocol on standard input and output."""
    from .. import __version__
    from ..errors import ArgumentError
    from ..play.builtin import serve
    from ..play.search import DEFAULT_VARIETY, Searcher

    try:
        searcher = Searcher(depth=depth, level=level, seed=seed, variety=DEFAULT_VARIETY if variety is None else variety)
    except ArgumentError as e:
        fail(str(e), code=EXIT_USAGE)
    what = "random" if level == "random" else f"depth {depth}" if depth else "alpha-beta"
    serve(searcher, name=f"kamisado-notation {__version__} ({what})", author="kamisado-notation", stdin=sys.stdin, stdout=sys.stdout)
