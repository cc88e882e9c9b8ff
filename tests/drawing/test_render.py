"""Board diagrams (kamisado_notation.drawing.render), read back from a recording console at
120, 80, 60 and 40 columns.

The facts checked are the board's own (the docs/notation.md §1 grid, written out again below rather
than taken from the code), hand-made positions, and the rulebook's fill example (figures
7(b)–7(g)). The helper ``read_board`` (tests/support/diagrams.py) reads a diagram's plain text back into
``{square: Square}`` — the full board (3 lines × 7 columns a square) and the compact one
(2 × 4) alike — so that every assertion names a square.
"""

from __future__ import annotations

import random
import re
from io import StringIO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from kamisado_notation.drawing.render import (
    FULL_WIDTH,
    board_diagram,
    lineup_diagram,
    match_summary,
    moves_diagram,
    tower_mark,
)
from kamisado_notation.engine.board import Side, parse_square
from kamisado_notation.engine.match import Fill
from kamisado_notation.engine.position import Position
from tests.support.diagrams import SPEC_GRID, read_board
from tests.support.paths import SAMPLES

ANSI = re.compile(r"\x1b\[[0-9;]*m")
WIDTHS = (120, 80, 60, 40)

CODES = {"Brown": "Br", "Green": "Gr", "Red": "Re", "Yellow": "Ye", "Pink": "Pi", "Purple": "Pu", "Blue": "Bl", "Orange": "Or"}
GLYPHS = {"Brown": "棕", "Green": "綠", "Red": "紅", "Yellow": "黃", "Pink": "粉", "Purple": "紫", "Blue": "藍", "Orange": "橙"}


def spec_colour(sq: int) -> str:
    rows = SPEC_GRID.split("\n")[1:-1]
    return rows[7 - sq // 8].split()[sq % 8]


def draw(renderable, *, width: int = 100, color: bool = False) -> str:  # type: ignore[no-untyped-def]
    """What a recording console of ``width`` columns shows (plain, or with its escapes)."""
    console = Console(
        file=StringIO(), record=True, width=width, force_terminal=color, no_color=not color,
        color_system="truecolor" if color else None,
    )
    console.print(renderable)
    return console.export_text(styles=color)


def fits(text: str, width: int) -> bool:
    return all(cell_len(ANSI.sub("", line)) <= width for line in text.splitlines())


def played(position: str, origin: str, target: str) -> tuple[Position, object]:
    pos = Position.from_string(position)
    move = pos.resolve_coords(parse_square(origin), parse_square(target))
    pos.play(move)
    return pos, move


# ----------------------------------------------------------------------- the board


@pytest.mark.parametrize("width", WIDTHS)
def test_every_square_has_its_spec_colour_and_every_tower_its_side_and_letter(width: int) -> None:
    text = draw(board_diagram(Position.initial()), width=width)
    assert fits(text, width)
    grid = read_board(text)
    assert len(grid) == 64
    for sq, s in grid.items():
        if s.word is not None:
            assert s.word == CODES[spec_colour(sq)], sq
    if width >= FULL_WIDTH:  # the full board writes the code under the towers too
        assert all(s.word is not None for s in grid.values())
    assert {sq for sq, s in grid.items() if s.tower} == set(range(8)) | set(range(56, 64))
    # Black's towers on rank 8 stand on their own colours: o b p k y r g n from a8.
    assert [grid[56 + f].tower for f in range(8)] == ["●o", "●b", "●p", "●k", "●y", "●r", "●g", "●n"]
    assert [grid[f].tower for f in range(8)] == ["○N", "○G", "○R", "○Y", "○K", "○P", "○B", "○O"]
    assert grid[parse_square("d4")].tower is None


@pytest.mark.parametrize("width", WIDTHS)
def test_sumo_rings_are_plus_marks(width: int) -> None:
    pos = Position.from_string("obpky.../......../...r++..../...g+..../...n..../...P+++..../......../NGRYK.BO g P")
    grid = read_board(draw(board_diagram(pos), width=width))
    rings = {sq: (s.tower, s.rings) for sq, s in grid.items() if s.rings}
    assert rings == {
        parse_square("d3"): ("○P", 3),
        parse_square("d6"): ("●r", 2),
        parse_square("d5"): ("●g", 1),
    }
    assert tower_mark(Side.GOLD, pos.tower_at(parse_square("d3")).colour, 3) == "○P+++"


@pytest.mark.parametrize("width", WIDTHS)
def test_last_move_origin_and_target_and_the_tower_to_move_are_marked_without_colour(width: int) -> None:
    pos, move = played("obpkyrgn/......../......../......../......../......../......../NGRYKPBO b -", "d8", "d4")
    text = draw(board_diagram(pos, last_move=move), width=width)
    assert "\x1b[" not in text
    grid = read_board(text)
    assert grid[parse_square("d4")].marks == ["[]"] and grid[parse_square("d4")].tower == "●k"
    assert grid[parse_square("d8")].marks == ["()"] and grid[parse_square("d8")].tower is None
    # Gold must move his brown tower (d4 is brown), from a1: marked > <, and said below.
    assert grid[parse_square("a1")].marks == ["><"] and grid[parse_square("a1")].tower == "○N"
    assert sum(bool(s.marks) for s in grid.values()) == 3
    flat = " ".join(text.split())
    assert "Gold to move: the brown tower on a1" in flat and "d8-d4" in flat


@pytest.mark.parametrize("width", WIDTHS)
def test_a_push_marks_the_pushed_towers(width: int) -> None:
    pos, push = played("o.pkyrgn/......../....b++.../....Y.../....K+.../......../......../NGR..PBO b B", "e6", "e5")
    assert push.push
    grid = read_board(draw(board_diagram(pos, last_move=push), width=width))
    e5, e4, e3, e6 = (grid[parse_square(n)] for n in ("e5", "e4", "e3", "e6"))
    assert (e5.tower, e5.rings, e5.marks) == ("●b", 2, ["[]"])
    assert (e4.tower, e4.marks) == ("○Y", ["{}"])
    assert (e3.tower, e3.rings, e3.marks) == ("○K", 1, ["{}"])
    assert e6.tower is None and e6.marks == ["()"]


@pytest.mark.parametrize("width", WIDTHS)
def test_flip_puts_rank_1_on_top_and_file_h_on_the_left(width: int) -> None:
    text = draw(board_diagram(Position.initial(), flip=True), width=width)
    ranks = [m.group(1) for line in text.splitlines() if (m := re.match(r"^ ?([1-8]) .* \1$", line))]
    assert ranks == list("12345678")
    header = next(line for line in text.splitlines() if line.strip().startswith("h"))
    assert header.split() == list("hgfedcba")
    assert read_board(text) == read_board(draw(board_diagram(Position.initial()), width=width))


@pytest.mark.parametrize("width", (80, 40))
def test_colour_output_says_the_same_as_the_plain_output(width: int) -> None:
    pos = Position.initial()
    move = pos.legal_moves()[3]
    pos.play(move)
    coloured = draw(board_diagram(pos, last_move=move), width=width, color=True)
    assert "\x1b[" in coloured and "48;2;" in coloured  # real background colours
    assert ANSI.sub("", coloured) == draw(board_diagram(pos, last_move=move), width=width)


def test_the_towers_are_drawn_in_their_own_colours_on_black_or_gold() -> None:
    coloured = draw(board_diagram(Position.initial()), color=True)
    orange = "48;2;240;132;42"  # the orange square's and the orange tower's colour
    for mark in ("●o", "○O"):
        assert re.search(rf"\x1b\[[0-9;]*{orange}[0-9;]*m{mark}", coloured), mark
    assert "48;2;22;22;22" in coloured and "48;2;230;207;138" in coloured  # the bodies


@pytest.mark.parametrize("width", WIDTHS)
def test_nothing_is_wider_than_the_console(width: int) -> None:
    pos = Position.from_string("obpky.../......../...r++..../...g+..../...n..../...P+++..../......../NGRYK.BO g P")
    for renderable in (
        board_diagram(Position.initial(), title="Match 1, round 12, after ply 31 of 31: a long title " * 2),
        moves_diagram(pos),
        moves_diagram(Position.initial()),
        lineup_diagram(Position.from_string(FIGURE_7), Fill.LEFT, round_number=2),
        board_diagram(pos, glyphs=True),
    ):
        text = draw(renderable, width=width)
        assert fits(text, width), text
        assert read_board(text)


@pytest.mark.parametrize("width", WIDTHS)
def test_legend_and_status_are_printed(width: int) -> None:
    text = " ".join(draw(board_diagram(Position.initial()), width=width).split())
    assert "Black to move, any tower (T1)" in text
    for words in ("●x Black tower", "○X Gold tower", "+ Sumo ring", "> < to move", "[ ] moved to", "( ) from",
                  "{ } pushed", "= = blocked", "* can go", "square colour"):
        assert words in text, words


@pytest.mark.parametrize("width", WIDTHS)
def test_the_legend_says_what_the_cap_over_a_tower_is_when_the_board_draws_caps(width: int) -> None:
    text = draw(board_diagram(Position.initial()), width=width)
    board, legend = text.split("Black to move")
    assert ("▄▄▄" in board) == ("▄▄▄ tower's cap, black or gold" in " ".join(legend.split())) == (width >= 61)


@pytest.mark.parametrize("width", WIDTHS)
def test_glyphs_write_the_boards_chinese_characters(width: int) -> None:
    text = draw(board_diagram(Position.initial(), glyphs=True), width=width)
    assert fits(text, width)
    grid = read_board(text)
    words = {sq: s.word for sq, s in grid.items() if s.word is not None}
    assert len(words) >= 32
    assert all(w == GLYPHS[spec_colour(sq)] for sq, w in words.items())
    assert "紫 square colour" in text


def test_status_tells_a_won_round() -> None:
    won = Position.from_string("obpkyrg./......../......../......../......../......../......BO/NGRYKP.n g -")
    assert "Black has reached the home row and wins the round (M7)" in draw(board_diagram(won))


@pytest.mark.parametrize("width", WIDTHS)
def test_a_deadlock_marks_both_blocked_towers_and_nobody_is_to_move(width: int) -> None:
    # Black's blue tower (h2) and Gold's red one (e7) block each other for ever; Gold
    # moved last (M8). Found by random play and checked by the engine.
    stuck = Position.from_string("o.pkyr../....R.../N......./......g./......../..n...../.......b/.G.YKPBO b B")
    text = draw(board_diagram(stuck), width=width)
    flat = " ".join(text.split())
    assert "Deadlock (M8): Black's blue tower (h2) and Gold's red tower (e7) can never move." in flat
    assert "Gold made the last move and loses the round." in flat
    assert "to move:" not in flat and "to move," not in flat
    grid = read_board(text)
    assert {sq for sq, s in grid.items() if "==" in s.marks} == {parse_square("h2"), parse_square("e7")}
    assert not any("><" in s.marks for s in grid.values())


@pytest.mark.parametrize("width", (80, 40))
def test_a_blocked_tower_is_marked_before_and_after_it_forfeits(width: int) -> None:
    # Gold must move his red tower (c1): Black's blue (c2) stands in front of it, his own
    # green (b2) and pink (d2) on its diagonals, so it is blocked (M6). Found by random play.
    pos = Position.from_string("o...y.../..Y.B.../...k..gn/......../..P..r../N......./.GbK.p../..R....O g R")
    assert pos.must_forfeit() and pos.deadlock() is None
    text = draw(board_diagram(pos), width=width)
    assert read_board(text)[parse_square("c1")].marks == ["=="]
    assert "It is blocked and forfeits the turn (M6)." in " ".join(text.split())
    forfeit = pos.forfeit_move()
    pos.play(forfeit)
    text = draw(board_diagram(pos, last_move=forfeit), width=width)
    grid = read_board(text)
    assert grid[parse_square("c1")].marks == ["=="]
    assert "Gold forfeits" in " ".join(text.split())
    assert grid[pos.square_of(Side.BLACK, pos.tower)].marks == ["><"]


# ------------------------------------------------------------------ moves diagrams


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
@given(st.integers(0, 10_000), st.integers(0, 30), st.sampled_from(WIDTHS))
def test_moves_diagram_marks_exactly_the_legal_targets(seed: int, plies: int, width: int) -> None:
    pos = _random_position(seed, plies)
    text = draw(moves_diagram(pos), width=width)
    assert fits(text, width)
    grid = read_board(text)
    moves = pos.legal_moves()
    # every target is marked, a push's too (under the nearest pushed tower)
    assert {sq for sq, s in grid.items() if s.reachable} == {m.target for m in moves}
    assert {sq for sq, s in grid.items() if "{}" in s.marks} == {sq for m in moves for sq in m.push}
    if pos.tower is not None and pos.winner is None and moves and not any(m.push for m in moves):
        assert grid[pos.square_of(pos.to_move, pos.tower)].marks == ["><"]
    for sq, t in pos.towers().items():  # every tower still drawn where it stands
        assert grid[sq].tower == tower_mark(t.side, t.colour)
        assert grid[sq].rings == t.rings


def test_moves_diagram_of_the_rulebook_figure_2b() -> None:
    # Figure 2(a)/(b): Black's red tower has moved to a blue square, so Gold moves blue.
    pos = Position.initial()
    move = next(m for m in pos.legal_moves() if m.tower.name == "RED" and spec_colour(m.target) == "Blue")
    pos.play(move)
    grid = read_board(draw(moves_diagram(pos)))
    blue = pos.square_of(Side.GOLD, pos.tower)
    assert grid[blue].marks == ["><"] and grid[blue].tower == "○B"
    assert {sq for sq, s in grid.items() if s.reachable} == {m.target for m in pos.legal_moves()}


@pytest.mark.parametrize("width", WIDTHS)
def test_a_push_target_is_marked_reachable(width: int) -> None:
    # Gold's purple Triple Sumo (d3) can push the three Black towers above it (TS2).
    pos = Position.from_string("obpky.../......../...r++..../...g+..../...n..../...P+++..../......../NGRYK.BO g P")
    grid = read_board(draw(moves_diagram(pos), width=width))
    assert {sq for sq, s in grid.items() if s.reachable} == {parse_square(n) for n in ("c4", "e4", "d4")}
    assert grid[parse_square("d4")].tower == "●n"
    assert {sq for sq, s in grid.items() if "{}" in s.marks} == {parse_square(n) for n in ("d4", "d5", "d6")}


# ------------------------------------------------------------------------ lineups

# Rulebook figures 7(b)–7(g) (docs/rules.md's worked example): Gold (Alain) has just won with
# his purple tower on e8, which takes its Sumo ring before the fill; Black (David) as
# figure 7(c) describes.
FIGURE_7 = "..y.Prg./......G./k..Y..../R..o.K.n/..O...../.b....../.......p/.N..B... b -"


@pytest.mark.parametrize("width", WIDTHS)
def test_lineup_numbers_the_fill_order_of_figures_7b_and_7c(width: int) -> None:
    pos = Position.from_string(FIGURE_7)
    text = draw(lineup_diagram(pos, Fill.LEFT, round_number=2), width=width)
    assert fits(text, width)
    flat = " ".join(text.split())
    assert "Round 2: fill from the left (F3)" in flat
    boards = text.split("Round 2 starts:")
    grid = read_board(boards[0])
    numbered = {sq: s.label for sq, s in grid.items() if s.label}
    gold = {"b1": "1", "e1": "2", "c4": "3", "a5": "4", "f5": "5", "d6": "6", "g7": "7", "e8": "8"}
    black = {"g8": "1", "f8": "2", "c8": "3", "a6": "4", "h5": "5", "d5": "6", "b3": "7", "h2": "8"}
    assert numbered == {parse_square(k): v for k, v in {**gold, **black}.items()}
    assert "Gold's lineup, a1→h1 (his left to right): Brown Blue Orange Red Pink Yellow Green Purple+ " in flat + " "
    assert "Black's lineup, h8→a8 (his left to right): Green Red Yellow Pink Brown Orange Blue Purple" in flat
    start = read_board(boards[1])
    assert [start[parse_square(f + "1")].tower for f in "abcdefgh"] == ["○N", "○B", "○O", "○R", "○K", "○Y", "○G", "○P"]
    assert start[parse_square("h1")].rings == 1
    assert "Black to move, any tower (T1)" in " ".join(boards[1].split())


def test_lineup_fill_right_of_figures_7e_to_7g() -> None:
    pos = Position.from_string(FIGURE_7)
    text = draw(lineup_diagram(pos, Fill.RIGHT))
    assert "The next round: fill from the right (F4)" in text
    grid = read_board(text.split("The next round starts:")[0])
    gold = {"e1": "1", "b1": "2", "c4": "3", "f5": "4", "a5": "5", "d6": "6", "g7": "7", "e8": "8"}
    for name, n in gold.items():
        assert grid[parse_square(name)].label == n
    # From the Orange square (h1) back to the Brown one: Blue, Brown, Orange, Pink, Red…
    start = read_board(text.split("The next round starts:")[1])
    assert [start[parse_square(f + "1")].tower for f in "hgfedcba"] == ["○B", "○N", "○O", "○K", "○R", "○Y", "○G", "○P"]


# ------------------------------------------------------------------ match summary


def _standard_match():  # type: ignore[no-untyped-def]

    from kamisado_notation.checking.replay import replay_match
    from kamisado_notation.notation import read_record

    path = SAMPLES / "standard-match.kmr"
    return replay_match(read_record(str(path)).matches[0])


def test_match_summary_keeps_the_running_score() -> None:
    mr = _standard_match()
    text = draw(match_summary(mr))
    rows = [line for line in text.splitlines() if re.match(r"^│\s+\d", line)]
    assert len(rows) == len(mr.rounds)
    black = gold = 0
    for row, rnd in zip(rows, mr.rounds, strict=True):
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


def test_match_summary_does_not_count_past_a_round_the_replay_stopped_in() -> None:
    """Round 2 holds a move no rule allows, round 3 restarts the replay from its lineups:
    the replay says the score from there on is unknown, so the running score is '?' from
    round 2 on, while rounds 3… keep their own winner and points."""
    from kamisado_notation.checking.replay import replay_match
    from kamisado_notation.notation import parse_record
    from tests.support.stopped import slipped  # a record with such a round, and lineups after it

    text, _bad, _late = slipped(with_lineups=True)
    mr = replay_match(parse_record(text).matches[0])
    assert mr.rounds[1].stopped and mr.rounds[2].result is not None
    table = draw(match_summary(mr))
    rows = [[c.strip() for c in line.strip("│").split("│")] for line in table.splitlines() if re.match(r"^│\s+\d", line)]
    first = mr.rounds[0].result
    assert first is not None
    assert rows[0][-1] == ("1–0" if first.winner is Side.BLACK else "0–1")
    assert [r[-1] for r in rows[1:]] == ["?"] * (len(rows) - 1)
    for row, rnd in zip(rows[2:], mr.rounds[2:], strict=True):
        if rnd.result is not None:
            assert row[3] == rnd.result.winner.title and row[6] == str(rnd.result.points)


@pytest.mark.parametrize("width", (60, 40))
def test_match_summary_keeps_the_essentials_on_a_narrow_console(width: int) -> None:
    mr = _standard_match()
    text = draw(match_summary(mr), width=width)
    assert fits(text, width)
    assert "…" not in text  # nothing cut short
    rows = [line.split() for line in text.splitlines() if re.match(r"^\s+\d\s", line)]
    assert [r[0] for r in rows] == [str(rnd.number) for rnd in mr.rounds]
    black = gold = 0
    for row, rnd in zip(rows, mr.rounds, strict=True):
        result = rnd.result
        black += result.points if result.winner is Side.BLACK else 0
        gold += result.points if result.winner is Side.GOLD else 0
        assert tower_mark(result.winner, result.tower) in row and result.winner.title in row
        assert row[-1] == f"{black}–{gold}"
    assert "Gold wins" in " ".join(text.split())
