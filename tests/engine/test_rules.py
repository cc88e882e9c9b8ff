"""Unit tests of the rules engine: position strings, perft, move resolution, play/undo.

Expected values are independent facts: the published perft counts of the initial
position, and squares and counts worked out by hand from the board of docs/notation.md §1.
"""

from __future__ import annotations

import pytest

from kamisado_notation.engine.board import Colour, Direction, Side, parse_square
from kamisado_notation.engine.perft import divide, perft
from kamisado_notation.engine.position import INITIAL_POSITION, Position, Tower
from kamisado_notation.errors import IllegalMoveError, KamisadoError, PositionError

B, G = Side.BLACK, Side.GOLD
F, L, R, BACK = Direction.FORWARD, Direction.LEFT, Direction.RIGHT, Direction.BACK
EMPTY = "......../"


def sq(name: str) -> int:
    return parse_square(name)


def build(placement: str, to_move: str, tower: str = "-", last: str | None = None) -> Position:
    """A position from ``"e5:g++ d4:K ..."`` through the position string."""
    cells = [["."] * 8 for _ in range(8)]
    for item in placement.split():
        square, tower_text = item.split(":")
        s = sq(square)
        cells[7 - s // 8][s % 8] = tower_text
    ranks = "/".join("".join(row) for row in cells)
    return Position.from_string(f"{ranks} {to_move} {tower}" + (f" {last}" if last else ""))


# ------------------------------------------------------------------ position strings


def test_initial_position_string():
    pos = Position.initial()
    assert pos.to_string() == INITIAL_POSITION
    assert Position.from_string(INITIAL_POSITION) == pos
    assert pos.tower_at(sq("d8")) == Tower(B, Colour.PINK, 0)
    assert pos.tower_at(sq("a1")) == Tower(G, Colour.BROWN, 0)
    assert (pos.to_move, pos.tower, pos.last_mover, pos.winner) == (B, None, G, None)


@pytest.mark.parametrize(
    "text",
    [
        INITIAL_POSITION,
        "o+bpkyrgn/......../......../......../......../......../......../NGRYKP+++BO g Y",
        "o++bpkyr.n/......../......g./......../......../......../......../NGRYKPBO b K b",
        "obpkyrgn/......../......../...P++..../......../......../......../NGRYK.BO g - g",
    ],
)
def test_position_string_round_trip(text):
    pos = Position.from_string(text)
    assert pos.to_string() == text
    assert Position.from_string(pos.to_string()) == pos


def test_position_string_fields():
    pos = Position.from_string(
        "obpkyrgn/......../......../...P++..../......../......../......../NGRYK.BO g - g"
    )
    assert pos.tower_at(sq("d5")) == Tower(G, Colour.PURPLE, 2)
    assert (pos.to_move, pos.tower, pos.last_mover) == (G, None, G)
    # last-mover is written only when it is not the default (the side not to move)
    assert Position.from_string(INITIAL_POSITION + " g").to_string() == INITIAL_POSITION
    assert Position.from_string("  " + INITIAL_POSITION + "  ") == Position.initial()


RANKS = INITIAL_POSITION.split()[0]
#: Black's brown has reached a1; Gold's brown stands on a2.
BLACK_HAS_WON = "obpkyrg./......../......../......../......../......../N......./nGRYKPBO g N"


@pytest.mark.parametrize(
    "text, field, column",
    [
        ("", "position", None),
        (RANKS, "position", None),
        (INITIAL_POSITION + " b x", "position", None),
        (RANKS.replace("/NGRYKPBO", "") + " b -", "ranks", 1),  # 7 ranks
        ("obpkyrgn/......./" + RANKS[18:] + " b -", "rank 7", 10),  # 7 cells
        ("obpkyrgn/........./" + RANKS[18:] + " b -", "rank 7", 18),  # 9 cells
        ("obpkyrgn/...x..../" + RANKS[18:] + " b -", "rank 7", 13),  # not a cell
        ("obpkyrgn/...1..../" + RANKS[18:] + " b -", "rank 7", 13),  # no digits
        ("o++++bpkyrgn/" + RANKS[9:] + " b -", "rank 8", 1),  # 4 rings
        ("obpkyrgo/" + RANKS[9:] + " b -", "rank 8", 8),  # two orange
        ("obpkyrg./" + RANKS[9:] + " b -", "ranks", 1),  # 15 towers
        (RANKS + " w -", "to-move", 73),
        (RANKS + " b x", "tower", 75),
        (RANKS + " b NG", "tower", 75),
        (RANKS + " b - w", "last-mover", 77),
        # both sides on the opponent's home row: no round reaches that
        ("obpkyrgN/......../......../......../......../......../......../nGRYKPBO b -", "ranks", 1),
    ],
)
def test_malformed_position_strings(text, field, column):
    with pytest.raises(PositionError) as e:
        Position.from_string(text)
    assert isinstance(e.value, KamisadoError) and isinstance(e.value, ValueError)
    assert e.value.field == field
    assert e.value.column == column
    if column is not None:
        assert str(e.value)  # a message, and the column points into the text
        assert 1 <= column <= len(text)


def test_position_string_column_points_at_the_culprit():
    text = "obpkyrgn/......../..Q...../......../......../......../......../NGRYKPBO b -"
    with pytest.raises(PositionError) as e:
        Position.from_string(text)
    assert text[e.value.column - 1] == "Q" and e.value.field == "rank 6"


def test_position_string_not_text():
    """What is not a string is the caller's mistake (a TypeError), as for every reader of
    text; a string that is no position is the input's (a PositionError)."""
    for value in (None, 5, b"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"):
        with pytest.raises(TypeError, match="a position string is text"):
            Position.from_string(value)  # type: ignore[arg-type]
        assert not isinstance(pytest.raises(TypeError, Position.from_string, value).value, PositionError)


def test_winner_read_from_the_board():
    pos = Position.from_string(BLACK_HAS_WON)
    assert pos.winner is B and pos.legal_moves() == [] and pos.count_moves() == 0


# ---------------------------------------------------------------------------- perft


@pytest.mark.parametrize(
    "depth, nodes", [(0, 1), (1, 102), (2, 1150), (3, 11182), (4, 105020), (5, 900982)]
)
def test_perft_initial(depth, nodes):
    assert perft(Position.initial(), depth) == nodes


def test_divide_sums_to_perft():
    pos = Position.initial()
    parts = divide(pos, 3)
    assert len(parts) == 102
    assert sum(n for _, n in parts) == 11182
    assert pos == Position.initial()  # perft leaves the position as it found it


def figure_4_after_brown() -> Position:
    """Rulebook figure 4(b): Gold to move his green tower on b3, blocked by b4, a4, c4;
    Black's yellow on a4 can then run a3, a2, a1."""
    return build(
        "a8:o b8:b c8:p d8:k g8:g e2:n a4:y c4:r "
        "b4:N b3:G c1:R d1:Y e1:K f1:P g1:B h1:O",
        "g",
        "G",
    )


def test_perft_forfeit_counts_one_move():
    pos = figure_4_after_brown()
    assert pos.count_moves() == 0 and pos.must_forfeit()
    assert perft(pos, 1) == 1
    assert perft(pos, 2) == 3  # the yellow tower's three forward moves
    assert [(m.distance, n) for m, n in divide(pos, 2)] == [(0, 3)]


def test_perft_round_end_is_a_leaf_only_at_the_last_ply():
    # Black's green on f2: f1 ahead is free, e1 and g1 hold Gold towers: one move, and it wins.
    pos = build(
        "a8:o b8:b c8:p d8:k e8:y f8:r h8:n f2:g "
        "a1:N b1:G c1:R d1:Y e1:K g1:B h1:O g3:P",
        "b",
        "G",
    )
    assert [m.coords() for m in pos.legal_moves()] == ["f2-f1"]
    assert perft(pos, 1) == 1
    assert perft(pos, 2) == 0 and perft(pos, 4) == 0


def test_perft_deadlock_has_no_leaves():
    # Rulebook figure 6(c): Gold's red (f5) and Black's green (d6) are both blocked.
    pos = build(
        "a8:o b8:b e8:y h8:n d6:g e6:k g6:p d5:r "
        "f6:N f5:R e5:Y c5:O h3:B b1:G e1:K f1:P",
        "g",
        "R",
    )
    assert pos.must_forfeit() and pos.deadlock() is B
    assert perft(pos, 1) == 0 and perft(pos, 2) == 0
    assert divide(pos, 2) == []


def test_perft_of_a_finished_round_is_zero():
    pos = Position.from_string(BLACK_HAS_WON)
    assert perft(pos, 1) == 0 and perft(pos, 0) == 1


# ------------------------------------------------------------------------- resolve


def sumo_position(rings: str) -> Position:
    """Gold's green tower with ``rings`` on b1 (a clear file to b7), to move."""
    return build(
        f"a8:o b8:b c8:p d8:k e8:y f8:r g8:g h8:n a1:N b1:G{rings} c1:R d1:Y e1:K f1:P g1:B h1:O",
        "g",
        "G",
    )


def test_resolve_finds_the_legal_move():
    pos = Position.initial()
    move = pos.resolve(F, 4, tower=Colour.PINK)
    assert move.coords() == "d8-d4" and move.side is B and move.square_colour is Colour.BROWN
    assert move in pos.legal_moves()
    assert pos.resolve_coords(sq("d8"), sq("d4")) == move
    pos.play(move)
    reply = pos.resolve(R, 2)  # Gold's brown on a1, right 2 to c3
    assert reply.coords() == "a1-c3" and reply.tower is Colour.BROWN


@pytest.mark.parametrize(
    "position, call, rule",
    [
        (Position.initial, lambda p: p.resolve(F, 1), "T1"),  # a first move names its tower
        (sumo_position(""), lambda p: p.resolve(F, 1, tower=Colour.RED), "T2"),
        (sumo_position(""), lambda p: p.resolve(BACK, 1), "M1"),
        (sumo_position(""), lambda p: p.resolve(None, 3), "M1"),
        (sumo_position(""), lambda p: p.resolve(F, -1), "M1"),
        (sumo_position(""), lambda p: p.resolve(L, 2), "M1"),  # off the board after a2
        (sumo_position(""), lambda p: p.resolve(F, 8), "M1"),
        (sumo_position(""), lambda p: p.resolve(F, 7), "M3"),  # b8 holds Black's blue
        (sumo_position(""), lambda p: p.resolve(R, 0), "M5"),  # it can move
        (sumo_position("+"), lambda p: p.resolve(F, 6), "S1"),
        (sumo_position("++"), lambda p: p.resolve(R, 4), "DS1"),
        (sumo_position("+++"), lambda p: p.resolve(F, 2), "TS1"),
        (sumo_position(""), lambda p: p.resolve_coords(sq("c4"), sq("c5")), "T2"),  # empty
        (sumo_position(""), lambda p: p.resolve_coords(sq("b8"), sq("b7")), "T2"),  # Black's
        (sumo_position(""), lambda p: p.resolve_coords(sq("b1"), sq("c1")), "M1"),  # sideways
        (sumo_position(""), lambda p: p.resolve_coords(sq("b1"), sq("c3")), "M1"),  # crooked
        (sumo_position(""), lambda p: p.resolve_coords(sq("b1"), sq("b8")), "M3"),
    ],
)
def test_resolve_error_rules(position, call, rule):
    pos = position() if callable(position) else position.copy()
    with pytest.raises(IllegalMoveError) as e:
        call(pos)
    assert e.value.rule == rule
    assert str(e.value)


def test_resolve_m2_passing_through_a_tower():
    pos = Position.initial()
    pos.play(pos.resolve(F, 3, tower=Colour.PINK))  # d8-d5 (orange square)
    # Gold's orange on h1: left diagonal g2 f3 e4 d5 c6: d5 is now taken
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(L, 5)
    assert e.value.rule == "M2"
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(L, 4)
    assert e.value.rule == "M3"
    assert pos.resolve(L, 3).coords() == "h1-e4"


def test_resolve_m4_between_corner_towers():
    """M4: a diagonal move passes between two towers touching corner to corner."""
    # Gold's green on b1 going right to e4 passes c2, between b2 and c1 (corner to corner).
    pos = build(
        "a8:o b8:b c8:p d8:k e8:y f8:r g8:g h8:n b2:N c1:R a1:Y d1:K e1:P f1:B g1:O b1:G",
        "g",
        "G",
    )
    move = pos.resolve(R, 3)
    assert move.coords() == "b1-e4"


def test_resolve_after_round_end_is_m7():
    pos = Position.from_string(BLACK_HAS_WON)
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(F, 1)
    assert e.value.rule == "M7"


def test_forfeit_only_when_blocked():
    pos = figure_4_after_brown()
    forfeit = pos.resolve(None, 0)
    assert forfeit == pos.resolve_coords(sq("b3"), sq("b3")) == pos.forfeit_move()
    assert pos.is_legal(forfeit)
    assert not Position.initial().must_forfeit()


# ------------------------------------------------------------------------ play / undo


def test_play_undo_restores_exactly():
    pos = Position.initial()
    snapshots = []
    line = [("pink", F, 3), (None, L, 3), (None, F, 1)]
    for tower, direction, distance in line:
        snapshots.append((pos.to_string(), [list(w) for w in pos.where], list(pos.board)))
        colour = Colour[tower.upper()] if tower else None
        pos.play(pos.resolve(direction, distance, tower=colour))
    for text, where, board in reversed(snapshots):
        pos.undo()
        assert pos.to_string() == text and pos.where == where and pos.board == board
    assert pos == Position.initial() and pos.history == []


def test_push_play_undo():
    # Gold's green Sumo on b4 pushes Black's brown on b5 to b6 (a pink square).
    pos = build(
        "a8:o b8:b c8:p d8:k e8:y f8:r g8:g b5:n a1:N b4:G+ c1:R d1:Y e1:K f1:P g1:B h1:O",
        "g",
        "G",
    )
    before = pos.to_string()
    push = pos.resolve(F, 1)
    assert push.push == (sq("b5"),) and push.target == sq("b5")
    pos.play(push)
    assert pos.to_string() == (
        "obpkyrg./......../.n....../.G+....../......../......../......../N.RYKPBO g K g"
    )
    assert pos.square_of(B, Colour.BROWN) == sq("b6") and pos.square_of(G, Colour.GREEN) == sq("b5")
    assert (pos.to_move, pos.tower, pos.last_mover, pos.winner) == (G, Colour.PINK, G, None)
    pos.undo()
    assert pos.to_string() == before


def test_free_choice_forfeit_needs_every_tower_blocked():
    """M5 with T1: a side with a free choice may not 'forfeit' with a blocked tower while
    another can move. (Gold's green on b1 is blocked by a2, b2, c2; the others can move.)"""
    pos = Position.from_string(
        "o.pky.gn/......../......../......../......../......../bNr...../.GRYKPBO g -"
    )
    assert pos.tower_moves(Colour.GREEN) == [] and pos.has_moves()
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve(None, 0, tower=Colour.GREEN)
    assert e.value.rule == "M5"
    with pytest.raises(IllegalMoveError) as e:
        pos.resolve_coords(sq("b1"), sq("b1"))
    assert e.value.rule == "M5"


def test_free_choice_side_that_cannot_move():
    """A free-choice side with every tower blocked forfeits with a move naming no tower;
    the opponent then has the free choice (only a position string can set this up)."""
    # Every Gold tower on rank 1 faces a Black tower on rank 2 (and Black's towers on
    # rank 2 are blocked by Gold's home row in turn).
    pos = Position.from_string(
        "......../......../......../......../......../......../obpkyrgn/NGRYKPBO g -"
    )
    assert pos.legal_moves() == [] and pos.must_forfeit()
    forfeit = pos.resolve(None, 0, tower=Colour.RED)
    assert forfeit == pos.forfeit_move() and forfeit.tower is None and forfeit.distance == 0
    # Black, with the free choice next, is just as blocked: a deadlock; the last actual
    # mover (by default the side not to move, Black) loses.
    assert pos.deadlock() is B
    pos.play(forfeit)
    assert (pos.to_move, pos.tower) == (B, None)
