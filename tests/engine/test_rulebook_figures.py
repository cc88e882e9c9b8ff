"""The rulebook's worked examples, rebuilt from the text (rules-en.txt).

The figure booklet is not available, so every position here is built by hand FROM THE
TEXT: the towers the text names stand where the text says they do, and the rest of the
board is filled in so that everything else the text says also holds (which squares are
empty, which moves exist). Each test says which figure it is and what the text says; the
hand-derived squares and counts in the assertions are worked out from the board colours
of docs/notation.md §1, not from the engine.

Directions: Gold's forward is up the board (rank + 1), his left is towards file a;
Black's forward is down (rank - 1), his left is towards file h.
"""

from __future__ import annotations

import pytest

from kamisado_notation.engine.board import SQUARE_COLOURS, Colour, Direction, Side, parse_square
from kamisado_notation.engine.match import (
    Fill,
    Match,
    MatchError,
    fill,
    fill_order,
    lineup,
    ring_points,
    round_result,
)
from kamisado_notation.engine.perft import perft
from kamisado_notation.engine.position import Position
from kamisado_notation.errors import IllegalMoveError

B, G = Side.BLACK, Side.GOLD
F, L, R = Direction.FORWARD, Direction.LEFT, Direction.RIGHT
(BROWN, GREEN, RED, YELLOW, PINK, PURPLE, BLUE, ORANGE) = tuple(Colour)


def sq(name: str) -> int:
    return parse_square(name)


def names(squares) -> set[str]:
    from kamisado_notation.engine.board import square_name

    return {square_name(s) for s in squares}


def build(placement: str, to_move: str, tower: str = "-", last: str | None = None) -> Position:
    """A position from ``"e5:g++ d4:K ..."`` (square:tower as in the position string,
    lowercase Black, uppercase Gold, one ``+`` per ring), through the position string
    itself so that the parser's checks (all 16 towers, one of each) apply."""
    cells = [["."] * 8 for _ in range(8)]
    for item in placement.split():
        square, tower_text = item.split(":")
        s = sq(square)
        assert cells[7 - s // 8][s % 8] == ".", f"two towers on {square}"
        cells[7 - s // 8][s % 8] = tower_text
    ranks = "/".join("".join(row) for row in cells)
    text = f"{ranks} {to_move} {tower}" + (f" {last}" if last else "")
    return Position.from_string(text)


def targets(position: Position) -> set[str]:
    return names(m.target for m in position.legal_moves())


# --------------------------------------------------------------------- figures 1 and 2


def test_figure_1a_pink_opening_moves():
    """Figure 1(a): Johan (Black) may open with his pink tower on d8: any distance
    straight or diagonally forward. By hand: forward d7..d2 (d1 holds Gold's yellow),
    left (towards h) e7 f6 g5 h4, right (towards a) c7 b6 a5: 13 squares."""
    pos = Position.initial()
    moves = pos.tower_moves(PINK)
    assert names(m.target for m in moves) == {
        "d7", "d6", "d5", "d4", "d3", "d2", "e7", "f6", "g5", "h4", "c7", "b6", "a5"
    }
    assert all(m.origin == sq("d8") for m in moves)


def test_figure_1b_red_opening_moves():
    """Figure 1(b): the red tower on f8: forward f7..f2, left g7 h6, right e7 d6 c5 b4
    a3: 13 squares."""
    pos = Position.initial()
    assert names(m.target for m in pos.tower_moves(RED)) == {
        "f7", "f6", "f5", "f4", "f3", "f2", "g7", "h6", "e7", "d6", "c5", "b4", "a3"
    }


def test_opening_move_count_is_the_sum_of_every_tower():
    """T1: the first move may be any tower. Each tower has 6 forward moves and, on its
    two diagonals, as many squares as the diagonal holds before rank 2's end: by hand
    the eight towers have 12, 13, 13, 13, 13, 13, 13, 12 moves = 102."""
    pos = Position.initial()
    per_tower = [len(pos.tower_moves(c)) for c in Colour]
    # Black's towers from a8 (orange) to h8 (brown)
    by_file = [len(pos.tower_moves(pos.board[sq(f + "8")].colour)) for f in "abcdefgh"]
    assert by_file == [12, 13, 13, 13, 13, 13, 13, 12]
    assert sum(per_tower) == 102 == pos.count_moves() == len(pos.legal_moves())


def test_figure_2_opening_sequence():
    """Figures 2(a)-(l). The text fixes the colours, not every square; this is one line
    that satisfies all of it, with each set of options worked out by hand:

    2(a) Johan's red tower to a blue square (f8-c5, right 3). 2(b) Alain must move his
    blue tower (T2). 2(c) Alain's blue tower to the yellow square: g6 is the ONLY yellow
    square it can reach, whichever blue square the red tower chose. 2(e) Johan's yellow
    to a purple square (b5). 2(g) Alain's purple to a green square (e2). 2(i) Johan's
    green to an orange square (d5). 2(k) Alain's orange 5 forward to a blue square (h6).
    2(l) Johan's blue tower's options."""
    pos = Position.initial()
    # 2(a): every blue square the red tower can reach, and in each case the blue reply
    # to a yellow square is forced to g6 (forward 5).
    blue_targets = [m for m in pos.tower_moves(RED) if m.square_colour is BLUE]
    assert names(m.target for m in blue_targets) == {"f4", "h6", "e7", "c5", "a3"}
    for red_move in blue_targets:
        pos.play(red_move)
        assert pos.tower is BLUE
        yellow = [m for m in pos.legal_moves() if m.square_colour is YELLOW]
        assert [m.coords() for m in yellow] == ["g1-g6"]
        pos.undo()

    pos.play(pos.resolve(R, 3, tower=RED))  # f8-c5
    # 2(b): blue g1: forward g2..g7 (g8 holds Black's green), left f2 e3 d4 (c5 taken), right h2
    assert targets(pos) == {"g2", "g3", "g4", "g5", "g6", "g7", "f2", "e3", "d4", "h2"}
    pos.play(pos.resolve(F, 5))  # 2(c) g1-g6, a yellow square
    assert pos.tower is YELLOW and pos.to_move is B
    # 2(d): yellow e8: forward e7..e2, left f7 (g6 taken), right d7 c6 b5 a4
    assert targets(pos) == {"e7", "e6", "e5", "e4", "e3", "e2", "f7", "d7", "c6", "b5", "a4"}
    purple = {m.coords() for m in pos.legal_moves() if m.square_colour is PURPLE}
    assert purple == {"e8-e6", "e8-b5"}
    pos.play(pos.resolve(R, 3))  # 2(e) e8-b5
    # 2(f): purple f1: forward f2..f8 (f8 is empty: the red tower left it), left e2 d3
    # c4 (b5 taken), right g2 h3
    assert targets(pos) == {"f2", "f3", "f4", "f5", "f6", "f7", "f8", "e2", "d3", "c4", "g2", "h3"}
    pos.play(pos.resolve(L, 1))  # 2(g) f1-e2, a green square
    assert pos.tower is GREEN
    # 2(h): green g8: forward g7 (g6 taken), left h7, right f7 e6 d5 c4 b3 a2
    assert targets(pos) == {"g7", "h7", "f7", "e6", "d5", "c4", "b3", "a2"}
    assert [m.coords() for m in pos.legal_moves() if m.square_colour is ORANGE] == ["g8-d5"]
    pos.play(pos.resolve(R, 3))  # 2(i)
    # 2(j): orange h1: forward h2..h7 (h8 holds Black's brown), left g2 f3 e4 (d5 taken)
    assert targets(pos) == {"h2", "h3", "h4", "h5", "h6", "h7", "g2", "f3", "e4"}
    move = pos.resolve(F, 5)  # 2(k) "5 spaces forwards to a blue square"
    assert move.square_colour is BLUE and move.coords() == "h1-h6"
    pos.play(move)
    # 2(l): blue b8: forward b7 b6 (b5 holds his yellow), left c7 d6 e5 f4 g3 h2, right a7
    assert targets(pos) == {"b7", "b6", "c7", "d6", "e5", "f4", "g3", "h2", "a7"}


# ------------------------------------------------------------------------- figure 3


def figure_3() -> Position:
    """Helmut (Black) to move his brown tower on h8; Steve (Gold) has his blue tower on
    h3 with his orange in front of it on h5, and Helmut's pink stands on g4."""
    return build(
        "a8:o b8:b c8:p e8:y f8:r g8:g h8:n g4:k "
        "a1:N b1:G c1:R d1:Y e1:K f1:P h3:B h5:O",
        "b",
        "N",
    )


def test_figure_3_must_move_if_you_can():
    """Figure 3(a): Helmut's brown moves forward two to a blue square (h8-h6).
    3(b): Steve must move his blue tower; the only square it can reach is the pink one
    (h4: h5 is blocked, g4 holds Helmut's pink), and he may not pass (M5).
    3(c): Helmut wins by moving his pink tower three forward onto the blue square g1."""
    pos = figure_3()
    move = pos.resolve(F, 2)
    assert move.square_colour is BLUE
    pos.play(move)
    assert (pos.to_move, pos.tower) == (G, BLUE)
    only = pos.legal_moves()
    assert [m.coords() for m in only] == ["h3-h4"] and only[0].square_colour is PINK
    assert not pos.must_forfeit()
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(None, 0)
    assert e.value.rule == "M5"
    pos.play(only[0])
    assert pos.tower is PINK
    win = pos.resolve(F, 3)
    assert win.coords() == "g4-g1" and win.square_colour is BLUE
    pos.play(win)
    assert pos.winner is B
    result = round_result(pos)
    assert (result.winner, result.by, result.tower, result.points) == (B, "home-row", PINK, 1)


# ---------------------------------------------------------------------- figures 4 to 6


def figure_4() -> Position:
    """Amy (Black) to move her brown tower on e6. Chris's (Gold) green stands on b3, his
    brown on b4 in front of it, Amy's yellow on a4 and red on c4 on its diagonals."""
    return build(
        "a8:o b8:b c8:p d8:k g8:g e6:n a4:y c4:r "
        "b4:N b3:G c1:R d1:Y e1:K f1:P g1:B h1:O",
        "b",
        "N",
    )


def test_figure_4_a_blocked_tower_forfeits():
    """Figure 4(a): Amy's brown moves forward four to a green square (e6-e2).
    4(b): Chris's green is blocked by Amy's red and yellow and his own brown; he forfeits,
    his tower trapped on a yellow square. 4(c): Amy moves her yellow tower three forward
    onto Chris's home row and wins (M7)."""
    pos = figure_4()
    move = pos.resolve(F, 4)
    assert move.coords() == "e6-e2" and move.square_colour is GREEN
    pos.play(move)
    assert pos.tower is GREEN and pos.legal_moves() == [] and pos.must_forfeit()
    assert pos.deadlock() is None
    assert perft(pos, 1) == 1  # the forced forfeit counts as one move
    forfeit = pos.resolve(None, 0)
    assert forfeit == pos.forfeit_move()
    assert forfeit.distance == 0 and forfeit.square_colour is YELLOW  # trapped on b3
    pos.play(forfeit)
    assert (pos.to_move, pos.tower) == (B, YELLOW)
    assert pos.last_mover is B  # a forfeit is not an actual move
    win = pos.resolve(F, 3)
    assert win.coords() == "a4-a1"
    pos.play(win)
    assert pos.winner is B
    assert round_result(pos).tower is YELLOW


def figure_5() -> Position:
    """Daniel (Black) to move his blue tower on e7. Vlora's (Gold) green is on her home
    row's d1 with Daniel's yellow on d2 in front of it; Vlora's yellow on c2 and her red
    and pink on c1, e1; her blue on g3."""
    return build(
        "a8:o c8:p d8:k f8:r g8:g h8:n e7:b d2:y "
        "a1:N d1:G c1:R c2:Y e1:K f1:P g3:B h1:O",
        "b",
        "B",
    )


def test_figure_5_double_forfeit():
    """Figure 5(a): Daniel's blue moves five forward onto a green square (e7-e2).
    5(b): Vlora's green is blocked (d2, c2, e2 taken) and forfeits, trapped on yellow.
    5(c): Daniel's yellow is blocked too (d1, c1, e1 taken) and forfeits, trapped on
    blue. 5(d): Vlora's blue moves three forward to a yellow square (g3-g6).
    5(e): Daniel's yellow is still trapped and forfeits again.
    5(f): Vlora's blue moves two diagonally onto Daniel's home row and wins."""
    pos = figure_5()
    move = pos.resolve(F, 5)
    assert move.coords() == "e7-e2" and move.square_colour is GREEN
    pos.play(move)
    assert pos.must_forfeit() and pos.deadlock() is None
    assert pos.forfeit_move().square_colour is YELLOW
    pos.play(pos.resolve(None, 0))  # 5(b)
    assert (pos.to_move, pos.tower) == (B, YELLOW)
    assert pos.must_forfeit() and pos.deadlock() is None
    assert pos.forfeit_move().square_colour is BLUE
    pos.play(pos.resolve(None, 0))  # 5(c)
    assert (pos.to_move, pos.tower) == (G, BLUE)
    move = pos.resolve(F, 3)  # 5(d)
    assert move.coords() == "g3-g6" and move.square_colour is YELLOW
    pos.play(move)
    assert (pos.to_move, pos.tower) == (B, YELLOW) and pos.must_forfeit()
    assert pos.forfeit_move().square_colour is BLUE  # still on the same blue square
    pos.play(pos.resolve(None, 0))  # 5(e)
    assert (pos.to_move, pos.tower) == (G, BLUE)
    win = pos.resolve(L, 2)  # 5(f)
    assert win.coords() == "g6-e8"
    pos.play(win)
    assert pos.winner is G and round_result(pos).tower is BLUE


def figure_6() -> Position:
    """Wolfgang (Gold) to move his blue tower on h2. His red stands on f5 under his own
    brown (f6) and Ralf's pink (e6) and purple (g6); Ralf's green on e7 and red on d5,
    Wolfgang's yellow and orange on e5 and c5."""
    return build(
        "a8:o b8:b e8:y h8:n e7:g e6:k g6:p d5:r "
        "f6:N f5:R e5:Y c5:O h2:B b1:G e1:K f1:P",
        "g",
        "B",
    )


def test_figure_6_deadlock_and_its_ring():
    """Figure 6(a): Wolfgang's blue moves one forward to a green square (h2-h3).
    6(b): Ralf's green has one move only, to the red square diagonally right (e7-d6),
    and must make it (M5). 6(c): Wolfgang's red is blocked by his brown and Ralf's pink
    and purple; trapped on a green square. 6(d): Ralf's green is blocked by his red and
    Wolfgang's yellow and orange; trapped on a red square. 6(e): deadlock; Ralf made the
    last actual move, so he loses (M8), and "Wolfgang takes a Sumo ring and places it on
    his red tower (because that is the colour of the square that Ralf last moved to)"."""
    pos = figure_6()
    move = pos.resolve(F, 1)
    assert move.coords() == "h2-h3" and move.square_colour is GREEN
    pos.play(move)
    assert [m.coords() for m in pos.legal_moves()] == ["e7-d6"]
    assert pos.legal_moves()[0].direction is R and pos.legal_moves()[0].square_colour is RED
    pos.play(pos.legal_moves()[0])
    assert (pos.to_move, pos.tower) == (G, RED)
    assert pos.must_forfeit() and pos.forfeit_move().square_colour is GREEN
    assert pos.deadlock() is B  # Ralf loses
    assert perft(pos, 1) == 0 and perft(pos, 3) == 0  # a deadlock has no leaves
    # Playing the forfeits on shows the cycle the text describes.
    pos.play(pos.forfeit_move())  # 6(c)
    assert (pos.to_move, pos.tower) == (B, GREEN) and pos.must_forfeit()
    assert pos.forfeit_move().square_colour is RED
    pos.play(pos.forfeit_move())  # 6(d)
    assert (pos.to_move, pos.tower) == (G, RED) and pos.deadlock() is B  # 6(e)
    result = round_result(pos)
    assert (result.winner, result.by, result.tower, result.points) == (G, "deadlock", RED, 1)
    match = Match(target=3, start=figure_6())
    for m in ("h2-h3", "e7-d6"):
        o, t = m.split("-")
        match.position.play(match.position.resolve_coords(sq(o), sq(t)))
    assert match.finish_round() == result
    red = match.position.tower_at(match.position.square_of(G, RED))
    assert red.rings == 1 and match.score == {B: 0, G: 1}


def test_figure_6_deadlock_from_a_position_string():
    """The same deadlock read from a string has no history: the ring goes on the tower
    that must move, here Wolfgang's red (the colour of the square Ralf last moved to)."""
    pos = build(
        "a8:o b8:b e8:y h8:n d6:g e6:k g6:p d5:r "
        "f6:N f5:R e5:Y c5:O h3:B b1:G e1:K f1:P",
        "g",
        "R",
    )
    assert pos.deadlock() is B
    result = round_result(pos)
    assert (result.winner, result.by, result.tower) == (G, "deadlock", RED)


# ------------------------------------------------------------------------- figure 7


def figure_7() -> Position:
    """Alain (Gold) to move his purple tower on f3, which will go five diagonally left
    to a8. The other towers stand where figures 7(b) and 7(c) say: Gold's brown and blue
    on his home row (c1, g1), orange on row 4 (h4), red and pink on row 5 (a5, g5),
    yellow on row 6 (h6), green on row 7 (g7). David's (Black) green, red and yellow on
    his home row (h8, f8, c8: his left is file h), pink on his row 3 (e6), brown and
    orange on his row 4 (f5, e5), blue on his row 6 (b3), purple on his row 7 (d2)."""
    return build(
        "h8:g f8:r c8:y e6:k f5:n e5:o b3:b d2:p "
        "f3:P g7:G h6:Y a5:R g5:K h4:O c1:N g1:B",
        "g",
        "P",
    )


def colours(towers) -> list[Colour]:
    return [t.colour for t in towers]


def test_figure_7_fill_left_and_right():
    """Figure 7(a): Alain's purple moves five diagonally onto David's home row and wins;
    it takes a Sumo ring. 7(b): Alain fills from the left: Brown Blue Orange Red Pink
    Yellow Green Purple from the brown square. 7(c): David fills from the left too:
    Green Red Yellow Pink Brown Orange Blue Purple. 7(e): filling from the right, Alain
    places from the orange square back: Blue Brown Orange Pink Red Yellow Green Purple.
    7(h): filling right would leave his yellow tower with a yellow square in front."""
    match = Match(target=3, start=figure_7())
    pos = match.position
    move = pos.resolve(L, 5)
    assert move.coords() == "f3-a8"
    pos.play(move)
    result = match.finish_round()
    assert (result.winner, result.tower, result.points) == (G, PURPLE, 1)
    assert match.score == {B: 0, G: 1}
    end = pos.copy()

    assert colours(fill_order(end, G, Fill.LEFT)) == [
        BROWN, BLUE, ORANGE, RED, PINK, YELLOW, GREEN, PURPLE
    ]
    assert colours(lineup(end, G, Fill.LEFT)) == [
        BROWN, BLUE, ORANGE, RED, PINK, YELLOW, GREEN, PURPLE
    ]
    assert colours(fill_order(end, B, Fill.LEFT)) == [
        GREEN, RED, YELLOW, PINK, BROWN, ORANGE, BLUE, PURPLE
    ]
    # Filling right: the order of selection, placed from the orange square back.
    assert colours(fill_order(end, G, Fill.RIGHT)) == [
        BLUE, BROWN, ORANGE, PINK, RED, YELLOW, GREEN, PURPLE
    ]
    # David filling right, by hand: home row from his right (a8) yellow, red, green;
    # row 3 pink; row 4 from his right orange (e5), brown (f5); blue; purple.
    assert colours(fill_order(end, B, Fill.RIGHT)) == [
        YELLOW, RED, GREEN, PINK, ORANGE, BROWN, BLUE, PURPLE
    ]

    start = match.next_round(Fill.LEFT)  # 7(d)
    assert match.challenger is B and (start.to_move, start.tower) == (B, None)
    gold_row = [start.tower_at(sq(f + "1")) for f in "abcdefgh"]
    assert colours(gold_row) == [BROWN, BLUE, ORANGE, RED, PINK, YELLOW, GREEN, PURPLE]
    black_row = [start.tower_at(sq(f + "8")) for f in "hgfedcba"]  # from David's left
    assert colours(black_row) == [GREEN, RED, YELLOW, PINK, BROWN, ORANGE, BLUE, PURPLE]
    assert all(t.side is G for t in gold_row) and all(t.side is B for t in black_row)
    assert start.tower_at(sq("h1")).rings == 1  # the Sumo keeps its ring
    assert sum(t.rings for t in start.towers().values()) == 1
    # 7(h): the purple Sumo's opening moves from h1, range 5 (S1): h2..h6, g2 f3 e4 d5 c6.
    gold_view = Position(start.towers(), to_move=G)
    assert names(m.target for m in gold_view.tower_moves(PURPLE)) == {
        "h2", "h3", "h4", "h5", "h6", "g2", "f3", "e4", "d5", "c6"
    }

    right = fill(end, Fill.RIGHT, challenger=B)  # 7(g)
    gold_row = [right.tower_at(sq(f + "1")).colour for f in "hgfedcba"]  # from orange
    assert gold_row == [BLUE, BROWN, ORANGE, PINK, RED, YELLOW, GREEN, PURPLE]
    black_row = [right.tower_at(sq(f + "8")).colour for f in "abcdefgh"]  # from orange
    assert black_row == [YELLOW, RED, GREEN, PINK, ORANGE, BROWN, BLUE, PURPLE]
    assert right.tower_at(sq("c1")).colour is YELLOW and SQUARE_COLOURS[sq("c2")] is YELLOW


# ------------------------------------------------------------------------- figure 8


def figure_8() -> Position:
    """Alain (Black) to move his orange tower on c8. Pete's (Gold) purple Sumo stands on
    h3 with Alain's red on h4 in front of it and the yellow square h5 empty behind."""
    return build(
        "a8:b b8:n c8:o d8:g e8:p f8:k g8:y h4:r "
        "h3:P+ a1:N b1:Y c1:G d1:R e1:K f1:B g1:O",
        "b",
        "O",
    )


def test_figure_8bcd_sumo_push_is_optional():
    """Figure 8(a): Alain's orange moves two diagonally to a purple square (c8-e6).
    8(b): Pete's purple Sumo may move diagonally to a purple or a green square (g4, f5;
    e6 now blocks the diagonal) (S10). 8(c): or push Alain's red back one onto the yellow
    square h5 (S2). 8(d): Alain misses his turn and Pete moves again with his yellow tower
    (S3)."""
    pos = figure_8()
    move = pos.resolve(L, 2)
    assert move.coords() == "c8-e6" and move.square_colour is PURPLE
    pos.play(move)
    assert (pos.to_move, pos.tower) == (G, PURPLE)
    moves = pos.legal_moves()
    ordinary = [m for m in moves if not m.push]
    pushes = [m for m in moves if m.push]
    assert {m.coords(): m.square_colour for m in ordinary} == {"h3-g4": PURPLE, "h3-f5": GREEN}
    assert len(pushes) == 1
    push = pushes[0]
    assert push.coords() == "h3-h4" and push.push == (sq("h4"),)
    assert push.pushed_to == sq("h5") and SQUARE_COLOURS[sq("h5")] is YELLOW
    assert pos.resolve(F, 1) == push
    pos.play(push)
    assert (pos.to_move, pos.tower) == (G, YELLOW)  # Alain's turn is forfeited
    assert pos.tower_at(sq("h4")).colour is PURPLE and pos.tower_at(sq("h5")).colour is RED
    assert pos.winner is None
    yellow_after_8c = targets(pos)
    # 8(d) by hand: yellow on b1: forward b2..b7, left a2, right c2 d3 e4 f5 g6 h7
    assert yellow_after_8c == {
        "b2", "b3", "b4", "b5", "b6", "b7", "a2", "c2", "d3", "e4", "f5", "g6", "h7"
    }

    # 8(e)/(f): the orange tower goes four instead, to g4, another purple square; now the
    # push is the purple Sumo's only move and is compulsory (S11).
    pos = figure_8()
    move = pos.resolve(L, 4)
    assert move.coords() == "c8-g4" and move.square_colour is PURPLE
    pos.play(move)
    assert [m.coords() for m in pos.legal_moves()] == ["h3-h4"]
    assert not pos.must_forfeit()
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(None, 0)
    assert e.value.rule == "M5"
    pos.play(pos.legal_moves()[0])
    assert pos.tower is YELLOW and targets(pos) == yellow_after_8c  # "the same as before"


# ------------------------------------------------------------------------- figure 9


def figure_9() -> Position:
    """Long match, Ludmilla (Black) leading 5-3. Alan (Gold) to move his pink tower on
    a2. Ludmilla's green Double Sumo on e5 faces Alan's blue (e4) and yellow Sumo (e3);
    her pink Sumo stands on d4."""
    return build(
        "a8:b b8:n c8:r+ f8:y g8:p h8:o e5:g++ d4:k+ "
        "e4:B e3:Y+ a2:K a1:N+ b1:G c1:R f1:P g1:O+",
        "g",
        "K",
    )


def test_figure_9_double_sumo_pushes_twice():
    """Figure 9(a): Alan's pink moves two diagonally to a green square (a2-c4).
    9(b): Ludmilla's green Double Sumo may move diagonally to a blue, a pink or a red
    square (f4, g3, h2; d4 holds her pink), or push Alan's blue and yellow Sumo back so
    that the yellow lands on a green square (e2) (DS2). 9(c): she moves the green tower
    again and pushes both again; the yellow lands on a pink square (e1). 9(d): her pink
    Sumo moves three forward onto Alan's home row: two points, 7-3."""
    match = Match(target=7, start=figure_9())
    assert match.score == {B: 5, G: 3}  # counted from the rings on the board
    pos = match.position
    pos.play(pos.resolve(R, 2))  # 9(a)
    assert (pos.to_move, pos.tower) == (B, GREEN)
    moves = pos.legal_moves()
    assert {m.coords(): m.square_colour for m in moves if not m.push} == {
        "e5-f4": BLUE, "e5-g3": PINK, "e5-h2": RED
    }
    (push,) = [m for m in moves if m.push]
    assert push.push == (sq("e4"), sq("e3")) and SQUARE_COLOURS[push.pushed_to] is GREEN
    pos.play(push)
    assert (pos.to_move, pos.tower) == (B, GREEN)  # the same Double Sumo again
    after_first_push = pos.copy()
    second = pos.resolve(F, 1)  # 9(c)
    assert second.push == (sq("e3"), sq("e2")) and SQUARE_COLOURS[second.pushed_to] is PINK
    pos.play(second)
    assert pos.tower_at(sq("e1")).colour is YELLOW and pos.tower_at(sq("e1")).rings == 1
    assert (pos.to_move, pos.tower) == (B, PINK)
    pos.play(pos.resolve(F, 3))  # 9(d) d4-d1
    result = match.finish_round()
    assert (result.winner, result.tower, result.points) == (B, PINK, 2)
    assert match.score == {B: 7, G: 3} and match.winner is B

    # 9(e): instead, after the first push, the Double Sumo goes three diagonally left
    # onto Alan's home row (h1): four points, 9-3.
    match = Match(target=7, start=after_first_push)
    pos = match.position
    move = pos.resolve(L, 3)
    assert move.coords() == "e4-h1"
    pos.play(move)
    result = match.finish_round()
    assert (result.tower, result.points) == (GREEN, 4)
    assert match.score == {B: 9, G: 3}
    assert pos.tower_at(sq("h1")).rings == 3  # now a Triple Sumo


# ------------------------------------------------------------------------ figure 10


def figure_10() -> Position:
    """Marathon match, Sanjay (Gold) leading 14-9 (yellow Triple Sumo 7, blue and pink
    Double Sumos 3 + 3, orange Sumo 1). Johan (Black) to move his red Double Sumo on a7.
    Sanjay's yellow Triple Sumo on e3 faces Johan's orange, brown and green on e4-e6;
    Sanjay's blue Double Sumo on h3 faces Johan's yellow Sumo on h4."""
    return build(
        "a7:r++ d7:p f6:b e6:g+ e5:n+ e4:o++ h4:y+ a3:k "
        "e3:Y+++ h3:B++ a1:N b1:G c1:R d1:P f1:K++ g1:O+",
        "b",
        "R",
    )


def test_figure_10_triple_sumo():
    """Figure 10(a): Johan's red Double Sumo moves three forward to a yellow square.
    10(b): Sanjay's yellow Triple Sumo pushes orange, brown and green; the green lands on
    the empty blue square (TS2, TS3). 10(c): Sanjay's blue Double Sumo could move
    diagonally but pushes Johan's yellow Sumo onto a yellow square. 10(d): the yellow
    Triple Sumo has a clear orange diagonal to Johan's home row four squares away but a
    range of one (TS1); it pushes the three again, the green onto a yellow square on
    Johan's home row. 10(e): no push now (TS6), never diagonally (TS4): its only move
    is one square diagonally left onto a red square. 10(f): Johan's red has two yellow
    squares and no push, the tower in front being his own (S9)."""
    match = Match(target=15, start=figure_10())
    assert match.score == {B: 9, G: 14}
    pos = match.position
    move = pos.resolve(F, 3)
    assert move.coords() == "a7-a4" and move.square_colour is YELLOW
    pos.play(move)
    # 10(b)
    moves = pos.legal_moves()
    assert {m.coords() for m in moves if not m.push} == {"e3-d4", "e3-f4"}  # range 1
    push = pos.resolve(F, 1)
    assert push.push == (sq("e4"), sq("e5"), sq("e6"))
    assert SQUARE_COLOURS[push.pushed_to] is BLUE
    pos.play(push)
    assert (pos.to_move, pos.tower) == (G, BLUE)
    # 10(c): diagonal options g4, f5 (e6 now holds Johan's brown) and the push.
    moves = pos.legal_moves()
    assert {m.coords() for m in moves if not m.push} == {"h3-g4", "h3-f5"}
    push = pos.resolve(F, 1)
    assert push.push == (sq("h4"),) and SQUARE_COLOURS[push.pushed_to] is YELLOW
    pos.play(push)
    assert (pos.to_move, pos.tower) == (G, YELLOW)
    # 10(d)
    assert all(pos.tower_at(sq(s)) is None for s in ("d5", "c6", "b7", "a8"))
    assert all(SQUARE_COLOURS[sq(s)] is ORANGE for s in ("d5", "c6", "b7", "a8"))
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(L, 4)
    assert e.value.rule == "TS1"
    push = pos.resolve(F, 1)
    assert push.push == (sq("e5"), sq("e6"), sq("e7"))
    assert push.pushed_to == sq("e8") and SQUARE_COLOURS[sq("e8")] is YELLOW
    pos.play(push)
    assert pos.winner is None  # pushing Johan home does not end the round
    assert (pos.to_move, pos.tower) == (G, YELLOW)
    # 10(e)
    assert [m.coords() for m in pos.legal_moves()] == ["e5-d6"]
    assert pos.legal_moves()[0].square_colour is RED
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(F, 1)
    assert e.value.rule == "TS6"
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(R, 1)
    assert e.value.rule == "TS4"
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(L, 2)
    assert e.value.rule == "TS1"
    pos.play(pos.resolve(L, 1))
    # 10(f)
    assert (pos.to_move, pos.tower) == (B, RED)
    moves = pos.legal_moves()
    assert {m.coords(): m.square_colour for m in moves} == {"a4-b3": YELLOW, "a4-c2": YELLOW}
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(F, 1)
    assert e.value.rule == "S9"


# ------------------------------------------------------------ push restrictions


# Each case: a Gold pusher on d4 with the tower to move its colour (green), and the line
# in front of it; Black's other towers fill his home row, Gold's his.
def push_case(pusher: str, line: dict[str, str]) -> Position:
    black = {"orange": "a8", "blue": "b8", "purple": "c8", "pink": "d8",
             "yellow": "e8", "red": "f8", "green": "g8", "brown": "h8"}
    gold = {"brown": "a1", "red": "c1", "yellow": "d1", "pink": "e1",
            "purple": "f1", "blue": "g1", "orange": "h1"}
    letters = dict(zip(("brown", "green", "red", "yellow", "pink", "purple", "blue", "orange"),
                       "ngrykpbo", strict=True))
    cells = {"d4": "G" + pusher}
    for square, tower in line.items():
        colour = next(c for c, l in letters.items() if l == tower[0].lower())
        home = black if tower[0].islower() else gold
        del home[colour]
        cells[square] = tower
    for colour, square in black.items():
        cells[square] = letters[colour]
    for colour, square in gold.items():
        cells[square] = letters[colour].upper()
    return build(" ".join(f"{s}:{t}" for s, t in cells.items()), "g", "G")


@pytest.mark.parametrize(
    "pusher, line, allowed, rule",
    [
        # S2: a Sumo pushes one plain tower; S5 the square behind must be empty.
        ("+", {"d5": "y"}, ("d5",), None),
        ("+", {"d5": "y", "d6": "r"}, None, "S7"),  # S5/S7: no empty square behind one
        ("+", {"d5": "y+"}, None, "S8"),  # S8: not another Sumo
        ("+", {"d5": "y++"}, None, "S8"),
        ("+", {"d5": "Y"}, None, "S9"),  # S9: not his own tower
        # DS: one or two towers, plain or Sumo.
        ("++", {"d5": "y+", "d6": "r+"}, ("d5", "d6"), None),
        ("++", {"d5": "y", "d6": "r", "d7": "k"}, None, "DS7"),
        ("++", {"d5": "y", "d6": "r++"}, None, "DS8"),
        ("++", {"d5": "y", "d6": "R"}, None, "S9"),
        # TS: up to three, plain to Double Sumo.
        ("+++", {"d5": "y++", "d6": "r++", "d7": "k++"}, ("d5", "d6", "d7"), None),
        ("+++", {"d5": "y", "d6": "r", "d7": "k+++"}, None, "TS8"),
        ("+++", {"d5": "y", "d6": "R"}, None, "S9"),
    ],
)
def test_push_restrictions(pusher, line, allowed, rule):
    pos = push_case(pusher, line)
    pushes = [m for m in pos.legal_moves() if m.push]
    if allowed is not None:
        assert [m.push for m in pushes] == [tuple(sq(s) for s in allowed)]
        assert pos.resolve(F, 1) == pushes[0]
    else:
        assert pushes == []
        with pytest.raises(IllegalMoveError) as e:
            pos.resolve(F, 1)
        assert e.value.rule == rule


def test_no_push_off_the_board_s6_ds6_ts6():
    """S6/DS6/TS6: the farthest tower on its own home row cannot be pushed off."""
    # Gold Sumo on d7 against Black's yellow on d8.
    base = ("a8:o b8:b c8:p e8:k f8:r g8:g h8:n "
            "a1:N b1:G c1:R e1:K f1:P g1:B h1:O")
    pos = build(base + " d8:y d7:Y+", "g", "Y")
    assert [m for m in pos.legal_moves() if m.push] == []
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(F, 1)
    assert e.value.rule == "S6"
    # Double Sumo on d6 with two Black towers d7, d8 in line: DS6.
    base2 = ("a8:o b8:b c8:p e8:k f8:r g8:g "
             "a1:N b1:G c1:R e1:K f1:P g1:B h1:O")
    pos = build(base2 + " d8:y d7:n d6:Y++", "g", "Y")
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(F, 1)
    assert e.value.rule == "DS6"
    pos = build(base2.replace("c8:p ", "") + " d8:y d7:n d6:p d5:Y+++", "g", "Y")
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(F, 1)
    assert e.value.rule == "TS6"


def test_no_diagonal_push_s4():
    """S4: a Sumo never pushes diagonally; a diagonal neighbour simply blocks."""
    pos = push_case("+", {"c5": "y"})  # Gold's left of d4 is c5
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(L, 1)
    assert e.value.rule == "S4"
    assert sq("c5") not in {m.target for m in pos.legal_moves()}


# ------------------------------------------------------------------------ scoring


def test_ring_values():
    """Rings are worth 1, 2, 4; a Triple Sumo reaching the home row scores 8."""
    assert [ring_points(r) for r in range(4)] == [1, 2, 4, 8]


def home_run(rings: str) -> Position:
    """Black to move his green tower (with ``rings``) on f2, one square from Gold's
    home row with f1 empty ahead."""
    return build(
        f"a8:o b8:b c8:p d8:k e8:y f8:r h8:n f2:g{rings} "
        "a1:N b1:G c1:R d1:Y e1:K g1:B h1:O g3:P",
        "b",
        "G",
    )


def test_standard_match_ends_when_a_sumo_becomes_a_double_sumo():
    """'The first player to obtain a Double Sumo dragon tower, as a result of placing a
    Sumo tower on his/her opponent's home row' wins a Standard match: 1 + 2 = 3."""
    match = Match(target=3, start=home_run("+"))
    assert match.score == {B: 1, G: 0}
    match.position.play(match.position.resolve(F, 1))  # f2-f1
    result = match.finish_round()
    assert result.points == 2 and match.score[B] == 3 and match.winner is B
    with pytest.raises(MatchError):
        match.next_round(Fill.LEFT)


def test_long_match_ends_when_a_double_becomes_a_triple():
    match = Match(target=7, start=home_run("++"))
    assert match.score == {B: 3, G: 0}
    match.position.play(match.position.resolve(F, 1))
    assert match.finish_round().points == 4 and match.score[B] == 7 and match.is_over


def test_triple_sumo_home_row_scores_eight():
    """Figure 10(l): Sanjay 'has now won in style by scoring eight points'."""
    match = Match(target=15, start=home_run("+++"))
    assert match.score == {B: 7, G: 0}
    match.position.play(match.position.resolve(F, 1))
    assert match.finish_round().points == 8 and match.score[B] == 15 and match.is_over
    assert match.position.tower_at(sq("f1")).rings == 3  # no fourth ring


def test_plain_tower_scores_one_and_match_goes_on():
    match = Match(target=3, start=home_run(""))
    match.position.play(match.position.resolve(F, 1))
    assert match.finish_round().points == 1 and match.score == {B: 1, G: 0}
    assert not match.is_over
    nxt = match.next_round(Fill.RIGHT)
    assert match.challenger is G and nxt.to_move is G and nxt.tower is None
