"""The replay on records built in Python (no parser): generated matches replay cleanly,
one changed entry is reported at that entry, and the rulebook's scoring holds."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kamisado_notation.board import SQUARE_COLOURS, Colour, Direction, Side, parse_square
from kamisado_notation.generate import generate_match
from kamisado_notation.match import MATCH_TARGETS, Fill
from kamisado_notation.position import Position
from kamisado_notation.record import Entry, Header, MatchRecord, RoundRecord
from kamisado_notation.replay import replay

# --------------------------------------------------------------------- helpers


def E(tower: str, direction: str | None, distance: int, square: str, line: int = 10) -> Entry:
    """A colour-form entry: E("Yellow", "L", 1, "Yellow")."""
    d = {"F": Direction.FORWARD, "L": Direction.LEFT, "R": Direction.RIGHT, "B": Direction.BACK}
    return Entry(
        line, 1, text=f"{tower} {direction or ''}{distance} {square}",
        tower=Colour[tower.upper()], direction=d[direction] if direction else None,
        distance=distance, square=Colour[square.upper()],
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
    # SPEC §4: Black's yellow (e8) goes left (towards h) one square to f7, a yellow
    # square; Gold must then move yellow: d1 left 3 -> a4 (yellow).
    m = replay(record(rnd(1, E("Yellow", "L", 1, "Yellow"), E("Yellow", "L", 3, "Yellow"))))
    assert m.valid, m.diagnostics
    plies = m.rounds[0].plies
    assert [p.move.coords() for p in plies] == ["e8-f7", "d1-a4"]  # type: ignore[union-attr]
    assert [p.side for p in plies] == [Side.BLACK, Side.GOLD]
    assert m.status == "in-progress" and m.winner is None
    pos = m.rounds[0].position_at()
    assert pos.to_move is Side.BLACK and pos.tower is Colour.YELLOW


def test_wrong_tower_names_the_tower_and_why() -> None:
    m = replay(record(rnd(1, E("Yellow", "L", 1, "Yellow"), E("Red", "F", 1, "Orange"))))
    (d,) = errors(m)
    assert (d.rule, d.round, d.ply, d.line) == ("T2", 1, 2, 11)
    assert "yellow" in d.message and "Black's last move ended on a yellow square" in d.message


def test_wrong_square_is_reported_and_the_replay_goes_on() -> None:
    m = replay(record(rnd(1, E("Yellow", "L", 1, "Red"), E("Yellow", "L", 3, "Yellow"))))
    (d,) = errors(m)
    assert (d.rule, d.ply) == ("square", 1)
    assert "yellow square" in d.message and "f7" in d.message
    assert len(m.rounds[0].plies) == 2


def test_impossible_move_lists_the_legal_moves() -> None:
    # Gold's yellow d1 forward 7 would land on d8, where Black's pink stands (M3).
    m = replay(record(rnd(1, E("Yellow", "L", 1, "Yellow"), E("Yellow", "F", 7, "Pink"), E("Red", "F", 1, "Red"))))
    (d,) = errors(m)
    assert (d.rule, d.ply) == ("M3", 2)
    assert "legal moves of Gold's yellow tower on d1" in d.message and "d1-a4" in d.message
    assert m.rounds[0].stopped and len(m.rounds[0].plies) == 1


def test_coordinates_resolve_like_colours() -> None:
    m = replay(record(rnd(1, C("e8-f7"), C("d1-a4"))))
    assert m.valid
    m = replay(record(rnd(1, C("e8-f7"), C("e1-e2"))))
    (d,) = errors(m)
    assert (d.rule, d.ply) == ("T2", 2) and "d1" in d.message


# ------------------------------------------------------------------ scoring


SUMO_HOME = "ob.kyrgn/......../......../......../......../...Y..../...p{r}..../NGR.KPBO b P"


def _home_win(rings: int, match: str) -> MatchReplay:  # type: ignore[name-defined]  # noqa: F821
    # Black's purple (on d2) must move (Gold's yellow ended on d3, a purple square) and
    # its only move is forward one to d1, Gold's home row: it wins the round.
    headers = {"Match": match, "Position": SUMO_HOME.format(r="+" * rings)}
    return replay(record(rnd(1, E("Purple", "F", 1, "Yellow")), headers=headers))


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
    m = replay(record(rnd(1, E("Purple", "F", 1, "Yellow")), extra, headers=headers))
    (d,) = errors(m)
    assert (d.rule, d.line, d.round) == ("match", 20, 2)


# ------------------------------------------------------- generated matches


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), fmt=st.sampled_from(sorted(MATCH_TARGETS)), coords=st.booleans())
def test_generated_matches_validate(seed: int, fmt: str, coords: bool) -> None:
    m = replay(generate_match(random.Random(seed), target=MATCH_TARGETS[fmt], coords=coords))
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
        return f.tower == e.tower and f.square == e.square
    return any(
        m.tower == e.tower and m.direction == e.direction and m.distance == e.distance and m.square == e.square
        for m in position.legal_moves()
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), what=st.sampled_from(["tower", "distance", "square", "forfeit"]), value=st.integers(0, 7))
def test_one_changed_entry_is_reported_at_that_entry(seed: int, pick: int, what: str, value: int) -> None:
    match = generate_match(random.Random(seed), target=3)
    good = replay(match)
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
        e.square = Colour(value)
    else:
        e.distance, e.direction = 0, None
    if (e.tower, e.direction, e.distance, e.square) == (ply.move.tower, ply.move.direction, ply.move.distance, ply.move.square):  # type: ignore[union-attr]
        return  # no change
    bad = replay(match)
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
    m = replay(record(rnd(1, E("Blue", "F", 1, "Brown"), E("Pink", "B", 1, "Red"), E("Red", "L", 1, "Brown")), headers=headers))
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
