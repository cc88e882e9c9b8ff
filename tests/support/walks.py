"""Random legal play through the library's ``Recorder`` (:func:`random_walk`): the
positions and moves of a random match, for the tests of the recorder, the engines and
the search."""

from __future__ import annotations

import random
from collections.abc import Iterator

from kamisado_notation import Recorder


def random_walk(seed: int, match: str, plies: int) -> Iterator[Recorder]:
    """A random match played through a :class:`Recorder`, up to ``plies`` moves: the
    recorder at each move to be chosen (fills chosen at random on the way), before the
    walk plays a random legal move. Shared by the engine tests that need positions a
    match reaches (rings, pushes and fills included)."""
    rng = random.Random(seed)
    rec = Recorder(match)
    for _ in range(plies):
        if rec.over:
            return
        if rec.needs_fill:
            rec.fill(rng.choice(["left", "right"]))
            continue
        yield rec
        rec.play(rng.choice(rec.legal_moves()))
