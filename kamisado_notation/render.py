"""Board diagrams in the terminal (rich): positions, a tower's moves, the fill between
rounds, and a match's summary table.

Every diagram reads completely without colour, for colour-blind players, ``NO_COLOR``
and pipes: each cell writes its square's colour code (``Or`` ``Bl`` ``Pu`` …, SPEC §2),
a tower is a side mark plus its colour letter (``●o`` Black's orange — filled mark,
lowercase; ``○O`` Gold's orange — hollow mark, uppercase) with one ``+`` per Sumo ring,
and the marks around a cell (``[ ]`` ``( )`` ``> <`` ``{ }`` ``*``) say what happened
there. Colour only repeats that: the squares carry the board's own colours and the towers
stand on them as black or gold chips.

A cell is nine characters: ``L`` mark, side mark, letter, three ring slots, the square's
code, ``R`` mark — ``[●p++ Ye]`` is Black's purple Double Sumo that has just moved
onto a yellow square.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from .board import SQUARE_COLOURS, Colour, Side, square_name
from .match import Fill, fill_order, lineup, score_of
from .position import RING_NAMES, Move, Position

if TYPE_CHECKING:  # the replay is only read, never built, here
    from .replay import MatchReplay

__all__ = [
    "LEGEND",
    "SQUARE_CODES",
    "SQUARE_STYLES",
    "board_diagram",
    "lineup_diagram",
    "match_summary",
    "moves_diagram",
    "status_line",
    "tower_mark",
]

#: The two-letter colour codes of SPEC §2, written in every cell.
SQUARE_CODES = ("Br", "Gr", "Re", "Ye", "Pi", "Pu", "Bl", "Or")

# Close to the printed board's colours; light squares take dark text.
_SQUARE_HEX = ("#7b4a26", "#2e8b4a", "#c8202f", "#f0c419", "#f29cc0", "#7a3f9d", "#2660b8", "#f0842a")
_DARK_TEXT = {Colour.YELLOW, Colour.PINK, Colour.ORANGE}

#: ``SQUARE_STYLES[colour]``: the style of an empty square of that colour.
SQUARE_STYLES = tuple(
    Style(bgcolor=hexcode, color="#1a1a1a" if Colour(i) in _DARK_TEXT else "#f2f2f2")
    for i, hexcode in enumerate(_SQUARE_HEX)
)
# The towers are black and gold chips standing on the squares.
_TOWER_STYLES = {
    Side.BLACK: Style(color="#f5f5f5", bgcolor="#111111", bold=True),
    Side.GOLD: Style(color="#111111", bgcolor="#d9a521", bold=True),
}
_SIDE_MARKS = {Side.BLACK: "●", Side.GOLD: "○"}
_MARK_STYLE = Style(bold=True)

#: What the marks mean; printed under every diagram (two lines, each under 80 columns).
LEGEND = (
    "●x Black tower (lowercase)  ○X Gold tower (UPPERCASE)  + Sumo ring  Or square\n"
    "> < to move  [ ] moved to  ( ) from  { } pushed  = = blocked  * can go"
)


def tower_mark(side: Side, colour: Colour, rings: int = 0) -> str:
    """How a tower is written in a cell: ``●p``, ``○P+++``."""
    letter = colour.letter.lower() if side is Side.BLACK else colour.letter
    return _SIDE_MARKS[side] + letter + "+" * rings


def _files(flip: bool) -> list[int]:
    return list(range(7, -1, -1)) if flip else list(range(8))


def _ranks(flip: bool) -> list[int]:
    return list(range(8)) if flip else list(range(7, -1, -1))


def _file_line(flip: bool) -> Text:
    line = Text("   ")
    for f in _files(flip):
        line.append(f"    {'abcdefgh'[f]}    ")
    return line


def board_diagram(
    position: Position,
    *,
    last_move: Move | None = None,
    flip: bool = False,
    targets: Iterable[int] = (),
    highlight_tower: int | None = None,
    pushed: Iterable[int] = (),
    labels: Mapping[int, str] | None = None,
    title: str | None = None,
    legend: bool = True,
) -> RenderableType:
    """The 8×8 board of ``position``, files a–h and ranks 1–8 around it, rank 8 at the top
    (Gold's view); ``flip`` puts rank 1 at the top (Black's view).

    ``last_move`` marks its origin ``( )`` and target ``[ ]`` (for a push, the pushed
    towers ``{ }`` too); ``targets`` are squares marked ``*`` (where a tower can go);
    ``highlight_tower`` is the square of the tower to move, marked ``> <`` — by default
    the tower the position says must move (T2); ``-1`` marks none. ``pushed`` squares
    are marked ``{ }``. ``labels`` put one character in front of a square's tower (the
    fill order numbers of figures 7(b)–7(g)). Under the board: the last move, whose turn
    it is and which tower must move (or how the round ended), then the legend.
    """
    targets = set(targets)
    pushed = set(pushed)
    if last_move is not None and last_move.push:
        step = 8 if last_move.side is Side.GOLD else -8
        pushed |= {sq + step for sq in last_move.push}  # where they stand now
    if highlight_tower is None and position.tower is not None and position.winner is None:
        highlight_tower = position.square_of(position.to_move, position.tower)
    labels = labels or {}
    lines: list[Text] = []
    if title:
        lines.append(Text(title, style="bold"))
    lines.append(_file_line(flip))
    for r in _ranks(flip):
        line = Text(f" {r + 1} ")
        for f in _files(flip):
            sq = r * 8 + f
            line.append_text(_cell(position, sq, last_move, targets, highlight_tower, pushed, labels.get(sq)))
        line.append(f" {r + 1}")
        lines.append(line)
    lines.append(_file_line(flip))
    lines.append(Text(status_line(position, last_move)))
    if legend:
        lines.append(Text(LEGEND, style="dim"))
    return Group(*lines)


def _cell(
    position: Position,
    sq: int,
    last_move: Move | None,
    targets: set[int],
    highlight: int | None,
    pushed: set[int],
    label: str | None,
) -> Text:
    colour = SQUARE_COLOURS[sq]
    base = SQUARE_STYLES[colour]
    left, right = " ", " "
    # One pair of marks per cell; the most telling wins (the status line says the rest).
    if last_move is not None and not last_move.is_forfeit and sq == last_move.target:
        left, right = "[", "]"
    elif sq in pushed:
        left, right = "{", "}"
    elif sq == highlight:
        left, right = ">", "<"
    elif last_move is not None and not last_move.is_forfeit and sq == last_move.origin:
        left, right = "(", ")"
    elif last_move is not None and last_move.is_forfeit and sq == last_move.origin:
        left, right = "=", "="  # the blocked tower that forfeited (M6)
    if label is not None:
        left = label[:1]
    text = Text(left, style=base + _MARK_STYLE)
    tower = position.tower_at(sq)
    if tower is not None:
        mark = tower_mark(tower.side, tower.colour, tower.rings)
        text.append(mark, style=base + _TOWER_STYLES[tower.side])
        text.append(" " * (5 - len(mark)), style=base)
    elif sq in targets:
        text.append("  *  ", style=base + _MARK_STYLE)
    else:
        text.append("     ", style=base)
    text.append(SQUARE_CODES[colour], style=base)
    text.append(right, style=base + _MARK_STYLE)
    return text


def status_line(position: Position, last_move: Move | None = None) -> str:
    """Whose turn it is and which tower must move, or how the round ended: one sentence
    a line."""
    parts = []
    if last_move is not None:
        parts.append(f"Last move: {_describe(last_move)}.")
    if position.winner is not None:
        parts.append(f"{position.winner.title} has reached the home row and wins the round (M7).")
        return "\n".join(parts)
    side = position.to_move
    if position.tower is None:
        parts.append(f"{side.title} to move, any tower (T1).")
    else:
        sq = position.square_of(side, position.tower)
        t = position.tower_at(sq)
        kind = RING_NAMES[t.rings] if t is not None and t.rings else "tower"
        parts.append(
            f"{side.title} to move: the {position.tower.name.lower()} {kind} on {square_name(sq)} (T2)."
        )
    if not position.has_moves():
        loser = position.deadlock()
        if loser is not None:
            parts.append(f"Deadlock (M8): {loser.title} made the last move and loses the round.")
        else:
            parts.append("It is blocked and forfeits the turn (M6).")
    return "\n".join(parts)


def _describe(move: Move) -> str:
    if move.is_forfeit:
        return f"{move.side.title} forfeits, {move} (M6)"
    text = f"{move.side.title} {move} ({move.coords()})"
    if move.push:
        n = len(move.push)
        text += f", a Sumo push of {n} tower{'s' if n > 1 else ''}"
    return text


def moves_diagram(position: Position, *, flip: bool = False) -> RenderableType:
    """The tower to move and every square it can reach (``*``), as in the rulebook's
    figures 1(a) and 2(b); a Sumo push marks the towers it would push ``{ }``. With a
    free choice of tower (T1) every tower's targets are marked."""
    moves = position.legal_moves()
    targets = {m.target for m in moves if not m.push}
    pushed = {sq for m in moves for sq in m.push}
    title = f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}"
    return board_diagram(position, flip=flip, targets=targets, pushed=pushed, title=title)


def lineup_diagram(position: Position, fill: Fill, *, flip: bool = False) -> RenderableType:
    """Filling the home rows ``fill`` after the round that ended in ``position`` (F1–F4),
    as in the rulebook's figures 7(b)–7(g): the board with each tower numbered in the
    order its owner takes it, then the lineups and the next round's start."""
    from .export import round_start, with_ring

    start = round_start(position, fill)
    position = with_ring(position)  # the winner's ring goes on before the fill
    labels: dict[int, str] = {}
    for side in Side:
        for n, t in enumerate(fill_order(position, side, fill), 1):
            labels[position.square_of(side, t.colour)] = str(n)
    how = fill.value
    parts: list[RenderableType] = [
        board_diagram(
            position,
            flip=flip,
            labels=labels,
            highlight_tower=-1,
            title=f"Fill from the {how}: each player takes his towers in the numbered order (F3/F4)",
            legend=False,
        )
    ]
    for side in Side:
        row = lineup(position, side, fill)
        span = "h8→a8" if side is Side.BLACK else "a1→h1"
        names = " ".join(t.colour.title + "+" * t.rings for t in row)
        parts.append(Text(f"{side.title}'s lineup, {span} (his left to right): {names}"))
    parts.append(
        board_diagram(start, flip=flip, highlight_tower=-1, title="The next round starts:")
    )
    return Group(*parts)


def match_summary(match_replay: MatchReplay, *, title: str | None = None) -> Table:
    """A table of the match's rounds: fill, winner, how, the tower that took the ring,
    points and the running score."""
    table = Table(title=title or _match_title(match_replay), title_justify="left")
    for name, justify in (
        ("Round", "right"),
        ("Fill", "left"),
        ("Plies", "right"),
        ("Winner", "left"),
        ("By", "left"),
        ("Tower", "left"),
        ("Points", "right"),
        ("Score B–G", "center"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    black = gold = 0
    if match_replay.rounds:  # a [Position] start may carry rings: the rings are points
        start = score_of(match_replay.rounds[0].start)
        black, gold = start[Side.BLACK], start[Side.GOLD]
    for rnd in match_replay.rounds:
        result = rnd.result
        if result is not None:
            if result.winner is Side.BLACK:
                black += result.points
            else:
                gold += result.points
            winner, by = result.winner.title, result.by
            tower = tower_mark(result.winner, result.tower) + " " + result.tower.title
            points = str(result.points)
        else:
            winner, by, tower, points = "—", "in progress" if not rnd.stopped else "stopped", "", ""
        table.add_row(
            str(rnd.number),
            rnd.fill.value if rnd.fill is not None else "",
            str(len(rnd.plies)),
            winner,
            by,
            tower,
            points,
            f"{black}–{gold}",
        )
    return table


def _score_pair(score: Mapping[Any, int]) -> tuple[int, int]:
    def get(side: Side) -> int:
        for key in (side, side.name.lower(), side.value):
            if key in score:
                return int(score[key])
        return 0

    return get(Side.BLACK), get(Side.GOLD)


def _match_title(match_replay: MatchReplay) -> str:
    black, gold = _score_pair(getattr(match_replay, "score", {}) or {})
    target = getattr(match_replay, "target", None)
    winner = getattr(match_replay, "winner", None)
    status = getattr(match_replay, "status", "")
    record = getattr(match_replay, "record", None)
    names = {}
    for side in Side:
        name = record.header(side.title) if record is not None else None
        if side is Side.GOLD and name is None and record is not None:
            name = record.header("White")  # editions that call Gold "White"
        names[side] = f"{side.title} ({name})" if name else side.title
    text = (
        f"Match to {target} point{'s' if target != 1 else ''}: "
        f"{names[Side.BLACK]} {black} – {names[Side.GOLD]} {gold}"
    )
    if winner is not None:
        text += f", {winner.title} wins"
    elif status:
        text += f", {status}"
    return text
