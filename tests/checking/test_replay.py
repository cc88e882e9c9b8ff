"""The replay on records built in Python (no parser): generated matches replay cleanly,
one changed entry is reported at that entry, and the rulebook's scoring holds."""

from __future__ import annotations

import gc
import itertools
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.replay import MatchReplay, replay_match
from kamisado_notation.engine.board import (
    RAYS,
    SQUARE_COLOURS,
    Colour,
    Direction,
    Side,
    parse_square,
)
from kamisado_notation.engine.match import MATCH_TARGETS, Fill, RoundEnd, RoundResult, fill, place_ring
from kamisado_notation.engine.position import Position, Tower
from kamisado_notation.notation.record import Entry, Header, MatchRecord, RoundRecord
from kamisado_notation.play.generate import generate_match

# --------------------------------------------------------------------- helpers


def E(tower: str, direction: str | None, distance: int, square: str, line: int = 10) -> Entry:
    """A colour-form entry: E("Yellow", "L", 1, "Yellow")."""
    d = {"F": Direction.FORWARD, "L": Direction.LEFT, "R": Direction.RIGHT, "B": Direction.BACK}
    return Entry(
        line, 1, text=f"{tower} {direction or ''}{distance} {square}",
        tower=Colour[tower.upper()], direction=d[direction] if direction else None,
        distance=distance, square_colour=Colour[square.upper()],
    )


def C(text: str, line: int = 10) -> Entry:
    """A coordinate-form entry: C("e8-f7")."""
    a, b = text.rstrip("*").split("-")
    return Entry(line, 1, text=text, origin=parse_square(a), target=parse_square(b), push_mark=text.endswith("*"))


def record(*rounds: RoundRecord, headers: dict[str, str] | None = None) -> MatchRecord:
    hs = [Header(k, v, i + 1, 1) for i, (k, v) in enumerate((headers or {}).items())]
    return MatchRecord(index=1, line=1, headers=hs, rounds=list(rounds))


def rnd(number: int, *entries: Entry, fill: Fill | None = None, line: int = 9) -> RoundRecord:
    for i, e in enumerate(entries):
        e.line = line + 1 + i  # one entry per line: a diagnostic's line names its entry
    return RoundRecord(number, fill, line, 1, entries=list(entries))


def errors(m):  # type: ignore[no-untyped-def]
    return [d for d in m.diagnostics if d.severity == "error"]


# ------------------------------------------------------------ hand-checked facts


def test_opening_from_the_spec_is_legal_and_names_the_next_tower() -> None:
    # docs/notation.md §7: Black's yellow (e8) goes left (towards h) one square to f7, a yellow
    # square; Gold must then move yellow: d1 left 3 -> a4 (yellow).
    m = replay_match(record(rnd(1, E("Yellow", "L", 1, "Yellow"), E("Yellow", "L", 3, "Yellow"))))
    assert m.valid, m.diagnostics
    plies = m.rounds[0].plies
    assert [p.move.coords() for p in plies] == ["e8-f7", "d1-a4"]  # type: ignore[union-attr]
    assert [p.side for p in plies] == [Side.BLACK, Side.GOLD]
    assert m.status == "in-progress" and m.winner is None
    pos = m.rounds[0].position_at()
    assert pos.to_move is Side.BLACK and pos.tower is Colour.YELLOW


def test_wrong_tower_names_the_tower_and_why() -> None:
    m = replay_match(record(rnd(1, E("Yellow", "L", 1, "Yellow"), E("Red", "F", 1, "Orange"))))
    (d,) = errors(m)
    assert (d.rule, d.round, d.ply, d.line) == ("T2", 1, 2, 11)
    assert "yellow" in d.message and "Black's last move ended on a yellow square" in d.message


def test_wrong_square_is_reported_and_the_replay_goes_on() -> None:
    m = replay_match(record(rnd(1, E("Yellow", "L", 1, "Red"), E("Yellow", "L", 3, "Yellow"))))
    (d,) = errors(m)
    assert (d.rule, d.ply) == ("square", 1)
    assert "yellow square" in d.message and "f7" in d.message
    assert len(m.rounds[0].plies) == 2


def test_impossible_move_lists_the_legal_moves() -> None:
    # Gold's yellow d1 forward 7 would land on d8, where Black's pink stands (M3).
    m = replay_match(record(rnd(1, E("Yellow", "L", 1, "Yellow"), E("Yellow", "F", 7, "Pink"), E("Red", "F", 1, "Red"))))
    (d,) = errors(m)
    assert (d.rule, d.ply) == ("M3", 2)
    assert "legal moves of Gold's yellow tower on d1" in d.message and "d1-a4" in d.message
    assert m.rounds[0].stopped and len(m.rounds[0].plies) == 1


def test_coordinates_resolve_like_colours() -> None:
    m = replay_match(record(rnd(1, C("e8-f7"), C("d1-a4"))))
    assert m.valid
    m = replay_match(record(rnd(1, C("e8-f7"), C("e1-e2"))))
    (d,) = errors(m)
    assert (d.rule, d.ply) == ("T2", 2) and "d1" in d.message


# ------------------------------------------------------------------ scoring


SUMO_HOME = "ob.kyrgn/......../......../......../......../...Y..../...p{r}..../NGR.KPBO b P"


def _home_win(rings: int, match: str) -> MatchReplay:  # type: ignore[name-defined]
    # Black's purple (on d2) must move (Gold's yellow ended on d3, a purple square) and
    # its only move is forward one to d1, Gold's home row: it wins the round.
    headers = {"Match": match, "Position": SUMO_HOME.format(r="+" * rings)}
    return replay_match(record(rnd(1, E("Purple", "F", 1, "Yellow")), headers=headers))


def test_standard_ends_when_a_sumo_becomes_a_double_sumo() -> None:
    m = _home_win(1, "Standard")
    assert m.valid, m.diagnostics
    assert m.rounds[0].result.points == 2  # type: ignore[union-attr]
    assert m.score == {Side.BLACK: 3, Side.GOLD: 0} and m.status == "complete" and m.winner is Side.BLACK


def test_long_ends_when_a_double_becomes_a_triple() -> None:
    m = _home_win(2, "Long")
    assert m.rounds[0].result.points == 4  # type: ignore[union-attr]
    assert m.score[Side.BLACK] == 7 and m.status == "complete"
    assert _home_win(2, "Marathon").status == "in-progress"


def test_a_triple_reaching_the_home_row_scores_8() -> None:
    m = _home_win(3, "Marathon")
    assert m.rounds[0].result.points == 8  # type: ignore[union-attr]
    assert m.score[Side.BLACK] == 15 and m.status == "complete"


def test_a_round_after_the_match_was_decided() -> None:
    extra = rnd(2, E("Brown", "F", 1, "Purple"), fill=Fill.LEFT, line=20)
    headers = {"Match": "Standard", "Position": SUMO_HOME.format(r="+")}
    m = replay_match(record(rnd(1, E("Purple", "F", 1, "Yellow")), extra, headers=headers))
    (d,) = errors(m)
    assert (d.rule, d.line, d.round) == ("match", 20, 2)


# ------------------------------------------------------- generated matches


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), fmt=st.sampled_from(sorted(MATCH_TARGETS)), coords=st.booleans())
def test_generated_matches_validate(seed: int, fmt: str, coords: bool) -> None:
    m = replay_match(generate_match(random.Random(seed), target=MATCH_TARGETS[fmt], coords=coords))
    assert m.valid, m.diagnostics
    assert m.status == "complete"
    assert m.score[m.winner] >= MATCH_TARGETS[fmt]  # type: ignore[index]
    assert f"{m.score[Side.BLACK]}-{m.score[Side.GOLD]}" == m.record.header("Result")
    # Plies are numbered from 1 within each round, the placeholder not counted.
    for r in m.rounds:
        assert [p.number for p in r.plies] == list(range(1, len(r.plies) + 1))


def _matches_legal(position: Position, e: Entry) -> bool:
    """Whether ``e`` is a legal move in ``position``, checked against the move generator
    (not against :meth:`Position.resolve`, which the replay uses)."""
    if e.distance == 0:
        if not position.must_forfeit():
            return False
        f = position.forfeit_move()
        return f.tower == e.tower and f.square_colour == e.square_colour
    return any(
        m.tower == e.tower and m.direction == e.direction and m.distance == e.distance and m.square_colour == e.square_colour
        for m in position.legal_moves()
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), what=st.sampled_from(["tower", "distance", "square", "forfeit"]), value=st.integers(0, 7))
@example(seed=291445, pick=1, what="tower", value=0).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 56; the same on 5693403): reported at round 1 ply 1, not at the changed entry (round 1, ply 24)")
@example(seed=1153, pick=129333, what="distance", value=0)  # a forfeit made a move: reported there, not at an uncertain reading from the start
# a known bug (the random profile, session 26): round 1 ends in a deadlock, so its rows
# read with their columns swapped are a legal twin (the board's symmetry) that Gold wins;
# a slip at round 2's first entry is then blamed on round 1's columns and round 2's '...'
@example(seed=2595, pick=4, what="tower", value=0).xfail(raises=AssertionError, reason="a deadlock round's swapped-columns twin blamed before one changed entry")
def test_one_changed_entry_is_reported_at_that_entry(seed: int, pick: int, what: str, value: int) -> None:
    match = generate_match(random.Random(seed), target=3)
    good = replay_match(match)
    plies = [(ri, p) for ri, r in enumerate(good.rounds) for p in r.plies]
    ri, ply = plies[pick % len(plies)]
    e = ply.entry
    before = good.rounds[ri].position_at(ply.number - 1)
    if what == "tower":
        e.tower = Colour(value)
    elif what == "distance":
        e.distance = 1 + value % 7
        if e.direction is None:
            e.direction = Direction.FORWARD
    elif what == "square":
        e.square_colour = Colour(value)
    else:
        e.distance, e.direction = 0, None
    if (e.tower, e.direction, e.distance, e.square_colour) == (ply.move.tower, ply.move.direction, ply.move.distance, ply.move.square_colour):  # type: ignore[union-attr]
        return  # no change
    bad = replay_match(match)
    # The first error at an entry (a wrong score then also contradicts the Result header).
    at_entries = [d for d in errors(bad) if d.ply is not None]
    first = at_entries[0] if at_entries else None
    at = (good.rounds[ri].number, ply.number)
    if ply.kind == "back":
        assert first is not None and (first.round, first.ply, first.rule) == (*at, "push-entry")
    elif _matches_legal(before, e):
        # An equivalent legal record up to here: anything wrong comes later.
        assert first is None or (first.round, first.ply) > at
    else:
        assert first is not None, f"{e.text} -> {e} not reported"
        assert (first.round, first.ply, first.line, first.column) == (*at, e.line, e.column)


def test_a_push_and_its_back_entry() -> None:
    # Black's Double Sumo blue on e6 pushes Gold's yellow (e5) and pink (e4) one square:
    # pink lands on e3, a red square, so Black moves again, with red (S3).
    headers = {"Match": "Long", "Position": "o.pkyrgn/......../....b++.../....Y.../....K+.../......../......../NGR..PBO b B"}
    m = replay_match(record(rnd(1, E("Blue", "F", 1, "Brown"), E("Pink", "B", 1, "Red"), E("Red", "L", 1, "Brown")), headers=headers))
    assert m.valid, m.diagnostics
    r = m.rounds[0]
    assert [p.kind for p in r.plies] == ["push", "back", "move"]
    assert [p.side for p in r.plies] == [Side.BLACK, Side.GOLD, Side.BLACK]
    push, back = r.plies[0].move, r.plies[1].move
    assert push is not None and push.push == (parse_square("e5"), parse_square("e4"))
    assert back is not None and (back.side, back.tower, back.origin, back.target, back.direction, back.distance) == (
        Side.GOLD, Colour.PINK, parse_square("e4"), parse_square("e3"), Direction.BACK, 1,
    )
    assert SQUARE_COLOURS[back.target] is Colour.RED
    after_push = r.position_at(1)
    assert after_push == r.position_at(2)  # the back-entry is part of the push
    assert after_push.to_move is Side.BLACK and after_push.tower is Colour.RED
    assert r.last_move(2) == back and r.last_move(1) == push
    assert r.position_at(0) == r.start and r.position_at() == r.position_at(3)


# ------------------------------------------- the replay's fast path, and the fill
# The replay checks an ordinary move on a fast path of its own and plays it in place;
# these properties hold it to the move generator (Position.legal_moves, not the
# Position.resolve the replay falls back to) and to Position.play.


def _random_position(rng: random.Random, plies: int) -> Position:
    """A position a match can reach: shuffled home rows with random Sumo rings (as later
    rounds carry them), a random Challenger, then random legal plies."""
    towers = {}
    for side, rank in ((Side.BLACK, 7), (Side.GOLD, 0)):
        colours = list(Colour)
        rng.shuffle(colours)
        for f, colour in enumerate(colours):
            towers[rank * 8 + f] = Tower(side, colour, rng.choice((0, 0, 0, 1, 1, 2, 3)))
    pos = Position(towers, to_move=rng.choice((Side.BLACK, Side.GOLD)))
    for _ in range(plies):
        if pos.winner is not None:
            break
        moves = pos.legal_moves()
        if not moves:
            if pos.deadlock() is not None:
                break
            pos.play(pos.forfeit_move())
        else:
            pos.play(rng.choice(moves))
    return pos


def _one_entry_round(pos: Position, entry: Entry) -> MatchReplay:
    """Replay ``entry`` as the first entry of a round starting at ``pos``."""
    placeholder = [Entry(10, 1, text="...", placeholder=True)] if pos.to_move is Side.GOLD else []
    entries = [*placeholder, entry]
    for e in entries:
        e.line = 10
    entry.column = 20
    return replay_match(record(RoundRecord(1, None, 9, 1, entries=entries), headers={"Match": "Marathon", "Position": pos.to_string()}))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 40),
    coords=st.booleans(),
    colour=st.sampled_from(list(Colour)),
    named=st.booleans(),
    direction=st.sampled_from([Direction.FORWARD, Direction.LEFT, Direction.RIGHT, Direction.BACK]),
    distance=st.integers(0, 8),
    square=st.sampled_from([None, *Colour]),
    aim=st.integers(0, 63),
)
@example(seed=85522, plies=5, coords=False, colour=Colour.BROWN, named=False, direction=Direction.FORWARD, distance=0, square=None, aim=3)  # (a blocked tower's forfeit left out before an entry naming no tower: an error)
def test_an_entry_is_accepted_exactly_when_the_move_generator_has_it(
    seed: int, plies: int, coords: bool, colour: Colour, named: bool, direction: Direction,
    distance: int, square: Colour | None, aim: int,
) -> None:
    pos = _random_position(random.Random(seed), plies)
    if pos.winner is not None or pos.deadlock() is not None:
        return  # a finished round: nothing may follow
    if pos.tower is None and pos.must_forfeit():
        return  # a free choice, every tower blocked: the forfeit names no tower
    side = pos.to_move
    moves = pos.legal_moves() or [pos.forfeit_move()]
    rng = random.Random(aim)
    # Mostly the tower that must move (the interesting errors are in its moves: through
    # a tower, beyond a Sumo's range, onto a tower), now and then another.
    mover = pos.tower if pos.tower is not None and rng.random() < 0.8 else colour
    if named or pos.tower is None:
        tower = mover
    elif coords:
        tower = pos.tower
    else:
        tower = None  # the short form leaves the tower out; it is the one that must move
    origin = pos.square_of(side, mover)
    if coords:
        # Mostly from that tower towards a square on its rays; now and then from
        # anywhere to anywhere.
        origin = origin if rng.random() < 0.9 else aim
        rays = [sq for d in (Direction.FORWARD, Direction.LEFT, Direction.RIGHT) for sq in RAYS[side][origin][d]]
        target = rng.choice(rays) if rays and rng.random() < 0.8 else aim
        entry = Entry(10, 20, text="coords", origin=origin, target=target)
        wanted = [m for m in moves if (m.origin, m.target) == (origin, target)]
    else:
        ray = RAYS[side][origin][direction] if direction is not Direction.BACK else ()
        if ray and rng.random() < 0.7:
            distance = rng.randint(1, len(ray))  # any square of the ray, blocked or not
        d = None if distance == 0 else direction
        entry = Entry(10, 20, text="colours", tower=tower, direction=d, distance=distance, square_colour=square)
        wanted = [
            m for m in moves
            if (tower is None or m.tower == tower) and m.direction == d and m.distance == distance
            and (square is None or m.square_colour == square)
        ]
    m = _one_entry_round(pos, entry)
    at_entry = [d for d in errors(m) if d.ply is not None]
    if wanted:
        (move,) = wanted
        assert not at_entry, at_entry
        ply = m.rounds[0].plies[-1]
        assert ply.move == move and ply.side is side
        assert ply.kind == ("push" if move.push else "forfeit" if move.distance == 0 else "move")
        after = pos.copy()
        after.play(move)
        assert m.rounds[0].position_at() == after
    elif any(d.kind == "swapped-colours" for d in m.diagnostics):  # (a style, docs/record-decisions.md: the colours the other way round)
        (said,) = m.diagnostics
        ply = m.rounds[0].plies[-1]
        assert (said.severity, said.line, said.column) == ("warning", 10, 20)
        assert ply.move in moves and (ply.move.tower, ply.move.square_colour) == (square, tower) == (pos.tower, tower)
        assert (ply.move.direction, ply.move.distance) == (d, distance)
    else:
        assert at_entry, f"{entry} in {pos} not reported"
        assert (at_entry[0].line, at_entry[0].column, at_entry[0].ply) == (10, 20, 1)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_replayed_round_plays_like_the_engine(seed: int) -> None:
    """Every round of a generated match ends where Position.play takes its plies, and
    the next round starts from that end, filled as the record says (F1-F4)."""
    m = replay_match(generate_match(random.Random(seed), target=7))
    assert m.valid, m.diagnostics
    for r, nxt in itertools.pairwise(m.rounds):
        end = r.start.copy()
        for p in r.plies:
            if p.kind != "back":
                end.play(p.move)
        assert end.winner is not None or end.deadlock() is not None
        result = r.result
        winner = end.winner if end.winner is not None else end.deadlock().other  # type: ignore[union-attr]
        assert result is not None and result.winner is winner
        sq = end.square_of(result.winner, result.tower)
        t = end.tower_at(sq)
        assert t is not None
        if t.rings < 3:
            end.board[sq] = Tower(t.side, t.colour, t.rings + 1)
        assert nxt.start == _fill_by_the_rulebook(end, nxt.fill, challenger=result.winner.other)  # type: ignore[arg-type]


def _fill_by_the_rulebook(position: Position, how: Fill, *, challenger: Side) -> Position:
    """F3/F4 as docs/rules.md words them, independently of kamisado_notation.engine.match: each
    player takes his towers row by row from his own home row, within a row from his own
    left (fill left) or right (fill right), and places them from the Brown square on
    his left (fill left) or from the Orange square on his right (fill right), one by one
    (a hand-made position without some towers leaves the last squares empty)."""
    towers = {}
    for side in Side:
        home = 7 if side is Side.BLACK else 0
        rows = range(7, -1, -1) if side is Side.BLACK else range(8)
        from_left = list(range(7, -1, -1)) if side is Side.BLACK else list(range(8))  # Black's left is h
        within = from_left if how is Fill.LEFT else from_left[::-1]
        taken = [t for r in rows for f in within if (t := position.tower_at(r * 8 + f)) is not None and t.side is side]
        places = from_left if how is Fill.LEFT else from_left[::-1]  # from the Brown / the Orange square
        assert SQUARE_COLOURS[home * 8 + places[0]] is (Colour.BROWN if how is Fill.LEFT else Colour.ORANGE)
        for f, t in zip(places[: len(taken)], taken, strict=True):
            towers[home * 8 + f] = t
    return Position(towers, to_move=challenger)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60), how=st.sampled_from(list(Fill)), challenger=st.sampled_from(list(Side)))
def test_fill_follows_the_rulebook(seed: int, plies: int, how: Fill, challenger: Side) -> None:
    pos = _random_position(random.Random(seed), plies)
    filled = fill(pos, how, challenger=challenger)
    assert filled == _fill_by_the_rulebook(pos, how, challenger=challenger)
    assert filled.to_string() == _fill_by_the_rulebook(pos, how, challenger=challenger).to_string()
    assert filled.winner is None and filled.tower is None and filled.history == []


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 40),
    gone=st.lists(st.integers(0, 15), max_size=12, unique=True),
    how=st.sampled_from(list(Fill)),
)
def test_fill_of_a_hand_made_position_without_some_towers(seed: int, plies: int, gone: list[int], how: Fill) -> None:
    """A position built in code may lack towers (a record's may not): the towers there
    are placed as F3/F4 say, from the Brown or the Orange square."""
    pos = _random_position(random.Random(seed), plies)
    if pos.winner is not None:
        return
    towers = {sq: t for sq, t in pos.towers().items() if t.side * 8 + t.colour not in gone}
    partial = Position(towers, to_move=pos.to_move)
    filled = fill(partial, how, challenger=Side.GOLD)
    assert filled == _fill_by_the_rulebook(partial, how, challenger=Side.GOLD)
    for side in Side:
        for colour in Colour:
            sq = filled.square_of(side, colour)
            assert (sq == -1) == (side * 8 + colour in gone)
            assert filled.rings(side, colour) == (0 if sq == -1 else partial.rings(side, colour))


def test_fill_right_of_three_towers_starts_at_the_orange_square() -> None:
    """Hand-checked: Gold's Brown on a1, Red on c3 and Blue on h5, Black's Purple on
    d6 and Orange on a8. Filling from the right, Gold takes Brown, Red, Blue (row by row
    from his home row) and sets them down from his Orange square h1 leftwards: Brown h1,
    Red g1, Blue f1. Black takes Orange (his home row) then Purple and sets them down
    from his Orange square a8: Orange a8, Purple b8. Filling from the left, each starts
    at his Brown square: Gold a1, b1, c1; Black h8, g8."""
    gold, black = Side.GOLD, Side.BLACK
    pos = Position(
        {0: Tower(gold, Colour.BROWN), 18: Tower(gold, Colour.RED), 39: Tower(gold, Colour.BLUE, 1),
         43: Tower(black, Colour.PURPLE), 56: Tower(black, Colour.ORANGE, 2)},
        to_move=black,
    )
    right = fill(pos, Fill.RIGHT, challenger=black)
    assert right.towers() == {
        7: Tower(gold, Colour.BROWN), 6: Tower(gold, Colour.RED), 5: Tower(gold, Colour.BLUE, 1),
        56: Tower(black, Colour.ORANGE, 2), 57: Tower(black, Colour.PURPLE),
    }
    left = fill(pos, Fill.LEFT, challenger=black)
    assert left.towers() == {
        0: Tower(gold, Colour.BROWN), 1: Tower(gold, Colour.RED), 2: Tower(gold, Colour.BLUE, 1),
        63: Tower(black, Colour.ORANGE, 2), 62: Tower(black, Colour.PURPLE),
    }


def test_a_missing_tower_has_no_rings_and_takes_no_ring() -> None:
    """A hand-made position without Black's red tower: ``rings`` is 0 and a ring for it
    goes nowhere (where[] holds -1 for it, which must not read the h8 tower)."""
    black = Side.BLACK
    pos = Position({63: Tower(black, Colour.ORANGE, 2), 62: Tower(black, Colour.PURPLE)}, to_move=black)
    assert pos.square_of(black, Colour.RED) == -1
    assert pos.rings(black, Colour.RED) == 0
    assert pos.rings(black, Colour.ORANGE) == 2
    place_ring(pos, RoundResult(black, RoundEnd.DEADLOCK, Colour.RED, 1))
    assert pos.towers() == {63: Tower(black, Colour.ORANGE, 2), 62: Tower(black, Colour.PURPLE)}
    place_ring(pos, RoundResult(black, RoundEnd.DEADLOCK, Colour.PURPLE, 1))
    assert pos.towers()[62] == Tower(black, Colour.PURPLE, 1)


def test_copy_is_independent_and_equal() -> None:
    pos = _random_position(random.Random(5), 12)
    copy = pos.copy()
    assert copy == pos and copy.to_string() == pos.to_string() and copy.winner == pos.winner
    assert copy.history == []
    move = copy.legal_moves()[0] if copy.legal_moves() else copy.forfeit_move()
    copy.apply(move)  # (a random position may be won already: apply does not check)
    assert pos == _random_position(random.Random(5), 12)  # the original did not move
    won = Position.from_string(".bpkyrgn/......../......../......../......../......../.......O/NGRYKPBo g -")
    assert won.copy().winner is Side.BLACK and won.copy() == won


# --------------------------------------------------------------- its parts


def test_a_replay_leaves_no_cycle_for_the_collector() -> None:
    """The replay's parts are handed their trial replays as functions of the state, not
    as bound methods of a replayer that holds them: a finished replay (its rounds, their
    states and parts) is freed as it goes, and the collector has nothing to do (a cycle a
    round slowed the full path by a sixth)."""
    matches = [generate_match(random.Random(seed), target=MATCH_TARGETS["standard"]) for seed in range(3)]
    matches.append(record(rnd(1, E("Yellow", "L", 1, "Red"), E("Yellow", "F", 7, "Pink"))))  # (a slip corrected, then a stop)
    gc.collect()
    gc.disable()
    try:
        for m in matches:
            replay_match(m)
        assert gc.collect() == 0
    finally:
        gc.enable()
