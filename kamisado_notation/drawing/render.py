"""Board diagrams in the terminal (rich): positions, a tower's moves, the fill between
rounds, and a match's summary table.

A square is a block of 3 lines × 7 columns, which a terminal's tall character cells
draw nearly square, so the diagonals read as diagonals. A tower stands in it as a
small piece: its colour on top, its black or gold body below, its Sumo rings on the
body::

    Ye▄▄▄ 3      the square's code (or glyph), the body's rounded cap, a label
    [ ●p  ]      a mark each side; the top: side mark and colour letter
      ++         the body with one + per Sumo ring

Every diagram reads completely without colour (colour-blind players, ``NO_COLOR``,
pipes): the square's code ``Or`` ``Bl`` ``Pu`` … (docs/notation.md §4), or its Chinese character
with ``glyphs``; a tower is its side mark and colour letter (``●o`` Black's orange —
filled mark, lowercase; ``○O`` Gold's orange — hollow mark, uppercase) with one ``+``
per ring; the marks around a square (``[ ]`` ``( )`` ``> <`` ``{ }`` ``= =`` ``*``)
say what happened there. Colour repeats all of it.

Below 61 columns the board switches to a compact form, 2 lines × 4 columns a square
(36 columns in all): the square's code and marks on the first line, the tower as
``●o`` on its body on the second. Titles, the status and the legend wrap to the width;
nothing is wider than the console.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, JustifyMethod, RenderableType, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..display import printable
from ..engine.board import SQUARE_COLOURS, Colour, Side
from ..engine.match import Fill, lineup, score_of
from ..engine.position import Move, Position
from .svg import (
    SQUARE_CODES,
    SQUARE_GLYPHS,
    Marks,
    fill_heading,
    fill_marks,
    marks,
    moves_marks,
    status_lines,
)

if TYPE_CHECKING:  # the replay is only read, never built, here
    from ..checking.replay import MatchReplay, RoundReplay
    from ..notation.record import MatchRecord

__all__ = [
    "COMPACT_WIDTH",
    "FULL_WIDTH",
    "SQUARE_CODES",
    "SQUARE_GLYPHS",
    "SQUARE_STYLES",
    "BoardDiagram",
    "board_diagram",
    "legend_lines",
    "legend_plain",
    "lineup_diagram",
    "match_summary",
    "moves_diagram",
    "plain_rule",
    "status_line",
    "tower_mark",
]

# Close to the printed board's colours; light squares take dark text.
_SQUARE_HEX = ("#7b4a26", "#2e8b4a", "#c8202f", "#f0c419", "#f29cc0", "#7a3f9d", "#2660b8", "#f0842a")
_DARK_TEXT = {Colour.YELLOW, Colour.PINK, Colour.ORANGE}


def _ink(colour: Colour) -> str:
    return "#141414" if colour in _DARK_TEXT else "#f2f2f2"


#: ``SQUARE_STYLES[colour]``: a square of that colour, and a tower's top of that colour.
SQUARE_STYLES = tuple(Style(bgcolor=hexcode, color=_ink(Colour(i))) for i, hexcode in enumerate(_SQUARE_HEX))
_TOPS = tuple(style + Style(bold=True) for style in SQUARE_STYLES)
# The towers' bodies, and the ink of their rings.
_BODY_HEX = {Side.BLACK: "#161616", Side.GOLD: "#e6cf8a"}
_BODIES = {
    Side.BLACK: Style(bgcolor=_BODY_HEX[Side.BLACK], color="#f0f0f0", bold=True),
    Side.GOLD: Style(bgcolor=_BODY_HEX[Side.GOLD], color="#141414", bold=True),
}
_SIDE_MARKS = {Side.BLACK: "●", Side.GOLD: "○"}
_MARK = Style(bold=True)
# In colour the marks stand out as white (or, for a blocked tower, red) chips.
_CHIP = Style(bold=True, color="#000000", bgcolor="#ffffff")
_ALARM = Style(bold=True, color="#ffffff", bgcolor="#c00000")
_LABEL = _CHIP

#: The narrowest console that gets the full board (3 + 8 × 7 + 2 columns); below it,
#: the compact board (2 + 8 × 4 + 2 columns).
FULL_WIDTH = 61
COMPACT_WIDTH = 36


def tower_mark(side: Side, colour: Colour, rings: int = 0) -> str:
    """How a tower is written: ``●p``, ``○P+++``."""
    letter = colour.letter.lower() if side is Side.BLACK else colour.letter
    return _SIDE_MARKS[side] + letter + "+" * rings


def status_line(position: Position, last_move: Move | None = None) -> str:
    """Whose turn it is and which tower must move, or how the round ended: one sentence
    a line."""
    return "\n".join(status_lines(position, last_move))


# ---------------------------------------------------------------------- the board


def _files(flip: bool) -> list[int]:
    return list(range(7, -1, -1)) if flip else list(range(8))


def _ranks(flip: bool) -> list[int]:
    return list(range(8)) if flip else list(range(7, -1, -1))


def _brackets(m: Marks, sq: int) -> list[tuple[str, str]]:
    """The pairs of marks around a square, the most telling first."""
    marked = (
        (sq in m.blocked, ("=", "=")),  # M6, M8
        (sq == m.target, ("[", "]")),
        (sq in m.pushed, ("{", "}")),
        (sq == m.to_move, (">", "<")),
        (sq == m.origin, ("(", ")")),
    )
    return [pair for here, pair in marked if here] or [(" ", " ")]


#: One run of a line: its text and its style (``""``: none); a line is a list of runs,
#: so the plain and the coloured board share the same strings (:meth:`BoardDiagram.plain_lines`).
Segment = tuple[str, Style | str]
_CAPS = {(side, colour): Style(color=_BODY_HEX[side], bgcolor=SQUARE_STYLES[colour].bgcolor) for side in Side for colour in Colour}


class _Square:
    """What one square shows, in either form, as runs of text and style."""

    def __init__(self, position: Position, sq: int, m: Marks, glyphs: bool) -> None:
        self.colour = colour = SQUARE_COLOURS[sq]
        self.style = SQUARE_STYLES[colour]
        self.word = (SQUARE_GLYPHS if glyphs else SQUARE_CODES)[colour]
        pairs = _brackets(m, sq)
        (self.left, self.right), self.second = pairs[0], pairs[1] if len(pairs) > 1 else (" ", " ")
        self.tower = position.tower_at(sq)
        self.reachable = sq in m.reachable
        self.label = m.labels.get(sq)

    def _marks(self, middle: list[Segment], pair: tuple[str, str] | None = None) -> list[Segment]:
        left, right = pair or (self.left, self.right)
        return [(left, _mark_style(left, self.style)), *middle, (right, _mark_style(right, self.style))]

    def _top(self, width: int) -> Segment:
        """The tower's top: its side mark and letter on its colour."""
        t = self.tower
        assert t is not None
        return tower_mark(t.side, t.colour).ljust(width), _TOPS[t.colour]

    def _blank(self, n: int) -> Segment:
        return " " * n, self.style

    def full(self) -> tuple[list[Segment], list[Segment], list[Segment]]:
        t = self.tower
        top: list[Segment] = [(self.word, self.style)]
        if t is not None:
            top += [("▄▄▄", _CAPS[t.side, self.colour]), self._blank(1)]
        else:
            top.append(self._blank(4))
        if self.label is not None:
            top.append((self.label[:1], _LABEL))
        else:
            top.append(_star() if self.reachable and t is not None else self._blank(1))
        if t is None:
            middle = [self._blank(2), _star(), self._blank(2)] if self.reachable else [self._blank(5)]
            return top, self._marks(middle), [self._blank(7)]
        body = _BODIES[t.side]
        middle = [(" ", body), self._top(3), (" ", body)]
        return top, self._marks(middle), self._marks([(("+" * t.rings).center(5), body)], self.second)

    def compact(self) -> tuple[list[Segment], list[Segment]]:
        t = self.tower
        first = self._marks([self._top(2) if t is not None else (self.word, self.style)])
        if self.label is not None:  # in place of the left mark (one column)
            first[0] = (self.label[:1], _LABEL)
        if t is None:
            second = [self._blank(1), _star(2), self._blank(1)] if self.reachable else [self._blank(4)]
        else:  # the body under the top, two wide: a third ring stands beside it
            second = [
                _star() if self.reachable else self._blank(1),
                (("+" * min(t.rings, 2)).ljust(2), _BODIES[t.side]),
                ("+" if t.rings == 3 else " ", self.style + _MARK),
            ]
        return first, second


def _mark_style(mark: str, square: Style) -> Style:
    if mark == " ":
        return square
    return _ALARM if mark == "=" else _CHIP


def _star(n: int = 1) -> Segment:
    """A reachable square's mark."""
    return "*" * n, _CHIP


class BoardDiagram:
    """The board of a position with its marks, a title above it, and under it the
    status (:func:`status_lines`) and the legend. It draws itself at the console's
    width: the full board from :data:`FULL_WIDTH` columns, the compact one below."""

    def __init__(
        self,
        position: Position,
        m: Marks,
        *,
        flip: bool = False,
        glyphs: bool = False,
        title: str | None = None,
        status: Sequence[str] = (),
        legend: bool = True,
    ) -> None:
        self.position, self.marks, self.flip, self.glyphs = position, m, flip, glyphs
        self.title, self.status, self.legend = title, list(status), legend

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(COMPACT_WIDTH, max(FULL_WIDTH, min(options.max_width, 80)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if self.title:
            yield from _wrap(Text(self.title, style="bold"), console, width)
        yield from self.board_lines(compact=width < FULL_WIDTH)
        for sentence in self.status:
            yield from _wrap(Text(sentence), console, width)
        if self.legend:
            yield from legend_lines(width, glyphs=self.glyphs, labels=bool(self.marks.labels))

    def plain_lines(self, width: int) -> Iterator[str]:
        """The diagram as plain text at ``width`` columns, without rich's layout: the
        same characters a console without colour prints for it, line by line (for
        output nobody looks at as it goes, where rich's cost per diagram dominates)."""
        if self.title:
            yield from _plain_wrap(self.title, width)
        for line in self.board_segments(compact=width < FULL_WIDTH):
            yield "".join(text for text, _ in line)
        for sentence in self.status:
            yield from _plain_wrap(sentence, width)
        if self.legend:
            yield from legend_plain(width, glyphs=self.glyphs, labels=bool(self.marks.labels))

    def board_lines(self, *, compact: bool) -> Iterator[Text]:
        """The board itself, files and ranks around it."""
        for line in self.board_segments(compact=compact):
            yield Text.assemble(*line)

    def board_segments(self, *, compact: bool) -> Iterator[list[Segment]]:
        """The board's lines as runs of text and style: the one source of both
        :meth:`board_lines` and :meth:`plain_lines`."""
        files, cell = _files(self.flip), 4 if compact else 7
        gutter = "" if compact else " "
        names: list[Segment] = [((gutter + "  " + "".join("abcdefgh"[f].center(cell) for f in files)).rstrip(), "")]
        yield names
        for r in _ranks(self.flip):
            yield from self._rank_segments(r, files, compact=compact)
        yield names

    def _rank_segments(self, r: int, files: Sequence[int], *, compact: bool) -> Iterator[list[Segment]]:
        """The lines of rank ``r`` (0-based): its squares side by side, the rank's number
        either side of the line that names it."""
        gutter = "" if compact else " "
        squares = [_Square(self.position, r * 8 + f, self.marks, self.glyphs) for f in files]
        parts = [s.compact() for s in squares] if compact else [s.full() for s in squares]
        for k in range(len(parts[0])):
            named = k == (0 if compact else 1)
            line: list[Segment] = [(f"{gutter}{r + 1} " if named else gutter + "  ", "")]
            for part in parts:
                line += part[k]
            if named:
                line.append((f" {r + 1}", ""))
            yield line


def _wrap(text: Text, console: Console, width: int) -> Iterator[Text]:
    for line in text.wrap(console, max(width, 1), overflow="fold"):
        line.rstrip()
        yield line


@cache
def _plain_console() -> Console:
    """A console only for wrapping text that :func:`_plain_wrap` cannot take as it is."""
    return Console(no_color=True, highlight=False, emoji=False)


def _plain_wrap(text: str, width: int) -> list[str]:
    """``text`` wrapped to ``width`` columns as rich wraps it (words, folding a word too
    long for a line, trailing spaces dropped): a printable line that fits is itself;
    anything else goes through rich's wrapping, which it rarely needs."""
    if text.isprintable() and cell_len(text) <= width:
        return [text.rstrip()]
    return [line.plain for line in _wrap(Text(text), _plain_console(), width)]


def plain_rule(title: str, width: int) -> str:
    """rich's ``Rule(title)`` as plain text: the title between lines of ``─``, centred,
    ``width`` columns. A title with markup (``[``), a character that is not plain ASCII
    or the dash, or too long to fit goes through rich itself."""
    simple = all(" " <= c <= "~" or c == "—" for c in title) and "[" not in title
    if not (simple and title and len(title) <= width - 4):
        return _rich_rule(title, width)
    side = (width - len(title)) // 2
    return ("─" * (side - 1) + " " + title + " " + "─" * (side + 1))[:width]


def _rich_rule(title: str, width: int) -> str:
    from rich.rule import Rule

    console = Console(no_color=True, highlight=False, emoji=False, width=width, soft_wrap=True)
    with console.capture() as captured:
        console.print(Rule(title))
    return captured.get().rstrip("\n")


#: The legend's items: (sample, style, meaning).
_LEGEND: tuple[tuple[str, Style | None, str], ...] = (
    ("●x", _BODIES[Side.BLACK], "Black tower"),
    ("○X", _BODIES[Side.GOLD], "Gold tower"),
    ("+", None, "Sumo ring"),
    ("> <", _CHIP, "to move"),
    ("[ ]", _CHIP, "moved to"),
    ("( )", _CHIP, "from"),
    ("{ }", _CHIP, "pushed"),
    ("= =", _ALARM, "blocked"),
    ("*", _CHIP, "can go"),
)
#: The full board's cap over a tower's mark: the tower's body, in its side's colour.
_CAP_ITEM: tuple[str, Style | None, str] = ("▄▄▄", Style(color=_BODY_HEX[Side.GOLD], bold=True), "tower's cap, black or gold")


def _legend_rows(width: int, glyphs: bool, labels: bool) -> list[list[tuple[str, Style | None, str]]]:
    """The legend's items packed into lines of at most ``width`` columns; the full board
    (``width`` of :data:`FULL_WIDTH` or more) draws each tower with a cap, said too."""
    rows: list[list[tuple[str, Style | None, str]]] = [[]]
    used = 0
    for item in _legend_items(width, glyphs, labels):
        size = cell_len(item[0]) + 1 + len(item[2])
        if used and used + 2 + size > width:
            rows.append([])
            used = 0
        used += size + (2 if used else 0)
        rows[-1].append(item)
    return rows


def _legend_items(width: int, glyphs: bool, labels: bool) -> list[tuple[str, Style | None, str]]:
    """The legend's items in order (each a mark, its style and what it means): the
    tower's cap on the full board, the square colour as the board writes it, the fill
    order where the board is labelled."""
    cap = [_CAP_ITEM] if width >= FULL_WIDTH else []
    items = [*_LEGEND[:2], *cap, _LEGEND[2], ("紫" if glyphs else "Pu", SQUARE_STYLES[Colour.PURPLE], "square colour"), *_LEGEND[3:]]
    if labels:
        items.append(("1", _LABEL, "fill order"))
    return items


def legend_lines(width: int, *, glyphs: bool = False, labels: bool = False) -> list[Text]:
    """What the marks mean, packed into lines of at most ``width`` columns."""
    lines = []
    for row in _legend_rows(width, glyphs, labels):
        line = Text()
        for sample, style, meaning in row:
            if line.cell_len:
                line.append("  ")
            line.append(sample, style=style or _MARK)
            line.append(" " + meaning, style="dim")
        lines.append(line)
    return lines


def legend_plain(width: int, *, glyphs: bool = False, labels: bool = False) -> list[str]:
    """:func:`legend_lines` as plain text."""
    return ["  ".join(f"{sample} {meaning}" for sample, _, meaning in row) for row in _legend_rows(width, glyphs, labels)]


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
    glyphs: bool = False,
    status: Sequence[str] | None = None,
) -> BoardDiagram:
    """The 8×8 board of ``position``, files a–h and ranks 1–8 around it, rank 8 at the top
    (Gold's view); ``flip`` puts rank 1 at the top (Black's view).

    ``last_move`` marks its origin ``( )`` and target ``[ ]`` (for a push, the pushed
    towers ``{ }`` too); ``targets`` are squares marked ``*`` (where a tower can go);
    ``highlight_tower`` is the square of the tower to move, marked ``> <`` — by default
    the tower the position says must move (T2); ``-1`` marks none. A tower that cannot
    move, and a deadlock's towers, are marked ``= =``. ``pushed`` squares are marked
    ``{ }``. ``labels`` put one character on a square (the fill order numbers of figures
    7(b)–7(g)). ``glyphs`` writes the squares' Chinese characters instead of their
    codes. Under the board: ``status``, by default the last move, whose turn it is and
    which tower must move (or how the round ended) (:func:`status_lines`), then the legend.
    """
    m = marks(position, last_move=last_move, targets=targets, pushed=pushed, highlight_tower=highlight_tower, labels=labels)
    return BoardDiagram(
        position,
        m,
        flip=flip,
        glyphs=glyphs,
        title=title,
        status=status_lines(position, last_move) if status is None else status,
        legend=legend,
    )


def moves_diagram(position: Position, *, flip: bool = False, glyphs: bool = False) -> BoardDiagram:
    """The tower to move and every square it can reach (``*``), as in the rulebook's
    figures 1(a) and 2(b); a Sumo push marks its target ``*`` (in the corner, under the
    nearest pushed tower) and the towers it would push ``{ }``. With a free choice of
    tower (T1) every tower's targets are marked."""
    m, title = moves_marks(position)
    return BoardDiagram(position, m, flip=flip, glyphs=glyphs, title=title, status=status_lines(position))


class _Wrapped:
    """Lines of text, each wrapped to the console's width."""

    def __init__(self, *texts: Text) -> None:
        self.texts = texts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for text in self.texts:
            yield from _wrap(text, console, options.max_width)


def lineup_diagram(
    position: Position, fill: Fill, *, flip: bool = False, glyphs: bool = False, round_number: int | None = None
) -> RenderableType:
    """Filling the home rows ``fill`` after the round that ended in ``position`` (F1–F4),
    as in the rulebook's figures 7(b)–7(g): the board with each tower numbered in the
    order its owner takes it, then the lineups and the start of round ``round_number``
    (the next round, when not given)."""
    position, numbered, start = fill_marks(position, fill)  # the winner's ring goes on first
    which, filled = fill_heading(fill, round_number)
    title = f"{which}: {filled}; each player takes his towers in the numbered order"
    parts: list[RenderableType] = [BoardDiagram(position, numbered, flip=flip, glyphs=glyphs, title=title, legend=False)]
    texts = []
    for side in Side:
        row = lineup(position, side, fill)
        span = "h8→a8" if side is Side.BLACK else "a1→h1"
        names = " ".join(t.colour.title + "+" * t.rings for t in row)
        texts.append(Text(f"{side.title}'s lineup, {span} (his left to right): {names}"))
    parts.append(_Wrapped(*texts))
    begun = marks(start, highlight_tower=-1)
    parts.append(
        BoardDiagram(start, begun, flip=flip, glyphs=glyphs, title=f"{which} starts:", status=status_lines(start))
    )
    return Group(*parts)


# ------------------------------------------------------------------ match summary


class _MatchSummary:
    """The rounds of a match as a table that fits the console: every column where there
    is room, then the essential ones in a lighter frame (the tower joins the winner)."""

    #: The tables tried, widest first: (columns, compact).
    FORMS = (
        (("Round", "Fill", "Plies", "Winner", "By", "Tower", "Points", "Score B–G"), False),
        (("Rd", "Fill", "Plies", "Winner", "By", "Pts", "B–G"), True),
        (("Rd", "Winner", "By", "Pts", "B–G"), True),
    )

    def __init__(self, match_replay: MatchReplay, title: str) -> None:
        self.title = title
        self.rows = list(_summary_rows(match_replay))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        yield from _wrap(Text(self.title), console, width)
        unbounded = options.update_width(10_000)
        for columns, compact in self.FORMS:
            table = self._table(columns, compact)
            if Measurement.get(console, unbounded, table).maximum <= width:
                break
        yield table

    def _table(self, columns: tuple[str, ...], compact: bool) -> Table:
        if compact:
            table = Table(box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True)
        else:
            table = Table(box=box.HEAVY_HEAD)
        for name in columns:
            table.add_column(name, justify=_justified(name), no_wrap=True)
        for number, how, plies, winner, by, tower, points, score in self.rows:
            if compact and tower:
                winner = f"{tower.split()[0]} {winner}"
            cells = {"Round": number, "Rd": number, "Fill": how, "Plies": plies, "Winner": winner, "By": by}
            cells.update({"Tower": tower, "Points": points, "Pts": points, "Score B–G": score, "B–G": score})
            table.add_row(*(cells[name] for name in columns))
        return table


def _justified(column: str) -> JustifyMethod:
    """How the summary's ``column`` is justified: numbers to the right, a score (``B–G``)
    centred, words to the left."""
    return "right" if column in ("Round", "Rd", "Plies", "Points", "Pts") else "center" if "–" in column else "left"


def _summary_rows(match_replay: MatchReplay) -> Iterator[tuple[str, ...]]:
    """Each round's row, the last cell the score after it: ``?`` from a round the replay
    stopped in on (its end is unknown; the rounds its lineups let the replay check after
    it still show their own winner and points)."""
    rounds = match_replay.rounds
    # (a [Position] start may carry rings: the rings are points)
    score = score_of(rounds[0].start) if rounds else {Side.BLACK: 0, Side.GOLD: 0}
    known = True
    for rnd in rounds:
        known = known and not rnd.stopped
        if rnd.result is not None:
            score[rnd.result.winner] += rnd.result.points
        how = rnd.fill.value if rnd.fill is not None else ""
        after = f"{score[Side.BLACK]}–{score[Side.GOLD]}" if known else "?"
        yield (str(rnd.number), how, str(len(rnd.plies)), *_result_cells(rnd), after)


def _result_cells(rnd: RoundReplay) -> tuple[str, str, str, str]:
    """A round's winner, how it ended, the tower that won it and its points, as the
    summary's cells (a round not ended: in progress, or stopped)."""
    result = rnd.result
    if result is None:
        return "—", "in progress" if not rnd.stopped else "stopped", "", ""
    tower = tower_mark(result.winner, result.tower) + " " + result.tower.title
    return result.winner.title, str(result.by), tower, str(result.points)


def match_summary(match_replay: MatchReplay, *, title: str | None = None) -> RenderableType:
    """A table of the match's rounds: fill, winner, how, the tower that took the ring,
    points and the running score; narrower consoles get the essential columns."""
    return _MatchSummary(match_replay, title or _match_title(match_replay))


def _score_pair(score: Mapping[Any, int]) -> tuple[int, int]:
    def get(side: Side) -> int:
        for key in (side, side.name.lower(), side.value):
            if key in score:
                return int(score[key])
        return 0

    return get(Side.BLACK), get(Side.GOLD)


def _side_named(record: MatchRecord | None, side: Side) -> str:
    """``Black (Ann)``: the side and the name its header gives (``Gold``, or ``White`` in
    editions that call Gold so), escaped; the side alone without one."""
    name = record.header(side.title) if record is not None else None
    if side is Side.GOLD and name is None and record is not None:
        name = record.header("White")
    return f"{side.title} ({printable(name)})" if name else side.title  # a record's text: escaped


def _match_title(match_replay: MatchReplay) -> str:
    black, gold = _score_pair(getattr(match_replay, "score", {}) or {})
    target = getattr(match_replay, "target", None)
    winner = getattr(match_replay, "winner", None)
    status = getattr(match_replay, "status", "")
    record = getattr(match_replay, "record", None)
    names = {side: _side_named(record, side) for side in Side}
    text = (
        f"Match to {target} point{'s' if target != 1 else ''}: "
        f"{names[Side.BLACK]} {black} – {names[Side.GOLD]} {gold}"
    )
    if winner is not None:
        text += f", {winner.title} wins"
    elif status:
        text += f", {status}"
    return text
