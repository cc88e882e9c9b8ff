"""Board diagrams as vector drawings (SVG), as the rulebook draws them: a square board in
its eight colours, each tower a round piece in its colour on a black or gold body with
its Sumo rings, an arrow for the last move.

The drawings are self-contained: plain SVG 1.1 elements with presentation attributes,
no scripts, no stylesheets, no external fonts or addresses (text asks for the generic
``sans-serif`` family). They read without colour too: every tower carries its colour
letter, the marks are shapes (an arrow, a ring, a barred circle, dots, corner wedges),
and the squares can carry their colour codes or the board's Chinese characters.

Also here, because the terminal diagrams (:mod:`kamisado_notation.drawing.render`) draw the same
things: the square codes and glyphs of docs/notation.md §4, what a diagram marks
(:func:`marks`) and the sentences under it (:func:`status_lines`). This module imports
only the domain; importing it installs ``_repr_svg_`` on :class:`Position` and
:class:`RoundReplay` so that a notebook draws them (the package imports it by itself
when IPython is running).

    >>> from kamisado_notation.engine.position import Position
    >>> board(Position.initial()).startswith("<svg")
    True
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal
from xml.sax.saxutils import escape, quoteattr

from ..engine.board import SQUARE_COLOURS, Colour, Side, square_name
from ..engine.match import Fill, fill_order
from ..engine.match import lineup as lineup_of
from ..engine.position import RING_NAMES, Move, Position, Tower
from .words import counted

if TYPE_CHECKING:  # only read, never built, here
    from ..checking.replay import RoundReplay

__all__ = [
    "SQUARE_CODES",
    "SQUARE_FILLS",
    "SQUARE_GLYPHS",
    "BoardPieces",
    "Marks",
    "Placed",
    "Svg",
    "blocked_towers",
    "board",
    "board_pieces",
    "fill_heading",
    "fill_marks",
    "lineup",
    "marks",
    "moves",
    "moves_marks",
    "placed_marks",
    "round_board",
    "shown_move",
    "status_lines",
    "tower_pieces",
]

#: The two-letter colour codes of docs/notation.md §4, by :class:`Colour`.
SQUARE_CODES = ("Br", "Gr", "Re", "Ye", "Pi", "Pu", "Bl", "Or")
#: The board's Chinese characters (docs/notation.md §4), printed on the reverse side of the real
#: board for colour-blind players.
SQUARE_GLYPHS = ("棕", "綠", "紅", "黃", "粉", "紫", "藍", "橙")
#: The squares' colours, close to the printed board.
SQUARE_FILLS = ("#7a4a24", "#1f9a4a", "#d42a2a", "#f4cf1a", "#ef8fbb", "#7c3b9e", "#2462c2", "#f07c1c")
# Colours on which dark text reads better than light.
_LIGHT = frozenset({Colour.YELLOW, Colour.PINK, Colour.ORANGE})

SquareText = Literal["codes", "glyphs"]


# ------------------------------------------------------------ what a diagram marks


@dataclass(frozen=True)
class Marks:
    """What a diagram marks besides the towers: the last move's ``origin`` and
    ``target``, the ``pushed`` towers (where they stand now, or would be pushed from),
    the tower ``to_move``, ``blocked`` towers (a forfeit, a deadlock), ``reachable``
    squares and ``labels`` (the fill order of figures 7(b)–7(g))."""

    origin: int | None = None
    target: int | None = None
    pushed: frozenset[int] = frozenset()
    to_move: int | None = None
    blocked: frozenset[int] = frozenset()
    reachable: frozenset[int] = frozenset()
    labels: Mapping[int, str] = field(default_factory=dict)
    last_move: Move | None = None


def blocked_towers(position: Position) -> list[int]:
    """The squares of the towers that cannot move: the tower that must forfeit (M6),
    or in a deadlock (M8) every tower in the chain of forced forfeits."""
    if position.winner is not None or position.tower is None or position.has_moves():
        return []
    if position.deadlock() is None:
        return [position.square_of(position.to_move, position.tower)]
    return _forfeit_chain(position, position.tower)


def _forfeit_chain(position: Position, colour: Colour) -> list[int]:
    """The squares of the towers in a deadlock's chain of forced forfeits, from the side
    to move's ``colour`` tower on (the board does not change while towers forfeit:
    :meth:`Position.deadlock`)."""
    side = position.to_move
    squares: list[int] = []
    while True:
        sq = position.square_of(side, colour)
        if sq in squares:
            return squares
        squares.append(sq)
        side, colour = side.other, SQUARE_COLOURS[sq]


def marks(
    position: Position,
    *,
    last_move: Move | None = None,
    targets: Iterable[int] = (),
    pushed: Iterable[int] = (),
    highlight_tower: int | None = None,
    labels: Mapping[int, str] | None = None,
) -> Marks:
    """The marks of a diagram of ``position``. ``last_move`` marks its origin and
    target, and for a push the pushed towers where they stand now; a forfeit marks its
    tower blocked. ``highlight_tower`` is the square of the tower to move: by default
    the tower the position says must move (T2); ``-1`` marks none. A tower that cannot
    move is marked blocked rather than to move, and so are a deadlock's towers."""
    origin, target, stopped, moved = _last_move_marks(last_move)
    now_pushed = set(pushed) | moved
    blocked = set(blocked_towers(position)) | stopped
    to_move = _tower_to_move(position, highlight_tower, blocked)
    return Marks(
        origin=origin,
        target=target,
        pushed=frozenset(now_pushed),
        to_move=to_move,
        blocked=frozenset(blocked),
        reachable=frozenset(targets),
        labels=dict(labels or {}),
        last_move=last_move,
    )


def _last_move_marks(move: Move | None) -> tuple[int | None, int | None, set[int], set[int]]:
    """What the last move marks: its origin and target (a forfeit: none, but its tower
    blocked), the tower it left blocked, and the towers it pushed where they stand now."""
    if move is None:
        return None, None, set(), set()
    step = 8 if move.side is Side.GOLD else -8
    pushed = {sq + step for sq in move.push}
    if move.is_forfeit:
        return None, None, {move.origin} if move.origin >= 0 else set(), pushed
    return move.origin, move.target, set(), pushed


def status_lines(position: Position, last_move: Move | None = None, *, back_entry: Move | None = None) -> list[str]:
    """What the diagram says under the board, one sentence a line: the last move, then
    whose turn it is and which tower must move, or how the round ended. ``back_entry``
    is the push's back-entry to be written next (:meth:`RoundReplay.back_entry_due`):
    said before the turn it comes before.

    >>> from kamisado_notation import read_record, replay_match
    >>> rnd = replay_match(read_record("samples/pushes.kmr").matches[0]).rounds[0]
    >>> for line in status_lines(rnd.position_at(1), rnd.last_move(1), back_entry=rnd.back_entry_due(1)):
    ...     print(line)
    Last move: Black Blue Forward 1 Brown (e6-e5), a Sumo push of 2 towers.
    Next entry: Gold's back-entry, Pink Back 1 Red (e4-e3): the farthest pushed tower back one square; Gold forfeits the turn (S3).
    Then Black to move: the red tower on f8 (T2).
    """
    lines = []
    if last_move is not None:
        lines.append(f"Last move: {_describe(last_move)}.")
    if back_entry is not None and position.winner is None:
        who = back_entry.side.title
        lines.append(
            f"Next entry: {who}'s back-entry, {back_entry} ({back_entry.coords()}): the farthest pushed tower"
            f" back one square; {who} forfeits the turn (S3)."
        )
        turn = _turn_lines(position)
        return [*lines, f"Then {turn[0]}", *turn[1:]]
    return lines + _turn_lines(position)


def _turn_lines(position: Position) -> list[str]:
    """Whose turn it is and which tower must move, or how the round ended."""
    if position.winner is not None:
        return [f"{position.winner.title} has reached the home row and wins the round (M7)."]
    loser = None if position.has_moves() else position.deadlock()
    if loser is not None:
        stuck = [_tower_on(position, sq) for sq in blocked_towers(position)]
        names = ", ".join(stuck[:-1]) + " and " + stuck[-1] if len(stuck) > 1 else stuck[0]
        return [f"Deadlock (M8): {names} can never move.", f"{loser.title} made the last move and loses the round."]
    return _to_move_lines(position)


def _to_move_lines(position: Position) -> list[str]:
    """Whose turn it is and which tower must move (T1, T2), and whether it is blocked (M6)."""
    side = position.to_move
    if position.tower is None:
        return [f"{side.title} to move, any tower (T1)."]
    sq = position.square_of(side, position.tower)
    t = position.tower_at(sq)
    kind = RING_NAMES[t.rings] if t is not None and t.rings else "tower"
    lines = [f"{side.title} to move: the {position.tower.name.lower()} {kind} on {square_name(sq)} (T2)."]
    if not position.has_moves():
        lines.append("It is blocked and forfeits the turn (M6).")
    return lines


def moves_marks(position: Position) -> tuple[Marks, str]:
    """The marks of a diagram of the moves of ``position`` and its title: every square
    the tower to move can reach, a push's target too (under the nearest pushed tower),
    and the towers a push would push (rulebook figures 1(a), 2(b))."""
    legal = position.legal_moves()
    m = marks(position, targets={m.target for m in legal}, pushed={sq for m in legal for sq in m.push})
    return m, counted(len(legal), "legal move")


def fill_marks(position: Position, how: Fill) -> tuple[Position, Marks, Position]:
    """Filling ``how`` after the round that ended in ``position`` (F1–F4, figures
    7(b)–7(g)): that position with the winner's ring on, its marks (each tower numbered
    in the order its owner takes it), and the next round's start."""
    from ..notation.export import round_start, with_ring

    ended = with_ring(position)
    labels: dict[int, str] = {}
    for side in Side:
        for n, t in enumerate(fill_order(ended, side, how), 1):
            labels[ended.square_of(side, t.colour)] = str(n)
    return ended, marks(ended, highlight_tower=-1, labels=labels), round_start(position, how)


def fill_heading(how: Fill, round_number: int | None) -> tuple[str, str]:
    """Which round a fill is for (``"Round 3"``, or ``"The next round"``) and how it is
    filled (``"fill from the left (F3)"``)."""
    which = f"Round {round_number}" if round_number is not None else "The next round"
    return which, f"fill from the {how.value} ({'F3' if how is Fill.LEFT else 'F4'})"


def _tower_on(position: Position, sq: int) -> str:
    t = position.tower_at(sq)
    return f"{t.side.title}'s {t.colour.name.lower()} tower ({square_name(sq)})" if t is not None else square_name(sq)


def _describe(move: Move) -> str:
    if move.is_forfeit:
        return f"{move.side.title} forfeits, {move} (M6)"
    text = f"{move.side.title} {move} ({move.coords()})"
    if move.push:
        n = len(move.push)
        text += f", a Sumo push of {counted(n, 'tower')}"
    return text


# ------------------------------------------------------------------------ drawing

#: The side of a square, in the drawing's units.
SQUARE = 64
_MARGIN = 22  # the coordinates' band around the board
_BOARD = 8 * SQUARE + 2 * _MARGIN
_FONT = 'font-family="sans-serif"'
_BODY_R = 0.42 * SQUARE  # a tower's body
_TOP_R = 0.25 * SQUARE  # its coloured top
_BODIES = {Side.BLACK: ("#1c1c1c", "#d8d8d8"), Side.GOLD: ("#d9a82e", "#4a3608")}  # fill, rings
_INK = "#141414"
_PAPER = "#ffffff"
_ALARM = "#c00000"


class Svg(str):
    """An SVG document; a notebook draws it."""

    def _repr_svg_(self) -> str:
        return str(self)


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, text: str, *, size: float, fill: str, anchor: str = "middle", bold: bool = False, cls: str = "") -> str:
    weight = ' font-weight="bold"' if bold else ""
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<text{klass} x="{_num(x)}" y="{_num(y)}" {_FONT} font-size="{_num(size)}" fill="{fill}"'
        f' text-anchor="{anchor}"{weight}>{escape(text)}</text>'
    )


def _ink_on(colour: Colour) -> str:
    return _INK if colour in _LIGHT else _PAPER


class _Layout:
    """Where squares are drawn: a board of origin (``x0``, ``y0``), which way up."""

    def __init__(self, x0: float, y0: float, flip: bool, *, named: bool = True) -> None:
        self.x0, self.y0, self.flip, self.named = x0 + _MARGIN, y0 + _MARGIN, flip, named

    def name(self, sq: int) -> str:
        """The square's name for a class (none in a piece drawn to be placed anywhere)."""
        return square_name(sq) if self.named else ""

    def corner(self, sq: int) -> tuple[float, float]:
        f, r = sq % 8, sq // 8
        col, row = (7 - f, r) if self.flip else (f, 7 - r)
        return self.x0 + col * SQUARE, self.y0 + row * SQUARE

    def centre(self, sq: int) -> tuple[float, float]:
        x, y = self.corner(sq)
        return x + SQUARE / 2, y + SQUARE / 2


def _board_parts(position: Position, m: Marks, at: _Layout, square_text: SquareText | None, coordinates: bool) -> list[str]:
    """The board, bottom up: frame and coordinates, squares, marks under the towers,
    the towers, marks over them."""
    parts = _frame(at) if coordinates else []
    parts += _squares(at, square_text)
    parts += [_reachable(at, sq, occupied=position.tower_at(sq) is not None) for sq in sorted(m.reachable)]
    under, over = placed_marks(position, m)
    parts += [_mark(at, key, sq) for key, sq in under]
    parts += [_tower(at, sq, t.side, t.colour, t.rings) for sq, t in sorted(position.towers().items())]
    parts += [_mark(at, key, sq) for key, sq in over]
    parts += [_label(at, sq, label) for sq, label in sorted(m.labels.items())]
    return parts


#: A mark as the drawing places it: what it is (a key of :func:`mark_pieces`) and on
#: which square. An arrow's key says how many files and ranks its target lies from its
#: origin, the square it is placed on (``("arrow 0 -4", d8)``: d8 to d4).
Placed = tuple[str, int]


def _tower_to_move(position: Position, highlight: int | None, blocked: set[int]) -> int | None:
    """The square marked as the tower to move: ``highlight`` (``-1``: none), by default
    the tower the position says must move; none where that tower is ``blocked``."""
    if highlight is None and position.tower is not None and position.winner is None:
        highlight = position.square_of(position.to_move, position.tower)
    to_move = highlight if highlight is not None and highlight >= 0 else None
    return None if to_move in blocked else to_move


def placed_marks(position: Position, m: Marks) -> tuple[list[Placed], list[Placed]]:
    """The marks of the last move and of the towers, as :func:`board` draws them: those
    under the towers (the last move's origin) and those over them (pushed towers, the
    tower to move, blocked towers, the last move's arrow), each list in drawing order."""
    under = [("origin", m.origin)] if m.origin is not None else []
    over: list[Placed] = [(_pushed_key(position, sq), sq) for sq in sorted(m.pushed)]
    if m.to_move is not None:
        over.append(("to-move", m.to_move))
    over += [("blocked", sq) for sq in sorted(m.blocked)]
    if m.origin is not None and m.target is not None:
        df, dr = m.target % 8 - m.origin % 8, m.target // 8 - m.origin // 8
        over.append((f"arrow {df} {dr}", m.origin))
    return under, over


def _pushed_key(position: Position, sq: int) -> str:
    """The key of the mark on ``sq``, a pushed tower's square: by the side of the tower
    that stands there (``pushed`` alone where none does)."""
    t = position.tower_at(sq)
    return f"pushed {t.side.name.lower()}" if t is not None else "pushed"


def _mark(at: _Layout, key: str, sq: int) -> str:
    """The mark ``key`` (:func:`placed_marks`) on ``sq``."""
    kind, *rest = key.split()
    plain = _PLAIN_MARKS.get(kind)
    if plain is not None:
        return plain(at, sq)
    if kind == "pushed":
        return _push_mark(at, sq, Side[rest[0].upper()] if rest else None)
    if kind == "arrow":
        df, dr = int(rest[0]), int(rest[1])
        return _arrow(at, sq, sq + df + 8 * dr)
    raise ValueError(f"no mark {key!r}")


def _frame(at: _Layout) -> list[str]:
    """The band round the board with the coordinates."""
    band = (
        f'<rect class="margin" x="{_num(at.x0 - _MARGIN)}" y="{_num(at.y0 - _MARGIN)}" '
        f'width="{_BOARD}" height="{_BOARD}" fill="#2b2b2b" rx="6"/>'
    )
    return [band, *_coordinates(at)]


def _rings(at: _Layout, sq: int, cls: str, r: float, *strokes: str, extra: str = "") -> str:
    """Circles of radius ``r`` round the centre of ``sq``, one per stroke (drawn in
    order: a wide light one under a narrow dark one reads on every square)."""
    x, y = at.centre(sq)
    circle = f'cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}"'
    return f'<g class="{cls} {at.name(sq)}" fill="none">' + "".join(f"<circle {circle} {s}/>" for s in strokes) + extra + "</g>"


def _origin(at: _Layout, sq: int) -> str:
    """A dashed ghost of the tower where the last move started."""
    return _rings(
        at, sq, "origin", _BODY_R - 2,
        f'stroke="{_PAPER}" stroke-width="4" opacity="0.7"',
        f'stroke="{_INK}" stroke-width="3" stroke-dasharray="6 4"',
    )


def _to_move(at: _Layout, sq: int) -> str:
    """A white ring round the tower that must move."""
    return _rings(at, sq, "to-move", _BODY_R + 4, f'stroke="{_INK}" stroke-width="6"', f'stroke="{_PAPER}" stroke-width="2.5"')


def _label(at: _Layout, sq: int, label: str) -> str:
    """A numbered badge in the square's corner (the fill order)."""
    x, y = at.corner(sq)
    return (
        f'<g class="label {at.name(sq)}"><circle cx="{_num(x + 13)}" cy="{_num(y + 13)}" r="10.5" '
        f'fill="{_PAPER}" stroke="{_INK}" stroke-width="2"/>'
        + _text(x + 13, y + 18, label, size=14, fill=_INK, bold=True)
        + "</g>"
    )


def _squares(at: _Layout, square_text: SquareText | None) -> list[str]:
    parts = []
    for sq in range(64):
        colour = SQUARE_COLOURS[sq]
        x, y = at.corner(sq)
        parts.append(
            f'<rect class="square {colour.name.lower()} {at.name(sq)}" x="{_num(x)}" y="{_num(y)}" '
            f'width="{SQUARE}" height="{SQUARE}" fill="{SQUARE_FILLS[colour]}"/>'
        )
        if square_text is not None:
            word = (SQUARE_GLYPHS if square_text == "glyphs" else SQUARE_CODES)[colour]
            size = 13 if square_text == "glyphs" else 11
            parts.append(_text(x + 3, y + size + 1, word, size=size, fill=_ink_on(colour), anchor="start", cls="square-text"))
    return parts


def _coordinates(at: _Layout) -> list[str]:
    parts = []
    for i in range(8):
        f = 7 - i if at.flip else i
        r = i if at.flip else 7 - i
        x = at.x0 + i * SQUARE + SQUARE / 2
        y = at.y0 + i * SQUARE + SQUARE / 2 + 5
        for yy in (at.y0 - 6, at.y0 + 8 * SQUARE + 16):
            parts.append(_text(x, yy, "abcdefgh"[f], size=14, fill="#e8e8e8", cls="coord"))
        for xx in (at.x0 - _MARGIN / 2, at.x0 + 8 * SQUARE + _MARGIN / 2):
            parts.append(_text(xx, y, str(r + 1), size=14, fill="#e8e8e8", cls="coord"))
    return parts


def _tower(at: _Layout, sq: int, side: Side, colour: Colour, rings: int) -> str:
    x, y = at.centre(sq)
    body, ring = _BODIES[side]
    name = colour.name.lower()
    parts = [
        (
            f'<g class="tower {side.name.lower()} {name} {at.name(sq)}" data-rings="{rings}" '
            f'transform="translate({_num(x)},{_num(y)})">'
        ),
        f'<circle class="body" r="{_num(_BODY_R)}" fill="{body}" stroke="{_INK}" stroke-width="1.5"/>',
    ]
    for i in range(rings):  # Sumo rings: circles on the body, from the top outwards
        r = _TOP_R + 3 + 2.9 * i
        parts.append(f'<circle class="ring" r="{_num(r)}" fill="none" stroke="{ring}" stroke-width="2"/>')
    parts.append(f'<circle class="top {name}" r="{_num(_TOP_R)}" fill="{SQUARE_FILLS[colour]}" stroke="{ring}" stroke-width="1.5"/>')
    parts.append(_text(0, 5, colour.letter, size=14, fill=_ink_on(colour), bold=True, cls="letter"))
    parts.append("</g>")
    return "".join(parts)


def _reachable(at: _Layout, sq: int, *, occupied: bool) -> str:
    x, y = at.corner(sq)
    name = at.name(sq)
    if not occupied:  # a dot
        cx, cy = x + SQUARE / 2, y + SQUARE / 2
        return (
            f'<circle class="reachable {name}" cx="{_num(cx)}" cy="{_num(cy)}" r="8" '
            f'fill="{_PAPER}" stroke="{_INK}" stroke-width="2.5"/>'
        )
    # a push's target, under a tower: wedges in the corners
    k = 14
    wedges = []
    for cx, cy, dx, dy in ((x, y, 1, 1), (x + SQUARE, y, -1, 1), (x, y + SQUARE, 1, -1), (x + SQUARE, y + SQUARE, -1, -1)):
        wedges.append(f"M{_num(cx)} {_num(cy)}h{_num(dx * k)}L{_num(cx)} {_num(cy + dy * k)}z")
    return f'<path class="reachable {name}" d="{" ".join(wedges)}" fill="{_PAPER}" stroke="{_INK}" stroke-width="2"/>'


def _push_mark(at: _Layout, sq: int, side: Side | None) -> str:
    """A chevron beside a pushed tower of ``side``, pointing the way it is pushed (back,
    towards its own home row)."""
    x, y = at.centre(sq)
    # A Black tower is pushed towards rank 8, a Gold one towards rank 1.
    up = (side is Side.BLACK) != at.flip
    d = -1 if up else 1
    tip, base, half = y + d * (SQUARE / 2 - 1), y + d * (SQUARE / 2 - 11), 11
    return (
        f'<path class="pushed {at.name(sq)}" d="M{_num(x - half)} {_num(base)}L{_num(x)} {_num(tip)}L{_num(x + half)} {_num(base)}" '
        f'fill="none" stroke="{_PAPER}" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/>'
        f'<path class="pushed-ink" d="M{_num(x - half)} {_num(base)}L{_num(x)} {_num(tip)}L{_num(x + half)} {_num(base)}" '
        f'fill="none" stroke="{_INK}" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"/>'
    )


def _blocked(at: _Layout, sq: int) -> str:
    """A tower that cannot move: a red ring round it and a barred-circle badge in the
    square's corner, leaving the tower's colour in sight."""
    x, y = at.centre(sq)
    bx, by = x + SQUARE / 2 - 11, y - SQUARE / 2 + 11
    d = 7 * math.sqrt(0.5)
    badge = (
        f'<circle cx="{_num(bx)}" cy="{_num(by)}" r="9.5" fill="{_PAPER}" stroke="{_ALARM}" stroke-width="3"/>'
        f'<path d="M{_num(bx - d)} {_num(by - d)}L{_num(bx + d)} {_num(by + d)}" stroke="{_ALARM}" stroke-width="3"/>'
    )
    return _rings(
        at, sq, "blocked", _BODY_R + 3.5, f'stroke="{_PAPER}" stroke-width="7"', f'stroke="{_ALARM}" stroke-width="3.5"', extra=badge
    )


def _arrow(at: _Layout, origin: int, target: int) -> str:
    """The last move: from the centre of its origin to the edge of the tower it moved."""
    x1, y1 = at.centre(origin)
    x2, y2 = at.centre(target)
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tip_x, tip_y = x2 - ux * (_BODY_R + 2), y2 - uy * (_BODY_R + 2)
    head = 16.0
    bx, by = tip_x - ux * head, tip_y - uy * head
    px, py = -uy * head * 0.6, ux * head * 0.6
    shaft = f"M{_num(x1)} {_num(y1)}L{_num(bx)} {_num(by)}"
    point = f"M{_num(tip_x)} {_num(tip_y)}L{_num(bx + px)} {_num(by + py)}L{_num(bx - px)} {_num(by - py)}z"
    return (
        f'<g class="last-move {at.name(origin)} {at.name(target)}" stroke-linejoin="round">'
        f'<path d="{shaft}" stroke="{_PAPER}" stroke-width="11" fill="none"/>'
        f'<path d="{point}" fill="{_PAPER}" stroke="{_PAPER}" stroke-width="5"/>'
        f'<path d="{shaft}" stroke="{_INK}" stroke-width="6" fill="none"/>'
        f'<path d="{point}" fill="{_INK}" stroke="{_INK}" stroke-width="1"/></g>'
    )


#: The marks drawn on a square by their kind alone (the keys of :func:`placed_marks`
#: whose drawing needs nothing more).
_PLAIN_MARKS: dict[str, Callable[[_Layout, int], str]] = {"origin": _origin, "to-move": _to_move, "blocked": _blocked}


def _caption(
    lines: Sequence[str], x: float, y: float, width: float, *, size: float = 15, cls: str = "caption"
) -> tuple[list[str], float]:
    """Lines of text from (``x``, ``y``) down, wrapped to ``width``; and the height used."""
    chars = max(20, int(width / (size * 0.52)))
    wrapped = [w for line in lines for w in (textwrap.wrap(line, chars) or [""])]
    step = size * 1.35
    bold = cls == "title"
    parts = [
        _text(x, y + size + i * step, w, size=size, fill=_INK, anchor="start", bold=bold, cls=cls)
        for i, w in enumerate(wrapped)
    ]
    return parts, len(wrapped) * step + (size * 0.6 if wrapped else 0)


def _document(width: float, height: float, parts: list[str], *, size: int | None, title: str) -> Svg:
    dims = f' width="{size}" height="{_num(size * height / width)}"' if size is not None else ""
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {_num(width)} {_num(height)}"{dims} '
        f'role="img" aria-label={quoteattr(title)}>'
        f"<title>{escape(title)}</title>"
        f'<rect class="background" width="{_num(width)}" height="{_num(height)}" fill="{_PAPER}"/>\n'
        + "\n".join(parts)
        + "\n</svg>\n"
    )


def _panel(
    position: Position,
    m: Marks,
    x0: float,
    *,
    flip: bool,
    square_text: SquareText | None,
    coordinates: bool,
    title: str | None,
    caption: Sequence[str],
) -> tuple[list[str], float]:
    """One board with its title above and its caption below, ``x0`` from the left:
    the parts and the height they take."""
    parts: list[str] = []
    y = 0.0
    if title:
        head, used = _caption([title], x0 + 4, 4, _BOARD - 8, size=16, cls="title")
        parts += head
        y += used + 4
    parts += _board_parts(position, m, _Layout(x0, y, flip), square_text, coordinates)
    y += _BOARD if coordinates else 8 * SQUARE
    text, used = _caption(caption, x0 + 4, y + 4, _BOARD - 8)
    return parts + text, y + used + 8


def board(
    position: Position,
    *,
    last_move: Move | None = None,
    flip: bool = False,
    targets: Iterable[int] = (),
    pushed: Iterable[int] = (),
    highlight_tower: int | None = None,
    labels: Mapping[int, str] | None = None,
    square_text: SquareText | None = None,
    coordinates: bool = True,
    size: int | None = None,
    title: str | None = None,
    caption: Sequence[str] | None = None,
) -> Svg:
    """``position`` as an SVG document: rank 8 at the top (Gold's view), or rank 1 with
    ``flip`` (Black's view).

    The marks are those of :func:`marks`: ``last_move`` an arrow from a dashed ghost
    of its origin (for a push, chevrons on the pushed towers), the tower to move a
    white ring, a blocked tower a barred circle, ``targets`` dots (corner wedges where a
    push would land on a tower), ``labels`` numbered badges. ``square_text`` writes
    each square's colour code (``"codes"``) or Chinese character (``"glyphs"``) in its
    corner. ``size`` is the width in pixels (``None``: as wide as its container).
    ``caption`` lines go under the board: by default :func:`status_lines`.
    """
    m = marks(position, last_move=last_move, targets=targets, pushed=pushed, highlight_tower=highlight_tower, labels=labels)
    lines = status_lines(position, last_move) if caption is None else caption
    parts, height = _panel(position, m, 0, flip=flip, square_text=square_text, coordinates=coordinates, title=title, caption=lines)
    width = _BOARD if coordinates else 8 * SQUARE
    return _document(width, height, parts, size=size, title=title or _alt(position))


def _alt(position: Position) -> str:
    return f"Kamisado board: {position.to_string()}"


def moves(
    position: Position,
    *,
    flip: bool = False,
    square_text: SquareText | None = None,
    size: int | None = None,
    title: str | None = None,
) -> Svg:
    """The tower to move and every square it can reach, as in the rulebook's figures
    1(a) and 2(b); a Sumo push marks its target (under the nearest pushed tower) as
    reachable and the towers it would push. With a free choice of tower (T1), every
    tower's targets. ``title`` heads it instead of the one that says whose moves
    these are."""
    m, heading = moves_marks(position)
    title = title or heading
    parts, height = _panel(position, m, 0, flip=flip, square_text=square_text, coordinates=True, title=title, caption=status_lines(position))
    return _document(_BOARD, height, parts, size=size, title=title)


def lineup(
    position: Position,
    how: Fill,
    *,
    round_number: int | None = None,
    flip: bool = False,
    square_text: SquareText | None = None,
    size: int | None = None,
    title: str | None = None,
) -> Svg:
    """Filling the home rows ``how`` after the round that ended in ``position`` (F1–F4),
    as in figures 7(b)–7(g): on the left the board with each tower numbered in the order
    its owner takes it (the winner's ring already on), on the right the start of round
    ``round_number`` (the next round, when not given). ``title`` heads the two boards
    (each keeps its own heading)."""
    ended, numbered, start = fill_marks(position, how)
    which, filled = fill_heading(how, round_number)
    left, h1 = _panel(
        ended,
        numbered,
        0,
        flip=flip,
        square_text=square_text,
        coordinates=True,
        title=f"{which}: {filled}",
        caption=["Each player takes his towers in the numbered order."],
    )
    lineups = []
    for side in Side:
        row = lineup_of(ended, side, how)
        lineups.append(f"{side.title}, from his left: " + " ".join(t.colour.title + "+" * t.rings for t in row))
    right, h2 = _panel(
        start,
        marks(start, highlight_tower=-1),
        _BOARD + 24,
        flip=flip,
        square_text=square_text,
        coordinates=True,
        title=f"{which} starts",
        caption=[*lineups, status_lines(start)[0]],
    )
    width, height, parts = 2 * _BOARD + 24, max(h1, h2), left + right
    if title:
        head, used = _caption([title], 4, 4, width - 8, size=18, cls="title")
        parts = [*head, f'<g transform="translate(0 {_num(used + 8)})">', *parts, "</g>"]
        height += used + 8
    return _document(width, height, parts, size=size, title=title or f"{which}: {filled}")


def round_board(replay: RoundReplay, ply: int | None = None, *, size: int | None = None) -> Svg:
    """A replayed round after ``ply`` entries (default: all): the board with the last
    move (a push's back-entry shows the push)."""
    n = len(replay.plies) if ply is None else ply
    last = shown_move(replay, n)
    title = f"Round {replay.number}, after ply {n} of {len(replay.plies)}"
    return board(replay.position_at(n), last_move=last, size=size, title=title)


# ------------------------------------------------------------- pieces for a page


@dataclass(frozen=True)
class BoardPieces:
    """:func:`board` taken apart, for a page that shows many positions and draws each
    with one small script (:mod:`kamisado_notation.drawing.html`): the same drawing, put
    together in the browser. ``size`` is the side of the board with its coordinates;
    ``frame`` the board without towers (the band, the coordinates, the squares);
    ``square_text`` the squares' characters (or codes), a layer to show or hide;
    ``centres`` the centre of each square, by square index; ``marks`` each mark of
    :func:`placed_marks` by its key, drawn round (0, 0): moved onto the centre of its
    square, it is what :func:`board` draws there."""

    size: float
    frame: str
    square_text: str
    centres: tuple[tuple[float, float], ...]
    marks: Mapping[str, str]

    def flat_centres(self) -> list[float]:
        """The squares' centres as one list, ``x, y, x, y…`` by square index, each to
        two places: as a page's script takes them."""
        return [round(c, 2) for xy in self.centres for c in xy]


def board_pieces(placed: Iterable[Placed] = (), *, flip: bool = False, square_text: SquareText = "glyphs") -> BoardPieces:
    """The pieces of the board drawn rank 8 at the top (``flip``: rank 1), with the
    marks ``placed`` needs (each key drawn once)."""
    at = _Layout(0, 0, flip)
    squares = _squares(at, square_text)
    marks: dict[str, str] = {}
    for key, sq in placed:
        if key not in marks:
            marks[key] = _mark(_centred(sq, flip), key, sq)
    return BoardPieces(
        size=_BOARD,
        frame="".join(_frame(at) + [p for p in squares if not p.startswith("<text")]),
        square_text="".join(sorted(p for p in squares if p.startswith("<text"))),  # the same both ways up
        centres=tuple(at.centre(sq) for sq in range(64)),
        marks=marks,
    )


def tower_pieces(towers: Iterable[Tower]) -> dict[str, str]:
    """Each of ``towers`` drawn round (0, 0) as :func:`board` draws it, by the letters
    the position string writes it with (``p++``: Black's purple Double Sumo)."""
    at = _centred(0, False)
    return {t.letter: _tower(at, 0, t.side, t.colour, t.rings) for t in towers}


def _centred(sq: int, flip: bool) -> _Layout:
    """A layout that puts the centre of ``sq`` at (0, 0), its squares unnamed: what it
    draws there is placed on any square by a translation."""
    x, y = _Layout(0, 0, flip).centre(sq)
    return _Layout(-x, -y, flip, named=False)


def shown_move(replay: RoundReplay, ply: int | None = None) -> Move | None:
    """The move a diagram of a replayed round after ``ply`` entries (default: all)
    marks: the last one played; a push's back-entry shows the push itself, which moved
    every tower concerned."""
    from ..checking.replay import PlyKind

    n = len(replay.plies) if ply is None else ply
    return next((p.move for p in reversed(replay.plies[:n]) if p.kind is not PlyKind.BACK), None)


# ----------------------------------------------------------------- notebooks


def _install() -> None:
    """Teach positions and replayed rounds to draw themselves in a notebook."""
    from ..checking.replay import RoundReplay

    Position._svg_hook = lambda position: board(position, size=400)
    RoundReplay._svg_hook = lambda replay: round_board(replay, size=400)


_install()
