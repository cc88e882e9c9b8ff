"""``kamisado solve`` and ``kamisado analyze``: the solver on the command line (SPEC §12,
docs/analysis.md)."""

from __future__ import annotations

import sys

import typer

from .common import emit_json, read_position

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
    if answer.proven:
        turns = f"{answer.turns} turn{'s' if answer.turns != 1 else ''}"
        head = f"{who} {'wins' if answer.result == 'win' else 'loses'} in {turns}"
    else:
        head = f"unknown for {who} (searched {answer.depth} turns deep)"
    lines = [head]
    if answer.best is not None:
        lines.append(f"best: {answer.best.coords()} ({answer.best})")
    if answer.pv:
        lines.append("pv: " + " ".join(m.coords() for m in answer.pv))
    lines.append(f"{answer.nodes} nodes in {answer.seconds:.3f} s")
    sys.stdout.write("".join(line + "\n" for line in lines))
