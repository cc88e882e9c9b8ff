"""Random reachable positions, as a match reaches them (random lineups, Sumo rings, a
side to move with a free choice), as hypothesis strategies and as seeded functions: the
rules engine's properties, position keys and the solver are tested on them."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from kamisado_notation.engine.board import Colour, Side
from kamisado_notation.engine.position import Move, Position, Tower

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_start(rng: random.Random) -> Position:
    """Both home rows filled in a random order, with random rings (mostly none)."""
    towers: dict[int, Tower] = {}
    for side, rank in ((Side.BLACK, 7), (Side.GOLD, 0)):
        colours = list(Colour)
        rng.shuffle(colours)
        for f, colour in enumerate(colours):
            rings = rng.choice((0, 0, 0, 1, 1, 2, 3))
            towers[rank * 8 + f] = Tower(side, colour, rings)
    return Position(towers, to_move=rng.choice(list(Side)), tower=None)


def step(pos: Position, rng: random.Random) -> Move | None:
    """Play one random legal move (or the forced forfeit); ``None`` at the round's end."""
    if pos.winner is not None:
        return None
    moves = pos.legal_moves()
    if not moves:
        if pos.deadlock() is not None:
            return None
        move = pos.forfeit_move()
    else:
        move = rng.choice(moves)
    pos.play(move)
    return move


@st.composite
def positions(draw, max_plies: int = 60) -> Position:
    rng = draw(st.randoms(use_true_random=False))
    pos = random_start(rng)
    for _ in range(draw(st.integers(0, max_plies))):
        if step(pos, rng) is None:
            break
    return pos
