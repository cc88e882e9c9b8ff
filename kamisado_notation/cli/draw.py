"""``kamisado show``, ``kamisado replay`` and ``kamisado lineup``: diagrams of a record
at any point, step by step, and of the fill between rounds.

The diagrams go to stdout, diagnostics and messages to stderr. A record with errors is
still drawn as far as the replay reached, and the command exits 1; a file that cannot
be read, or a match, round or ply that is not there, exits 2. ``--svg`` writes a vector
drawing of the board (:mod:`kamisado_notation.drawing.svg`), ``--terminal-svg`` a picture of
the terminal output; neither is ever written over the record read (exit 2).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import typer

from ..drawing.words import counted
from .common import (
    ENCODING,
    EXIT_INVALID,
    EXIT_USAGE,
    FROM,
    checked_encoding,
    console,
    emit_json,
    fail,
    is_plain,
    read_position,
    record_files,
    refuse_onto,
    refuse_stdout_onto,
    say,
    title_needs_svg,
    write_file,
    write_lines,
)

if TYPE_CHECKING:  # loaded by the functions that need them: start-up time
    from rich.console import Console

    from ..checking.replay import RoundReplay
    from ..drawing.render import BoardDiagram

_NO_COLOR = typer.Option(False, "--no-color", help="No colours (also under NO_COLOR or in a pipe).")
_FLIP = typer.Option(False, "--flip", help="Black's view: rank 1 at the top.")
_JSON = typer.Option(False, "--json", help="Machine-readable output.")
_SVG = typer.Option(None, "--svg", metavar="OUT", help="Also write a vector drawing of the board (SVG).")
_TERMINAL_SVG = typer.Option(None, "--terminal-svg", metavar="OUT", help="Also save the terminal output as an SVG picture.")
_TITLE = typer.Option(None, "--title", metavar="TEXT", help="The heading of the --svg drawing (default: what it shows).")
_GLYPHS = typer.Option(False, "--glyphs", help="Write the squares' Chinese characters (紫, 黃 …) instead of their codes.")
_MATCH = typer.Option(1, "--match", "-m", min=1, help="Which match of the file or folder (1 = the first).")
_FILE_HELP = "A match record (.kmr, or its JSON form), or a folder of them: its records one after another, in name order."


# ----------------------------------------------------------------- reading a record


def _load(argument: str, match: int, encoding: str | None) -> tuple[str, Any]:
    """The match record ``match`` (1-based) of the record FILE ``argument`` — or of a
    folder's record files read one after another, in name order; in ``encoding`` when
    given — with the file it is in and its replay (whose diagnostics are the match's syntax
    errors and the rules', once each, in line order). Exit 2 when the file cannot be read
    or holds no such match; a file in a folder that cannot be read is said and passed over
    (its matches are not counted)."""
    try:
        from ..checking.matches import split_matches
        from ..checking.replay import replay_match
        from ..notation import RecordIOError
        from ..notation.files.opening import nth_match
    except ImportError as e:  # pragma: no cover - a partial build
        fail(f"reading records is not available in this build ({e})")
    codec = checked_encoding(encoding)
    paths = record_files([argument])
    refuse_stdout_onto(paths)
    folder = paths != [argument]
    seen = 0
    for path in paths:
        try:
            record, match_record, count = nth_match(path, match - seen, encoding=codec, split=split_matches)  # reads no further
        except RecordIOError as e:
            if not folder:
                fail(str(e))
            say(str(e))
            continue
        if match_record is not None:
            return path, replay_match(match_record)
        if not count and not folder:
            _report(record.path, record.errors)
            fail(f"{record.path}: the file holds no match", code=EXIT_INVALID)
        seen += count
    if not seen:
        fail(f"{argument}: the folder holds no match", code=EXIT_INVALID)
    fail(f"{argument} holds {counted(seen, 'match', 'matches')}, not {match}")


def _report(path: str, diagnostics: list[Any]) -> None:
    for d in diagnostics:
        sys.stderr.write(d.format(path) + "\n")


def _invalid(diagnostics: list[Any]) -> bool:
    """Errors make the record invalid (exit 1); warnings alone do not."""
    from ..diagnostics import has_error

    return has_error(diagnostics)


def _last_move(rnd: Any, ply: int) -> Any:
    """The move to highlight after ``ply`` entries (:func:`~kamisado_notation.drawing.svg.shown_move`)."""
    from ..drawing.svg import shown_move

    return shown_move(rnd, ply)


def _round_of(match_replay: Any, number: int | None, path: str, diagnostics: list[Any]) -> Any:
    rounds = list(match_replay.rounds)
    if not rounds:
        _report(path, diagnostics)
        fail(f"{path}: the record holds no round to draw", code=EXIT_INVALID if _invalid(diagnostics) else EXIT_USAGE)
    if number is None:
        return rounds[-1]
    for rnd in rounds:
        if rnd.number == number:
            return rnd
    numbers = ", ".join(str(r.number) for r in rounds)
    fail(f"{path}: no round {number} was replayed (rounds: {numbers})")


def _ply_of(rnd: Any, ply: int | None) -> int:
    n = len(rnd.plies)
    if ply is None:
        return n
    if not 0 <= ply <= n:
        fail(f"round {rnd.number} has plies 0 to {n}, not {ply}")
    return ply


def _score_at(match_replay: Any, rnd: Any, ply: int) -> dict[str, int]:
    """The score at the point shown: the rings a ``[Position]`` start carried, the points
    of the rounds before, and this round's points once the shown ply ends it."""
    from ..engine.board import Side
    from ..engine.match import score_of

    rounds = list(match_replay.rounds)
    score = score_of(rounds[0].start)
    for r in rounds:
        if r is rnd:
            if r.result is not None and ply == len(r.plies):
                score[r.result.winner] += r.result.points
            break
        if r.result is not None:
            score[r.result.winner] += r.result.points
    return {"black": score[Side.BLACK], "gold": score[Side.GOLD]}


@dataclass(frozen=True)
class RecordPoint:
    """A point of a record that ``show`` and ``moves`` take (``--match``, ``--round``,
    ``--ply``): the file it is in, the match's replay, the round, how many of its plies,
    and the first ply of the round played without a certain correction (a diagnostic),
    if any."""

    file: str
    match_replay: Any
    round: Any
    ply: int
    uncertain: Any


def record_point(file: str, match: int, round_: int | None, ply: int | None, encoding: str | None) -> RecordPoint:
    """The point of the record ``file`` (or folder) asked for; by default the end of the
    round reached. A point after a ply the replay played without a certain correction is
    moved back to the last sure one, before it (:meth:`MatchReplay.uncertain`): nothing
    after it is sure. Exit 2 when there is no such match, round or ply."""
    file, match_replay = _load(file, match, encoding)
    rnd = _round_of(match_replay, round_, file, match_replay.diagnostics)
    n = _ply_of(rnd, ply)
    uncertain = match_replay.uncertain(rnd)
    if uncertain is not None and n >= uncertain.ply:
        n = uncertain.ply - 1
    return RecordPoint(file, match_replay, rnd, n, uncertain)


def report_invalid(file: str, diagnostics: list[Any]) -> None:
    """The record's diagnostics on stderr; exit 1 when any is an error."""
    _report(file, diagnostics)
    if _invalid(diagnostics):
        raise typer.Exit(EXIT_INVALID)


def refuse_input(outputs: tuple[str | None, ...], source: str) -> None:
    """Exit 2 before anything is drawn when an output file is the input file (or a
    record file of the input folder), by any name (:mod:`kamisado_notation.io.output`)."""
    sources = record_files([source]) if os.path.isdir(source) else [source]
    for out in outputs:
        if out is not None:
            refuse_onto(out, sources)


def save_terminal_svg(out: Any, path: str | None) -> None:
    """The terminal output that ``out`` recorded (:func:`terminal_svg`), through the
    safe writer."""
    if path is not None:
        write_file(path, terminal_svg(out), inputs=[])


def terminal_svg(out: Console) -> str:
    """The terminal output that ``out`` recorded, as rich draws it (an SVG picture), but
    self-contained like ``--svg``: without rich's ``@font-face`` rules, which load the
    font from a public server whenever the picture is opened (the text is set in the
    viewer's own monospace font), and always an XML document: a character no XML
    document may hold is written as its escape (:func:`~kamisado_notation.display.printable`
    escapes those of a record already; this is the last guard)."""
    from rich._export_format import CONSOLE_SVG_FORMAT

    from ..display import printable

    local = re.sub(r"\s*@font-face \{\{.*?\}\}", "", CONSOLE_SVG_FORMAT, flags=re.DOTALL)
    svg: str = out.export_svg(title="kamisado", code_format=local)
    return _NOT_XML.sub(lambda m: printable(m.group()), svg)


#: The characters no XML 1.0 document may hold (the tab and line endings may: kept).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def write_svg(drawing: str, path: str) -> None:
    """Write a vector drawing through the safe writer; a write error is one line and exit 2."""
    write_file(path, drawing, inputs=[])


def _square_text(glyphs: bool) -> Any:
    return "glyphs" if glyphs else None


def _tty_width() -> int | None:
    """A terminal's own width; in a pipe, ``COLUMNS`` when set (capped:
    :func:`~.common.console`), else 100."""
    return None if sys.stdout.isatty() or os.environ.get("COLUMNS", "").isdigit() else 100


# ---------------------------------------------------------------------------- show


def show(
    file: str = typer.Argument(..., metavar="FILE|DIR", help=_FILE_HELP),
    match: int = _MATCH,
    round_: int | None = typer.Option(None, "--round", "-r", min=1, help="Which round (default: the last one reached)."),
    ply: int | None = typer.Option(None, "--ply", "-p", min=0, help="After how many entries of the round (default: all; 0 = the round's start)."),
    flip: bool = _FLIP,
    no_color: bool = _NO_COLOR,
    glyphs: bool = _GLYPHS,
    svg: str | None = _SVG,
    title: str | None = _TITLE,
    terminal_svg: str | None = _TERMINAL_SVG,
    as_json: bool = _JSON,
    from_: str | None = FROM,
    encoding: str | None = ENCODING,
) -> None:
    """The board at a point of a record (default: the end of the first match).

    Also prints the match's rounds, winners, points and running score.
    """
    from ..drawing.render import board_diagram, match_summary
    from ..drawing.svg import status_lines
    from ..notation.export import colour_name, move_json, side_name

    _not_with_json(as_json, svg=svg, terminal_svg=terminal_svg, flip=flip, glyphs=glyphs)
    title_needs_svg(title, svg)
    refuse_input((svg, terminal_svg), file)
    point = record_point(file, match, round_, ply, encoding)
    file, match_replay, rnd, n, uncertain = point.file, point.match_replay, point.round, point.ply, point.uncertain
    diagnostics = match_replay.diagnostics
    position = rnd.position_at(n)
    last = _last_move(rnd, n)
    back = rnd.back_entry_due(n)
    if as_json:
        out = {
            "position": position.to_string(),
            "to_move": side_name(position.to_move),
            "tower": colour_name(position.tower),
            "winner": side_name(position.winner),
            "match": match,
            "round": rnd.number,
            "ply": n,
            "last_move": move_json(last) if last is not None else None,
            "back_entry": move_json(back) if back is not None else None,
            "uncertain_ply": uncertain.ply if uncertain is not None else None,
            "score": _score_at(match_replay, rnd, n),
            "valid": not _invalid(diagnostics),
        }
        emit_json(out)
    else:
        out_console = console(no_color=no_color, record=terminal_svg is not None, width=_tty_width())
        out_console.print(match_summary(match_replay))
        heading = f"Match {match}, round {rnd.number}, after ply {n} of {len(rnd.plies)}"
        status = [*_uncertain_lines(rnd, uncertain, n), *status_lines(position, last, back_entry=back)]
        diagram = board_diagram(position, last_move=last, flip=flip, title=heading, glyphs=glyphs, status=status)
        out_console.print(diagram)
        save_terminal_svg(out_console, terminal_svg)
        if svg is not None:
            from ..drawing import svg as vector

            drawing = vector.board(
                position, last_move=last, flip=flip, title=title or heading, square_text=_square_text(glyphs), caption=status
            )
            write_svg(drawing, svg)
    report_invalid(file, diagnostics)


def _uncertain_lines(rnd: Any, uncertain: Any, shown: int) -> list[str]:
    """What a diagram of ``rnd`` after ``shown`` plies says when it stopped short of the
    ply ``uncertain`` (a diagnostic) names: the replay played that ply as written, with no
    certain correction, so the board after it would rest on a guess."""
    if uncertain is None or shown != uncertain.ply - 1:
        return []
    entry = rnd.plies[shown].entry
    written = f" ({entry.text}, line {uncertain.line})" if entry is not None and entry.text else ""
    said = f"ply {uncertain.ply}{written} has an error [{uncertain.rule}] with no certain correction"
    return [f"Stopped at the last sure position: {said}, so nothing after it is drawn."]


# -------------------------------------------------------------------------- replay


def replay(
    file: str = typer.Argument(..., metavar="FILE|DIR", help=_FILE_HELP),
    match: int = _MATCH,
    step: bool = typer.Option(False, "--step", help="Wait for Enter after each diagram (b and Enter: back one, q: stop)."),
    flip: bool = _FLIP,
    no_color: bool = _NO_COLOR,
    glyphs: bool = _GLYPHS,
    from_: str | None = FROM,
    encoding: str | None = ENCODING,
) -> None:
    """Step through a record: a diagram per entry, round by round."""
    from ..drawing.render import match_summary

    if step and file == "-":
        fail("--step reads its keys from standard input, so the record cannot come from it")
    file, match_replay = _load(file, match, encoding)
    diagnostics = match_replay.diagnostics
    out = console(no_color=no_color, width=_tty_width())
    if _stepped_through(out, match_replay, step=step, flip=flip, glyphs=glyphs):
        out.print(match_summary(match_replay))
    report_invalid(file, diagnostics)


def _stepped_through(out: Console, match_replay: Any, *, step: bool, flip: bool, glyphs: bool) -> bool:
    """A diagram for each entry of each round, in order (with ``step``, each waiting
    for a key: on, back, or quit); ``False`` when the user quit before the end."""
    steps = [(rnd, n) for rnd in match_replay.rounds for n in range(len(rnd.plies) + 1)]
    i = 0
    while i < len(steps):
        rnd, n = steps[i]
        _print_step(out, *_step(rnd, n, flip=flip, glyphs=glyphs))
        answer = _wait(first=i == 0) if step else "next"
        if answer == "quit":
            return False
        i = max(i - 1, 0) if answer == "back" else i + 1
    return True


def _step(rnd: Any, n: int, *, flip: bool, glyphs: bool) -> tuple[str, BoardDiagram]:
    """The heading and the diagram of round ``rnd`` after ``n`` entries (the legend
    under its start)."""
    from ..drawing.render import board_diagram
    from ..drawing.svg import status_lines

    entry = rnd.plies[n - 1].entry if n else None
    text = f" — {entry.text}" if entry is not None and entry.text else ""
    position, last = rnd.position_at(n), _last_move(rnd, n)
    status = status_lines(position, last, back_entry=rnd.back_entry_due(n))
    return f"Round {rnd.number}, ply {n}{text}", board_diagram(position, last_move=last, flip=flip, legend=n == 0, glyphs=glyphs, status=status)


def _print_step(out: Console, heading: str, diagram: BoardDiagram) -> None:
    """One step of ``replay``: a rule with the heading, then the diagram; as plain lines
    when ``out`` has no styles (a pipe), else through rich."""
    if is_plain(out):
        from ..drawing.render import plain_rule

        write_lines([plain_rule(heading, out.width), *diagram.plain_lines(out.width)])
        return
    from rich.rule import Rule

    out.print(Rule(heading))
    out.print(diagram)


def _wait(*, first: bool) -> str:
    """Wait for a key and Enter: ``"next"`` (Enter alone), ``"back"`` (``b`` or ``p``:
    the diagram before, again), or ``"quit"`` (``q``, or the end of the input). A line
    that is not UTF-8 is said on stderr and counts as Enter; a line is read a megabyte at
    most at a time."""
    from ..notation import MAX_LINE

    sys.stdout.write("[Enter: next, q: quit] " if first else "[Enter: next, b: back, q: quit] ")
    sys.stdout.flush()
    line = sys.stdin.buffer.readline(MAX_LINE)
    if not line:
        return "quit"
    try:
        answer = line.decode("utf-8").strip().lower()
    except UnicodeDecodeError:
        sys.stderr.write("kamisado: the answer is not UTF-8; taken as Enter\n")
        return "next"
    return "quit" if answer in ("q", "quit") else "back" if answer in ("b", "back", "p") else "next"


def _not_with_json(as_json: bool, **options: object) -> None:
    """Exit 2 naming an option given with ``--json`` that only changes a drawing."""
    for name, value in options.items():
        if as_json and value not in (None, False):
            fail(f"--{name.replace('_', '-')} changes the drawing, which --json does not print")


# -------------------------------------------------------------------------- lineup


def looks_like_position(text: str) -> bool:
    """A position string has '/'-separated ranks and space-separated fields; an existing
    file of that name wins (checked by the caller)."""
    return "/" in text and " " in text.strip()


def lineup(
    source: str = typer.Argument(..., metavar="FILE|DIR|POSITION", help="A match record (.kmr or JSON), a folder of them, or a position string (the end of a round)."),
    round_: int | None = typer.Option(None, "--round", "-r", min=1, help="With FILE: the round whose lineups to draw."),
    fill_: str | None = typer.Option(None, "--fill", help="With POSITION: left or right."),
    match: int | None = typer.Option(None, "--match", "-m", min=1, help="With FILE: which match of the file (1 = the first)."),
    flip: bool = _FLIP,
    no_color: bool = _NO_COLOR,
    glyphs: bool = _GLYPHS,
    svg: str | None = _SVG,
    title: str | None = _TITLE,
    terminal_svg: str | None = _TERMINAL_SVG,
    as_json: bool = _JSON,
    from_: str | None = FROM,
    encoding: str | None = ENCODING,
) -> None:
    """The round-start lineups with each tower's fill order (rulebook figures 7(b)–7(g)).

    FILE --round R draws the fill before round R of a record; POSITION --fill left|right
    fills from a position string (the end of a round). An existing file wins.
    """
    from ..notation.export import lineup_json

    _not_with_json(as_json, svg=svg, terminal_svg=terminal_svg, flip=flip, glyphs=glyphs)
    title_needs_svg(title, svg)
    how = _fill_option(fill_)
    out = console(no_color=no_color, record=terminal_svg is not None, width=_tty_width())
    drawing = _Drawing(flip, glyphs, svg, terminal_svg, title)
    is_position = not os.path.exists(source) and looks_like_position(source)
    _lineup_mode(is_position, fill=how, round=round_, match=match)
    if is_position:
        position = read_position(source)
        if as_json:
            emit_json(lineup_json(position, how))
        else:
            _draw_lineup(out, position, how, drawing)
        return
    match = match or 1
    refuse_input((svg, terminal_svg), source)
    source, match_replay = _load(source, match, encoding)
    diagnostics = match_replay.diagnostics
    rnd = _round_of(match_replay, round_, source, diagnostics)
    if as_json:
        emit_json(_round_lineup_json(rnd, match))
    else:
        _draw_round_lineup(out, list(match_replay.rounds), rnd, drawing)
    _report(source, diagnostics)
    if _invalid(diagnostics):
        raise typer.Exit(EXIT_INVALID)


def _draw_round_lineup(out: Any, rounds: list[RoundReplay], rnd: RoundReplay, drawing: _Drawing) -> None:
    """The lineups of ``rnd``, one of a match's ``rounds``: the fill from the end of the
    round before it, or its start where that is all there is to draw (the first round,
    or a fill not known)."""
    index = rounds.index(rnd)
    if index == 0 or rnd.fill is None:
        _draw_lineup(out, rnd.start, None, drawing, round_number=rnd.number)
    else:
        _draw_lineup(out, rounds[index - 1].position_at(), rnd.fill, drawing, round_number=rnd.number)


def _lineup_mode(is_position: bool, **options: object) -> None:
    """Exit 2 when an option of ``lineup`` does not go with a POSITION (``--round``,
    ``--match``) or with a FILE (``--fill``: a record's rounds say their own), or one that
    is needed is missing."""
    needed, unwanted = ("fill", ("round", "match")) if is_position else ("round", ("fill",))
    what = "a POSITION" if is_position else "a FILE"
    for name in unwanted:
        if options[name] is not None:
            fail(f"--{name} does not go with {what}")
    if options[needed] is None:
        fail(f"with {what}, say " + ("--fill left or --fill right" if is_position else "which round: --round R"))


def _fill_option(text: str | None) -> Any:
    """``--fill``: a :class:`Fill`, ``None`` when not given; exit 2 on anything else."""
    from ..engine.match import Fill

    if text is None:
        return None
    try:
        return Fill(text.strip().lower())
    except ValueError:
        fail(f"--fill is left or right, not {text!r}")


@dataclass(frozen=True)
class _Drawing:
    """How the drawing commands were asked to draw."""

    flip: bool
    glyphs: bool
    svg: str | None
    terminal_svg: str | None
    title: str | None = None


def _draw_lineup(out: Any, position: Any, how: Any, drawing: _Drawing, *, round_number: int | None = None) -> None:
    """The fill ``how`` after the round that ended in ``position`` (with no fill: the
    start ``position`` of round ``round_number``), in the terminal and as asked in files."""
    from ..drawing import svg as vector
    from ..drawing.render import board_diagram, lineup_diagram

    flip, glyphs, svg = drawing.flip, drawing.glyphs, drawing.svg
    square_text = _square_text(glyphs)
    title = f"Round {round_number} starts:"
    if how is None:
        out.print(board_diagram(position, highlight_tower=-1, flip=flip, title=title, glyphs=glyphs))
    else:
        out.print(lineup_diagram(position, how, flip=flip, glyphs=glyphs, round_number=round_number))
    save_terminal_svg(out, drawing.terminal_svg)
    if svg is None:
        return
    if how is None:
        title = drawing.title or title
        write_svg(vector.board(position, highlight_tower=-1, flip=flip, title=title, square_text=square_text), svg)
    else:
        figure = vector.lineup(position, how, round_number=round_number, flip=flip, square_text=square_text, title=drawing.title)
        write_svg(figure, svg)


def _round_lineup_json(rnd: Any, match: int) -> dict[str, object]:
    """The lineups a record's round starts with, from each player's own left."""
    from ..engine.board import Side
    from ..notation.export import colour_name

    # null where the home square holds none of his towers (a round from a [Position] header)
    lineups = {
        side.name.lower(): [colour_name(t.colour) if t is not None and t.side is side else None for t in _home_row(rnd.start, side)]
        for side in Side
    }
    return {
        "position": rnd.start.to_string(),
        **lineups,
        "match": match,
        "round": rnd.number,
        "fill": rnd.fill.value if rnd.fill is not None else None,
    }


def _home_row(start: Any, side: Any) -> list[Any]:
    """``side``'s home row in ``start``, from his own left (the Brown square)."""
    from ..engine.match import HOME_SQUARES

    return [start.tower_at(sq) for sq in HOME_SQUARES[side]]
