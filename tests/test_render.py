"""Board diagrams (kamisado_notation.render), read back from a recording console.

The facts checked are the board's own (SPEC §1 colours), hand-made positions, and the
rulebook's fill example (figures 7(b)–7(g)); the helper ``cells`` reads a diagram's plain
text back into ``{square: cell}`` so that every assertion names a square.
"""

from __future__ import annotations

import random
import re
from io import StringIO

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from kamisado_notation.board import SQUARE_COLOURS, Side, parse_square
from kamisado_notation.match import Fill
from kamisado_notation.position import Position
from kamisado_notation.render import (
    SQUARE_CODES,
    board_diagram,
    lineup_diagram,
    moves_diagram,
    tower_mark,
)

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def draw(renderable, *, color: bool = False) -> str:  # type: ignore[no-untyped-def]
    out = StringIO()
    console = Console(file=out, width=100, force_terminal=color, no_color=not color, color_system="truecolor" if color else None)
    console.print(renderable)
    return out.getvalue()


def cells(text: str) -> dict[int, str]:
    """``{square: its 9-character cell}`` for every board drawn in ``text`` (the last
    board wins), whichever way up it is drawn."""
    found: dict[int, str] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^ ([1-8]) (.{72}) \1$", line)
        if not m:
            continue
        rank = int(m.group(1))
        # The file letters are on the nearest line above that names them.
        header = next(h for h in reversed(lines[:i]) if re.match(r"^\s+[a-h]\s+[a-h]", h))
        files = header.split()
        for k, f in enumerate(files):
            found[parse_square(f"{f}{rank}")] = m.group(2)[9 * k : 9 * k + 9]
    return found


def test_every_square_shows_its_colour_code_and_every_tower_its_mark() -> None:
    grid = cells(draw(board_diagram(Position.initial())))
    assert len(grid) == 64
    for sq, cell in grid.items():
        assert cell[6:8] == SQUARE_CODES[SQUARE_COLOURS[sq]]
    # SPEC §1: a8 is orange, h8 brown, a1 brown, h1 orange; Black's towers stand on rank 8.
    assert grid[parse_square("a8")][1:3] == "●o" and grid[parse_square("a8")][6:8] == "Or"
    assert grid[parse_square("h8")][1:3] == "●n" and grid[parse_square("h8")][6:8] == "Br"
    assert grid[parse_square("a1")][1:3] == "○N"
    assert grid[parse_square("h1")][1:3] == "○O" and grid[parse_square("h1")][6:8] == "Or"
    assert grid[parse_square("d4")].strip() == "Br"  # an empty brown square


def test_sumo_rings_are_plus_marks() -> None:
    pos = Position.from_string("obpky.../......../...r++..../...g+..../...n..../...P+++..../......../NGRYK.BO g P")
    grid = cells(draw(board_diagram(pos)))
    assert grid[parse_square("d3")][1:6] == "○P+++"
    assert grid[parse_square("d6")][1:5] == "●r++"
    assert grid[parse_square("d5")][1:4] == "●g+"
    assert grid[parse_square("d4")][1:3] == "●n" and grid[parse_square("d4")][3] == " "
    assert tower_mark(Side.GOLD, pos.tower_at(parse_square("d3")).colour, 3) == "○P+++"


def test_last_move_origin_and_target_are_marked_without_colour() -> None:
    pos = Position.initial()
    move = pos.resolve_coords(parse_square("d8"), parse_square("d4"))
    pos.play(move)
    text = draw(board_diagram(pos, last_move=move))
    assert "\x1b[" not in text
    grid = cells(text)
    assert grid[parse_square("d4")] == "[●k   Br]"
    assert grid[parse_square("d8")] == "(     Pi)"
    # Gold must move his brown tower (d4 is brown), from a1: marked > <, and said below.
    assert grid[parse_square("a1")] == ">○N   Br<"
    assert "Gold to move: the brown tower on a1" in text
    assert "d8-d4" in text


def test_a_push_marks_the_pushed_towers() -> None:
    pos = Position.from_string("o.pkyrgn/......../....b++.../....Y.../....K+.../......../......../NGR..PBO b B")
    push = next(m for m in pos.legal_moves() if m.push)
    pos.play(push)
    grid = cells(draw(board_diagram(pos, last_move=push)))
    assert grid[parse_square("e5")] == "[●b++ Br]"
    assert grid[parse_square("e4")] == "{○Y   Or}"
    assert grid[parse_square("e3")] == "{○K+  Re}"
    assert grid[parse_square("e6")] == "(     Pu)"


def test_flip_puts_rank_1_on_top_and_file_h_on_the_left() -> None:
    text = draw(board_diagram(Position.initial(), flip=True))
    ranks = [line[1] for line in text.splitlines() if re.match(r"^ [1-8] ", line)]
    assert ranks == list("12345678")
    header = next(line for line in text.splitlines() if line.strip().startswith("h"))
    assert header.split() == list("hgfedcba")
    assert cells(text) == cells(draw(board_diagram(Position.initial())))


def test_colour_output_says_the_same_as_the_plain_output() -> None:
    pos = Position.initial()
    move = pos.legal_moves()[3]
    pos.play(move)
    coloured = draw(board_diagram(pos, last_move=move), color=True)
    assert "\x1b[" in coloured and "48;2;" in coloured  # real background colours
    assert ANSI.sub("", coloured) == draw(board_diagram(pos, last_move=move))


def test_legend_and_status_are_printed() -> None:
    text = draw(board_diagram(Position.initial()))
    assert "Black to move, any tower (T1)" in text
    assert "●x Black tower" in text and "○X Gold tower" in text and "Sumo ring" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_status_tells_a_won_round_and_a_deadlock() -> None:
    won = Position.from_string("obpkyrg./......../......../......../......../......../......BO/NGRYKP.n g -")
    assert "Black has reached the home row and wins the round (M7)" in draw(board_diagram(won))
    # Black's blue tower (h2) and Gold's red one (e7) block each other for ever; Gold
    # moved last (M8). Found by random play and checked by the engine.
    stuck = Position.from_string("o.pkyr../....R.../N......./......g./......../..n...../.......b/.G.YKPBO b B")
    text = draw(board_diagram(stuck))
    assert "Deadlock (M8): Gold made the last move and loses the round." in text
    assert cells(text)[parse_square("h2")] == ">●b   Re<"


def _random_position(seed: int, plies: int) -> Position:
    rng = random.Random(seed)
    pos = Position.initial()
    for _ in range(plies):
        if pos.winner is not None or pos.deadlock() is not None:
            break
        moves = pos.legal_moves()
        pos.play(rng.choice(moves) if moves else pos.forfeit_move())
    return pos


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_moves_diagram_marks_exactly_the_legal_targets(seed: int, plies: int) -> None:
    pos = _random_position(seed, plies)
    grid = cells(draw(moves_diagram(pos)))
    moves = pos.legal_moves()
    stars = {sq for sq, cell in grid.items() if cell[1:6] == "  *  "}
    assert stars == {m.target for m in moves if not m.push}
    braces = {sq for sq, cell in grid.items() if cell[0] == "{"}
    assert braces == {sq for m in moves for sq in m.push}
    if pos.tower is not None and pos.winner is None and not braces:
        assert grid[pos.square_of(pos.to_move, pos.tower)][0] == ">"
    # every tower still drawn where it stands
    for sq, t in pos.towers().items():
        assert grid[sq][1:3] == tower_mark(t.side, t.colour)[:2]


def test_moves_diagram_of_the_rulebook_figure_2b() -> None:
    # Figure 2(a)/(b): Black's red tower has moved to a blue square, so Gold moves blue.
    pos = Position.initial()
    move = next(m for m in pos.legal_moves() if m.tower.name == "RED" and m.square_colour.name == "BLUE")
    pos.play(move)
    grid = cells(draw(moves_diagram(pos)))
    blue = pos.square_of(Side.GOLD, pos.tower)
    assert grid[blue][0] == ">" and grid[blue][1:3] == "○B"
    assert {sq for sq, c in grid.items() if "*" in c} == {m.target for m in pos.legal_moves()}


# Rulebook figures 7(b)–7(g) (RULES.md's worked example): Gold (Alain) has just won with
# his purple tower, now a Sumo, on e8; Black (David) as figure 7(c) describes.
FIGURE_7 = "..y.P+rg./......G./k..Y..../R..o.K.n/..O...../.b....../.......p/.N..B... b -"


def test_lineup_numbers_the_fill_order_of_figures_7b_and_7c() -> None:
    pos = Position.from_string(FIGURE_7)
    text = draw(lineup_diagram(pos, Fill.LEFT))
    boards = text.split("The next round starts:")
    grid = cells(boards[0])
    numbered = {sq: cell[0] for sq, cell in grid.items() if cell[0].isdigit()}
    gold = {"b1": "1", "e1": "2", "c4": "3", "a5": "4", "f5": "5", "d6": "6", "g7": "7", "e8": "8"}
    black = {"g8": "1", "f8": "2", "c8": "3", "a6": "4", "h5": "5", "d5": "6", "b3": "7", "h2": "8"}
    assert numbered == {parse_square(k): v for k, v in {**gold, **black}.items()}
    assert "Gold's lineup, a1→h1 (his left to right): Brown Blue Orange Red Pink Yellow Green Purple+" in text
    assert "Black's lineup, h8→a8 (his left to right): Green Red Yellow Pink Brown Orange Blue Purple" in text
    start = cells(boards[1])
    assert [start[parse_square(f + "1")][1:3] for f in "abcdefgh"] == ["○N", "○B", "○O", "○R", "○K", "○Y", "○G", "○P"]
    assert start[parse_square("h1")][1:4] == "○P+"


def test_lineup_fill_right_of_figures_7e_to_7g() -> None:
    pos = Position.from_string(FIGURE_7)
    text = draw(lineup_diagram(pos, Fill.RIGHT))
    grid = cells(text.split("The next round starts:")[0])
    gold = {"e1": "1", "b1": "2", "c4": "3", "f5": "4", "a5": "5", "d6": "6", "g7": "7", "e8": "8"}
    for name, n in gold.items():
        assert grid[parse_square(name)][0] == n
    # From the Orange square (h1) back to the Brown one: Blue, Brown, Orange, Pink, Red…
    start = cells(text.split("The next round starts:")[1])
    assert [start[parse_square(f + "1")][1:3] for f in "hgfedcba"] == ["○B", "○N", "○O", "○K", "○R", "○Y", "○G", "○P"]


def test_match_summary_keeps_the_running_score() -> None:
    from pathlib import Path

    from kamisado_notation.notation import read_record
    from kamisado_notation.render import match_summary
    from kamisado_notation.replay import replay

    path = Path(__file__).resolve().parent.parent / "samples" / "standard-match.kmr"
    mr = replay(read_record(str(path)).matches[0])
    text = draw(match_summary(mr))
    rows = [line for line in text.splitlines() if re.match(r"^│\s+\d", line)]
    assert len(rows) == len(mr.rounds)
    black = gold = 0
    for row, rnd in zip(rows, mr.rounds):
        cols = [c.strip() for c in row.strip("│").split("│")]
        if rnd.result.winner is Side.BLACK:
            black += rnd.result.points
        else:
            gold += rnd.result.points
        assert cols[0] == str(rnd.number)
        assert cols[3] == rnd.result.winner.title
        assert cols[-1] == f"{black}–{gold}"
    assert (black, gold) == (mr.score[Side.BLACK], mr.score[Side.GOLD])
    assert "Gold wins" in text
