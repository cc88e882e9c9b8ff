"""``kamisado moves``, ``kamisado perft`` and ``kamisado lineup POSITION``: the rules
engine on the command line, for engine authors and test harnesses."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

from ..display import printable
from ..notation.export import colour_name, side_name
from .common import EXIT_USAGE, console, emit_json, fail, is_plain, read_position, title_needs_svg, write_lines
from .draw import looks_like_position, record_point, refuse_input, report_invalid, save_terminal_svg, write_svg

if TYPE_CHECKING:  # loaded by the functions that need it: start-up time
    from rich.console import Console

    from ..drawing.svg import SquareText
    from ..engine.position import Move, Position


def moves(
    position: str | None = typer.Argument(
        None,
        metavar="[POSITION|FILE]",
        help="A position string (docs/notation.md §8), or a match record (.kmr or JSON) or a folder of them (an existing file wins); with none, one position per line on stdin.",
    ),
    match: int | None = typer.Option(None, "--match", "-m", min=1, help="With FILE: which match (default: the first)."),
    round_: int | None = typer.Option(None, "--round", "-r", min=1, help="With FILE: which round (default: the last one reached)."),
    ply: int | None = typer.Option(None, "--ply", "-p", min=0, help="With FILE: after how many entries of the round (default: all; 0 = the round's start)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    no_color: bool = typer.Option(False, "--no-color", help="No colours."),
    glyphs: bool = typer.Option(False, "--glyphs", help="Write the squares' Chinese characters instead of their codes."),
    svg: str | None = typer.Option(None, "--svg", metavar="OUT", help="Also write a vector drawing of the targets (SVG)."),
    title: str | None = typer.Option(None, "--title", metavar="TEXT", help="The heading of the --svg drawing (default: whose moves)."),
    terminal_svg: str | None = typer.Option(None, "--terminal-svg", metavar="OUT", help="Also save the terminal output as an SVG picture."),
) -> None:
    """The legal moves of the side to move, with a diagram of the targets.

    Of a position string, or of a record at a point (FILE --match M --round R --ply P, as
    show takes them): there, after a Sumo push, the next entry is the pushed player's
    back-entry, its only move.
    """
    _check_drawings(title, svg, terminal_svg, as_json=as_json, glyphs=glyphs, stdin=position is None)
    if position is None:
        _moves_of_lines(as_json=as_json, no_color=no_color, glyphs=glyphs)
        return
    drawing = _Drawing(as_json=as_json, no_color=no_color, glyphs=glyphs, svg=svg, title=title, terminal_svg=terminal_svg)
    if not os.path.exists(position) and looks_like_position(position):
        _refuse_file_options(match=match, round=round_, ply=ply)
        _print_position_moves(read_position(position), drawing)
        return
    refuse_input((svg, terminal_svg), position)
    point = record_point(position, match or 1, round_, ply, None)
    pos = point.round.position_at(point.ply)
    back = point.round.back_entry_due(point.ply)
    if back is not None:
        _print_back_entry(pos, back, drawing)
    else:
        _print_position_moves(pos, drawing)
    report_invalid(point.file, point.match_replay.diagnostics)


def _refuse_file_options(**given: int | None) -> None:
    """Exit 2 for an option of a FILE's point (``--match``, ``--round``, ``--ply``) given
    with a POSITION."""
    for name, value in given.items():
        if value is not None:
            fail(f"--{name} goes with a FILE, not a POSITION")


def _check_drawings(
    title: str | None, svg: str | None, terminal_svg: str | None, *, as_json: bool, glyphs: bool, stdin: bool
) -> None:
    """A usage error for a drawing's option that cannot be honoured: with ``--json``
    (which draws nothing), or for the positions of standard input (one drawing draws
    one position)."""
    title_needs_svg(title, svg)
    changes = _drawing_option(svg, terminal_svg, glyphs=glyphs)
    if as_json and changes is not None:
        fail(f"{changes} changes the drawing, which --json does not print")
    draws = _drawing_option(svg, terminal_svg)
    if stdin and draws is not None:
        fail(f"{draws} draws one position: give it as POSITION, not on standard input")


def _drawing_option(svg: str | None, terminal_svg: str | None, *, glyphs: bool = False) -> str | None:
    """The first option given that draws (``--svg``, ``--terminal-svg``) or changes the
    drawing (``--glyphs``); ``None`` when none is."""
    return "--svg" if svg is not None else "--terminal-svg" if terminal_svg is not None else "--glyphs" if glyphs else None


@dataclass(frozen=True)
class _Drawing:
    """How ``moves`` was asked to answer."""

    as_json: bool
    no_color: bool
    glyphs: bool
    svg: str | None
    title: str | None
    terminal_svg: str | None


def _print_position_moves(pos: Position, drawing: _Drawing) -> None:
    """The moves of ``pos``: as JSON, or the diagram and one line a move (and the drawings asked for)."""
    from ..notation.export import moves_json

    if drawing.as_json:
        emit_json(moves_json(pos))
        return
    out = console(no_color=drawing.no_color, record=drawing.terminal_svg is not None)
    _print_moves(pos, out, glyphs=drawing.glyphs)
    save_terminal_svg(out, drawing.terminal_svg)
    if drawing.svg is not None:
        from ..drawing import svg as vector

        write_svg(vector.moves(pos, square_text="glyphs" if drawing.glyphs else None, title=drawing.title), drawing.svg)


def _print_back_entry(pos: Position, back: Move, drawing: _Drawing) -> None:
    """After a Sumo push, the pushed player's one move: the push's back-entry (S3), as
    JSON (``moves`` holding it, ``back_entry`` true) or drawn with its squares marked."""
    from ..drawing.render import board_diagram
    from ..notation.export import move_json, moves_json

    if drawing.as_json:
        emit_json({**moves_json(pos), "to_move": side_name(back.side), "tower": colour_name(back.tower), "moves": [move_json(back)], "pass": False, "back_entry": True})
        return
    who = back.side.title
    status = [
        f"{who}'s turn is the push's back-entry (S3): the farthest pushed tower goes back one square, and {who} forfeits the turn.",
        f"1 legal entry: {back}  ({back.coords()})",
    ]
    out = console(no_color=drawing.no_color, record=drawing.terminal_svg is not None)
    out.print(board_diagram(pos, last_move=back, highlight_tower=-1, glyphs=drawing.glyphs, status=status))
    save_terminal_svg(out, drawing.terminal_svg)
    if drawing.svg is not None:
        from ..drawing import svg as vector

        title = drawing.title or f"{who}'s back-entry"
        square_text: SquareText | None = "glyphs" if drawing.glyphs else None
        write_svg(vector.board(pos, last_move=back, highlight_tower=-1, square_text=square_text, title=title, caption=status), drawing.svg)


def _moves_of_lines(*, as_json: bool, no_color: bool, glyphs: bool) -> None:
    """One answer per line of standard input, blank and unreadable lines included (an
    error line, or a JSON error object), so that answer N is about line N; exit 2 when
    any line was not a position."""
    from ..notation import input_lines
    from ..notation.export import moves_json

    bad = 0
    out = console(no_color=no_color)
    for number, text, unread in input_lines(sys.stdin.buffer):
        pos, problem = _line_position(text, unread)
        if pos is None:
            bad += 1
            sys.stderr.write(printable(f"kamisado: <stdin>:{number}: {problem}") + "\n")
            if as_json:
                emit_json({"position": text.strip(), "error": problem})
        elif as_json:
            emit_json(moves_json(pos))
        else:
            _print_moves(pos, out, glyphs=glyphs)
    if bad:
        raise typer.Exit(EXIT_USAGE)


def _line_position(text: str, problem: str | None) -> tuple[Position | None, str]:
    """The position a line of standard input writes, or ``None`` and why it writes
    none (``problem``: why the line itself could not be read)."""
    from ..notation.formats import parse_position

    if problem is not None:
        return None, problem
    if not text.strip():
        return None, "a blank line, not a position string"
    try:
        return parse_position(text.strip()), ""
    except ValueError as e:
        return None, f"bad position string: {e}"


def _print_moves(pos: Position, out: Console, *, glyphs: bool) -> None:
    """The diagram (which says whose turn it is, a forfeit, a deadlock or the end of the
    round), then one line per legal move; as plain lines when ``out`` has no styles."""
    from ..drawing.render import moves_diagram

    diagram = moves_diagram(pos, glyphs=glyphs)
    lines = [f"{m}  ({m.coords()}){_pushes(m.push)}" for m in pos.legal_moves()]
    if is_plain(out):
        write_lines([*diagram.plain_lines(out.width), *lines])
        return
    out.print(diagram)
    for line in lines:
        out.print(line)


def _coords(move: Move) -> str:
    """A move's coordinates for ``perft --divide``; a forfeit of a free choice (no
    tower named, so no square) is ``pass``."""
    return move.coords() if move.origin >= 0 else "pass"


def _pushes(squares: tuple[int, ...]) -> str:
    return f"  pushes {', '.join(_sq(s) for s in squares)}" if squares else ""


def _sq(sq: int) -> str:
    from ..engine.board import square_name

    return square_name(sq)


def perft(
    depth: int = typer.Argument(..., min=0, help="How many plies deep."),
    position: str | None = typer.Argument(None, help="A position string; the initial position by default."),
    divide: bool = typer.Option(False, "--divide", help="Also one 'FROM-TO COUNT' line per move, sorted (diffable with other engines)."),
) -> None:
    """Count the leaves of the move tree to DEPTH; the count is the last line. With
    --divide, first one line per move of the position: its coordinates (a push the
    pusher's own from-to, a forfeit the blocked tower's square twice), a space and the
    leaves below it, sorted by the move, so that two engines' outputs diff line by line."""
    from ..engine.perft import divide as divide_moves
    from ..engine.perft import perft as count
    from ..engine.position import Position

    pos = read_position(position) if position is not None else Position.initial()
    if divide and depth >= 1:
        sys.stdout.write(_divided(divide_moves(pos, depth)))
    else:
        sys.stdout.write(f"{count(pos, depth)}\n")


def _divided(parts: list[tuple[Move, int]]) -> str:
    """``perft --divide``'s output: a line for each move (``FROM-TO COUNT``), sorted, then
    the count of them all."""
    lines = sorted(f"{_coords(move)} {n}" for move, n in parts)
    return "".join(line + "\n" for line in lines) + f"{sum(n for _, n in parts)}\n"
